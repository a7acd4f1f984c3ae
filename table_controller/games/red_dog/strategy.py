"""The autopilot's Red Dog player: the same ante on every seat, a full raise on a spread of 7 or
more (where raising gains: see :mod:`analysis`), otherwise a call. Deterministic."""

from __future__ import annotations

from typing import Any

from table_controller.events import DONE, PAID, Control, Decision, Event, Wager
from table_controller.games.red_dog.round import Phase

ANTE = 1000
RAISE_FROM_SPREAD = 7


def next_event(game: Any, r: Any) -> Event | None:
    exp = game.expected(r)
    if r.irregularity is not None:
        return None  # the autopilot never resolves an irregularity
    if exp.payment is not None:
        return Control(PAID, by="autopilot")
    if r.phase == Phase.ANTES:
        for seat in game.seats:
            if not r.antes.get(seat):
                return Wager(seat, "ante", ANTE)
        return Control(DONE, by="autopilot")
    if r.phase == Phase.CLEAR and DONE in exp.controls:
        return Control(DONE, by="autopilot")
    for seat in exp.decisions:
        if (r.spread or 0) >= RAISE_FROM_SPREAD:
            return Decision(seat, "raise", r.raise_limits(seat)[1])
        return Decision(seat, "call")
    return None
