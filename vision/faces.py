"""Whole-face templates of an enrolled deck: the second witness to a card's identity.

A corner index seen edge-on or out of focus can be too small to read, while the card's face
(where the pips lie, how big the centre pip is, a court card's picture) still shows. Enrolment
keeps each card's face, straightened and shrunk to a thumbnail; a reading the index alone
cannot make sure is named only when the face points at the same card, clearly ahead of every
other card of the deck. A face never names a card on its own: pip cards of two designs look
alike, so the index stays the first witness.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from table_controller.cards import Card
from vision.pngs import from_png_text, to_png_text

FACE_SIZE = (40, 56)  # width, height of a face thumbnail (a 63 x 88 mm card)
INSET = 0.04  # of each side: the rim and whatever lies beyond a loosely fitted outline
BLUR_SIGMA = 1.0  # in thumbnail pixels: a slightly shifted outline still matches
_TARGET = np.float32(
    [[0, 0], [FACE_SIZE[0] - 1, 0], [FACE_SIZE[0] - 1, FACE_SIZE[1] - 1], [0, FACE_SIZE[1] - 1]]
)


def face_thumbnail(image: np.ndarray, corners: np.ndarray, turn: int) -> np.ndarray:
    """The card's face inside ``corners`` (rolled by ``turn``) upright, normalised (unit norm)."""
    quad = np.roll(corners, -turn, axis=0).astype(np.float32)
    quad = _inset(quad, INSET)
    matrix = cv2.getPerspectiveTransform(quad, _TARGET)
    big = (
        FACE_SIZE[0] * 4,
        FACE_SIZE[1] * 4,
    )  # warp large, then shrink: the face is averaged, not sampled
    warped = cv2.warpPerspective(image, _scale(4) @ matrix, big, flags=cv2.INTER_LINEAR)
    ink = (
        cv2.min(cv2.min(warped[:, :, 0], warped[:, :, 1]), warped[:, :, 2])
        if warped.ndim == 3
        else warped
    )
    small = cv2.resize(ink, FACE_SIZE, interpolation=cv2.INTER_AREA).astype(np.float32)
    return _normalise(cv2.GaussianBlur(small, (0, 0), BLUR_SIGMA))


@dataclass
class FaceBook:
    """Face thumbnails per card (uint8, FACE_SIZE), matched either way up."""

    faces: dict[Card, list[np.ndarray]] = field(default_factory=dict)
    _stack: np.ndarray | None = field(default=None, repr=False)
    _owners: list[Card] = field(default_factory=list, repr=False)

    def add(self, card: Card, face: np.ndarray) -> None:
        self.faces.setdefault(card, []).append(_to_uint8(face))
        self._stack = None

    def scores(self, face: np.ndarray) -> dict[Card, float]:
        """Best correlation per enrolled card (upright or turned half round)."""
        if self._stack is None:
            self._prepare()
        if not self._owners or self._stack is None:
            return {}
        correlations = self._stack @ face.reshape(-1)
        best: dict[Card, float] = {}
        for card, value in zip(self._owners, correlations.tolist(), strict=True):
            best[card] = max(value, best.get(card, -1.0))
        return best

    def to_json(self) -> dict[str, list[str]]:
        return {
            card.code: [to_png_text(face) for face in faces] for card, faces in self.faces.items()
        }

    @classmethod
    def from_json(cls, data: dict[str, list[str]], cards: dict[str, Card]) -> FaceBook:
        book = cls()
        for code, faces in data.items():
            for text in faces:
                book.faces.setdefault(cards[code], []).append(from_png_text(text))
        return book

    def _prepare(self) -> None:
        rows, owners = [], []
        for card, faces in self.faces.items():
            for face in faces:
                for look in (face, face[::-1, ::-1]):
                    rows.append(_normalise(look.astype(np.float32)).reshape(-1))
                    owners.append(card)
        self._stack = np.stack(rows) if rows else None
        self._owners = owners


def _inset(quad: np.ndarray, fraction: float) -> np.ndarray:
    """The quadrilateral shrunk towards its centre by ``fraction`` of each side, in its own plane."""
    inner = np.float32(
        [
            [fraction, fraction],
            [1 - fraction, fraction],
            [1 - fraction, 1 - fraction],
            [fraction, 1 - fraction],
        ]
    )
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    matrix = cv2.getPerspectiveTransform(unit, quad)
    return cv2.perspectiveTransform(inner.reshape(-1, 1, 2), matrix).reshape(4, 2)


def _scale(factor: float) -> np.ndarray:
    return np.diag([factor, factor, 1.0])


def _normalise(face: np.ndarray) -> np.ndarray:
    centred = face - face.mean()
    norm = float(np.linalg.norm(centred))
    return centred / norm if norm > 1e-6 else centred


def _to_uint8(face: np.ndarray) -> np.ndarray:
    low, high = float(face.min()), float(face.max())
    return np.uint8(np.clip((face - low) / max(high - low, 1e-6) * 255, 0, 255))


# A face vouches for an unsure index reading only from a close match clearly ahead of every
# other card (chosen on the shared photos: the faces of one design matched against another's
# name the right rank with a lead of 0.03-0.08, the same design's with 0.1-0.2).
FACE_FLOOR = 0.65
FACE_SPAN = 0.2
FACE_LEAD_FLOOR = 0.04
FACE_LEAD_SPAN = 0.1


def face_confidence(book: FaceBook, image: np.ndarray, corners: np.ndarray, card: Card) -> float:
    """How surely the card's face says it is ``card`` (0 when it points at another card)."""
    scores: dict[Card, float] = {}
    for turn in (0, 1):  # upright, or a quarter turn for a steep view
        for named, value in book.scores(face_thumbnail(image, corners, turn)).items():
            scores[named] = max(value, scores.get(named, -1.0))
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    if len(ranked) < 2 or ranked[0][0] != card:
        return 0.0
    score, lead = ranked[0][1], ranked[0][1] - ranked[1][1]
    quality = (score - FACE_FLOOR) / FACE_SPAN
    clear = (lead - FACE_LEAD_FLOOR) / FACE_LEAD_SPAN
    return float(np.clip(min(quality, clear), 0.0, 1.0))
