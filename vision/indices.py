"""Finding corner indices directly, for cards whose outline cannot be found.

A fanned hand, a spread, a blackjack hand dealt overlapping or a pair of cards lying across
each other shows little of most cards but its index: that is what a person reads, and what
this module looks for. Ink on paper (dark or red strokes, darker than the brightest paper
nearby) falls into blobs; a rank is a blob with a suit beside or below it, of a like size. The
pair fixes where the card's corner lies, which way is up and how large the card is, so the
reader's window (:func:`vision.learned.corner_window`) is cut from it exactly as from a found
outline, and the learned reader decides: rank and suit, or "none" (two pips, a picture, text).

An index is known by where it lies; a card read at two indices (its opposite corners, the same
name, the card's outline from each agreeing) counts once and is read at two corners.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from table_controller.cards import Card
from vision.adapt import DeckFeatures
from vision.detect import widened
from vision.learned import UNIT_SQUARE, WINDOW, CornerRead, IndexReader, corner_window
from vision.reading import DeckIndex, Reading, read_card

# Where the index lies on the virtual card the reader was trained on (vision/corner_camera.py):
# card 300 x 420; rank 0.1 of the card's height tall, its top 0.045 down, its left 0.05 across.
CARD_W_PX, CARD_H_PX = 300.0, 420.0
RANK_H_PX = 42.0
RANK_TOP_PX, RANK_LEFT_PX = 19.0, 15.0
LONG_SIDE = 1400  # larger frames are shrunk to this to look for ink
MIN_GLYPH_PX = 9  # a rank this tall at least, in the frame as it is looked at
MAX_GLYPH_SHARE = 0.16  # and at most this share of the frame's long side
INK_SHARE = 0.62  # ink is darker than this share of the brightest paper nearby
FAINT_SHARE = (
    0.75  # faint ink (a thin stroke blurred): darker than this share, still not paper (PAPER_SHARE)
)
DARK_SHARE = 0.45  # darker ink: the cores of glyphs a blur joined
DARK_PARTED_FROM = (
    1.3  # a blob this many of the smallest glyph's size at least may be glyphs joined
)
FAINT_REACH = 1.7  # faint ink is looked at this many of a glyph's sizes round it (as far as a rank's suit lies)
ALIKE_INDICES = 2.0  # one frame's indices are at most this many times as large as one another
MIN_PAPER = 110  # and that paper brighter than this (darkest channel)
SUIT_SHARE = (0.35, 1.1)  # an index's suit under its rank is this tall beside it
BESIDE_SUIT_SHARE = 1.3  # a suit beside its rank, at most this tall
MAX_SUIT_GAP = 0.6  # the suit lies at most this far (in rank heights) below the rank or beside it
RED_INK, BLACK_INK = (
    40.0,
    15.0,
)  # a glyph's red minus its larger other channel: red above, black below
PAPER_SHARE = 0.8  # paper is at least this share of the brightest paper nearby
PAPER_ROUND = 0.45  # a glyph has at least this share of paper round it
PAPER_BAND = 0.2  # in a band this share of its size wide
MAX_FILL = 0.85  # a glyph fills at most this share of its box (a key, a shadow fills it)
MAX_CANDIDATES = 400  # pairs read per frame at most (the closest first)
CORNER_SHARE = (0.3, 0.36)  # a card's corner, where its index lies: shares of its width and height
EDGE_SHARE = 0.3  # and along its edges another card's index may lie, suit and all (an outline round a spread)
LOOKS_AGAIN = ((1.12, 5.0), (0.9, -5.0))  # scale, degrees: windows an index is read through again
RANK_CENTRE = (
    0.09,
    0.095,
)  # where a rank's centre prints, as shares of the card's sides (the looks turn about it)
FIRST_PAIRING_SURE = 0.999  # a rank read this surely with its nearest suit is not read with others
# A camera beside the table sees an index found on its own at a slant, and its window, laid out
# square to the frame, keeps it: glyphs squat or narrow (a squat 3 read as a 10). An index read
# as no card square-on (under SLANT_BELOW) is read again through its window made this many
# times as wide about its rank (0.7: a card seen at 45 degrees along its width; 1.4: along its
# length, as guillex7's scene_q12 desk is); docs/vision.md, "Cards seen at a slant".
SLANT_LOOKS = (0.7, 1.4)
SLANT_BELOW = (
    0.5  # read less surely square-on than this (read_indices' floor), an index is read through them
)
# ... unless the reader is this sure square-on that no index is there at all (two pips, picture
# ink paired): three quarters of the slanted looks a cluttered photo made, a fifth of its time
# (docs/vision.md, "Speed on real tables").
SLANT_NONE_SURE = 0.99
# A rank and its suit are two glyphs: a pairing of two blobs as tall, as wide (along and across
# the card the pairing implies) and of as much ink as each other, each within this share, is one
# glyph printed twice (two pips of a card's middle, a picture's pattern) and is sent to no
# network (28% of the pairings a photo reads; docs/vision.md, "Speed on real tables").
TWIN_GLYPHS = 0.1
TWIN_SHAPE = 0.7  # ... and of one shape: this share of their ink in common (_alike_shapes)
# a table seen this much shorter one way than the other (some 35 degrees off overhead) is laid out
# flat (table_seen)
SLANT_FROM = 1.2
PLANE_AGREE = 1.3  # the cards read surely say alike how it lies: within this stretch of each other
AMBIGUOUS_FROM = (
    0.5  # a rank read as two cards through two pairings, each this surely, names neither
)
BEYOND_RIM = 4.0  # px: an outline grown this much takes in its card's blurred rim (paper_beyond)
BEYOND_THICK = 6  # px: paper at least this thick may hold an index (a glyph at least MIN_GLYPH_PX with paper round it)
# two indices of one name this many rank heights apart are one card's: a card's diagonal where its
# index is 1/22 of its height (schnapsen_anima's)
CARD_REACH = 28.0


@dataclass(frozen=True, slots=True)
class Blob:
    centre: np.ndarray  # (x, y) in frame pixels
    size: float  # the longer side of its box
    points: np.ndarray  # (n, 2) pixel coordinates in frame pixels
    red: bool | None  # its ink red (True), black (False), or not clear (None)
    relevelled: bool = (
        False  # found at another ink level: pieces joined through fainter ink, or parted by darker
    )


@dataclass(frozen=True, slots=True)
class IndexCandidate:
    """A rank blob with a suit blob beside or below it, and the card corner that makes."""

    rank: int  # blob numbers
    suit: int
    card: (
        np.ndarray
    )  # float32 (4, 2): the card's outline as the index implies it, first corner the index's
    rank_height: float  # frame pixels
    centre: np.ndarray  # the rank's centre
    down: np.ndarray  # unit vector: the card's down, as the index reads
    relevelled: bool = False  # its rank or suit found at another ink level (Blob.relevelled)
    slanted: bool = (
        False  # laid out wider or narrower than square-on (SLANT_LOOKS): every look must be sure
    )


def paper_beyond(image: np.ndarray, cards: list[np.ndarray]) -> bool:
    """Whether paper that could hold an index lies outside the outlines ``cards``: at half size,
    pixels bright enough in every channel for ink to be measured against (MIN_PAPER, as
    ink_blobs takes paper), each patch with what it encloses (a glyph), at least BEYOND_THICK
    thick once each outline, grown by BEYOND_RIM, is taken out, and at least a glyph's size
    (MIN_GLYPH_PX) across. A layout's printed lines and glare's specks are thinner or smaller;
    any part of a card that shows an index is not."""
    small = cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    blue, green, red = cv2.split(small)
    bright = cv2.compare(cv2.min(cv2.min(blue, green), red), MIN_PAPER, cv2.CMP_GT)
    contours, _ = cv2.findContours(bright, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return False
    cv2.drawContours(bright, contours, -1, 255, cv2.FILLED)  # a glyph is paper's hole: filled
    for quad in cards:
        cv2.fillPoly(bright, [np.int32(np.round(widened(np.float32(quad), BEYOND_RIM) * 0.5))], 0)
    thick = cv2.getStructuringElement(cv2.MORPH_RECT, (BEYOND_THICK // 2, BEYOND_THICK // 2))
    left, _ = cv2.findContours(
        cv2.morphologyEx(bright, cv2.MORPH_OPEN, thick), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    return any(
        2 * min(cv2.boundingRect(c)[2:]) >= MIN_GLYPH_PX for c in left
    )  # a glyph's size across at least


def ink_blobs(image: np.ndarray, known: list[np.ndarray] = ()) -> Ink:
    """Blobs of ink on paper, at most LONG_SIDE on the frame's long side (coordinates in the
    frame); of the ``known`` outlines only the corners and edges are looked at."""
    scale = min(1.0, LONG_SIDE / max(image.shape[:2]))
    small = (
        cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        if scale < 1
        else image
    )
    blue, green, red = cv2.split(small)  # (whole planes: three times as fast as strided views)
    darkest = cv2.min(cv2.min(blue, green), red)
    reach = max(15, int(max(small.shape[:2]) / 24)) | 1
    paper = cv2.dilate(darkest, cv2.getStructuringElement(cv2.MORPH_RECT, (reach, reach)))
    ink = cv2.compare(darkest, cv2.LUT(paper, _BELOW_INK), cv2.CMP_LT)  # 255 ink, 0 not
    if len(known):  # a card read surely: its middle is not looked at again (pips, a picture)
        cv2.fillPoly(
            ink, [np.int32(np.round(band * scale)) for q in known for band in _middle_bands(q)], 0
        )
    papery = cv2.integral(cv2.compare(darkest, cv2.LUT(paper, _BELOW_PAPER), cv2.CMP_GE) & 1)
    found = _Glyphs(small, papery, scale)
    labels, stats = found.add(ink)
    # Ink too large or too sparse for a glyph (a line, a frame) may hold a red glyph joined to
    # black (a deck's printed frame, a dark backing or table at the card's edge) by a blurred
    # gap: its red part is looked at again on its own.
    w, h, area = stats[:, 2], stats[:, 3], stats[:, 4]
    size = np.maximum(w, h)
    joined = (size >= MIN_GLYPH_PX) & ((size > found.largest) | (area < 0.08 * w * h))
    joined[0] = False  # the background
    if joined.any():
        redder = cv2.compare(cv2.subtract(red, cv2.max(blue, green)), RED_INK, cv2.CMP_GT)
    for n in np.nonzero(joined)[0].tolist():
        bx, by, bw, bh = stats[n, :4].tolist()
        rx, ry, rw, rh = cv2.boundingRect(
            redder[by : by + bh, bx : bx + bw]
        )  # where red lies, if anywhere
        if rw * rh < 12:
            continue
        box = np.s_[by + ry : by + ry + rh, bx + rx : bx + rx + rw]
        found.add(
            cv2.bitwise_and(redder[box], cv2.compare(labels[box], n, cv2.CMP_EQ)),
            (bx + rx, by + ry),
        )
    return Ink(found, ink, labels, darkest, paper)


@dataclass(frozen=True, slots=True)
class Ink:
    """A frame's blobs of ink (``blobs``), and what it takes to look at fainter ink round some."""

    found: _Glyphs
    ink: np.ndarray  # the ink mask (at the looked-at size)
    labels: np.ndarray  # its connected parts
    darkest: np.ndarray
    paper: np.ndarray  # the brightest paper near each pixel

    @property
    def blobs(self) -> list[Blob]:
        return self.found.blobs

    def faint_joined(self, around: list[Blob]) -> int:
        """Pieces of ink that fainter ink joins, near the blobs ``around``, added as one more blob
        each (the pieces stay blobs too); returns how many. A small glyph's thin strokes blur
        paler than its thick ones, so a pale "5" or an ace's thin leg falls apart at the ink's
        level; its index's other glyph (a suit, a rank) lies within FAINT_REACH of its size.
        (Two glyphs a blur apart join too, and a pip to the index beside it: the pieces stay.)"""
        scale, shape, added = self.found.scale, self.ink.shape, len(self.found.blobs)
        for x0, y0, x1, y1 in _grouped_boxes(
            [(b.centre * scale, FAINT_REACH * b.size * scale) for b in around], shape
        ):
            box = np.s_[y0:y1, x0:x1]
            faint = cv2.compare(
                self.darkest[box], cv2.LUT(self.paper[box], _BELOW_FAINT), cv2.CMP_LT
            )
            count, joined, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
                faint, 8, cv2.CV_32S, cv2.CCL_GRANA
            )
            at = self.ink[box] != 0  # (ink lies inside faint ink: each piece in one faint part)
            pieces = self.labels[box][at]  # (picked row by row, as findNonZero did)
            if not len(pieces):
                continue
            part = np.zeros(int(pieces.max()) + 1, np.int32)
            part[pieces] = joined[at]  # each piece's faint part
            held = np.bincount(part, minlength=count)  # pieces in each faint part
            held[0] = 0  # (the background)
            size = np.maximum(stats[:, 2], stats[:, 3])
            for n in np.nonzero(
                (held >= 2) & (size >= MIN_GLYPH_PX) & (size <= self.found.largest)
            )[0].tolist():
                x, y, w, h = stats[n, :4].tolist()
                self.found.add(
                    cv2.compare(joined[y : y + h, x : x + w], n, cv2.CMP_EQ),
                    (x0 + x, y0 + y),
                    relevelled=True,
                )
        return len(self.found.blobs) - added

    def darker_parted(self, blobs: list[Blob]) -> int:
        """Blobs (found at the ink's level) that darker ink parts in two or more glyphs (a rank
        and its suit printed close, joined by the blur) added as one more blob each part (the
        blob stays); returns how many."""
        scale, added = self.found.scale, len(self.found.blobs)
        for b in blobs:
            if b.size < DARK_PARTED_FROM * MIN_GLYPH_PX / scale:
                continue
            xs, ys = (
                np.int32(np.round(b.points[:, 0] * scale)),
                np.int32(np.round(b.points[:, 1] * scale)),
            )
            x0, y0 = int(xs.min()), int(ys.min())
            mask = np.zeros((int(ys.max()) - y0 + 1, int(xs.max()) - x0 + 1), np.uint8)
            mask[ys - y0, xs - x0] = 255
            box = np.s_[y0 : y0 + mask.shape[0], x0 : x0 + mask.shape[1]]
            darker = cv2.bitwise_and(
                mask,
                cv2.compare(self.darkest[box], cv2.LUT(self.paper[box], _BELOW_DARK), cv2.CMP_LT),
            )
            _, parts, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
                darker, 8, cv2.CV_32S, cv2.CCL_GRANA
            )
            size = np.maximum(stats[1:, 2], stats[1:, 3])
            big = np.nonzero(size >= 0.6 * MIN_GLYPH_PX)[0] + 1
            if len(big) < 2:
                continue
            for n in big.tolist():
                x, y, w, h = stats[n, :4].tolist()
                self.found.add(
                    cv2.compare(parts[y : y + h, x : x + w], n, cv2.CMP_EQ),
                    (x0 + x, y0 + y),
                    relevelled=True,
                )
        return len(self.found.blobs) - added


def _grouped_boxes(
    squares: list[tuple[np.ndarray, float]], shape: tuple[int, ...]
) -> list[tuple[int, int, int, int]]:
    """The boxes (x0, y0, x1, y1) round groups of overlapping squares (centre, half side),
    within a frame of ``shape``."""
    if not squares:
        return []
    tiny = np.zeros(
        (shape[0] // 8 + 1, shape[1] // 8 + 1), np.uint8
    )  # (grouped at an eighth of the size)
    for (x, y), reach in squares:
        cv2.rectangle(
            tiny,
            (int((x - reach) / 8), int((y - reach) / 8)),
            (int((x + reach) / 8), int((y + reach) / 8)),
            255,
            cv2.FILLED,
        )
    _count, _, stats, _ = cv2.connectedComponentsWithStats(tiny, connectivity=4)
    return [
        (x * 8, y * 8, min((x + w) * 8, shape[1]), min((y + h) * 8, shape[0]))
        for x, y, w, h, _ in stats[1:].tolist()
    ]


class _Glyphs:
    """The blobs of ink masks, each a glyph's size and shape with paper round it."""

    def __init__(self, small: np.ndarray, papery: np.ndarray, scale: float) -> None:
        self.small, self.papery, self.scale = small, papery, scale
        self.largest = MAX_GLYPH_SHARE * max(small.shape[:2])
        self.blobs: list[Blob] = []

    def add(
        self, ink: np.ndarray, origin: tuple[int, int] = (0, 0), relevelled: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """The glyphs among a mask's connected parts (the mask's top left at ``origin`` of the
        looked-at frame); returns its labels and their stats."""
        # Grana's block-based labelling: the same labels and stats as the default, in half the time.
        _, labels, stats, centroids = cv2.connectedComponentsWithStatsWithAlgorithm(
            ink, 8, cv2.CV_32S, cv2.CCL_GRANA
        )
        _x, _y, w, h, area = (stats[:, k] for k in range(5))
        size = np.maximum(w, h)
        fits = (size >= MIN_GLYPH_PX * 0.6) & (size <= self.largest) & (area >= 12)
        fits &= (area >= 0.08 * w * h) & (area <= MAX_FILL * w * h)
        fits[0] = False  # the background
        boxes = stats[:, :4].tolist()  # plain ints: a tenth of the time of numpy's in this loop
        ox, oy = origin
        for n in np.nonzero(fits)[0].tolist():
            bx, by, bw, bh = boxes[n]
            if _paper_round(self.papery, bx + ox, by + oy, bw, bh) < PAPER_ROUND:
                continue
            ys, xs = np.nonzero(labels[by : by + bh, bx : bx + bw] == n)
            ys, xs = ys + (by + oy), xs + (bx + ox)
            points = np.stack([xs, ys], axis=1).astype(np.float32) / self.scale
            centre = (np.float32(centroids[n]) + (ox, oy)) / self.scale  # noqa: RUF005 (an array)
            self.blobs.append(
                Blob(
                    centre,
                    float(max(bw, bh)) / self.scale,
                    points,
                    _red(self.small[ys, xs]),
                    relevelled,
                )
            )
        return labels, stats


def _levels_below(share: float) -> np.ndarray:
    """For each brightness of the paper nearby, how many darker levels lie below ``share`` of it
    (a pixel is below it when its level is less than the table's entry)."""
    levels = np.arange(256, dtype=np.float32)
    return np.uint8([(levels < np.float32(share) * paper).sum() for paper in levels])


_BELOW_PAPER = _levels_below(PAPER_SHARE)
_BELOW_DARK = np.where(np.arange(256) > MIN_PAPER, _levels_below(DARK_SHARE), 0).astype(np.uint8)
_BELOW_FAINT = np.where(np.arange(256) > MIN_PAPER, _levels_below(FAINT_SHARE), 0).astype(np.uint8)
_BELOW_INK = np.where(np.arange(256) > MIN_PAPER, _levels_below(INK_SHARE), 0).astype(
    np.uint8
)  # no ink where no paper is near


def _red(pixels: np.ndarray) -> bool | None:
    """Whether ink pixels (BGR) are red, black, or not clearly either (by their median colour)."""
    n = len(pixels)
    middle = [n // 2 - 1, n // 2] if n % 2 == 0 else [n // 2]
    bgr = np.partition(pixels, middle, axis=0)[middle].astype(np.float32).mean(axis=0)
    redness = bgr[2] - max(bgr[0], bgr[1])
    return True if redness > RED_INK else False if redness < BLACK_INK else None


def _middle_bands(quad: np.ndarray) -> list[np.ndarray]:
    """A card's outline less its four corners and its edges: a band down its middle and one
    across it."""
    to_frame = cv2.getPerspectiveTransform(UNIT_SQUARE, np.float32(quad))
    u, v = CORNER_SHARE
    e = EDGE_SHARE
    bands = np.float32(
        [
            [[u, e], [1 - u, e], [1 - u, 1 - e], [u, 1 - e]],
            [[e, v], [1 - e, v], [1 - e, 1 - v], [e, 1 - v]],
        ]
    )
    return [cv2.perspectiveTransform(b.reshape(-1, 1, 2), to_frame).reshape(4, 2) for b in bands]


def _paper_round(papery: np.ndarray, x: int, y: int, w: int, h: int) -> float:
    """The share of paper in a band round a box (ink is printed on paper; a dark key or a
    shadow on the table is not)."""
    pad = max(2, int(PAPER_BAND * max(w, h)))
    rows, cols = papery.shape[0] - 1, papery.shape[1] - 1
    x0, y0, x1, y1 = (
        max(0, x - pad),
        max(0, y - pad),
        min(cols, x + w + pad),
        min(rows, y + h + pad),
    )

    def total(a: int, b: int, c: int, d: int) -> int:
        return int(papery[d, c] - papery[b, c] - papery[d, a] + papery[b, a])

    ring = (x1 - x0) * (y1 - y0) - w * h
    return (total(x0, y0, x1, y1) - total(x, y, x + w, y + h)) / max(ring, 1)


# A pixel projection's least and largest: the ufuncs ndarray.min and .max reduce with, called
# directly (the same figures, without numpy's wrappers: half the time of a pairing's checks).
_least, _largest = np.minimum.reduce, np.maximum.reduce


def _closest(pairs: list[tuple[float, IndexCandidate]]) -> list[IndexCandidate]:
    """The closest pairs, at most MAX_CANDIDATES."""
    return [c for _, c in sorted(pairs, key=lambda t: t[0])[:MAX_CANDIDATES]]


def _pairs(blobs: list[Blob], since: int = 0) -> list[tuple[float, IndexCandidate]]:
    """Every rank-and-suit pair the blobs could make, the card corner each implies, with how far
    apart the two are (in the rank's sizes); only those with a blob numbered ``since`` or later."""
    if not blobs:
        return []
    centres = np.stack([b.centre for b in blobs])
    sizes = np.float32([b.size for b in blobs])
    later = np.arange(len(blobs)) >= since
    found: list[tuple[float, IndexCandidate]] = []
    for r, rank in enumerate(blobs):
        if rank.size < MIN_GLYPH_PX:
            continue
        gaps = np.linalg.norm(centres - rank.centre, axis=1)
        near = np.nonzero(
            (gaps > 0.45 * rank.size)
            & (gaps < 1.7 * rank.size)
            & (sizes > 0.3 * rank.size)
            & (sizes < 1.25 * rank.size)
            & (later | (r >= since))
        )[0]
        for s in near:
            way = (centres[s] - rank.centre) / gaps[s]
            for below in (True, False):
                down = way if below else np.float32([-way[1], way[0]])
                cand = _candidate(blobs, r, int(s), down, centres, sizes)
                if cand is not None:
                    found.append((float(gaps[s] / rank.size), cand))
    return found


def _candidate(
    blobs: list[Blob], r: int, s: int, down: np.ndarray, centres: np.ndarray, sizes: np.ndarray
) -> IndexCandidate | None:
    right = np.float32([down[1], -down[0]])  # down (0, 1): right (1, 0)
    rank, suit = blobs[r], blobs[s]
    if rank.red is not None and suit.red is not None and rank.red != suit.red:
        return None  # an index is printed in one colour
    along_down, across_rank = rank.points @ down, rank.points @ right
    tall = float(_largest(along_down) - _least(along_down)) + 1
    if tall < MIN_GLYPH_PX or not _suit_fits(
        along_down, across_rank, suit.points, down, right, tall
    ):
        return None
    # A rank printed as two glyphs (10): its neighbour on the same line, close beside it.
    across, along = [across_rank], [along_down]
    offsets = centres - rank.centre
    beside = np.nonzero(
        (np.abs(offsets @ down) < 0.25 * tall)
        & (np.abs(offsets @ right) < 1.1 * tall)
        & (sizes > 0.5 * tall)
        & (sizes < 1.4 * tall)
    )[0]
    for n in beside:
        if n != r and n != s and _gap(rank.points, blobs[n].points, right) < 0.3 * tall:
            across.append(blobs[n].points @ right)
            along.append(blobs[n].points @ down)
    across, along = (
        (across[0], along[0])
        if len(across) == 1
        else (np.concatenate(across), np.concatenate(along))
    )
    across_lo, across_hi, along_lo, along_hi = (
        _least(across),
        _largest(across),
        _least(along),
        _largest(along),
    )
    wide = float(across_hi - across_lo) + 1
    if wide > 2.0 * tall:
        return None
    middle = right * (across_hi + across_lo) / 2 + down * (along_hi + along_lo) / 2
    scale = tall / RANK_H_PX
    corner = middle - scale * (
        (RANK_LEFT_PX + wide / scale / 2) * right + (RANK_TOP_PX + RANK_H_PX / 2) * down
    )
    card = np.float32(
        [
            corner,
            corner + scale * CARD_W_PX * right,
            corner + scale * (CARD_W_PX * right + CARD_H_PX * down),
            corner + scale * CARD_H_PX * down,
        ]
    )
    return IndexCandidate(
        r, s, card, tall, np.float32(middle), np.float32(down), rank.relevelled or suit.relevelled
    )


def _pairs_seen(
    blobs: list[Blob], table: np.ndarray | None, since: int = 0
) -> list[tuple[float, IndexCandidate]]:
    """_pairs, on the blobs as they lie on the table when ``table`` (a homography from the frame
    to the table seen from above, at the frame's scale) is given: each card's outline laid out
    there and seen back in the frame, so its window is cut as the card lies."""
    if table is None or not blobs:
        return _pairs(blobs, since)
    starts = np.cumsum([0] + [len(b.points) for b in blobs])
    points = _mapped(table, np.concatenate([b.points for b in blobs]))
    sizes = (
        np.maximum.reduceat(points, starts[:-1]) - np.minimum.reduceat(points, starts[:-1])
    ).max(axis=1) + 1
    centres = _mapped(table, np.stack([b.centre for b in blobs]))
    flat = [
        replace(
            blob, centre=centres[n], points=points[starts[n] : starts[n + 1]], size=float(sizes[n])
        )
        for n, blob in enumerate(blobs)
    ]
    pairs = _pairs(flat, since)
    if not pairs:
        return []
    cands = [cand for _, cand in pairs]
    ends = np.stack(
        [np.concatenate([c.card, [c.centre, c.centre + c.rank_height * c.down]]) for c in cands]
    )
    seen = _mapped(np.linalg.inv(table), ends.reshape(-1, 2)).reshape(len(cands), 6, 2)
    out = []
    for (gap, cand), at in zip(pairs, seen, strict=True):
        tall = float(np.linalg.norm(at[5] - at[4]))
        out.append(
            (
                gap,
                replace(
                    cand,
                    card=at[:4],
                    centre=at[4],
                    rank_height=tall,
                    down=np.float32((at[5] - at[4]) / max(tall, 1e-6)),
                ),
            )
        )
    return out


def table_seen(cards: list[np.ndarray]) -> np.ndarray | None:
    """How the table lies in a frame with no calibration, from ``cards``: outlines of cards read
    surely at both index corners (each its index corner first). A card is a 63 x 88 rectangle on
    the table, so its outline says how the table is seen at it, but for its size and turn;
    where at least two say alike (within PLANE_AGREE of each other) that the table is seen
    steeply (SLANT_FROM), an affine map that undoes it (for read_indices' ``overhead``); else None."""
    shape = _plane(cards)
    if shape is None:
        return None
    values, vectors = np.linalg.eigh(shape / np.sqrt(np.linalg.det(shape)))
    if np.sqrt(values[1] / values[0]) < SLANT_FROM:
        return None
    flat = np.eye(3)
    flat[:2, :2] = vectors @ np.diag(values**-0.5) @ vectors.T
    return flat


def plane_known(cards: list[np.ndarray]) -> bool:
    """Whether ``cards`` (as table_seen takes them) say alike how the table lies: seen steeply,
    table_seen lays it flat; else it is seen from near overhead (within SLANT_FROM). Either way
    an index's window is cut as the card lies on the table, and no slanted window is wanted
    (vision.recogniser)."""
    return _plane(cards) is not None


def _plane(cards: list[np.ndarray]) -> np.ndarray | None:
    """How the table is seen (a 2x2 shape of unit determinant, the mean of the cards'), where at
    least two of ``cards`` say alike (within PLANE_AGREE); else None."""
    shapes = []
    for quad in cards:
        q = np.float64(quad)
        across, down = (q[1] - q[0] + q[2] - q[3]) / 126, (q[3] - q[0] + q[2] - q[1]) / 176
        seen = np.stack([across, down], axis=1)
        shape = seen @ seen.T
        det = float(np.linalg.det(shape))
        if det > 0:
            shapes.append(shape / np.sqrt(det))
    if len(shapes) < 2 or max(_stretch(a, b) for a in shapes for b in shapes) > PLANE_AGREE:
        return None
    return np.mean(shapes, axis=0)


def _stretch(a: np.ndarray, b: np.ndarray) -> float:
    """How much more one shape stretches one way than the other (1: alike)."""
    values = np.linalg.eigvals(np.linalg.solve(a, b)).real
    return float(np.sqrt(values.max() / values.min()))


def _mapped(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(np.float32(points).reshape(-1, 1, 2), homography).reshape(-1, 2)


def _at_frame_scale(overhead: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """``overhead`` scaled so that about the frame's middle the table seen from above is as large
    as in the frame (its glyph sizes and gaps are judged in frame pixels)."""
    h, w = shape[:2]
    middle = np.float32([[w / 2, h / 2], [w / 2 + 1, h / 2], [w / 2, h / 2 + 1]])
    a, b, c = _mapped(overhead, middle)
    (ux, uy), (vx, vy) = b - a, c - a
    area = abs(float(ux * vy - uy * vx))
    return np.diag([1 / np.sqrt(area), 1 / np.sqrt(area), 1.0]) @ np.float64(overhead)


def _suit_fits(
    rank_down: np.ndarray,
    rank_right: np.ndarray,
    suit: np.ndarray,
    down: np.ndarray,
    right: np.ndarray,
    tall: float,
) -> bool:
    """An index's suit is smaller than its rank and close under it (or close beside it): two
    pips of a card's middle, one above the other, are alike in size and further apart. (The
    rank's pixels as projected on down and right.)"""
    suit_down, suit_right = suit @ down, suit @ right
    suit_top = _least(suit_down)
    suit_tall = float(_largest(suit_down) - suit_top) + 1
    below = suit_top - _largest(rank_down)
    if -0.1 * tall <= below <= MAX_SUIT_GAP * tall:  # under it, not off to one side
        return (
            SUIT_SHARE[0] * tall <= suit_tall <= SUIT_SHARE[1] * tall
            and _apart(rank_right, suit_right) <= 0
        )
    # Beside it (German and Austrian decks), where a suit may stand as tall as the rank.
    besides = _least(suit_right) - _largest(rank_right)
    return (
        -0.1 * tall <= besides <= MAX_SUIT_GAP * tall
        and suit_top >= _least(rank_down) - 0.15 * tall
        and SUIT_SHARE[0] * tall <= suit_tall <= BESIDE_SUIT_SHARE * tall
    )


def _gap(a: np.ndarray, b: np.ndarray, axis: np.ndarray) -> float:
    return _apart(a @ axis, b @ axis)


def _apart(pa: np.ndarray, pb: np.ndarray) -> float:
    """The gap between two sets of pixels projected on one axis (0 where they overlap)."""
    return float(max(_least(pb) - _largest(pa), _least(pa) - _largest(pb), 0.0))


@dataclass(frozen=True, slots=True)
class IndexRead:
    """A card read from its index (or its two), where no outline gave it."""

    reading: Reading
    card: np.ndarray  # the outline the index implies (the first index's)
    centre: np.ndarray  # of that outline
    index_at: np.ndarray  # the rank's centre in the frame
    rank_height: float  # in frame pixels
    reads: tuple[CornerRead, ...]  # the index corners as read (enrolment keeps their features)
    relevelled: bool = (
        False  # its glyphs found at another ink level: weaker evidence (see vision.recogniser)
    )
    others: tuple[
        IndexCorner, ...
    ] = ()  # the same card's other indices found with it (surest first)
    slanted: bool = False  # read through a slanted window (IndexCandidate.slanted)

    @property
    def corner(self) -> IndexCorner:
        return IndexCorner(self.card, self.index_at, self.relevelled, self.slanted)


@dataclass(frozen=True, slots=True)
class IndexCorner:
    """Where one index of a card lies: the outline it implies (its corner first) and its rank's centre."""

    card: np.ndarray
    index_at: np.ndarray
    relevelled: bool = False
    slanted: bool = False


def read_indices(
    image: np.ndarray,
    reader: IndexReader,
    deck: DeckIndex,
    features: DeckFeatures | None = None,
    floor: float = 0.5,
    known: list[np.ndarray] = (),
    read_at: list[np.ndarray] = (),
    read_as: list[Card] = (),
    overhead: np.ndarray | None = None,
    slants: bool = True,
) -> list[IndexRead]:
    """Every index found in the frame and read at ``floor`` confidence or more; a card whose two
    index corners are both found is read once, from both. Of the ``known`` outlines (cards
    already read surely) only the corners and edges are looked at: another card's index along
    an edge (an outline round a spread), and an index at a corner read as another card. The
    index an outline was read from at each of ``read_at`` (its outline, that corner first) as
    the card of ``read_as`` at the same place is not read again (a ten: neither of its figures).
    ``overhead``, a homography from the frame to the table seen from straight above (a
    calibrated camera's, :meth:`vision.calibration.Layout.overhead`), lays each index's window
    out as the card lies on the table, not square to the frame: a camera beside the table.
    ``slants`` False: no index is read through slanted windows (a calibrated camera's ``overhead``
    lays every window out as the card lies already; see _read_pairings)."""
    ink = ink_blobs(image, known)
    table = _at_frame_scale(overhead, image.shape) if overhead is not None else None
    pairs = _pairs_seen(ink.blobs, table)
    found = _closest(pairs)
    done = _read_already(found, read_at, read_as, ink.blobs)
    ink_only = len(ink.blobs)
    unread = _unread(ink.blobs, found, done)
    if ink.faint_joined(unread) + ink.darker_parted(
        unread
    ):  # glyphs in pieces or joined, round those left to read
        found = _closest(pairs + _pairs_seen(ink.blobs, table, since=ink_only))
        done = _read_already(found, read_at, read_as, ink.blobs)
    shapes: dict[tuple[int, int], float] = {}
    found = [c for c in _not_read(found, done) if not _twins(ink.blobs, c, shapes)]
    best = [
        t
        for t in _unambiguous(_read_pairings(image, found, reader, deck, features, slants))
        if t[0] >= floor
    ]
    best.sort(key=lambda t: -t[0])
    both_ways = _read_both_ways(best)
    kept: list[tuple[IndexCandidate, CornerRead, Reading]] = []
    taken: list[IndexCandidate] = []
    ranks: set[int] = set()
    suits: set[int] = set()
    for (
        _,
        cand,
        read,
        reading,
    ) in best:  # one reading per blob and role, the surest; none where another lies
        # (A rank of a spread may be paired with the next card's rank beside it, read right
        # all the same: that blob is still the next card's rank.)
        if cand.rank in ranks or cand.suit in suits:
            continue
        if any(np.linalg.norm(k.centre - cand.centre) < 0.6 * k.rank_height for k in taken):
            continue
        ranks.add(cand.rank)
        suits.add(cand.suit)
        taken.append(cand)
        if reading.card.rank == "10":  # its figures are no other index's rank
            figures = _ten_figures(ink.blobs, cand)
            ranks |= figures
            clash = [t for t in kept if t[0].rank in figures]
            if clash:  # one of them read already: as this ten, it stands; as another card, neither is named
                if any(t[2].card != reading.card for t in clash):
                    kept = [t for t in kept if t[0].rank not in figures]
                continue
        if (
            frozenset((cand.rank, cand.suit)) not in both_ways
        ):  # (read both ways: its glyphs taken, no card named)
            kept.append((cand, read, reading))
    return _off_faces(_pairs_joined(kept, deck, features))


def _ten_figures(blobs: list[Blob], cand: IndexCandidate) -> set[int]:
    """The blobs (but its rank's) that are the other figure of a rank read as a ten: a face may
    set a ten's "1" and "0" further apart than _candidate joins (Old Standard: a third of their
    height), and the "0" then pairs with the ten's suit as a rank of its own (read as the queen
    of clubs at 0.9999), or is found again at another ink level. A figure is as tall as the
    rank (within a fifth: a face's figures share one height) and on its line, right of it:
    with the suit under the ten, within as far right of the suit's centre as the rank's left
    edge lies left of it (a ten's suit prints centred under its two figures; read from both
    together, nothing further right is: the next card's rank along a spread is another index);
    with the glyph it was read with beside it, that glyph, or a piece of it or the whole of
    which it is a piece."""
    right = np.float32([cand.down[1], -cand.down[0]])
    rank, suit = blobs[cand.rank].points, blobs[cand.suit].points
    top, bottom = float((rank @ cand.down).min()), float((rank @ cand.down).max())
    left, rank_right = float((rank @ right).min()), float((rank @ right).max())
    suit_left, suit_right = float((suit @ right).min()), float((suit @ right).max())
    on_line = [
        n
        for n, blob in enumerate(blobs)
        if n != cand.rank
        and top <= float(blob.centre @ cand.down) <= bottom
        and float(blob.centre @ right) > rank_right
        and 0.8 * cand.rank_height <= blob.size <= 1.25 * cand.rank_height
    ]  # a face's figures are one height
    if float(blobs[cand.suit].centre @ cand.down) > bottom:  # the suit under the ten
        reach = 2 * float(blobs[cand.suit].centre @ right) - left
        return {n for n in on_line if float(blobs[n].centre @ right) <= reach}
    figures, spans = (
        set(),
        {
            n: (float((blobs[n].points @ right).min()), float((blobs[n].points @ right).max()))
            for n in on_line
        },
    )
    grown = True
    while grown:  # the glyph beside, and what overlaps it (its pieces, the whole it is a piece of)
        grown = False
        for n in on_line:
            if n not in figures and spans[n][0] <= suit_right and spans[n][1] >= suit_left:
                figures.add(n)
                suit_left, suit_right = min(suit_left, spans[n][0]), max(suit_right, spans[n][1])
                grown = True
    return figures


def _off_faces(found: list[IndexRead]) -> list[IndexRead]:
    """Without the indices printed on another card's face: inside the corners where that
    card's own indices were found (three or four of them: a deck printing four), or within one
    of its rank heights of them, and less than half as tall (one card's indices print alike; a
    card lying over another's face lies as near the camera). A German jack's maker's name
    beside its picture once read as the ten of spades."""
    faces = [
        (cv2.convexHull(np.float32([f.index_at, *(o.index_at for o in f.others)])), f.rank_height)
        for f in found
        if len(f.others) >= 2
    ]
    return [
        f
        for f in found
        if not any(
            f.rank_height * ALIKE_INDICES < height
            and cv2.pointPolygonTest(hull, (float(f.index_at[0]), float(f.index_at[1])), True)
            >= -height
            for hull, height in faces
        )
    ]


def _read_already(
    found: list[IndexCandidate], read_at: list[np.ndarray], read_as: list[Card], blobs: list[Blob]
) -> set[int]:
    """The rank blobs an outline's reading has read already: at each corner it read (the
    outline with that corner first), the rank nearest the corner inside the reader's window
    there, upright as that corner is, and where it read a ten (``read_as``, each corner's card)
    the ten's other figure (_ten_figures). Another card's index further along a spread is still read."""
    if not found or not len(read_at):
        return set()
    centres = np.stack([c.centre for c in found]).reshape(-1, 1, 2)
    downs = np.stack([c.down for c in found])
    done = set()
    for quad, card in zip(read_at, read_as, strict=True):
        to_unit = cv2.getPerspectiveTransform(np.float32(quad), UNIT_SQUARE)
        u, v = cv2.perspectiveTransform(centres, to_unit).reshape(-1, 2).T
        down = (quad[3] - quad[0]) / max(float(np.linalg.norm(quad[3] - quad[0])), 1e-6)
        inside = np.nonzero(
            (u >= 0) & (u <= WINDOW[2]) & (v >= 0) & (v <= WINDOW[3]) & (downs @ down > 0.8)
        )[0]
        if len(inside):
            nearest = inside[np.argmin(np.linalg.norm(centres[inside, 0] - quad[0], axis=1))]
            done.add(found[nearest].rank)
            if card.rank == "10":
                done |= _ten_figures(blobs, found[nearest])
    return done


def _twins(
    blobs: list[Blob], cand: IndexCandidate, shapes: dict[tuple[int, int], float] | None = None
) -> bool:
    """Whether the pairing's rank and suit are one glyph printed twice (TWIN_GLYPHS): alike in
    height and width along the card the pairing implies and in ink, and of one shape (as
    printed or turned half round, as a card's lower pips are: TWIN_SHAPE of their ink shared,
    each drawn in its box at the rank's box's size). A German deck's suit beside its rank may
    be as large as the rank, in another shape. (The blobs as found in the frame: a calibrated
    camera's pairings are laid out flat, both blobs alike.) ``shapes`` keeps _alike_shapes of
    the pairs of blobs looked at (a pair is paired both ways up: the same shapes)."""
    rank, suit = blobs[cand.rank].points, blobs[cand.suit].points
    if abs(len(suit) / len(rank) - 1) >= TWIN_GLYPHS:
        return False
    right = np.float32([cand.down[1], -cand.down[0]])
    for axis in (cand.down, right):
        r, s = rank @ axis, suit @ axis
        s_wide, r_wide = float(_largest(s) - _least(s)) + 1, float(_largest(r) - _least(r)) + 1
        if abs(s_wide / r_wide - 1) >= TWIN_GLYPHS:
            return False
    if shapes is None:
        return _alike_shapes(rank, suit) >= TWIN_SHAPE
    key = (cand.rank, cand.suit)
    if key not in shapes:
        shapes[key] = _alike_shapes(rank, suit)
    return shapes[key] >= TWIN_SHAPE


def _alike_shapes(rank: np.ndarray, suit: np.ndarray) -> float:
    """The share of ink two blobs' pixels (frame points) have in common, each drawn in its own
    box at the first's box's size, as printed or the second turned half round (the better)."""
    masks = []
    for points in (rank, suit):
        at = np.int32(np.round(points - points.min(axis=0)))
        mask = np.zeros((int(at[:, 1].max()) + 1, int(at[:, 0].max()) + 1), np.uint8)
        mask[at[:, 1], at[:, 0]] = 1
        masks.append(mask)
    first, second = (
        masks[0],
        cv2.resize(masks[1], masks[0].shape[::-1], interpolation=cv2.INTER_NEAREST),
    )
    return max(
        float((first & other).sum()) / max(float((first | other).sum()), 1.0)
        for other in (second, second[::-1, ::-1])
    )


def _not_read(found: list[IndexCandidate], done: set[int]) -> list[IndexCandidate]:
    """The pairings to read: none of a rank read already, nor one of those read the other way
    round (its suit as a rank and the rank as that one's suit: the same two glyphs)."""
    turned = {(c.suit, c.rank) for c in found if c.rank in done}
    return [c for c in found if c.rank not in done and (c.rank, c.suit) not in turned]


def _unread(blobs: list[Blob], found: list[IndexCandidate], done: set[int]) -> list[Blob]:
    """The blobs but the ranks read already and the suit each was read with (its nearest), and
    but those too large for an index beside them: one deck's indices, seen from one camera,
    print alike in size."""
    read, suited = set(done), set()
    for cand in found:  # (closest first)
        if cand.rank in done and cand.rank not in suited:
            suited.add(cand.rank)
            read.add(cand.suit)
    largest = ALIKE_INDICES * max((blobs[n].size for n in done), default=np.inf)
    return [b for n, b in enumerate(blobs) if n not in read and b.size <= largest]


def _read_pairings(
    image: np.ndarray,
    found: list[IndexCandidate],
    reader: IndexReader,
    deck: DeckIndex,
    features: DeckFeatures | None,
    slants: bool = True,
) -> list[tuple[float, IndexCandidate, CornerRead, Reading]]:
    """Each rank read first with the suit nearest it (``found`` is in that order); with the
    others only where that reading is not sure (a rank paired with a neighbour's ink is cut a
    window the wrong way round, and an index upside down can look like another card), or where
    its rank or suit was found at another ink level: weaker evidence (an "8", the same either
    way up, paired with the next card's big club found so, read as the eight of spades at
    0.99996; read with its own club too, it names neither). A pairing read as no card is read
    through slanted windows too (SLANT_LOOKS, SLANT_BELOW): a camera beside the table; not where
    a calibrated camera's (``slants`` False), whose every window is cut as the card lies on the
    table already.
    (Two thirds of the windows a cluttered frame reads were slanted ones; docs/vision.md, "Speed
    on real tables".)"""
    out: list[tuple[float, IndexCandidate, CornerRead, Reading]] = []
    first = {found[n].rank: n for n in reversed(range(len(found)))}  # each rank's nearest suit
    rest = [n for n in range(len(found)) if first[found[n].rank] != n]
    sure: set[int] = set()
    for batch in (sorted(first.values()), rest):
        batch = [n for n in batch if found[n].rank not in sure]
        cands = [found[n] for n in batch]
        reads = reader.read([corner_window(image, c.card, 0) for c in cands])
        readings = [read_card({0: read}, deck, features) for read in reads]
        # Read as no card square-on (under the floor a reading counts from), read through the
        # slanted windows too; one read surely there stands for it, and every look at it must
        # then be sure (vision.recogniser, _sure_index). (Tried from 0.999 down: a slanted
        # window read a 7 as a 10 at 0.9999, and the 7 read right square-on was lost.)
        unsure = (
            [
                k
                for k, r in enumerate(readings)
                if needs_slant(r) and reads[k].ranks[-1] <= SLANT_NONE_SURE
            ]
            if slants
            else []
        )
        if unsure:
            slants = [
                (k, replace(cands[k], card=_widened(cands[k], f), slanted=True))
                for k in unsure
                for f in SLANT_LOOKS
            ]
            again = reader.read([corner_window(image, c.card, 0) for _, c in slants])
            for (k, cand), read in zip(slants, again, strict=True):
                reading = read_card({0: read}, deck, features)
                if slant_stands(reading, readings[k]):
                    cands[k], reads[k], readings[k] = cand, read, reading
        for _n, cand, read, reading in zip(batch, cands, reads, readings, strict=True):
            if reading is None:
                continue
            out.append((reading.confidence, cand, read, reading))
            if reading.confidence >= FIRST_PAIRING_SURE and not cand.relevelled:
                sure.add(cand.rank)
    return out


def needs_slant(reading: Reading | None) -> bool:
    """Read as no card square-on (under SLANT_BELOW): the index is read through SLANT_LOOKS too."""
    return reading is None or reading.confidence < SLANT_BELOW


def slant_stands(slanted: Reading | None, current: Reading | None) -> bool:
    """Whether a slanted window's reading stands for the index's ``current`` one: read surely,
    and more surely. (scripts/train-index-reader calibrates the index search by this rule.)"""
    return (
        slanted is not None
        and slanted.confidence >= FIRST_PAIRING_SURE
        and (current is None or slanted.confidence > current.confidence)
    )


def _widened(cand: IndexCandidate, across: float) -> np.ndarray:
    """The candidate's outline made ``across`` times as wide about its rank's centre."""
    right = np.float32([cand.down[1], -cand.down[0]])
    offsets = cand.card - cand.centre
    return np.float32(
        cand.centre
        + np.outer(offsets @ right * across, right)
        + np.outer(offsets @ cand.down, cand.down)
    )


def _unambiguous(
    read: list[tuple[float, IndexCandidate, CornerRead, Reading]],
) -> list[tuple[float, IndexCandidate, CornerRead, Reading]]:
    """A rank read with two of the suits round it as two cards (each from the floor up) is not
    named at all, never as the surer of the two: in a fan a rank lies beside another card's suit
    of its colour, and the window that pairing cuts can read as a card nobody holds (the
    simulated deck's K of diamonds, paired with the heart of the 7 over it, read as the K of
    hearts at 0.9998)."""
    names: dict[int, set] = {}
    for confidence, cand, _, reading in read:
        if confidence >= AMBIGUOUS_FROM:
            names.setdefault(cand.rank, set()).add(reading.card)
    return [t for t in read if len(names.get(t[1].rank, ())) < 2]


def _read_both_ways(
    read: list[tuple[float, IndexCandidate, CornerRead, Reading]],
) -> set[frozenset[int]]:
    """The pairs of glyphs read as two cards, each way round (the one as rank and the other as
    its suit, and the reverse), each from the floor up: an index has one way up, and a pattern
    that reads both ways is none (a card back's lattice read as the king of hearts at 0.997 and,
    turned, as the four of clubs; a court card's picture as the ace of clubs and the ten of
    spades). They name no card, and their glyphs are no other index's."""
    names: dict[frozenset[int], set] = {}
    for confidence, cand, _, reading in read:
        if confidence >= AMBIGUOUS_FROM:
            names.setdefault(frozenset((cand.rank, cand.suit)), set()).add(reading.card)
    return {pair for pair, cards in names.items() if len(cards) >= 2}


def surest_look(
    image: np.ndarray,
    card: Card,
    at: IndexCorner,
    reader: IndexReader,
    deck: DeckIndex,
    features: DeckFeatures | None = None,
    least: bool = False,
) -> float | None:
    """How surely the index reads as its card through two more windows cut a little larger and
    smaller, turned (the surer of the two, each read alone; with ``least`` the less sure, for an
    index read through a slanted window), when both name that card; None
    when one names another card or none: a true index reads the same through all its windows,
    two pips or a piece of a picture that happened to look like one seldom does. (The surer, not
    each: in a tight spread the larger window takes in the next card's index, the smaller one
    cuts a ten's 0 in half, and the first may sit a little off a narrow queen.)"""
    windows = [corner_window(image, quad, 0) for quad in looked(at.card, at.index_at)]
    again = [read_card({0: read}, deck, features) for read in reader.read(windows)]
    if any(a is None or a.card != card for a in again):
        return None
    return (min if least else max)(a.confidence for a in again if a is not None)


def looked(card: np.ndarray, centre: np.ndarray) -> list[np.ndarray]:
    """A card's outline (its index corner first) scaled and turned about ``centre`` (its rank's
    centre, in the frame), once for each of LOOKS_AGAIN."""
    quad = np.float32(card).reshape(-1, 1, 2)
    return [
        cv2.transform(
            quad, cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), degrees, scale)
        ).reshape(4, 2)
        for scale, degrees in LOOKS_AGAIN
    ]


def _pairs_joined(
    kept: list[tuple[IndexCandidate, CornerRead, Reading]],
    deck: DeckIndex,
    features: DeckFeatures | None,
) -> list[IndexRead]:
    """Indices of one name within a card's reach are one card's; read at two corners when they
    lie as a card's index corners do (the opposite corner, turned half round; or, on a deck
    with four indices, the corner beside, the same way up)."""
    out: list[IndexRead] = []
    taken: set[int] = set()
    for i, (cand, read, reading) in enumerate(kept):
        if i in taken:
            continue
        second: CornerRead | None = None
        others: list[IndexCorner] = []
        for j in range(i + 1, len(kept)):
            other, other_read, other_reading = kept[j]
            if j in taken or other_reading.card != reading.card:
                continue
            if np.linalg.norm(other.centre - cand.centre) < CARD_REACH * max(
                cand.rank_height, other.rank_height
            ):
                taken.add(j)
                others.append(
                    IndexCorner(other.card, other.centre, other.relevelled, other.slanted)
                )
                if second is None and _corners_of_one_card(cand, other):
                    second = other_read
        if second is not None:
            joined = read_card({0: read, 2: second}, deck, features)
            if joined is not None and joined.card == reading.card:
                reading = joined
        reads = (read,) if second is None else (read, second)
        out.append(
            IndexRead(
                reading,
                cand.card,
                cand.card.mean(axis=0),
                cand.centre,
                cand.rank_height,
                reads,
                cand.relevelled,
                tuple(others),
                cand.slanted,
            )
        )
    return out


def _corners_of_one_card(one: IndexCandidate, other: IndexCandidate) -> bool:
    """Whether two indices lie as two index corners of one card do, in the first's frame."""
    right = np.float32([one.down[1], -one.down[0]])
    offset = other.centre - one.centre
    across, along = float(offset @ right), float(offset @ one.down)
    turned = float(one.down @ other.down)
    size = max(one.rank_height, other.rank_height)
    if turned < -0.8:  # opposite corners: the other is further down the card and not left of it
        return along > 4.0 * size and across > -1.0 * size
    if turned > 0.8:  # the corner beside (four indices): level with it, across the card
        return abs(along) < 1.0 * size and abs(across) > 3.0 * size
    return False
