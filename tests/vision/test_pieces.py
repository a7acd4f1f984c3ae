"""Pieces of one card's outline (a picture's border cuts its face's paper apart) are joined
into the card their two index corners span; two cards are never joined."""

from __future__ import annotations

import numpy as np

from table_controller.cards import parse_card
from vision.detect import CardOutline
from vision.reading import Reading
from vision.recogniser import pieces_joined

JACK = parse_card("JS")
CARD = np.float32([[100, 100], [400, 100], [400, 520], [100, 520]])  # 300 x 420, upright


def piece(*corners: tuple[float, float]) -> CardOutline:
    return CardOutline(np.float32(corners))


TOP_LEFT = piece((100, 100), (220, 100), (220, 250), (100, 250))  # its index at its first corner
BOTTOM_RIGHT = piece((400, 520), (280, 520), (280, 370), (400, 370))  # turned half round


def read(card=JACK, confidence: float = 0.9995, corners: int = 1) -> Reading:
    return Reading(card, confidence, 0, corners)


def test_two_pieces_at_a_cards_index_corners_are_that_card() -> None:
    outlines, readings = pieces_joined([TOP_LEFT, BOTTOM_RIGHT], [read(confidence=0.98), read()])
    assert len(outlines) == 1 and readings == [Reading(JACK, 0.9995, 0, 1)]
    assert np.allclose(outlines[0].corners, CARD)
    assert outlines[0].centre == (250.0, 310.0)


def test_pieces_of_two_names_or_read_at_two_corners_stay_apart() -> None:
    other = parse_card("QS")
    assert len(pieces_joined([TOP_LEFT, BOTTOM_RIGHT], [read(), read(other)])[0]) == 2
    assert len(pieces_joined([TOP_LEFT, BOTTOM_RIGHT], [read(corners=2), read()])[0]) == 2
    assert len(pieces_joined([TOP_LEFT, BOTTOM_RIGHT], [None, read()])[0]) == 2


def test_indices_the_same_way_up_are_two_cards() -> None:
    """Two cards of one name from a shoe of several decks, dealt one beside the other."""
    beside = piece((280, 370), (400, 370), (400, 520), (280, 520))
    assert len(pieces_joined([TOP_LEFT, beside], [read(), read()])[0]) == 2


def test_a_whole_card_and_a_piece_at_its_far_corner_are_not_joined() -> None:
    """The far corner's index lies within the whole card's own reach: no card spans them."""
    whole = CardOutline(CARD)
    assert len(pieces_joined([whole, BOTTOM_RIGHT], [read(), read()])[0]) == 2


def test_indices_off_a_cards_proportions_are_not_joined() -> None:
    far_right = piece((800, 520), (680, 520), (680, 370), (800, 370))
    assert len(pieces_joined([TOP_LEFT, far_right], [read(), read()])[0]) == 2
