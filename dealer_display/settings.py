"""The display's settings, built explicitly by ``table run`` or a test, never at import."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass

from table_controller.errors import ConfigError
from table_controller.games import DEFAULT_GAME
from table_controller.staff import Staff, check_pin

DEALER_TOKEN_ENV = "TABLE_DEALER_TOKEN"
PIT_BOSS_PIN_ENV = "TABLE_PIT_BOSS_PIN"
DEFAULT_PORT = 8000
DEFAULT_PACE = 1.0


@dataclass(frozen=True)
class DisplaySettings:
    """How one table's display runs.

    ``dealer_token`` authorises the dealer's console, ``pit_boss_pin`` the pit-boss actions
    (void the hand, accept an irregular card). Both are secrets compared in constant time.
    ``staff`` names each dealer and pit boss with a PIN of their own (hashed); with staff, the
    shared ``pit_boss_pin`` may be empty. ``allowed_hosts`` are host names besides this
    computer's own that the page may be reached by (a floor screen on another computer).
    ``table_id``, ``keep_log``, ``log``, ``log_key`` and ``witness`` say where the table's hand
    log is written.
    """

    cards_url: str = "sim://?seed=42"
    camera_url: str | None = None  # a camera witnessing the shoe (cards_url) at the same time
    game: str = DEFAULT_GAME
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    dealer_token: str = ""
    pit_boss_pin: str = ""
    dealer_name: str = "dealer"
    pit_boss_name: str = "pit boss"
    autopilot: bool = False
    autopilot_hands: int | None = None
    pace: float = DEFAULT_PACE
    staff: Staff | None = None
    allowed_hosts: tuple[str, ...] = ()
    seats: int = 2  # how many seats the game has, for what the console prints
    table_id: str = "table-1"
    keep_log: bool = True  # False: no hand log (a demonstration; a replay, logged already)
    log: str | None = (
        None  # the hand log: SQLite path or postgresql:// URL; None: its default place
    )
    log_key: str | None = None  # the hand log's HMAC key file
    witness: str | None = None  # a file the chain's head is appended to after every hand
    open_browser: bool = False  # open the console in this computer's browser once serving

    def __post_init__(self) -> None:
        check_dealer_token(self.dealer_token)
        if self.pit_boss_pin or not (self.staff and self.staff.with_role("pit_boss")):
            check_pin(self.pit_boss_pin, what="the pit-boss PIN")
        for host in self.allowed_hosts:
            if (
                not host
                or len(host) > 253
                or not all(c.isalnum() or c in ".-:[]" for c in host)
                or not host.isascii()
            ):
                raise ConfigError(f"--allowed-host takes a host name or address (got {host!r})")
        if not 0 < self.port < 65536:
            raise ConfigError(f"--port must be 1..65535 (got {self.port})")
        if not 0 <= self.pace <= 3600:  # also refuses nan
            raise ConfigError(f"--pace must be 0 to 3600 seconds (got {self.pace})")


def check_dealer_token(token: str) -> None:
    """A token a guess will not find: 8+ printable ASCII characters, no spaces, at least 5 different
    ones, not only digits (eight spaces, ``aaaaaaaa`` and ``12345678`` are refused)."""
    plain = token.isascii() and token.isprintable() and not any(c.isspace() for c in token)
    if len(token) < 8 or not plain or len(set(token)) < 5 or token.isdigit():
        raise ConfigError(
            "the dealer token must be at least 8 printable ASCII characters without "
            "spaces, at least 5 of them different and not only digits (leave it out "
            "for a random one)"
        )


def new_dealer_token() -> str:
    return secrets.token_urlsafe(12)


def new_pit_boss_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def dealer_token_from(option: str | None) -> str:
    """The option, else ``$TABLE_DEALER_TOKEN``, else a fresh random token."""
    return option or os.environ.get(DEALER_TOKEN_ENV) or new_dealer_token()


def pit_boss_pin_from(option: str | None, *, staff: Staff | None = None) -> str:
    """The option, else ``$TABLE_PIT_BOSS_PIN``, else a fresh random six-digit PIN; with named
    pit bosses on the staff, no shared PIN unless one is given."""
    given = option or os.environ.get(PIT_BOSS_PIN_ENV)
    if given or (staff is not None and staff.with_role("pit_boss")):
        return given or ""
    return new_pit_boss_pin()
