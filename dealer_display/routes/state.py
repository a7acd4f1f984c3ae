"""Reading the table: the page itself and the current state (open on the loopback)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from typing import Annotated

from fastapi import APIRouter, Depends, Header
from fastapi.responses import FileResponse

from dealer_display.deps import SettingsDep, TableDep, has_dealer_token, require_reader

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
async def page() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/api/state", dependencies=[Depends(require_reader)])
async def state(table: TableDep, settings: SettingsDep,
                x_dealer_token: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Everything the page draws: prompts, expected step, tally, hardware status, last card;
    without the dealer token, not what only the dealer's console may see (Farmer's hidden cards)."""
    return table.state() if has_dealer_token(x_dealer_token, settings) else table.public_state()
