"""The video benchmark's quick round (benchmarks/vision_video_tables.py): a Red Dog round dealt by
the game, its real cards cropped from the photographs, filmed at 30 fps and read as a live
camera reads it: every card named on the dealer's place, none invented, the table at rest cheap."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from tests.vision.conftest import CARDS_DIR

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from vision_video_tables import dealt_round, film, play, real_faces


def test_a_red_dog_round_of_real_cards_is_named_card_by_card() -> None:
    faces = real_faces(CARDS_DIR)
    assert len(faces) >= 50  # one deck's single-card photos, cropped
    plan = dealt_round("red-dog", 3, 1)
    assert {place for _, placed in plan.steps for place in placed} == {"dealer"}  # burn unseen
    recipes, tables, deals, corners, changes = film(plan, faces, None, 1)
    got = play(recipes, tables, deals, corners, changes, 1)
    assert [d.named is not None for d in deals] == [True] * len(deals) and len(deals) >= 2
    assert got["invented"] == []
    assert np.median(got["rest"]) < np.median(got["deal"])  # a still table costs little
