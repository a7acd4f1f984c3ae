"""The autopilot's Farmer player (a demo, not advice): every payment confirmed, the reveal done,
and each seat hits while its score is 11 or less, then stays; a bust always stays."""

from __future__ import annotations

from typing import Any

from table_controller.events import DONE, PAID, Control, Decision, Event

HIT_BELOW = 12


def next_event(game: Any, d: Any, hit_below: int = HIT_BELOW) -> Event | None:
    exp = game.expected(d)
    if exp.payment is not None:
        return Control(PAID, by="autopilot")
    if DONE in exp.controls:
        return Control(DONE, by="autopilot")
    for seat in exp.decisions:
        return Decision(seat, "hit" if d.score(seat) < hit_below and d.may_hit(seat) else "stay")
    return None
