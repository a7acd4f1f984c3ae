"""Slow and crowding clients at the connection, below the app: uvicorn waits for a request's
headers for ever (its keep-alive timer stops at the first byte), so 1,000 connections that each
send one header byte every 5 s all stayed open past a minute.

:func:`guarded_protocol` wraps uvicorn's HTTP protocol class: a connection whose request headers
have not all arrived ``header_seconds`` after it opened (or after its last answer, on a kept-alive
connection) is closed, and a client address holding ``per_client`` connections (WebSockets
included) has any further one closed at once.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

HEADER_SECONDS = 5.0
PER_CLIENT = 100  # a console, its watching screens and a browser's six connections each, with room


def guarded_protocol(
    base: type[Any], header_seconds: float = HEADER_SECONDS, per_client: int = PER_CLIENT
) -> type[Any]:
    """``base`` (uvicorn's H11Protocol or HttpToolsProtocol) with the header timeout and the bound
    on each client's connections; one count per server."""
    open_by_client: Counter[str] = Counter()

    class Guarded(base):  # type: ignore[misc, valid-type]
        _timer: asyncio.TimerHandle | None = None
        _after: Any = None  # the request cycle the headers awaited come after (None: the first)
        _address: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = (self.client or ("unknown", 0))[0]
            if open_by_client[address] >= per_client:
                transport.abort()  # connection_lost follows; nothing was counted for it
                return
            self._address = address
            open_by_client[address] += 1
            self._await_headers()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._check_headers()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if (
                self._check_headers()
                and self.cycle is not None
                and self.cycle.response_complete
                and not self.transport.is_closing()
            ):
                self._await_headers()  # kept alive: the next request's headers are timed too

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_timer()
            self._release()
            super().connection_lost(exc)

        def _await_headers(self) -> None:
            self._stop_timer()
            self._after = self.cycle
            self._timer = self.loop.call_later(header_seconds, self._headers_too_slow)

        def _check_headers(self) -> bool:
            """Stop the clock once a request's headers are in; False once the connection became a
            WebSocket (its count then goes with it)."""
            if self.transport.get_protocol() is not self:
                self._stop_timer()
                self._hand_over(self.transport.get_protocol())
                return False
            if self._timer is not None and self.cycle is not self._after:
                self._stop_timer()
            return True

        def _headers_too_slow(self) -> None:
            self._timer = None
            if self.cycle is self._after and not self.transport.is_closing():
                self.transport.close()

        def _stop_timer(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _release(self) -> None:
            if self._address is not None:
                open_by_client[self._address] -= 1
                if open_by_client[self._address] <= 0:
                    del open_by_client[self._address]
                self._address = None

        def _hand_over(self, websocket: Any) -> None:
            """The WebSocket protocol now owns the connection: release the count when it ends."""
            if self._address is None:
                return
            release, lost = self._release, websocket.connection_lost

            def connection_lost(exc: Exception | None) -> None:
                release()
                lost(exc)

            websocket.connection_lost = connection_lost

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded
