"""The game a logged header names, rebuilt as the table built it (for the replay and readers)."""

from __future__ import annotations

from typing import Any

from table_controller.contract import Game


def build_game(header: dict[str, Any]) -> Game:
    from table_controller.games import make_game, record

    seats = header.get("seats")
    custom = record(str(header["game"])).takes_paytable  # the switch that picks a custom one
    paytable = None
    if custom and (header.get("switches") or {}).get(custom) == "custom":
        paytable = header.get("paytable")  # the custom paytable the round was played under
    return make_game(
        str(header["game"]),
        switches=header.get("switches"),
        first_dealt=header.get("first_dealt"),
        seats=len(seats) if isinstance(seats, list) else seats,
        paytable=paytable,
    )
