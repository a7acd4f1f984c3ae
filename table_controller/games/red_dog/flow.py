"""What each event does to a Red Dog round, and where the round goes next (red-dog.md A3, A4)."""

from __future__ import annotations

from table_controller.cards import Card
from table_controller.engine import Irregularity, Payment, Refusal
from table_controller.events import (
    ACCEPT_CARD,
    BURN_CARD,
    DONE,
    NEW_DECK,
    PAID,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Wager,
)
from table_controller.games.red_dog.round import Phase, Round, rank_value, seat_words
from table_controller.money import money
from table_controller.shoe import Shoe

CUT_CARD = "cut_card"  # the shoe's report (or the dealer): the round in progress is completed, then a shuffle


# ----- antes -------------------------------------------------------------------------------------
BETS_OPEN = (Phase.SHUFFLE, Phase.BURN, Phase.ANTES)  # the phases an ante may be placed in (RD-7)


def wager(r: Round, event: Wager) -> str:
    if r.phase not in BETS_OPEN:
        raise Refusal("antes are locked once the dealer is done taking them (RD-7)")
    if event.seat not in r.seats:
        raise Refusal(f"no seat {event.seat!r} at this table (seats: {', '.join(r.seats)})")
    if event.bet != "ante":
        raise Refusal(
            f"Red Dog takes one bet before the cards, the 'ante' (got {event.bet!r}); a raise is a decision"
        )
    lim = r.limits
    if event.amount and not lim.min_bet <= event.amount <= lim.max_bet:
        raise Refusal(
            f"an ante lies from {money(lim.min_bet)} to {money(lim.max_bet)} (got {money(max(0, event.amount))})"
        )
    if event.amount:
        r.antes[event.seat] = event.amount
    else:
        r.antes.pop(event.seat, None)
    return f"{seat_words(event.seat)} ante {money(event.amount)}"


# ----- cards ---------------------------------------------------------------------------------------
def card(r: Round, event: CardArrived) -> str | Irregularity:
    c = event.card
    if c.is_joker or not r.shoe.can_hold(c):
        r.held_card, r.held_drawn = c, False
        why = "a joker is not in a Red Dog shoe (RD-1)" if c.is_joker else r.shoe.why_impossible(c)
        return Irregularity("impossible_card", f"RD-1: {why}", (c.code,))
    deal = r.next_deal()
    r.shoe = r.shoe.draw(c)
    r.held_card, r.held_drawn = c, True
    if deal is None:
        return Irregularity(
            "unexpected_card",
            f"{c.code} arrived while the table waits for {_waiting(r)}",
            (c.code,),
        )
    if event.spot is not None and event.spot != deal.spot:
        return Irregularity(
            "wrong_spot", f"{c.code} is at {event.spot}; it belongs at {deal.spot}", (c.code,)
        )
    r.held_card, r.held_drawn = None, False
    place(r, c)
    return f"{c.code} to {deal.spot}"


def _waiting(r: Round) -> str:
    if r.queue:
        return "a payment to be confirmed"
    return {
        "antes": "the antes",
        "raise": "the seats' raise decisions",
        "clear": "the cards to be cleared",
        "shuffle": "a shuffle",
        "over": "the next round",
    }.get(r.phase, "the dealer")


def moved_into_place(r: Round, event: CardArrived) -> str | None:
    """A ``wrong_spot`` clears itself when the camera sees the held card at the right spot."""
    deal = r.next_deal_ignoring_hold()
    if r.irregularity is None or r.irregularity.kind != "wrong_spot" or deal is None:
        return None
    if event.card != r.held_card or event.spot != deal.spot:
        return None
    r.irregularity, r.held_card, r.held_drawn = None, None, False
    place(r, event.card)
    return f"{event.card.code} moved to {deal.spot}"


def place(r: Round, c: Card) -> None:
    """Put a card where the next deal said, then move the round on."""
    if len(r.shoe.drawn) >= r.shoe.size * r.limits.penetration // 100 and r.sw.RD4 == "cut_card":
        r.cut_reached = True
    if r.phase == Phase.BURN:
        r.shoe = r.shoe.burn(c)
        r.phase = Phase.ANTES
        return
    r.cards.append(c)
    if r.phase == Phase.CARD1:
        r.phase = Phase.CARD2
    elif r.phase == Phase.CARD2:
        classify(r)
    else:
        settle(r)


def classify(r: Round) -> None:
    """Step D: consecutive (RD-9), pair (RD-10) or a spread (RD-11); no input."""
    kind, spread = r.kind, r.spread
    if kind == "consecutive":
        r.outcome, r.note = "consecutive", "Consecutive: push."
        for seat in reversed(r.playing_seats()):
            r.pay(seat, 0, "consecutive: push", "RD-9")
        r.phase = Phase.PAY
    elif kind == "pair":
        r.note, r.phase = "Pair: deal the third card.", Phase.CARD3
    else:
        r.note = f"Spread {spread} pays {r.table.odds(spread)} to 1."  # type: ignore[arg-type]
        r.phase = Phase.RAISE


def settle(r: Round) -> None:
    """RD-10 and RD-12: every seat's ante and raise, from seat 7 down to seat 1."""
    first, second, third = (rank_value(c) for c in r.cards[:3])
    r.phase = Phase.PAY
    if r.kind == "pair":
        trips = third == first
        r.outcome = "three_of_a_kind" if trips else "pair"
        odds = r.table.three_of_a_kind
        r.note = "Three of a kind." if trips else "No three of a kind: push."
        for seat in reversed(r.playing_seats()):
            if trips:
                r.pay(
                    seat,
                    r.antes[seat] * odds,
                    f"ante {money(r.antes[seat])}, three of a kind at {odds} to 1",
                    "RD-10",
                )
            else:
                r.pay(seat, 0, "pair without three of a kind: push", "RD-10")
        return
    low, high = sorted((first, second))
    spread = r.spread or 0
    win = low < third < high
    r.outcome = "win" if win else "lose"
    shown = " and ".join(c.rank for c in sorted(r.cards[:2], key=rank_value))
    r.note = (
        f"{r.cards[2].rank} lies between {shown}: the seats win."
        if win
        else f"{r.cards[2].rank} is not between {shown}: the seats lose."
    )
    for seat in reversed(r.playing_seats()):
        words = r.stakes_words(seat)
        if win:
            at = (
                f"raise at {r.table.odds(spread)} to 1, ante at 1 to 1"
                if r.table.ante_even and r.raises.get(seat)
                else f"at {r.table.odds(spread)} to 1"
            )
            r.pay(
                seat,
                r.table.win(spread, r.antes[seat], r.raises.get(seat, 0)),
                f"{words} {at}",
                "RD-12",
            )
        else:
            r.pay(
                seat, -r.wager(seat), f"{words}: {r.cards[2].rank} is not between {shown}", "RD-12"
            )


# ----- decisions ---------------------------------------------------------------------------------
def decide(r: Round, event: Decision) -> str:
    seat = r.seat_to_decide()
    if seat is None or event.seat != seat or event.action not in ("raise", "call"):
        why = (
            "no seat may raise after a pair (RD-10)"
            if r.kind == "pair" and event.action == "raise"
            else (
                f"{seat_words(seat)} decides now, in seat order (RD-11)"
                if seat and event.seat != seat
                else "no decision is due now"
            )
        )
        raise Refusal(
            f"{seat_words(event.seat)} cannot {event.action.upper()} now: {why} (RD-14)",
            ("raise", "call") if seat else (),
        )
    if event.action == "call":
        if event.amount is not None:
            raise Refusal("a call takes no amount (RD-11)", ("raise", "call"))
        r.decided[seat] = "call"
        _after_decision(r)
        return f"{seat_words(seat)} calls"
    least, most = r.raise_limits(seat)
    if event.amount is None or not least <= event.amount <= most:
        rule = (
            f"a raise equals the ante, {money(most)}"
            if least == most
            else f"a raise is from {money(least)} up to the ante, {money(most)}"
        )
        raise Refusal(
            f"{rule} (RD-11){'' if event.amount is None else f'; got {money(max(0, event.amount))}'} (RD-14)",
            ("raise", "call"),
        )
    r.raises[seat], r.decided[seat] = event.amount, "raise"
    _after_decision(r)
    return f"{seat_words(seat)} raises {money(event.amount)}"


def _after_decision(r: Round) -> None:
    if r.seat_to_decide() is None:
        r.phase = Phase.CARD3


# ----- controls ------------------------------------------------------------------------------------
def control(r: Round, event: Control) -> str:
    name = event.control
    if name == PAID:
        if not r.queue:
            raise Refusal("there is no payment to confirm now")
        payment = r.queue.pop(0)
        r.settled.append(payment)
        if not r.queue:
            r.phase = Phase.CLEAR if r.cards else Phase.OVER
        return r.instruction_for(payment)
    if name == DONE:
        return done(r)
    if name == NEW_DECK:
        if r.phase not in (Phase.SHUFFLE, Phase.ANTES):
            raise Refusal("a shuffle goes in between rounds (RD-13)")
        r.shoe = Shoe.fresh(r.sw.decks)
        r.cut_reached = r.needs_shuffle = False
        r.phase = Phase.BURN
        return "a new shuffle is loaded; burn one card (RD-13)"
    if name == CUT_CARD:
        r.cut_reached = True
        return "the cut card came out: this round is completed, then the shoe is shuffled (RD-13)"
    if name == VOID_HAND:
        if r.phase in (Phase.CLEAR, Phase.OVER) and r.irregularity is None:
            raise Refusal("the round is settled; its result stands")
        return void(r, event.by)
    if name in (ACCEPT_CARD, BURN_CARD):
        return resolve(r, name, event.by)
    raise Refusal(f"{name} is not a control of this game")


def done(r: Round) -> str:
    if r.phase == Phase.ANTES:
        if not r.playing_seats():
            raise Refusal("at least one ante is needed before the cards (RD-7)")
        r.phase = Phase.CARD1
        return "antes taken: " + ", ".join(
            f"{seat_words(s)} {money(r.antes[s])}" for s in r.playing_seats()
        )
    if r.phase == Phase.CLEAR:
        r.phase = Phase.OVER
        return "cards cleared to the discard rack"
    raise Refusal("nothing waits for DONE now")


def void(r: Round, by: str) -> str:
    """RD-15: every ante and raise of the round is returned: those still on the layout as a
    push, those already collected handed back, and a win already paid taken back, each a payment
    the dealer confirms, so every seat's net is 0."""
    settled = {p.seat for p in r.settled}
    r.queue.clear()
    r.irregularity, r.void = None, True
    if r.held_card is not None and r.held_drawn:
        r.shoe = r.shoe.burn(r.held_card)
    r.held_card, r.held_drawn = None, False
    for seat in reversed(r.playing_seats()):
        if seat not in settled:
            r.pay(seat, 0, "round void: returned", "RD-15")
    for payment in list(r.settled):
        r.queue.extend(undone(payment))
    r.phase = Phase.PAY if r.queue else (Phase.CLEAR if r.cards else Phase.OVER)
    return f"round void by {by}: every ante and raise returned"


def undone(payment: Payment) -> list[Payment]:
    """A settlement already made in a round now void, reversed: what was collected goes back to
    the seat, what was paid back to the house (payments of no stake: nothing is staked twice)."""
    out = []
    if payment.collected:
        out.append(
            Payment(
                payment.seat,
                payment.bet,
                0,
                0,
                0,
                payment.collected,
                f"{payment.bet}, collected",
                "RD-15",
            )
        )
    if payment.paid:
        out.append(
            Payment(
                payment.seat,
                payment.bet,
                0,
                payment.paid,
                0,
                0,
                f"{payment.bet}, paid",
                "RD-15",
                owed=payment.paid,
            )
        )  # beyond any stake
    return out


def resolve(r: Round, name: str, by: str) -> str:
    irr = r.irregularity
    if irr is None:
        raise Refusal("there is no irregularity to resolve")
    legal = resolutions(r)
    if name not in legal:
        raise Refusal(f"{irr.kind} is resolved by {' or '.join(legal)} (A4)", legal)
    held, r.irregularity = r.held_card, None
    r.held_card, r.held_drawn, drawn = None, False, r.held_drawn
    if held is None:  # a hardware hold
        return f"accepted by {by}"
    if name == ACCEPT_CARD:
        for seat in r.playing_seats():
            r.decided.setdefault(seat, "call")
        r.phase = Phase.CARD3
        place(r, held)
        return f"{held.code} accepted as dealer/card3 by {by}; seats that had not decided call"
    if drawn:
        r.shoe = r.shoe.burn(held)
    return f"{held.code} burned to the discard by {by}"


def resolutions(r: Round) -> tuple[str, ...]:
    """The pit-boss controls that resolve the open irregularity (A4)."""
    irr = r.irregularity
    if irr is None:
        return ()
    if irr.kind == "hardware":
        return (ACCEPT_CARD, VOID_HAND)
    if irr.kind == "wrong_spot":
        return (VOID_HAND,)
    if irr.kind == "unexpected_card" and r.phase == Phase.RAISE and not r.queue:
        return (ACCEPT_CARD, BURN_CARD, VOID_HAND)
    return (BURN_CARD, VOID_HAND)
