"""Tracking on staged scenes (vision.staged: the simulated deck's faces on a drawn wooden table,
its own light, blur and noise, no layout marks): two cards dealt on two spots are named once each;
one pushed along its spot is not named again nor taken for gone; a hand resting over the other
does not make it gone; taken away, it is gone."""

from __future__ import annotations

import numpy as np
import pytest

from hardware_sim.sim_deck import sim_deck
from table_controller.cards import parse_card
from tests.vision.test_incremental import with_hand
from vision.calibration import Layout
from vision.incremental import IncrementalReader
from vision.recogniser import Recogniser
from vision.staged import _camera, _lay, _quad, card_face, surface
from vision.tracking import GONE, SEEN, SpotTracker

WIDTH = 100.0  # a card's width in the frame, pixels (a hand covers it whole)
SPOTS = {"left": (380.0, 360.0), "right": (900.0, 360.0)}  # where the dealer lays each card
LAYOUT = Layout(
    (1280, 720),
    ((0.0, 0.0), (1280.0, 0.0), (1280.0, 720.0), (0.0, 720.0)),
    {
        "left": ((0.0, 0.0), (640.0, 0.0), (640.0, 720.0), (0.0, 720.0)),
        "right": ((640.0, 0.0), (1280.0, 0.0), (1280.0, 720.0), (640.0, 720.0)),
    },
)


@pytest.fixture(scope="module")
def table() -> np.ndarray:
    return surface("wood", np.random.default_rng(3))


def staged(table: np.ndarray, cards: dict[str, tuple[str, float]], seed: int) -> np.ndarray:
    """The table with ``cards`` (spot -> code and how far it was pushed right, pixels), under
    one light, each frame with its own noise."""
    frame = table.copy()
    for spot, (code, pushed) in cards.items():
        x, y = SPOTS[spot]
        quad = _quad((x + pushed, y), WIDTH, WIDTH * 1.4, 4.0)
        _lay(frame, card_face(parse_card(code)), quad)
    lit = _camera(frame, np.random.default_rng(0)).astype(np.float32)  # one light all along
    lit += np.random.default_rng(seed).normal(0, 2.0, lit.shape).astype(np.float32)
    return np.clip(lit, 0, 255).astype(np.uint8)  # and the sensor's fresh noise in each frame


def test_a_card_moved_covered_and_removed_on_a_staged_table(table: np.ndarray) -> None:
    reader, tracker = IncrementalReader(Recogniser(sim_deck())), SpotTracker(LAYOUT, 3)
    said: list[tuple[str, str | None, str]] = []

    def film(frames: list[np.ndarray]) -> None:
        for frame in frames:
            for s in tracker.update(reader.read(frame)):
                said.append((s.kind, s.spot, s.card.code if s.card else "?"))

    film([staged(table, {}, seed) for seed in range(3)])
    dealt = {"left": ("KH", 0.0), "right": ("7C", 0.0)}
    film([staged(table, dealt, seed) for seed in range(3, 9)])
    assert sorted(said) == [(SEEN, "left", "KH"), (SEEN, "right", "7C")]

    pushed = {"left": ("KH", 40.0), "right": ("7C", 0.0)}  # slid along its spot
    film([staged(table, pushed, seed) for seed in range(9, 15)])
    assert len(said) == 2  # neither named again nor gone

    right = SPOTS["right"]
    film([with_hand(staged(table, pushed, seed), right) for seed in range(15, 22)])
    film([staged(table, pushed, seed) for seed in range(22, 25)])  # the hand lifted
    assert len(said) == 2  # covered a while, still lying there

    film([staged(table, {"left": ("KH", 40.0)}, seed) for seed in range(25, 31)])
    assert said[2:] == [(GONE, "right", "7C")]
