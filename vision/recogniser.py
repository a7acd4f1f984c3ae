"""The recogniser: a frame in, a guess for every card face in it out. Pure: no I/O, no state.

Each card outline is read at its corners by the learned index reader (:mod:`vision.learned`):
the four corners, each turned upright, in one batch. Under a steep camera angle a card's long
side can look like its short side, so both readings of the outline count (corners 0 and 2
upright, or 1 and 3 a quarter turn on); the index sits in two opposite corners, which is why a
card upside down reads the same. :mod:`vision.reading` turns the corners into one card and a
confidence; below ``min_confidence`` the card is reported unreadable (the dealer straightens
it). The default threshold comes from the reader's calibration on held-back rendered corners
(``vision/models/index_reader.json``), never from photographs. An enrolled deck narrows the
choice to its cards, adapts the reading to its print (:mod:`vision.adapt`), and its faces may
vouch for an index too small to be sure of (:mod:`vision.faces`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from table_controller.cards import Card, standard_deck
from vision.deck import Deck
from vision.detect import CardOutline, find_cards
from vision.faces import face_confidence
from vision.learned import MODEL, CornerRead, corner_window, shipped_reader
from vision.reading import DeckIndex, read_card

FALLBACK_MIN_CONFIDENCE = 0.9
SURE_CONFIDENCE = 0.95  # read this surely, an outline's quarter-turned corners are not read
EDGE_PIXELS = 3  # an outline this close to the frame's edge is cut by it


@lru_cache(maxsize=1)
def calibrated_thresholds() -> tuple[float, float]:
    """The thresholds (two index corners read, one) at which the reader named no wrong card
    among its held-back rendered corners (scripts/train-index-reader)."""
    try:
        data = json.loads(MODEL.with_suffix(".json").read_text(encoding="utf-8"))
        return float(data["min_confidence"]), float(data["one_corner_min_confidence"])
    except (OSError, ValueError, KeyError):
        return FALLBACK_MIN_CONFIDENCE, FALLBACK_MIN_CONFIDENCE


def calibrated_min_confidence() -> float:
    return calibrated_thresholds()[0]


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


class Recogniser:
    """Reads cards with the shipped reader, adapted to an enrolled deck when one is given."""

    def __init__(self, deck: Deck | None = None, min_confidence: float | None = None) -> None:
        self.cards: tuple[Card, ...] = deck.cards if deck is not None else standard_deck()
        self.deck_index = DeckIndex.of(self.cards)
        self.features = deck.features if deck is not None else None
        self.faces = deck.faces if deck is not None else None
        two, one = calibrated_thresholds()
        self.min_confidence = two if min_confidence is None else min_confidence
        # A card read at one corner only is held to the stricter one-corner calibration.
        self.one_corner_min_confidence = max(one, self.min_confidence) if min_confidence is None else min_confidence
        self.reader = shipped_reader()

    def recognise(self, image: np.ndarray) -> list[CardGuess]:
        """Every card face in a BGR frame, read or marked unreadable.

        A region the frame's edge cuts in which no corner holds an index is dropped: it is
        glare or paper at the edge as often as a card, and a card half out of view is
        straightened into view anyway.
        """
        outlines = find_cards(image)
        if not outlines:  # a card filling the frame has no rim to find: the frame is its outline
            whole = self.read_outlines(image, [whole_frame(image)])[0]
            return [whole] if whole.card is not None else []
        guesses, underneath = [], []
        for outline, guess in zip(outlines, self.read_outlines(image, outlines), strict=True):
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
        return self.read_outlines(image, [outline])[0]

    def read_outlines(self, image: np.ndarray, outlines: list[CardOutline]) -> list[CardGuess]:
        """Every outline's index corners read in one batch (a partial outline: its first corner
        only); the quarter-turned corners, which only a steep view needs, where that is not sure."""
        reads: list[dict[int, CornerRead]] = [{} for _ in outlines]
        self._read_turns(image, outlines, reads, [(n, t) for n, o in enumerate(outlines) for t in ((0,) if o.partial else (0, 2))])
        readings = [read_card(r, self.deck_index, self.features) for r in reads]
        unsure = [n for n, o in enumerate(outlines) if not o.partial and (readings[n] is None or readings[n].confidence < SURE_CONFIDENCE)]
        if unsure:
            self._read_turns(image, outlines, reads, [(n, t) for n in unsure for t in (1, 3)])
            for n in unsure:
                readings[n] = read_card(reads[n], self.deck_index, self.features)
        return [self._guess(image, o, r) for o, r in zip(outlines, readings, strict=True)]

    def _read_turns(self, image: np.ndarray, outlines: list[CardOutline], reads: list[dict[int, CornerRead]], wanted: list[tuple[int, int]]) -> None:
        corners = self.reader.read([corner_window(image, outlines[n].corners, t) for n, t in wanted])
        for (n, t), read in zip(wanted, corners, strict=True):
            reads[n][t] = read

    def _guess(self, image: np.ndarray, outline: CardOutline, reading) -> CardGuess:
        corners = tuple((float(x), float(y)) for x, y in outline.corners)
        if reading is None:
            return CardGuess(None, 0.0, corners, outline.centre)
        confidence = reading.confidence
        threshold = self.min_confidence if reading.corners == 2 else self.one_corner_min_confidence
        if confidence < threshold and self.faces is not None:
            # An index too small or blurred to be sure of: the enrolled face may vouch for it.
            confidence = max(confidence, face_confidence(self.faces, image, outline.corners, reading.card))
        card = reading.card if confidence >= threshold else None
        return CardGuess(card, confidence, corners, outline.centre, reading.card)


def whole_frame(image: np.ndarray) -> CardOutline:
    """The frame itself as a card's outline (first corner at a short side's end)."""
    h, w = image.shape[:2]
    corners = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    return CardOutline(corners if w <= h else np.roll(corners, 1, axis=0))


def _cut_by_edge(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    height, width = shape[:2]
    x, y = corners[:, 0], corners[:, 1]
    edge = EDGE_PIXELS
    return bool((x < edge).any() or (y < edge).any() or (x > width - 1 - edge).any() or (y > height - 1 - edge).any())
