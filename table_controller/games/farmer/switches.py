"""Farmer's switches F1-F6 (rules section 10), defaults first, and the table's ante (F-4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from table_controller.contract import SwitchSet, switch_list
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
SWITCHES = switch_list(SWITCH_VALUES, "farmer.md section 10")
DEFAULT_ANTE = 100  # cents
MAX_ANTE = 10_000_000


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


@dataclass(frozen=True)
class Switches(SwitchSet):
    """F1-F6, and the table's ante (``{"F1": "may_hit", "ante": 500}``)."""

    declared = SWITCHES
    game = "Farmer"
    settings: ClassVar[Mapping[str, Callable[[Any], Any]]] = {"ante": _ante}

    F1: str = "stay_only"
    F2: str = "exempt"
    F3: str = "farmer_only"
    F4: str = "no_payment"
    F5: str = "cent"
    F6: str = "stay"
    ante: int = (
        DEFAULT_ANTE  # F-4: a table setting, kept with the switches so a logged deal replays
    )
