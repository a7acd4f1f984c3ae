"""Vingt-un's rule switches V1-V5 (rules section 10), defaults first, and the table's limits."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from table_controller.games import chosen_switches

RULES_VERSION = "vingt-un.md 2026-11 (V1-V5)"
SWITCH_VALUES: dict[str, tuple[str, ...]] = {
    "V1": ("house", "pass_left", "pass_to_holder"),
    "V2": ("keeps_bank", "passes"),
    "V3": ("ace_or_ten", "never"),
    "V4": ("stand_17", "hit_soft_17"),
    "V5": ("as_placed", "doubled"),
}


@dataclass(frozen=True)
class Switches:
    V1: str = "house"
    V2: str = "keeps_bank"
    V3: str = "ace_or_ten"
    V4: str = "stand_17"
    V5: str = "as_placed"

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None) -> Switches:
        """Switches from ``{"V1": "pass_left"}``; an unknown id or value is a ConfigError."""
        return cls(**chosen_switches(values, SWITCH_VALUES, "vingt-un"))

    def to_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Limits:
    """The table's stake limits in cents (V-13): the worked examples' $5.00 to $100.00."""

    min_stake: int = 500
    max_stake: int = 10_000
