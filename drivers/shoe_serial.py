"""``serial://``: a smart shoe on a serial line, speaking ``docs/shoe-protocol.md``.

Ports are opened with :func:`serial.serial_for_url`, so a device path and pyserial's own URLs
both work: ``serial:///dev/ttyUSB0?baud=9600``, ``serial://?url=loop://``,
``serial://?url=socket://bench:7777``. A reader thread moves bytes into the framer and
reacts as :class:`~drivers.shoe_session.ShoeSession` says. A pulled cable is a
``disconnected`` event; the thread then reopens the port with capped exponential back-off,
reports ``reconnected`` and resumes by sequence number, so no card is lost or doubled.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time

import serial

from drivers.base import CardSource, SourceEvent, now
from drivers.shoe_protocol import HostMessage, Lock, ShoeFramer, StatusRequest, Unlock, encode
from drivers.shoe_session import Reaction, ShoeSession
from drivers.urls import float_option, int_option, split_source_url
from table_controller.errors import ConfigError, DriverInitError

LOG = logging.getLogger(__name__)

OPTIONS = {
    "baud": "line rate, default 9600",
    "url": "a pyserial URL instead of a device path, e.g. loop:// or socket://host:port",
    "reconnect_delay": "first back-off in seconds, default 0.5",
    "reconnect_max": "back-off cap in seconds, default 10",
    "silence": "seconds without a byte before a warning, default 5",
}
LINE_ERRORS = (serial.SerialException, OSError)


class SerialShoe(CardSource):
    simulated = False

    def __init__(self, url: str) -> None:
        super().__init__(url)
        parsed = split_source_url(url, OPTIONS)
        if bool(parsed.path) == ("url" in parsed.options):
            raise ConfigError(
                f"{url!r}: give a device path (serial:///dev/ttyUSB0) or url= "
                "(serial://?url=loop://), exactly one"
            )
        self.port_url = parsed.options.get("url") or parsed.path
        self.baud = int_option(parsed, "baud", 9600, 50, 4_000_000)
        self.reconnect_delay = float_option(parsed, "reconnect_delay", 0.5, 0.01, 60)
        self.reconnect_max = float_option(parsed, "reconnect_max", 10.0, 0.01, 600)
        self.silence = float_option(parsed, "silence", 5.0, 0.1, 3600)
        self._events: queue.Queue[SourceEvent] = queue.Queue()
        self._session = ShoeSession(url)
        self._framer = ShoeFramer()
        self._noise_reported = 0
        self._port: serial.SerialBase | None = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # ---- CardSource hooks ------------------------------------------------------------------

    def _open(self) -> None:
        try:
            self._port = self._connect()
        except ValueError as exc:  # pyserial's "protocol not known": the URL is wrong
            raise ConfigError(
                f"cannot open shoe port {self.port_url!r}: {exc} (check --cards)"
            ) from exc
        except LINE_ERRORS as exc:
            raise DriverInitError(
                f"cannot open shoe port {self.port_url!r} ({_why(exc)}): "
                "is the shoe plugged in and switched on? (check --cards)"
            ) from exc
        self._send(self._session.connected(time.monotonic()))
        self._thread = threading.Thread(
            target=self._run, name=f"shoe-reader {self.port_url}", daemon=True
        )
        self._thread.start()

    def _close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._drop_port()

    def _read_event_internal(self, timeout: float | None) -> SourceEvent | None:
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def set_locked(self, locked: bool) -> None:
        """Sent at once, and again after every reconnection."""
        self._session.locked = locked
        self._send([Lock() if locked else Unlock()])

    # ---- the port --------------------------------------------------------------------------

    def _connect(self) -> serial.SerialBase:
        return serial.serial_for_url(
            self.port_url, baudrate=self.baud, timeout=0.05, write_timeout=1.0
        )

    def _drop_port(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except LINE_ERRORS:
                pass

    def _send(self, messages: list[HostMessage]) -> None:
        """Write to the shoe; a failure is left for the reader thread to notice."""
        with self._write_lock:
            port = self._port
            if port is None:
                return
            try:
                port.write(b"".join(encode(m) for m in messages))
            except LINE_ERRORS as exc:
                LOG.debug("write to %s failed: %s", self.port_url, exc)

    def _emit(self, kind: str, **detail: object) -> None:
        self._events.put(SourceEvent(kind, self.url, now(), detail=detail))

    # ---- the reader thread -----------------------------------------------------------------

    def _run(self) -> None:
        last_byte = time.monotonic()
        warned = False
        while not self._stop.is_set():
            if self._port is None:
                self._reconnect()
                last_byte, warned = time.monotonic(), False
                continue
            try:
                data = self._port.read(max(1, self._port.in_waiting))
            except LINE_ERRORS as exc:
                self._lost(exc)
                continue
            at = time.monotonic()
            if data:
                last_byte, warned = at, False
                self._feed(data, at)
            elif at - last_byte > 0.05:
                self._report_noise()
            if not data and not warned and at - last_byte > self.silence:
                warned = True
                self._emit("warning", reason=f"the shoe has been silent for {self.silence:g} s")
                self._send([StatusRequest()])
            self._react(self._session.tick(at))

    def _feed(self, data: bytes, at: float) -> None:
        counters = self._framer.counters
        bad_before = counters.bad_frames
        messages = self._framer.feed(data)
        if messages or counters.bad_frames != bad_before:
            self._report_noise()  # noise arrives in dribs; report it once, before what follows
        if counters.bad_frames != bad_before:
            self._emit(
                "bad_frame",
                reason=self._framer.last_problem,
                count=counters.bad_frames - bad_before,
            )
        for message in messages:
            self._react(self._session.handle(message, at))  # type: ignore[arg-type]

    def _report_noise(self) -> None:
        noise = self._framer.counters.noise_bytes - self._noise_reported
        if noise:
            self._noise_reported += noise
            self._emit("bad_frame", reason="noise between frames", noise_bytes=noise)

    def _react(self, reaction: Reaction) -> None:
        if reaction.replies:
            self._send(reaction.replies)
        for event in reaction.events:
            self._events.put(event)

    def _lost(self, exc: Exception) -> None:
        with self._write_lock:
            self._drop_port()
        self._emit("disconnected", reason=str(exc))

    def _reconnect(self) -> None:
        delay = self.reconnect_delay
        while not self._stop.wait(delay):
            try:
                port = self._connect()
            except LINE_ERRORS:
                delay = min(delay * 2, self.reconnect_max)
                continue
            with self._write_lock:
                self._port = port
            self._emit("reconnected", port=self.port_url)
            self._send(self._session.connected(time.monotonic()))
            return


def _why(exc: Exception) -> str:
    """The system's words for a port that would not open ("No such file or directory"), not
    pyserial's sentence that repeats the port twice."""
    errno_ = getattr(exc, "errno", None)
    if isinstance(errno_, int) and errno_ > 0:
        return os.strerror(errno_)
    return str(exc)
