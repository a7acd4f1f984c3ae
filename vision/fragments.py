"""A card found only in part, grown to the size of the cards found whole beside it.

Shade can break a card's thin white border where it is darkest (a face card's border is a
narrow ring round its picture), and a card touching another joins it in one blob; then only a
piece of the card is card-shaped, say a strip round one index. A quad much smaller than the
frame's other cards is such a piece when one of its sides is a card's side: the card is laid
out from that side, inward, with the size of the cards found whole, each of its sides is moved
onto the rim nearby, and the result is kept only if it is paper, follows a rim most of the way
round and lies on no other card.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.rims import sample
from vision.selection import looks_like_paper
from vision.underneath import card_sides

PIECE = 0.6  # a quad below this share of the frame's card area may be a piece of a card
SIDE_FIT = 0.25  # a piece's side within this of a card side's length may be that side
RIM_FOLLOWED = 0.6  # share of a grown outline that must run along a rim
OVERLAP = 0.1  # share of a grown outline that may lie on another card
SHIFTS = np.arange(-8, 9, 2)  # pixels a side is moved along its normal onto the rim
TURNS = np.radians(np.arange(-6, 7, 2))  # and turned about its middle
SAMPLES = 24
REACH = 2.5  # pixels inside and outside the side where paper and background are sampled
CONTRAST_CAP = 40.0  # whiteness steps counted per sample (one bright spot must not carry a side)
RIM_STEP = 20  # whiteness steps from inside to outside that make a sample a rim


def grown_pieces(quads: list[np.ndarray], whiteness: np.ndarray) -> list[np.ndarray]:
    """``quads`` with each piece of a card replaced by the whole card where one is found."""
    areas = [cv2.contourArea(q) for q in quads]
    card_area = float(np.median(areas)) if len(quads) >= 2 else 0.0
    whole = [q for q, a in zip(quads, areas, strict=True) if a >= PIECE * card_area]
    if len(whole) < 2:
        return quads
    short, long_ = card_sides(whole)
    out: list[np.ndarray] = []
    for quad, area in zip(quads, areas, strict=True):
        card = None
        if area < PIECE * short * long_:
            others = [q for q in quads if q is not quad]
            card = _card_from_piece(quad, (short, long_), others, whiteness)
        out.append(quad if card is None else card)
    return sorted(out, key=lambda q: -cv2.contourArea(q))


def _card_from_piece(
    piece: np.ndarray, sides: tuple[float, float], others: list[np.ndarray], whiteness: np.ndarray
) -> np.ndarray | None:
    best, best_rim = None, RIM_FOLLOWED
    for card in _laid_out(piece, sides):
        card = _on_rim(card, whiteness)
        if card is None or _on_others(card, others) or not looks_like_paper(whiteness, card):
            continue
        area = cv2.contourArea(card)
        rim = rim_followed(whiteness, card)
        if 0.7 < area / (sides[0] * sides[1]) < 1.4 and rim > best_rim:
            best, best_rim = card, rim
    return best


def _laid_out(piece: np.ndarray, sides: tuple[float, float]) -> list[np.ndarray]:
    """Cards of the given size that have one of the piece's sides as one of theirs, inward."""
    centre = piece.mean(axis=0)
    cards = []
    for a, b in zip(piece, np.roll(piece, -1, axis=0), strict=True):
        length = float(np.linalg.norm(b - a))
        along = (b - a) / max(length, 1e-6)
        inward = np.array([-along[1], along[0]], np.float32)
        middle = (a + b) / 2
        if np.dot(centre - middle, inward) < 0:
            inward = -inward
        for side, depth in (sides, sides[::-1]):
            if abs(length / side - 1) < SIDE_FIT:
                ends = (middle - along * side / 2, middle + along * side / 2)
                cards.append(
                    np.float32(
                        [ends[0], ends[1], ends[1] + inward * depth, ends[0] + inward * depth]
                    )
                )
    return cards


def _on_rim(card: np.ndarray, whiteness: np.ndarray) -> np.ndarray | None:
    """The card with each side moved and turned a little onto the strongest rim nearby."""
    centre = card.mean(axis=0)
    lines = [
        _best_line(a, b, centre, whiteness)
        for a, b in zip(card, np.roll(card, -1, axis=0), strict=True)
    ]
    corners = [_meeting(lines[i - 1], lines[i]) for i in range(4)]
    if any(c is None for c in corners):
        return None
    return np.float32(corners)


def _best_line(
    a: np.ndarray, b: np.ndarray, centre: np.ndarray, whiteness: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(point, direction) of the shifted and turned side whose inside is most clearly paper.

    Every turn and shift is sampled in one call (each point reckoned as one at a time would be:
    the same scores, the first of equals kept)."""
    middle, half = (a + b) / 2, (b - a) / 2
    t = ((np.arange(SAMPLES) + 0.5) / SAMPLES * 2 - 1)[:, None]
    directions, outwards = [], []
    for turn in TURNS:
        rotation = np.float32([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
        direction = rotation @ half
        outward = np.float32([direction[1], -direction[0]]) / max(
            float(np.linalg.norm(direction)), 1e-6
        )
        if np.dot(middle - centre, outward) < 0:
            outward = -outward
        directions.append(direction)
        outwards.append(outward)
    direction_ = np.float32(directions)[:, None, None, :]  # (turn, 1, 1, 2)
    outward_ = np.float32(outwards)[:, None, None, :]
    shifts = SHIFTS[None, :, None, None]  # (1, shift, 1, 1)
    points = middle + outward_ * shifts + t[None, None] * direction_  # (turn, shift, sample, 2)
    inside = sample(whiteness, (points - outward_ * REACH).reshape(-1, 2))
    outside = sample(whiteness, (points + outward_ * REACH).reshape(-1, 2))
    scores = np.clip((inside - outside).reshape(-1, SAMPLES), 0, CONTRAST_CAP).mean(axis=1)
    best = int(np.argmax(scores))
    turn, shift = divmod(best, len(SHIFTS))
    return middle + outwards[turn] * SHIFTS[shift], directions[turn]


def _step(whiteness: np.ndarray, points: np.ndarray, outward: np.ndarray) -> np.ndarray:
    """Whiteness just inside the points less just outside (positive across a card's rim)."""
    return sample(whiteness, points - outward * REACH) - sample(whiteness, points + outward * REACH)


def rim_followed(whiteness: np.ndarray, card: np.ndarray) -> float:
    """The share of the outline where the inside is clearly whiter than the outside."""
    centre = card.mean(axis=0)
    t = ((np.arange(SAMPLES) + 0.5) / SAMPLES)[:, None]
    steps = []
    for a, b in zip(card, np.roll(card, -1, axis=0), strict=True):
        outward = np.float32([b[1] - a[1], a[0] - b[0]]) / max(float(np.linalg.norm(b - a)), 1e-6)
        if np.dot((a + b) / 2 - centre, outward) < 0:
            outward = -outward
        steps.append(_step(whiteness, a + (b - a) * t, outward))
    return float((np.concatenate(steps) > RIM_STEP).mean())


def _meeting(
    first: tuple[np.ndarray, np.ndarray], second: tuple[np.ndarray, np.ndarray]
) -> np.ndarray | None:
    (p, u), (q, v) = first, second
    matrix = np.array([u, -v], np.float64).T
    if abs(np.linalg.det(matrix)) < 1e-6:
        return None
    s, _ = np.linalg.solve(matrix, q - p)
    return p + s * u


def _on_others(card: np.ndarray, others: list[np.ndarray]) -> bool:
    area = cv2.contourArea(card)
    for other in others:
        shared, _ = cv2.intersectConvexConvex(card, np.float32(other))
        if shared > OVERLAP * area:
            return True
    return False
