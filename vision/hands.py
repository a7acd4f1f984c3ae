"""Paper shaped like one card that is a hand of several: a fan, or a blackjack hand dealt in a row.

A fanned hand's outline (or a tight blackjack hand's) can be close enough to a quadrilateral
that the detector would take it for one large card. What gives it away is a card's edge running
across the paper: a long straight line, darker than the paper, that starts at the paper's outline
(where the upper card's side leaves the card below) and runs deep inside it. A card's own print
does not do that: a border line runs along the outline, a face card's picture frame stays well
inside, and pips and indices are short.
"""

from __future__ import annotations

import cv2
import numpy as np

EDGE_LENGTH = 0.35  # of the paper's short side: an edge at least this long
AT_OUTLINE = 0.06  # of the short side: an end this close to the outline starts there
DEEP = 0.12  # of the short side: the edge's middle lies at least this far inside

_LINES = cv2.createLineSegmentDetector()


def holds_several(whiteness: np.ndarray, contour: np.ndarray) -> bool:
    """Whether the paper blob ``contour`` (in ``whiteness``'s pixels) is several cards over each other."""
    x, y, w, h = cv2.boundingRect(contour)
    short = min(cv2.minAreaRect(contour)[1])
    if short < 20:
        return False
    inside = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(inside, [contour], -1, 255, cv2.FILLED, offset=(1 - x, 1 - y))
    depth = cv2.distanceTransform(inside, cv2.DIST_L2, 3)
    box = whiteness[max(y - 1, 0) : y + h + 1, max(x - 1, 0) : x + w + 1]
    found = _LINES.detect(box)[0]
    if found is None:
        return False
    offset = np.float32([1 - min(x, 1), 1 - min(y, 1)])  # box pixels to ``inside`` pixels
    segments = found.reshape(-1, 2, 2)
    # (Most of the lines are a glyph's strokes: only those near an edge's length at least are
    # looked at one by one, each measured as ever.)
    steps = segments[:, 1] - segments[:, 0]
    longish = np.hypot(steps[:, 0], steps[:, 1]) >= 0.99 * EDGE_LENGTH * short
    for start, end in segments[longish] + offset:
        if np.linalg.norm(end - start) < EDGE_LENGTH * short:
            continue
        ends = min(_depth(depth, start), _depth(depth, end))
        if ends < AT_OUTLINE * short and _depth(depth, (start + end) / 2) > DEEP * short:
            return True
    return False


def _depth(depth: np.ndarray, point: np.ndarray) -> float:
    col = int(np.clip(round(float(point[0])), 0, depth.shape[1] - 1))
    row = int(np.clip(round(float(point[1])), 0, depth.shape[0] - 1))
    return float(depth[row, col])
