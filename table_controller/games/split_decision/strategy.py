"""The autopilot's Split Decision player: keep a head-start card of 10 or more (an ace or a joker)
high and of 5 or less low, refuse the rest; place a card where it leaves the widest spread, use a
chip on a card that would leave fewer than four ranks between; keep a blind card. Deterministic."""

from __future__ import annotations

from typing import Any

from table_controller.events import DONE, RESHUFFLE, Control, Decision, Event
from table_controller.games.split_decision.hand import face_value, value_as


def next_event(game: Any, r: Any) -> Event | None:
    if r.irregularity is not None:
        return None
    exp = game.expected(r)
    if DONE in exp.controls:
        return Control(DONE, by="autopilot")
    if RESHUFFLE in exp.controls:
        return Control(RESHUFFLE, by="autopilot")
    for seat, acts in exp.decisions.items():
        return Decision(seat, choose(r, seat, acts))
    return None


def choose(r: Any, seat: str, acts: tuple[str, ...]) -> str:
    if "keep" in acts:
        return "keep"
    card, hand = r.offer, r.hands[seat]
    if "refuse" in acts:
        if card.is_ace or card.is_joker or face_value(card) >= 10:
            return "keep_high"
        return "keep_low" if face_value(card) <= 5 or hand.refusals >= 1 else "refuse"
    if "push" in acts:
        return "place_low"
    places = [a for a in acts if a.startswith("place_")]
    if len(places) == 2:
        return "place_high" if value_as(card, "high") >= 8 else "place_low"
    other = hand.low if places == ["place_high"] else hand.high
    gap = abs(value_as(card, places[0].split("_")[1]) - other.value) - 1 if other else 12
    if gap < 4 and "discard" in acts and hand.chips > 1:
        return "discard"
    return places[0]
