"""Pit-boss actions: void the hand, accept an irregular card. They need the pit-boss PIN."""

from __future__ import annotations

from fastapi import APIRouter

from dealer_display.deps import PitBossDep, TableDep
from dealer_display.models import Applied, PitBossRequest
from dealer_display.routes.console import answer
from table_controller.events import Control

router = APIRouter(prefix="/api")


@router.post("/pit-boss", responses={409: {"description": "the rules do not allow it now"}})
async def pit_boss(body: PitBossRequest, table: TableDep, pit_boss: PitBossDep) -> Applied:
    """VOID HAND or ACCEPT CARD, attributed to the pit boss in the hand log."""
    return answer(table, table.submit(Control(body.control, by=pit_boss.name), source=pit_boss.source))
