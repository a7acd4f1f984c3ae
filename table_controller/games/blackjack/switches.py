"""Blackjack's rule switches B1-B16 (../shared/rules/blackjack.md section 2), defaults first."""

from __future__ import annotations

from dataclasses import dataclass

from table_controller.contract import SwitchSet, switch_list

RULES_VERSION = "blackjack.md 2026-11 (B1-B16, DMH)"
SWITCH_VALUES: dict[str, tuple[str, ...]] = {
    "B1": ("6", "1", "2", "3", "4", "5", "7", "8"),
    "B2": ("h17", "s17"),
    "B3": ("peek", "enhc"),
    "B4": ("all", "original"),
    "B5": ("3:2", "6:5"),
    "B6": ("any", "9-11", "10-11"),
    "B7": ("yes", "no"),
    "B8": ("4", "2", "3"),
    "B9": ("no", "yes"),
    "B10": ("none", "late"),
    "B11": ("yes", "no"),
    "B12": ("75", *(str(n) for n in range(50, 91) if n != 75)),
    "B13": ("1", "0"),
    "B14": ("PT2", "PT1", "PT3", "PT4", "PT5", "custom"),
    "B15": ("as_printed", "2to1"),
    "B16": ("highest_row", "lose_excess"),
}
SWITCHES = switch_list(SWITCH_VALUES, "blackjack.md section 2")


@dataclass(frozen=True)
class Switches(SwitchSet):
    declared = SWITCHES
    game = "blackjack"

    B1: str = "6"
    B2: str = "h17"
    B3: str = "peek"
    B4: str = "all"
    B5: str = "3:2"
    B6: str = "any"
    B7: str = "yes"
    B8: str = "4"
    B9: str = "no"
    B10: str = "none"
    B11: str = "yes"
    B12: str = "75"
    B13: str = "1"
    B14: str = "PT2"
    B15: str = "as_printed"
    B16: str = "highest_row"

    @property
    def decks(self) -> int:
        return int(self.B1)

    @property
    def peek(self) -> bool:
        return self.B3 == "peek"
