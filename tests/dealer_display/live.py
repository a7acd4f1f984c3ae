"""A real display server on a free loopback port, in a thread, for browser tests and benchmarks."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import uvicorn
from fastapi import FastAPI

from dealer_display.app import create_app
from dealer_display.settings import DisplaySettings
from table_controller.games import make_game
from table_controller.runtime import TableSession

DEALER_TOKEN = "dealer-token-for-tests"
PIT_BOSS_PIN = "4321"


@dataclass
class LiveTable:
    url: str
    session: TableSession
    settings: DisplaySettings
    app: FastAPI

    @property
    def version(self) -> int:
        """How many changes the table has pushed so far."""
        return int(self.app.state.table.version)

    @property
    def console_url(self) -> str:
        return f"{self.url}#token={self.settings.dealer_token}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def display_settings(cards_url: str, **extra: object) -> DisplaySettings:
    fields: dict[str, object] = {
        "dealer_token": DEALER_TOKEN,
        "pit_boss_pin": PIT_BOSS_PIN,
        **extra,
    }
    return DisplaySettings(cards_url=cards_url, port=free_port(), **fields)  # type: ignore[arg-type]


@contextmanager
def live_table(
    cards_url: str, *, log: object = None, game: object = None, **extra: object
) -> Iterator[LiveTable]:
    """Serve a table (Missouri City unless ``game`` is given) dealing from ``cards_url``."""
    settings = display_settings(cards_url, **extra)
    game = game if game is not None else make_game(settings.game)
    session = TableSession(game, log=log, source_url=cards_url)  # type: ignore[arg-type]
    app = create_app(settings, session)
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=settings.port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, name="display-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the display server did not start")
        time.sleep(0.02)
    try:
        yield LiveTable(f"http://127.0.0.1:{settings.port}/", session, settings, app)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
