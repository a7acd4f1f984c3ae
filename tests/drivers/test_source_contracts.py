"""The card-source contract against replay://, sim-camera:// and camera:// (a frames folder).

A recording (a logged hand, a folder of frames) holds what was drawn before it was opened, so
its rig records the draws first and opens the source on first use: ``draw`` then ``source``.
A camera's dealer waits for each card to be seen before dealing the next, as a real one
does, so its cards arrive in the order they were dealt.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from drivers.base import CardSource
from drivers.registry import open_source
from hardware_sim.camera import SimCamera
from hardware_sim.shoe import SimShoe
from hardware_sim.sim_deck import sim_deck
from table_controller.cards import Card
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.runtime import TableSession
from tests.drivers.contract import CardSourceContract

SPOTS = ("S3", "S2", "S1", "red.hand", "green.hand")  # a fresh hand's first five cards
STILL_FRAMES = 3
CAMERA_SEED = 10


class ReplayRig:
    """A Missouri City hand dealt from the simulated shoe into a real hand log."""

    def __init__(self, folder: Path) -> None:
        self.db = str(folder / "hands.db")
        self.log = HandLog.open(self.db, key_path=folder / "key")
        self.shoe = open_source("sim://?seed=11")
        self.session = TableSession(
            make_game("missouri-city"), log=self.log, source_url=self.shoe.url
        )
        self.session.submit(Control(NEW_DECK), source="console:dealer")
        self._source: CardSource | None = None

    def draw(self, count: int) -> list[Card]:
        assert self._source is None, "a replay plays what was logged before it opened"
        drawn = []
        for _ in range(count):
            assert isinstance(self.shoe, SimShoe) and self.shoe.deal_next() is not None
            event = self.shoe.read_event(timeout=1.0)
            assert event is not None and event.card is not None
            self.session.submit(CardArrived(event.card), source=event.source, at=event.at)
            drawn.append(event.card)
        return drawn

    @property
    def source(self) -> CardSource:
        if self._source is None:
            self._source = open_source(f"replay://{self.db}?hand={self.session.hand_id}&speed=0")
        return self._source

    def close(self) -> None:
        if self._source is not None:
            self._source.close()
        self.shoe.close()
        self.log.close()


class SimCameraRig:
    def __init__(self) -> None:
        self.source = open_source(f"sim-camera://?seed={CAMERA_SEED}&frames={STILL_FRAMES}")

    def draw(self, count: int) -> list[Card]:
        camera = self.source
        assert isinstance(camera, SimCamera)
        drawn = []
        for spot in SPOTS[:count]:
            drawn.append(camera.deal_next(spot))
            for _ in range(STILL_FRAMES):
                camera.process_frame()  # the dealer waits until the camera has seen it
        return drawn

    def close(self) -> None:
        self.source.close()


def record_frames(folder: Path) -> tuple[list[np.ndarray], list[Card], Path]:
    """Frames of the simulated camera as five cards are dealt: two empty frames, then each
    card lying still for as many frames as it takes to count."""
    with SimCamera(f"sim-camera://?seed={CAMERA_SEED}") as camera:
        frames = [camera.frame(), camera.frame()]
        cards = []
        for spot in SPOTS:
            cards.append(camera.deal_next(spot))
            frames += [camera.frame() for _ in range(STILL_FRAMES)]
        camera.layout.save(folder / "layout.json")
    return frames, cards, folder / "layout.json"


class FramesFolderRig:
    def __init__(self, recording: tuple[list[Path], list[Card], Path], folder: Path) -> None:
        self.frames, self.cards, self.layout = recording
        self.folder = folder
        self.folder.mkdir()
        self.shown = 1  # the first frame is left out: one empty frame is enough
        self._source: CardSource | None = None

    def draw(self, count: int) -> list[Card]:
        assert self._source is None, "a folder of frames holds what was filmed before it opened"
        dealt = (self.shown - 1) // STILL_FRAMES
        self.shown += count * STILL_FRAMES
        return self.cards[dealt : dealt + count]

    @property
    def source(self) -> CardSource:
        if self._source is None:
            for frame in self.frames[1 : self.shown + 1]:
                os.link(frame, self.folder / frame.name)
            deck = (
                self.folder.parent / "sim-deck.json"
            )  # the table's deck enrolled, as a casino does
            sim_deck().save(deck)
            # The simulated camera's glare moves every frame, which the live reader takes for a
            # hand and waits on (vision.incremental): the contract is the driver's, so every frame
            # is read whole here, as test_camera_reconnect does.
            url = (
                f"camera://{self.folder}?layout={self.layout}&deck={deck}"
                f"&frames={STILL_FRAMES}&incremental=0"
            )
            self._source = open_source(url)
        return self._source

    def close(self) -> None:
        if self._source is not None:
            self._source.close()


@pytest.fixture(scope="module")
def filmed(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], list[Card], Path]:
    folder = tmp_path_factory.mktemp("filmed")
    frames, cards, layout = record_frames(folder)
    paths = []
    for n, frame in enumerate(frames):
        paths.append(folder / f"frame{n:03d}.png")
        cv2.imwrite(str(paths[-1]), frame)
    return paths, cards, layout


class TestReplayContract(CardSourceContract):
    @pytest.fixture
    def rig(self, tmp_path: Path) -> Iterator[ReplayRig]:
        rig = ReplayRig(tmp_path)
        yield rig
        rig.close()


class TestSimCameraContract(CardSourceContract):
    @pytest.fixture
    def rig(self) -> Iterator[SimCameraRig]:
        rig = SimCameraRig()
        yield rig
        rig.close()


class TestCameraFramesContract(CardSourceContract):
    @pytest.fixture
    def rig(
        self, filmed: tuple[list[Path], list[Card], Path], tmp_path: Path
    ) -> Iterator[FramesFolderRig]:
        rig = FramesFolderRig(filmed, tmp_path / "frames")
        yield rig
        rig.close()
