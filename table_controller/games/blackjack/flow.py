"""What each event does to a blackjack round, and where the round goes next (rules section 4)."""

from __future__ import annotations

from table_controller.cards import Card
from table_controller.engine import Irregularity, Payment, Refusal
from table_controller.events import (
    ACCEPT_CARD,
    NEW_DECK,
    PAID,
    RESHUFFLE,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Wager,
)
from table_controller.games.blackjack.hands import Hand, SeatPlay, total
from table_controller.games.blackjack.round import Phase, Round, seat_words
from table_controller.money import money
from table_controller.shoe import Shoe

CUT_CARD = (
    "cut_card"  # the dealer (or the shoe's report) marks the cut card: shuffle after this round
)


# ----- wagers -----------------------------------------------------------------------------------
BETS_OPEN = (Phase.BETTING, Phase.SHUFFLE, Phase.BURN)  # the phases a bet may be placed in (BJ-1)


def wager(r: Round, event: Wager) -> str:
    if r.phase not in BETS_OPEN:
        raise Refusal("bets are locked once the first card is dealt (BJ-1)")
    if event.seat not in r.seats:
        raise Refusal(f"no seat {event.seat!r} at this table (seats: {', '.join(r.seats)})")
    play = r.plays.setdefault(event.seat, SeatPlay(event.seat))
    amount, lim = event.amount, r.limits
    if event.bet == "main":
        if amount and not lim.main_min <= amount <= lim.main_max:
            raise Refusal(
                f"a main bet lies from {money(lim.main_min)} to {money(lim.main_max)} (got {money(amount)})"
            )
        if amount == 0 and play.side:
            raise Refusal("take the side bet down first: a side bet needs a main bet (BJ-1)")
        if amount and play.side > amount:
            raise Refusal(f"the side bet {money(play.side)} may not exceed the main bet (BJ-1)")
        play.main = amount
    elif event.bet == "side":
        if amount and play.main <= 0:
            raise Refusal("a side bet needs a main bet on the same seat (BJ-1)")
        if amount and amount < 100:
            raise Refusal(f"a side bet is at least $1.00 (got {money(amount)})")
        if amount > play.main:
            raise Refusal(
                f"a side bet may not exceed the seat's main bet {money(play.main)} (BJ-1)"
            )
        if lim.side_max is not None and amount > lim.side_max:
            raise Refusal(f"the house's side-bet maximum is {money(lim.side_max)}")
        play.side = amount
    else:
        raise Refusal(f"blackjack takes bets 'main' and 'side' (got {event.bet!r})")
    if event.amount < 0:
        raise Refusal("a bet is a positive amount of cents")
    return f"{seat_words(event.seat)} {event.bet} bet {money(amount)}"


# ----- cards ------------------------------------------------------------------------------------
def card(r: Round, event: CardArrived) -> str | Irregularity:
    c = event.card
    if not r.shoe.can_hold(c) or c.is_joker:
        r.held_card = c
        return Irregularity("impossible_card", f"BJ-I2: {r.shoe.why_impossible(c)}", (c.code,))
    deal = r.next_deal()
    if deal is None:
        r.shoe = r.shoe.draw(c)
        r.held_card = c
        waiting = "a payment to be confirmed" if r.queue else "a decision"
        return Irregularity(
            "unexpected_card",
            f"BJ-I1: {c.code} arrived while the table waits for {waiting}",
            (c.code,),
        )
    if (
        event.spot is not None
        and event.spot != deal.spot
        and not deal.spot.startswith(f"{event.spot}/")
    ):
        # a camera names the place (seat3, dealer) the card lies on; a spot of another is BJ-I3
        r.shoe = r.shoe.draw(c)
        r.held_card = c
        return Irregularity(
            "misplaced_card",
            f"BJ-I3: {c.code} is at {event.spot}; it belongs at {deal.spot}",
            (c.code,),
        )
    r.shoe = r.shoe.draw(c)
    if len(r.shoe.drawn) >= r.shoe.size * int(r.sw.B12) // 100:
        r.cut_reached = True  # BJ-14: this round is finished, then the shoe is shuffled
    place(r, c, deal.spot)
    return f"{c.code} to {deal.label}"


def place(r: Round, c: Card, spot: str) -> None:
    """Put a card where the next deal said, then move the round on."""
    if spot == "burn":
        r.shoe = r.shoe.burn(c)
        r.burns_left -= 1
        if r.burns_left <= 0:
            r.phase = Phase.BETTING
        return
    if r.phase == Phase.BETTING:  # the first card locks the bets
        start_initial(r)
    if r.phase == Phase.INITIAL:
        who, _ = r.order.pop(0)
        (r.dealer if who == "dealer" else r.plays[who].first.cards).append(c)
        if not r.order:
            after_initial(r)
        return
    if r.phase == Phase.PLAY:
        seat, index = r.turn  # type: ignore[misc]
        hand = r.plays[seat].hands[index]
        hand.cards.append(c)
        after_hand_card(r, seat, index)
        return
    if r.phase == Phase.DEALER:
        r.dealer.append(c)
        if len(r.dealer) == 2 and not r.sw.peek:
            after_enhc_second(r)
        elif not r._dealer_draws():
            settle_all(r)


def start_initial(r: Round) -> None:
    seats = r.betting_seats()
    for seat in seats:
        r.plays[seat].hands = [Hand(stake=r.plays[seat].main)]
    first = [(s, f"{s}/h1/card1") for s in seats] + [("dealer", "dealer/up")]
    second = [(s, f"{s}/h1/card2") for s in seats] + (
        [("dealer", "dealer/hole")] if r.sw.peek else []
    )
    r.order = first + second
    r.phase = Phase.INITIAL


def after_initial(r: Round) -> None:
    """BJ-6, then BJ-7 or BJ-8 or play."""
    r.queue_side_bets_at_deal()
    r.after_queue = "insurance_or_peek"
    proceed(r)


def proceed(r: Round) -> None:
    """Whatever the round does once the queued payments are made."""
    while not r.queue and r.after_queue:
        step, r.after_queue = r.after_queue, ""
        {
            "insurance_or_peek": insurance_or_peek,
            "peek": peek,
            "play": start_play,
            "next_turn": next_turn,
            "dealer": start_dealer,
            "over": end,
        }[step](r)


def insurance_or_peek(r: Round) -> None:
    if r.dealer[0].rank == "A" and r.sw.B11 == "yes":
        r.insurance_seats = list(r.betting_seats())
        r.phase = Phase.INSURANCE
        return
    r.after_queue = "peek"


def peek(r: Round) -> None:
    if not (r.sw.peek and r.can_have_blackjack()):
        r.after_queue = "play"
        return
    if r.dealer_blackjack():
        r.hole_turned = True
        r.note = "Dealer has blackjack: turn the hole card."
        dealer_blackjack_settlement(r)
        r.after_queue = "over"
        return
    r.note = "No blackjack: play on."
    for seat in reversed(r.betting_seats()):
        play = r.plays[seat]
        if play.insurance:
            r.pay(seat, "insurance", play.insurance, -play.insurance, "no dealer blackjack", "BJ-8")
    r.after_queue = "play"


def dealer_blackjack_settlement(r: Round, *, enhc: bool = False) -> None:
    """BJ-8: right to left, each main bet collected (B4 under ENHC), each player blackjack
    pushed, each insurance paid 2 to 1; then each pair side bet (DMH-4a / DMH-6)."""
    for seat in reversed(r.betting_seats()):
        play = r.plays[seat]
        for index in reversed(range(len(play.hands))):
            hand = play.hands[index]
            if hand.settled:
                continue
            hand.settled, hand.stood = True, True
            if hand.blackjack:
                hand.outcome = "push"
                r.pay(
                    seat,
                    "main",
                    hand.stake,
                    0,
                    "blackjack against the dealer's blackjack",
                    "BJ-8",
                    index + 1,
                )
            elif enhc and r.sw.B4 == "original" and (hand.stake > play.main or index > 0):
                lost = play.main if index == 0 else 0
                # B4: a bet returned is a push
                hand.outcome, hand.net = "lose" if lost else "push", -lost
                r.pay(
                    seat,
                    "main",
                    hand.stake,
                    -lost,
                    "dealer blackjack: only the original bet is lost (B4)",
                    "BJ-12",
                    index + 1,
                )
            else:
                hand.outcome, hand.net = "lose", -hand.stake
                r.pay(seat, "main", hand.stake, -hand.stake, "dealer blackjack", "BJ-8", index + 1)
        if play.insurance:
            r.pay(
                seat, "insurance", play.insurance, 2 * play.insurance, "insurance, 2 to 1", "BJ-8"
            )
    for seat in reversed(r.betting_seats()):
        if r.plays[seat].pair is not None:
            if enhc:
                r.settle_pair_enhc(seat, dealer_bj=True)
            else:
                r.settle_side(seat, "DMH-BJ")


def start_play(r: Round) -> None:
    r.phase = Phase.PLAY
    r.turn = None
    next_turn(r)


def next_turn(r: Round) -> None:
    """The next hand to play, seat1 first; a seat's blackjack is paid when its turn comes."""
    seats = r.betting_seats()
    start_seat = 0 if r.turn is None else seats.index(r.turn[0])
    for seat in seats[start_seat:]:
        play = r.plays[seat]
        for index, hand in enumerate(play.hands):
            if hand.stood or hand.settled:
                continue
            if index == 0 and hand.blackjack and len(play.hands) == 1:
                hand.stood = True
                if r.sw.peek or not r.can_have_blackjack():
                    net, words = r.blackjack_pay(hand.stake)
                    hand.settled, hand.outcome, hand.net = True, "blackjack", net
                    r.turn = (seat, index)
                    r.pay(seat, "main", hand.stake, net, words, "BJ-9", 1)
                    r.after_queue = "next_turn"
                    return
                continue
            r.turn = (seat, index)
            if len(hand.cards) >= 2 and hand.total >= 21:
                hand.stood = True
                continue
            return
        end_seat_turn(r, seat)
        if r.queue:
            r.turn = (seat, len(play.hands) - 1)
            r.after_queue = "next_turn"
            return
    r.turn = None
    r.after_queue = "dealer"
    proceed(r)


def end_seat_turn(r: Round, seat: str) -> None:
    play = r.plays[seat]
    if play.turn_over:
        return
    play.turn_over = True
    if play.pair is not None and r.sw.peek:
        r.settle_pair_at_turn_end(seat)


def after_hand_card(r: Round, seat: str, index: int) -> None:
    hand = r.plays[seat].hands[index]
    hand.want_card = False
    split_aces = hand.split and hand.cards[0].rank == "A" and r.sw.B9 == "no"
    if (
        hand.doubled
        or hand.total >= 21
        or (split_aces and len(hand.cards) == 2 and "split" not in r.legal_plays(seat, index))
    ):
        hand.stood = True
    if hand.bust:
        hand.settled, hand.outcome, hand.net = True, "bust", -hand.stake
        r.pay(seat, "main", hand.stake, -hand.stake, f"bust with {hand.total}", "BJ-10", index + 1)
        r.after_queue = "next_turn"
        proceed(r)
        return
    if hand.stood:
        next_turn(r)


# ----- decisions ------------------------------------------------------------------------------
def decide(r: Round, event: Decision) -> str:
    legal = r.decisions().get(event.seat, ())
    if event.action not in legal:
        everyone = (
            "; ".join(f"{seat_words(s)}: {', '.join(a)}" for s, a in r.decisions().items())
            or "none"
        )
        raise Refusal(
            (
                f"{seat_words(event.seat)} cannot {event.action.upper().replace('_', ' ')} now "
                f"(BJ-I5); legal now: {everyone}"
            ),
            tuple(a for acts in r.decisions().values() for a in acts),
        )
    if event.action in ("insurance", "even_money", "no_insurance"):
        return insure(r, event)
    if event.amount is not None:
        raise Refusal(f"{event.action} takes no amount")
    seat, index = r.turn  # type: ignore[misc]
    play, hand = r.plays[seat], r.plays[seat].hands[index]
    words = f"{r._hand_words(seat, index)} {event.action}s"
    if event.action == "stand":
        hand.stood = True
        next_turn(r)
    elif event.action == "hit":
        hand.want_card = True  # the next card comes to this hand
    elif event.action == "double":
        hand.doubled, hand.stake = True, hand.stake * 2
    elif event.action == "split":
        moved = hand.cards.pop()
        hand.split = True
        play.hands.append(Hand(cards=[moved], stake=play.main, split=True))  # BJ-11: after the last
        words = f"{seat_words(seat)} splits {moved.rank}s (another {money(play.main)})"
    elif event.action == "surrender":
        hand.surrendered, hand.stood, hand.settled = True, True, True
        back = hand.stake // 2
        hand.outcome, hand.net = "surrender", -(hand.stake - back)
        r.pay(
            seat,
            "main",
            hand.stake,
            hand.net,
            "late surrender: half the bet returned",
            "BJ-10",
            index + 1,
        )
        r.after_queue = "next_turn"
        proceed(r)
    return words


def insure(r: Round, event: Decision) -> str:
    seat = event.seat
    play = r.plays[seat]
    r.insurance_seats.pop(0)
    if event.action == "insurance":
        most = play.main // 2
        if event.amount is None or not 1 <= event.amount <= most:
            r.insurance_seats.insert(0, seat)
            raise Refusal(
                f"insurance is an amount from $0.01 to half the main bet, {money(most)} (BJ-2)"
            )
        play.insurance = event.amount
        words = f"{seat_words(seat)} takes insurance {money(event.amount)}"
    elif event.action == "even_money":
        if event.amount is not None:
            r.insurance_seats.insert(0, seat)
            raise Refusal("even money takes no amount")
        hand = play.first
        hand.settled, hand.stood, hand.outcome, hand.net = True, True, "even money", hand.stake
        play.insurance = 0
        r.pay(seat, "main", hand.stake, hand.stake, "even money on a blackjack, 1 to 1", "BJ-7", 1)
        words = f"{seat_words(seat)} takes even money"
    else:
        play.insurance = 0
        words = f"{seat_words(seat)} declines insurance"
    if not r.insurance_seats:
        r.after_queue = "peek" if r.sw.peek else "play"
    proceed(r)
    return words


# ----- the dealer and the settlement ------------------------------------------------------------
def start_dealer(r: Round) -> None:
    r.phase = Phase.DEALER
    r.hole_turned = True
    if len(r.dealer) >= 2:
        value, soft = total(r.dealer)
        r.note = f"Turn the hole card: dealer {'soft ' if soft else ''}{value}."
    if not r._dealer_draws():
        settle_all(r)


def after_enhc_second(r: Round) -> None:
    """BJ-12 under ENHC: the dealer's second card; a blackjack settles as BJ-8 with B4."""
    if r.dealer_blackjack():
        r.note = "Dealer has blackjack."
        dealer_blackjack_settlement(r, enhc=True)
        r.after_queue = "over"
        proceed(r)
        return
    for seat in reversed(r.betting_seats()):
        play = r.plays[seat]
        if play.insurance:
            r.pay(seat, "insurance", play.insurance, -play.insurance, "no dealer blackjack", "BJ-7")
        if play.pair is not None:
            r.settle_pair_enhc(seat, dealer_bj=False)
        hand = play.first
        if len(play.hands) == 1 and hand.blackjack and not hand.settled:
            net, words = r.blackjack_pay(hand.stake)
            hand.settled, hand.outcome, hand.net = True, "blackjack", net
            r.pay(seat, "main", hand.stake, net, words, "BJ-9", 1)
    if not r._dealer_draws():
        settle_all(r)


def settle_all(r: Round) -> None:
    """BJ-13, right to left, each seat's last hand first."""
    dealer = total(r.dealer)[0] if r.dealer else 0
    bust = dealer > 21
    for seat in reversed(r.betting_seats()):
        hands = r.plays[seat].hands
        for index in reversed(range(len(hands))):
            hand = hands[index]
            if hand.settled:
                continue
            hand.settled = True
            doubled = " (doubled bet)" if hand.doubled else ""
            if bust or hand.total > dealer:
                hand.outcome, hand.net = "win", hand.stake
                why = f"dealer busts with {dealer}" if bust else f"{hand.total} beats {dealer}"
            elif hand.total == dealer:
                hand.outcome, hand.net = "push", 0
                why = f"{hand.total} ties {dealer}"
            else:
                hand.outcome, hand.net = "lose", -hand.stake
                why = f"{dealer} beats {hand.total}"
            r.pay(seat, "main", hand.stake, hand.net, why + doubled, "BJ-13", index + 1)
    r.after_queue = "over"
    proceed(r)


def end(r: Round) -> None:
    r.phase = Phase.OVER
    r.hole_turned = True


# ----- controls ------------------------------------------------------------------------------------
def control(r: Round, event: Control) -> str:
    name = event.control
    if name == PAID:
        if not r.queue:
            raise Refusal("there is no payment to confirm now")
        payment = r.queue.pop(0)
        r.settled.append(payment)
        proceed(r)
        return r.instruction_for(payment)
    if name == NEW_DECK:
        if r.phase not in (Phase.SHUFFLE, Phase.BETTING):
            raise Refusal("a new shuffle goes in between rounds (BJ-14)")
        r.shoe = Shoe.fresh(r.sw.decks)
        r.cut_reached = r.needs_shuffle = False
        r.burns_left = int(r.sw.B13)
        r.phase = Phase.BURN if r.burns_left else Phase.BETTING
        return "a new shuffle is loaded" + (f"; burn {r.burns_left} card" if r.burns_left else "")
    if name == RESHUFFLE:
        if r.shoe.remaining > 0 or not r.shoe.discarded:
            raise Refusal(
                "the shoe still holds cards: reshuffle the discards only when it is empty (BJ-14)"
            )
        r.shoe = r.shoe.reshuffle_discards()
        return "shoe empty: the discards are shuffled to finish the round"
    if name == CUT_CARD:
        r.cut_reached = True
        if r.phase == Phase.OVER:  # reported between rounds: the round it follows was the last
            return "the cut card came out after the round: the next round starts with a new shuffle (BJ-14)"
        return "the cut card came out: this round is finished, then the shoe is shuffled (BJ-14)"
    if name == VOID_HAND:
        if r.phase == Phase.OVER:
            raise Refusal("the round is over and settled; its result stands")
        return void(r, event.by)
    if name == ACCEPT_CARD:
        if r.irregularity is None:
            raise Refusal("there is no irregularity to accept")
        return accept(r, event.by)
    raise Refusal(f"{name} is not a control of this game")


def void(r: Round, by: str) -> str:
    """The pit boss voids the round (section 7: every bet returned): every bet still on the
    layout is returned, every bet already collected is handed back and every win already paid
    is taken back, each a payment the dealer confirms, so the round counts for nothing: every
    seat's net is 0."""
    pending, r.queue = r.queue, []  # not yet made: their bets are still on the layout
    for seat in reversed(r.betting_seats()):
        play = r.plays[seat]
        for index, hand in enumerate(play.hands):
            if hand.stake and (not hand.settled or _waiting(pending, seat, "main", index + 1)):
                r.pay(seat, "main", hand.stake, 0, "round void: bet returned", "VOID", index + 1)
            hand.settled, hand.outcome, hand.net = True, "void", 0
        if play.side and (play.side_outcome is None or _waiting(pending, seat, "side", None)):
            r.pay(seat, "side", play.side, 0, "round void: bet returned", "VOID")
        if play.side:
            play.side_outcome, play.side_net, play.pair = "VOID", 0, None
        if play.insurance and not any(p.seat == seat and p.bet == "insurance" for p in r.settled):
            r.pay(seat, "insurance", play.insurance, 0, "round void: bet returned", "VOID")
    for payment in list(r.settled):
        undo_settlement(r, payment)
    if not r.betting_seats() and r.phase == Phase.BETTING:
        for play in r.plays.values():
            play.main = play.side = 0
    r.irregularity = None
    r.void = True
    r.after_queue = "over"
    proceed(r)
    return f"round void by {by}"


def _waiting(pending: list[Payment], seat: str, bet: str, hand: int | None) -> bool:
    return any(p.seat == seat and p.bet == bet and p.hand == hand for p in pending)


VOID_BET_WORDS = {"main": "main bet", "side": "Dead Man's Hand", "insurance": "insurance"}


def undo_settlement(r: Round, payment: Payment) -> None:
    """A settlement already made in a round now void: what was collected goes back to the seat
    and what was paid comes back to the house, each a payment of no stake (nothing is staked
    twice), so staked + owed = collected + returned still holds for every payment."""
    what = VOID_BET_WORDS.get(payment.bet, payment.bet)
    if payment.collected:
        r.queue.append(
            Payment(
                payment.seat,
                payment.bet,
                0,
                0,
                0,
                payment.collected,
                f"{what}, collected",
                "VOID",
                payment.hand,
            )
        )
    if payment.paid:
        r.queue.append(
            Payment(
                payment.seat,
                payment.bet,
                0,
                payment.paid,
                0,
                0,
                f"{what}, paid",
                "VOID",
                payment.hand,
                owed=payment.paid,
            )
        )  # owed: beyond any stake


def accept(r: Round, by: str) -> str:
    """Accept the held card: one at the wrong spot goes where it belongs; any other is set aside."""
    held, kind = r.held_card, r.irregularity.kind  # type: ignore[union-attr]
    r.irregularity, r.held_card = None, None
    if held is None:
        return f"accepted by {by}"
    if kind == "misplaced_card":
        deal = r.next_deal()
        if deal is not None:
            place(r, held, deal.spot)
            return f"{held.code} accepted at {deal.spot} by {by}"
    if kind != "impossible_card":
        r.shoe = r.shoe.burn(held)
    return f"{held.code} set aside by {by}"
