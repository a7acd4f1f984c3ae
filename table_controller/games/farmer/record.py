"""Farmer as the registry knows it."""

from __future__ import annotations

from table_controller.contract import (
    Analysis,
    Display,
    GameRecord,
    SeatRange,
    Setup,
    lazy,
    switch_list,
)
from table_controller.games.farmer.machine import FarmerGame
from table_controller.games.farmer.switches import SWITCH_VALUES, Switches


def _make(setup: Setup) -> FarmerGame:
    n = RECORD.seats.count(setup.seats, RECORD.title)
    return FarmerGame(Switches.from_dict(dict(setup.switches or {})), n)


RECORD = GameRecord(
    id="farmer",
    title="Farmer",
    rules="farmer.md",
    seats=SeatRange(2, 8, 4),
    switches=switch_list(SWITCH_VALUES, "farmer.md section 10"),
    make=_make,
    scenario=lazy("table_controller.games.farmer.scenario:run_farmer_scenario"),
    analyses=(Analysis("farmer", "table_controller.games.farmer.analysis"),),
    display=Display.beside(__file__, "farmer.js", "farmer.css"),
    action_keys={"hit": "H", "stay": "Y"},
)
RECORDS = (RECORD,)
