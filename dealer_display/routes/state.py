"""Reading the table: the page itself and the current state (open on the loopback)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse

from dealer_display.deps import SettingsDep, TableDep, request_is_console, require_reader

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
async def page() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/api/state", dependencies=[Depends(require_reader)])
async def state(request: Request, table: TableDep, settings: SettingsDep) -> dict[str, Any]:
    """Everything the page draws: prompts, expected step, tally, hardware status, last card.
    Without the dealer token, a game's face-down cards are not in it (the public view)."""
    return table.state(console=request_is_console(request, settings))
