"""Pit-boss actions: void the hand, accept an irregular card. They need the dealer's console
(its token) and a pit boss's PIN; wrong PINs are logged and slowed (dealer_display.pin_guard)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter

from dealer_display.deps import PitBossDep, TableDep
from dealer_display.models import Applied, PitBossRequest
from dealer_display.routes.console import DEALER_ANSWERS, answer
from table_controller.events import Control

router = APIRouter(prefix="/api")

PIT_BOSS_ANSWERS: dict[int | str, dict[str, str]] = {
    **DEALER_ANSWERS,
    401: {"description": "the dealer token or the pit-boss PIN is missing"},
    403: {"description": "the dealer token or the pit-boss PIN is wrong (logged)"},
    429: {"description": "too many wrong PINs: the next try must wait (Retry-After)"},
}


@router.post("/pit-boss/{control}", responses=PIT_BOSS_ANSWERS)
async def pit_boss_action(
    control: Literal["void_hand", "accept_card", "burn_card", "close_game"],
    table: TableDep,
    pit_boss: PitBossDep,
) -> Applied:
    """VOID HAND, ACCEPT CARD, BURN CARD or CLOSE GAME, attributed to the pit boss by name in the hand log."""
    return answer(table, table.submit(Control(control, by=pit_boss.name), source=pit_boss.source))


@router.post("/pit-boss", responses=PIT_BOSS_ANSWERS)
async def pit_boss(body: PitBossRequest, table: TableDep, pit_boss: PitBossDep) -> Applied:
    """The same, with the control in the body (``{"control": "void_hand"}``)."""
    return answer(
        table, table.submit(Control(body.control, by=pit_boss.name), source=pit_boss.source)
    )
