"""Between deals: seats joining and leaving (F-21) and the pit boss closing the game (F-22)."""

from __future__ import annotations

from table_controller.engine import Refusal
from table_controller.events import Decision
from table_controller.games.farmer.cards import seat_words
from table_controller.games.farmer.deal import Deal, Phase, order_from_left
from table_controller.games.farmer.settle import FARM, close_shares, receive
from table_controller.money import money

SEATING = ("join", "leave")
BETWEEN_DEALS = (Phase.SHUFFLE, Phase.CHOOSE_SHUFFLE)


def seating_actions(d: Deal, seat: str) -> tuple[str, ...]:
    """What a seat may do about its place now: only between deals (a finished deal counts)."""
    if d.phase not in (*BETWEEN_DEALS, Phase.OVER) or d.closed:
        return ()
    return ("leave",) if seat in d.seats else ("join",)


def change_seat(d: Deal, event: Decision) -> str:
    if d.phase not in BETWEEN_DEALS:
        raise Refusal("seats join or leave only between deals (F-21)")
    if event.seat not in d.table:
        raise Refusal(f"no seat {event.seat!r} at this table (seats: {', '.join(d.table)})")
    if event.action == "join":
        if event.seat in d.seats:
            raise Refusal(f"{seat_words(event.seat)} is already seated")
        d.seats = tuple(s for s in d.table if s in d.seats or s == event.seat)
        return f"{seat_words(event.seat)} joins: it antes at the next deal (F-21)"
    if event.seat not in d.seats:
        raise Refusal(f"{seat_words(event.seat)} is not seated")
    words = f"{seat_words(event.seat)} leaves, forfeiting any claim on the farm (F-21)"
    if event.seat == d.farmer:
        left = order_from_left(d.seats, event.seat)[0]
        d.farmer = left if left != event.seat else None
        words += f"; {seat_words(d.farmer)} is the farmer" if d.farmer else ""
    d.seats = tuple(s for s in d.seats if s != event.seat)
    return words


def close_game(d: Deal, by: str) -> str:
    """F-22: the farm divided among the last deal's seats, the odd cents one each from the
    farmer's left; then the game is over (the next deal starts a new game, choosing its farmer)."""
    if d.phase not in BETWEEN_DEALS:
        raise Refusal("the pit boss closes the game between deals (F-22)")
    last = d.last_seats or d.seats
    first = d.farmer if d.farmer in last else last[-1]
    d.queue = [
        receive(
            s,
            FARM,
            share,
            "close",
            f"the farm divided on closing the game ({money(d.farm)})",
            "F-22",
        )
        for s, share in close_shares(order_from_left(last, first), d.farm)
        if share
    ]
    d.closed, d.decided_by = True, "F-22"
    d.hands, d.chosen_by = {}, []
    d.phase = Phase.CLOSING if d.queue else Phase.OVER
    return f"the game closed by {by}: the farm, {money(d.farm)}, divided among {len(last)} seats"
