"""camera:// gets its pictures back after the camera goes away, as the serial shoe does: a folder
of frames or a video that disappears is a ``disconnected`` event, and when it is back a
``reconnected`` one, then the frames after the last one read."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from drivers.base import CARD, SourceEvent
from drivers.camera import CameraSource
from hardware_sim.camera import SimCamera
from table_controller.cards import parse_card

# The simulated camera lights every frame anew (its light and glare jump), which a live reader
# takes for something still moving and waits on (vision.incremental): these frames are read whole.
FAST = "reconnect_delay=0.01&reconnect_max=0.05&confidence=0.5&incremental=0"


def filmed(tmp_path: Path) -> tuple[list[np.ndarray], list[np.ndarray], Path]:
    """Frames of the KH alone, then of the KH and the 5C."""
    with SimCamera("sim-camera://?seed=25") as camera:
        camera.deal(parse_card("KH"), "S1")
        first = [camera.frame() for _ in range(3)]
        camera.deal(parse_card("5C"), "green.col1")
        second = [camera.frame() for _ in range(3)]
        camera.layout.save(tmp_path / "layout.json")
    return first, second, tmp_path / "layout.json"


def next_event(source: CameraSource, kinds: set[str]) -> list[SourceEvent]:
    """Events up to and including the first of ``kinds`` (each read waits at most 30 s)."""
    events = []
    while (event := source.read_event(timeout=30)) is not None:
        events.append(event)
        if event.kind in kinds:
            return events
    raise AssertionError(f"no {kinds} event; got {[e.kind for e in events]}")


def test_a_folder_that_goes_away_and_comes_back_is_read_on_from_where_it_stopped(
    tmp_path: Path,
) -> None:
    first, second, layout = filmed(tmp_path)
    folder, away = tmp_path / "frames", tmp_path / "unplugged"
    folder.mkdir()
    for i, shot in enumerate([*first, *second]):
        cv2.imwrite(str(folder / f"frame{i:03d}.png"), shot)
    with CameraSource(f"camera://{folder}?layout={layout}&{FAST}") as source:
        seen = next_event(source, {CARD})
        assert [(e.kind, e.card.code) for e in seen] == [("card", "KH")]
        folder.rename(away)
        assert (
            next_event(source, {"disconnected"})[-1]
            .detail["reason"]
            .endswith("went away (frame003.png is gone)")
        )
        assert source.read_event(timeout=0.2) is None  # still away: nothing, and no end of frames
        away.rename(folder)
        rest = next_event(source, {"status"})
    assert next(e.kind for e in rest) == "reconnected"
    # the KH still lies there: not read again; the 5C is read from the frames after the gap
    assert [(e.kind, e.card.code if e.card else None) for e in rest[1:]] == [
        ("card", "5C"),
        ("status", None),
    ]


def test_a_video_that_goes_away_and_comes_back_goes_on_after_the_last_frame_read(
    tmp_path: Path,
) -> None:
    first, second, layout = filmed(tmp_path)
    video, away = tmp_path / "table.avi", tmp_path / "away.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 10, (1280, 720))
    for shot in [*first, *second]:
        writer.write(shot)
    writer.release()
    with CameraSource(f"camera://{video}?layout={layout}&{FAST}") as source:
        assert [e.card.code for e in next_event(source, {CARD})] == ["KH"]
        video.rename(away)
        gone = next_event(source, {"disconnected"})
        assert gone[-1].detail["reason"].endswith("the video went away")
        away.rename(video)
        rest = next_event(source, {"status"})
    assert rest[0].kind == "reconnected"
    assert [(e.kind, e.card.code if e.card else None) for e in rest[1:]] == [
        ("card", "5C"),
        ("status", None),
    ]
