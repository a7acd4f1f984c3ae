"""Cut a card's corner index out of a frame and split it into a rank glyph and a suit glyph.

The corner is warped straight from the frame at a high resolution (only the corner, so it is
cheap). Ink is whatever is much darker than the paper in the darkest colour channel, so red
and black print alike; the rank is the topmost blob (two side by side for a 10) and the suit is
the blob below it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

# A virtual upright card of this size is what the corner crop is cut from.
VIRTUAL_W = 300
VIRTUAL_H = 420
CORNER_W = int(VIRTUAL_W * 0.22)
CORNER_H = int(VIRTUAL_H * 0.36)
GLYPH_SIZE = (24, 32)  # width, height of a normalised glyph
STEM_GAP = 0.15  # a piece this far (of the suit's height) under a suit is its stem

_TARGET = np.float32([[0, 0], [VIRTUAL_W - 1, 0], [VIRTUAL_W - 1, VIRTUAL_H - 1], [0, VIRTUAL_H - 1]])


@dataclass(frozen=True, slots=True)
class IndexGlyphs:
    """The rank and suit glyphs of one corner: normalised float images, and whether ink is red."""

    rank: np.ndarray
    suit: np.ndarray
    rank_aspect: float
    suit_aspect: float
    red: bool
    rank_ink: np.ndarray  # the binary crops the glyphs were made from (what enrolment keeps)
    suit_ink: np.ndarray
    rank_holes: int  # enclosed counters: 8 has two, A/4/6/9/10 one, 2/3/5/7/J/K none


def corner_patch(image: np.ndarray, corners: np.ndarray, turn: int) -> np.ndarray:
    """The corner at the first of ``corners`` rolled by ``turn``, seen upright, as BGR."""
    rolled = np.roll(corners, -turn, axis=0).astype(np.float32)
    matrix = cv2.getPerspectiveTransform(rolled, _TARGET)
    return cv2.warpPerspective(image, matrix, (CORNER_W, CORNER_H), flags=cv2.INTER_LINEAR)


def read_index(patch: np.ndarray) -> IndexGlyphs | None:
    """The rank and suit glyphs in a corner patch, or None when the corner holds no index."""
    ink = _ink_mask(patch)
    if ink is None:
        return None
    blobs, frame, specks = _blobs(ink)
    if frame is not None:  # a face card's frame may have swallowed a glyph: cut its lines
        ink = cv2.subtract(ink, _frame_lines(frame))
        blobs, _, specks = _blobs(ink)
    if len(blobs) < 2:
        return None
    rank_box = _rank_box(blobs)
    if rank_box is None:
        return None
    suit_box = _suit_box(blobs, rank_box)
    if suit_box is None:
        return None
    suit_box = _with_pieces(suit_box, specks)
    rank_ink, suit_ink = _crop(ink, rank_box), _crop(ink, suit_box)
    return IndexGlyphs(
        rank=normalise_glyph(rank_ink),
        suit=normalise_glyph(suit_ink),
        rank_aspect=rank_box[2] / rank_box[3],
        suit_aspect=suit_box[2] / suit_box[3],
        red=_is_red(patch, ink, rank_box, suit_box),
        rank_ink=rank_ink,
        suit_ink=suit_ink,
        rank_holes=count_holes(rank_ink),
    )


def _ink_mask(patch: np.ndarray) -> np.ndarray | None:
    blue, green, red = cv2.split(patch)
    darkest = cv2.min(cv2.min(blue, green), red)
    paper, ink_level = _percentiles(darkest, (0.90, 0.03))
    if paper - ink_level < 40:
        return None
    level, _ = cv2.threshold(darkest, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = min(level, paper - 30)
    _, ink = cv2.threshold(darkest, level - 0.5, 255, cv2.THRESH_BINARY_INV)
    return ink


def _frame_lines(frame: np.ndarray) -> np.ndarray:
    """The long straight strokes in a frame-sized blob (which a glyph may be joined to)."""
    height, width = frame.shape
    upright = cv2.getStructuringElement(cv2.MORPH_RECT, (1, int(0.4 * height)))
    across = cv2.getStructuringElement(cv2.MORPH_RECT, (int(0.65 * width), 1))
    lines = cv2.morphologyEx(frame, cv2.MORPH_OPEN, upright) | cv2.morphologyEx(frame, cv2.MORPH_OPEN, across)
    return cv2.dilate(lines, np.ones((3, 3), np.uint8))


def _percentiles(grey: np.ndarray, fractions: tuple[float, ...]) -> list[float]:
    """Percentiles of a uint8 image from its histogram (much faster than sorting)."""
    counts = np.bincount(grey.reshape(-1), minlength=256).cumsum()
    return [float(np.searchsorted(counts, f * counts[-1])) for f in fractions]


Box = tuple[int, int, int, int]  # x, y, w, h


def _blobs(ink: np.ndarray) -> tuple[list[Box], np.ndarray | None, list[Box]]:
    """Glyph-sized ink blobs, a mask of the larger ones left out (a frame or picture), and specks."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    height, width = ink.shape
    min_area = width * height * 0.004
    out: list[Box] = []
    specks: list[Box] = []
    large: list[int] = []
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        if x <= 1 or y <= 1:
            continue  # the table showing past the card's edge
        if area < min_area:
            specks.append((x, y, w, h))
            continue
        if h > height * 0.45 or w > width * 0.8:
            large.append(i)  # a face card's frame or picture
            continue
        out.append((x, y, w, h))
    frame = np.isin(labels, large).astype(np.uint8) * 255 if large else None
    return out, frame, specks


def _with_pieces(box: Box, pieces: list[Box]) -> Box:
    """The box grown by small pieces in its lower half or just under it (a stem cut off by blur)."""
    x, y, w, h = box
    bottom = y + h
    joined = [
        p for p in pieces
        if p[0] >= x - 1 and p[0] + p[2] <= x + w + 1 and y + h // 2 <= p[1] <= bottom + STEM_GAP * h
    ]
    return _union([box, *joined]) if joined else box


def _rank_box(blobs: list[Box]) -> Box | None:
    top = min(blobs, key=lambda b: b[1])
    row = [b for b in blobs if _v_overlap(b, top) > 0.6 * min(b[3], top[3])]
    row = _touching_row(row, top)
    return _union(row)


def _touching_row(row: list[Box], seed: Box) -> list[Box]:
    """Blobs side by side with the seed (the 1 and 0 of a 10), within a small gap."""
    picked = [seed]
    for b in sorted(row, key=lambda b: b[0]):
        if b is seed:
            continue
        gap = max(b[0] - (seed[0] + seed[2]), seed[0] - (b[0] + b[2]))
        alike = 0.75 < b[3] / seed[3] < 1.33 and abs(b[1] - seed[1]) < 0.25 * seed[3]
        if gap < 0.6 * seed[3] and alike:  # not a face card's frame beside the rank
            picked.append(b)
    return picked


def _suit_box(blobs: list[Box], rank: Box) -> Box | None:
    rank_bottom = rank[1] + rank[3]
    below = [
        b
        for b in blobs
        if b[1] >= rank_bottom - 2 and _h_overlap(b, rank) > 0.3 * min(b[2], rank[2])
    ]
    if not below:
        return None
    suit = min(below, key=lambda b: b[1])
    if suit[1] - rank_bottom > 1.2 * rank[3]:
        return None
    return suit


def _v_overlap(a: Box, b: Box) -> int:
    return max(0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))


def _h_overlap(a: Box, b: Box) -> int:
    return max(0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))


def _union(boxes: list[Box]) -> Box:
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return x0, y0, x1 - x0, y1 - y0


def _crop(ink: np.ndarray, box: Box) -> np.ndarray:
    x, y, w, h = box
    return ink[y : y + h, x : x + w]


def normalise_glyph(glyph: np.ndarray) -> np.ndarray:
    """A glyph (ink high) as a zero-mean, unit-length GLYPH_SIZE float image, for correlation."""
    small = cv2.resize(glyph.astype(np.float32), GLYPH_SIZE, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (3, 3), 0)
    small -= small.mean()
    norm = float(np.linalg.norm(small))
    return small / norm if norm > 0 else small


def count_holes(glyph: np.ndarray) -> int:
    """Enclosed counters of a glyph (ink high): a font-independent cue (3 has none, 8 two)."""
    ink = cv2.copyMakeBorder(np.uint8(glyph > 127) * 255, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    contours, hierarchy = cv2.findContours(ink, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return 0
    least = 0.01 * ink.shape[0] * ink.shape[1]
    inner = (c for c, h in zip(contours, hierarchy[0], strict=True) if h[3] >= 0)
    return sum(1 for c in inner if cv2.contourArea(c) > least)


def _is_red(patch: np.ndarray, ink: np.ndarray, *boxes: Box) -> bool:
    """Whether the glyphs' ink is red once the paper round them is made white (a dim or
    coloured light darkens and tints paper and ink alike)."""
    inside = np.zeros_like(ink)
    for x, y, w, h in boxes:
        inside[y : y + h, x : x + w] = 255
    paper_mask = cv2.subtract(inside, ink)
    pixels = patch[cv2.bitwise_and(inside, ink) > 0].astype(np.float32)
    if len(pixels) == 0:
        return False
    if cv2.countNonZero(paper_mask):
        white = np.maximum(np.float32(cv2.mean(patch, mask=paper_mask)[:3]), 1.0)
        pixels *= 255.0 / white  # paper white: the level no longer depends on the light
    redness = pixels[:, 2] - np.maximum(pixels[:, 0], pixels[:, 1])
    return float(np.median(redness)) > 35
