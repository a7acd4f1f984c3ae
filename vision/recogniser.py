"""The recogniser: a frame in, a guess for every card face in it out. Pure: no I/O, no state.

Each card outline is read at its corners. Under a steep camera angle a card's long side can
look like its short side, so both readings of the outline are tried (upright and a quarter
turn); in each, the index sits in two opposite corners, which is why a card upside down reads
the same. The card named is the one whose rank and suit glyphs match best; when the best is
weak or hardly better than the runner-up, the card is reported unreadable (``card`` is None).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from table_controller.cards import Card, standard_deck
from vision.deck import Deck
from vision.detect import CardOutline, find_cards
from vision.glyphs import RED_SUITS, GlyphBook, generic_books
from vision.index import IndexGlyphs, corner_patch, read_index

MIN_CONFIDENCE = 0.5
# Drawn glyphs fit a real deck's font less well, so without an enrolled deck a card must be
# read more surely before it is named (on the shared photos: no invented card from 0.8 up).
UNENROLLED_MIN_CONFIDENCE = 0.8
SURE_CONFIDENCE = 0.95


@dataclass(frozen=True, slots=True)
class CardGuess:
    """One card face found in a frame. ``card`` is None when it could not be read surely."""

    card: Card | None
    confidence: float
    corners: tuple[tuple[float, float], ...]
    centre: tuple[float, float]
    best_guess: Card | None = None  # what it looked most like, even when unreadable

    def to_dict(self) -> dict[str, object]:
        return {
            "card": self.card.code if self.card else None,
            "confidence": round(self.confidence, 3),
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "centre": [round(self.centre[0], 1), round(self.centre[1], 1)],
        }


@dataclass(frozen=True, slots=True)
class _Reading:
    card: Card
    score: float
    runner_up: float


class Recogniser:
    """Reads cards with an enrolled deck's glyphs, or with drawn glyphs when none is given."""

    def __init__(self, deck: Deck | None = None, min_confidence: float | None = None) -> None:
        if deck is None:
            self.ranks, self.suits = generic_books()
            self.cards: tuple[Card, ...] = standard_deck()
        else:
            self.ranks, self.suits = deck.ranks, deck.suits
            self.cards = deck.cards
        default = MIN_CONFIDENCE if deck is not None else UNENROLLED_MIN_CONFIDENCE
        self.min_confidence = default if min_confidence is None else min_confidence

    def recognise(self, image: np.ndarray) -> list[CardGuess]:
        """Every card face in a BGR frame, read or marked unreadable."""
        return [self.read_outline(image, outline) for outline in find_cards(image)]

    def read_outline(self, image: np.ndarray, outline: CardOutline) -> CardGuess:
        # The first reading is the likely one (long sides upright); a sure read there spares
        # the quarter-turned one, which only a steep view needs.
        readings = [self._read_turns(image, outline.corners, 0)]
        if readings[0] is None or _confidence(readings[0]) < SURE_CONFIDENCE:
            readings.append(self._read_turns(image, outline.corners, 1))
        best = max((r for r in readings if r is not None), key=lambda r: r.score, default=None)
        corners = tuple((float(x), float(y)) for x, y in outline.corners)
        if best is None:
            return CardGuess(None, 0.0, corners, outline.centre)
        confidence = _confidence(best)
        card = best.card if confidence >= self.min_confidence else None
        return CardGuess(card, confidence, corners, outline.centre, best.card)

    def _read_turns(self, image: np.ndarray, corners: np.ndarray, turn: int) -> _Reading | None:
        glyphs = [read_index(corner_patch(image, corners, t)) for t in (turn, turn + 2)]
        found = [g for g in glyphs if g is not None]
        if not found:
            return None
        totals = self._card_scores(found)
        if len(found) == 1:  # one corner hidden or smudged: trust it a little less
            totals = {card: score - 0.05 for card, score in totals.items()}
        ranked = sorted(totals.items(), key=lambda kv: -kv[1])
        runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
        return _Reading(ranked[0][0], ranked[0][1], runner_up)

    def _card_scores(self, found: list[IndexGlyphs]) -> dict[Card, float]:
        rank_scores = _mean_scores(self.ranks, [(g.rank, g.rank_aspect) for g in found])
        suit_scores = _mean_scores(self.suits, [(g.suit, g.suit_aspect) for g in found])
        red_votes = sum(g.red for g in found) / len(found)
        totals: dict[Card, float] = {}
        for card in self.cards:
            if card.suit is None or card.rank not in rank_scores or card.suit not in suit_scores:
                continue
            colour_fit = red_votes if card.suit in RED_SUITS else 1.0 - red_votes
            score = 0.5 * (rank_scores[card.rank] + suit_scores[card.suit])
            totals[card] = score - 0.3 * (1.0 - colour_fit)
        return totals


def _mean_scores(book: GlyphBook, glyphs: list[tuple[np.ndarray, float]]) -> dict[str, float]:
    per_glyph = [book.scores(glyph, aspect) for glyph, aspect in glyphs]
    return {label: sum(s[label] for s in per_glyph) / len(per_glyph) for label in per_glyph[0]}


def _confidence(reading: _Reading) -> float:
    """High only when the match is good and clearly ahead of the next card."""
    quality = np.clip((reading.score - 0.45) / 0.35, 0.0, 1.0)
    lead = np.clip((reading.score - reading.runner_up) / 0.08, 0.0, 1.0)
    return float(np.sqrt(quality * lead))
