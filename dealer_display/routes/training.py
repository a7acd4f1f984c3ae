"""The training page's routes: the drill in progress, the trainee's entries from the console,
a new attempt, and the reports. The drills decide; these routes only pass lines and views."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field

from dealer_display.deps import Actor, require_dealer, require_reader
from dealer_display.routes.state import STATIC
from table_controller.errors import ConfigError
from table_controller.training.steps import EntryError

router = APIRouter()


class EntryRequest(BaseModel):
    line: str = Field(
        max_length=200,
        description="one console line: deal SPOT, pit, SEAT ACTION, pay SEAT AMOUNT, ...",
    )


class StartRequest(BaseModel):
    drill: str | None = Field(
        default=None, max_length=200, description="procedure, payouts, totals or a drill's name"
    )
    mode: str | None = Field(default=None, max_length=10, description="learn or test")


def get_trainer(request: Request) -> Any:
    trainer = getattr(request.app.state, "trainer", None)
    if trainer is None:
        raise HTTPException(503, "no drill is running")
    return trainer


TrainerDep = Annotated[Any, Depends(get_trainer)]


@router.get("/train", include_in_schema=False)
async def page() -> FileResponse:
    return FileResponse(STATIC / "training.html", headers={"Cache-Control": "no-cache"})


@router.get("/api/train/state", dependencies=[Depends(require_reader)])
async def state(trainer: TrainerDep) -> dict[str, Any]:
    """The drill as the page draws it (the hole card and the right step are never in it)."""
    return trainer.view()  # type: ignore[no-any-return]


@router.post("/api/train/enter", responses={400: {"description": "the line is not a step"}})
async def enter(
    body: EntryRequest, trainer: TrainerDep, _actor: Annotated[Actor, Depends(require_dealer)]
) -> dict[str, Any]:
    """Check one console line: a right step is applied, a wrong one scored with the rule it breaks."""
    try:
        answer = trainer.enter(body.line)
    except EntryError as exc:
        raise HTTPException(400, str(exc)) from None
    return {"answer": answer, "state": trainer.view()}


@router.post("/api/train/start", responses={400: {"description": "no such drill or mode"}})
async def start(
    body: StartRequest, trainer: TrainerDep, _actor: Annotated[Actor, Depends(require_dealer)]
) -> dict[str, Any]:
    """A new attempt (the same drill unless another is named)."""
    try:
        trainer.start(body.drill, body.mode)
    except ConfigError as exc:
        raise HTTPException(400, str(exc)) from None
    return {"state": trainer.view()}


@router.post(
    "/api/train/draw",
    responses={409: {"description": "the shoe is real hardware, or no card is due"}},
)
async def draw(
    request: Request, trainer: TrainerDep, _actor: Annotated[Actor, Depends(require_dealer)]
) -> dict[str, Any]:
    """A simulated training shoe deals its next card (a fresh deck when it is empty); the card
    reaches the drill through the table's card feed, as a real shoe's would."""
    table = getattr(request.app.state, "table", None)
    if table is None or not table.can_deal:
        raise HTTPException(409, "the card source is real hardware: draw the card from the shoe")
    if not trainer.view().get("waiting_for_card"):
        raise HTTPException(409, "no card is due: enter the step")
    if trainer.drill.dealing.wants_fresh_deck:
        table.source.new_deck()
    card = table.deal()
    if card is None:
        table.source.new_deck()
        card = table.deal()
    return {"card": card}


@router.get("/train/report", dependencies=[Depends(require_reader)], response_class=HTMLResponse)
async def report(
    trainer: TrainerDep, trainee: Annotated[str | None, Query(max_length=60)] = None
) -> HTMLResponse:
    """A trainee's report (the one at the console by default); ``/train/trainees`` for every trainee."""
    from table_controller.training.report import trainee_report

    if trainer.records is None:
        raise HTTPException(404, "this drill keeps no records (started with --no-log)")
    return HTMLResponse(
        trainee_report(trainer.records, trainee or trainer.settings.trainee, trainer.standards)
    )


@router.get("/train/trainees", dependencies=[Depends(require_reader)], response_class=HTMLResponse)
async def trainees(trainer: TrainerDep) -> HTMLResponse:
    """The trainer's view across trainees."""
    from table_controller.training.report import floor_report

    if trainer.records is None:
        raise HTTPException(404, "this drill keeps no records (started with --no-log)")
    return HTMLResponse(
        floor_report(trainer.records, trainer.standards, link="/train/report?trainee=")
    )
