"""Split Decision's rule switches SD1-SD4 (red-dog.md D2), defaults first."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from table_controller.games import chosen_switches

RULES_VERSION = "red-dog.md 2026-11 (Part B, SD1-SD4)"
SWITCH_VALUES: dict[str, tuple[str, ...]] = {
    "SD1": ("rotate", "last_winner"),
    "SD2": ("off", "on"),
    "SD3": ("push", "choose"),
    "SD4": ("reshuffle", "void_round"),
}


@dataclass(frozen=True)
class Switches:
    SD1: str = "rotate"
    SD2: str = "off"
    SD3: str = "push"
    SD4: str = "reshuffle"

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None) -> Switches:
        return cls(**chosen_switches(values, SWITCH_VALUES, "Split Decision"))

    def to_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
