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
A card read before that the box's read does not find again is taken away when the cells inside
it show the bare table (as each cell settled while no card lay on it); otherwise something lies
over it (a hand) and it is kept, unread, until it is found again or its cells are bare.

Pure but for the state it keeps between frames: frames in, :class:`vision.recogniser.CardGuess`
out, the same as :meth:`Recogniser.recognise` gives, no clock, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.recogniser import CardGuess, Recogniser

CELL = 16  # px of the frame per cell of the change grid
# grey levels a cell's mean must move to count as changed (the camera's noise, averaged over a cell,
# moves it about 1)
CHANGE_LEVEL = 8.0
REACH = 0.12  # a changed box is grown by this share of the frame's long side (a card's size at a table's camera)
WHOLE_SHARE = 0.5  # a box larger than this share of the frame: read the whole frame
SETTLED_FRAMES = 5  # a cell unchanged this many frames, under no card, shows the bare table
BARE_SHARE = 0.7  # a card not found again whose cells are this much bare table was taken away


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
        self.last_box: tuple[int, int, int, int] | None = (
            None  # the part read last (x0, y0, x1, y1), None: none or whole
        )
        # The bare table, cell by cell: what a cell settled to while no card lay on it (a hand
        # passing never settles), so a card not found again can be told taken away (its cells
        # bare table again) from covered (a hand over it: kept, not reported gone).
        self._bare: np.ndarray | None = None
        self._known: np.ndarray | None = None  # cells whose bare table has been seen
        self._settled: np.ndarray | None = None  # frames each cell has been unchanged
        self._previous: np.ndarray | None = None
        self.covered: list[
            CardGuess
        ] = []  # cards kept through the last read though not found in it

    def read(self, frame: np.ndarray, overhead: np.ndarray | None = None) -> list[CardGuess]:
        grid = change_grid(frame)
        if self._grid is None or frame.shape != self._shape:
            self._bare, self._settled, self._previous = (
                grid.copy(),
                np.zeros(grid.shape, np.int32),
                grid,
            )
            guesses = self._read_whole(frame, grid, overhead)
            self._known = np.ones(
                grid.shape, bool
            )  # the table is bare wherever no card lies at the first look
            for guess in guesses:
                c0, r0, c1, r1 = _cells(guess, grid.shape, grow=1)
                self._known[r0:r1, c0:c1] = False
            return guesses
        self._settle(grid)
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
        part = [
            _shifted(g, x0, y0)
            for g in self.recogniser.recognise(frame[y0:y1, x0:x1], _cropped(overhead, x0, y0))
        ]
        kept = [g for g in self._guesses if not _touches(g, box)]
        self.covered = [
            g
            for g in self._guesses
            if _touches(g, box)
            and g.card is not None
            and not _found_again(g, part)
            and not self._bare_under(g, grid)
        ]
        self._guesses = kept + part + self.covered
        c0, r0, c1, r1 = x0 // CELL, y0 // CELL, -(-x1 // CELL), -(-y1 // CELL)
        self._grid[r0:r1, c0:c1] = grid[r0:r1, c0:c1]
        return list(self._guesses)

    def _read_whole(
        self, frame: np.ndarray, grid: np.ndarray, overhead: np.ndarray | None
    ) -> list[CardGuess]:
        self.counts.whole += 1
        self.last_box = None
        self._grid, self._shape = grid, frame.shape
        self._guesses = self.recogniser.recognise(frame, overhead)
        return list(self._guesses)

    def _settle(self, grid: np.ndarray) -> None:
        """Count how long each cell has been still; a cell settled under no card is bare table."""
        assert self._settled is not None and self._bare is not None and self._previous is not None
        still = np.abs(grid - self._previous) <= CHANGE_LEVEL
        self._settled = np.where(still, self._settled + 1, 0)
        self._previous = grid
        bare = self._settled >= SETTLED_FRAMES
        for guess in self._guesses:
            c0, r0, c1, r1 = _cells(guess, grid.shape, grow=1)
            bare[r0:r1, c0:c1] = False
        self._bare[bare] = grid[bare]
        self._known |= bare

    def _bare_under(self, guess: CardGuess, grid: np.ndarray) -> bool:
        """Whether the cells inside a card's outline show the bare table now (it was taken away),
        not what lies over it (a hand: it is covered)."""
        assert self._bare is not None
        c0, r0, c1, r1 = _cells(guess, grid.shape, grow=-1)
        if c1 <= c0 or r1 <= r0:
            return True
        known = self._known[r0:r1, c0:c1]
        if (
            known.mean() < 0.5
        ):  # the table under it never seen bare (it lay there from the start): taken away, as a card not found is
            return True
        now, bare = grid[r0:r1, c0:c1][known], self._bare[r0:r1, c0:c1][known]
        return float(np.mean(np.abs(now - bare) <= 2 * CHANGE_LEVEL)) >= BARE_SHARE

    def _box(self, changed: np.ndarray, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
        """The changed cells' box in frame pixels, grown by REACH, then to hold whole every card
        found before that it touches (its outline, read again with the rest)."""
        h, w = shape[:2]
        rows, cols = np.nonzero(changed)
        grow = REACH * max(h, w)
        box = (
            cols.min() * CELL - grow,
            rows.min() * CELL - grow,
            (cols.max() + 1) * CELL + grow,
            (rows.max() + 1) * CELL + grow,
        )
        box = _clipped(box, w, h)
        while True:
            touched = [np.float32(g.corners) for g in self._guesses if _touches(g, box)]
            if not touched:
                return box
            cards = np.concatenate(touched)
            lo, hi = (
                cards.min(axis=0) - CELL,
                cards.max(axis=0) + CELL,
            )  # each card whole, a cell round it
            grown = _clipped(
                (min(box[0], lo[0]), min(box[1], lo[1]), max(box[2], hi[0]), max(box[3], hi[1])),
                w,
                h,
            )
            if grown == box:
                return box
            box = grown


def change_grid(frame: np.ndarray) -> np.ndarray:
    """The frame's mean grey per CELL x CELL cell (float32; a part cell at the edge left out)."""
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    h, w = grey.shape[0] // CELL, grey.shape[1] // CELL
    return cv2.resize(grey[: h * CELL, : w * CELL], (w, h), interpolation=cv2.INTER_AREA).astype(
        np.float32
    )


def _cells(guess: CardGuess, shape: tuple[int, ...], grow: int) -> tuple[int, int, int, int]:
    """The grid cells (c0, r0, c1, r1) under a card's outline's box, grown by ``grow`` cells
    (negative: only cells wholly inside it, less a cell's margin)."""
    corners = np.float32(guess.corners)
    (x0, y0), (x1, y1) = corners.min(axis=0), corners.max(axis=0)
    h, w = shape
    if grow >= 0:
        c0, r0, c1, r1 = (
            int(x0 // CELL) - grow,
            int(y0 // CELL) - grow,
            int(x1 // CELL) + 1 + grow,
            int(y1 // CELL) + 1 + grow,
        )
    else:  # the box's middle half: a turned card's outline box holds table at its corners
        qx, qy = (x1 - x0) / 4, (y1 - y0) / 4
        c0, r0, c1, r1 = (
            int(-(-(x0 + qx) // CELL)),
            int(-(-(y0 + qy) // CELL)),
            int((x1 - qx) // CELL),
            int((y1 - qy) // CELL),
        )
    return max(0, c0), max(0, r0), min(w, c1), min(h, r1)


def _found_again(guess: CardGuess, found: list[CardGuess]) -> bool:
    """Whether ``found`` names the same card anywhere (a card moved is found again elsewhere)."""
    return any(g.card == guess.card for g in found)


def _clipped(box: tuple[float, ...], w: int, h: int) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    return (
        max(0, int(np.floor(x0))),
        max(0, int(np.floor(y0))),
        min(w, int(np.ceil(x1))),
        min(h, int(np.ceil(y1))),
    )


def _touches(guess: CardGuess, box: tuple[int, int, int, int]) -> bool:
    """Whether a card's outline reaches into ``box`` (its bounding box overlaps it)."""
    corners = np.float32(guess.corners)
    (gx0, gy0), (gx1, gy1) = corners.min(axis=0), corners.max(axis=0)
    x0, y0, x1, y1 = box
    return bool(gx0 < x1 and gx1 > x0 and gy0 < y1 and gy1 > y0)


def _shifted(guess: CardGuess, dx: int, dy: int) -> CardGuess:
    return replace(
        guess,
        corners=tuple((x + dx, y + dy) for x, y in guess.corners),
        centre=(guess.centre[0] + dx, guess.centre[1] + dy),
    )


def _cropped(overhead: np.ndarray | None, dx: int, dy: int) -> np.ndarray | None:
    """The frame's homography to the table, for a part of the frame whose corner is at (dx, dy)."""
    if overhead is None:
        return None
    return np.float64(overhead) @ np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], np.float64)
