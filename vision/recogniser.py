"""The recogniser: a frame in, a guess for every card face in it out. Pure: no I/O, no state.

Each card outline is read at its corners. Under a steep camera angle a card's long side can
look like its short side, so both readings of the outline are tried (upright and a quarter
turn); in each, the index sits in two opposite corners, which is why a card upside down reads
the same. Each corner's glyphs are scored against every card: the rank and suit template
matches, less a penalty when the rank glyph's counters (holes: 8 has two, 3 none) or the ink's
colour do not fit that card. The card named is the one scoring best over both corners; when
the best is weak or hardly ahead of the runner-up, the card is reported unreadable.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from table_controller.cards import Card, standard_deck
from vision.deck import Deck
from vision.detect import CardOutline, find_cards
from vision.faces import face_confidence
from vision.glyphs import RED_SUITS, generic_books
from vision.index import VIRTUAL_H, VIRTUAL_W, IndexGlyphs, corner_patch, read_index

MIN_CONFIDENCE = 0.5
UNENROLLED_MIN_CONFIDENCE = 0.8
SURE_CONFIDENCE = 0.95


@dataclass(frozen=True, slots=True)
class Calibration:
    """How a reading's score (match, 0..1) and lead (over the next card) become a confidence.

    confidence = min((score - floor) / SCORE_SPAN, lead / lead_scale), clipped to 0..1.
    """

    floor: float
    lead_scale: float
    rank_floor: float  # a corner whose best rank match is below this holds no rank glyph


SCORE_SPAN = 0.3
# Chosen on the shared photos (docs/vision.md has the curves). Enrolled: at the default 0.5 a
# card is named from score 0.84 and lead 0.021; reading each deck with the OTHER deck's glyphs
# (a font unlike the one enrolled) then invents nothing. Drawn glyphs fit a real font less
# well: at the default 0.8 a card is named from score 0.655 and lead 0.054, inventing nothing.
ENROLLED_CALIBRATION = Calibration(floor=0.69, lead_scale=0.042, rank_floor=0.6)
DRAWN_CALIBRATION = Calibration(floor=0.415, lead_scale=0.068, rank_floor=0.55)
# Enclosed counters per rank, true of nearly every card font (a Q's tail may close a second
# one, a 4 may be open). A rank glyph with another count is unlikely to be that rank.
RANK_HOLES = {
    "A": {1}, "2": {0}, "3": {0}, "4": {0, 1}, "5": {0}, "6": {1}, "7": {0},
    "8": {2}, "9": {1}, "10": {1, 2}, "J": {0}, "Q": {1, 2}, "K": {0},
}
HOLE_PENALTY = 0.075  # off a card's score (rank and suit matches averaged)
ONE_CORNER_PENALTY = 0.05  # off a card's score read from one index corner only
EDGE_PIXELS = 3  # an outline this close to the frame's edge is cut by it
HOLES_MIN_PIXELS = 16  # a rank glyph this tall in the frame shows its counters


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


@dataclass(frozen=True, slots=True)
class _CornerScores:
    totals: dict[Card, float]  # per card of the deck
    best_rank: float  # the best rank match: low when the corner holds no rank glyph


class Recogniser:
    """Reads cards with an enrolled deck's glyphs, or with drawn glyphs when none is given."""

    def __init__(self, deck: Deck | None = None, min_confidence: float | None = None) -> None:
        if deck is None:
            self.ranks, self.suits = generic_books()
            self.cards: tuple[Card, ...] = standard_deck()
        else:
            self.ranks, self.suits = deck.ranks, deck.suits
            self.cards = deck.cards
        self.faces = deck.faces if deck is not None else None
        default = MIN_CONFIDENCE if deck is not None else UNENROLLED_MIN_CONFIDENCE
        self.calibration = ENROLLED_CALIBRATION if deck is not None else DRAWN_CALIBRATION
        self.min_confidence = default if min_confidence is None else min_confidence

    def recognise(self, image: np.ndarray) -> list[CardGuess]:
        """Every card face in a BGR frame, read or marked unreadable.

        A region the frame's edge cuts in which no corner holds an index is dropped: it is
        glare or paper at the edge as often as a card, and a card half out of view is
        straightened into view anyway.
        """
        guesses, underneath = [], []
        for outline in find_cards(image):
            guess = self.read_outline(image, outline)
            if outline.partial:
                underneath.append(guess)
            elif guess.best_guess is not None or not _cut_by_edge(outline.corners, image.shape):
                guesses.append(guess)
        # A card partly under another is laid out from a corner guessed to be its index corner:
        # named when read surely, and never as a card already named.
        named = {g.card for g in guesses if g.card is not None}
        for guess in underneath:
            if guess.card is not None and guess.card not in named:
                named.add(guess.card)
                guesses.append(guess)
        return guesses

    def read_outline(self, image: np.ndarray, outline: CardOutline) -> CardGuess:
        # The first reading is the likely one (long sides upright); a sure read there spares
        # the quarter-turned one, which only a steep view needs.
        if outline.partial:  # the rest of the card may lie under another: its first corner only
            readings = [self._read_first_corner(image, outline.corners)]
        else:
            readings = [self._read_turns(image, outline.corners, 0)]
        if not outline.partial and (readings[0] is None or self.confidence(readings[0]) < SURE_CONFIDENCE):
            readings.append(self._read_turns(image, outline.corners, 1))
        best = max((r for r in readings if r is not None), key=lambda r: r.score, default=None)
        corners = tuple((float(x), float(y)) for x, y in outline.corners)
        if best is None:
            return CardGuess(None, 0.0, corners, outline.centre)
        confidence = self.confidence(best)
        if confidence < self.min_confidence and self.faces is not None:
            # An index too small or blurred to be sure of: the enrolled face may vouch for it.
            confidence = max(confidence, face_confidence(self.faces, image, outline.corners, best.card))
        card = best.card if confidence >= self.min_confidence else None
        return CardGuess(card, confidence, corners, outline.centre, best.card)

    def confidence(self, reading: _Reading) -> float:
        """High only when the match is good and clearly ahead of the next card."""
        quality = (reading.score - self.calibration.floor) / SCORE_SPAN
        lead = (reading.score - reading.runner_up) / self.calibration.lead_scale
        return float(np.clip(min(quality, lead), 0.0, 1.0))

    def _read_first_corner(self, image: np.ndarray, corners: np.ndarray) -> _Reading | None:
        first = self._read_corner(image, corners, 0, _frame_pixels_per_virtual(corners))
        return self._combine([first]) if first is not None else None

    def _read_turns(self, image: np.ndarray, corners: np.ndarray, turn: int) -> _Reading | None:
        # The first corner alone, when sure, spares reading the opposite one.
        scale = _frame_pixels_per_virtual(corners)
        first = self._read_corner(image, corners, turn, scale)
        if first is not None:
            alone = self._combine([first])
            if self.confidence(alone) >= SURE_CONFIDENCE:
                return alone
        second = self._read_corner(image, corners, turn + 2, scale)
        per_corner = [c for c in (first, second) if c is not None]
        if len(per_corner) == 2:  # a corner holding no rank glyph (smudged, cut wrongly) says nothing
            per_corner = [c for c in per_corner if c.best_rank >= self.calibration.rank_floor] or per_corner
        return self._combine(per_corner) if per_corner else None

    def _read_corner(self, image: np.ndarray, corners: np.ndarray, turn: int, scale: float) -> _CornerScores | None:
        glyphs = read_index(corner_patch(image, corners, turn))
        if glyphs is None:
            return None
        scores = self._corner_scores(glyphs, scale)
        return scores if scores.totals else None

    @staticmethod
    def _combine(per_corner: list[_CornerScores]) -> _Reading:
        cards = per_corner[0].totals
        totals = {card: sum(c.totals[card] for c in per_corner) / len(per_corner) for card in cards}
        if len(per_corner) == 1:  # one corner hidden or smudged: trust it a little less
            totals = {card: score - ONE_CORNER_PENALTY for card, score in totals.items()}
        ranked = sorted(totals.items(), key=lambda kv: -kv[1])
        runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
        return _Reading(ranked[0][0], ranked[0][1], runner_up)

    def _corner_scores(self, glyphs: IndexGlyphs, scale: float) -> _CornerScores:
        rank_scores = self.ranks.scores(glyphs.rank, glyphs.rank_aspect)
        suit_scores = self.suits.scores(glyphs.suit, glyphs.suit_aspect)
        # A small glyph's counters blur shut, so its holes say nothing.
        holes = glyphs.rank_holes if glyphs.rank_ink.shape[0] * scale >= HOLES_MIN_PIXELS else None
        totals: dict[Card, float] = {}
        for card in self.cards:
            if card.suit is None or card.rank not in rank_scores or card.suit not in suit_scores:
                continue
            score = 0.5 * (rank_scores[card.rank] + suit_scores[card.suit])
            if holes is not None and holes not in RANK_HOLES[card.rank]:
                score -= HOLE_PENALTY
            if glyphs.red != (card.suit in RED_SUITS):
                score -= 0.3
            totals[card] = score
        return _CornerScores(totals, max(rank_scores.values(), default=0.0))


def _frame_pixels_per_virtual(corners: np.ndarray) -> float:
    """How many frame pixels one pixel of the virtual upright card stands for."""
    x, y = corners[:, 0].astype(np.float64), corners[:, 1].astype(np.float64)
    area = 0.5 * abs(float(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))))
    return float(np.sqrt(area / (VIRTUAL_W * VIRTUAL_H)))


def _cut_by_edge(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    height, width = shape[:2]
    x, y = corners[:, 0], corners[:, 1]
    edge = EDGE_PIXELS
    return bool((x < edge).any() or (y < edge).any() or (x > width - 1 - edge).any() or (y > height - 1 - edge).any())
