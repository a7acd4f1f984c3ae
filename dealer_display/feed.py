"""The card source's reader thread: blocking reads stay here, the table's loop gets the events.

The thread only moves :class:`drivers.base.SourceEvent` values from the source into the
asyncio loop with ``call_soon_threadsafe``; everything else (the rules, the log, the pushes)
runs on the loop, one event at a time (:class:`table_controller.running.RunningTable`).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from drivers.base import CardSource, SourceEvent, now
from table_controller.errors import DriverError

LOG = logging.getLogger(__name__)
POLL_SECONDS = 0.1
RETRY_FIRST, RETRY_LONGEST = 0.5, 10.0  # seconds between tries to get a failed source back

Deliver = Callable[[SourceEvent], None]


class CardFeed:
    """Reads ``source`` on its own thread and delivers each event on ``loop``."""

    def __init__(
        self, source: CardSource, loop: asyncio.AbstractEventLoop, deliver: Deliver
    ) -> None:
        self.source = source
        self._loop = loop
        self._deliver = deliver
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="card-feed", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop reading; returns once the thread has finished. Safe to call twice."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                event = self.source.read_event(timeout=POLL_SECONDS)
            except Exception as exc:  # any failure: the dealer sees the source go, we retry it
                reason = (
                    str(exc) if isinstance(exc, DriverError) else f"{type(exc).__name__}: {exc}"
                )
                LOG.warning("card source %s failed: %s", self.source.url, reason)
                self._hand_over(
                    SourceEvent("disconnected", self.source.url, now(), detail={"reason": reason})
                )
                if not self._reconnect():
                    return
                continue
            if event is not None:
                self._hand_over(event)

    def _reconnect(self) -> bool:
        """Retry the source, waiting longer each time, until it is back or the feed stops."""
        delay = RETRY_FIRST
        while not self._stop.wait(delay):
            try:
                self.source.reconnect()
            except Exception as exc:  # still gone: wait longer
                LOG.info("card source %s not back yet: %s", self.source.url, exc)
                delay = min(RETRY_LONGEST, delay * 2)
                continue
            self._hand_over(SourceEvent("reconnected", self.source.url, now(), detail={}))
            return True
        return False

    def _hand_over(self, event: SourceEvent) -> None:
        try:
            self._loop.call_soon_threadsafe(self._deliver, event)
        except RuntimeError:  # the loop closed while we were reading: the table is stopping
            self._stop.set()
