"""Vingt-un as the registry knows it."""

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
from table_controller.games.vingt_un.machine import VingtUnGame
from table_controller.games.vingt_un.switches import SWITCHES, Switches


def _make(setup: Setup) -> VingtUnGame:
    if setup.paytable is not None:
        raise ConfigError("vingt-un has no paytable (--paytable is for blackjack)")
    n = RECORD.seats.count(setup.seats, RECORD.title)
    return VingtUnGame(Switches.from_dict(dict(setup.switches or {})), n)


RECORD = GameRecord(
    id="vingt-un",
    title="Vingt-un",
    rules="vingt-un.md",
    seats=SeatRange(1, 7, 7),
    switches=SWITCHES,
    make=_make,
    scenario=lazy("table_controller.games.vingt_un.scenario:run_vingt_un_scenario"),
    analyses=(Analysis("vingt-un", "table_controller.games.vingt_un.analysis"),),
    display=Display.beside(__file__, "vingt-un.js", "vingt-un.css"),
    decisions=(
        Decision("stake", amount=Amount()),  # V-13: typed for the seat, then cleared
        Decision("double", "X"),
        Decision("stand", "S"),
        Decision("divide", amount=Amount()),
    ),
    theory=lazy("table_controller.games.vingt_un.theory:theory"),
)
RECORDS = (RECORD,)
