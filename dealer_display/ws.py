"""The WebSocket push: the current state on connect, then the newest state after every change.

The page sends nothing that matters; the socket is read only to notice that it closed.
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from dealer_display.deps import websocket_is_console, websocket_may_read
from dealer_display.hub import PageFeed

router = APIRouter()
POLICY_VIOLATION = 1008


@router.websocket("/ws")
async def push(websocket: WebSocket) -> None:
    if not websocket_may_read(websocket, websocket.app.state.settings):
        await websocket.close(
            code=POLICY_VIOLATION, reason="the dealer token is needed from another computer"
        )
        return
    table = getattr(websocket.app.state, "table", None)
    if table is None:
        await websocket.close(code=1013, reason="the table is not running")
        return
    await websocket.accept()
    page = table.hub.join(console=websocket_is_console(websocket, websocket.app.state.settings))
    sender = asyncio.create_task(_send(websocket, page))
    try:
        await _until_closed(websocket)
    finally:
        table.hub.leave(page)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _send(websocket: WebSocket, page: PageFeed) -> None:
    while True:
        await websocket.send_text(await page.next())


async def _until_closed(websocket: WebSocket) -> None:
    """Read (and ignore) whatever the page sends, text or binary, until the socket closes."""
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
