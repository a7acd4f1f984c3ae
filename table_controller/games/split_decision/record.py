"""Split Decision and Luck of the Draw as the registry knows them."""

from __future__ import annotations

from table_controller.contract import (
    Amount,
    Analysis,
    Decision,
    Display,
    GameRecord,
    SeatRange,
    Setup,
    lazy,
)
from table_controller.errors import ConfigError
from table_controller.games.split_decision.luck_game import LuckOfTheDrawGame
from table_controller.games.split_decision.machine import SplitDecisionGame
from table_controller.games.split_decision.switches import SWITCHES, Switches


def _split_decision(setup: Setup) -> SplitDecisionGame:
    if setup.paytable is not None:
        raise ConfigError("split-decision has no pay table")
    n = SPLIT_DECISION.seats.count(setup.seats, SPLIT_DECISION.title)
    return SplitDecisionGame(Switches.from_dict(dict(setup.switches or {})), n)


def _luck(setup: Setup) -> LuckOfTheDrawGame:
    if setup.paytable is not None:
        raise ConfigError("luck-of-the-draw has no pay table")
    if setup.switches:
        raise ConfigError("Luck of the Draw has no rule switches")
    LUCK.seats.count(setup.seats, LUCK.title)
    return LuckOfTheDrawGame()


SPLIT_DECISION = GameRecord(
    id="split-decision",
    title="Split Decision",
    rules="red-dog.md",
    seats=SeatRange(2, 3, 3),
    switches=SWITCHES,
    make=_split_decision,
    scenario=lazy("table_controller.games.split_decision.scenario:run_split_decision_scenario"),
    analyses=(Analysis("split-decision", "table_controller.games.split_decision.analysis"),),
    display=Display.beside(__file__, "split-decision.js", "split-decision.css"),
    decisions=(Decision("push", "P"),),
)
LUCK = GameRecord(
    id="luck-of-the-draw",
    title="Luck of the Draw",
    rules="red-dog.md",
    seats=SeatRange(1, 1, 1),
    switches=(),
    make=_luck,
    scenario=lazy("table_controller.games.split_decision.luck_scenario:run_luck_scenario"),
    analyses=(Analysis("luck-of-the-draw", "table_controller.games.split_decision.luck_analysis"),),
    display=Display.beside(__file__, "luck-of-the-draw.js", "luck-of-the-draw.css"),
    theory=lazy("table_controller.games.split_decision.luck_theory:theory"),
    decisions=(Decision("wager", words="Wager", amount=Amount("up_to")),),
)
RECORDS = (SPLIT_DECISION, LUCK)
