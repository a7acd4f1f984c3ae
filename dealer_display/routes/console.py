"""The dealer's console: seat decisions, dealer steps, and the simulated shoe's deal button.

A request the engine refuses is a 409 whose ``detail`` is the engine's reason; the page also
shows it, because the refusal is part of the pushed state.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, HTTPException, Request

from dealer_display.deps import DealerDep, TableDep, check_staff_pin
from dealer_display.models import (
    Applied,
    DealerControlRequest,
    Dealt,
    DecisionRequest,
    WagerRequest,
)
from dealer_display.table import DisplayTable
from table_controller.events import Control, Wager

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
    return answer(
        table, table.decide(body.seat, body.action, source=dealer.source, amount=body.amount)
    )


@router.post("/wager", responses=DEALER_ANSWERS)
async def wager(body: WagerRequest, table: TableDep, dealer: DealerDep) -> Applied:
    """Enter a seat's bet before the round (a game with bets: blackjack's main and side bets)."""
    return answer(
        table, table.submit(Wager(body.seat, body.bet, body.amount), source=dealer.source)
    )


@router.post("/control", responses=DEALER_ANSWERS)
async def control(body: DealerControlRequest, table: TableDep, dealer: DealerDep) -> Applied:
    """A dealer step: NEW DECK (a freshly shuffled deck is loaded) or RESHUFFLE."""
    return answer(table, table.submit(Control(body.control, by=dealer.name), source=dealer.source))


@router.post(
    "/deal",
    responses={**DEALER_ANSWERS, 409: {"description": "not a simulated shoe, or it is empty"}},
)
async def deal(table: TableDep, _dealer: DealerDep) -> Dealt:
    """Simulation only: the simulated shoe deals its next card."""
    if not table.can_deal:
        raise HTTPException(409, "the card source is real hardware: deal the card from the shoe")
    card = table.deal()
    if card is None:
        raise HTTPException(409, "the simulated shoe is empty: load a freshly shuffled deck")
    return Dealt(card=card)


@router.post("/sign-in", responses={**DEALER_ANSWERS, 429: {"description": "too many wrong PINs"}})
async def sign_in(
    request: Request,
    table: TableDep,
    _dealer: DealerDep,
    x_staff_pin: Annotated[str | None, Header()] = None,
) -> Applied:
    """A dealer on the staff list takes the table with their own PIN: from the next hand the
    hand log names them, and their controls are attributed to them."""
    member = await check_staff_pin(request, x_staff_pin, "dealer")
    table.session.dealer = member.name
    table.session.record_access(
        "sign_in", {"dealer": member.name, "staff": member.id}, source="console:dealer"
    )
    return Applied(
        instruction=f"{member.title} is dealing: {table.session.prompts().dealer_instruction}"
    )
