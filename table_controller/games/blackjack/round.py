"""One blackjack round as a mutable model the pure game folds its events into.

The game (:mod:`machine`) never changes a round it has handed out: it copies the round, steps
the copy with one event and hands out the copy. Here the rules run in the order section 4 of
the rules document gives: bets (BJ-1), the shuffle and burn (BJ-3), first and second cards
(BJ-4, BJ-5), side bets by the up card (BJ-6), insurance (BJ-7), the peek (BJ-8), the seats'
turns (BJ-9..11), the dealer (BJ-12) and the settlement (BJ-13), each payment a prompt the
dealer confirms (``Expected.payment`` / control ``paid``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum

from table_controller.cards import Card
from table_controller.engine import DealTo, Irregularity, Payment
from table_controller.games.blackjack.hands import (
    Hand,
    SeatPlay,
    is_natural,
    is_ten,
    odds,
    pair_outcome,
    same_rank_pair,
    sets_made,
    side_bet_at_deal,
    side_pay,
    total,
)
from table_controller.games.blackjack.paytables import OUTCOME_WORDS, Paytable
from table_controller.games.blackjack.switches import Switches
from table_controller.money import money
from table_controller.shoe import Shoe


class Phase(StrEnum):
    """A round's phases, equal to the words its log headers and prompts hold."""

    SHUFFLE = "shuffle"
    BURN = "burn"
    BETTING = "betting"
    INITIAL = "initial"
    INSURANCE = "insurance"
    PLAY = "play"
    DEALER = "dealer"
    OVER = "over"


@dataclass(frozen=True)
class Limits:
    """The table's limits, integer cents (BJ-1)."""

    main_min: int = 500
    main_max: int = 100_000
    side_max: int | None = None  # the house's side-bet maximum (none by default)


def seat_words(seat: str) -> str:
    return f"SEAT {seat[4:]}" if seat.startswith("seat") else seat.upper()


@dataclass
class Round:
    sw: Switches
    paytable: Paytable
    limits: Limits
    seats: tuple[str, ...]
    shoe: Shoe
    burns_left: int = 0
    needs_shuffle: bool = False
    cut_reached: bool = False
    phase: Phase = Phase.BETTING  # shuffle, burn, betting, initial, insurance, play, dealer, over
    plays: dict[str, SeatPlay] = field(default_factory=dict)
    dealer: list[Card] = field(default_factory=list)
    hole_turned: bool = False
    order: list[tuple[str, str]] = field(
        default_factory=list
    )  # initial deal: (seat or dealer, spot)
    queue: list[Payment] = field(default_factory=list)
    after_queue: str = ""  # what the round does once the queued payments are made
    insurance_seats: list[str] = field(default_factory=list)
    turn: tuple[str, int] | None = None  # (seat, hand index) on turn
    note: str = ""  # words for the dealer in front of the next instruction
    irregularity: Irregularity | None = None
    held_card: Card | None = None
    void: bool = False
    settled: list[Payment] = field(default_factory=list)

    def clone(self) -> Round:
        """A copy to step: every list and hand its own, the cards and the shoe shared (values)."""
        new = copy.copy(self)
        new.plays = {seat: play.clone() for seat, play in self.plays.items()}
        new.dealer, new.order, new.queue = list(self.dealer), list(self.order), list(self.queue)
        new.insurance_seats, new.settled = list(self.insurance_seats), list(self.settled)
        return new

    # ----- queries ------------------------------------------------------------------------------
    def betting_seats(self) -> list[str]:
        return [s for s in self.seats if s in self.plays and self.plays[s].main > 0]

    def dealer_blackjack(self) -> bool:
        return len(self.dealer) >= 2 and is_natural(self.dealer[:2])

    def can_have_blackjack(self) -> bool:
        return bool(self.dealer) and (self.dealer[0].rank == "A" or is_ten(self.dealer[0]))

    def hand_on_turn(self) -> Hand | None:
        return None if self.turn is None else self.plays[self.turn[0]].hands[self.turn[1]]

    def next_deal(self) -> DealTo | None:
        if self.irregularity is not None or self.queue:
            return None
        if self.phase == Phase.BURN:
            return DealTo("burn", None, "burn", "Burn one card", face_down=True)
        if self.phase == Phase.BETTING:
            seats = self.betting_seats()
            return (
                None
                if not seats
                else DealTo(
                    f"{seats[0]}/h1/card1",
                    seats[0],
                    "initial",
                    f"{seat_words(seats[0])} first card",
                )
            )
        if self.phase == Phase.INITIAL and self.order:
            who, spot = self.order[0]
            if who == "dealer":
                label = (
                    "the dealer's up card"
                    if spot == "dealer/up"
                    else "the dealer's hole card (face down)"
                )
                return DealTo(spot, None, "initial", label, face_down=spot != "dealer/up")
            card = "second" if spot.endswith("card2") else "first"
            return DealTo(spot, who, "initial", f"{seat_words(who)} {card} card")
        if self.phase == Phase.PLAY and self.turn is not None:
            seat, index = self.turn
            hand = self.plays[seat].hands[index]
            if len(hand.cards) < 2 or (self._wants_card(hand)):
                n = len(hand.cards) + 1
                words = (
                    f"{self._hand_words(seat, index)}, {'second card' if n == 2 else f'card {n}'}"
                )
                purpose = "double" if hand.doubled else ("split" if n == 2 else "hit")
                return DealTo(f"{seat}/h{index + 1}/card{n}", seat, purpose, words)
        if self.phase == Phase.DEALER and self._dealer_draws():
            n = len(self.dealer) + 1
            spot = "dealer/card2" if n == 2 else f"dealer/card{n}"
            return DealTo(
                spot,
                None,
                "dealer",
                "the dealer's second card" if n == 2 else f"the dealer's card {n}",
            )
        return None

    def decisions(self) -> dict[str, tuple[str, ...]]:
        if self.irregularity is not None or self.queue:
            return {}
        if self.phase == Phase.INSURANCE and self.insurance_seats:
            seat = self.insurance_seats[0]
            first = "even_money" if self.plays[seat].first.blackjack else "insurance"
            return {seat: (first, "no_insurance")}
        if self.phase == Phase.PLAY and self.turn is not None and self.next_deal() is None:
            return {self.turn[0]: self.legal_plays(*self.turn)}
        return {}

    def legal_plays(self, seat: str, index: int) -> tuple[str, ...]:
        play, hand = self.plays[seat], self.plays[seat].hands[index]
        if hand.stood or len(hand.cards) < 2:
            return ()
        split_aces = hand.split and hand.cards[0].rank == "A" and self.sw.B9 == "no"
        acts = [] if split_aces else ["hit"]
        acts.append("stand")
        two = len(hand.cards) == 2
        if two and not split_aces and self._may_double(hand):
            acts.append("double")
        if two and self._may_split(play, hand):
            acts.append("split")
        if (
            two
            and self.sw.B10 == "late"
            and self.sw.peek
            and not hand.split
            and len(play.hands) == 1
        ):
            acts.append("surrender")
        return tuple(acts)

    def _may_double(self, hand: Hand) -> bool:
        if hand.split and self.sw.B7 == "no":
            return False
        value = total(hand.cards)[0]
        return {"any": True, "9-11": 9 <= value <= 11, "10-11": 10 <= value <= 11}[self.sw.B6]

    def _may_split(self, play: SeatPlay, hand: Hand) -> bool:
        if not same_rank_pair(hand.cards):
            return False
        rank = hand.cards[0].rank
        most = self.paytable.max_hands(rank) if rank in ("A", "8") else int(self.sw.B8)
        return len(play.hands) < most

    def _wants_card(self, hand: Hand) -> bool:
        """A doubled hand's one card; split aces' one card each."""
        return (hand.doubled and len(hand.cards) == 2 and not hand.stood) or hand.want_card

    def _hand_words(self, seat: str, index: int) -> str:
        many = len(self.plays[seat].hands) > 1
        return f"{seat_words(seat)}, hand {index + 1}" if many else seat_words(seat)

    def _dealer_draws(self) -> bool:
        if not self.sw.peek and len(self.dealer) == 1:
            return self._anything_waits_for_dealer()
        if not self._hands_against_dealer():
            return False
        value, soft = total(self.dealer)
        return value < 17 or (value == 17 and soft and self.sw.B2 == "h17")

    def _hands_against_dealer(self) -> list[tuple[str, int]]:
        return [
            (s, i)
            for s in self.betting_seats()
            for i, h in enumerate(self.plays[s].hands)
            if not h.settled and not h.bust and not h.surrendered
        ]

    def _anything_waits_for_dealer(self) -> bool:
        return bool(self._hands_against_dealer()) or any(
            (p.insurance or 0) > 0 or p.pair is not None for p in self.plays.values()
        )

    # ----- money ------------------------------------------------------------------------------------
    def pay(
        self,
        seat: str,
        bet: str,
        staked: int,
        net: int,
        reason: str,
        rule: str,
        hand: int | None = None,
    ) -> None:
        """Queue one settlement: ``net`` > 0 wins, 0 pushes, < 0 loses that much of the stake."""
        if net >= 0:
            payment = Payment(seat, bet, staked, 0, staked, net, reason, rule, hand)
        else:
            payment = Payment(seat, bet, staked, -net, staked + net, 0, reason, rule, hand)
        self.queue.append(payment)

    def instruction_for(self, payment: Payment) -> str:
        who = seat_words(payment.seat)
        if payment.hand is not None and len(self.plays[payment.seat].hands) > 1:
            who += f" hand {payment.hand}"
        bet = {"main": "main bet", "side": "side bet", "insurance": "insurance"}.get(
            payment.bet, payment.bet
        )
        if payment.rule == "VOID" and not payment.staked:  # a settlement undone by a void
            if payment.paid:
                return f"Return {money(payment.paid)} to {who} ({payment.reason})"
            return f"Take back {money(payment.collected)} from {who} ({payment.reason})"
        if payment.collected and not payment.returned:
            return f"Collect {who} {bet} {money(payment.collected)} ({payment.reason})"
        if payment.collected:
            return (
                f"Collect {who} {bet} {money(payment.collected)}, return "
                f"{money(payment.returned)} ({payment.reason})"
            )
        if payment.paid == 0:
            return f"Push {who} {bet}: return {money(payment.returned)} ({payment.reason})"
        reason = payment.reason.removeprefix(
            f"{bet}, "
        )  # "insurance, 2 to 1" on an insurance bet: said once
        return f"Pay {who} {bet}, {reason}: {money(payment.paid)}"

    # ----- the side bet ---------------------------------------------------------------------------
    def queue_side_bets_at_deal(self) -> None:
        """BJ-6: losing side bets collected first, then one ace or eight and ace-eight paid,
        right to left; a pair stays in action."""
        collect, pays = [], []
        for seat in reversed(self.betting_seats()):
            play = self.plays[seat]
            if play.side <= 0:
                continue
            outcome = side_bet_at_deal(play.first.cards)
            if outcome is None:
                play.pair = play.first.cards[0].rank
            elif outcome == "DMH-LOSE" or self.paytable.pay(outcome) is None:
                collect.append((seat, "DMH-LOSE"))
            else:
                pays.append((seat, outcome))
        for seat, outcome in collect + pays:
            self.settle_side(seat, outcome)

    def settle_side(self, seat: str, outcome: str) -> None:
        play = self.plays[seat]
        net, words = side_pay(outcome, play.side, self.paytable)
        play.side_outcome = outcome if net else "DMH-LOSE"
        play.side_net = net if net else -play.side
        play.pair = None
        rule = {"DMH-LOSE": "DMH-1", "DMH-ONE": "DMH-2", "DMH-S1": "DMH-3", "DMH-BJ": "DMH-4a"}.get(
            outcome, "DMH-4"
        )
        self.pay(seat, "side", play.side, play.side_net, words, rule)

    def settle_pair_at_turn_end(self, seat: str) -> None:
        """DMH-4b/4c when the seat's turn ends (peek game)."""
        play = self.plays[seat]
        outcome = pair_outcome(
            sets_made(play.hands), self.paytable, lose_excess=self.sw.B16 == "lose_excess"
        )
        self.settle_side(seat, outcome)

    def settle_pair_enhc(self, seat: str, dealer_bj: bool) -> None:
        """DMH-6: under ENHC the pair waits for the dealer's second card; with a dealer
        blackjack it is paid the higher of DMH-BJ and its sets' row."""
        play = self.plays[seat]
        outcome = pair_outcome(
            sets_made(play.hands), self.paytable, lose_excess=self.sw.B16 == "lose_excess"
        )
        if dealer_bj:
            bj = self.paytable.pay("DMH-BJ")
            mine = self.paytable.pay(outcome) if outcome != "DMH-LOSE" else None
            if bj is not None and (mine is None or bj >= mine):
                outcome = "DMH-BJ"
        self.settle_side(seat, outcome)

    # ----- odds words ----------------------------------------------------------------------------
    def blackjack_pay(self, stake: int) -> tuple[int, str]:
        if self.sw.B5 == "6:5":
            return stake * 6 // 5, "blackjack 6 to 5"
        return stake * 3 // 2, "blackjack 3 to 2"

    @staticmethod
    def outcome_words(outcome: str) -> str:
        return OUTCOME_WORDS.get(outcome, outcome)

    @staticmethod
    def pay_words(pay: object) -> str:
        return odds(pay)  # type: ignore[arg-type]
