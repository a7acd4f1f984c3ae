"""A tinted light's cast taken out before cards are looked for (vision/balance.py)."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.conftest import CARDS_DIR, labelled
from vision.balance import white_balanced, white_gains
from vision.recogniser import Recogniser
from vision.scoring import score_frame

COOL = np.array([1.15, 1.0, 0.8])  # B, G, R: a cool white balance


def tinted(image: np.ndarray, cast: np.ndarray) -> np.ndarray:
    return np.clip(image * cast, 0, 255).astype(np.uint8)


def table(paper=(235, 235, 235), felt=(40, 90, 30)) -> np.ndarray:
    frame = np.full((720, 1280, 3), felt, np.uint8)
    frame[200:480, 300:500] = paper
    frame[250:530, 700:900] = paper
    return frame


def test_the_paper_is_made_grey_and_nothing_else_is_touched() -> None:
    warm = table(paper=(180, 215, 240))  # white cards under a warm lamp
    gains = white_gains(warm)
    assert gains is not None and np.allclose(gains, (240 / 180, 240 / 215, 1.0), atol=0.01)
    card = white_balanced(warm)[300, 400]
    assert max(card) - min(card) <= 2 and card[2] == 240
    for frame in (
        table(),
        table(paper=(232, 235, 238)),
    ):  # grey paper, or a cast too slight to matter
        assert white_gains(frame) is None and white_balanced(frame) is frame


def test_a_table_with_no_paper_is_left_as_it_is() -> None:
    for frame in (
        np.full((720, 1280, 3), (40, 90, 30), np.uint8),  # an empty felt: its brightest is green
        np.full((720, 1280, 3), 30, np.uint8),
    ):  # a dark frame
        assert white_gains(frame) is None


def test_cards_under_a_cool_light_are_read_as_under_a_white_one() -> None:
    """phone_notanumber11's twelve spades on a light wooden table: under a cool cast their
    paper's darkest channel (red) fell to the table's, and the detector found one outline round
    all twelve, too large for their indices; two were named. The cast taken out, as before."""
    path = CARDS_DIR / "phone_notanumber11" / "test1.jpg"
    image = tinted(cv2.imread(str(path)), COOL)
    tally = score_frame((g.card for g in Recogniser().recognise(image)), labelled()[path])
    assert tally.right >= 11 and tally.invented == 0, tally
