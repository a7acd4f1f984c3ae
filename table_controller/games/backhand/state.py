"""What the Backhand series' machine and its prompts share: the phases of a hand, the
:class:`HandState` the machine moves, and what the prompts ask of the game
(:class:`BackhandTable`). Both import this module, so neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from table_controller.cards import Card
from table_controller.engine import DealTo, Expected, HandResult, Irregularity
from table_controller.games.backhand.hand import SeatHand
from table_controller.games.backhand.order import Step
from table_controller.games.backhand.variant import Variant
from table_controller.shoe import Shoe


class Phase(StrEnum):
    """The phases of a hand (equal to the words the logs and the serialised state hold)."""

    NEW = "new_deck"
    DEALING = "dealing"
    PLAY = "play"
    RESHUFFLE_WAIT = "reshuffle"
    OVER = "over"


@dataclass(slots=True)
class HandState:
    """The state of one hand. A state returned by :meth:`BackhandGame.apply` is never changed
    afterwards: ``apply`` makes one copy of its input, changes that copy as the transition
    goes (cheaper than building a new value at every step) and hands it back."""

    phase: Phase
    shoe: Shoe
    seats: tuple[SeatHand, ...]
    show: tuple[Card | None, Card | None, Card | None] = (None, None, None)
    queue: tuple[DealTo, ...] = ()
    script: tuple[Step, ...] = ()
    turn: int | None = None
    pending: str | None = None  # the play waiting for its card(s)
    sp_offer: int | None = None  # a seat that may stand pat now, out of turn (MC-15)
    irregularity: Irregularity | None = None
    result: HandResult | None = None
    # What is expected next, worked out on first request (a cache: the state never changes).
    memo_expected: Expected | None = field(default=None, repr=False, compare=False)


class BackhandTable(Protocol):
    """What the prompts read of a configured game (:class:`~.machine.BackhandGame`)."""

    @property
    def game_id(self) -> str: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def variant(self) -> Variant: ...

    def expected(self, state: HandState) -> Expected: ...

    def legal_actions(self, state: HandState) -> dict[str, tuple[str, ...]]: ...
