"""The API's request and answer bodies (pydantic: anything else is a 422 with the reason)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

NAME = r"^[a-z][a-z0-9_/]{0,31}$"


class DecisionRequest(BaseModel):
    """A seat's decision, as the player signalled it: ``{"seat": "red", "action": "hit"}``."""

    model_config = ConfigDict(extra="forbid")
    seat: str = Field(pattern=NAME, examples=["red"])
    action: str = Field(pattern=NAME, examples=["hit"])


class DealerControlRequest(BaseModel):
    """A dealer step: a freshly shuffled deck is loaded, or the discards are reshuffled in."""

    model_config = ConfigDict(extra="forbid")
    control: Literal["new_deck", "reshuffle_discards"]


class PitBossRequest(BaseModel):
    """A pit-boss action on a held (or any unfinished) hand."""

    model_config = ConfigDict(extra="forbid")
    control: Literal["void_hand", "accept_card"]


class Applied(BaseModel):
    """The engine applied the request; ``instruction`` is what the dealer must do now."""

    applied: bool = True
    instruction: str


class Dealt(BaseModel):
    """The simulated shoe dealt ``card``; it reaches the rules through the card feed."""

    card: str
