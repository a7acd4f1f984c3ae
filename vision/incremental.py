"""Reading a live camera by what changed: a still table costs almost nothing, a card that lands
is read in the part of the frame it changed, and the cards elsewhere are not read again.

A camera films the same table 30 times a second and a dealer changes a small part of it now and
then. Each frame is shrunk to a grid of cells (``CELL`` px square, grey, averaged: the camera's
noise averages out) and compared with the grid as it was when each cell was last read. No cell
changed by ``CHANGE_LEVEL`` grey levels: the frame is the last one's, its cards are the same (a
shrink and a comparison, well under a millisecond). Cells changed: the box round them, grown by
a card's reach and to hold whole every card already found that it touches, is read alone, and
its cards replace those found there before; the rest keep theirs. A box over half the frame is
read as the whole frame. Comparing with the grid as last read (not with the frame before) makes
a slow slide add up until it is read; a change of light over the whole frame reads it whole.

Pure but for the state it keeps between frames: frames in, :class:`vision.recogniser.CardGuess`
out, the same as :meth:`Recogniser.recognise` gives, no clock, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.recogniser import CardGuess, Recogniser

CELL = 16  # px of the frame per cell of the change grid
CHANGE_LEVEL = 8.0  # grey levels a cell's mean must move to count as changed (the camera's noise, averaged over a cell, moves it about 1)
REACH = 0.12  # a changed box is grown by this share of the frame's long side (a card's size at a table's camera)
WHOLE_SHARE = 0.5  # a box larger than this share of the frame: read the whole frame


@dataclass
class ReadCounts:
    """How frames were read: skipped (nothing changed), in part (a box), whole."""

    skipped: int = 0
    in_part: int = 0
    whole: int = 0


class IncrementalReader:
    """Feed it every frame with :meth:`read`; it reads only what changed since it was last read."""

    def __init__(self, recogniser: Recogniser) -> None:
        self.recogniser = recogniser
        self.counts = ReadCounts()
        self._grid: np.ndarray | None = None  # each cell's mean grey when it was last read
        self._guesses: list[CardGuess] = []
        self._shape: tuple[int, ...] = ()
        self.last_box: tuple[int, int, int, int] | None = None  # the part read last (x0, y0, x1, y1), None: none or whole

    def read(self, frame: np.ndarray, overhead: np.ndarray | None = None) -> list[CardGuess]:
        grid = change_grid(frame)
        if self._grid is None or frame.shape != self._shape:
            return self._read_whole(frame, grid, overhead)
        changed = np.abs(grid - self._grid) > CHANGE_LEVEL
        if not changed.any():
            self.counts.skipped += 1
            self.last_box = None
            return list(self._guesses)
        box = self._box(changed, frame.shape)
        x0, y0, x1, y1 = box
        if (x1 - x0) * (y1 - y0) > WHOLE_SHARE * frame.shape[0] * frame.shape[1]:
            return self._read_whole(frame, grid, overhead)
        self.counts.in_part += 1
        self.last_box = box
        part = [_shifted(g, x0, y0) for g in self.recogniser.recognise(frame[y0:y1, x0:x1], _cropped(overhead, x0, y0))]
        kept = [g for g in self._guesses if not _touches(g, box)]
        self._guesses = kept + part
        c0, r0, c1, r1 = x0 // CELL, y0 // CELL, -(-x1 // CELL), -(-y1 // CELL)
        self._grid[r0:r1, c0:c1] = grid[r0:r1, c0:c1]
        return list(self._guesses)

    def _read_whole(self, frame: np.ndarray, grid: np.ndarray, overhead: np.ndarray | None) -> list[CardGuess]:
        self.counts.whole += 1
        self.last_box = None
        self._grid, self._shape = grid, frame.shape
        self._guesses = self.recogniser.recognise(frame, overhead)
        return list(self._guesses)

    def _box(self, changed: np.ndarray, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
        """The changed cells' box in frame pixels, grown by REACH, then to hold whole every card
        found before that it touches (its outline, read again with the rest)."""
        h, w = shape[:2]
        rows, cols = np.nonzero(changed)
        grow = REACH * max(h, w)
        box = (cols.min() * CELL - grow, rows.min() * CELL - grow, (cols.max() + 1) * CELL + grow, (rows.max() + 1) * CELL + grow)
        box = _clipped(box, w, h)
        while True:
            touched = [np.float32(g.corners) for g in self._guesses if _touches(g, box)]
            if not touched:
                return box
            cards = np.concatenate(touched)
            lo, hi = cards.min(axis=0) - CELL, cards.max(axis=0) + CELL  # each card whole, a cell round it
            grown = _clipped((min(box[0], lo[0]), min(box[1], lo[1]), max(box[2], hi[0]), max(box[3], hi[1])), w, h)
            if grown == box:
                return box
            box = grown


def change_grid(frame: np.ndarray) -> np.ndarray:
    """The frame's mean grey per CELL x CELL cell (float32; a part cell at the edge left out)."""
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    h, w = grey.shape[0] // CELL, grey.shape[1] // CELL
    return cv2.resize(grey[: h * CELL, : w * CELL], (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)


def _clipped(box: tuple[float, ...], w: int, h: int) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    return max(0, int(np.floor(x0))), max(0, int(np.floor(y0))), min(w, int(np.ceil(x1))), min(h, int(np.ceil(y1)))


def _touches(guess: CardGuess, box: tuple[int, int, int, int]) -> bool:
    """Whether a card's outline reaches into ``box`` (its bounding box overlaps it)."""
    corners = np.float32(guess.corners)
    (gx0, gy0), (gx1, gy1) = corners.min(axis=0), corners.max(axis=0)
    x0, y0, x1, y1 = box
    return bool(gx0 < x1 and gx1 > x0 and gy0 < y1 and gy1 > y0)


def _shifted(guess: CardGuess, dx: int, dy: int) -> CardGuess:
    return replace(guess, corners=tuple((x + dx, y + dy) for x, y in guess.corners),
                   centre=(guess.centre[0] + dx, guess.centre[1] + dy))


def _cropped(overhead: np.ndarray | None, dx: int, dy: int) -> np.ndarray | None:
    """The frame's homography to the table, for a part of the frame whose corner is at (dx, dy)."""
    if overhead is None:
        return None
    return np.float64(overhead) @ np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], np.float64)
