"""Draw card faces and overhead frames of the layout, for the simulated camera.

Card faces are drawn here (rank in an OpenCV font, suits as filled shapes), never taken from
photographs. A frame is the layout (felt, spot outlines) with cards placed on their spots,
seen through a perspective, then degraded as a real camera would: uneven light, glare, blur
and sensor noise. Everything random comes from the ``numpy.random.Generator`` passed in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np

from table_controller.cards import Card
from vision.calibration import HAND_SLOT_PITCH, Rect, layout_homography
from vision.glyphs import RED_SUITS, draw_suit

FACE_W, FACE_H = 250, 350
LAYOUT_W, LAYOUT_H = 1400, 900  # the flat layout is drawn at this size before the perspective
FRAME_SIZE = (1280, 720)
CARD_HEIGHT = 0.20  # of the layout's height: cards are drawn to the layout's scale
MAX_ANGLE = 6.0  # degrees a dealer's card may lie askew
MAX_SHIFT = 0.006  # layout units a card may lie off its place
FAN = (0.03, 0.02)  # layout units a card fanned over another lies right of it and below it
FAN_DOWN = (0.0, 0.065)  # or straight below it, its index in sight above
ENROLMENT_BLUR = 0.8  # the camera's own softness, kept in an enrolment photo
INDEX_RANK_H = 46  # the jumbo index: rank height, face pixels (the card is FACE_H tall)
INDEX_MAX_W = 44  # a rank no wider (a 10 squeezed)
INDEX_SUIT = 38  # the suit under it
INDEX_TOP, INDEX_GAP, INDEX_CENTRE_X = 15, 6, 37
_RED = (40, 30, 200)
_BLACK = (25, 25, 25)
_SPOT_LINE = (90, 160, 120)


def draw_card_face(
    card: Card, ink: tuple[int, int, int] | None = None, rank: np.ndarray | None = None
) -> np.ndarray:
    """A FACE_W x FACE_H upright card face, index in the top-left and bottom-right corners;
    printed red or black, or in ``ink`` (BGR); its rank as OpenCV's stroke font draws it, or
    as the ink mask ``rank`` (uint8, high where the rank prints, cropped to it)."""
    face = np.full((FACE_H, FACE_W, 3), 245, np.uint8)
    if card.is_joker:
        return _draw_joker(face)
    ink = ink or (_RED if card.suit in RED_SUITS else _BLACK)
    _draw_index(face, card, ink, rank)
    face = cv2.rotate(face, cv2.ROTATE_180)
    _draw_index(face, card, ink, rank)
    _draw_middle(face, card, ink)
    return face


def _draw_joker(face: np.ndarray) -> np.ndarray:
    """A joker: a star in each index corner (no rank, no suit) and a jester's star in the
    middle, so a recogniser reads it as no card of the 52 (unreadable), never as another."""
    for _ in range(2):
        _draw_star(face, (INDEX_CENTRE_X, INDEX_TOP + INDEX_RANK_H // 2 + 4), 20, _BLACK)
        face = cv2.rotate(face, cv2.ROTATE_180)
    _draw_star(face, (FACE_W // 2, FACE_H // 2), 70, _RED)
    cv2.circle(face, (FACE_W // 2, FACE_H // 2), 22, (40, 170, 220), -1, cv2.LINE_AA)
    return face


def _draw_star(
    face: np.ndarray, centre: tuple[int, int], size: int, ink: tuple[int, int, int]
) -> None:
    """A filled five-pointed star ``size`` px from its centre to its points."""
    turns = np.pi / 2 + np.arange(10) * np.pi / 5
    reach = np.where(np.arange(10) % 2 == 0, size, size * 0.4)
    points = np.stack([centre[0] - reach * np.cos(turns), centre[1] - reach * np.sin(turns)], 1)
    cv2.fillPoly(face, [np.int32(np.round(points))], ink, cv2.LINE_AA)


def _draw_index(
    face: np.ndarray, card: Card, ink: tuple[int, int, int], rank: np.ndarray | None = None
) -> None:
    """A jumbo index, as casino decks print for the camera and the players across the table:
    the rank INDEX_RANK_H tall (a 10's two figures squeezed to one's width), its suit under it.
    At the far spots the camera sees the rank about 12 px tall, above the 11 px the corner
    reader is trained from (docs/vision.md, the simulated camera)."""
    if rank is None:
        canvas = np.zeros((80, 160), np.uint8)
        cv2.putText(canvas, card.rank, (4, 60), cv2.FONT_HERSHEY_DUPLEX, 1.6, 255, 4, cv2.LINE_AA)
        ys, xs = np.nonzero(canvas > 127)
        rank = canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    width = min(round(rank.shape[1] * INDEX_RANK_H / rank.shape[0]), INDEX_MAX_W)
    rank = cv2.resize(rank, (width, INDEX_RANK_H), interpolation=cv2.INTER_AREA)
    left = INDEX_CENTRE_X - width // 2
    face[INDEX_TOP : INDEX_TOP + INDEX_RANK_H, left : left + width][rank > 127] = ink
    suit = draw_suit(str(card.suit), INDEX_SUIT)
    top, left = INDEX_TOP + INDEX_RANK_H + INDEX_GAP, INDEX_CENTRE_X - INDEX_SUIT // 2
    face[top : top + INDEX_SUIT, left : left + INDEX_SUIT][suit > 127] = ink


def _draw_middle(face: np.ndarray, card: Card, ink: tuple[int, int, int]) -> None:
    if card.rank in ("J", "Q", "K"):
        cv2.rectangle(face, (62, 62), (FACE_W - 62, FACE_H - 62), (160, 60, 40), 3)
        cv2.rectangle(face, (80, 110), (FACE_W - 80, FACE_H - 110), (40, 170, 220), -1)
    suit = draw_suit(str(card.suit), 70)
    y, x = FACE_H // 2 - 35, FACE_W // 2 - 35
    face[y : y + 70, x : x + 70][suit > 127] = ink


@dataclass(frozen=True, slots=True)
class Placement:
    """A card lying on the layout: centre in layout units, turned by ``angle`` degrees."""

    card: Card
    centre: tuple[float, float]
    angle: float


def place_on_spot(
    card: Card, spot: str, rng: np.random.Generator, slot: int = 0, *, places: Mapping[str, Rect]
) -> Placement:
    """Where a dealer would put the ``slot``-th card on ``spot`` of the game's ``places``
    (:mod:`table_controller.camera_places`), a little askew (never so much that it leaves its
    spot or touches a card on the next one)."""
    left, top, right, bottom = places[spot]
    across = (right - left) > 2 * HAND_SLOT_PITCH - 0.05  # a hand spot holds its cards side by side
    # as many side by side as have their centres on the spot; the cards after them are fanned
    # over those, each a little to the right of the one under it, its index left in sight
    columns = math.ceil((right - left - HAND_SLOT_PITCH / 2) / HAND_SLOT_PITCH) if across else 1
    row, column = divmod(slot, max(1, columns))
    x = left + HAND_SLOT_PITCH / 2 + HAND_SLOT_PITCH * column if across else (left + right) / 2
    room = ((right - left) / max(1, columns) if across else right - left) / 2 - 0.012
    aslant = min(row, max(0, int(room / FAN[0])))  # fanned across while the spot has room,
    down = row - aslant  # then straight down (a spot as narrow as a split hand's: at once)
    x = x + FAN[0] * aslant
    y = (top + bottom) / 2 + FAN[1] * aslant + FAN_DOWN[1] * down
    shift = np.clip(rng.normal(0, MAX_SHIFT / 2, 2), -MAX_SHIFT, MAX_SHIFT)
    angle = float(np.clip(rng.normal(0, MAX_ANGLE / 2), -MAX_ANGLE, MAX_ANGLE))
    return Placement(card, (x + float(shift[0]), y + float(shift[1])), angle)


def card_outline(placement: Placement) -> np.ndarray:
    """The card's four corners on the flat layout, in its pixels (LAYOUT_W x LAYOUT_H)."""
    scale = CARD_HEIGHT * LAYOUT_H / FACE_H
    matrix = _face_to_layout(placement, scale)
    corners = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]])
    return (corners @ matrix[:, :2].T + matrix[:, 2]).astype(np.float32)


def _face_to_layout(placement: Placement, scale: float) -> np.ndarray:
    cx, cy = placement.centre[0] * LAYOUT_W, placement.centre[1] * LAYOUT_H
    matrix = cv2.getRotationMatrix2D((FACE_W / 2, FACE_H / 2), placement.angle, scale)
    matrix[:, 2] += (cx - FACE_W / 2, cy - FACE_H / 2)
    return matrix


def render_frame(
    placements: list[Placement],
    corners: np.ndarray,
    rng: np.random.Generator,
    places: Mapping[str, Rect],
) -> np.ndarray:
    """A FRAME_SIZE overhead frame of the layout (its ``places`` marked) whose corners
    appear at ``corners``."""
    return _camera_effects(_seen_from(placements, corners, places), rng)


def photograph(
    placements: list[Placement], corners: np.ndarray, places: Mapping[str, Rect]
) -> np.ndarray:
    """The same view under even light, without glare or noise: an enrolment photo."""
    return cv2.GaussianBlur(_seen_from(placements, corners, places), (0, 0), ENROLMENT_BLUR)


def card_in_frame(placement: Placement, corners: np.ndarray) -> np.ndarray:
    """The card's four corners in a frame of the layout whose corners appear at ``corners``."""
    outline = card_outline(placement).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(outline, _layout_to_frame(corners)).reshape(-1, 2)


def _seen_from(
    placements: list[Placement], corners: np.ndarray, places: Mapping[str, Rect]
) -> np.ndarray:
    flat = _draw_layout(places)
    for placement in placements:  # each on those before it
        _paste_card(flat, placement)
    return cv2.warpPerspective(
        flat, _layout_to_frame(corners), FRAME_SIZE, borderValue=(30, 30, 30)
    )


def _layout_to_frame(corners: np.ndarray) -> np.ndarray:
    return layout_homography(corners) @ np.diag([1 / LAYOUT_W, 1 / LAYOUT_H, 1.0])


def _draw_layout(places: Mapping[str, Rect]) -> np.ndarray:
    flat = np.zeros((LAYOUT_H, LAYOUT_W, 3), np.uint8)
    flat[:] = (45, 100, 35)  # felt
    for rect in places.values():
        _draw_spot_marks(flat, rect)
    return flat


def _draw_spot_marks(flat: np.ndarray, rect: Rect) -> None:
    """A spot is printed as its four corner marks. A closed outline would fence off a
    card-shaped region of cloth larger than the card on it, which the detector may prefer
    to the card (see docs/vision.md, the simulated camera)."""
    left, top, right, bottom = (
        rect[0] * LAYOUT_W,
        rect[1] * LAYOUT_H,
        rect[2] * LAYOUT_W,
        rect[3] * LAYOUT_H,
    )
    arm = 0.2 * min(right - left, bottom - top)
    for x, y, dx, dy in (
        (left, top, 1, 1),
        (right, top, -1, 1),
        (right, bottom, -1, -1),
        (left, bottom, 1, -1),
    ):
        corner = (int(x), int(y))
        cv2.line(flat, corner, (int(x + dx * arm), int(y)), _SPOT_LINE, 2, cv2.LINE_AA)
        cv2.line(flat, corner, (int(x), int(y + dy * arm)), _SPOT_LINE, 2, cv2.LINE_AA)


def _paste_card(flat: np.ndarray, placement: Placement) -> None:
    matrix = _face_to_layout(placement, CARD_HEIGHT * LAYOUT_H / FACE_H)
    size = (LAYOUT_W, LAYOUT_H)
    warped = cv2.warpAffine(draw_card_face(placement.card), matrix, size, flags=cv2.INTER_AREA)
    mask = cv2.warpAffine(np.full((FACE_H, FACE_W), 255, np.uint8), matrix, size)
    flat[mask > 127] = warped[mask > 127]


def _camera_effects(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    height, width = frame.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    tilt = rng.uniform(-0.25, 0.25, 2)
    light = 1.0 + tilt[0] * (xs / width - 0.5) + tilt[1] * (ys / height - 0.5)
    gx, gy = rng.uniform(0.2, 0.8) * width, rng.uniform(0.2, 0.8) * height
    glare = 60.0 * np.exp(-((xs - gx) ** 2 + (ys - gy) ** 2) / (2 * (0.08 * width) ** 2))
    lit = frame.astype(np.float32) * light[..., None] + glare[..., None]
    lit = cv2.GaussianBlur(lit, (0, 0), float(rng.uniform(0.5, 1.2)))
    lit += rng.normal(0, 3.0, lit.shape).astype(np.float32)
    return np.clip(lit, 0, 255).astype(np.uint8)


def straight_corners() -> np.ndarray:
    """Where a ceiling camera mounted as intended sees the layout's corners: a trapezoid."""
    return (
        np.float32([[0.16, 0.08], [0.84, 0.08], [0.97, 0.95], [0.03, 0.95]]) * FRAME_SIZE
    ).astype(np.float32)


def default_corners(rng: np.random.Generator) -> np.ndarray:
    """Where a ceiling camera sees the layout's corners: as intended, a little off."""
    base = straight_corners()
    return (base + rng.normal(0, 6, base.shape)).astype(np.float32)
