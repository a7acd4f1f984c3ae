"""The camera's readings of cards already dealt (rules section 8): a ``card1`` seen face up before
the reveal (``exposed_card``), and a card that reads differently from the shoe's reading
(``mismatch``). A reading names its spot (``CardArrived.spot``); only a spot ``seatN/cardK`` that
already holds a card is a sighting: any other card goes through the deal as usual."""

from __future__ import annotations

from table_controller.engine import Irregularity
from table_controller.events import ACCEPT_CARD, BURN_CARD, VOID_HAND, CardArrived
from table_controller.games.farmer.cards import seat_words
from table_controller.games.farmer.deal import Deal, Phase

RESOLUTIONS = {
    "unexpected_card": (ACCEPT_CARD, BURN_CARD, VOID_HAND),
    "impossible_card": (BURN_CARD, VOID_HAND),
    "wrong_spot": (ACCEPT_CARD, VOID_HAND),
    "hardware": (VOID_HAND, ACCEPT_CARD),
    "exposed_card": (ACCEPT_CARD, VOID_HAND),
    "mismatch": (VOID_HAND,),
}


def resolutions(d: Deal) -> tuple[str, ...]:
    """The pit boss's choices now. A mismatch once the payments have begun cannot be voided (F-25):
    the pit boss can only let the payments stand (ACCEPT CARD), and the log keeps both readings."""
    kind = d.irregularity.kind if d.irregularity else ""
    if kind == "mismatch" and payments_begun(d):
        return (ACCEPT_CARD,)
    return RESOLUTIONS[kind]


def payments_begun(d: Deal) -> bool:
    return any(p.rule not in ("F-10", "VOID") for p in d.settled)


def sighted(d: Deal, event: CardArrived) -> tuple[str, int] | None:
    """The seat and the place (0 for card1) of the dealt card the reading is of, if it is one."""
    seat, _, place = (event.spot or "").partition("/")
    k = int(place[4:]) if place.startswith("card") and place[4:].isdigit() else 0
    return (seat, k - 1) if 1 <= k <= len(d.hands.get(seat, ())) else None


def sighting(d: Deal, seat: str, at: int, event: CardArrived) -> str | Irregularity:
    held, seen, spot = d.hands[seat][at], event.card, event.spot
    if seen != held:
        if (
            at == 0 and not d.revealed() and seat not in d.exposed
        ):  # F-6: the shoe's card stays unnamed
            return Irregularity(
                "mismatch",
                f"the camera reads {seen.code} at {spot}, not the card the shoe read there",
                (seen.code,),
            )
        return Irregularity(
            "mismatch",
            f"the camera reads {seen.code} at {spot}, where the shoe read {held.code}",
            (seen.code, held.code),
        )
    if at > 0 or d.phase in (Phase.REVEAL, Phase.PAY) or seat in d.exposed:
        return f"{seen.code} seen at {spot}"
    return Irregularity(
        "exposed_card",
        f"{seat_words(seat)}'s face-down card {seen.code} is seen face up at {spot} "
        "before the reveal",
        (seen.code,),
    )


def accept_sighting(d: Deal, by: str) -> str:
    """ACCEPT CARD on an exposed card: play on, the card public from now; on a mismatch once
    the payments have begun: they stand."""
    irregularity = d.irregularity
    assert irregularity is not None
    d.irregularity = None
    if irregularity.kind == "exposed_card":
        seat = next(s for s, cards in d.hands.items() if cards[0].code == irregularity.cards[0])
        d.exposed = d.exposed | {seat}
        return f"{seat_words(seat)}'s exposed card accepted by {by}: it is public from now"
    return f"the mismatch noted by {by}: the payments stand"
