"""The registry: every game the table deals, by id. The one place that lists the games.

A game package exports ``RECORDS``, a tuple of :class:`~table_controller.contract.GameRecord`;
the built-in packages are listed below, another installed package adds its own through the
``table_controller.games`` entry-point group (``name = "package.module:RECORDS"``), and a test
may :func:`register` one. The CLI's ``--game`` choices, the scenario runner, the display, the
autopilot, the hand log's replay, the reports, training and the camera all read from here: a
game not in the registry does not exist anywhere; a game in it works everywhere.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from table_controller.contract import Game, GameRecord, Setup
from table_controller.errors import ConfigError

ENTRY_POINTS = "table_controller.games"
BUILT_IN = (  # the packages of the games that ship with the table, in the order they are listed
    "table_controller.games.backhand.record",
    "table_controller.games.blackjack.record",
    "table_controller.games.vingt_un.record",
    "table_controller.games.red_dog.record",
    "table_controller.games.split_decision.record",
    "table_controller.games.farmer.record",
)
DEFAULT_GAME = "missouri-city"  # what a table or a tool deals when no game is asked for

_registered: dict[str, GameRecord] = {}  # from register(): tests and embedding programs
_loaded: dict[str, GameRecord] | None = None
TRAINING_GAME = "blackjack"  # what a trainee drills when no game is asked for


def records() -> dict[str, GameRecord]:
    """Every game in the registry by id: the built-in ones, then the installed, then the
    registered."""
    global _loaded
    if _loaded is None:
        found: dict[str, GameRecord] = {}
        for module in BUILT_IN:
            _add(found, importlib.import_module(module).RECORDS, module)
        for point in entry_points(group=ENTRY_POINTS):
            _add(found, point.load(), f"entry point {point.name} ({point.value})")
        _loaded = found
    return {**_loaded, **_registered}


def _add(found: dict[str, GameRecord], given: Any, where: str) -> None:
    for rec in given if isinstance(given, (tuple, list)) else (given,):
        if not isinstance(rec, GameRecord):
            raise ConfigError(f"{where} gives {rec!r}, not a GameRecord")
        if rec.id in found:
            raise ConfigError(f"{where} declares the game {rec.id!r} a second time")
        found[rec.id] = rec


def game_ids() -> tuple[str, ...]:
    return tuple(records())


def record(game_id: str) -> GameRecord:
    """The game's record; an unknown id is a ConfigError that lists the games."""
    known = records()
    if game_id not in known:
        raise ConfigError(f"unknown game {game_id!r} (games: {', '.join(known)})")
    return known[game_id]


def register(*given: GameRecord) -> None:
    """Add games to the registry from code (a test's own game); an id already there is refused."""
    known = records()
    for rec in given:
        if rec.id in known:
            raise ConfigError(f"the game {rec.id!r} is already in the registry")
        _registered[rec.id] = rec
        known[rec.id] = rec


def unregister(game_id: str) -> None:
    """Take a game added by :func:`register` out again."""
    _registered.pop(game_id, None)


def make_game(
    game_id: str,
    *,
    switches: dict[str, Any] | None = None,
    first_dealt: str | None = None,
    seats: int | None = None,
    paytable: str | dict[str, Any] | None = None,
) -> Game:
    """Build a configured game. Unknown ids, switches or settings raise :class:`ConfigError`."""
    return record(game_id).make(Setup(switches, seats, first_dealt, paytable))


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
