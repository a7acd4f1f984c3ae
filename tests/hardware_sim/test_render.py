"""The simulated layout: every card lies inside its spot and never touches a neighbour's card,
whatever the seed, so the camera finds each card as its own outline; and the camera sees every
card's rank at least as tall as the corner reader is trained to read."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from hardware_sim.render import (
    FACE_H,
    FACE_W,
    LAYOUT_H,
    LAYOUT_W,
    card_in_frame,
    card_outline,
    default_corners,
    draw_card_face,
    place_on_spot,
)
from table_controller.camera_places import camera_places
from table_controller.cards import parse_card, standard_deck
from table_controller.games import make_game
from vision.calibration import Rect
from vision.corner_camera import MIN_RANK_PX

MIN_GAP_PIXELS = 20.0  # on the flat 1400 x 900 layout; a card is about 129 x 180
PLACES = camera_places(make_game("missouri-city"))
# the Backhand series' tables that mark their spots: two seats, one seat with show cards, one without
MARKED = {
    "missouri-city": PLACES,
    "buffalo-bayou": camera_places(make_game("buffalo-bayou")),
    "backhand": camera_places(make_game("backhand")),
}


def a_full_layout(seed: int, places: dict[str, Rect]) -> list[tuple[str, np.ndarray]]:
    """Every spot filled (a hand spot with its two cards), placed as a dealer of ``seed`` would."""
    rng = np.random.default_rng(seed)
    cards = iter(standard_deck())
    out = []
    for spot in places:
        for slot in range(2 if spot.endswith(".hand") else 1):
            placed = place_on_spot(next(cards), spot, rng, slot, places=places)
            out.append((spot, card_outline(placed)))
    return out


def gap(one: np.ndarray, other: np.ndarray) -> float:
    """The distance between two disjoint convex outlines (0 when they touch or overlap)."""
    inside = [
        cv2.pointPolygonTest(other.reshape(-1, 1, 2), tuple(map(float, p)), True) for p in one
    ]
    inside += [
        cv2.pointPolygonTest(one.reshape(-1, 1, 2), tuple(map(float, p)), True) for p in other
    ]
    if max(inside) >= 0:
        return 0.0
    return min(-d for d in inside)


@pytest.mark.parametrize("game", MARKED)
@pytest.mark.parametrize("seed", range(40))
def test_cards_never_touch_and_stay_on_their_spots(seed: int, game: str) -> None:
    places = MARKED[game]
    layout = a_full_layout(seed, places)
    for spot, outline in layout:
        left, top, right, bottom = places[spot]
        xs, ys = outline[:, 0] / LAYOUT_W, outline[:, 1] / LAYOUT_H
        assert left < xs.min() and xs.max() < right and top < ys.min() and ys.max() < bottom, spot
    for i, (spot, outline) in enumerate(layout):
        for other_spot, other in layout[i + 1 :]:
            assert gap(outline, other) > MIN_GAP_PIXELS, (spot, other_spot)


def rank_box(code: str) -> tuple[int, int, int, int]:
    """The top-left rank's ink on the drawn face: left, top, right, bottom (face pixels)."""
    face = draw_card_face(parse_card(code))
    ink = face[: FACE_H // 3, : FACE_W // 3].min(axis=2) < 128
    rows = np.nonzero(ink.any(axis=1))[0]
    # the rank is the first run of inked rows; the suit is printed below it after a gap
    end = rows[np.nonzero(np.diff(rows) > 1)[0][0]] if (np.diff(rows) > 1).any() else rows[-1]
    cols = np.nonzero(ink[rows[0] : end + 1].any(axis=0))[0]
    return int(cols[0]), int(rows[0]), int(cols[-1]), int(end)


@pytest.mark.parametrize("code", ["10H", "QS", "AD", "4C"])
def test_every_spot_shows_the_rank_as_tall_as_the_reader_is_trained_from(code: str) -> None:
    """At the far spots the camera sees a card smallest: its rank must still stand at least
    MIN_RANK_PX tall, the least the corner reader is trained on (vision/corner_camera.py)."""
    left, top, right, bottom = rank_box(code)
    upright = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]])
    middle = (left + right) / 2
    for seed in range(5):
        rng = np.random.default_rng(seed)
        corners = default_corners(rng)
        for spot in PLACES:
            placed = place_on_spot(parse_card(code), spot, rng, places=PLACES)
            placed = card_in_frame(placed, corners)
            to_frame = cv2.getPerspectiveTransform(upright, np.float32(placed))
            ends = cv2.perspectiveTransform(
                np.float32([[[middle, top], [middle, bottom + 1]]]), to_frame
            )[0]
            assert np.linalg.norm(ends[1] - ends[0]) >= MIN_RANK_PX, (code, spot, seed)
