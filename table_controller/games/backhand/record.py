"""The Backhand series as the registry knows it: Missouri City, Buffalo Bayou and Backhand."""

from __future__ import annotations

from table_controller.contract import (
    Decision,
    Display,
    GameRecord,
    SeatRange,
    Setup,
    TrainingHooks,
    lazy,
)
from table_controller.games.backhand.machine import BackhandGame, Variant
from table_controller.games.backhand.switches import SWITCHES, Switches
from table_controller.games.backhand.training import SIGNALS

RULES = "backhand-series.md"
DISPLAY = Display.beside(__file__, "backhand.js", "backhand.css")
KEYS = {"hit": "H", "backhand": "B", "stand_pat": "S", "push": "P", "play_push": "L"}
DECISIONS = tuple(Decision(name, key) for name, key in KEYS.items())
TRAINING = TrainingHooks(
    cite=lazy("table_controller.games.backhand.training:cite"),
    spots=lazy("table_controller.games.backhand.training:spots"),
    signals=SIGNALS,
    totals_questions=lazy("table_controller.games.backhand.training:totals_questions"),
)


def _missouri_city(setup: Setup) -> BackhandGame:
    MISSOURI_CITY.seats.count(setup.seats, MISSOURI_CITY.title)
    variant = Variant(
        MISSOURI_CITY.id, MISSOURI_CITY.title, ("red", "green"), True, True, True, False, 1
    )
    return BackhandGame(
        variant, Switches.from_dict(dict(setup.switches or {})), setup.first_dealt or "red"
    )


def _buffalo_bayou(setup: Setup) -> BackhandGame:
    BUFFALO_BAYOU.seats.count(setup.seats, BUFFALO_BAYOU.title)
    variant = Variant(
        BUFFALO_BAYOU.id, BUFFALO_BAYOU.title, ("player",), True, False, False, False, 1
    )
    return BackhandGame(variant, Switches.from_dict(dict(setup.switches or {})), None)


def _backhand(setup: Setup) -> BackhandGame:
    n = BACKHAND.seats.count(setup.seats, BACKHAND.title)
    names = tuple(f"seat{k}" for k in range(1, n + 1))
    decks = (n + 1) // 2  # B-1 / B-13: one deck per two seats
    variant = Variant(BACKHAND.id, BACKHAND.title, names, False, False, False, True, decks)
    return BackhandGame(variant, Switches.from_dict(dict(setup.switches or {})), None)


MISSOURI_CITY = GameRecord(
    id="missouri-city",
    title="Missouri City Backhand",
    rules=RULES,
    seats=SeatRange(2, 2, 2),
    switches=SWITCHES,
    make=_missouri_city,
    training=TRAINING,
    display=DISPLAY,
    decisions=DECISIONS,
    takes_first_dealt=True,
)
BUFFALO_BAYOU = GameRecord(
    id="buffalo-bayou",
    title="Buffalo Bayou Backhand",
    rules=RULES,
    seats=SeatRange(1, 1, 1),
    switches=SWITCHES,
    make=_buffalo_bayou,
    training=TRAINING,
    display=DISPLAY,
    decisions=DECISIONS,
)
BACKHAND = GameRecord(
    id="backhand",
    title="Backhand",
    rules=RULES,
    seats=SeatRange(1, 6, 1),
    switches=SWITCHES,
    make=_backhand,
    training=TRAINING,
    display=DISPLAY,
    decisions=DECISIONS,
)
RECORDS = (MISSOURI_CITY, BUFFALO_BAYOU, BACKHAND)
