"""The autopilot's blackjack player: a main bet and a side bet on every seat, then a simple
basic-strategy-like play (a demo, not advice). Deterministic: the same round, the same play."""

from __future__ import annotations

from typing import Any

from table_controller.events import PAID, Control, Decision, Event, Wager
from table_controller.games.blackjack.hands import total
from table_controller.games.blackjack.round import Phase

MAIN, SIDE = 1000, 500


def next_event(game: Any, r: Any) -> Event | None:
    exp = game.expected(r)
    if exp.payment is not None:
        return Control(PAID, by="autopilot")
    if r.phase == Phase.BETTING:
        for seat in game.seats:
            play = r.plays.get(seat)
            if play is None or play.main == 0:
                return Wager(seat, "main", MAIN)
            if play.side == 0:
                return Wager(seat, "side", SIDE)
    for seat, acts in exp.decisions.items():
        return Decision(seat, choose(r, seat, acts))
    return None


def choose(r: Any, seat: str, acts: tuple[str, ...]) -> str:
    if "no_insurance" in acts:
        return "no_insurance"
    hand = r.plays[seat].hands[r.turn[1]]
    value, soft = total(hand.cards)
    up = min(10, r.dealer[0].value) if r.dealer else 10
    up = 11 if r.dealer and r.dealer[0].rank == "A" else up
    if "split" in acts and hand.cards[0].rank in ("A", "8"):
        return "split"
    if "double" in acts and not soft and value in (10, 11) and up < value:
        return "double"
    if soft:
        return "hit" if value <= 17 and "hit" in acts else "stand"
    if value <= 11 and "hit" in acts:
        return "hit"
    if value >= 17 or ("hit" not in acts):
        return "stand"
    return "stand" if 2 <= up <= 6 and value >= 13 else "hit"
