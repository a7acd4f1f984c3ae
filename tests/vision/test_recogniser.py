"""The recogniser on real photographs: enrol each deck from its single-card photos, then read
the multi-card scenes; and the behaviours a dealer relies on (upside down, unreadable)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.conftest import DECKS, labelled, scenes
from vision.deck import Deck, load_deck
from vision.recogniser import Recogniser
from vision.scoring import Tally, score_frame

# What the code reaches today (see benchmarks/vision.py); a drop fails the test.
MIN_SCENE_ACCURACY = {"kentdoan": 1.0, "ee326": 1.0}  # 34/34, 28/28
MIN_OTHER_DECK_ACCURACY = {"kentdoan": 0.84, "ee326": 0.83}  # 73/86, 66/79


def read_scenes(deck: str, recogniser: Recogniser) -> Tally:
    total = Tally()
    for path, cards in scenes(deck).items():
        guesses = recogniser.recognise(cv2.imread(str(path)))
        total += score_frame((g.card for g in guesses), cards)
    return total


@pytest.mark.parametrize("deck", DECKS)
def test_enrolled_deck_reads_its_scenes_without_inventing(deck: str, enrolled: dict[str, Deck]) -> None:
    tally = read_scenes(deck, Recogniser(enrolled[deck]))
    assert tally.invented == 0
    assert tally.accuracy >= MIN_SCENE_ACCURACY[deck], tally


@pytest.mark.parametrize("deck", DECKS)
def test_reading_with_another_decks_glyphs_invents_nothing(deck: str, enrolled: dict[str, Deck]) -> None:
    """A font unlike the enrolled one lowers confidence: cards go unreadable, never misnamed."""
    other = next(d for d in DECKS if d != deck)
    recogniser = Recogniser(enrolled[other])
    total = Tally()
    for path, cards in labelled().items():
        if path.parent.name == deck:
            total += score_frame((g.card for g in recogniser.recognise(cv2.imread(str(path)))), cards)
    assert total.invented == 0, total
    assert total.accuracy >= MIN_OTHER_DECK_ACCURACY[deck], total


def test_paper_cut_by_the_frame_edge_is_not_a_card(enrolled: dict[str, Deck]) -> None:
    frame = np.full((720, 1280, 3), (40, 90, 30), np.uint8)
    cv2.fillPoly(frame, [np.int32([[0, 300], [150, 300], [150, 520], [0, 520]])], (240, 240, 240))  # glare
    cv2.fillPoly(frame, [np.int32([[500, 200], [680, 220], [660, 470], [480, 450]])], (235, 235, 235))
    for recogniser in (Recogniser(enrolled["kentdoan"]), Recogniser()):
        (guess,) = recogniser.recognise(frame)
        assert guess.card is None and abs(guess.centre[0] - 580) < 10


def test_enrolment_learns_every_labelled_card(enrolled: dict[str, Deck]) -> None:
    assert len(enrolled["kentdoan"].cards) == 52
    assert len(enrolled["ee326"].cards) == 51  # its jack of hearts photo is missing
    assert "JH" not in {c.code for c in enrolled["ee326"].cards}


def test_upside_down_frame_reads_the_same(enrolled: dict[str, Deck]) -> None:
    path = next(p for p in scenes("ee326") if p.name == "8cards_top.jpg")
    image = cv2.imread(str(path))
    recogniser = Recogniser(enrolled["ee326"])
    upright = sorted(g.card.code for g in recogniser.recognise(image) if g.card)
    turned = sorted(g.card.code for g in recogniser.recognise(cv2.rotate(image, cv2.ROTATE_180)) if g.card)
    assert len(upright) >= 6
    assert turned == upright


def test_a_blank_card_is_unreadable_not_guessed(enrolled: dict[str, Deck]) -> None:
    frame = np.full((720, 1280, 3), (40, 90, 30), np.uint8)  # green felt
    cv2.fillPoly(frame, [np.int32([[500, 200], [680, 220], [660, 470], [480, 450]])], (235, 235, 235))
    for recogniser in (Recogniser(enrolled["kentdoan"]), Recogniser()):
        (guess,) = recogniser.recognise(frame)
        assert guess.card is None
        assert guess.confidence < 0.5
        assert abs(guess.centre[0] - 580) < 10 and abs(guess.centre[1] - 335) < 10


def test_guess_reports_corners_and_centre_in_frame_pixels(enrolled: dict[str, Deck]) -> None:
    path = next(p for p in scenes("kentdoan") if p.name == "Cards_1.jpg")
    image = cv2.imread(str(path))
    for guess in Recogniser(enrolled["kentdoan"]).recognise(image):
        corners = np.array(guess.corners)
        assert corners.shape == (4, 2)
        assert np.allclose(corners.mean(axis=0), guess.centre, atol=1)
        assert (corners >= -5).all() and (corners[:, 0] <= image.shape[1] + 5).all()


def test_deck_file_roundtrip_reads_the_same(enrolled: dict[str, Deck], tmp_path) -> None:
    enrolled["ee326"].save(tmp_path / "deck.json")
    loaded = load_deck(tmp_path / "deck.json")
    assert loaded.cards == enrolled["ee326"].cards
    assert read_scenes("ee326", Recogniser(loaded)) == read_scenes("ee326", Recogniser(enrolled["ee326"]))
