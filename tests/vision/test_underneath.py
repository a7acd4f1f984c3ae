"""Cards partly under others: laid out from a square corner sticking out of the paper."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.test_touching import _faces
from vision.compose import compose
from vision.deck import Deck
from vision.recogniser import Recogniser
from vision.scoring import Tally, score_frame
from vision.underneath import corner_quads


def test_a_card_under_another_is_read_from_the_corner_that_shows(enrolled: dict[str, Deck]) -> None:
    faces, reader, rng, total = _faces("kentdoan"), Recogniser(enrolled["kentdoan"]), np.random.default_rng(7), Tally()
    for _ in range(6):
        scene = compose(faces, "fanned", 4, rng)
        total += score_frame((g.card for g in reader.recognise(scene.image)), scene.cards)
    assert total.invented == 0, total
    assert total.right >= 4, total  # 4/24 measured, 2/24 without reading cards underneath: fans are mostly missed


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
    assert np.allclose(top_left[1], [350, 80], atol=6) and np.allclose(top_left[3], [200, 290], atol=6)
