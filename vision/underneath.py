"""Cards partly under others (a fanned hand, a card pushed against another): found by a corner.

A card under another shows an odd-shaped piece of paper, not a quadrilateral, but its index
corner usually sticks out: a square corner on the outline of the paper. From each such corner
the card is laid out with the size of the cards found whole nearby, and only the index at that
corner is read (the recogniser names it only when it is sure, and never a second time).
"""

from __future__ import annotations

import cv2
import numpy as np

SQUARE = 25.0  # degrees a corner may be off square (a camera's slant)
STEP = 0.12  # of a card's short side: how far along the outline a corner's sides are measured
ON_PAPER = 0.75  # share of a card laid out underneath others that must lie on paper (its size is a guess)


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
        for corner, first, second in _square_corners(contour.reshape(-1, 2).astype(np.float32), STEP * short):
            point = (float(corner[0]), float(corner[1]))
            if all(cv2.pointPolygonTest(w, point, True) < -0.08 * short for w in whole):
                quads.extend(laid_out(corner, first, second, (short, long_), paper))
    return _one_per_corner(quads, 0.3 * short)


def laid_out(corner: np.ndarray, first: np.ndarray, second: np.ndarray, sides: tuple[float, float],
             paper: np.ndarray) -> list[np.ndarray]:
    """Cards of the given size with a corner at ``corner`` along the two directions, each ordered
    from its index corner (clockwise, short side first), that lie on the paper.

    A corner may be a card's index corner (its clockwise side is a short side) or one of the
    other two (the clockwise side is a long side); both are laid out, and only a card lying on
    paper all over is kept: a card underneath others is hidden by paper, never by cloth.
    """
    short, long_ = sides
    index_first = np.float32([corner, corner + first * short, corner + first * short + second * long_,
                              corner + second * long_])
    long_first = np.float32([corner + second * short, corner, corner + first * long_,
                             corner + first * long_ + second * short])
    return [q for q in (index_first, long_first) if _on_paper_share(paper, q) >= ON_PAPER]


def _on_paper_share(paper: np.ndarray, quad: np.ndarray) -> float:
    x, y, w, h = cv2.boundingRect(np.int32(np.round(quad)).reshape(-1, 1, 2))
    card = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(card, np.int32(np.round(quad)) - np.int32([x, y]), 1)
    window = np.zeros((h, w), np.uint8)
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, paper.shape[1]), min(y + h, paper.shape[0])
    if x1 > x0 and y1 > y0:
        window[y0 - y:y1 - y, x0 - x:x1 - x] = paper[y0:y1, x0:x1] > 0
    return float((card & window).sum()) / max(float(card.sum()), 1.0)


def card_sides(whole: list[np.ndarray]) -> tuple[float, float]:
    """The median short and long side of the cards found whole."""
    sides = np.array([np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1) for q in whole])
    pairs = np.sort(np.stack([(sides[:, 0] + sides[:, 2]) / 2, (sides[:, 1] + sides[:, 3]) / 2], axis=1), axis=1)
    return float(np.median(pairs[:, 0])), float(np.median(pairs[:, 1]))


def _square_corners(points: np.ndarray, reach: float) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Convex, nearly square corners of a closed outline: (corner, clockwise side, other side).

    A card's corner is rounded, so each side's direction is taken from the stretch between one
    and two ``reach`` away from the corner, and the corner is where the two sides meet.
    """
    n = len(points)
    steps = np.linalg.norm(np.diff(points, axis=0, append=points[:1]), axis=1)
    along = np.concatenate([[0.0], np.cumsum(steps)])[:-1]
    total = float(steps.sum())
    at = [np.searchsorted(along, (along + d) % total) % n for d in (reach, 2 * reach, -reach, -2 * reach)]
    found = []
    for i in range(n):
        a1, a2, b1, b2 = (points[k[i]] for k in at)
        u, v = a2 - a1, b2 - b1
        nu, nv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
        if nu < 0.8 * reach or nv < 0.8 * reach:
            continue  # a ragged stretch, not a straight side
        u, v = u / nu, v / nv
        angle = float(np.degrees(np.arccos(np.clip(np.dot(u, v), -1.0, 1.0))))
        if abs(angle - 90) > SQUARE:
            continue
        corner = _meeting(a1, u, b1, v)
        if corner is None or np.linalg.norm(corner - points[i]) > reach:
            continue
        first, second = (u, v) if u[0] * v[1] - u[1] * v[0] > 0 else (v, u)
        if not _convex(points, corner, first, second, reach):
            continue
        found.append((corner, first, second, angle))
    return [(c, f, s) for c, f, s, _ in _sharpest(found, reach)]


def _meeting(p: np.ndarray, u: np.ndarray, q: np.ndarray, v: np.ndarray) -> np.ndarray | None:
    """Where the line through p along u meets the line through q along v."""
    matrix = np.array([[u[0], -v[0]], [u[1], -v[1]]], np.float64)
    if abs(np.linalg.det(matrix)) < 1e-3:
        return None
    t, _ = np.linalg.solve(matrix, (q - p).astype(np.float64))
    return (p + u * t).astype(np.float32)


def _convex(points: np.ndarray, corner: np.ndarray, first: np.ndarray, second: np.ndarray, reach: float) -> bool:
    """The paper lies between the corner's two sides (a corner sticking out, not a notch)."""
    inside = corner + (first + second) * 0.35 * reach
    contour = points.reshape(-1, 1, 2)
    return cv2.pointPolygonTest(contour, (float(inside[0]), float(inside[1])), False) > 0


def _sharpest(found: list, reach: float) -> list:
    """One corner per place on the outline: the squarest of the points there."""
    kept: list = []
    for item in sorted(found, key=lambda f: abs(f[3] - 90)):
        if all(np.linalg.norm(item[0] - k[0]) > reach for k in kept):
            kept.append(item)
    return kept


def _one_per_corner(quads: list[np.ndarray], reach: float) -> list[np.ndarray]:
    kept: list[np.ndarray] = []
    for quad in quads:
        if all(np.linalg.norm(quad[0] - k[0]) > reach for k in kept):
            kept.append(quad)
    return kept


def line_corner_quads(whiteness: np.ndarray, paper: np.ndarray, whole: list[np.ndarray]) -> list[np.ndarray]:
    """Card outlines laid out from corners where two straight edge lines meet nearly square.

    In a fan a lower card's index corner lies on the card below it, inside the paper, where only
    its thin darker edge shows; the paper's outline has no corner there. Each line is at least
    0.3 of a card's short side, the paper lies between the two, and corners on or inside a card
    found whole are skipped (its index would be read twice).
    """
    if not whole:
        return []
    short, long_ = card_sides(whole)
    found = cv2.createLineSegmentDetector().detect(whiteness)[0]
    segments = [s for s in ([] if found is None else found.reshape(-1, 2, 2))
                if np.linalg.norm(s[1] - s[0]) >= 0.3 * short]
    quads: list[np.ndarray] = []
    for i, one in enumerate(segments):
        for two in segments[i + 1:]:
            corner = _segment_corner(one, two, 0.12 * short)
            if corner is None:
                continue
            point, first, second = corner
            inside = point + (first + second) * 0.05 * short
            if not _on_paper(paper, inside) or any(
                    cv2.pointPolygonTest(w, (float(point[0]), float(point[1])), True) > -0.08 * short for w in whole):
                continue
            quads.extend(laid_out(point, first, second, (short, long_), paper))
    return _one_per_corner(quads, 0.3 * short)


def _segment_corner(one: np.ndarray, two: np.ndarray, reach: float) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Where two segments meet nearly square near an end of each: (corner, clockwise side, other side)."""
    u, v = one[1] - one[0], two[1] - two[0]
    u, v = u / np.linalg.norm(u), v / np.linalg.norm(v)
    if abs(float(np.degrees(np.arccos(np.clip(abs(np.dot(u, v)), 0.0, 1.0)))) - 90) > SQUARE:
        return None
    point = _meeting(one[0], u, two[0], v)
    if point is None:
        return None
    sides = []
    for segment in (one, two):
        near, far = sorted(segment, key=lambda end: float(np.linalg.norm(end - point)))
        if np.linalg.norm(near - point) > reach:
            return None
        sides.append((far - point) / np.linalg.norm(far - point))
    a, b = sides
    return (point, a, b) if a[0] * b[1] - a[1] * b[0] > 0 else (point, b, a)


def _on_paper(paper: np.ndarray, point: np.ndarray) -> bool:
    x, y = int(round(float(point[0]))), int(round(float(point[1])))
    return 0 <= y < paper.shape[0] and 0 <= x < paper.shape[1] and paper[y, x] > 0
