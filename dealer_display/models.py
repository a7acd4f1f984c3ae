"""The API's request and answer bodies (pydantic: anything else is a 422 with the reason)."""

from __future__ import annotations

from typing import Literal

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

NAME = r"^[a-z][a-z0-9_/]{0,31}$"


class DecisionRequest(BaseModel):
    """A seat's decision, as the player signalled it: ``{"seat": "red", "action": "hit"}``."""

    model_config = ConfigDict(extra="forbid")
    seat: str = Field(pattern=NAME, examples=["red"])
    action: str = Field(pattern=NAME, examples=["hit"])
    amount: int | None = Field(
        default=None, ge=1, le=100_000_000, description="cents, for a staking decision (insurance)"
    )


class WagerRequest(BaseModel):
    """A seat's stake before the round, as the dealer entered it: ``{"seat": "seat3", "bet": "main", "amount": 2500}``
    (integer cents; 0 takes the bet down). The game refuses a bet outside its limits, with the reason."""

    model_config = ConfigDict(extra="forbid")
    seat: str = Field(pattern=NAME, examples=["seat3"])
    bet: str = Field(pattern=NAME, examples=["main"])
    amount: int = Field(ge=0, le=100_000_000, examples=[2500])


class DealerControlRequest(BaseModel):
    """A dealer step: a freshly shuffled deck is loaded, the discards are reshuffled in, the
    payment the engine asked for is made (``paid``), or the cut card came out (``cut_card``); the
    step the prompt named is done (``done``: Red Dog's antes taken, Vingt-un's chips or cards moved,
    a card moved); the seats playing are marked (``seats_in``, Vingt-un); the board is laid
    (``board_laid``, Luck of the Draw)."""

    model_config = ConfigDict(extra="forbid")
    control: Literal[
        "new_deck", "reshuffle_discards", "paid", "cut_card", "done", "seats_in", "board_laid"
    ]


class PitBossRequest(BaseModel):
    """A pit-boss action on a held (or any unfinished) hand."""

    model_config = ConfigDict(extra="forbid")
    control: Literal["void_hand", "accept_card", "burn_card", "close_game"]


class Applied(BaseModel):
    """The engine applied the request; ``instruction`` is what the dealer must do now."""

    applied: bool = True
    instruction: str


class Dealt(BaseModel):
    """The simulated shoe dealt ``card``; it reaches the rules through the card feed."""

    card: str


async def invalid_request(_request: Request, exc: Exception) -> JSONResponse:
    """422 with each reason in plain words, and never the input echoed: a body of ``NaN``,
    ``1e999999`` or a lone surrogate (``"\\ud800"``) cannot be written back as JSON, and FastAPI's
    own answer, which echoes it, was a 500 with a traceback."""
    assert isinstance(exc, RequestValidationError)
    errors = [
        {
            "loc": [_printable(part) for part in e.get("loc", ())],
            "msg": _printable(e.get("msg", "")),
            "type": _printable(e.get("type", "")),
        }
        for e in exc.errors()
    ]
    return JSONResponse({"detail": errors}, status_code=422)


def _printable(value: object) -> object:
    """A location part or message that JSON can carry: an int as it is, text with any lone
    surrogate replaced."""
    if isinstance(value, int):
        return value
    return str(value).encode("utf-8", "replace").decode("utf-8")
