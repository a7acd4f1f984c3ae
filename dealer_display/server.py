"""``table run`` with the dealer display: build the session and the app, print where to look,
and serve until interrupted. Called by :mod:`table_controller.commands.run`.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import socket
import sys
import threading
import time
import webbrowser
from dataclasses import replace
from typing import Any, Protocol

import uvicorn
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from dealer_display.app import create_app, open_sources
from dealer_display.connection_guard import HEADER_SECONDS, PER_CLIENT, guarded_protocol
from dealer_display.settings import DisplaySettings
from table_controller.contract import Game
from table_controller.errors import ConfigError
from table_controller.running import open_log, resume_unfinished
from table_controller.runtime import TableSession
from table_controller.stop_request import StopRequest

# Ctrl-C stops the table within this long even if a page or a request still holds a connection
# open (uvicorn otherwise waits for every connection to finish).
SHUTDOWN_SECONDS = 5


def serve(settings: DisplaySettings, game: Game, stop: StopRequest | None = None) -> int:
    """Serve the display for ``game`` until Ctrl-C; returns the exit code.

    ``stop``, installed by the caller before it imported this module, turns a Ctrl-C that comes
    while the table is still being built, or as uvicorn hands the signal back, into a clean stop
    (without one, one is installed as it starts serving: :func:`run_until_stopped`).
    """
    from drivers.registry import source_class

    source = source_class(settings.cards_url)  # checks the URLs before anything opens
    simulated = source.simulated
    if settings.camera_url is not None:
        source_class(settings.camera_url)
    if settings.autopilot and not (simulated and source.deals_itself):
        raise ConfigError(
            f"--autopilot deals from a simulated shoe; {settings.cards_url} is not one"
        )
    _check_port_free(settings.host, settings.port)
    opened = open_sources(settings)  # a shoe that is not there: one line, before anything is served
    log = None
    try:
        log = (
            open_log(
                settings.log,
                key=settings.log_key,
                table_id=settings.table_id,
                witness=settings.witness,
            )
            if settings.keep_log
            else None
        )
        session = TableSession(
            game,
            table_id=settings.table_id,
            dealer=settings.dealer_name,
            log=log,
            source_url=settings.cards_url,
            simulated=simulated,
        )
        resume_unfinished(session, log)
        app = create_app(settings, session, source=opened[0], camera=opened[1])
        server = TableServer(app, settings.host, settings.port)
        _announce(replace(settings, seats=len(game.seats)), server)
        run_until_stopped(server, stop)
        hands = session.hands_played
        print(f"table stopped after {hands} hand{'' if hands == 1 else 's'}", flush=True)
    finally:
        if log is not None:
            log.close()
        for each in opened:
            if each is not None:
                each.close()
    return 0


class TableServer(uvicorn.Server):
    """uvicorn's server for a page of the table's (the display, training, calibration): stops
    within SHUTDOWN_SECONDS of Ctrl-C or SIGTERM, and the same way however often they come.
    (uvicorn takes a second Ctrl-C as "force quit": it skipped the app's shutdown, leaving the
    card source and camera open, and printed the cancelled lifespan's traceback.)"""

    def __init__(
        self,
        app: Any,
        host: str,
        port: int,
        *,
        header_seconds: float = HEADER_SECONDS,
        per_client: int = PER_CLIENT,
    ) -> None:
        # a request's headers must arrive within header_seconds, and a client holds at most
        # per_client connections (dealer_display.connection_guard)
        http = guarded_protocol(AutoHTTPProtocol, header_seconds, per_client)
        super().__init__(
            uvicorn.Config(
                app,
                host=host,
                port=port,
                log_level="warning",
                http=http,
                timeout_graceful_shutdown=SHUTDOWN_SECONDS,
            )
        )
        errors = logging.getLogger("uvicorn.error")  # (uvicorn's Config sets up its loggers)
        if not any(isinstance(f, _CutOffRequests) for f in errors.filters):
            errors.addFilter(_CutOffRequests())

    def handle_exit(self, sig: int, frame: Any) -> None:
        if not self.should_exit:  # stopping already: it is the same request
            super().handle_exit(sig, frame)


class _CutOffRequests(logging.Filter):
    """A request still open SHUTDOWN_SECONDS into a stop is cut off: one plain line, not
    uvicorn's "ERROR" and a traceback of the cancelled request."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], asyncio.CancelledError):
            return False
        if isinstance(record.msg, str) and record.msg.startswith("Cancel %s running task(s)"):
            record.msg, record.levelno, record.levelname = (
                f"stopping: %s request(s) still open after {SHUTDOWN_SECONDS} s cut off",
                logging.WARNING,
                "WARNING",
            )
        return True


def run_until_stopped(server: uvicorn.Server, stop: StopRequest | None = None) -> None:
    """Serve until Ctrl-C or SIGTERM, then return (no KeyboardInterrupt, no traceback). ``stop``
    installed by the caller takes a signal that came before the server started; without one,
    one is installed here."""
    with contextlib.nullcontext(stop) if stop is not None else StopRequest() as request:
        request.attach(server)
        if not request.requested:
            server.run()


def seat_words(seats: int) -> str:
    """ "both seats play" for two seats; "the seat plays", "all 6 seats play" otherwise."""
    return {1: "the seat plays", 2: "both seats play"}.get(seats, f"all {seats} seats play")


def _check_port_free(host: str, port: int) -> None:
    """Say so in one line before anything starts, rather than uvicorn's traceback and exit 3."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            why = (
                "is already in use (another table?)"
                if exc.errno == errno.EADDRINUSE
                else f"cannot be used ({exc.strerror})"
            )
            raise ConfigError(f"port {port} on {host} {why}: choose another with --port") from None


class Served(Protocol):
    @property
    def host(self) -> str: ...

    @property
    def port(self) -> int: ...


def page_address(settings: Served) -> str:
    host = "127.0.0.1" if settings.host in ("0.0.0.0", "::") else settings.host
    host = f"[{host}]" if ":" in host else host
    return f"http://{host}:{settings.port}/"


def _announce(settings: DisplaySettings, server: uvicorn.Server) -> None:
    address = page_address(settings)
    console = f"{address}#token={settings.dealer_token}"
    print(f"dealer display: {address}", flush=True)
    print(f"dealer's console (keep private): {console}", flush=True)
    if settings.pit_boss_pin:
        print(f"pit-boss PIN: {settings.pit_boss_pin}", flush=True)
    if settings.staff is not None:
        names = ", ".join(m.title for m in settings.staff.members) or "none"
        print(f"staff: {names}", flush=True)
    if settings.autopilot:
        print(
            f"autopilot: the simulated shoe deals and {seat_words(settings.seats)} by themselves",
            flush=True,
        )
    if settings.open_browser:
        _open_when_started(server, console)


def _open_when_started(server: uvicorn.Server, url: str) -> None:
    """Open the page in a browser once the server listens, if this computer has a screen."""
    if not (
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or sys.platform in ("darwin", "win32")
    ):
        return

    def wait_then_open() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.1)
        if server.started:
            with contextlib.suppress(webbrowser.Error):
                webbrowser.open(url)

    threading.Thread(target=wait_then_open, name="open-browser", daemon=True).start()
