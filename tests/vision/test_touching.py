"""Cards that touch: parted by the thin line of a card's edge, looked for at full resolution."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.conftest import read_composed
from vision.deck import Deck
from vision.rims import rim_share


def test_touching_cards_in_a_row_are_read_one_by_one(enrolled: dict[str, Deck]) -> None:
    total = read_composed(enrolled["kentdoan"], "kentdoan", "touching")
    assert total.invented == 0, total  # an outline cut across two cards is never named
    assert total.right >= 16, total


def test_an_outline_along_the_rim_is_told_from_one_across_the_paper() -> None:
    frame = np.full((400, 400), 60, np.uint8)
    card = np.float32([[100, 80], [250, 80], [250, 290], [100, 290]])
    cv2.fillConvexPoly(frame, np.int32(card), 230)
    assert rim_share(frame, card) > 0.9
    assert rim_share(frame, card + np.float32([40, 0])) < 0.6  # one side across plain paper
