"""The simulated layout: every card lies inside its spot and never touches a neighbour's card,
whatever the seed, so the camera finds each card as its own outline."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from hardware_sim.render import LAYOUT_H, LAYOUT_W, card_outline, place_on_spot
from table_controller.cards import standard_deck
from vision.calibration import LAYOUT_SPOTS

MIN_GAP_PIXELS = 20.0  # on the flat 1400 x 900 layout; a card is about 129 x 180


def a_full_layout(seed: int) -> list[tuple[str, np.ndarray]]:
    """Every spot filled (a hand spot with its two cards), placed as a dealer of ``seed`` would."""
    rng = np.random.default_rng(seed)
    cards = iter(standard_deck())
    out = []
    for spot in LAYOUT_SPOTS:
        for slot in range(2 if spot.endswith(".hand") else 1):
            out.append((spot, card_outline(place_on_spot(next(cards), spot, rng, slot))))
    return out


def gap(one: np.ndarray, other: np.ndarray) -> float:
    """The distance between two disjoint convex outlines (0 when they touch or overlap)."""
    inside = [cv2.pointPolygonTest(other.reshape(-1, 1, 2), tuple(map(float, p)), True) for p in one]
    inside += [cv2.pointPolygonTest(one.reshape(-1, 1, 2), tuple(map(float, p)), True) for p in other]
    if max(inside) >= 0:
        return 0.0
    return min(-d for d in inside)


@pytest.mark.parametrize("seed", range(40))
def test_cards_never_touch_and_stay_on_their_spots(seed: int) -> None:
    layout = a_full_layout(seed)
    for spot, outline in layout:
        left, top, right, bottom = LAYOUT_SPOTS[spot]
        xs, ys = outline[:, 0] / LAYOUT_W, outline[:, 1] / LAYOUT_H
        assert left < xs.min() and xs.max() < right and top < ys.min() and ys.max() < bottom, spot
    for i, (spot, outline) in enumerate(layout):
        for other_spot, other in layout[i + 1 :]:
            assert gap(outline, other) > MIN_GAP_PIXELS, (spot, other_spot)
