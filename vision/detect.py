"""Find card outlines in a frame and straighten each card into an upright, fixed-size image.

A card face is bright and nearly colourless, whatever lies under it (black cloth, wood, green
felt), so the detector thresholds the *minimum* of the three colour channels (high only for
white-ish pixels), keeps blobs of a card's shape and fits a quadrilateral to each. Two cards
that touch make one blob; such a blob is split by eroding until it falls apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.filling import with_filling_card
from vision.fragments import grown_pieces
from vision.hands import holds_several
from vision.rims import rim_share
from vision.selection import choose_cards, with_refined
from vision.underneath import corner_quads, line_corner_quads

# Rectified card size (poker cards are 63 x 88 mm).
CARD_W = 200
CARD_H = 280
CARD_ASPECT = CARD_H / CARD_W

DETECT_LONG_SIDE = 1000  # frames are shrunk below this before looking for outlines
MIN_AREA_FRACTION = 0.004  # a card covers at least this much of the frame
MAX_AREA_FRACTION = 0.9
RIM_PIXELS = 2.5  # what the drawn edge takes off a region bounded by it
EVENED_LEVELS = (140, 170, 200)
HAND_LOOK_PIXELS = (
    220  # a quad is checked for cards over each other with its short side at most this
)
CLEAN_RIM = 0.9  # a quad whose outline runs this much along a rim is one card, not checked for more


@dataclass(frozen=True, slots=True)
class CardOutline:
    """Four corners in frame pixels, ordered round the card, the first at a short side's end."""

    corners: np.ndarray  # float32 (4, 2)
    partial: bool = False  # partly under another card: only the index at the first corner is read

    @property
    def centre(self) -> tuple[float, float]:
        x, y = self.corners.mean(axis=0)
        return float(x), float(y)


def find_cards(image: np.ndarray) -> list[CardOutline]:
    """Outlines of the card faces in a BGR frame, largest first."""
    scale = 1.0 / math.ceil(max(image.shape[:2]) / DETECT_LONG_SIDE)  # whole factors are fast
    small = (
        cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        if scale < 1
        else image
    )
    blue, green, red = cv2.split(small)
    whiteness = cv2.GaussianBlur(cv2.min(cv2.min(blue, green), red), (5, 5), 0)
    frame_area = small.shape[0] * small.shape[1]
    # Two cues, because each fails somewhere the other does not. Brightness levels: glare and
    # pale cloth merge with cards at a low level and fall away at a higher one. Edges: under
    # uneven light no single level cuts every card from its background, but its rim stays sharp.
    quads: list[np.ndarray] = []
    smoothed = _opened_closed(whiteness)
    for level in _levels(whiteness):
        quads.extend(_quads_at_level(smoothed, level, frame_area))
    evened = _opened_closed(_evened(whiteness))
    for level in EVENED_LEVELS:
        quads.extend(_quads_at_level(evened, level, frame_area))
    quads.extend(_quads_from_edges(whiteness, frame_area))
    hands: list[np.ndarray] = []
    kept = choose_cards(
        quads, whiteness, lambda q: _is_hand(image, whiteness, q / scale, hands, scale)
    )
    joined = _joined_blobs(image, whiteness, scale, hands)
    if scale < 1:  # where shrinking may have closed the thin line between touching cards
        refined = [q * scale for q in _quads_in_joined_blobs(joined, scale, frame_area)]
        if refined:
            full = _whiteness(image)
            kept = with_refined(
                kept, choose_cards(quads + refined, whiteness), lambda q: rim_share(full, q / scale)
            )
    kept = with_filling_card(grown_pieces(kept, whiteness), small, whiteness)
    outlines = [CardOutline(_order_corners(q / scale)) for q in kept]
    return outlines + _cards_underneath(joined, [o.corners for o in outlines])


def _levels(whiteness: np.ndarray) -> list[int]:
    otsu, _ = cv2.threshold(whiteness, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    start = max(int(otsu) - 40, 70)  # a card face is clearly brighter than dark cloth
    return list(range(start, 236, 25))


def _evened(whiteness: np.ndarray) -> np.ndarray:
    """Whiteness over the brightest whiteness nearby: shaded paper comes out as white as lit paper.

    Where nothing nearby is paper the divisor stays at a floor, so dark cloth stays dark.
    """
    tiny = cv2.resize(whiteness, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    reach = max(3, (max(tiny.shape) // 6) | 1)
    square = cv2.getStructuringElement(cv2.MORPH_RECT, (reach, reach))
    nearby = cv2.blur(cv2.dilate(tiny, square), (reach, reach))
    nearby = cv2.resize(
        nearby, (whiteness.shape[1], whiteness.shape[0]), interpolation=cv2.INTER_LINEAR
    )
    floor = 0.6 * float(np.percentile(tiny, 99))
    divisor = np.maximum(nearby.astype(np.float32), max(floor, 1.0))
    return np.clip(whiteness * (255.0 / divisor), 0, 255).astype(np.uint8)


def _opened_closed(whiteness: np.ndarray) -> np.ndarray:
    """Whiteness opened, then closed (a 5 px disc): thresholded at any level, the same as that
    level's mask opened and closed (flat morphology and thresholds commute), done once for all."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    return cv2.morphologyEx(
        cv2.morphologyEx(whiteness, cv2.MORPH_OPEN, kernel), cv2.MORPH_CLOSE, kernel
    )


def _quads_at_level(smoothed: np.ndarray, level: int, frame_area: int) -> list[np.ndarray]:
    """Card-shaped blobs brighter than ``level`` in whiteness already opened and closed."""
    _, mask = cv2.threshold(smoothed, level, 255, cv2.THRESH_BINARY)
    quads: list[np.ndarray] = []
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for contour in contours:
        area = cv2.contourArea(contour)
        if MIN_AREA_FRACTION * frame_area < area < MAX_AREA_FRACTION * frame_area:
            quads.extend(_quads_in_blob(contour, frame_area))
    return quads


def _quads_from_edges(whiteness: np.ndarray, frame_area: int) -> list[np.ndarray]:
    """Card-shaped regions that the rims of things fence off (pips are holes, not walls)."""
    edges = cv2.Canny(whiteness, 20, 60)
    edges = cv2.dilate(edges, cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3)))
    regions = cv2.bitwise_not(edges)
    quads: list[np.ndarray] = []
    # A gap in a rim joins a card to what lies beside it through a neck, which opening cuts;
    # too wide an opening also eats a face card's thin white border, hence two widths.
    for width in (1, 5, 11):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (width, width))
        opened = (
            cv2.morphologyEx(regions, cv2.MORPH_OPEN, kernel) if width > 1 else regions
        )  # (1 px: as it is)
        contours, hierarchy = cv2.findContours(opened, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
        outer = (
            np.nonzero(hierarchy[0][:, 3] < 0)[0].tolist() if contours else []
        )  # not a hole's rim
        for contour in (contours[k] for k in outer):
            if MIN_AREA_FRACTION * frame_area < cv2.contourArea(contour) < 0.5 * frame_area:
                quad = _card_quad(contour)
                if quad is not None:
                    quads.append(widened(quad, RIM_PIXELS))
    return quads


@dataclass(frozen=True, slots=True)
class _JoinedBlob:
    """Paper at the Otsu level that is not card-shaped: cards touching or overlapping."""

    contour: np.ndarray  # at the working size
    origin: np.ndarray  # float32 (x, y) of its box's top-left corner in the frame
    whiteness: np.ndarray  # its box at full resolution
    level: float  # the Otsu level it was cut at


def _is_hand(
    image: np.ndarray,
    whiteness: np.ndarray,
    quad: np.ndarray,
    hands: list[np.ndarray],
    scale: float,
) -> bool:
    """Whether ``quad`` (in frame pixels) is a hand of cards over each other; noted in ``hands``
    (at the working scale) if so. Looked at near full resolution: the edge of a card lying on
    another is a line a pixel or two wide, which shrinking the frame washes out."""
    if rim_share(whiteness, quad * scale) >= CLEAN_RIM:
        return False  # its outline runs along a rim all round: one card (and no time spent)
    x, y, w, h = cv2.boundingRect(np.int32(np.round(quad)).reshape(-1, 1, 2))
    x0, y0 = max(x - 4, 0), max(y - 4, 0)
    box = image[y0 : y + h + 4, x0 : x + w + 4]
    if box.size == 0:
        return False
    shrink = min(1.0, HAND_LOOK_PIXELS / max(min(w, h), 1))
    box = (
        cv2.resize(box, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
        if shrink < 1
        else box
    )
    outline = np.int32(np.round((quad - np.float32([x0, y0])) * shrink)).reshape(-1, 1, 2)
    several = holds_several(_whiteness(box), outline)
    if several:
        hands.append(quad * scale)
    return several


def _joined_blobs(
    image: np.ndarray, whiteness: np.ndarray, scale: float, hands: list[np.ndarray]
) -> list[_JoinedBlob]:
    level, mask = cv2.threshold(whiteness, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    frame_area = whiteness.shape[0] * whiteness.shape[1]
    blobs = []
    for contour in contours:
        if cv2.contourArea(contour) < 2 * MIN_AREA_FRACTION * frame_area:
            continue
        if _card_quad(contour) is not None and not any(
            cv2.pointPolygonTest(contour, tuple(float(v) for v in h.mean(axis=0)), False) >= 0
            for h in hands
        ):
            continue
        x, y, w, h = cv2.boundingRect(contour)
        x0, y0 = max(int((x - 4) / scale), 0), max(int((y - 4) / scale), 0)
        x1, y1 = int((x + w + 4) / scale), int((y + h + 4) / scale)
        blobs.append(
            _JoinedBlob(contour, np.float32([x0, y0]), _whiteness(image[y0:y1, x0:x1]), level)
        )
    return blobs


def _quads_in_joined_blobs(
    blobs: list[_JoinedBlob], scale: float, frame_area: int
) -> list[np.ndarray]:
    """Cards in paper blobs that are not card-shaped, looked for again at full resolution.

    Touching or overlapping cards are parted only by the thin line of a card's edge, which
    shrinking the frame washes out; only such blobs' boxes are worked on at full size (in frame
    pixels), so a frame of cards lying apart costs nothing more.
    """
    quads: list[np.ndarray] = []
    for blob in blobs:
        found = [
            q + blob.origin
            for q in _quads_from_edges(blob.whiteness, int(frame_area / scale / scale))
        ]
        quads.extend(
            q for q in found if _share_inside(q * scale, blob.contour) > 0.85
        )  # a piece of the blob
    return quads


def _whiteness(image: np.ndarray) -> np.ndarray:
    blue, green, red = cv2.split(image)
    return cv2.GaussianBlur(cv2.min(cv2.min(blue, green), red), (5, 5), 0)


def _cards_underneath(blobs: list[_JoinedBlob], whole: list[np.ndarray]) -> list[CardOutline]:
    """Cards partly under others, from the square corners of paper that is not card-shaped."""
    out: list[CardOutline] = []
    for blob in blobs:
        paper = np.uint8(blob.whiteness > blob.level) * 255
        paper = cv2.morphologyEx(
            paper, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
        )
        shifted = [q - blob.origin for q in whole]
        quads = corner_quads(paper, shifted)
        quads += [
            q
            for q in line_corner_quads(blob.whiteness, paper, shifted)
            if all(np.linalg.norm(q[0] - k[0]) > 0.3 * np.linalg.norm(k[1] - k[0]) for k in quads)
        ]
        out.extend(CardOutline(quad + blob.origin, partial=True) for quad in quads)
    return out


def _share_inside(quad: np.ndarray, contour: np.ndarray) -> float:
    """How much of the quad lies inside the contour."""
    x, y, w, h = cv2.boundingRect(np.vstack([np.int32(np.round(quad)).reshape(-1, 1, 2), contour]))
    offset = np.int32([-x, -y])
    inside, card = np.zeros((h, w), np.uint8), np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [contour + offset], -1, 1, cv2.FILLED)
    cv2.fillConvexPoly(card, np.int32(np.round(quad)) + offset, 1)
    return float((inside & card).sum()) / max(float(card.sum()), 1.0)


def widened(quad: np.ndarray, pixels: float) -> np.ndarray:
    """A convex outline with each corner moved ``pixels`` further from its centre."""
    centre = quad.mean(axis=0)
    reach = np.linalg.norm(quad - centre, axis=1, keepdims=True)
    return (centre + (quad - centre) * (1 + pixels / np.maximum(reach, 1))).astype(np.float32)


def _quads_in_blob(contour: np.ndarray, frame_area: int) -> list[np.ndarray]:
    quad = _card_quad(contour)
    if quad is not None:
        return [quad]
    # Only the blob's own box is drawn and worked on: whole-frame masks cost most of the time.
    x, y, w, h = cv2.boundingRect(contour)
    blob = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(blob, [contour], -1, 255, cv2.FILLED, offset=(1 - x, 1 - y))
    return [q + np.float32([x - 1, y - 1]) for q in _split_blob(blob, frame_area)]


def _card_quad(contour: np.ndarray) -> np.ndarray | None:
    """The contour's quadrilateral when the contour is one card seen from above, else None."""
    hull = cv2.convexHull(contour)
    area = cv2.contourArea(contour)
    hull_area = cv2.contourArea(hull)
    if hull_area <= 0 or area / hull_area < 0.85:
        return None
    quad = _fit_quad(hull)
    if quad is None:
        return None
    quad_area = cv2.contourArea(quad)
    if quad_area <= 0 or not 0.8 < area / quad_area < 1.15:
        return None
    step = quad - quad[[3, 0, 1, 2]]  # each corner from the one before it
    sides = np.sqrt((step * step).sum(axis=1))
    short, long_ = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    ratio = max(short, long_) / max(min(short, long_), 1e-6)
    if ratio > 2.8:  # a steep view can make a card look square, never thinner than this
        return None
    return quad


def _fit_quad(hull: np.ndarray) -> np.ndarray | None:
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.01, 0.02, 0.03, 0.045, 0.06):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float32)
    if len(hull) >= 4:  # rounded corners that never collapse to four points
        return cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
    return None


def _split_blob(blob: np.ndarray, frame_area: int) -> list[np.ndarray]:
    """Erode a blob of touching cards until its parts are card-shaped, then grow them back."""
    depth = cv2.distanceTransform(blob, cv2.DIST_L2, 3)
    least = MIN_AREA_FRACTION * frame_area * 0.5  # a part's area at least
    for step in range(2, 16, 2):
        eroded = cv2.compare(depth, step, cv2.CMP_GT)  # 255 deeper than ``step``, else 0
        if cv2.countNonZero(eroded) <= 2 * least:
            break  # two parts that large no longer fit, nor after deeper erosion
        if cv2.connectedComponents(eroded, connectivity=8)[0] < 3:
            continue  # still in one piece (the background and one part): a quick count, no contours
        parts, _ = cv2.findContours(eroded, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        parts = [p for p in parts if cv2.contourArea(p) > least]
        if len(parts) < 2:
            continue
        quads = _card_quads(parts, blob, step)
        if quads:
            return quads
    return []


def _card_quads(parts: list[np.ndarray], blob: np.ndarray, step: int) -> list[np.ndarray]:
    """Each part grown back and fitted, or none when any one is no card (the rest not grown)."""
    quads = []
    for part in parts:
        quad = _card_quad(_grow(part, blob, step))
        if quad is None:
            return []
        quads.append(quad)
    return quads


def _grow(part: np.ndarray, blob: np.ndarray, steps: int) -> np.ndarray:
    """The part grown back by ``steps`` within the blob (worked on in the part's box and the
    reach of the growth only: the same pixels as the whole blob's image, in a fraction of it)."""
    x, y, w, h = cv2.boundingRect(part)
    x0, y0 = max(x - steps - 1, 0), max(y - steps - 1, 0)
    x1, y1 = min(x + w + steps + 1, blob.shape[1]), min(y + h + steps + 1, blob.shape[0])
    piece = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(piece, [part], -1, 255, cv2.FILLED, offset=(-x0, -y0))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * steps + 1, 2 * steps + 1))
    piece = cv2.dilate(piece, kernel) & blob[y0:y1, x0:x1]
    contours, _ = cv2.findContours(
        piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE, offset=(x0, y0)
    )
    return max(contours, key=cv2.contourArea)


def _order_corners(quad: np.ndarray) -> np.ndarray:
    """Clockwise from the corner that makes the first side a short side."""
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    quad = quad[np.argsort(angles)]  # clockwise in image coordinates (y down)
    first = np.linalg.norm(quad[0] - quad[1]) + np.linalg.norm(quad[2] - quad[3])
    second = np.linalg.norm(quad[1] - quad[2]) + np.linalg.norm(quad[3] - quad[0])
    if first > second:
        quad = np.roll(quad, -1, axis=0)
    return quad.astype(np.float32)


def rectify(image: np.ndarray, outline: CardOutline, upside_down: bool = False) -> np.ndarray:
    """The card as an upright CARD_W x CARD_H image (or turned half round)."""
    corners = np.roll(outline.corners, 2, axis=0) if upside_down else outline.corners
    target = np.float32([[0, 0], [CARD_W - 1, 0], [CARD_W - 1, CARD_H - 1], [0, CARD_H - 1]])
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    return cv2.warpPerspective(image, matrix, (CARD_W, CARD_H), flags=cv2.INTER_AREA)
