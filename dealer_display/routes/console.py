"""The dealer's console: seat decisions, dealer steps, and the simulated shoe's deal button.

A request the engine refuses is a 409 whose ``detail`` is the engine's reason; the page also
shows it, because the refusal is part of the pushed state.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from dealer_display.deps import DealerDep, TableDep
from dealer_display.models import Applied, DealerControlRequest, Dealt, DecisionRequest
from dealer_display.table import DisplayTable
from table_controller.events import Control

router = APIRouter(prefix="/api")

DEALER_ANSWERS: dict[int | str, dict[str, str]] = {
    401: {"description": "the dealer token is missing (X-Dealer-Token)"},
    403: {"description": "the dealer token is wrong"},
    409: {"description": "the rules do not allow it now (the engine's reason)"},
}


def answer(table: DisplayTable, refusal: str | None) -> Applied:
    if refusal is not None:
        raise HTTPException(409, refusal)
    return Applied(instruction=table.session.prompts().dealer_instruction)


@router.post("/decision", responses=DEALER_ANSWERS)
async def decision(body: DecisionRequest, table: TableDep, dealer: DealerDep) -> Applied:
    """Enter a seat's decision as the player signalled it."""
    return answer(table, table.decide(body.seat, body.action, source=dealer.source))


@router.post("/control", responses=DEALER_ANSWERS)
async def control(body: DealerControlRequest, table: TableDep, dealer: DealerDep) -> Applied:
    """A dealer step: NEW DECK (a freshly shuffled deck is loaded) or RESHUFFLE."""
    return answer(table, table.submit(Control(body.control, by=dealer.name), source=dealer.source))


@router.post("/deal", responses={**DEALER_ANSWERS, 409: {"description": "not a simulated shoe, or it is empty"}})
async def deal(table: TableDep, _dealer: DealerDep) -> Dealt:
    """Simulation only: the simulated shoe deals its next card."""
    if not table.can_deal:
        raise HTTPException(409, "the card source is real hardware: deal the card from the shoe")
    card = table.deal()
    if card is None:
        raise HTTPException(409, "the simulated shoe is empty: load a freshly shuffled deck")
    return Dealt(card=card)
