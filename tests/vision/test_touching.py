"""Cards that touch: parted by the thin line of a card's edge, looked for at full resolution."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.conftest import labelled
from vision.compose import compose, cut_faces
from vision.deck import Deck
from vision.rims import rim_share
from vision.recogniser import Recogniser
from vision.scoring import Tally, score_frame


def _faces(deck: str) -> dict:
    photos = {c[0]: cv2.imread(str(p)) for p, c in labelled().items()
              if p.parent.name == deck and p.stem.endswith(("clubs", "diamonds", "hearts", "spades"))}
    return cut_faces(photos)


def test_touching_cards_in_a_row_are_read_one_by_one(enrolled: dict[str, Deck]) -> None:
    faces, reader, rng, total = _faces("kentdoan"), Recogniser(enrolled["kentdoan"]), np.random.default_rng(7), Tally()
    for _ in range(6):
        scene = compose(faces, "touching", 4, rng)
        total += score_frame((g.card for g in reader.recognise(scene.image)), scene.cards)
    assert total.invented == 0, total
    assert total.right >= 16, total  # 18/24 measured; 0/24 without the closer look


def test_an_outline_along_the_rim_is_told_from_one_across_the_paper() -> None:
    frame = np.full((400, 400), 60, np.uint8)
    card = np.float32([[100, 80], [250, 80], [250, 290], [100, 290]])
    cv2.fillConvexPoly(frame, np.int32(card), 230)
    assert rim_share(frame, card) > 0.9
    assert rim_share(frame, card + np.float32([40, 0])) < 0.6  # one side across plain paper
