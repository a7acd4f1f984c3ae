"""The display's FastAPI app, built by :func:`create_app`; nothing is built at import.

The lifespan opens the card source (unless one is given) and the camera witnessing it (if
``settings.camera_url``), starts their feeds and, with
``settings.autopilot``, the autopilot; on shutdown it stops them and closes what it opened.
The session (and its hand log) belong to the caller.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from dealer_display import ws
from dealer_display.autopilot_task import run_autopilot
from dealer_display.gate import GATE_ANSWERS, Gate, table_hosts
from dealer_display.models import invalid_request
from dealer_display.pin_guard import PinGuard, TokenGuards
from dealer_display.routes import console, pit_boss, state
from dealer_display.routes.state import STATIC
from dealer_display.settings import DisplaySettings
from dealer_display.table import DisplayTable
from drivers.base import CardSource
from drivers.registry import open_source
from table_controller import games
from table_controller.errors import ConfigError, TableError
from table_controller.runtime import TableSession, align_simulated_shoe, start_of_hand


def create_app(
    settings: DisplaySettings,
    session: TableSession | None = None,
    *,
    source: CardSource | None = None,
    camera: CardSource | None = None,
) -> FastAPI:
    """The display for ``session`` (a fresh session of ``settings.game`` without a log if None).

    ``source`` and ``camera`` are already open (:func:`open_sources`; the caller closes them); by
    default ``settings.cards_url`` (and ``settings.camera_url``) are opened when the app starts
    and closed when it stops.
    """
    if session is None:
        session = _new_session(settings)
    lifespan = _lifespan(settings, session, source, camera)
    app = FastAPI(title="Dealer display", version="1", lifespan=lifespan, responses=GATE_ANSWERS)
    app.state.settings = settings
    app.state.table = None
    app.state.pin_guard = PinGuard()
    app.state.token_guards = TokenGuards()

    def record(kind: str, payload: dict[str, Any]) -> None:  # a wrong dealer token, in the hand log
        if app.state.table is not None:
            app.state.table.session.record_access(kind, payload, source="console:dealer")

    app.add_middleware(
        Gate,
        hosts=table_hosts(settings.host, settings.allowed_hosts),
        token=settings.dealer_token,
        guards=app.state.token_guards,
        record=record,
    )
    for router in (state.router, console.router, pit_boss.router, ws.router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_api_route("/games/{game_id}/{name}", game_file, include_in_schema=False)
    app.add_exception_handler(TableError, _table_error)
    app.add_exception_handler(RequestValidationError, invalid_request)
    return app


async def game_file(game_id: str, name: str) -> FileResponse:
    """A file of a game's own drawing (its record's ``display``), from the folder beside its
    code: ``/games/<game id>/<file>``; anything else is a plain 404."""
    found = games.records().get(game_id)
    display = None if found is None else found.display
    path = None if display is None or name.startswith(".") else display.folder / name
    if path is None or not path.is_file():
        raise HTTPException(404, f"no file {name!r} in the drawing of the game {game_id!r}")
    return FileResponse(path, headers={"Cache-Control": "no-cache"})


def _new_session(settings: DisplaySettings) -> TableSession:
    from table_controller.games import make_game

    return TableSession(make_game(settings.game), source_url=settings.cards_url)


def open_sources(settings: DisplaySettings) -> tuple[CardSource, CardSource | None]:
    """The card source and the camera witnessing it, opened before anything is served: a bad
    URL (ConfigError) or a device that is not there (DriverInitError) is then one line and an
    exit code, not a failed start-up's traceback."""
    source = open_source(settings.cards_url)
    if settings.camera_url is None:
        return source, None
    try:
        return source, open_source(settings.camera_url)
    except BaseException:
        source.close()
        raise


def _lifespan(
    settings: DisplaySettings,
    session: TableSession,
    given: CardSource | None,
    given_camera: CardSource | None = None,
) -> Any:
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        source = given if given is not None else open_source(settings.cards_url)
        if getattr(
            source, "header", None
        ):  # a replayed round on a lasting shoe starts where its header says
            session.state = start_of_hand(session.game, source.header)  # type: ignore[attr-defined]
        align_simulated_shoe(session, source)  # a hand resumed after a crash keeps its cards
        camera = given_camera
        if camera is None and settings.camera_url is not None:
            camera = open_source(settings.camera_url)
        table = DisplayTable(session, source, camera)
        table.access = app.state.pin_guard
        if settings.autopilot and not table.can_deal:
            raise ConfigError(f"--autopilot deals from a simulated shoe; {source.url} is not one")
        table.start()
        app.state.table = table
        pilot = _start_autopilot(table, settings)
        try:
            yield
        finally:
            if pilot is not None:
                pilot.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pilot
            table.stop()
            app.state.table = None
            if given is None:
                source.close()
            if camera is not None and given_camera is None:
                camera.close()

    return lifespan


def _start_autopilot(table: DisplayTable, settings: DisplaySettings) -> asyncio.Task[int] | None:
    if not settings.autopilot:
        return None
    return asyncio.create_task(
        run_autopilot(table, pace=settings.pace, hands=settings.autopilot_hands)
    )


async def _table_error(_request: Request, exc: Exception) -> JSONResponse:
    status = 400 if isinstance(exc, ValueError) else 409
    return JSONResponse({"detail": str(exc)}, status_code=status)
