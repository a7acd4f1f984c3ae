"""Card outlines on synthetic frames: touching cards, shade, and card-shaped things that are not cards."""

from __future__ import annotations

import cv2
import numpy as np

from vision.detect import find_cards

FELT = (40, 90, 30)


def _card(frame: np.ndarray, corners: list[list[int]], shade: int = 235) -> None:
    cv2.fillPoly(frame, [np.int32(corners)], (shade, shade, shade))


def test_two_touching_cards_are_two_outlines() -> None:
    frame = np.full((720, 1280, 3), FELT, np.uint8)
    _card(frame, [[400, 200], [580, 200], [580, 450], [400, 450]])
    _card(frame, [[578, 230], [758, 230], [758, 480], [578, 480]], shade=225)
    cv2.line(frame, (578, 230), (578, 450), (170, 170, 170), 2)  # the upper card's edge shadow
    centres = sorted(o.centre for o in find_cards(frame))
    assert len(centres) == 2
    assert abs(centres[0][0] - 490) < 15 and abs(centres[1][0] - 668) < 15


def test_a_shaded_card_beside_a_lit_one_is_found() -> None:
    frame = np.full((720, 1280, 3), (25, 25, 25), np.uint8)  # black cloth
    _card(frame, [[200, 200], [380, 200], [380, 450], [200, 450]], shade=240)
    _card(frame, [[800, 220], [980, 240], [960, 490], [780, 470]], shade=95)  # in shadow
    assert len(find_cards(frame)) == 2


def test_layout_lines_and_coloured_things_are_not_cards() -> None:
    frame = np.full((720, 1280, 3), FELT, np.uint8)
    cv2.rectangle(frame, (300, 200), (480, 450), (120, 200, 210), 3)  # a spot's printed outline
    cv2.fillPoly(frame, [np.int32([[700, 200], [880, 200], [880, 450], [700, 450]])], (40, 40, 220))
    cv2.fillPoly(
        frame, [np.int32([[950, 200], [1130, 200], [1130, 450], [950, 450]])], (50, 60, 45)
    )
    assert find_cards(frame) == []


def test_a_card_seen_at_a_steep_angle_looks_square_and_is_still_found() -> None:
    frame = np.full((720, 1280, 3), (60, 70, 110), np.uint8)  # wood
    _card(frame, [[500, 300], [700, 300], [715, 505], [485, 505]])  # as tall as it is wide
    (outline,) = find_cards(frame)
    assert abs(outline.centre[0] - 600) < 10 and abs(outline.centre[1] - 402) < 10


def test_a_card_inside_a_printed_spot_outline_is_found() -> None:
    """Real layouts print closed boxes round their spots: the box is card-shaped but not paper,
    and must not win over the card lying inside it."""
    frame = np.full((720, 1280, 3), FELT, np.uint8)
    for x in (300, 700):
        cv2.rectangle(frame, (x, 180), (x + 230, 500), (200, 220, 210), 3)  # the printed spot
    _card(frame, [[330, 210], [500, 210], [500, 450], [330, 450]])
    _card(frame, [[745, 225], [905, 215], [915, 455], [755, 465]])  # a little askew
    centres = sorted(o.centre for o in find_cards(frame))
    assert len(centres) == 2
    assert abs(centres[0][0] - 415) < 15 and abs(centres[1][0] - 830) < 15


def test_cards_on_a_pale_table_whose_brighter_middle_is_found_too_are_the_cards() -> None:
    """A spread on a pale table, the table's brighter middle found as a card-shaped region of its
    own (a photo turned 17 degrees: the whole table top became one quad): the middle holds the
    cards, so it is no card, and it must not hide them from the table round it, which would then
    stand as the only "card" (12 cards were lost so)."""
    from vision.selection import choose_cards

    whiteness = np.full((600, 800), 40, np.uint8)
    table = np.float32([[60, 30], [740, 40], [700, 570], [90, 560]])
    middle = np.float32([[150, 100], [650, 100], [650, 500], [150, 500]])
    cv2.fillConvexPoly(whiteness, np.int32(table), 130)
    cv2.fillConvexPoly(whiteness, np.int32(middle), 170)
    cards = []
    for row in range(2):
        for col in range(3):
            x, y = 180 + col * 160, 130 + row * 190
            card = np.float32([[x, y], [x + 100, y], [x + 100, y + 140], [x, y + 140]])
            cv2.fillConvexPoly(whiteness, np.int32(card), 235)
            cards.append(card)
    chosen = choose_cards([table, middle, *cards], whiteness)
    assert len(chosen) == 6
    assert all(any(np.allclose(c, k) for k in cards) for c in chosen)
