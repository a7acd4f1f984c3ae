"""A card source that fails in its reader thread: the dealer sees it go, the table retries it and
sees it come back; a camera that goes away is opened again; a frame too small to read is said
once and the camera reads on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from fastapi.testclient import TestClient

from dealer_display.app import create_app
from drivers.base import CardSource, SourceEvent, now
from drivers.camera import CameraSource
from hardware_sim.camera import SimCamera
from table_controller.cards import parse_card
from table_controller.games import make_game
from table_controller.runtime import TableSession
from tests.dealer_display.conftest import LOOPBACK_CLIENT
from tests.dealer_display.live import display_settings


class BrokenOnce(CardSource):
    """A card source whose read raises a bug's exception once (as a recogniser might), then works."""

    simulated = True

    def __init__(self) -> None:
        super().__init__("sim://?seed=1")
        self.reads = 0
        self.reconnects = 0

    def _open(self) -> None:
        pass

    def _close(self) -> None:
        pass

    def _read_event_internal(self, timeout: float | None) -> SourceEvent | None:
        self.reads += 1
        if self.reads == 2:
            raise ZeroDivisionError("division by zero in a frame")
        time.sleep(min(timeout or 0.01, 0.01))
        return SourceEvent("heartbeat", self.url, now(), detail={}) if self.reads == 5 else None

    def reconnect(self) -> None:
        self.reconnects += 1


def wait_for(condition: Any, what: str, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, what
        time.sleep(0.02)


def test_a_failure_in_the_reader_thread_is_a_disconnect_then_a_retry() -> None:
    source = BrokenOnce()
    settings = display_settings(source.url)
    session = TableSession(make_game("missouri-city"), source_url=source.url)
    with TestClient(
        create_app(settings, session, source=source),
        client=LOOPBACK_CLIENT,
        base_url="http://127.0.0.1",
    ) as client:
        wait_for(
            lambda: session.hardware.counters["reconnected"] >= 1, "the source never came back"
        )
        wait_for(lambda: source.reads >= 5, "the feed stopped reading after the failure")
        hardware = client.get("/api/state").json()["state"]["hardware"]
    assert session.hardware.counters["disconnected"] == 1 and source.reconnects == 1
    gone = next(w for w in session.hardware.warnings if w["type"] == "disconnected")
    assert gone["reason"] == "ZeroDivisionError: division by zero in a frame"
    assert hardware["connected"] is True


class VideoAsDevice(CameraSource):
    """``camera://0`` played from a video file: when the video ends the "device" has gone away."""

    def __init__(self, video: Path, layout: Path) -> None:
        super().__init__(f"camera://0?layout={layout}&frames=2&confidence=0.5")
        self.video = video
        self.opened = 0

    def _open(self) -> None:
        self._capture = cv2.VideoCapture(str(self.video))
        self.opened += 1


def test_a_camera_that_goes_away_is_opened_again(tmp_path: Path) -> None:
    with SimCamera("sim-camera://?seed=25") as camera:
        camera.deal(parse_card("KH"), "S1")
        shots = [camera.frame() for _ in range(3)]
        camera.layout.save(tmp_path / "layout.json")
    video = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 10, (1280, 720))
    for shot in shots:
        writer.write(shot)
    writer.release()
    source = VideoAsDevice(video, tmp_path / "layout.json")
    source.open()  # a source handed to the app comes open
    settings = display_settings("sim://?seed=1", camera_url=None)
    session = TableSession(make_game("missouri-city"), source_url=source.url)
    with TestClient(
        create_app(settings, session, source=source),
        client=LOOPBACK_CLIENT,
        base_url="http://127.0.0.1",
    ):
        wait_for(
            lambda: source.opened >= 2 and session.hardware.counters["reconnected"] >= 1,
            "the camera was not opened again",
        )
    source.close()
    gone = next(w for w in session.hardware.warnings if w["type"] == "disconnected")
    assert "stopped giving pictures" in gone["reason"]


def filmed_king(tmp_path: Path) -> list[np.ndarray]:
    """Three frames of the simulated camera with the king of hearts on S1; its layout saved
    as tmp_path/layout.json."""
    with SimCamera("sim-camera://?seed=25") as camera:
        camera.deal(parse_card("KH"), "S1")
        shots = [camera.frame() for _ in range(3)]
        camera.layout.save(tmp_path / "layout.json")
    return shots


def read_folder(folder: Path, layout: Path) -> list:
    """The events camera:// gives for ``folder``'s frames, up to its end."""
    with CameraSource(f"camera://{folder}?layout={layout}&frames=2&confidence=0.5") as source:
        events = []
        while (event := source.read_event(timeout=30)) is not None and event.kind != "status":
            events.append(event)
    return events


def test_a_frame_too_small_to_read_is_said_once_and_the_camera_reads_on(tmp_path: Path) -> None:
    shots = filmed_king(tmp_path)
    folder = tmp_path / "frames"
    folder.mkdir()
    for i in range(2):
        cv2.imwrite(str(folder / f"a{i}.png"), np.zeros((2, 2, 3), np.uint8))
    for i, shot in enumerate(shots):
        cv2.imwrite(str(folder / f"b{i}.png"), shot)
    events = read_folder(folder, tmp_path / "layout.json")
    warnings = [e.detail for e in events if e.kind == "warning"]
    assert warnings == [
        {
            "reason": "unusable_frame",
            "why": "the camera's picture is 2x2 pixels: too small to show a card (at least 32)",
        }
    ]
    assert [(e.card.code, e.spot) for e in events if e.kind == "card"] == [("KH", "S1")]


def test_a_layout_calibrated_on_another_picture_size_is_said_once(tmp_path: Path) -> None:
    shots = filmed_king(tmp_path)
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, shot in enumerate(
        shots
    ):  # the camera now films at a larger size than it was calibrated at
        cv2.imwrite(str(folder / f"b{i}.png"), cv2.resize(shot, (1600, 900)))
    events = read_folder(folder, tmp_path / "layout.json")
    warnings = [e.detail for e in events if e.kind == "warning"]
    assert warnings == [
        {
            "reason": "layout_size",
            "why": "the camera's picture is 1600x900, the layout was calibrated on 1280x720: "
            "calibrate again (table vision calibrate)",
        }
    ]
    assert [e.card.code for e in events if e.kind == "card"] == ["KH"]  # the cards are still read
