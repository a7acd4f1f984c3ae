"""From what the reader makes of each corner to one card per outline, and how sure of it.

Per corner: the chance of each card of the deck is P(rank) x P(suit), the ink's colour, when
it is clear, weighing the suits (the colour judge is sometimes wrong: a red picture beside a
black index), and, for an enrolled deck, weighed by how near the corner lies to that card's
enrolled corners in the reader's feature space (:mod:`vision.adapt`). Then the suits of the
other colour are struck out, so a red suit is never named black nor the reverse; their chance
is not handed to the others, so a reader sure of a spade in ink judged red names no card
(it once named the eight of diamonds at 0.99997 from a reader 99.1% sure of the spade: the
diamond's 0.4%, the only red suit left, made whole). The two index corners of one reading of
the outline (upright, or a quarter turn for a steep view) are combined by a geometric mean of
the corners that hold an index. Confidence = the best card's chance x the chance that the
corners hold an index at all.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from table_controller.cards import Card
from vision.adapt import MOST_ODDS, MOST_ODDS_ONE_CORNER, DeckFeatures
from vision.learned import RANKS, SUITS, CornerRead

READABLE = 0.5  # a corner the reader thinks at least this likely to hold an index is read
# How often the ink's colour, judged clear, is the other colour: 80 of 10348 held-back rendered
# corners (0.8%; scripts/train-index-reader reports it with the calibration), rounded up.
COLOUR_SLIP = 0.01
_RED = np.array([s in ("H", "D") for s in SUITS])


@dataclass(frozen=True, slots=True)
class Reading:
    card: Card
    confidence: float
    turn: int  # the outline's corner (0..3) holding the index; read at two, the first (0 or 1) of them
    corners: int = 2  # how many index corners it was read from (1: the other hidden or blank)


@dataclass(frozen=True, slots=True)
class DeckIndex:
    """The cards to choose among, as indices into the reader's rank and suit classes."""

    cards: tuple[Card, ...]
    rank_of: np.ndarray
    suit_of: np.ndarray

    @classmethod
    def of(cls, cards: tuple[Card, ...]) -> DeckIndex:
        ranks = np.array([RANKS.index(c.rank) for c in cards])
        suits = np.array([SUITS.index(str(c.suit)) for c in cards])
        return cls(cards, ranks, suits)


def corner_chances(
    read: CornerRead,
    deck: DeckIndex,
    features: DeckFeatures | None = None,
    most_odds: float = MOST_ODDS,
    strike: bool = True,
) -> np.ndarray:
    """The chance of each card of the deck, given that this corner holds an index (summing to
    1); with ``strike``, the cards of the colour the ink clearly is not are then 0, what they
    held not handed to the others."""
    suits = read.suits.copy()
    other = _other_colour(read.colour)
    suits[other] *= COLOUR_SLIP
    chances = read.ranks[deck.rank_of] * suits[deck.suit_of]
    total = float(chances.sum())
    chances = chances / total if total > 0 else np.full(len(deck.cards), 1.0 / len(deck.cards))
    if features is not None:
        chances = features.adapt(chances, read.feature, most_odds)
    return np.where(other[deck.suit_of], 0.0, chances) if strike else chances


def _other_colour(colour: str | None) -> np.ndarray:
    """The suits (as SUITS) of the colour a clear ink colour rules out."""
    return ~_RED if colour == "red" else _RED if colour == "black" else np.zeros(len(SUITS), bool)


def read_card(
    reads: dict[int, CornerRead], deck: DeckIndex, features: DeckFeatures | None = None
) -> Reading | None:
    """The likeliest card over the readings of an outline. ``reads`` maps a turn of the outline
    (0..3) to its corner as read: turns 0 and 2 are one reading, 1 and 3 the other (a card
    partly under another has turn 0 alone)."""
    best: Reading | None = None
    for turn in (0, 1):
        at = [
            t
            for t in (turn, turn + 2)
            if (r := reads.get(t)) is not None and r.readable >= READABLE
        ]
        if not at:
            continue
        usable = [reads[t] for t in at]
        most_odds = (
            MOST_ODDS if len(usable) == 2 else MOST_ODDS_ONE_CORNER
        )  # below each threshold's odds
        logs = np.mean(
            [
                np.log(corner_chances(r, deck, features, most_odds, strike=False) + 1e-9)
                for r in usable
            ],
            axis=0,
        )
        chances = np.exp(logs - logs.max())
        chances /= chances.sum()
        # A colour ruled out at either corner is struck only now, its share kept out of the rest.
        chances[np.logical_or.reduce([_other_colour(r.colour) for r in usable])[deck.suit_of]] = 0.0
        top = int(np.argmax(chances))
        confidence = float(chances[top] * np.mean([r.readable for r in usable]))
        if best is None or confidence > best.confidence:
            best = Reading(deck.cards[top], confidence, at[0], len(usable))
    return best
