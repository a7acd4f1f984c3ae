"""A live camera's frames the recogniser cannot keep up with are dropped, newest kept, and said:
a frame read late is the table as it was, and a queue of them falls further behind."""

from __future__ import annotations

import threading

import numpy as np

from drivers.camera import CameraSource
from drivers.camera_frames import DropReport, FrameGrabber, Grabbed, LatestFrame
from hardware_sim.camera import SimCamera
from table_controller.cards import parse_card


def test_the_newest_frame_wins_and_each_replaced_frame_is_counted() -> None:
    slot = LatestFrame()
    for n in range(3):
        slot.put(np.full((2, 2), n, np.uint8), at=float(n))
    got = slot.take(timeout=1)
    assert isinstance(got, Grabbed) and got.frame[0, 0] == 2 and got.at == 2.0
    assert slot.dropped == 2
    assert slot.take(timeout=0.01) is None  # nothing new: nothing, not the old frame again
    slot.fail("unplugged")
    assert slot.take(timeout=1) == "unplugged"


def test_drops_are_said_on_the_first_then_at_most_every_ten_seconds_with_the_count() -> None:
    report = DropReport(every=10)
    assert report.due(0, at=0) is None
    assert report.due(1, at=1) == {"dropped": 1, "total": 1}
    assert report.due(40, at=5) is None  # said 4 s ago
    assert report.due(41, at=11.5) == {"dropped": 40, "total": 41}
    assert report.due(41, at=30) is None  # none since


class ScriptedCamera:
    """A camera that gives its frames as fast as they are asked for, then stops (unplugged)."""

    def __init__(self, frames: list[np.ndarray]) -> None:
        self.frames = list(frames)
        self.lock = threading.Lock()

    def read(self) -> tuple[bool, np.ndarray | None]:
        with self.lock:
            return (True, self.frames.pop(0)) if self.frames else (False, None)

    def release(self) -> None:
        self.frames = []


def live_source(frames: list[np.ndarray]) -> CameraSource:
    """camera://0 with a scripted device in place of the video device, every frame grabbed before
    the recogniser reads one (as when it reads far slower than the camera films)."""
    source = CameraSource("camera://0?confidence=0.5&frames=1")
    source._capture = ScriptedCamera(frames)  # the device is what is replaced
    source._start_grabbing()
    assert source._grabber.finished(wait=30)  # every frame taken off the camera
    return source


def test_a_camera_faster_than_the_recogniser_has_its_frames_dropped_and_says_so() -> None:
    with SimCamera("sim-camera://?seed=25") as camera:
        empty = [camera.frame() for _ in range(4)]
        camera.deal(parse_card("KH"), "S1")
        dealt = camera.frame()
    source = live_source([*empty, dealt])
    source.process_frame()  # one frame read: the newest, the king lies there
    source._grabber.slot.put(dealt, at=1.0)  # and the camera's next, read in time
    source.process_frame()  # the king still there: it counts
    events = list(source._pending)
    assert [e.kind for e in events] == ["warning", "card"]
    assert events[0].detail["reason"] == "frames_dropped"
    assert events[0].detail["dropped"] == 4 and events[0].detail["total"] == 4
    assert events[1].card == parse_card("KH")
    assert source.frames_dropped == 4
    # then the camera is gone (it stopped giving pictures): said as a disconnection
    source._pending.clear()
    assert source.read_event(timeout=5).kind == "disconnected"
    assert source.frames_dropped == 4  # counted across connections
    source.close()


def test_a_recogniser_that_keeps_up_drops_nothing_and_says_nothing() -> None:
    with SimCamera("sim-camera://?seed=25") as camera:
        camera.deal(parse_card("KH"), "S1")
        frame = camera.frame()
    grabber = FrameGrabber(ScriptedCamera([frame]).read).start()
    assert grabber.finished(wait=30)
    assert isinstance(grabber.slot.take(timeout=1), Grabbed)
    assert grabber.slot.dropped == 0
