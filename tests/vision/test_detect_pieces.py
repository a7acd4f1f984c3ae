"""A card found only in part (a shaded, broken border; its foot touching another card) is grown
to the size of the cards found whole beside it; a small piece of paper on its own is not."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.conftest import CARDS_DIR
from vision.deck import Deck
from vision.detect import find_cards
from vision.fragments import grown_pieces
from vision.recogniser import Recogniser

LAPTOP = (95, 92, 90)
PLAIN = [
    [[700, 150], [870, 150], [870, 390], [700, 390]],
    [[950, 170], [1120, 170], [1120, 410], [950, 410]],
]
KING = np.float32([[200, 100], [370, 100], [370, 340], [200, 340]])


def _shaded_face_card_touching_another() -> np.ndarray:
    """Two plain cards apart; a face card (thin border round its picture) shaded at its top-left
    corner, so the border is broken there, whose foot touches a card turned a little."""
    frame = np.full((720, 1280, 3), LAPTOP, np.uint8)
    for card in PLAIN:
        cv2.fillPoly(frame, [np.int32(card)], (235, 235, 235))
    cv2.fillPoly(frame, [np.int32(KING)], (225, 225, 225))
    cv2.rectangle(frame, (208, 108), (362, 262), (60, 50, 120), -1)  # the picture
    cv2.putText(frame, "K", (330, 325), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (30, 30, 30), 3)
    shade = np.zeros(frame.shape[:2], np.float32)
    cv2.fillPoly(shade, [np.int32([[150, 50], [330, 50], [150, 300]])], 1.0)
    shade = cv2.GaussianBlur(shade, (31, 31), 0)[..., None]
    frame = (frame * (1 - 0.62 * shade)).astype(np.uint8)
    cv2.fillPoly(
        frame, [np.int32([[290, 341], [458, 365], [425, 603], [257, 579]])], (235, 235, 235)
    )
    return frame


def _near(outline_centre: tuple[float, float], point: np.ndarray, reach: float = 12) -> bool:
    return bool(np.linalg.norm(np.float32(outline_centre) - point) < reach)


def test_a_shaded_card_touching_another_is_found_whole() -> None:
    outlines = [o for o in find_cards(_shaded_face_card_touching_another()) if not o.partial]
    kings = [o for o in outlines if _near(o.centre, KING.mean(axis=0))]
    assert len(outlines) == 4 and len(kings) == 1
    area = cv2.contourArea(kings[0].corners)
    assert 0.9 < area / cv2.contourArea(KING) < 1.1


def test_a_strip_round_the_index_is_grown_into_the_card() -> None:
    """Without growing, the other cues find only a strip round the king's lower index."""
    frame = _shaded_face_card_touching_another()
    small = cv2.resize(frame, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    whiteness = cv2.GaussianBlur(small.min(axis=2), (5, 5), 0)
    strip = np.float32([[100, 130], [185, 130], [185, 170], [100, 170]])
    cards = [np.float32(c) / 2 for c in PLAIN] + [strip]
    grown = grown_pieces(cards, whiteness)
    king = next(q for q in grown if _near(tuple(q.mean(axis=0)), KING.mean(axis=0) / 2, 6))
    assert 0.9 < cv2.contourArea(king) / cv2.contourArea(KING / 2) < 1.1


def test_a_small_piece_of_paper_on_its_own_is_not_grown_into_a_card() -> None:
    frame = np.full((720, 1280, 3), LAPTOP, np.uint8)
    for card in PLAIN:
        cv2.fillPoly(frame, [np.int32(card)], (235, 235, 235))
    cv2.rectangle(frame, (300, 300), (470, 350), (235, 235, 235), -1)  # a label as wide as a card
    outlines = find_cards(frame)
    assert all(
        cv2.contourArea(o.corners) < 0.5 * 170 * 240
        for o in outlines
        if _near(o.centre, np.float32([385, 325]), 60)
    )
    assert len([o for o in outlines if cv2.contourArea(o.corners) > 0.8 * 170 * 240]) == 2


def test_the_king_of_clubs_in_the_shade_on_a_laptop_is_read(enrolled: dict[str, Deck]) -> None:
    """kentdoan Cards_7: the king's border is broken at its shaded index corner and its foot
    touches the 4 of hearts; it was found only as a strip round its lower index."""
    guesses = Recogniser(enrolled["kentdoan"]).recognise(
        cv2.imread(str(CARDS_DIR / "kentdoan" / "Cards_7.jpg"))
    )
    named = sorted(g.card.code for g in guesses if g.card)
    assert named == sorted(["KC", "7C", "7H", "QS", "4H", "AD", "4S"])
    areas = {g.card.code: cv2.contourArea(np.float32(g.corners)) for g in guesses if g.card}
    assert 0.8 < areas["KC"] / areas["7C"] < 1.25  # the whole card, not a strip of it
