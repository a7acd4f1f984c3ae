"""A live camera's frames, newest first: frames the recogniser cannot keep up with are dropped.

A camera gives 30 frames a second whether or not they are read. Queued, a frame read late is
a picture of the table as it was a while ago, and the delay grows while dealing is busy; so a
thread takes every frame off the camera as it comes (a device's own buffer would otherwise hold
stale ones) and keeps only the newest: latest frame wins. Every frame replaced unread is
counted, and :class:`drivers.camera.CameraSource` says so (``warning``, ``frames_dropped``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class Grabbed:
    """A frame and when it was filmed (the time its events carry)."""

    frame: np.ndarray
    at: float


class LatestFrame:
    """One slot: :meth:`put` replaces a frame not yet taken (and counts it dropped), :meth:`take`
    waits for the next. Safe between one putting thread and one taking thread."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._frame: Grabbed | None = None
        self._failure: str | None = None
        self.dropped = 0  # frames replaced before they were taken, since the slot was made

    def put(self, frame: np.ndarray, at: float) -> None:
        with self._ready:
            self.dropped += self._frame is not None
            self._frame = Grabbed(frame, at)
            self._ready.notify()

    def fail(self, why: str) -> None:
        """The camera stopped giving pictures: the taker hears ``why`` once the last frame is taken."""
        with self._ready:
            self._failure = why
            self._ready.notify()

    def take(self, timeout: float) -> Grabbed | str | None:
        """The newest frame not yet taken; the failure's reason once the camera stopped and no
        frame is left; None when none came within ``timeout`` seconds."""
        with self._ready:
            self._ready.wait_for(
                lambda: self._frame is not None or self._failure is not None, timeout
            )
            frame, self._frame = self._frame, None
            return frame if frame is not None else self._failure


class FrameGrabber:
    """Reads ``read()`` (OpenCV's ``VideoCapture.read``: ok and a frame) on its own thread into a
    :class:`LatestFrame` until stopped or the camera gives no picture."""

    def __init__(
        self,
        read: Callable[[], tuple[bool, np.ndarray | None]],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.slot = LatestFrame()
        self._read = read
        self._clock = clock
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="camera-frames", daemon=True)

    def start(self) -> FrameGrabber:
        self._thread.start()
        return self

    def stop(self, wait: float = 2.0) -> None:
        self._stop.set()
        self._thread.join(wait)

    def finished(self, wait: float | None = None) -> bool:
        """Whether the thread has ended (the camera stopped, or :meth:`stop`), waiting up to ``wait``."""
        self._thread.join(wait)
        return not self._thread.is_alive()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                ok, frame = self._read()
            except Exception as exc:  # any fault of the device ends its pictures
                self.slot.fail(f"the camera failed: {exc}")
                return
            if not ok or frame is None:
                self.slot.fail("the camera stopped giving pictures (unplugged?)")
                return
            self.slot.put(frame, self._clock())


class DropReport:
    """When to say that frames were dropped: on the first, then at most every ``every`` seconds,
    with how many since it was last said (a busy table drops steadily; one line a while will do)."""

    def __init__(self, every: float = 10.0) -> None:
        self.every = every
        self._said_total = 0
        self._said_at: float | None = None

    def due(self, total: int, at: float) -> dict[str, int] | None:
        """The warning's detail (``dropped`` since last said, ``total``) when it is due, else None."""
        if total <= self._said_total or (
            self._said_at is not None and at - self._said_at < self.every
        ):
            return None
        detail = {"dropped": total - self._said_total, "total": total}
        self._said_total, self._said_at = total, at
        return detail
