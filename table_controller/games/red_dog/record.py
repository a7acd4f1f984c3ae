"""Red Dog as the registry knows it."""

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
from table_controller.games.red_dog.machine import RedDogGame
from table_controller.games.red_dog.switches import SWITCHES, Switches, pay_table


def _make(setup: Setup) -> RedDogGame:
    sw = Switches.from_dict(dict(setup.switches or {}))
    n = RECORD.seats.count(setup.seats, RECORD.title)
    return RedDogGame(sw, pay_table(sw, setup.paytable), n)


RECORD = GameRecord(
    id="red-dog",
    title="Red Dog",
    rules="red-dog.md",
    seats=SeatRange(1, 7, 7),
    switches=SWITCHES,
    make=_make,
    scenario=lazy("table_controller.games.red_dog.scenario:run_red_dog_scenario"),
    analyses=(Analysis("red-dog", "table_controller.games.red_dog.analysis"),),
    takes_paytable="RD2",
    display=Display.beside(__file__, "red-dog.js", "red-dog.css"),
    theory=lazy("table_controller.games.red_dog.theory:theory"),
    # nothing typed raises the most the seat may
    decisions=(
        Decision("raise", words="Raise", amount=Amount("up_to", "raise_to")),
        Decision("call"),
    ),
)
RECORDS = (RECORD,)
