"""Vingt-un's rule switches V1-V5 (rules section 10), defaults first, and the table's limits."""

from __future__ import annotations

from dataclasses import dataclass

from table_controller.contract import SwitchSet, switch_list

RULES_VERSION = "vingt-un.md 2026-11 (V1-V5)"
SWITCH_VALUES: dict[str, tuple[str, ...]] = {
    "V1": ("house", "pass_left", "pass_to_holder"),
    "V2": ("keeps_bank", "passes"),
    "V3": ("ace_or_ten", "never"),
    "V4": ("stand_17", "hit_soft_17"),
    "V5": ("as_placed", "doubled"),
}
SWITCHES = switch_list(SWITCH_VALUES, "vingt-un.md")


@dataclass(frozen=True)
class Switches(SwitchSet):
    declared = SWITCHES
    game = "vingt-un"

    V1: str = "house"
    V2: str = "keeps_bank"
    V3: str = "ace_or_ten"
    V4: str = "stand_17"
    V5: str = "as_placed"


@dataclass(frozen=True)
class Limits:
    """The table's stake limits in cents (V-13): the worked examples' $5.00 to $100.00."""

    min_stake: int = 500
    max_stake: int = 10_000
