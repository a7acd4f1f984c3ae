"""Farmer's switches F1-F6 (rules section 10), defaults first, and the table's ante (F-4)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from table_controller.errors import ConfigError

RULES_VERSION = "farmer.md 2026-11 (F1-F6)"
SWITCH_VALUES: dict[str, tuple[str, ...]] = {
    "F1": ("stay_only", "may_hit"),
    "F2": ("exempt", "pays_farm"),
    "F3": ("farmer_only", "also_closest"),
    "F4": ("no_payment", "pay_winner"),
    "F5": ("cent", "ante"),
    "F6": ("stay", "void"),
}
DEFAULT_ANTE = 100  # cents
MAX_ANTE = 10_000_000


@dataclass(frozen=True)
class Switches:
    F1: str = "stay_only"
    F2: str = "exempt"
    F3: str = "farmer_only"
    F4: str = "no_payment"
    F5: str = "cent"
    F6: str = "stay"
    ante: int = (
        DEFAULT_ANTE  # F-4: a table setting, kept with the switches so a logged deal replays
    )

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None) -> Switches:
        """``{"F1": "may_hit", "ante": 500}``; an unknown id or value is a ConfigError."""
        out: dict[str, Any] = {}
        for key, value in (values or {}).items():
            name = str(key).strip()
            if name.lower() == "ante":
                out["ante"] = _ante(value)
                continue
            name = name.upper()
            if name not in SWITCH_VALUES:
                raise ConfigError(
                    f"unknown Farmer switch {key!r} (switches: {', '.join(SWITCH_VALUES)}, ante)"
                )
            text = str(value).strip().lower()
            if text not in SWITCH_VALUES[name]:
                raise ConfigError(
                    f"switch {name} is one of {', '.join(SWITCH_VALUES[name])} (got {value!r})"
                )
            out[name] = text
        return cls(**out)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _ante(value: Any) -> int:
    text = str(value).strip()
    if (
        isinstance(value, bool)
        or not text.isascii()
        or not text.isdigit()
        or not 1 <= int(text) <= MAX_ANTE
    ):
        raise ConfigError(
            f"the ante is a whole number of cents from 1 to {MAX_ANTE} (got {value!r})"
        )
    return int(text)
