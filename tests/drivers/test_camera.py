"""camera:// over a folder of frames and a video file (frames rendered by the simulator)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from drivers.base import CARD
from drivers.camera import CameraSource
from drivers.registry import open_source
from hardware_sim.camera import SimCamera
from table_controller.cards import parse_card
from table_controller.errors import ConfigError, DriverInitError


def record(tmp_path: Path, frames: int = 4) -> tuple[list[np.ndarray], Path]:
    with SimCamera("sim-camera://?seed=25") as camera:
        camera.deal(parse_card("KH"), "S1")
        camera.deal(parse_card("5C"), "green.col1")
        shots = [camera.frame() for _ in range(frames)]
        camera.layout.save(tmp_path / "layout.json")
    return shots, tmp_path / "layout.json"


def drain(source: CameraSource) -> list:
    events = []
    while (event := source.read_event(timeout=30)) is not None:
        events.append(event)
        if event.kind == "status":
            break
    return events


def test_a_folder_of_frames_gives_card_events_with_spots(tmp_path: Path) -> None:
    shots, layout = record(tmp_path)
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, shot in enumerate(shots):
        cv2.imwrite(str(folder / f"frame{i:03d}.png"), shot)
    with open_source(f"camera://{folder}?layout={layout}&confidence=0.5") as source:
        events = drain(source)
    cards = {(e.card.code, e.spot) for e in events if e.kind == CARD}
    assert cards == {("KH", "S1"), ("5C", "green.col1")}
    assert events[-1].kind == "status" and events[-1].detail["state"] == "end_of_frames"


def test_a_video_file_gives_the_same_cards(tmp_path: Path) -> None:
    shots, layout = record(tmp_path, frames=5)
    video = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 10, (1280, 720))
    for shot in shots:
        writer.write(shot)
    writer.release()
    with CameraSource(f"camera://{video}?layout={layout}&frames=3&confidence=0.5") as source:
        cards = {(e.card.code, e.spot) for e in drain(source) if e.kind == CARD}
    assert cards == {("KH", "S1"), ("5C", "green.col1")}


def test_a_blank_card_is_an_unreadable_card_event(tmp_path: Path) -> None:
    frame = np.full((720, 1280, 3), (40, 95, 35), np.uint8)
    cv2.fillPoly(
        frame, [np.int32([[600, 200], [740, 210], [730, 400], [590, 390]])], (240, 240, 240)
    )
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i}.png"), frame)
    with CameraSource(f"camera://{tmp_path}") as source:
        events = drain(source)
    assert [e.kind for e in events] == ["unreadable_card", "status"]
    assert events[0].spot is None  # no layout given


def test_missing_target_and_empty_folder_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such device, video or folder"):
        open_source(f"camera://{tmp_path}/nope.mp4")
    with pytest.raises(DriverInitError, match="holds no images"):
        open_source(f"camera://{tmp_path}")
    with pytest.raises(ConfigError, match="no option 'fps'"):
        CameraSource("camera://0?fps=30")


def blank_cards(frame: np.ndarray, camera: SimCamera) -> np.ndarray:
    """The same frame with every card's face washed out (glare): outlines stay, indices go."""
    out = frame.copy()
    for guess in camera.recogniser.recognise(frame):
        corners = np.float32(guess.corners)
        inset = corners + 0.12 * (np.float32(guess.centre) - corners)
        cv2.fillPoly(out, [np.int32(inset)], (245, 245, 245))
    return out


def test_a_card_that_reads_for_a_moment_as_unreadable_is_not_reported_gone(tmp_path: Path) -> None:
    with SimCamera("sim-camera://?seed=25") as camera:
        camera.deal(parse_card("KH"), "S1")
        clean = [camera.frame() for _ in range(7)]
        camera.layout.save(tmp_path / "layout.json")
        washed = [blank_cards(frame, camera) for frame in clean[3:7]]
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, shot in enumerate([*clean[:3], *washed, *clean[:3]]):
        cv2.imwrite(str(folder / f"frame{i:03d}.png"), shot)
    with open_source(
        f"camera://{folder}?layout={tmp_path / 'layout.json'}&confidence=0.5"
    ) as source:
        events = drain(source)
    assert [(e.kind, e.card.code if e.card else None) for e in events] == [
        ("card", "KH"),
        ("status", None),
    ]


def test_a_camera_beside_the_table_reads_a_dealt_hand_through_its_layouts_calibration(
    tmp_path: Path,
) -> None:
    # A blackjack hand dealt overlapping, filmed 60 degrees off overhead (the table's depth
    # shortened to half): its cards are found by their indices alone. The layout file says how
    # the table lies in the picture, and the driver lays each index's window out on the table.
    from vision.staged import hand, layout_seen, stage

    rng = np.random.default_rng(21)
    scene = stage(hand(4, rng), "stepped", "felt", rng, slant=0.5)
    layout_seen(0.5).save(tmp_path / "layout.json")
    folder = tmp_path / "frames"
    folder.mkdir()
    for i in range(3):
        cv2.imwrite(str(folder / f"frame{i}.png"), scene.image)
    read = {}
    for how, options in (("calibrated", f"?layout={tmp_path / 'layout.json'}"), ("square", "")):
        with CameraSource(f"camera://{folder}{options}") as source:
            read[how] = {e.card for e in drain(source) if e.kind == CARD}
    assert read["calibrated"] == set(scene.cards), read
    assert len(read["square"]) <= 1 and read["square"] <= set(scene.cards), read
