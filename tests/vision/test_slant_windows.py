"""A calibrated camera reads no index through slanted windows: its windows are cut as the card
lies on the table already (two thirds of the windows a cluttered frame read were slanted ones).
Without a calibration they are still read."""

from __future__ import annotations

import numpy as np
import pytest

import vision.indices as indices
from vision.recogniser import Recogniser
from vision.staged import hand, stage


@pytest.fixture
def slanted_looks(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    cut: list[float] = []
    widened = indices._widened

    def counted(cand, across):
        cut.append(across)
        return widened(cand, across)

    monkeypatch.setattr(indices, "_widened", counted)
    return cut


def test_a_calibrated_camera_reads_no_slanted_window_and_reads_the_hand_as_well(
    slanted_looks: list[float],
) -> None:
    rng = np.random.default_rng(31)
    scene = stage(hand(4, rng), "fanned", "felt", rng, slant=0.64)
    reader = Recogniser()
    square = [g.card for g in reader.recognise(scene.image)]
    assert slanted_looks  # without the layout, unsure indices are looked at slanted
    slanted_looks.clear()
    calibrated = [g.card for g in reader.recognise(scene.image, scene.overhead)]
    assert slanted_looks == []
    assert sum(c in scene.cards for c in calibrated) >= sum(c in scene.cards for c in square)
    assert all(c is None or c in scene.cards for c in calibrated)


class Unsure:
    """A reader that reads every window as no card: sure of it (``none`` 0.999) or not (0.9)."""

    def __init__(self, none: float) -> None:
        self.none = none

    def read(self, patches: list[np.ndarray]) -> list:
        from vision.learned import N_RANK, CornerRead

        ranks = np.full(N_RANK, (1 - self.none) / (N_RANK - 1))
        ranks[-1] = self.none
        return [
            CornerRead(ranks.copy(), np.full(4, 0.25), np.zeros(128, np.float32), None)
            for _ in patches
        ]


def test_a_pairing_the_reader_is_sure_holds_no_index_is_not_looked_at_slanted(
    slanted_looks: list[float],
) -> None:
    from table_controller.cards import standard_deck
    from vision.reading import DeckIndex

    rng = np.random.default_rng(31)
    scene = stage(hand(4, rng), "stepped", "felt", rng, slant=0.64)
    deck = DeckIndex.of(standard_deck())
    indices.read_indices(scene.image, Unsure(0.9), deck)
    assert slanted_looks  # read as no card, but not surely none: looked at slanted
    slanted_looks.clear()
    indices.read_indices(scene.image, Unsure(0.999), deck)
    assert slanted_looks == []  # two pips, picture ink: surely no index, however it is looked at
