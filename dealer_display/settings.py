"""The display's settings, built explicitly by ``serve()`` or a test, never at import."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass

from table_controller.errors import ConfigError

DEALER_TOKEN_ENV = "TABLE_DEALER_TOKEN"
PIT_BOSS_PIN_ENV = "TABLE_PIT_BOSS_PIN"
DEFAULT_PORT = 8000
DEFAULT_PACE = 1.0


@dataclass(frozen=True)
class DisplaySettings:
    """How one table's display runs.

    ``dealer_token`` authorises the dealer's console, ``pit_boss_pin`` the pit-boss actions
    (void the hand, accept an irregular card). Both are secrets compared in constant time.
    """

    cards_url: str = "sim://?seed=42"
    camera_url: str | None = None  # a camera witnessing the shoe (cards_url) at the same time
    game: str = "missouri-city"
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    dealer_token: str = ""
    pit_boss_pin: str = ""
    dealer_name: str = "dealer"
    pit_boss_name: str = "pit boss"
    autopilot: bool = False
    autopilot_hands: int | None = None
    pace: float = DEFAULT_PACE

    def __post_init__(self) -> None:
        if len(self.dealer_token) < 8:
            raise ConfigError("the dealer token must be at least 8 characters")
        if not (self.pit_boss_pin.isdigit() and 4 <= len(self.pit_boss_pin) <= 12):
            raise ConfigError("the pit-boss PIN must be 4 to 12 digits")
        if not 0 < self.port < 65536:
            raise ConfigError(f"--port must be 1..65535 (got {self.port})")
        if self.pace < 0:
            raise ConfigError(f"--pace must be zero or more seconds (got {self.pace})")


def new_dealer_token() -> str:
    return secrets.token_urlsafe(12)


def new_pit_boss_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def dealer_token_from(option: str | None) -> str:
    """The option, else ``$TABLE_DEALER_TOKEN``, else a fresh random token."""
    return option or os.environ.get(DEALER_TOKEN_ENV) or new_dealer_token()


def pit_boss_pin_from(option: str | None) -> str:
    """The option, else ``$TABLE_PIT_BOSS_PIN``, else a fresh random six-digit PIN."""
    return option or os.environ.get(PIT_BOSS_PIN_ENV) or new_pit_boss_pin()
