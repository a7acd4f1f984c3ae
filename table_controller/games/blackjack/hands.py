"""One seat's hands and bets in a blackjack round, and the pure arithmetic of totals, blackjack and
the Dead Man's Hand outcome (rules document sections 1, 5 and 6)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction

from table_controller.cards import Card
from table_controller.games.blackjack.paytables import OUTCOME_WORDS, SETS, Paytable

TEN_VALUES = frozenset({"10", "J", "Q", "K"})
DMH_RANKS = frozenset({"A", "8"})


def total(cards: list[Card]) -> tuple[int, bool]:
    """(total, soft): aces count 11 where that does not bust, and then the total is soft."""
    hard = sum(c.value for c in cards)
    if any(c.rank == "A" for c in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def total_words(cards: list[Card]) -> str:
    value, soft = total(cards)
    return f"soft {value}" if soft else str(value)


def is_ten(card: Card) -> bool:
    return card.rank in TEN_VALUES


def is_natural(cards: list[Card]) -> bool:
    """An ace and a ten-value card as the first two cards."""
    return len(cards) == 2 and total(cards)[0] == 21


def same_rank_pair(cards: list[Card]) -> bool:
    return len(cards) == 2 and cards[0].rank == cards[1].rank


@dataclass
class Hand:
    cards: list[Card] = field(default_factory=list)
    stake: int = 0  # the hand's bet; doubled: twice it
    split: bool = False  # made by a split (21 on two cards is not a blackjack)
    doubled: bool = False
    surrendered: bool = False
    stood: bool = False  # the player's play of this hand is over
    want_card: bool = False  # the seat said hit: the next card comes here
    settled: bool = False  # its stake has been settled
    outcome: str | None = None  # win, lose, push, blackjack, surrender, bust, even money
    net: int = 0

    @property
    def total(self) -> int:
        return total(self.cards)[0]

    @property
    def blackjack(self) -> bool:
        return not self.split and is_natural(self.cards)

    @property
    def bust(self) -> bool:
        return self.total > 21


@dataclass
class SeatPlay:
    """A seat's bets and hands in one round."""

    seat: str
    main: int = 0
    side: int = 0
    insurance: int | None = None  # None: not asked (yet); 0: declined
    even_money: bool = False
    hands: list[Hand] = field(default_factory=list)
    pair: str | None = None  # "A" or "8" while a pair side bet is in action
    side_outcome: str | None = None  # the DMH id it was settled by, or DMH-LOSE
    side_net: int = 0
    turn_over: bool = False

    @property
    def first(self) -> Hand:
        return self.hands[0]

    def clone(self) -> SeatPlay:
        new = copy.copy(self)
        new.hands = [copy.copy(h) for h in self.hands]
        for hand in new.hands:
            hand.cards = list(hand.cards)
        return new


def side_bet_at_deal(cards: list[Card]) -> str | None:
    """DMH-1..4 on the first two cards: LOSE, ONE, S1, or None (a pair stays in action)."""
    ranks = [c.rank for c in cards]
    hits = [r for r in ranks if r in DMH_RANKS]
    if not hits:
        return "DMH-LOSE"
    if len(hits) == 1:
        return "DMH-ONE"
    if hits[0] != hits[1]:
        return "DMH-S1"
    return None


def sets_made(hands: list[Hand]) -> int:
    """Split hands whose first two cards are an ace and an eight (DMH-4c); hits after the
    second card do not count, and a re-split hand's new second card is the one that counts."""
    return sum(
        1
        for h in hands
        if h.split and len(h.cards) >= 2 and {h.cards[0].rank, h.cards[1].rank} == DMH_RANKS
    )


def pair_outcome(sets: int, table: Paytable, *, lose_excess: bool) -> str:
    """The row a pair side bet is settled by when the seat's turn ends (DMH-4b, 4c, B16)."""
    if sets == 0:
        return "DMH-S0"
    row = SETS[-sets] if sets <= len(SETS) else SETS[0]
    if table.pay(row) is not None:
        return row
    if lose_excess:
        return "DMH-LOSE"
    offered = [r for r in SETS if table.pay(r) is not None and SETS.index(r) >= SETS.index(row)]
    return offered[0] if offered else "DMH-S0"


def side_pay(outcome: str, stake: int, table: Paytable) -> tuple[int, str]:
    """(net winnings in cents, words) for a side bet settled by ``outcome``; 0 when it loses."""
    pay = table.pay(outcome) if outcome != "DMH-LOSE" else None
    if pay is None:
        return 0, OUTCOME_WORDS["DMH-LOSE"]
    return int(stake * pay), f"{OUTCOME_WORDS[outcome]}, {odds(pay)}"


def odds(pay: Fraction) -> str:
    return (
        f"{pay.numerator} to {pay.denominator}" if pay.denominator != 1 else f"{pay.numerator} to 1"
    )
