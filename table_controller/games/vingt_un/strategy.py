"""The autopilot's Vingt-un player: every seat in, a $10.00 stake, divide aces and eights,
draw to 16 and stand on 17 (a demo, not advice); a seat banker stands on 17 and never doubles.
Deterministic: the same round, the same play."""

from __future__ import annotations

from typing import Any

from table_controller.events import PAID, RESHUFFLE, Control, Decision, Event
from table_controller.games.vingt_un.flow import DONE, SEATS_IN
from table_controller.games.vingt_un.hands import total

STAKE = 1000


def next_event(game: Any, r: Any) -> Event | None:
    exp = game.expected(r)
    if exp.payment is not None:
        return Control(PAID, by="autopilot")
    if SEATS_IN in exp.controls and all(s == r.banker for s in r.seats_in):
        for seat, acts in exp.decisions.items():  # a seat's bank left nobody in: one sits in
            if "sit_in" in acts:
                return Decision(seat, "sit_in")
    for control in (DONE, SEATS_IN, RESHUFFLE):
        if control in exp.controls:
            return Control(control, by="autopilot")
    for seat, acts in exp.decisions.items():
        return choose(r, seat, acts)
    return None


def choose(r: Any, seat: str, acts: tuple[str, ...]) -> Decision:
    if "stake" in acts:
        return Decision(seat, "stake", STAKE)
    if "no_double" in acts:
        return Decision(seat, "no_double")
    if "take_bank" in acts:
        return Decision(seat, "take_bank")
    if r.phase == "banker":
        return Decision(seat, "draw" if total(r.banker_cards)[0] < 17 else "stand")
    hand = r.plays[seat].hands[r.turn[1]]
    if "divide" in acts and hand.cards[0].rank in ("A", "8"):
        return Decision(seat, "divide", r.plays[seat].stake)
    return Decision(seat, "draw" if total(hand.cards)[0] < 17 else "stand")
