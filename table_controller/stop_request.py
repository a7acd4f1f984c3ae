"""Ctrl-C as a request to stop, not a ``KeyboardInterrupt`` at whatever line was running.

``table run`` spends up to a second reading its command line, importing and building the
display before uvicorn installs its own SIGINT handler, and uvicorn raises the signal again once
it has shut down. With Python's handler, a Ctrl-C in those moments interrupted whatever was
running: exit 130, a traceback, "internal error" (inside pydantic's schema building), a
"coroutine never awaited" warning (inside ``asyncio.run``), or a silent death by SIGINT. While a
:class:`StopRequest` is installed the signal is only marked, and the server told once there is
one: a served table stops as it does from Ctrl-C while serving (source and hand log closed) and
exits 0; ``table``'s own reading of the command line exits 130 once its imports are done.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any, Protocol


class Stoppable(Protocol):
    should_exit: bool  # uvicorn.Server's flag: its main loop checks it every 0.1 s


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)  # Ctrl-C, and a service manager's stop


class StopRequest:
    """SIGINT or SIGTERM, while installed, asks the attached server to stop instead of raising
    (SIGINT) or ending the process where it stands (SIGTERM: the hand log left open, no word
    that the table stopped)."""

    def __init__(self) -> None:
        self.requested = False
        self._server: Stoppable | None = None
        self._previous: dict[int, Any] = {}
        self._installed = False

    def __enter__(self) -> StopRequest:
        # signals reach only the main thread's handlers; elsewhere (a test's thread) do nothing
        if threading.current_thread() is threading.main_thread():
            self._previous = {sig: signal.signal(sig, self._on_signal) for sig in STOP_SIGNALS}
            self._installed = True
        return self

    def __exit__(self, *_exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        if self._installed:
            for sig, previous in self._previous.items():
                signal.signal(sig, previous)
            self._installed = False

    def attach(self, server: Stoppable) -> None:
        """From now on a Ctrl-C stops ``server``; one that came before stops it as it starts."""
        self._server = server
        if self.requested:
            server.should_exit = True

    def _on_signal(self, _signum: int, _frame: FrameType | None) -> None:
        self.requested = True
        if self._server is not None:
            self._server.should_exit = True
