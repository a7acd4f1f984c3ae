"""Farmer's 45-card deck and its scores (F-1, F-2)."""

from __future__ import annotations

from collections.abc import Iterable

from table_controller.cards import Card, parse_card, standard_deck
from table_controller.shoe import Shoe

GOAL = 16
SIX_OF_HEARTS = parse_card("6H")
STRIPPED = tuple(parse_card(code) for code in ("8S", "8H", "8D", "8C", "6S", "6D", "6C"))
STRIPPED_INDEXES = frozenset(c.index for c in STRIPPED)


def farmer_deck() -> tuple[Card, ...]:
    """The 45 cards: a standard pack without the four 8s and the 6 of clubs, spades and diamonds."""
    return _DECK


_DECK = tuple(c for c in standard_deck() if c.index not in STRIPPED_INDEXES)


def fresh_shoe() -> Shoe:
    return Shoe.fresh(1, 0, STRIPPED_INDEXES)


def score(cards: Iterable[Card]) -> int:
    """F-2: ace 1, J Q K 10, every other card its pips."""
    return sum(c.value for c in cards)


def seat_words(seat: str) -> str:
    return f"SEAT {seat[4:]}" if seat.startswith("seat") else seat.upper()
