"""What each event does to a Farmer deal, and where the deal goes next (rules sections 4, 5, 8)."""

from __future__ import annotations

from table_controller.cards import Card
from table_controller.engine import Irregularity, Refusal
from table_controller.events import (
    ACCEPT_CARD,
    BURN_CARD,
    CLOSE_GAME,
    DONE,
    NEW_DECK,
    PAID,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
)
from table_controller.games.farmer.cards import SIX_OF_HEARTS, fresh_shoe, seat_words
from table_controller.games.farmer.deal import Deal, Phase
from table_controller.games.farmer.seating import SEATING, change_seat, close_game
from table_controller.games.farmer.settle import (
    FARM,
    SIDE_POT,
    instruction_for,
    receive,
    settle,
    transfer,
)
from table_controller.games.farmer.sightings import (
    accept_sighting,
    payments_begun,
    sighted,
    sighting,
)


# ----- cards ------------------------------------------------------------------------------------
def card(d: Deal, event: CardArrived) -> str | Irregularity:
    c = event.card
    where = sighted(d, event)
    if where is not None:
        return sighting(d, *where, event)
    if c.is_joker or not d.shoe.can_hold(c):
        d.held_card = c
        return Irregularity("impossible_card", f"F-1: {d.shoe.why_impossible(c)}", (c.code,))
    deal = d.next_deal()
    d.shoe = d.shoe.draw(c)
    if deal is None:
        d.held_card = c
        return Irregularity(
            "unexpected_card",
            f"{c.code} arrived while the table waits for {_waiting(d)}",
            (c.code,),
        )
    if event.spot is not None and event.spot != deal.spot:
        d.held_card = c
        if deal.purpose == "face_down":  # F-6: the instruction is public; the card stays unnamed
            return Irregularity(
                "wrong_spot", f"a face-down card is at {event.spot}; it belongs at {deal.spot}"
            )
        return Irregularity(
            "wrong_spot", f"{c.code} is at {event.spot}; it belongs at {deal.spot}", (c.code,)
        )
    place(d, c)
    return (
        f"{c.code} to {deal.spot}"
        if deal.purpose != "face_down"
        else f"a card face down to {deal.spot}"
    )


def _waiting(d: Deal) -> str:
    if d.queue:
        return "a payment to be made"
    if d.phase in (Phase.SHUFFLE, Phase.CHOOSE_SHUFFLE):
        return "the shuffle"
    if d.phase == Phase.REVEAL:
        return "the reveal"
    return "a decision" if d.decisions() else "the end of the deal"


def place(d: Deal, c: Card) -> None:
    """Put a card where the next deal said, then move the deal on."""
    if d.phase == Phase.CHOOSE:
        seat = d.seats[len(d.chosen_by) % len(d.seats)]
        d.chosen_by.append((seat, c))
        if c == SIX_OF_HEARTS:  # F-8: the seat that receives it is the first farmer
            d.farmer = seat
            d.phase = Phase.SHUFFLE
            d.note = f"{seat_words(seat)} has the 6\u2665 and is the first farmer."
        return
    if d.phase == Phase.FACE_DOWN:
        seat = d.order()[len(d.hands)]
        d.hands[seat] = [c]
        if len(d.hands) == len(d.seats):
            d.phase, d.turn = Phase.DRAW, 0
            check_stock(d)
        return
    on_turn = d.seat_on_turn()
    assert on_turn is not None  # next_deal() gave a spot only with a seat on turn
    seat = on_turn
    d.hands[seat].append(c)
    d.want_card = False
    check_stock(d)


def check_stock(d: Deal) -> None:
    """F-23: a card is needed and the stock is empty."""
    if d.next_deal() is None or d.shoe.remaining > 0:
        return
    if d.sw.F6 == "void":
        d.note = "The stock ran out (F6 = void)."
        void(d, "rule F-23")
        return
    d.stock_out = True
    d.note = "The stock ran out: every seat from here on stays with what it holds (F-23)."
    d.want_card = False
    d.turn = len(d.seats)
    d.phase = Phase.REVEAL


# ----- decisions ------------------------------------------------------------------------------
def decide(d: Deal, event: Decision) -> str:
    if event.amount is not None:
        raise Refusal(f"{event.action} takes no amount")
    if event.action in SEATING:
        return change_seat(d, event)
    on_turn = d.seat_on_turn()
    legal = d.decisions()
    if event.seat not in legal or event.action not in legal[event.seat]:
        who = f"{seat_words(on_turn)} is on turn" if on_turn and legal else "no seat decides now"
        raise Refusal(
            f"{seat_words(event.seat)} cannot {event.action.upper()} now: {who} (F-24)",
            tuple(a for acts in legal.values() for a in acts),
        )
    if event.action == "hit":
        if not d.may_hit(event.seat):
            raise Refusal(
                f"{seat_words(event.seat)} must stay", ("stay",)
            )  # F-13: the console only
        d.want_card = True
        check_stock(d)
        return f"{seat_words(event.seat)} hits"
    d.turn += 1
    if d.turn == len(d.seats):
        d.phase = Phase.REVEAL
    check_stock(d)
    return f"{seat_words(event.seat)} stays"


# ----- controls ------------------------------------------------------------------------------------
def control(d: Deal, event: Control) -> str:
    name = event.control
    if name == PAID:
        return pay(d)
    if name == NEW_DECK:
        return shuffle(d)
    if name == DONE:
        if d.phase != Phase.REVEAL or d.irregularity is not None:
            raise Refusal("nothing waits for DONE now")
        return reveal(d)
    if name == VOID_HAND:
        if d.closed:
            raise Refusal("the game is being closed: its farm is divided (F-22)")
        if d.void:
            raise Refusal("the deal is void already: its antes are being returned")
        if d.phase == Phase.OVER:
            raise Refusal("the deal is over and settled; its result stands")
        if payments_begun(d):
            raise Refusal("the payments have begun: the deal can no longer be void (F-25)")
        return void(d, event.by)
    if name == ACCEPT_CARD:
        return accept(d, event.by)
    if name == BURN_CARD:
        return burn(d, event.by)
    if name == CLOSE_GAME:
        return close_game(d, event.by)
    raise Refusal(f"{name} is not a control of this game")


def shuffle(d: Deal) -> str:
    if d.phase not in (Phase.SHUFFLE, Phase.CHOOSE_SHUFFLE):
        raise Refusal("the 45 cards are shuffled only before a deal (F-9)")
    if len(d.seats) < 2:
        raise Refusal("a deal needs at least two seats (F-21)")
    d.shoe = fresh_shoe()
    if d.phase == Phase.CHOOSE_SHUFFLE:
        d.phase = Phase.CHOOSE
        return "the 45 cards are shuffled to choose the first farmer"
    d.hands, d.chosen_by = {}, []
    d.queue = [transfer(s, FARM, d.sw.ante, "ante", "ante", "F-10") for s in d.order()]
    d.phase = Phase.ANTES
    return "the 45 cards are shuffled and loaded"


def pay(d: Deal) -> str:
    if not d.queue:
        raise Refusal("there is no payment to confirm now")
    p = d.queue.pop(0)
    words = instruction_for(p, d.farm, d.side_pot, d.farmer)
    for party, delta in p.moves():
        if party == FARM:
            d.farm += delta
        elif party == SIDE_POT:
            d.side_pot += delta
    d.settled.append(p)
    if not d.queue:
        after_payments(d)
    return words


def after_payments(d: Deal) -> None:
    if d.phase == Phase.ANTES:
        d.phase = Phase.FACE_DOWN
    elif d.phase in (Phase.PAY, Phase.VOIDING, Phase.CLOSING):
        d.phase = Phase.OVER


def reveal(d: Deal) -> str:
    """D6 then D7: every card1 turned up; the payments worked out and queued."""
    assert d.farmer is not None
    outcome = settle(d.sw, d.order(), d.hands, d.farmer, d.farm)
    d.queue = list(outcome.payments)
    d.next_farmer, d.decided_by = outcome.next_farmer, outcome.decided_by
    d.phase = Phase.PAY
    if not d.queue:
        d.phase = Phase.OVER
    return "every face-down card turned up"


def void(d: Deal, by: str) -> str:
    """F-25: each seat's ante returned from the farm; the same farmer deals again."""
    d.queue = [
        receive(s, FARM, d.ante_of(s), "ante", "the deal is void: ante returned", "VOID")
        for s in d.order()
        if d.ante_of(s)
    ]
    d.irregularity, d.held_card = None, None
    d.void, d.want_card = True, False
    d.next_farmer = d.farmer
    d.phase = Phase.VOIDING if d.queue else Phase.OVER
    return f"deal void by {by}"


def accept(d: Deal, by: str) -> str:
    held, irregularity = d.held_card, d.irregularity
    if irregularity is not None and irregularity.kind in ("exposed_card", "mismatch"):
        return accept_sighting(d, by)
    if irregularity is not None and irregularity.kind == "hardware":
        d.irregularity = None
        return f"the card source checked and accepted by {by}"
    if irregularity is None or held is None:
        raise Refusal("there is no irregularity to accept")
    if irregularity.kind == "wrong_spot":
        d.irregularity = d.held_card = None
        place(d, held)  # the dealer moved the card where it belongs
        return f"{held.code} moved to its spot; accepted by {by}"
    seat = d.seat_on_turn()
    deciding = (
        seat is not None
        and d.phase == Phase.DRAW
        and not d.want_card
        and not d.queue
        and len(d.hands[seat]) >= 2
    )
    if (
        seat is None
        or irregularity.kind != "unexpected_card"
        or not deciding
        or (d.sw.F1 == "stay_only" and d.busted(seat))
    ):
        raise Refusal(
            "this card can be accepted only as the hit of the seat on turn, when it may hit: BURN or VOID"
        )
    d.irregularity = d.held_card = None
    d.hands[seat].append(held)
    check_stock(d)
    return f"{held.code} accepted by {by} as {seat_words(seat)}'s hit"


def burn(d: Deal, by: str) -> str:
    held = d.held_card
    if (
        d.irregularity is None
        or held is None
        or d.irregularity.kind not in ("unexpected_card", "impossible_card")
    ):
        raise Refusal("there is no held card to burn")
    if d.irregularity.kind == "unexpected_card":
        d.shoe = d.shoe.burn(held)  # F-25: to the discard unused; it counts as dealt
    d.irregularity = d.held_card = None
    check_stock(d)
    return f"{held.code} burned by {by}"
