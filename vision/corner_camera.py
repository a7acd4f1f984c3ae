"""A card's corner laid out and photographed: training and test samples for the index reader.

``sample(rng, faces)`` -> (BGR patch as :func:`vision.learned.corner_window` cuts it from a frame,
rank class, suit class). The card is drawn in card coordinates (a virtual card ``CARD_PX`` wide,
1.4 times as tall) on a canvas reaching past its corner onto the table; the camera then looks at
the reader's window through an outline found a little off, small, blurred and lit unevenly.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.corner_render import (
    NONE,
    RANK_CLASSES,
    RED,
    SUIT_CLASSES,
    Faces,
    drawn_suit,
    jpeg,
    rank_ink,
    suit_ink,
)
from vision.indices import RANK_CENTRE
from vision.learned import INPUT_H, INPUT_W, WINDOW, to_input_size

CARD_PX = 300
CARD_H_PX = int(CARD_PX * 1.4)
PAD_X, PAD_Y = int(0.12 * CARD_PX), int(0.1 * CARD_H_PX)  # table showing round the corner
MIN_RANK_PX = 11
NEIGHBOUR_SHARE = 0.25  # corners with another card beside or below them
CANVAS = (int(0.55 * CARD_PX) + PAD_X, int(0.5 * CARD_H_PX) + PAD_Y)  # width, height


def sample(
    rng: np.random.Generator, faces: Faces, none_share: float = 0.15
) -> tuple[np.ndarray, int, int]:
    """One photographed corner and its labels (rank class, suit class; suit is -1 for none)."""
    canvas, rank, suit, rank_height, _, _ = _corner(rng, faces, none_share)
    return _photograph(canvas, rng, rank_height), rank, suit


def sample_looks(
    rng: np.random.Generator,
    faces: Faces,
    looks: tuple[tuple[float, ...], ...],
    none_share: float = 0.15,
) -> tuple[list[np.ndarray], int, int]:
    """One corner photographed once, cut through the reader's window and again through each
    look (scale, degrees about the rank's centre, as :func:`vision.indices.surest_look` cuts
    them; a third number, the window first made that many times as wide about it, as
    :data:`vision.indices.SLANT_LOOKS` cut it): the same light, blur and noise in every cut,
    as in one frame."""
    canvas, rank, suit, rank_height, centre, _ = _corner(rng, faces, none_share)
    state = rng.bit_generator.state
    patches = []
    for look in ((1.0, 0.0), *looks):
        rng.bit_generator.state = state
        patches.append(
            _photograph(
                canvas,
                rng,
                rank_height,
                (look[0], look[1], centre),
                look[2] if len(look) > 2 else 1.0,
            )
        )
    return patches, rank, suit


def sample_pair(
    rng: np.random.Generator, faces: Faces, none_share: float = 0.15
) -> tuple[tuple[np.ndarray, np.ndarray], int, int]:
    """A card's two index corners: one printed corner photographed twice, each time through its
    own outline, light, blur and noise (a card prints one index at both corners, so its two
    readings differ by the camera, not by the print)."""
    canvas, rank, suit, rank_height, _, _ = _corner(rng, faces, none_share)
    return (
        (_photograph(canvas, rng, rank_height), _photograph(canvas, rng, rank_height)),
        rank,
        suit,
    )


# Where the reader expects a rank's centre (card pixels): for a corner without one, the looks turn about it.
NOMINAL_RANK_CENTRE = (RANK_CENTRE[0] * CARD_PX, RANK_CENTRE[1] * CARD_H_PX)


def _corner(
    rng: np.random.Generator, faces: Faces, none_share: float
) -> tuple[np.ndarray, int, int, float, tuple[float, float], str | None]:
    """A corner laid out on the table: (canvas, rank class, suit class, the rank's height as a
    share of the card's, the rank's centre in card pixels, the code of the neighbouring card's
    index beside it if one is drawn)."""
    canvas = _table(rng)
    kind = rng.random()
    rank_height, right, centre = 0.1, None, NOMINAL_RANK_CENTRE
    if kind < none_share:
        rank, suit = NONE, -1
        _corner_without_index(canvas, rng, faces)
    else:
        rank, suit = int(rng.integers(13)), int(rng.integers(4))
        _card(canvas, rng)
        rank_height, right, centre = _index(
            canvas, rng, faces, RANK_CLASSES[rank], SUIT_CLASSES[suit], sideways=False
        )
    return canvas, rank, suit, rank_height, centre, _neighbour(canvas, rng, faces, right)


def _table(rng: np.random.Generator) -> np.ndarray:
    w, h = CANVAS
    base = rng.choice(
        [
            (25, 25, 25),
            (40, 90, 30),
            (30, 70, 120),
            (120, 120, 120),
            (60, 40, 30),
            (90, 60, 140),
            (200, 200, 200),
        ]
    )
    colour = np.clip(np.float32(base) * rng.uniform(0.6, 1.4, 3), 0, 255)
    canvas = np.empty((h, w, 3), np.float32)
    canvas[:] = colour
    if rng.random() < 0.5:  # grain: wood, cloth, a keyboard's keys
        period = rng.uniform(3, 20)
        xs = np.arange(w if rng.random() < 0.5 else h, dtype=np.float32)
        wave = np.sin(xs / period * 2 * np.pi + rng.uniform(0, 6)) * rng.uniform(5, 30)
        canvas += wave[None, :, None] if len(xs) == w else wave[:, None, None]
    return canvas


def _paper_colour(rng: np.random.Generator) -> np.ndarray:
    tint = rng.choice(
        [(245, 245, 245), (225, 240, 248), (235, 235, 255), (250, 240, 235), (230, 250, 240)]
    )
    return np.float32(tint) * rng.uniform(0.9, 1.02)


def _card(canvas: np.ndarray, rng: np.random.Generator, paper: np.ndarray | None = None) -> None:
    radius = int(rng.uniform(0.02, 0.07) * CARD_PX)
    mask = np.zeros(canvas.shape[:2], np.uint8)
    far = (canvas.shape[1] + 50, canvas.shape[0] + 50)
    cv2.rectangle(mask, (PAD_X + radius, PAD_Y), far, 255, -1)
    cv2.rectangle(mask, (PAD_X, PAD_Y + radius), far, 255, -1)
    cv2.circle(mask, (PAD_X + radius, PAD_Y + radius), radius, 255, -1, cv2.LINE_AA)
    alpha = (mask.astype(np.float32) / 255)[..., None]
    colour = _paper_colour(rng) if paper is None else paper
    canvas[:] = canvas * (1 - alpha) + colour * alpha
    if (
        paper is None and rng.random() < 0.1
    ):  # a dark rim: a sleeve, or a frame printed round the face
        band = int(rng.uniform(0.015, 0.045) * CARD_PX)
        inner = np.zeros_like(mask)
        cv2.rectangle(inner, (PAD_X + band, PAD_Y + band), far, 255, -1)
        rim = ((mask > 127) & (inner == 0))[..., None]
        canvas[:] = np.where(rim, np.float32(rng.uniform(10, 50, 3)), canvas)


def _ink_colour(red: bool, rng: np.random.Generator) -> np.ndarray:
    if red:
        return np.float32([rng.uniform(10, 70), rng.uniform(10, 60), rng.uniform(150, 235)])
    grey = rng.uniform(5, 60)
    return np.float32([grey + rng.uniform(0, 30), grey, grey])


def _paint(
    canvas: np.ndarray, ink: np.ndarray, x: float, y: float, w: float, h: float, colour: np.ndarray
) -> None:
    """Lay an ink mask scaled to w x h with its top left at (x, y) in card pixels."""
    w, h = max(2, round(w)), max(2, round(h))
    glyph = cv2.resize(ink, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    x0, y0 = round(x) + PAD_X, round(y) + PAD_Y
    x1, y1 = min(x0 + w, canvas.shape[1]), min(y0 + h, canvas.shape[0])
    if x1 <= max(x0, 0) or y1 <= max(y0, 0):
        return
    gx, gy = max(0, -x0), max(0, -y0)
    a = glyph[gy : gy + y1 - max(y0, 0), gx : gx + x1 - max(x0, 0)][..., None]
    region = canvas[max(y0, 0) : y1, max(x0, 0) : x1]
    region[:] = region * (1 - a) + colour * a


def _index(
    canvas: np.ndarray, rng: np.random.Generator, faces: Faces, rank: str, suit: str, sideways: bool
) -> tuple[float, float, tuple[float, float]]:
    """Draw an index; return the rank's height as a share of the card's, how far right (card
    pixels) its ink reaches, and the rank's centre (card pixels)."""
    colour = _ink_colour(suit in RED, rng)
    r_ink, s_ink = rank_ink(rank, rng, faces), suit_ink(suit, rng, faces)
    rh = rng.uniform(0.06, 0.15) * CARD_H_PX
    rw = rh * r_ink.shape[1] / r_ink.shape[0]
    sh = rh * rng.uniform(0.5, 0.9)
    sw = sh * s_ink.shape[1] / s_ink.shape[0]
    x = rng.uniform(0.025, 0.08) * CARD_PX
    y = rng.uniform(0.02, 0.07) * CARD_H_PX
    beside = rng.random() < 0.15
    if beside:  # the suit to the right of the rank (some German and Austrian decks)
        places = [
            (r_ink, x, y, rw, rh),
            (
                s_ink,
                x + rw + rng.uniform(0.02, 0.12) * rh,
                y + rng.uniform(0, 0.4) * (rh - sh),
                sw,
                sh,
            ),
        ]
    else:
        centre = x + max(rw, sw) / 2
        sy = y + rh + rng.uniform(0.03, 0.3) * rh
        places = [
            (r_ink, centre - rw / 2, y, rw, rh),
            (s_ink, centre - sw / 2 + rng.uniform(-0.1, 0.1) * sw, sy, sw, sh),
        ]
    if (
        sideways
    ):  # as a four-index deck's other corner looks when the outline is read a quarter turn off
        k = int(rng.choice([1, 3]))
        places = [
            (np.ascontiguousarray(np.rot90(ink, k)), py, px, ph, pw)
            for ink, px, py, pw, ph in places
        ]
    for ink, px, py, pw, ph in places:
        _paint(canvas, ink, px, py, pw, ph, colour)
    right, bottom = max(p[1] + p[3] for p in places), max(p[2] + p[4] for p in places)
    if (rank in ("J", "Q", "K") and rng.random() < 0.75) or rng.random() < 0.05:
        _picture_frame(canvas, rng, right, bottom)
    elif rng.random() < 0.5:
        _pip(canvas, rng, suit, colour, right)
    _, rx, ry, rw_, rh_ = places[0]
    return rh / CARD_H_PX, right, (rx + rw_ / 2, ry + rh_ / 2)


def _picture_frame(
    canvas: np.ndarray, rng: np.random.Generator, right: float, bottom: float
) -> None:
    """A face card's frame and picture, beside and below the index."""
    fx = int(right + rng.uniform(0.01, 0.06) * CARD_PX) + PAD_X
    fy = int(rng.uniform(0.03, 0.1) * CARD_H_PX) + PAD_Y
    far = (canvas.shape[1] + 10, canvas.shape[0] + 10)
    fx = min(
        fx, far[0]
    )  # (a large index on its side may reach past the canvas: the picture lies beyond it)
    for _ in range(int(rng.integers(4, 14))):
        colour = np.float32(
            rng.choice([(30, 30, 200), (40, 190, 230), (180, 90, 30), (20, 20, 20), (60, 140, 60)])
        )
        centre = (int(rng.uniform(fx, far[0])), int(rng.uniform(fy, far[1])))
        cv2.circle(canvas, centre, int(rng.uniform(4, 30)), colour.tolist(), -1)
    cv2.rectangle(canvas, (fx, fy), far, _ink_colour(False, rng).tolist(), int(rng.integers(1, 4)))


def _pip(
    canvas: np.ndarray, rng: np.random.Generator, suit: str, colour: np.ndarray, right: float
) -> None:
    """A large pip at the edge of the window, as the nearest pip of a number card."""
    ink = drawn_suit(suit, rng)
    h = rng.uniform(0.1, 0.17) * CARD_H_PX
    x = max(right + 0.03 * CARD_PX, rng.uniform(0.2, 0.3) * CARD_PX)
    _paint(
        canvas,
        ink,
        x,
        rng.uniform(0.05, 0.3) * CARD_H_PX,
        h * ink.shape[1] / ink.shape[0],
        h,
        colour,
    )


def _corner_without_index(canvas: np.ndarray, rng: np.random.Generator, faces: Faces) -> None:
    kind = rng.integers(6)
    if kind == 0:  # a plain corner (the two corners of a card without an index), perhaps a pip
        _card(canvas, rng)
        if rng.random() < 0.6:
            suit = str(rng.choice(SUIT_CLASSES))
            _pip(canvas, rng, suit, _ink_colour(suit in RED, rng), rng.uniform(0, 0.2) * CARD_PX)
    elif kind == 1:  # an index on its side: the outline read a quarter turn off
        _card(canvas, rng)
        _index(
            canvas,
            rng,
            faces,
            str(rng.choice(RANK_CLASSES[:13])),
            str(rng.choice(SUIT_CLASSES)),
            sideways=True,
        )
    elif kind == 5:  # an index upside down: a rank paired with ink above it, as if its suit
        _card(canvas, rng)
        _index(
            canvas,
            rng,
            faces,
            str(rng.choice(RANK_CLASSES[:13])),
            str(rng.choice(SUIT_CLASSES)),
            sideways=False,
        )
        canvas[:] = _turned_round(canvas, rng)
    elif kind == 2:  # the back of a card
        _card(canvas, rng, paper=np.float32(rng.uniform(20, 220, 3)))
        step = int(rng.integers(4, 16))
        colour = rng.uniform(0, 255, 3).tolist()
        for i in range(-canvas.shape[0], canvas.shape[1], step):
            cv2.line(
                canvas,
                (i, 0),
                (i + canvas.shape[0], canvas.shape[0]),
                colour,
                1 + int(rng.integers(3)),
            )
    elif kind == 4:  # the middle of a card: pips or a court picture, no index
        _card(canvas, rng)
        suit = str(rng.choice(SUIT_CLASSES))
        colour = _ink_colour(suit in RED, rng)
        for _ in range(int(rng.integers(1, 4))):
            ink = drawn_suit(suit, rng)
            h = rng.uniform(0.08, 0.16) * CARD_H_PX
            _paint(
                canvas,
                ink,
                rng.uniform(-0.05, 0.3) * CARD_PX,
                rng.uniform(-0.05, 0.4) * CARD_H_PX,
                h * ink.shape[1] / ink.shape[0],
                h,
                colour,
            )
        if rng.random() < 0.4:
            _picture_frame(canvas, rng, rng.uniform(-0.1, 0.05) * CARD_PX, 0)
    # kind 3: the table only


def _neighbour(
    canvas: np.ndarray, rng: np.random.Generator, faces: Faces, right: float | None
) -> str | None:
    """Another card's edge reaching in from the right or below; from the right, often with its
    own index beside this one's (a spread, a fan, a hand dealt overlapping), never over this
    one's ink (which reaches ``right`` card pixels across); returns that index's card code if
    one is drawn. Beside a corner without an index (``right`` None) the neighbour shows no
    index: where it would lie, it would be this card's."""
    if rng.random() > NEIGHBOUR_SHARE:
        return None
    h, w = canvas.shape[:2]
    beside = rng.random() < 0.6
    if beside:
        x = PAD_X + (0.1 * CARD_PX if right is None else right) + rng.uniform(0.01, 0.3) * CARD_PX
        pts = [(x, 0), (w, 0), (w, h), (x + rng.uniform(-20, 20), h)]
    else:
        y = rng.uniform(0.75, 1.0) * h
        pts = [(0, y), (w, y + rng.uniform(-20, 20)), (w, h), (0, h)]
    cv2.fillPoly(canvas, [np.int32(pts)], _paper_colour(rng).tolist(), cv2.LINE_AA)
    cv2.polylines(canvas, [np.int32(pts)], True, (60, 60, 60), 1, cv2.LINE_AA)
    if beside and right is not None and rng.random() < 0.6:
        rank, suit = str(rng.choice(RANK_CLASSES[:13])), str(rng.choice(SUIT_CLASSES))
        colour = _ink_colour(suit in RED, rng)
        r_ink, s_ink = rank_ink(rank, rng, faces), suit_ink(suit, rng, faces)
        rh = rng.uniform(0.06, 0.15) * CARD_H_PX
        sh = rh * rng.uniform(0.5, 0.9)
        left = min(pts[0][0], pts[3][0]) - PAD_X + rng.uniform(0.015, 0.06) * CARD_PX
        top = rng.uniform(0.02, 0.07) * CARD_H_PX
        _paint(canvas, r_ink, left, top, rh * r_ink.shape[1] / r_ink.shape[0], rh, colour)
        _paint(
            canvas,
            s_ink,
            left,
            top + rh * rng.uniform(1.03, 1.3),
            sh * s_ink.shape[1] / s_ink.shape[0],
            sh,
            colour,
        )
        return rank + suit
    return None


def _turned_round(canvas: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The canvas turned half round about a point near where an index's rank lies."""
    centre = (
        PAD_X + rng.uniform(0.05, 0.12) * CARD_PX,
        PAD_Y + rng.uniform(0.05, 0.12) * CARD_H_PX,
    )
    turn = cv2.getRotationMatrix2D(centre, 180.0 + rng.uniform(-10, 10), 1.0)
    return cv2.warpAffine(
        canvas, turn, (canvas.shape[1], canvas.shape[0]), borderMode=cv2.BORDER_REFLECT
    )


def _photograph(
    canvas: np.ndarray,
    rng: np.random.Generator,
    rank_height: float,
    look: tuple[float, float, tuple[float, float]] | None = None,
    across: float = 1.0,
) -> np.ndarray:
    """The reader's window as a camera sees it through an outline a little off; the rank at
    least MIN_RANK_PX tall (smaller, no print is legible: a club blurs into a spade). ``look``:
    the window scaled and turned (scale, degrees) about a point (card pixels) first, after
    being made ``across`` times as wide about it."""
    window_share = WINDOW[3] - WINDOW[1]
    least = MIN_RANK_PX * window_share / rank_height
    h_lo = int(np.exp(rng.uniform(np.log(max(32, least)), np.log(max(150, least + 1)))))
    w_lo = max(8, round(h_lo * INPUT_W / INPUT_H))
    quad = _window_quad(rng)
    if look is not None:
        scale, degrees, (cx, cy) = look
        if across != 1.0:
            quad[:, 0] = PAD_X + cx + (quad[:, 0] - PAD_X - cx) * across
        turn = cv2.getRotationMatrix2D((PAD_X + cx, PAD_Y + cy), degrees, scale)
        quad = cv2.transform(quad.reshape(-1, 1, 2), turn).reshape(4, 2).astype(np.float32)
    target = np.float32([[0, 0], [w_lo - 1, 0], [w_lo - 1, h_lo - 1], [0, h_lo - 1]])
    matrix = cv2.getPerspectiveTransform(quad, target)
    small = cv2.warpPerspective(
        canvas,
        matrix,
        (w_lo, h_lo),
        flags=cv2.INTER_AREA if h_lo < 100 else cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT,
    )
    small = _light(small, rng)
    if rng.random() < 0.6:
        sigma = rng.uniform(0.3, 1.3) * h_lo / 60
        small = cv2.GaussianBlur(small, (0, 0), max(sigma, 0.3))
    small += rng.normal(0, rng.uniform(0, 8), small.shape).astype(np.float32)
    patch = np.clip(small, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        patch = jpeg(patch, int(rng.integers(30, 95)))
    return to_input_size(patch)


def _window_quad(rng: np.random.Generator) -> np.ndarray:
    x0, y0, x1, y1 = WINDOW
    corners = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) * np.float32(
        [CARD_PX, CARD_H_PX]
    )
    scale = rng.uniform(0.85, 1.2)
    angle = np.deg2rad(rng.uniform(-7, 7))
    turn = np.float32([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    corners = corners * scale @ turn.T
    corners += np.float32(
        [rng.uniform(-0.035, 0.035) * CARD_PX, rng.uniform(-0.025, 0.025) * CARD_H_PX]
    )
    corners += rng.uniform(-0.02, 0.02, (4, 2)).astype(np.float32) * CARD_PX
    return (corners + np.float32([PAD_X, PAD_Y])).astype(np.float32)


def _light(canvas: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    h, w = canvas.shape[:2]
    lit = (
        canvas * rng.uniform(0.55, 1.15) * rng.uniform(0.8, 1.1, 3).astype(np.float32)
    )  # dim light, colour cast
    if rng.random() < 0.5:  # uneven light
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        direction = rng.normal(size=2)
        ramp = (xs * direction[0] + ys * direction[1]) / (np.hypot(*direction) * max(h, w))
        lit *= (1 + rng.uniform(0.2, 0.6) * (ramp - ramp.mean()))[..., None]
    if rng.random() < 0.15:  # glare
        glare = np.zeros((h, w), np.float32)
        axes = (int(rng.uniform(0.1, 0.5) * w), int(rng.uniform(0.1, 0.4) * h))
        cv2.ellipse(
            glare, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), axes, 0, 0, 360, 1.0, -1
        )
        glare = cv2.GaussianBlur(glare, (0, 0), max(1.0, 0.08 * h)) * rng.uniform(60, 200)
        lit += glare[..., None]
    return np.clip(lit, 0, 255)
