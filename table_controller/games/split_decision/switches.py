"""Split Decision's rule switches SD1-SD4 (red-dog.md D2), defaults first."""

from __future__ import annotations

from dataclasses import dataclass

from table_controller.contract import SwitchSet, switch_list

RULES_VERSION = "red-dog.md 2026-11 (Part B, SD1-SD4)"
SWITCH_VALUES: dict[str, tuple[str, ...]] = {
    "SD1": ("rotate", "last_winner"),
    "SD2": ("off", "on"),
    "SD3": ("push", "choose"),
    "SD4": ("reshuffle", "void_round"),
}
SWITCHES = switch_list(SWITCH_VALUES, "red-dog.md Part B")


@dataclass(frozen=True)
class Switches(SwitchSet):
    declared = SWITCHES
    game = "Split Decision"

    SD1: str = "rotate"
    SD2: str = "off"
    SD3: str = "push"
    SD4: str = "reshuffle"
