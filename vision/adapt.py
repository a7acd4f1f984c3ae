"""Enrolment adapts the reader to a deck: each card's enrolled corners in the reader's feature
space, and how near a corner read at the table lies to each card's (nearest neighbour).

The reader's own rank and suit chances still count (:func:`vision.reading.corner_chances`
multiplies the two), so one poor enrolment photo narrows the choice rather than decides it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from table_controller.cards import Card

# How sharply nearness in feature space (cosine) turns into a chance: a card whose enrolled
# corner is 0.1 less alike than the nearest card's is e ~ 2.7 times less likely. A corner no
# nearer than LEAST_LIKENESS to any enrolled corner is like none of the deck's cards: its
# chances stay the reader's own. Both chosen on rendered decks (a held-back face enrolled from
# one rendered corner per card, read on others: the mildest of T 0.03-0.1 and 0.7-0.9, which
# cost least there), not on any photograph.
TEMPERATURE = 0.1
LEAST_LIKENESS = 0.9


@dataclass
class DeckFeatures:
    """Feature vectors (unit length) per card of the deck, in the deck's card order."""

    cards: tuple[Card, ...]
    vectors: dict[Card, list[np.ndarray]] = field(default_factory=dict)
    _stack: np.ndarray | None = field(default=None, repr=False)
    _owner: np.ndarray | None = field(default=None, repr=False)

    def add(self, card: Card, vector: np.ndarray) -> None:
        self.vectors.setdefault(card, []).append(np.asarray(vector, np.float32))
        self._stack = None

    def adapt(self, chances: np.ndarray, feature: np.ndarray) -> np.ndarray:
        """The reader's chances per card of the deck (summing to 1) weighed by how near
        ``feature`` lies to each card's enrolled corners; left as they are for a corner like
        none of them (nearest likeness at most LEAST_LIKENESS), and in between, in proportion."""
        nearness, unlike = self.nearness(feature)
        weighed = chances * nearness
        total = float(weighed.sum())
        if total <= 0:
            return chances
        return unlike * chances + (1 - unlike) * weighed / total

    def nearness(self, feature: np.ndarray) -> tuple[np.ndarray, float]:
        """Per card of the deck: a softmax of its nearest enrolled corner's likeness (cosine)
        beside a "none of these" entry at LEAST_LIKENESS; returns the cards' shares (summing to
        1) and the share of "none of these". A card with no enrolled corner (its photo unread, or
        a deck enrolled in part) stands at LEAST_LIKENESS: the enrolment says nothing of it."""
        if self._stack is None:
            self._prepare()
        assert self._stack is not None and self._owner is not None
        if len(self._stack) == 0:
            return np.full(len(self.cards), 1.0 / len(self.cards)), 1.0
        likeness = self._stack @ feature
        best = np.full(len(self.cards), np.nan, np.float32)
        for owner in np.unique(self._owner):
            best[owner] = likeness[self._owner == owner].max()
        best = np.where(np.isnan(best), LEAST_LIKENESS, best)  # a card never enrolled: no evidence either way
        top = max(float(best.max()), LEAST_LIKENESS)
        e = np.exp((best - top) / TEMPERATURE)
        other = float(np.exp((LEAST_LIKENESS - top) / TEMPERATURE))
        return e / e.sum(), other / (e.sum() + other)

    def _prepare(self) -> None:
        rows, owners = [], []
        for n, card in enumerate(self.cards):
            for vector in self.vectors.get(card, []):
                rows.append(vector)
                owners.append(n)
        self._stack = np.stack(rows) if rows else np.zeros((0, 1), np.float32)
        self._owner = np.array(owners, np.int64)

    def to_json(self) -> dict[str, list[list[float]]]:
        return {c.code: [[round(float(x), 4) for x in v] for v in vs] for c, vs in self.vectors.items()}

    @classmethod
    def from_json(cls, cards: tuple[Card, ...], data: dict[str, list[list[float]]]) -> DeckFeatures:
        by_code = {c.code: c for c in cards}
        book = cls(cards)
        for code, vectors in data.items():
            for vector in vectors:
                book.add(by_code[code], np.float32(vector))
        return book
