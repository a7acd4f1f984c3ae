"""A card that fills the photo: no background round it, so no rim to find and no blob to fit.

A close-up (or a photo cropped to the card) is mostly paper from edge to edge: colourless (not
wood) and printed on (not a plain grey cloth). The paper at a
level under the photo's own brightest whiteness is one region covering most of the frame; its
hull, cut by the frame's edges, is the card. What the other cues found inside it (the frame
round a face card's picture, a large pip) is part of this card, unless it is two or more cards
alike in size (cards on a white cloth) or one holding most of the print (a close-up on a pale desk,
where the other cues found the card by its rim: then that outline stands).
"""

from __future__ import annotations

import cv2
import numpy as np

FILLING_SHARE = 0.6  # of the frame the paper must cover
PAPER_LEVEL = 0.7  # of the photo's bright whiteness (95th percentile): paper under uneven light
LONGEST_ASPECT = 2.8  # a card seen steeply is never thinner than this (as in vision/detect.py)
# a quad inside holding most of the ink is the card itself (a piece held 0.42 staged; a close-up
# 0.67)
ALL_THE_PRINT = 0.6
ALIKE = 1.5  # cards of one deck are within this of each other's size
COLOURLESS = 0.8  # paper's darkest channel over its brightest, at least (wood is far below)
INK_LEVEL = 0.55  # of the bright whiteness: darker than this is ink
INK_SHARE = 0.004  # of the card: at least this much ink (a small index and one pip)


def filling_card(image: np.ndarray, whiteness: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The outline of a card filling the photo (float32 (4, 2), clockwise) and its ink (a mask),
    or None.

    ``image`` is the BGR frame at ``whiteness``'s size: paper is colourless and smooth, which
    tells it from a wooden table or a woven cloth filling the photo.
    """
    height, width = whiteness.shape
    bright = float(np.percentile(whiteness[::4, ::4], 95))
    if bright < 60 or (whiteness[::4, ::4] > PAPER_LEVEL * bright).mean() < FILLING_SHARE:
        return None  # a dark photo, or one mostly not paper: the usual case, decided cheaply
    paper = np.uint8(whiteness > PAPER_LEVEL * bright) * 255
    if not _colourless(image, whiteness, paper):
        return None
    reach = max(3, (min(height, width) // 25) | 1)  # closes over the ink of indices and pips
    paper = cv2.morphologyEx(
        paper, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach))
    )
    contours, _ = cv2.findContours(paper, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    largest = max(contours, key=cv2.contourArea)
    if cv2.contourArea(largest) < FILLING_SHARE * height * width:
        return None
    ink = _ink(whiteness, largest, bright)
    if ink.sum() < INK_SHARE * cv2.contourArea(largest):
        return None
    quad = cv2.boxPoints(cv2.minAreaRect(cv2.convexHull(largest))).astype(np.float32)
    quad = np.clip(quad, 0, [width - 1, height - 1]).astype(np.float32)
    sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
    short, long_ = sorted(((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
    if short <= 0 or long_ / short > LONGEST_ASPECT:
        return None
    return quad, ink


def with_filling_card(
    kept: list[np.ndarray], image: np.ndarray, whiteness: np.ndarray
) -> list[np.ndarray]:
    """``kept`` with the card filling the photo in place of what was found inside it, if any."""
    found = filling_card(image, whiteness)
    if found is None:
        return kept
    card, ink = found
    area = cv2.contourArea(card)
    inside = [q for q in kept if _holds(card, q.mean(axis=0))]
    if _cards_on_paper(inside, area, ink):
        return kept
    return [card, *[q for q in kept if not any(q is i for i in inside)]]


def _colourless(image: np.ndarray, whiteness: np.ndarray, paper: np.ndarray) -> bool:
    """Paper, not wood: its brightest channel is little above its darkest."""
    chosen = paper[::2, ::2] > 0
    brightest = image[::2, ::2].max(axis=2)[chosen].astype(np.float32)
    darkest = whiteness[::2, ::2][chosen].astype(np.float32)
    return brightest.size > 0 and float(np.median(darkest / np.maximum(brightest, 1))) >= COLOURLESS


def _ink(whiteness: np.ndarray, paper: np.ndarray, bright: float) -> np.ndarray:
    """Print on the paper, enclosed by it (an index, pips; a plain grey cloth filling the photo
    has none): 1 where ink."""
    inside = np.zeros(whiteness.shape, np.uint8)
    cv2.drawContours(inside, [paper], -1, 1, cv2.FILLED)
    dark = np.uint8(whiteness < INK_LEVEL * bright) & inside
    # what is dark at the photo's edge is the table showing round the card, not print on it
    _count, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    height, width = dark.shape
    x, y, w, h = stats[:, 0], stats[:, 1], stats[:, 2], stats[:, 3]
    at_edge = (x == 0) | (y == 0) | (x + w >= width) | (y + h >= height)
    at_edge[0] = True  # the background label
    return np.uint8(~at_edge[labels]) & dark


def _cards_on_paper(inside: list[np.ndarray], paper_area: float, ink: np.ndarray) -> bool:
    """The quads inside the paper are cards lying on it, not parts of one card filling the photo:
    one that holds most of the print (the card itself, found by its rim on a pale desk), or two or
    more alike in size (cards on a white cloth)."""
    areas = sorted(
        (cv2.contourArea(q) for q in inside if cv2.contourArea(q) > 0.02 * paper_area), reverse=True
    )
    if len(areas) >= 2 and areas[0] < ALIKE * areas[1]:
        return True
    total = max(float(ink.sum()), 1.0)
    for quad in inside:
        held = np.zeros_like(ink)
        cv2.fillConvexPoly(held, np.int32(np.round(quad)), 1)
        if float((held & ink).sum()) >= ALL_THE_PRINT * total:
            return True
    return False


def _holds(quad: np.ndarray, point: np.ndarray) -> bool:
    return cv2.pointPolygonTest(quad, (float(point[0]), float(point[1])), False) >= 0
