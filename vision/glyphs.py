"""Glyph books: labelled rank and suit glyphs to compare a corner's glyphs against.

A book is built either from a deck's own photos (enrolment, see :mod:`vision.deck`) or, for a
deck nobody enrolled, from glyphs drawn here with OpenCV's fonts and simple suit shapes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from table_controller.cards import RANKS, SUITS
from vision import font_glyphs
from vision.index import GLYPH_SIZE, normalise_glyph

RED_SUITS = frozenset({"H", "D"})
STORED_SIZE = (48, 64)  # width, height a sample is kept at
# Each sample is also matched as an out-of-focus photo would show it: blurred by this fraction
# of its height and cut again at the midpoint (corners round off, a club's lobes close up).
SOFTENED_SIGMAS = (0.06,)


@dataclass
class GlyphBook:
    """Samples per label: raw binary glyphs (uint8, GLYPH_SIZE) and their width/height ratio."""

    samples: dict[str, list[tuple[np.ndarray, float]]] = field(default_factory=dict)
    soften: bool = True  # match photographed samples out of focus too (drawn ones are generic already)
    _stack: np.ndarray | None = field(default=None, repr=False)  # every sample, normalised
    _aspects: np.ndarray | None = field(default=None, repr=False)
    _starts: np.ndarray | None = field(default=None, repr=False)  # where each label's rows begin
    _labels: list[str] = field(default_factory=list, repr=False)

    def add(self, label: str, glyph: np.ndarray, aspect: float) -> None:
        stored = cv2.resize(glyph.astype(np.uint8), STORED_SIZE, interpolation=cv2.INTER_AREA)
        self.samples.setdefault(label, []).append((stored, float(aspect)))
        self._stack = None

    def scores(self, glyph: np.ndarray, aspect: float) -> dict[str, float]:
        """Best correlation per label, lowered where the glyph's shape ratio is far off."""
        if self._stack is None:
            self._prepare()
        if not self._labels or self._stack is None or self._aspects is None or self._starts is None:
            return {}
        correlations = self._stack @ glyph.reshape(-1)
        misfit = np.abs(np.log(self._aspects / max(aspect, 1e-3)))
        fitted = correlations - 0.5 * np.maximum(misfit - 0.15, 0)
        best = np.maximum.reduceat(fitted, self._starts)
        return dict(zip(self._labels, best.tolist(), strict=True))

    def _prepare(self) -> None:
        self._labels = list(self.samples)
        looks = [(look, a) for label in self._labels for g, a in self.samples[label] for look in self._looks(g)]
        rows = [normalise_glyph(look).reshape(-1) for look, _ in looks]
        self._stack = np.stack(rows) if rows else np.zeros((0, GLYPH_SIZE[0] * GLYPH_SIZE[1]), np.float32)
        self._aspects = np.array([a for _, a in looks], np.float32)
        per_sample = 1 + len(SOFTENED_SIGMAS) if self.soften else 1
        counts = [len(self.samples[label]) * per_sample for label in self._labels]
        self._starts = np.cumsum([0, *counts[:-1]]).astype(np.intp)

    def _looks(self, glyph: np.ndarray) -> list[np.ndarray]:
        """A stored sample as photographed sharp and out of focus."""
        if not self.soften:
            return [glyph]
        soft = [cv2.GaussianBlur(glyph, (0, 0), sigma * glyph.shape[0]) for sigma in SOFTENED_SIGMAS]
        return [glyph, *(np.uint8(s > 127) * 255 for s in soft)]


_FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)


def generic_books() -> tuple[GlyphBook, GlyphBook]:
    """Rank and suit books drawn with OpenCV, for a deck that was never enrolled."""
    ranks = GlyphBook(soften=False)
    for rank in RANKS:
        for font in _FONTS:
            for thickness in (3, 5, 7):
                ranks.add(rank, *_ink_box(_draw_text(rank, font, thickness)))
        for glyph in font_glyphs.rank_glyphs(rank):
            for look in _weights(glyph):
                ranks.add(rank, *_ink_box(look))
    suits = GlyphBook(soften=False)
    for suit in SUITS:
        for squash in (0.9, 1.0, 1.1):
            suits.add(suit, *_ink_box(draw_suit(suit, 96, squash)))
        for glyph in font_glyphs.suit_glyphs(suit):
            suits.add(suit, *_ink_box(glyph))
    return ranks, suits


def _weights(glyph: np.ndarray) -> list[np.ndarray]:
    """A printed glyph as it is, and a little bolder (ink spreads; a photo's threshold fattens)."""
    padded = cv2.copyMakeBorder(glyph, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=0)
    return [padded, cv2.dilate(padded, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))]


def _draw_text(text: str, font: int, thickness: int) -> np.ndarray:
    canvas = np.zeros((160, 200), np.uint8)
    cv2.putText(canvas, text, (10, 120), font, 3.0, 255, thickness, cv2.LINE_AA)
    return canvas


def draw_suit(suit: str, size: int, squash: float = 1.0) -> np.ndarray:
    """A filled suit symbol, white on black, about ``size`` pixels tall."""
    canvas = np.zeros((size, size), np.uint8)
    s = size / 100.0
    if suit == "D":
        pts = np.array([[50, 2], [88, 50], [50, 98], [12, 50]], np.float32)
        cv2.fillPoly(canvas, [np.int32(pts * s)], 255, cv2.LINE_AA)
    elif suit in ("H", "S"):
        _heart(canvas, s)
        if suit == "S":
            canvas = np.flipud(canvas).copy()
            stem = np.array([[50, 60], [64, 98], [36, 98]], np.float32)
            cv2.fillPoly(canvas, [np.int32(stem * s)], 255, cv2.LINE_AA)
    else:
        for cx, cy in ((50, 28), (27, 58), (73, 58)):
            cv2.circle(canvas, (int(cx * s), int(cy * s)), int(20 * s), 255, -1, cv2.LINE_AA)
        stem = np.array([[50, 50], [62, 98], [38, 98]], np.float32)
        cv2.fillPoly(canvas, [np.int32(stem * s)], 255, cv2.LINE_AA)
    if squash != 1.0:
        canvas = cv2.resize(canvas, (max(1, int(size * squash)), size))
    return canvas


def _heart(canvas: np.ndarray, s: float) -> None:
    for cx in (30, 70):
        cv2.circle(canvas, (int(cx * s), int(30 * s)), int(22 * s), 255, -1, cv2.LINE_AA)
    body = np.array([[9, 38], [91, 38], [50, 92]], np.float32)
    cv2.fillPoly(canvas, [np.int32(body * s)], 255, cv2.LINE_AA)


def _ink_box(canvas: np.ndarray) -> tuple[np.ndarray, float]:
    ys, xs = np.nonzero(canvas > 127)
    crop = canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    return crop, crop.shape[1] / crop.shape[0]
