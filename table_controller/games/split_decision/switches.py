"""Split Decision's rule switches SD1-SD4 (red-dog.md D2), defaults first."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from table_controller.errors import ConfigError

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
        out: dict[str, str] = {}
        for key, value in (values or {}).items():
            key = str(key).upper()
            if key not in SWITCH_VALUES:
                raise ConfigError(f"unknown Split Decision switch {key!r} (switches: {', '.join(SWITCH_VALUES)})")
            text = str(value).strip()
            if text not in SWITCH_VALUES[key]:
                raise ConfigError(f"switch {key} is one of {', '.join(SWITCH_VALUES[key])} (got {value!r})")
            out[key] = text
        return cls(**out)

    def to_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
