"""Enrolment adapts the reader to a deck: each card's enrolled corners in the reader's feature
space, and how near a corner read at the table lies to each card's (nearest neighbour).

The reader's own rank and suit chances still count (:func:`vision.reading.corner_chances`
multiplies the two), so one poor enrolment photo narrows the choice rather than decides it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from table_controller.cards import Card
from vision.learned import calibrated_thresholds

# How sharply nearness in feature space (cosine) turns into a chance is learnt per deck from its
# own enrolment: the temperature among these under which each enrolled corner, left out, is
# best foretold by the others (leave-one-out likelihood; a card's two index corners foretell
# each other). TEMPERATURE is used when the enrolment is too small to tell.
TEMPERATURES = (0.02, 0.05, 0.1)
TEMPERATURE = 0.05
# A corner no nearer than this to any enrolled corner is like none of the deck's cards: its
# chances stay the reader's own.
LEAST_LIKENESS = 0.85
# The enrolment alone never makes a card sure: its nearest neighbours may set one card's odds
# against another's by at most ODDS_SHARE of the odds the calibrated threshold asks of the
# reading (two corners: 0.911 asks 10.2 to 1, so 7.2; one corner: 0.999 asks 999 to 1, so 700),
# so a card the reader itself finds a toss-up stays unreadable however near an enrolled corner
# lies. (A softly focused club of the simulated deck lies nearer the enrolled spade than any
# enrolled club, which were photographed sharper; that nearness alone, some 30 to 1, named a
# card the reader found 60:40 the spade at 0.97-0.99.)
ODDS_SHARE = 0.7


def odds_cap(threshold: float) -> float:
    """The most the enrolment may weigh one card against another, for a reading held to ``threshold``."""
    return ODDS_SHARE * threshold / max(1.0 - threshold, 1e-6)


MOST_ODDS, MOST_ODDS_ONE_CORNER = (odds_cap(t) for t in calibrated_thresholds())


@dataclass
class DeckFeatures:
    """Feature vectors (unit length) per card of the deck, in the deck's card order."""

    cards: tuple[Card, ...]
    vectors: dict[Card, list[np.ndarray]] = field(default_factory=dict)
    _stack: np.ndarray | None = field(default=None, repr=False)
    _owner: np.ndarray | None = field(default=None, repr=False)
    _enrolled: np.ndarray | None = field(default=None, repr=False)
    _starts: np.ndarray | None = field(default=None, repr=False)
    temperature: float = field(default=TEMPERATURE, repr=False)

    def add(self, card: Card, vector: np.ndarray) -> None:
        self.vectors.setdefault(card, []).append(np.asarray(vector, np.float32))
        self._stack = None

    def adapt(
        self, chances: np.ndarray, feature: np.ndarray, most_odds: float = MOST_ODDS
    ) -> np.ndarray:
        """The reader's chances per card of the deck (summing to 1) weighed by how near
        ``feature`` lies to each card's enrolled corners (no card weighed down more than
        ``most_odds`` against the nearest); left as they are for a corner like none of them
        (nearest likeness at most LEAST_LIKENESS), and in between, in proportion."""
        nearness, unlike = self.nearness(feature)
        weighed = chances * np.maximum(
            nearness / max(float(nearness.max()), 1e-12), 1.0 / most_odds
        )
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
        best = np.full(
            len(self.cards), LEAST_LIKENESS, np.float32
        )  # a card never enrolled: no evidence either way
        best[self._enrolled] = np.maximum.reduceat(
            likeness, self._starts
        )  # each card's corners lie together
        top = max(float(best.max()), LEAST_LIKENESS)
        e = np.exp((best - top) / self.temperature)
        other = float(np.exp((LEAST_LIKENESS - top) / self.temperature))
        return e / e.sum(), other / (e.sum() + other)

    def _prepare(self) -> None:
        rows, owners = [], []
        for n, card in enumerate(self.cards):
            for vector in self.vectors.get(card, []):
                rows.append(vector)
                owners.append(n)
        self._stack = np.stack(rows) if rows else np.zeros((0, 1), np.float32)
        self._owner = np.array(owners, np.int64)
        self._enrolled, self._starts = np.unique(
            self._owner, return_index=True
        )  # owners ascend: one run a card
        self.temperature = self._learnt_temperature()

    def _learnt_temperature(self) -> float:
        assert self._stack is not None and self._owner is not None
        owners = self._owner
        counts = np.bincount(owners, minlength=len(self.cards))
        testable = np.nonzero(counts[owners] >= 2)[0]
        if len(testable) < 8 or len(np.unique(owners)) < 2:
            return TEMPERATURE
        likeness = self._stack[testable] @ self._stack.T
        likeness[np.arange(len(testable)), testable] = -np.inf  # each corner left out
        best = np.full((len(testable), len(self.cards)), -np.inf, np.float32)
        for card in np.unique(owners):
            best[:, card] = likeness[:, owners == card].max(axis=1)
        present = np.isfinite(best).any(axis=0)
        best = best[:, present]
        truth = np.searchsorted(np.nonzero(present)[0], owners[testable])
        scores = []
        for t in TEMPERATURES:
            z = (best - best.max(axis=1, keepdims=True)) / t
            log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
            scores.append(float(log_p[np.arange(len(testable)), truth].mean()))
        return TEMPERATURES[int(np.argmax(scores))]

    def to_json(self) -> dict[str, list[list[float]]]:
        return {
            c.code: [[round(float(x), 4) for x in v] for v in vs] for c, vs in self.vectors.items()
        }

    @classmethod
    def from_json(cls, cards: tuple[Card, ...], data: dict[str, list[list[float]]]) -> DeckFeatures:
        by_code = {c.code: c for c in cards}
        book = cls(cards)
        for code, vectors in data.items():
            for vector in vectors:
                book.add(by_code[code], np.float32(vector))
        return book
