"""Whole-face templates: an enrolled face vouches for an index too small to read surely."""

from __future__ import annotations

import dataclasses
import json

import cv2
import numpy as np
import pytest

from table_controller.cards import parse_card
from table_controller.errors import ConfigError
from tests.vision.conftest import CARDS_DIR
from vision.deck import Deck, load_deck
from vision.faces import FaceBook, face_confidence, face_thumbnail
from vision.recogniser import Recogniser

EDGE_ON = CARDS_DIR / "ee326" / "3cards_extreme.jpg"  # the ace of clubs lies almost edge-on


def _ace_of_clubs(recogniser: Recogniser) -> list[str | None]:
    guesses = recogniser.recognise(cv2.imread(str(EDGE_ON)))
    return sorted((g.card.code if g.card else "unreadable") for g in guesses)


def test_faces_add_cards_and_never_invent_one(enrolled: dict[str, Deck]) -> None:
    deck = enrolled["ee326"]
    with_faces = _ace_of_clubs(Recogniser(deck))
    index_only = _ace_of_clubs(Recogniser(dataclasses.replace(deck, faces=None)))
    named = {c for c in with_faces if c != "unreadable"}
    assert {c for c in index_only if c != "unreadable"} <= named <= {"10H", "4S", "AC"}
    assert {"10H", "4S"} <= named


def test_a_face_never_vouches_for_a_card_it_does_not_show(enrolled: dict[str, Deck]) -> None:
    image = cv2.imread(str(EDGE_ON))
    outline = max(
        Recogniser(enrolled["ee326"]).recognise(image), key=lambda g: -g.centre[1]
    )  # the far card
    corners = np.float32(outline.corners)
    faces = enrolled["ee326"].faces
    assert faces is not None
    assert face_confidence(faces, image, corners, parse_card("AC")) > 0.5
    for wrong in ("AS", "AH", "2C", "KC"):
        assert face_confidence(faces, image, corners, parse_card(wrong)) == 0.0


def test_a_face_matches_itself_either_way_up() -> None:
    card = np.full((280, 200, 3), 235, np.uint8)
    cv2.putText(card, "7", (14, 44), cv2.FONT_HERSHEY_DUPLEX, 1.3, (0, 0, 0), 3)
    for x, y in ((60, 80), (140, 80), (100, 140), (60, 200), (140, 200)):
        cv2.circle(card, (x, y), 14, (0, 0, 0), -1)
    corners = np.float32([[0, 0], [199, 0], [199, 279], [0, 279]])
    book = FaceBook()
    book.add(parse_card("5C"), face_thumbnail(card, corners, 0))
    book.add(parse_card("2C"), face_thumbnail(np.full_like(card, 235), corners, 0))
    turned = cv2.rotate(card, cv2.ROTATE_180)
    scores = book.scores(face_thumbnail(turned, corners, 0))
    assert scores[parse_card("5C")] > 0.9 > 0.5 > scores[parse_card("2C")]


def test_faces_survive_the_deck_file_and_old_files_are_refused_plainly(
    enrolled: dict[str, Deck], tmp_path
) -> None:
    deck = enrolled["ee326"]
    deck.save(tmp_path / "deck.json")
    loaded = load_deck(tmp_path / "deck.json")
    assert loaded.faces is not None and set(loaded.faces.faces) == set(deck.cards)
    assert _ace_of_clubs(Recogniser(loaded)) == _ace_of_clubs(Recogniser(deck))
    data = json.loads((tmp_path / "deck.json").read_text())
    del data["faces"]  # a deck enrolled without faces reads by its index alone
    (tmp_path / "plain.json").write_text(json.dumps(data))
    assert load_deck(tmp_path / "plain.json").faces is None
    (tmp_path / "old.json").write_text(json.dumps({"format": "table-deck/1", "cards": []}))
    with pytest.raises(ConfigError, match="older recogniser"):
        load_deck(tmp_path / "old.json")
    data["reader"] = "0" * 16
    (tmp_path / "other.json").write_text(json.dumps(data))
    with pytest.raises(ConfigError, match="another index reader"):
        load_deck(tmp_path / "other.json")
