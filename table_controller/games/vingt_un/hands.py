"""Totals, naturals and pairs (rules V-2 to V-4, V-22), and one seat's hands in a round."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from table_controller.cards import Card

TEN_VALUES = frozenset({"10", "J", "Q", "K"})


def total(cards: list[Card]) -> tuple[int, bool]:
    """V-3: (total, soft): every ace as 1, plus 10 for an ace where that stays at 21 or less."""
    hard = sum(c.value for c in cards)
    if any(c.rank == "A" for c in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def total_words(cards: list[Card]) -> str:
    value, soft = total(cards)
    return f"soft {value}" if soft else str(value)


def is_natural_pair(cards: list[Card]) -> bool:
    """An ace and a ten-value card."""
    return (
        len(cards) == 2
        and {cards[0].rank == "A", cards[1].rank == "A"} == {True, False}
        and any(c.rank in TEN_VALUES for c in cards)
    )


@dataclass
class Hand:
    """One hand of a seat: its cards (``card1``, ``card2`` dealt down, drawn cards up) and stake."""

    cards: list[Card] = field(default_factory=list)
    stake: int = 0
    divided: bool = (
        False  # made by dividing, or divided itself: 21 on two cards is not a natural (V-4)
    )
    drawn: int = 0  # cards drawn to it (card3 on); a hand with one may not divide (V-22)
    stood: bool = False
    over: bool = False  # over-drawn (R8)
    natural: bool = False  # paid or tied as a natural (R6, R7)
    settled: bool = False
    gone: bool = False  # already on the pone pile (over-drawn, or a paid natural: V-26)
    turned_up: bool = False  # its first two cards are public (a natural, a standing hand settled)
    outcome: str | None = None
    net: int = 0

    @property
    def total(self) -> int:
        return total(self.cards)[0]

    @property
    def is_natural(self) -> bool:
        return not self.divided and is_natural_pair(self.cards)


@dataclass
class SeatPlay:
    """A seat in the round: its first stake and its hands h1..h4."""

    seat: str
    hands: list[Hand] = field(default_factory=list)
    stake: int = 0  # the first stake, as placed (R3)

    def clone(self) -> SeatPlay:
        new = copy.copy(self)
        new.hands = [copy.copy(h) for h in self.hands]
        for hand in new.hands:
            hand.cards = list(hand.cards)
        return new
