"""The floor's FastAPI app, built by :func:`create_app`; nothing is built at import.

Named staff sign in with their PIN, as at a table's display (the same staff file, the same
slow hashes, the same wait after wrong PINs); the session is an HttpOnly, SameSite=Strict
cookie. The same gate as the display's stands before every route: the floor's own host names
and origins only, bounded bodies. The page gets the whole floor pushed over a WebSocket when
a table writes (:mod:`floor_display.feed`); a table's hands today and any hand step by step
are read on demand.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import Cookie, FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from dealer_display.gate import GATE_ANSWERS, Gate, table_hosts
from dealer_display.hub import PushHub
from dealer_display.pin_guard import PinGuard
from floor_display.board import Board
from floor_display.feed import FloorFeed
from floor_display.hold import TheoryCache
from table_controller.errors import TableError
from table_controller.hand_log.account import account
from table_controller.hand_log.pg_store import PgStore
from table_controller.hand_log.reader import list_hands, read_hand
from table_controller.hand_log.report_figures import kept_on_disk
from table_controller.hand_log.report_hold import HoldSettings, game_theory
from table_controller.staff import Staff, StaffMember

PAGE = Path(__file__).with_name("page.html")
COOKIE = "floor_session"
# who may watch the floor and drill into a table; surveillance resolves nothing anywhere (the
# tables' displays take a pit boss's PIN alone), and the floor has no control of a table
ROLES = ("pit_boss", "surveillance")


@dataclass
class FloorSettings:
    log_url: str
    staff: Staff
    host: str = "127.0.0.1"
    allowed_hosts: tuple[str, ...] = ()
    sessions: dict[str, StaffMember] = field(default_factory=dict)
    hold: HoldSettings = field(default_factory=HoldSettings)  # the casino's clock


class SignIn(BaseModel):
    staff: str = Field(max_length=32)
    pin: str = Field(max_length=12)


def create_app(settings: FloorSettings) -> FastAPI:
    board = Board(settings.hold)
    app = FastAPI(
        title="Floor", version="1", lifespan=_lifespan(settings, board), responses=GATE_ANSWERS
    )
    app.state.settings, app.state.board, app.state.guard = settings, board, PinGuard()
    app.add_middleware(Gate, hosts=table_hosts(settings.host, settings.allowed_hosts))
    _routes(app, settings, board)
    app.add_exception_handler(TableError, _table_error)
    return app


async def _table_error(_request: Any, exc: Exception) -> Any:
    from fastapi.responses import JSONResponse

    return JSONResponse({"detail": str(exc)}, status_code=404)


def _lifespan(settings: FloorSettings, board: Board) -> Any:
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        import asyncio

        loop = asyncio.get_running_loop()
        app.state.hub = PushHub(lambda _console: _message(app))

        def figures_ready() -> None:
            with contextlib.suppress(RuntimeError):  # the floor stopped while they were computed
                loop.call_soon_threadsafe(app.state.hub.changed)

        board.theories = TheoryCache(figures_ready, kept_on_disk(game_theory))
        feed = FloorFeed(
            settings.log_url, board, lambda: loop.call_soon_threadsafe(app.state.hub.changed)
        )
        app.state.feed = feed
        feed.open()
        try:
            yield
        finally:
            feed.close()

    return lifespan


def _message(app: FastAPI) -> str:
    feed: FloorFeed = app.state.feed
    with feed.lock:
        floor = app.state.board.to_dict()
    return json.dumps({**floor, "problem": feed.problem})


def _member(settings: FloorSettings, token: str | None) -> StaffMember:
    member = settings.sessions.get(token or "")
    if member is None:
        raise HTTPException(401, "sign in with your staff id and PIN")
    return member


def _routes(app: FastAPI, settings: FloorSettings, board: Board) -> None:
    @app.get("/", response_class=HTMLResponse)
    def page() -> str:
        return PAGE.read_text(encoding="utf-8")

    @app.post("/api/sign-in")
    def sign_in(body: SignIn) -> Any:
        from fastapi.responses import JSONResponse

        guard: PinGuard = app.state.guard
        wait = guard.wait_left()
        if wait > 0:
            raise HTTPException(429, f"too many wrong PINs: wait {wait:.0f} s")
        member = next(
            (m for role in ROLES if (m := settings.staff.find(body.pin, role, body.staff))), None
        )
        if member is None:
            guard.failed()
            raise HTTPException(403, "no pit boss or surveillance staff with that staff id and PIN")
        guard.succeeded()
        token = secrets.token_urlsafe(32)
        settings.sessions[token] = member
        answer = JSONResponse({"name": member.name, "role": member.role, "title": member.title})
        answer.set_cookie(COOKIE, token, httponly=True, samesite="strict")
        return answer

    @app.get("/api/floor")
    def floor(floor_session: str | None = Cookie(default=None)) -> Any:
        _member(settings, floor_session)
        return json.loads(_message(app))

    @app.get("/api/tables/{table}/hands")
    def hands(table: str, floor_session: str | None = Cookie(default=None)) -> Any:
        _member(settings, floor_session)
        today = time.time() // 86400 * 86400
        with PgStore(settings.log_url, create=False) as store:
            return [h.to_dict() for h in list_hands(store, table=table, since=today)]

    @app.get("/api/tables/{table}/hands/{hand_id}")
    def hand(table: str, hand_id: str, floor_session: str | None = Cookie(default=None)) -> Any:
        _member(settings, floor_session)
        with PgStore(settings.log_url, create=False) as store:
            recorded = read_hand(store, hand_id, table=table)
        return {"table": table, "hand": hand_id, "account": account(recorded)}

    @app.websocket("/ws")
    async def push(socket: WebSocket) -> None:
        if socket.cookies.get(COOKIE) not in settings.sessions:
            await socket.close(code=1008, reason="sign in first")
            return
        await socket.accept()
        hub: PushHub = app.state.hub
        page = hub.join()
        try:
            while True:
                await socket.send_text(await page.next())
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.leave(page)
