"""Farmer as the registry knows it."""

from __future__ import annotations

from table_controller.contract import (
    Analysis,
    Decision,
    Display,
    GameRecord,
    SeatRange,
    Setup,
    lazy,
)
from table_controller.games.farmer.machine import FarmerGame
from table_controller.games.farmer.switches import SWITCHES, Switches


def _make(setup: Setup) -> FarmerGame:
    n = RECORD.seats.count(setup.seats, RECORD.title)
    return FarmerGame(Switches.from_dict(dict(setup.switches or {})), n)


RECORD = GameRecord(
    id="farmer",
    title="Farmer",
    rules="farmer.md",
    seats=SeatRange(2, 8, 4),
    switches=SWITCHES,
    make=_make,
    scenario=lazy("table_controller.games.farmer.scenario:run_farmer_scenario"),
    analyses=(Analysis("farmer", "table_controller.games.farmer.analysis"),),
    display=Display.beside(__file__, "farmer.js", "farmer.css"),
    decisions=(Decision("hit", "H"), Decision("stay", "Y")),
)
RECORDS = (RECORD,)
