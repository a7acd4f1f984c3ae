"""``camera://``: an overhead camera as a card source.

- ``camera://0`` a video device by number;
- ``camera:///path/video.mp4`` a recorded video;
- ``camera:///path/frames/`` a folder of still frames, read in name order.

Options: ``deck=DECK.json`` (an enrolled deck; without it any standard deck is read, less
surely), ``layout=LAYOUT.json`` (from ``table vision calibrate``; without it cards carry no
spot) and ``frames=N`` (how many consecutive frames a card must lie still before it counts,
default 3), ``confidence=`` (how sure a read must be to name a card) and ``incremental=``
(1, the default: a frame is read only where it changed since it was read, vision.incremental;
0: every frame whole). A live camera's frames the recogniser cannot keep up with are dropped,
the newest kept, and said (``warning``, ``frames_dropped``; drivers.camera_frames). A card
event carries the spot; a card seen but not read surely is an
``unreadable_card`` event (the dealer straightens it); a reported card that leaves is a
``warning`` with ``reason: card_gone``. The end of a video or folder is a ``status`` event.

A camera that goes away (unplugged, a video or folder that disappears) is a ``disconnected``
event; the source then tries it again, waiting ``reconnect_delay`` seconds at first and twice as
long after each failed try up to ``reconnect_max``, and says ``reconnected`` when it is back: a
live camera is opened again, a video goes on from the frame after the last one read, a folder
from the first frame named after it. Tracking carries on across the gap, so a card still lying
where it was is not reported again.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from drivers.base import CARD, CardSource, SourceEvent, now
from drivers.camera_frames import DropReport, FrameGrabber, Grabbed
from drivers.urls import SourceURL, float_option, int_option, split_source_url
from table_controller.cards import Card
from table_controller.errors import ConfigError, DriverError, DriverInitError, DriverIOError
from vision.calibration import Layout, load_layout
from vision.deck import Deck, load_deck
from vision.images import ImageError, check_frame
from vision.incremental import IncrementalReader
from vision.recogniser import CardGuess, Recogniser
from vision.tracking import GONE, SEEN, STILL_PIXELS, Sighting, SpotTracker

OPTIONS = {
    "deck": "an enrolled DECK.json",
    "layout": "a LAYOUT.json from 'table vision calibrate'",
    "frames": "frames a card must lie still before it counts, 1..30; default 3",
    "confidence": "how sure a read must be to name the card, 0..1; default the reader's calibrated threshold",
    "reconnect_delay": "seconds before a camera that went away is first tried again, default 0.5",
    "reconnect_max": "longest wait between tries in seconds, default 10",
    "incremental": "1 (default): read only the part of a frame that changed since it was read; 0: every frame whole",
}
IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp"})
WARM_UP_FRAMES = 5
LIVE_WAIT = 5.0  # seconds without a picture from a live camera before it counts as gone


class CameraSource(CardSource):
    """Frames in, card events out. Subclasses supply frames through :meth:`_next_frame`."""

    reads_incrementally = 1  # the default of ``incremental=``

    def __init__(self, url: str, options: dict[str, str] | None = None) -> None:
        super().__init__(url)
        parsed = split_source_url(url, options or OPTIONS)
        self._target = parsed.path
        deck = self._deck(parsed)
        confidence = (
            float_option(parsed, "confidence", -1.0, 0.0, 1.0)
            if "confidence" in parsed.options
            else None
        )
        self.recogniser = Recogniser(deck, confidence)
        # A still table is not read again, a card that lands is read in its part of the frame
        # (vision.incremental); incremental=0 reads every frame whole, as before.
        self.reader = (
            IncrementalReader(self.recogniser)
            if int_option(parsed, "incremental", self.reads_incrementally, 0, 1)
            else None
        )
        layout = self._layout(parsed)
        self.tracker = SpotTracker(layout, int_option(parsed, "frames", 3, 1, 30))
        self._whole = layout  # the calibrated layout, no place split among hands
        self._pending: deque[SourceEvent] = deque()
        self._seq = 0  # card events are numbered, as a shoe numbers its cards
        self._last_read: list[tuple[Card, tuple[float, float]]] = []
        self._ended = False
        self.captured_at = 0.0  # when the frame being read was filmed: its events' time
        self._capture: object | None = None
        self._files: deque[Path] = deque()
        self._target_is_folder = False
        self._bad_frame = ""  # the last unusable frame's fault, so it is reported once
        self._bad_layout = ""  # and the last layout that did not fit the frames
        self._first_delay = float_option(parsed, "reconnect_delay", 0.5, 0.01, 60)
        self._longest_delay = float_option(parsed, "reconnect_max", 10.0, 0.01, 600)
        self._gone: _Gone | None = None  # set while the camera is away
        self._frames_read = 0  # a video goes on from here after it comes back
        self._last_file = ""  # and a folder from the first frame named after this one
        # A live camera's frames are taken off it on a thread as they come, newest kept: the
        # frames read too slowly to keep up with are dropped, not queued (drivers.camera_frames).
        self._grabber: FrameGrabber | None = None
        self._dropped_before = 0  # frames dropped by grabbers of earlier connections
        self._drops = DropReport()

    def _deck(self, parsed: SourceURL) -> Deck | None:
        return load_deck(Path(parsed.options["deck"])) if "deck" in parsed.options else None

    def _layout(self, parsed: SourceURL) -> Layout | None:
        return load_layout(Path(parsed.options["layout"])) if "layout" in parsed.options else None

    def split_hands(self, hands: Mapping[str, Sequence[str]]) -> None:
        """Name the cards on each place of ``hands`` by the hand whose strip holds them: the
        calibrated place cut across, one strip per hand, left to right (a seat that split)."""
        if self._whole is not None:
            self.tracker.layout = self._whole.split(hands)

    def _open(self) -> None:
        import cv2

        target = self._target
        if target.isdigit():
            self._capture = cv2.VideoCapture(int(target))
        elif Path(target).is_dir():
            self._files = deque(sorted(_images(Path(target))))
            self._target_is_folder = True
            if not self._files:
                raise DriverInitError(f"{self.url}: the folder holds no images")
            return
        elif Path(target).is_file():
            self._capture = cv2.VideoCapture(target)
        else:
            raise ConfigError(
                f"{self.url}: no such device, video or folder {target!r}; "
                "e.g. camera://0, camera:///path/video.mp4, camera:///path/frames/"
            )
        if not self._capture.isOpened():  # type: ignore[attr-defined]
            raise DriverInitError(f"{self.url}: cannot open the camera or video")
        if target.isdigit():
            self._start_grabbing()

    def _start_grabbing(self) -> None:
        """Take the live camera's frames on a thread from now on, the newest kept."""
        self._grabber = FrameGrabber(self._capture.read).start()  # type: ignore[attr-defined]

    @property
    def frames_dropped(self) -> int:
        """Live frames replaced by a newer one before the recogniser got to them, since opened."""
        return self._dropped_before + (self._grabber.slot.dropped if self._grabber else 0)

    def _close(self) -> None:
        if self._grabber is not None:
            self._grabber.stop()
            self._dropped_before += self._grabber.slot.dropped
            self._grabber = None
        if self._capture is not None:
            self._capture.release()  # type: ignore[attr-defined]
            self._capture = None

    def _next_frame(self) -> np.ndarray | None:
        """The next frame, or None at the end of a video or folder."""
        import cv2

        if self._files:
            path = self._files.popleft()
            frame = cv2.imread(str(path))
            if frame is None:
                if not path.exists():
                    self._files.appendleft(path)  # read it when the folder is back
                    raise DriverIOError(
                        f"{self.url}: the folder of frames went away ({path.name} is gone)"
                    )
                raise DriverIOError(f"{self.url}: cannot read frame {path.name}")
            self._last_file = path.name
            return frame
        if self._grabber is not None:
            return self._grabbed()
        if self._capture is None:
            return None
        if not self._target.isdigit() and not Path(self._target).exists():
            raise DriverIOError(f"{self.url}: the video went away")
        ok, frame = self._capture.read()  # type: ignore[attr-defined]
        if not ok and self._target.isdigit():  # a live camera has no end: it went away
            raise DriverIOError(f"{self.url}: the camera stopped giving pictures (unplugged?)")
        self._frames_read += ok
        return frame if ok else None

    def _grabbed(self) -> np.ndarray:
        """The live camera's newest frame; its filming time is the events' time. Frames dropped
        since it was last said are said (``warning``, ``frames_dropped``), at most every 10 s."""
        assert self._grabber is not None
        got = self._grabber.slot.take(LIVE_WAIT)
        if not isinstance(got, Grabbed):
            raise DriverIOError(f"{self.url}: {got or f'no picture for {LIVE_WAIT:g} s'}")
        self.captured_at = got.at
        detail = self._drops.due(self.frames_dropped, got.at)
        if detail is not None:
            detail |= {
                "reason": "frames_dropped",
                "why": f"{detail['dropped']} frames dropped: the recogniser cannot keep up with the camera",
            }
            self._pending.append(SourceEvent("warning", self.url, got.at, detail=detail))
        return got.frame

    def reconnect(self) -> None:
        """Open the camera, video or folder again where it was left.

        Raises:
            DriverError: it is not back yet; try again later.
        """
        import cv2

        self._close()
        if self._target_is_folder:
            if not Path(self._target).is_dir():
                raise DriverIOError(f"{self.url}: the folder of frames is not back yet")
            self._files = deque(
                sorted(p for p in _images(Path(self._target)) if p.name > self._last_file)
            )
        elif self._target.isdigit() or Path(self._target).is_file():
            self._open()
            if not self._target.isdigit():
                self._capture.set(cv2.CAP_PROP_POS_FRAMES, self._frames_read)  # type: ignore[attr-defined]
        else:
            raise DriverIOError(f"{self.url}: the video is not back yet")
        self._gone = None

    def grab_frame(self) -> np.ndarray:
        """The camera's next picture as it is, no cards read: what a technician marks the
        layout's corners on (``table vision calibrate --camera URL --serve``).

        Raises:
            DriverIOError: the camera gave no picture (a video or folder at its end).
        """
        self.open()
        if self._grabber is not None:
            for _ in range(
                WARM_UP_FRAMES
            ):  # a webcam's first frames are dark while its exposure settles
                self._grabber.slot.take(LIVE_WAIT)
        frame = self._next_frame()
        if frame is None:
            raise DriverIOError(f"{self.url}: the camera gave no picture")
        return frame

    def _read_event_internal(self, timeout: float | None) -> SourceEvent | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._pending:
            if self._ended or (deadline is not None and time.monotonic() >= deadline):
                return None
            if self._gone is not None:
                self._try_again(deadline)
                continue
            try:
                self.process_frame()
            except DriverIOError as exc:
                self._went_away(exc)
        return self._pending.popleft()

    def _went_away(self, exc: DriverIOError) -> None:
        """The camera stopped giving pictures: say so, and try it again after a while."""
        self._close()
        self._gone = _Gone(time.monotonic() + self._first_delay, self._first_delay)
        self._pending.append(
            SourceEvent("disconnected", self.url, now(), detail={"reason": str(exc)})
        )

    def _try_again(self, deadline: float | None) -> None:
        """Wait for the next try (no longer than ``deadline``), then try to get the camera back."""
        gone = self._gone
        assert gone is not None
        wait = gone.retry_at - time.monotonic()
        if wait > 0:
            time.sleep(
                wait if deadline is None else max(0.0, min(wait, deadline - time.monotonic()))
            )
            return
        try:
            self.reconnect()
        except DriverError:
            delay = min(2 * gone.delay, self._longest_delay)
            self._gone = _Gone(time.monotonic() + delay, delay)
            return
        self._pending.append(
            SourceEvent("reconnected", self.url, now(), detail={"target": self._target})
        )

    def process_frame(self) -> None:
        """Read one frame and queue the events it completes."""
        self.captured_at = now()
        frame = self._next_frame()
        if frame is not None:
            try:
                frame = check_frame(frame, "the camera's picture")
            except ImageError as exc:  # said once per kind of fault, not on every frame
                if str(exc) != self._bad_frame:
                    self._bad_frame = str(exc)
                    self._pending.append(
                        SourceEvent(
                            "warning",
                            self.url,
                            now(),
                            detail={"reason": "unusable_frame", "why": str(exc)},
                        )
                    )
                return
            self._bad_frame = ""
            overhead = self._overhead(frame)
            read = (
                self.reader.read(frame, overhead)
                if self.reader
                else self.recogniser.recognise(frame, overhead)
            )
            guesses, lent = self._steady(read)
            for sighting in self.tracker.update(guesses, lent):
                self._pending.append(self._event(sighting))
        if frame is None or (self._capture is None and not self._files and self._target_is_folder):
            self._ended = True  # a folder's end is known with its last frame, a video's after it
            self._pending.append(
                SourceEvent("status", self.url, now(), detail={"state": "end_of_frames"})
            )

    def _overhead(self, frame: np.ndarray) -> np.ndarray | None:
        """How the calibrated layout lies in ``frame`` (:meth:`Layout.overhead`), so a card found
        by its index alone is laid out as it lies on the table; None without a layout, or for
        a frame of another size than the one calibrated (said once: calibrate again)."""
        layout = self.tracker.layout
        if layout is None:
            return None
        misfit = layout.misfit(frame)
        if misfit is not None:
            why = f"the camera's picture is {misfit}: calibrate again (table vision calibrate)"
            if why != self._bad_layout:
                self._bad_layout = why
                self._pending.append(
                    SourceEvent(
                        "warning", self.url, now(), detail={"reason": "layout_size", "why": why}
                    )
                )
            return None
        self._bad_layout = ""
        return layout.overhead()

    def _steady(self, guesses: list[CardGuess]) -> tuple[list[CardGuess], set[int]]:
        """A card read before that lies in the same place but cannot be read now (glare, a
        shadow, a hand over its corner) is still that card, so a flickering read is not
        reported as the card leaving and coming back. Returns the guesses and which of them
        were lent their name: the tracker keeps such a card, and counts the frame for it only
        once it was read in two frames (one sure but wrong read must not stand for the frames
        after it: :data:`vision.tracking.LENDS_AFTER_READS`)."""
        read_now = {g.card for g in guesses if g.card is not None}
        out, lent = [], set()
        for guess in guesses:
            if guess.card is None:
                known = next(
                    (
                        card
                        for card, centre in self._last_read
                        if card not in read_now and _distance(centre, guess.centre) <= STILL_PIXELS
                    ),
                    None,
                )
                if known is not None:
                    guess = replace(guess, card=known)
                    lent.add(len(out))
            out.append(guess)
        self._last_read = [(g.card, g.centre) for g in out if g.card is not None]
        return out, lent

    def _event(self, sighting: Sighting) -> SourceEvent:
        """The event a sighting makes, timed when its last frame was filmed (a witness judges
        it against the layout of that moment, not of when the frame was read)."""
        at = self.captured_at
        detail = {
            "confidence": round(sighting.confidence, 3),
            "centre": [round(v, 1) for v in sighting.centre],
        }
        if sighting.kind == SEEN:
            self._seq += 1
            return SourceEvent(
                CARD,
                self.url,
                at,
                card=sighting.card,
                seq=self._seq,
                spot=sighting.spot,
                detail=detail,
            )
        if sighting.kind == GONE:
            detail |= {"reason": "card_gone", "card": sighting.card.code if sighting.card else None}
            return SourceEvent("warning", self.url, at, spot=sighting.spot, detail=detail)
        return SourceEvent("unreadable_card", self.url, at, spot=sighting.spot, detail=detail)


@dataclass(frozen=True, slots=True)
class _Gone:
    """A camera that went away: when to try it next, and how long the last wait was."""

    retry_at: float
    delay: float


def _images(folder: Path) -> list[Path]:
    """The folder's image files; none when the folder is gone."""
    try:
        return [p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES]
    except OSError:
        return []


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
