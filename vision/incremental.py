"""Reading a live camera by what changed: a still table costs almost nothing, a card that lands
is read in the part of the frame it changed, and the cards elsewhere are not read again.

A camera films the same table 30 times a second and a dealer changes a small part of it now and
then. Each frame is shrunk to a grid of cells (``CELL`` px square, grey, averaged: the camera's
noise averages out) and compared with the grid as it was when each cell was last read. No cell
changed by ``CHANGE_LEVEL`` grey levels: the frame is the last one's, its cards are the same (a
shrink and a comparison, well under a millisecond). Cells changed: they are read once they
lie still. Changed cells that touch count as one change; a change with a cell that moved since
the frame before (a hand passing, a card being laid) waits, so the hand is not read and the
table it crossed, unchanged once it has gone, is not read at all. Of the changes that lie still
the newest (its cells still the fewest frames) is read first, alone: the box round its cells and
MARGIN cells of table, whose cards replace those found there before; the rest keep theirs, and
the other changes wait for the next frame. A card the box's edge cuts is not taken from it: a
card read before is kept as it was read (not read again), a new one has the box grown to hold
it. A box over half the frame is read as the whole frame; a change that goes on moving for
WAIT_FRAMES frames is read as it is. Comparing with the grid as last read (not with the frame
before) makes a slow slide add up until it is read; a change of light over the whole frame
reads it whole at once (over half the cells changed), moving or not.
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
MARGIN = 2  # cells of table read round a change
EDGE = 3  # px: a card reaching this near a read box's edge is cut by it
WAIT_FRAMES = 15  # frames a change may go on moving before it is read moving (half a second)
WHOLE_SHARE = 0.5  # a box larger than this share of the frame: read the whole frame
SETTLED_FRAMES = 5  # a cell unchanged this many frames, under no card, shows the bare table
BARE_SHARE = 0.7  # a card not found again whose cells are this much bare table was taken away


@dataclass
class ReadCounts:
    """How frames were read: skipped (nothing changed), waited (what changed still moved), in
    part (a box), whole."""

    skipped: int = 0
    waited: int = 0
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
        self._waited = 0  # frames the changes have gone on moving unread
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
        moving = self._settle(grid)
        changed = np.abs(grid - self._grid) > CHANGE_LEVEL
        if not changed.any():
            self.counts.skipped += 1
            self.last_box = None
            return list(self._guesses)
        if changed.mean() > WHOLE_SHARE:  # the light changed, or the camera moved: read it all now
            return self._read_whole(frame, grid, overhead)
        region = self._next_change(changed, moving)
        if region is None:  # what changed still moves (a hand dealing): read it once it lies
            self.counts.waited += 1
            self.last_box = None
            return list(self._guesses)
        box = self._box(region, frame.shape)
        x0, y0, x1, y1 = box
        if (x1 - x0) * (y1 - y0) > WHOLE_SHARE * frame.shape[0] * frame.shape[1]:
            return self._read_whole(frame, grid, overhead)
        self.counts.in_part += 1
        part, box = self._read_part(frame, overhead, box)
        self.last_box = box
        x0, y0, x1, y1 = box
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
        read = ~moving[r0:r1, c0:c1]  # what moves there is read again once it lies still
        self._grid[r0:r1, c0:c1][read] = grid[r0:r1, c0:c1][read]
        return list(self._guesses)

    def _next_change(self, changed: np.ndarray, moving: np.ndarray) -> np.ndarray | None:
        """The changed cells to read now: the newest change that lies still (changed cells
        that touch, none of them moving since the frame before), so a hand passing is not read
        and the card it laid is read once, as soon as it lies; None while every change still
        moves, for at most WAIT_FRAMES frames (then all that changed is read, moving or not)."""
        count, labels = cv2.connectedComponents(changed.astype(np.uint8), connectivity=8)
        still = [k for k in range(1, count) if not (moving & (labels == k)).any()]
        if not still:
            self._waited += 1
            if self._waited <= WAIT_FRAMES:
                return None
            self._waited = 0
            return changed
        self._waited = 0
        assert self._settled is not None
        newest = min(still, key=lambda k: int(self._settled[changed & (labels == k)].min()))
        return changed & (labels == newest)

    def _read_part(
        self, frame: np.ndarray, overhead: np.ndarray | None, box: tuple[int, int, int, int]
    ) -> tuple[list[CardGuess], tuple[int, int, int, int]]:
        """The cards read in ``box``, less those its edge cuts (a card read before that reaches
        into it and named so again: kept as it was read). Any other card cut (a new card reaching
        out of the change, a card under it not read surely) has the box grown to hold it, and
        read again once."""
        h, w = frame.shape[:2]
        for _ in range(2):
            x0, y0, x1, y1 = box
            found = [
                _shifted(g, x0, y0)
                for g in self.recogniser.recognise(frame[y0:y1, x0:x1], _cropped(overhead, x0, y0))
            ]
            cut = [g for g in found if _cut(g, box, w, h)]
            new = [g for g in cut if not any(_same(g, known) for known in self._guesses)]
            if not new:
                break
            corners = np.concatenate([np.float32(g.corners) for g in new])
            lo, hi = corners.min(axis=0) - 2 * CELL, corners.max(axis=0) + 2 * CELL
            box = _clipped((min(x0, lo[0]), min(y0, lo[1]), max(x1, hi[0]), max(y1, hi[1])), w, h)
        return [g for g in found if not any(g is c for c in cut)], box

    def _read_whole(
        self, frame: np.ndarray, grid: np.ndarray, overhead: np.ndarray | None
    ) -> list[CardGuess]:
        self.counts.whole += 1
        self.last_box = None
        self._grid, self._shape = grid, frame.shape
        self._guesses = self.recogniser.recognise(frame, overhead)
        return list(self._guesses)

    def _settle(self, grid: np.ndarray) -> np.ndarray:
        """Count how long each cell has been still; a cell settled under no card is bare table.
        Returns the cells that moved since the frame before."""
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
        return ~still

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

    def _box(self, cells: np.ndarray, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
        """The box round ``cells`` in frame pixels, MARGIN cells round it."""
        h, w = shape[:2]
        rows, cols = np.nonzero(cells)
        return _clipped(
            (
                (cols.min() - MARGIN) * CELL,
                (rows.min() - MARGIN) * CELL,
                (cols.max() + 1 + MARGIN) * CELL,
                (rows.max() + 1 + MARGIN) * CELL,
            ),
            w,
            h,
        )


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


def _cut(guess: CardGuess, box: tuple[int, int, int, int], w: int, h: int) -> bool:
    """Whether the edge of ``box`` cuts a card read in it (the frame's own edge does not)."""
    corners = np.float32(guess.corners)
    (gx0, gy0), (gx1, gy1) = corners.min(axis=0), corners.max(axis=0)
    x0, y0, x1, y1 = box
    return bool(
        (x0 > 0 and gx0 <= x0 + EDGE)
        or (y0 > 0 and gy0 <= y0 + EDGE)
        or (x1 < w and gx1 >= x1 - EDGE)
        or (y1 < h and gy1 >= y1 - EDGE)
    )


def _same(guess: CardGuess, other: CardGuess) -> bool:
    """Whether ``guess`` is ``other`` read again: the same card, their outline boxes sharing a
    third of the smaller one."""
    if guess.card is None or guess.card != other.card:
        return False
    a, b = np.float32(guess.corners), np.float32(other.corners)
    (ax0, ay0), (ax1, ay1) = a.min(axis=0), a.max(axis=0)
    (bx0, by0), (bx1, by1) = b.min(axis=0), b.max(axis=0)
    shared = max(0.0, min(ax1, bx1) - max(ax0, bx0)) * max(0.0, min(ay1, by1) - max(ay0, by0))
    smaller = min((ax1 - ax0) * (ay1 - ay0), (bx1 - bx0) * (by1 - by0))
    return bool(shared > smaller / 3)


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
