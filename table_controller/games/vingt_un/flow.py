"""What each event does to a Vingt-un round, and where the round goes next (rules section 4).

The round moves through named steps (:data:`STEPS`); a step runs once every queued payment is
confirmed (control ``paid``) and every prompt that moves chips or cards is done (``done``).
"""

from __future__ import annotations

from table_controller.cards import Card
from table_controller.engine import Refusal
from table_controller.games.vingt_un.hands import Hand, SeatPlay, is_natural_pair, total
from table_controller.games.vingt_un.round import HOUSE, Phase, Round, seat_words
from table_controller.games.vingt_un.settle import bank_after_round, offer_next, settle_standing
from table_controller.money import money

DONE = "done"  # the dealer moved the chips or cards a prompt asked for (V-21)
SEATS_IN = "seats_in"  # the dealer marked the seats playing this round (V-12)
BURN_CARD = "burn_card"  # pit boss: the held card goes to the pone pile unused (V-36)
AMOUNT_ACTIONS = ("stake", "divide")


def proceed(r: Round) -> None:
    """Run the round's next steps while nothing waits for the dealer."""
    while not r.queue and not r.confirm and r.after and r.irregularity is None:
        step, r.after = r.after, ""
        STEPS[step](r)


# ----- the opening, the seats, the first cards, the stakes, the double ----------------------------
def start_first(r: Round) -> None:
    order = r.deal_order()
    if not order:
        raise Refusal("mark at least one seat in (SIT IN) before the first card (V-12)")
    r.plays = {s: SeatPlay(s, [Hand()]) for s in order}
    r.order = [(s, 0, f"{s}/h1/card1") for s in order] + [("banker", -1, "banker/card1")]
    r.phase = Phase.FIRST


def after_first(r: Round) -> None:
    r.phase = Phase.STAKES


def stake(r: Round, seat: str, amount: int | None) -> str:
    lim = r.limits
    if amount is None or not lim.min_stake <= amount <= lim.max_stake:
        shown = "no amount" if amount is None else money(amount)
        raise Refusal(
            f"a stake lies from {money(lim.min_stake)} to {money(lim.max_stake)} (got {shown}) (V-13)"
        )
    play = r.plays[seat]
    play.stake = play.hands[0].stake = amount
    if all(r.plays[s].stake for s in r.deal_order()):
        r.after = "double"
        proceed(r)
    return f"{seat_words(seat)} stakes {money(amount)}"


def double_step(r: Round) -> None:
    """V-14 by V3 for the house; a seat banker decides."""
    if r.banker != HOUSE:
        r.phase = Phase.DOUBLE
        return
    first = r.banker_cards[0]
    if r.sw.V3 == "ace_or_ten" and (first.rank == "A" or first.value == 10):
        call_double(r)
    else:
        r.note = "No double."
        r.after = "second"


def call_double(r: Round) -> None:
    r.doubled = True
    for seat in r.deal_order():
        for hand in r.plays[seat].hands:
            hand.stake *= 2
    each = ", ".join(f"{seat_words(s)} {money(r.plays[s].hands[0].stake)}" for s in r.deal_order())
    r.confirm = f"Banker calls DOUBLE: every seat adds its stake again ({each})"
    r.after = "second"


def second_step(r: Round) -> None:
    r.phase = Phase.SECOND
    r.order = [(s, 0, f"{s}/h1/card2") for s in r.deal_order()] + [("banker", -1, "banker/card2")]


def after_second(r: Round) -> None:
    r.after = "naturals"
    proceed(r)


def naturals_step(r: Round) -> None:
    """V-15 (the banker's natural ends the round) or V-16 (each seat's natural paid at once)."""
    if is_natural_pair(r.banker_cards):
        r.banker_up = True
        r.note = "Banker has a natural: turn it up."
        for seat in r.deal_order():
            hand = r.plays[seat].hands[0]
            if hand.is_natural:
                hand.natural = hand.turned_up = True
                hand.outcome = "tie"
                r.pay(seat, 0, 0, "natural against the banker's natural: a tie; turn it up", "V-15")
            else:
                hand.outcome = "lose"
                r.pay(seat, 0, -2 * hand.stake, "the banker's natural: double stake", "V-15")
        r.after = "gather"
        return
    for seat in r.deal_order():
        hand = r.plays[seat].hands[0]
        if hand.is_natural:
            hand.natural = hand.turned_up = hand.gone = True
            hand.outcome = "natural"
            r.shoe = r.shoe.discard(*hand.cards)
            r.naturals_paid.append(seat)
            r.pay(
                seat,
                0,
                2 * hand.stake,
                "a natural, double stake: turn it up, then onto the pone pile",
                "V-16",
            )
    r.after = "play"


# ----- the seats' play ----------------------------------------------------------------------------
def play_step(r: Round) -> None:
    r.phase = Phase.PLAY
    r.turn = None
    next_turn(r)


def next_turn(r: Round) -> None:
    """V-17: the next hand in deal order, hands ascending; a hand on 21 stands at once."""
    for seat, index, hand in r.hands_in_order():
        if hand.stood or hand.over or hand.natural or hand.settled:
            continue
        r.turn = (seat, index)
        if hand.total == 21:
            hand.stood = True
            continue
        return
    r.turn = None
    r.after = "banker"
    proceed(r)


def draw_card(r: Round, c: Card) -> None:
    seat, index = r.turn  # type: ignore[misc]
    hand = r.plays[seat].hands[index]
    hand.cards.append(c)
    hand.drawn += 1
    r.hand_wants = False
    value = hand.total
    if value > 21:
        hand.over, hand.gone, hand.outcome = True, True, "over-drawn"
        r.shoe = r.shoe.discard(*hand.cards)
        r.pay(
            seat,
            index,
            -hand.stake,
            f"over-drawn with {value}: throw the hand on the pone pile unexposed",
            "V-17",
        )
        r.after = "next_turn"
        proceed(r)
    elif value == 21:
        hand.stood = True
        next_turn(r)


def divide(r: Round, seat: str, index: int, amount: int | None) -> str:
    """V-23: card2 becomes the next hand's card1 with its own stake; then two completing cards."""
    lim = r.limits
    if amount is None or not lim.min_stake <= amount <= lim.max_stake:
        shown = "no amount" if amount is None else money(amount)
        raise Refusal(
            f"a divided hand's stake lies from {money(lim.min_stake)} to {money(lim.max_stake)} (got {shown}) (V-23)"
        )
    placed = amount * 2 if r.doubled and r.sw.V5 == "doubled" else amount
    hands = r.plays[seat].hands
    hand = hands[index]
    moved = hand.cards.pop()
    hand.divided = True
    hands.append(Hand([moved], placed, divided=True))
    k = len(hands)
    r.order = [(seat, index, f"{seat}/h{index + 1}/card2"), (seat, k - 1, f"{seat}/h{k}/card2")]
    r.confirm = (
        f"{seat_words(seat)} divides: move hand {index + 1}'s second card to {seat}/h{k}/card1 "
        f"and place {money(placed)} on its stake"
    )
    return f"{seat_words(seat)} hand {index + 1} divides, {money(placed)} on hand {k}"


def after_completing(r: Round) -> None:
    """The completing cards are down: the divided hand plays on (21 stands at once)."""
    next_turn(r)


# ----- the banker ---------------------------------------------------------------------------------
def banker_step(r: Round) -> None:
    """V-18: turn up the banker's cards; draw only if a hand stands."""
    r.phase = Phase.BANKER
    r.banker_up = True
    value, soft = total(r.banker_cards)
    if not r.standing():
        r.note = f"Turn up the banker's cards ({value}): no hand stands, the banker draws nothing."
        r.after = "gather"
        return
    r.note = f"Turn up the banker's cards ({'soft ' if soft else ''}{value})."
    check_banker(r)


def check_banker(r: Round) -> None:
    value = total(r.banker_cards)[0]
    if value >= 21 or (r.banker == HOUSE and not r.banker_draws()):
        r.after = "settle"
        proceed(r)


def banker_card(r: Round, c: Card) -> None:
    r.banker_cards.append(c)
    r.banker_wants = False
    check_banker(r)


# ----- the end of the round -----------------------------------------------------------------------
def gather_step(r: Round) -> None:
    r.confirm = "Put every card on the layout on the pone pile"
    r.after = "collect"


def collect_step(r: Round) -> None:
    """V-20: the layout onto the pone pile, the stock not reassembled; then the bank (V-32)."""
    r.shoe = r.shoe.discard(*r.layout_cards())
    for _, _, hand in r.hands_in_order():
        hand.gone = True
    r.gathered = True
    target = bank_after_round(r)
    if target is None:
        r.after = "end"
        return
    offer_next(r, target)


def end_step(r: Round) -> None:
    r.phase = Phase.OVER
    r.turn = None


STEPS = {
    "double": double_step,
    "second": second_step,
    "naturals": naturals_step,
    "play": play_step,
    "next_turn": next_turn,
    "banker": banker_step,
    "settle": settle_standing,
    "gather": gather_step,
    "collect": collect_step,
    "end": end_step,
}
