"""Faults for the simulated shoe, scripted as data: ``"3:garbage=40,7:drop,12:unplug=1.5"``.

Each item is ``N:fault`` or ``N:fault=value``; N is the card number in this run (1 = the first
card dealt). The faults and what they do are tabled in ``docs/shoe-protocol.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from table_controller.errors import ConfigError

# fault -> default value (None: the fault takes no value)
FAULT_DEFAULTS: dict[str, float | None] = {
    "garbage": 16,
    "bad_crc": None,
    "drop": None,
    "dup": None,
    "silence": 2.0,
    "unplug": 1.0,
    "locked": None,
    "lost": None,
    "cut": None,
    "door": 2.0,
    "jam": 2.0,
    "error": None,
}


@dataclass(frozen=True, slots=True)
class Fault:
    card: int
    kind: str
    value: float | None = None


FaultPlan = dict[int, tuple[Fault, ...]]


def _parse_item(item: str) -> Fault:
    number, sep, rest = item.partition(":")
    kind, has_value, value_text = rest.partition("=")
    if not sep or not number.strip().isdigit() or int(number) < 1:
        raise ConfigError(f"fault {item!r} is not N:fault (e.g. 7:drop)")
    kind = kind.strip()
    if kind not in FAULT_DEFAULTS:
        raise ConfigError(f"unknown fault {kind!r}; accepted: {', '.join(FAULT_DEFAULTS)}")
    default = FAULT_DEFAULTS[kind]
    if not has_value:
        return Fault(int(number), kind, default)
    if default is None:
        raise ConfigError(f"fault {kind!r} takes no value (got {item!r})")
    try:
        value = float(value_text)
    except ValueError:
        raise ConfigError(f"fault {item!r}: {value_text!r} is not a number") from None
    if value < 0:
        raise ConfigError(f"fault {item!r}: the value cannot be negative")
    return Fault(int(number), kind, value)


def parse_faults(spec: str) -> FaultPlan:
    """Raises ConfigError naming the item that is not a fault."""
    plan: dict[int, list[Fault]] = {}
    for item in filter(None, (part.strip() for part in spec.split(","))):
        fault = _parse_item(item)
        plan.setdefault(fault.card, []).append(fault)
    return {card: tuple(faults) for card, faults in plan.items()}
