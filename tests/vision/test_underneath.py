"""Cards partly under others: laid out from a square corner sticking out of the paper."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.conftest import read_composed
from vision.deck import Deck
from vision.underneath import corner_quads, line_corner_quads


def test_a_card_under_another_is_read_from_the_corner_that_shows(enrolled: dict[str, Deck]) -> None:
    total = read_composed(enrolled["kentdoan"], "kentdoan", "fanned")
    assert total.invented == 0, total
    assert total.right >= 6, (
        total
    )  # 7/24 measured; 4/24 from the paper outline's corners alone, 2/24 with neither


def test_a_square_corner_lays_out_a_card_index_corner_first() -> None:
    paper = np.zeros((500, 600), np.uint8)
    top = np.float32([[300, 100], [450, 100], [450, 310], [300, 310]])  # a card found whole
    under = np.int32([[200, 80], [350, 80], [350, 290], [200, 290]])  # the card under it
    cv2.fillConvexPoly(paper, under, 255)
    cv2.fillConvexPoly(paper, np.int32(top), 255)
    quads = corner_quads(paper, [top])
    corners = [tuple(np.round(q[0]).astype(int)) for q in quads]
    # its top-left and bottom-left stick out; clockwise from the top-left, the short side comes first
    assert any(abs(x - 200) <= 3 and abs(y - 80) <= 3 for x, y in corners), corners
    top_left = next(q for q in quads if abs(q[0][0] - 200) <= 3 and abs(q[0][1] - 80) <= 3)
    assert np.allclose(top_left[1], [350, 80], atol=6) and np.allclose(
        top_left[3], [200, 290], atol=6
    )


def test_a_corner_lying_on_the_card_below_is_found_from_its_edge_lines() -> None:
    whiteness, paper = np.full((400, 600), 40, np.uint8), np.zeros((400, 600), np.uint8)
    top = np.float32([[400, 120], [550, 120], [550, 330], [400, 330]])  # a card found whole
    for under in (
        np.int32([[100, 60], [250, 60], [250, 270], [100, 270]]),  # bottom of the fan
        np.int32([[180, 100], [330, 100], [330, 310], [180, 310]]),
    ):  # its index corner lies on the one below
        cv2.fillConvexPoly(paper, under, 255)
        cv2.fillConvexPoly(whiteness, under, 225)
        cv2.polylines(whiteness, [under], True, 120, 2)  # the darker edge line
    cv2.fillConvexPoly(paper, np.int32(top), 255)
    whiteness = cv2.GaussianBlur(whiteness, (5, 5), 0)
    near = [
        q
        for q in line_corner_quads(whiteness, paper, [top])
        if np.allclose(q[0], [180, 100], atol=4)
    ]
    assert (
        near
        and np.allclose(near[0][1], [330, 100], atol=6)
        and np.allclose(near[0][3], [180, 310], atol=6)
    ), near
    # the paper's outline has no corner there; its bottom-left corner sticks out below the card
    # under it, and laid out long side first from there it is the same card, index corner first
    from_outline = [q for q in corner_quads(paper, [top]) if np.allclose(q[0], [180, 100], atol=6)]
    assert from_outline and np.allclose(from_outline[0][2], [330, 310], atol=8), from_outline
