"""The games the table runs, by id.

``make_game(game_id, switches=..., first_dealt=..., seats=...)`` returns a pure
:class:`table_controller.engine.Game`.
"""

from __future__ import annotations

from typing import Any

from table_controller.errors import ConfigError

GAME_IDS = (
    "missouri-city",
    "buffalo-bayou",
    "backhand",
    "blackjack",
    "vingt-un",
    "red-dog",
    "split-decision",
    "luck-of-the-draw",
    "farmer",
)


def parse_switches(items: list[str]) -> dict[str, str]:
    """``["C4=max", ...]`` (``--switch ID=VALUE``, repeated) as a dict; a malformed one is a ConfigError."""
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise ConfigError(f"--switch takes ID=VALUE, e.g. C4=max (got {item!r})")
        out[key.strip()] = value.strip()
    return out


def chosen_switches(
    values: dict[str, Any] | None, allowed: dict[str, tuple[str, ...]], game: str
) -> dict[str, str]:
    """A game's switch settings from ``{"V1": "pass_left"}`` (ids in any case, values as text);
    an unknown id or value is a ConfigError that says what is allowed."""
    out: dict[str, str] = {}
    for key, value in (values or {}).items():
        key = str(key).upper()
        if key not in allowed:
            raise ConfigError(f"unknown {game} switch {key!r} (switches: {', '.join(allowed)})")
        text = str(value).strip()
        if text not in allowed[key]:
            raise ConfigError(f"switch {key} is one of {', '.join(allowed[key])} (got {value!r})")
        out[key] = text
    return out


def make_game(
    game_id: str,
    *,
    switches: dict[str, Any] | None = None,
    first_dealt: str | None = None,
    seats: int | None = None,
    paytable: str | dict[str, Any] | None = None,
) -> Any:
    """Build a game. Unknown ids, switches or settings raise :class:`ConfigError`."""
    if game_id == "blackjack":
        return _blackjack(switches, seats, paytable)
    if game_id == "vingt-un":
        return _vingt_un(switches, seats, paytable)
    if game_id in ("red-dog", "split-decision", "luck-of-the-draw"):
        from table_controller.games.red_dog.games import make_in_between_game

        return make_in_between_game(game_id, switches, seats, paytable)
    if game_id == "farmer":
        return _farmer(switches, seats)
    from table_controller.games.backhand import BackhandGame, Switches, Variant

    sw = Switches.from_dict(switches)
    if game_id == "missouri-city":
        if seats not in (None, 2):
            raise ConfigError("Missouri City Backhand has exactly two seats, red and green")
        variant = Variant(
            game_id, "Missouri City Backhand", ("red", "green"), True, True, True, False, 1
        )
        return BackhandGame(variant, sw, first_dealt or "red")
    if game_id == "buffalo-bayou":
        if seats not in (None, 1):
            raise ConfigError("Buffalo Bayou Backhand has one seat")
        variant = Variant(
            game_id, "Buffalo Bayou Backhand", ("player",), True, False, False, False, 1
        )
        return BackhandGame(variant, sw, None)
    if game_id == "backhand":
        n = 1 if seats is None else seats
        if not isinstance(n, int) or not 1 <= n <= 6:
            raise ConfigError(f"Backhand seats 1 to 6 players (got {seats!r})")
        names = tuple(f"seat{k}" for k in range(1, n + 1))
        decks = (n + 1) // 2  # B-1 / B-13: one deck per two seats
        variant = Variant(game_id, "Backhand", names, False, False, False, True, decks)
        return BackhandGame(variant, sw, None)
    raise ConfigError(f"unknown game {game_id!r} (games: {', '.join(GAME_IDS)})")


def _blackjack(
    switches: dict[str, Any] | None, seats: int | None, paytable: str | dict[str, Any] | None
) -> Any:
    from table_controller.games.blackjack.machine import BlackjackGame
    from table_controller.games.blackjack.paytables import (
        builtin_paytable,
        load_paytable,
        paytable_from_dict,
    )
    from table_controller.games.blackjack.switches import Switches as BlackjackSwitches

    sw = BlackjackSwitches.from_dict(switches)
    n = 7 if seats is None else seats
    if not isinstance(n, int) or not 1 <= n <= 7:
        raise ConfigError(f"blackjack seats 1 to 7 (got {seats!r})")
    if sw.B14 == "custom":
        if paytable is None:
            raise ConfigError("switch B14=custom needs a paytable file (--paytable FILE)")
        table = (
            paytable_from_dict(paytable) if isinstance(paytable, dict) else load_paytable(paytable)
        )
    else:
        if paytable is not None:
            raise ConfigError("--paytable FILE goes with switch B14=custom")
        table = builtin_paytable(sw.B14, pt4_s0=sw.B15)
    return BlackjackGame(sw, table, n)


def _vingt_un(switches: dict[str, Any] | None, seats: int | None, paytable: Any) -> Any:
    from table_controller.games.vingt_un.machine import VingtUnGame
    from table_controller.games.vingt_un.switches import Switches as VingtUnSwitches

    if paytable is not None:
        raise ConfigError("vingt-un has no paytable (--paytable is for blackjack)")
    n = 7 if seats is None else seats
    if not isinstance(n, int) or not 1 <= n <= 7:
        raise ConfigError(f"vingt-un seats 1 to 7 (got {seats!r})")
    return VingtUnGame(VingtUnSwitches.from_dict(switches), n)


def _farmer(switches: dict[str, Any] | None, seats: int | None) -> Any:
    from table_controller.games.farmer.machine import FarmerGame
    from table_controller.games.farmer.switches import Switches as FarmerSwitches

    n = 4 if seats is None else seats
    if not isinstance(n, int) or not 2 <= n <= 8:
        raise ConfigError(f"Farmer seats 2 to 8 players (got {seats!r})")
    return FarmerGame(FarmerSwitches.from_dict(switches), n)
