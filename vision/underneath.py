"""Cards partly under others (a fanned hand, a card pushed against another): found by a corner.

A card under another shows an odd-shaped piece of paper, not a quadrilateral, but its index
corner usually sticks out: a square corner on the outline of the paper. From each such corner
the card is laid out with the size of the cards found whole nearby, and only the index at that
corner is read (the recogniser names it only when it is sure, and never a second time).
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

SQUARE = 25.0  # degrees a corner may be off square (a camera's slant)
STEP = 0.12  # of a card's short side: how far along the outline a corner's sides are measured
ON_PAPER = (
    0.75  # share of a card laid out underneath others that must lie on paper (its size is a guess)
)


def corner_quads(paper: np.ndarray, whole: list[np.ndarray]) -> list[np.ndarray]:
    """Card outlines laid out from the square corners of ``paper``'s outline (a binary mask).

    Each is ordered clockwise from the corner, short side first, so the corner is where an
    index prints (top-left or bottom-right). Corners on a card found whole are skipped.
    """
    if not whole:
        return []
    short, long_ = card_sides(whole)
    contours, _ = cv2.findContours(paper, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    quads: list[np.ndarray] = []
    for contour in contours:
        if cv2.contourArea(contour) < 0.5 * short * long_:
            continue
        for corner, first, second in _square_corners(
            contour.reshape(-1, 2).astype(np.float32), STEP * short
        ):
            point = (float(corner[0]), float(corner[1]))
            if all(cv2.pointPolygonTest(w, point, True) < -0.08 * short for w in whole):
                quads.extend(laid_out(corner, first, second, (short, long_), paper))
    return _one_per_corner(quads, 0.3 * short)


def laid_out(
    corner: np.ndarray,
    first: np.ndarray,
    second: np.ndarray,
    sides: tuple[float, float],
    paper: np.ndarray,
) -> list[np.ndarray]:
    """Cards of the given size with a corner at ``corner`` along the two directions, each ordered
    from its index corner (clockwise, short side first), that lie on the paper.

    A corner may be a card's index corner (its clockwise side is a short side) or one of the
    other two (the clockwise side is a long side); both are laid out, and only a card lying on
    paper all over is kept: a card underneath others is hidden by paper, never by cloth.
    """
    short, long_ = sides
    index_first = np.float32(
        [
            corner,
            corner + first * short,
            corner + first * short + second * long_,
            corner + second * long_,
        ]
    )
    long_first = np.float32(
        [
            corner + second * short,
            corner,
            corner + first * long_,
            corner + first * long_ + second * short,
        ]
    )
    return [q for q in (index_first, long_first) if _on_paper_share(paper, q) >= ON_PAPER]


def _on_paper_share(paper: np.ndarray, quad: np.ndarray) -> float:
    corners = np.int32(np.round(quad))
    x, y, w, h = cv2.boundingRect(corners.reshape(-1, 1, 2))
    card = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(card, corners - np.int32([x, y]), 255)
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, paper.shape[1]), min(y + h, paper.shape[0])
    on = 0
    if x1 > x0 and y1 > y0:  # (255 & any paper level is not 0)
        on = cv2.countNonZero(
            cv2.bitwise_and(card[y0 - y : y1 - y, x0 - x : x1 - x], paper[y0:y1, x0:x1])
        )
    return on / max(cv2.countNonZero(card), 1)


def card_sides(whole: list[np.ndarray]) -> tuple[float, float]:
    """The median short and long side of the cards found whole."""
    sides = np.array([np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1) for q in whole])
    pairs = np.sort(
        np.stack([(sides[:, 0] + sides[:, 2]) / 2, (sides[:, 1] + sides[:, 3]) / 2], axis=1), axis=1
    )
    return float(np.median(pairs[:, 0])), float(np.median(pairs[:, 1]))


def _square_corners(
    points: np.ndarray, reach: float
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Convex, nearly square corners of a closed outline: (corner, clockwise side, other side).

    A card's corner is rounded, so each side's direction is taken from the stretch between one
    and two ``reach`` away from the corner, and the corner is where the two sides meet. Every
    point of the outline is tried at once (an outline has thousands).
    """
    n = len(points)
    steps = np.linalg.norm(np.diff(points, axis=0, append=points[:1]), axis=1)
    along = np.concatenate([[0.0], np.cumsum(steps)])[:-1]
    total = float(steps.sum())
    a1, a2, b1, b2 = (
        points[np.searchsorted(along, (along + d) % total) % n]
        for d in (reach, 2 * reach, -reach, -2 * reach)
    )
    u, v = a2 - a1, b2 - b1
    nu, nv = np.hypot(u[:, 0], u[:, 1]), np.hypot(v[:, 0], v[:, 1])
    straight = (nu >= 0.8 * reach) & (
        nv >= 0.8 * reach
    )  # else a ragged stretch, not a straight side
    u, v = u / np.maximum(nu, 1e-6)[:, None], v / np.maximum(nv, 1e-6)[:, None]
    angle = np.degrees(np.arccos(np.clip(u[:, 0] * v[:, 0] + u[:, 1] * v[:, 1], -1.0, 1.0)))
    corner, meets = _meetings(a1, u, b1, v)
    near = np.hypot(*(corner - points).T) <= reach
    tried = np.nonzero(straight & (np.abs(angle - 90) <= SQUARE) & meets & near)[0]
    corner, first, second = corner[tried], *_clockwise_first(u[tried], v[tried])
    # One corner per place on the outline: the squarest convex one there (a point near a corner
    # kept already is not looked at).
    kept = _apart(
        corner,
        reach,
        [abs(float(a) - 90) for a in angle[tried]],
        lambda k: _convex(points, corner[k], first[k], second[k], reach),
    )
    return [(corner[k], first[k], second[k]) for k in kept]


def _clockwise_first(u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each corner's two sides (rows), the clockwise one first."""
    swap = (u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0] <= 0)[:, None]
    return np.where(swap, v, u), np.where(swap, u, v)


def _meetings(
    p: np.ndarray, u: np.ndarray, q: np.ndarray, v: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Where each line through p along u meets the line through q along v (rows), and whether
    they meet at all (not nearly parallel)."""
    det = v[:, 0].astype(np.float64) * u[:, 1] - u[:, 0].astype(np.float64) * v[:, 1]
    meets = np.abs(det) >= 1e-3
    d = (q - p).astype(np.float64)
    t = (v[:, 0] * d[:, 1] - v[:, 1] * d[:, 0]) / np.where(meets, det, 1.0)
    return (p + u * t[:, None]).astype(np.float32), meets


def _convex(
    points: np.ndarray, corner: np.ndarray, first: np.ndarray, second: np.ndarray, reach: float
) -> bool:
    """The paper lies between the corner's two sides (a corner sticking out, not a notch)."""
    inside = corner + (first + second) * 0.35 * reach
    contour = points.reshape(-1, 1, 2)
    return cv2.pointPolygonTest(contour, (float(inside[0]), float(inside[1])), False) > 0


def _one_per_corner(quads: list[np.ndarray], reach: float) -> list[np.ndarray]:
    return [quads[k] for k in _apart(np.float32([q[0] for q in quads]), reach)]


def _apart(
    points: np.ndarray,
    reach: float,
    rank: list[float] | None = None,
    fits: Callable[[int], bool] | None = None,
) -> list[int]:
    """Which of the points to keep, best ranked first (else in order): each that ``fits`` and
    lies further than ``reach`` from every point kept before it (one already within reach of a
    kept point is not tried)."""
    points = points.reshape(-1, 2)
    order = (
        sorted(range(len(points)), key=rank.__getitem__) if rank is not None else range(len(points))
    )
    covered = np.zeros(len(points), bool)
    kept: list[int] = []
    for k in order:
        if covered[k] or (fits is not None and not fits(k)):
            continue
        kept.append(k)
        covered |= np.hypot(*(points - points[k]).T) <= reach
    return kept


def line_corner_quads(
    whiteness: np.ndarray, paper: np.ndarray, whole: list[np.ndarray]
) -> list[np.ndarray]:
    """Card outlines laid out from corners where two straight edge lines meet nearly square.

    In a fan a lower card's index corner lies on the card below it, inside the paper, where only
    its thin darker edge shows; the paper's outline has no corner there. Each line is at least
    0.3 of a card's short side, the paper lies between the two, and corners on or inside a card
    found whole are skipped (its index would be read twice).
    """
    if not whole:
        return []
    short, long_ = card_sides(whole)
    # Lines looked for at half size: a quarter of the time, the same cards found and read (the
    # lines wanted are a card's edges, 0.3 of its short side long at least).
    half = cv2.resize(whiteness, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    found = cv2.createLineSegmentDetector().detect(half)[0]
    segments = (
        np.zeros((0, 2, 2), np.float32) if found is None else found.reshape(-1, 2, 2) * 2 + 0.5
    )
    segments = segments[np.hypot(*(segments[:, 1] - segments[:, 0]).T) >= 0.3 * short]
    quads: list[np.ndarray] = []
    for point, first, second in _segment_corners(segments, 0.12 * short):
        inside = point + (first + second) * 0.05 * short
        if not _on_paper(paper, inside) or any(
            cv2.pointPolygonTest(w, (float(point[0]), float(point[1])), True) > -0.08 * short
            for w in whole
        ):
            continue
        quads.extend(laid_out(point, first, second, (short, long_), paper))
    return _one_per_corner(quads, 0.3 * short)


def _segment_corners(
    segments: np.ndarray, reach: float
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Where two segments meet nearly square near an end of each, for every pair (in order):
    (corner, clockwise side, other side)."""
    one, two = np.triu_indices(len(segments), 1)
    ways = segments[:, 1] - segments[:, 0]
    ways = ways / np.hypot(ways[:, 0], ways[:, 1])[:, None]
    u, v = ways[one], ways[two]
    square = (
        np.abs(
            np.degrees(np.arccos(np.clip(np.abs(u[:, 0] * v[:, 0] + u[:, 1] * v[:, 1]), 0.0, 1.0)))
            - 90
        )
        <= SQUARE
    )
    point, meets = _meetings(segments[one, 0], u, segments[two, 0], v)
    keep = square & meets
    sides = []
    for ends in (segments[one], segments[two]):
        gaps = np.hypot(*(ends - point[:, None]).transpose(2, 0, 1))  # each end from the corner
        nearer_second = gaps[:, 1] < gaps[:, 0]
        keep &= np.where(nearer_second, gaps[:, 1], gaps[:, 0]) <= reach
        far = np.where(nearer_second[:, None], ends[:, 0], ends[:, 1]) - point
        sides.append(far / np.maximum(np.hypot(far[:, 0], far[:, 1]), 1e-6)[:, None])
    first, second = _clockwise_first(*sides)
    return [(point[k], first[k], second[k]) for k in np.nonzero(keep)[0].tolist()]


def _on_paper(paper: np.ndarray, point: np.ndarray) -> bool:
    x, y = round(float(point[0])), round(float(point[1]))
    return 0 <= y < paper.shape[0] and 0 <= x < paper.shape[1] and paper[y, x] > 0
