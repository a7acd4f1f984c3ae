"""Each kind of event against a Vingt-un round: cards, decisions, controls, and the
irregularities of section 8 with the pit boss's ``accept``, ``burn`` and ``void`` (V-36)."""

from __future__ import annotations

from table_controller.cards import Card
from table_controller.engine import DealTo, Irregularity, Refusal
from table_controller.events import (
    ACCEPT_CARD,
    NEW_DECK,
    PAID,
    RESHUFFLE,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
)
from table_controller.games.vingt_un import flow
from table_controller.games.vingt_un.flow import BURN_CARD, DONE, SEATS_IN
from table_controller.games.vingt_un.prompts import payment_words
from table_controller.games.vingt_un.round import Phase, Round, seat_words
from table_controller.games.vingt_un.settle import next_position, offer_next, take_bank
from table_controller.shoe import Shoe


# ----- cards ----------------------------------------------------------------------------------------
def card(r: Round, event: CardArrived) -> str | Irregularity:
    c = event.card
    if r.irregularity is not None:
        return held_round_card(r, event)
    if c.is_joker or not r.shoe.can_hold(c):
        r.held_card, r.held_drawn = c, False
        return Irregularity(
            "impossible_card",
            f"{c.code} cannot be dealt: {where_is(r, c)}; set it aside",
            (c.code,),
        )
    deal = r.deal_now()
    if deal is None:
        return hold(
            r,
            c,
            "unexpected_card",
            f"Card {c.code} was not asked for: leave it aside and call the pit boss",
        )
    if event.spot is not None and event.spot != deal.spot:
        return hold(
            r,
            c,
            "wrong_spot",
            f"{c.code} lies at {event.spot}; it belongs at {deal.spot}: move it there",
        )
    r.shoe = r.shoe.draw(c)
    return place(r, c, deal)


def held_round_card(r: Round, event: CardArrived) -> str | Irregularity:
    """While the round is held: the wrong-spot card seen at its spot clears itself (section 8)."""
    irr, c = r.irregularity, event.card
    assert irr is not None
    deal = r_deal_after_clear(r)
    if (
        irr.kind == "wrong_spot"
        and c == r.held_card
        and deal is not None
        and event.spot == deal.spot
    ):
        r.irregularity, r.held_card = None, None
        return place(r, c, deal)
    if r.shoe.can_hold(c):  # it left the shoe: it goes to the pone pile unused, as a burned card
        r.shoe = r.shoe.draw(c).discard(c)
    return f"{c.code} arrived while the round is held for the pit boss: set it aside onto the pone pile"


def r_deal_after_clear(r: Round) -> DealTo | None:
    irr, r.irregularity = r.irregularity, None
    try:
        return r.deal_now()
    finally:
        r.irregularity = irr


def hold(r: Round, c: Card, kind: str, reason: str) -> Irregularity:
    r.shoe = r.shoe.draw(c)
    r.held_card, r.held_drawn = c, True
    return Irregularity(kind, reason, (c.code,))


def where_is(r: Round, c: Card) -> str:
    if c.is_joker:
        return "a Vingt-un pack holds no jokers"
    if c in r.layout_cards():
        return "it lies on the layout"
    if c in r.shoe.discarded:
        return "it is on the pone pile"
    return "it was dealt already since the shuffle"


def place(r: Round, c: Card, deal: DealTo) -> str:
    """Put a drawn card where the deal said, then move the round on."""
    if deal.purpose == "withhold":
        r.shoe = r.shoe.discard(c)
        r.withheld.append(c)
        r.must_shuffle = True
        return "the last card is withheld onto the pone pile, unexposed (V-27)"
    if r.order:
        who, index, _ = r.order.pop(0)
        (r.banker_cards if who == "banker" else r.plays[who].hands[index].cards).append(c)
        if not r.order:
            {"first": flow.after_first, "second": flow.after_second, "play": flow.after_completing}[
                r.phase
            ](r)
    elif r.phase == Phase.PLAY:
        flow.draw_card(r, c)
    else:
        flow.banker_card(r, c)
    return f"{c.code} to {deal.spot}"


# ----- decisions ------------------------------------------------------------------------------------
def decide(r: Round, event: Decision) -> str:
    legal = r.decisions().get(event.seat, ())
    if event.action not in legal:
        now = (
            "; ".join(f"{seat_words(s)}: {', '.join(a)}" for s, a in r.decisions().items())
            or "none"
        )
        raise Refusal(
            f"{seat_words(event.seat)} cannot {event.action.upper().replace('_', ' ')} now (V-35); legal now: {now}",
            tuple(a for acts in r.decisions().values() for a in acts),
        )
    if event.amount is not None and event.action not in flow.AMOUNT_ACTIONS:
        raise Refusal(f"{event.action} takes no amount")
    seat, action = event.seat, event.action
    if action in ("sit_in", "sit_out"):
        r.seats_in = [s for s in r.seats if (s in r.seats_in) != (s == seat)]
        return f"{seat_words(seat)} {'sits in' if action == 'sit_in' else 'sits out'}"
    if action == "stake":
        return flow.stake(r, seat, event.amount)
    if r.phase == Phase.DOUBLE:
        return banker_double(r, action == "double")
    if r.phase == Phase.BANKER:
        return banker_decides(r, action)
    if r.phase == Phase.BANK:
        return bank_answer(r, seat, action)
    return hand_decides(r, seat, action, event.amount)


def hand_decides(r: Round, seat: str, action: str, amount: int | None) -> str:
    _, index = r.turn  # type: ignore[misc]
    words = r.hand_words(seat, index)
    if action == "divide":
        return flow.divide(r, seat, index, amount)
    if action == "draw":
        r.hand_wants = True
        return f"{words} draws"
    r.plays[seat].hands[index].stood = True
    flow.next_turn(r)
    return f"{words} stands"


def banker_double(r: Round, double: bool) -> str:
    if double:
        flow.call_double(r)
    else:
        r.note, r.after = "No double.", "second"
    flow.proceed(r)
    return f"the banker ({seat_words(r.banker)}) {'calls DOUBLE' if double else 'does not double'}"


def banker_decides(r: Round, action: str) -> str:
    if action == "draw":
        r.banker_wants = True
        return f"the banker ({seat_words(r.banker)}) draws"
    r.after = "settle"
    flow.proceed(r)
    return f"the banker ({seat_words(r.banker)}) stands"


def bank_answer(r: Round, seat: str, action: str) -> str:
    if action == "take_bank":
        take_bank(r, seat)
        flow.proceed(r)
        return f"{seat_words(seat)} takes the bank"
    offer_next(r, next_position(r, seat))
    flow.proceed(r)
    return f"{seat_words(seat)} declines the bank"


# ----- controls ---------------------------------------------------------------------------------------
def control(r: Round, event: Control) -> str:
    name = event.control
    if name in (VOID_HAND, ACCEPT_CARD, BURN_CARD):
        return pit_boss(r, name, event.by)
    if r.irregularity is not None:
        raise Refusal(
            "the round is held for the pit boss: "
            + ", ".join(resolutions(r)).upper().replace("_", " ")
        )
    if name == PAID:
        if not r.queue:
            raise Refusal("there is no payment to confirm now")
        payment = r.queue.pop(0)
        r.settled.append(payment)
        flow.proceed(r)
        return payment_words(payment, r)
    if name == DONE:
        if not r.confirm:
            raise Refusal("nothing waits for DONE now")
        words, r.confirm = r.confirm, ""
        flow.proceed(r)
        return f"done: {words}"
    if name == NEW_DECK:
        if r.phase != Phase.SHUFFLE:
            raise Refusal(
                "the pack is shuffled only at the opening and from the pone pile (V-11, V-27)"
            )
        r.shoe, r.phase = Shoe.fresh(1), Phase.SEATS
        return "the pack is shuffled, cut and loaded (V-11)"
    if name == SEATS_IN:
        if r.phase != Phase.SEATS:
            raise Refusal("the seats are marked before the first card (V-12)")
        flow.start_first(r)
        return "seats in: " + ", ".join(seat_words(s) for s in r.deal_order())
    if name == RESHUFFLE:
        return reshuffle(r)
    raise Refusal(f"{name} is not a control of this game")


def reshuffle(r: Round) -> str:
    """V-27 / V-28: the pone pile becomes the new stock."""
    empty = r.shoe.remaining == 0 and r.shoe.discarded and r.next_deal() is not None
    if not (r.must_shuffle or empty):
        raise Refusal(
            "the pone pile is shuffled only when the last card is withheld or the stock is empty (V-27)"
        )
    r.shoe = r.shoe.reshuffle_discards()
    r.must_shuffle = False
    return f"the pone pile is shuffled into a new stock of {r.shoe.remaining} cards"


# ----- the pit boss ------------------------------------------------------------------------------------
def resolutions(r: Round) -> tuple[str, ...]:
    irr = r.irregularity
    if irr is None:
        return ()
    if irr.kind == "unexpected_card":
        return (ACCEPT_CARD, BURN_CARD, VOID_HAND) if accept_draws(r) else (BURN_CARD, VOID_HAND)
    if irr.kind == "impossible_card":
        return (BURN_CARD, VOID_HAND)
    if irr.kind == "hardware":
        return (ACCEPT_CARD, VOID_HAND)
    return (VOID_HAND,)


def accept_draws(r: Round) -> bool:
    """An unexpected card may be accepted only as the draw of a seat hand or a seat banker."""
    acts = (
        next(iter(r.decisions_pending().values()), ())
        if r.phase in (Phase.PLAY, Phase.BANKER)
        else ()
    )
    return "draw" in acts


def pit_boss(r: Round, name: str, by: str) -> str:
    if name == VOID_HAND:
        if r.phase in (Phase.OVER, Phase.SHUFFLE, Phase.SEATS):
            raise Refusal("there is no round in play to void")
        return void(r, by)
    if name not in resolutions(r):
        raise Refusal(
            f"{name.upper().replace('_', ' ')} does not resolve this now; "
            f"legal: {', '.join(resolutions(r)) or 'nothing is held'}"
        )
    held, r.irregularity, r.held_card = r.held_card, None, None
    if name == BURN_CARD:
        r.shoe = r.shoe.discard(held) if r.held_drawn else r.shoe.burn(held)  # type: ignore[arg-type]
        return f"{held.code} burned by {by}: play resumes"  # type: ignore[union-attr]
    if held is None:
        return f"accepted by {by}"
    if r.phase == Phase.PLAY:
        r.hand_wants = True
    else:
        r.banker_wants = True
    deal = r.next_deal()
    place(r, held, deal)  # type: ignore[arg-type]
    return f"{held.code} accepted by {by} as the draw"


def void(r: Round, by: str) -> str:
    """V-36: unsettled stakes returned, settlements made stand, the layout to the pone pile."""
    for p in r.queue:
        r.plays[p.seat].hands[(p.hand or 1) - 1].settled = False
    r.queue.clear()
    if r.held_card is not None and r.held_drawn:
        r.shoe = r.shoe.discard(r.held_card)
    r.irregularity, r.held_card, r.confirm, r.order = None, None, "", []
    for seat, index, hand in r.hands_in_order():
        if not hand.settled and hand.stake:
            hand.outcome = "void"
            r.pay(seat, index, 0, "round void: stake returned", "V-36")
    if not r.gathered:
        r.shoe = r.shoe.discard(*r.layout_cards())
        r.gathered = True
    r.void, r.offer, r.must_shuffle = True, None, False
    r.after = "end"
    flow.proceed(r)
    return f"round void by {by}"
