"""One Farmer deal as a mutable model the pure game folds its events into (rules section 5).

The game never changes a deal it has handed out: it copies the deal, steps the copy with one
event (:mod:`flow`) and hands out the copy. Phases, in order:

- ``choose_shuffle``, ``choose``: the first deal of a session chooses the farmer (F-8);
- ``shuffle`` (D1), ``antes`` (D2), ``face_down`` (D3), ``draw`` (D4, D5), ``reveal`` (D6),
  ``pay`` (D7), ``over`` (D8).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum

from table_controller.cards import Card
from table_controller.engine import DealTo, Irregularity, Payment
from table_controller.games.farmer.cards import GOAL, score, seat_words
from table_controller.games.farmer.switches import Switches
from table_controller.shoe import Shoe


def order_from_left(seats: tuple[str, ...], farmer: str) -> tuple[str, ...]:
    """The seats from the farmer's left, ending with the farmer (section 2)."""
    at = seats.index(farmer)
    return seats[at + 1 :] + seats[: at + 1]


class Phase(StrEnum):
    """A deal's phases, equal to the words its log headers and prompts hold."""

    CHOOSE_SHUFFLE = "choose_shuffle"
    CHOOSE = "choose"
    SHUFFLE = "shuffle"
    ANTES = "antes"
    FACE_DOWN = "face_down"
    DRAW = "draw"
    REVEAL = "reveal"
    PAY = "pay"
    VOIDING = "voiding"
    CLOSING = "closing"
    OVER = "over"


@dataclass
class Deal:
    sw: Switches
    seats: tuple[str, ...]  # the seats in this deal (F-21: they change only between deals)
    shoe: Shoe
    farm: int = 0  # cents on the farm spot now
    farmer: str | None = None
    phase: Phase = Phase.SHUFFLE
    chosen_by: list[tuple[str, Card]] = field(
        default_factory=list
    )  # F-8: the cards dealt to choose
    hands: dict[str, list[Card]] = field(default_factory=dict)
    turn: int = 0  # index into order() of the seat drawing
    want_card: bool = False  # the seat on turn said hit
    stock_out: bool = False  # F-23 under F6 = stay: the seats from the one on turn stay
    queue: list[Payment] = field(default_factory=list)
    settled: list[Payment] = field(default_factory=list)
    next_farmer: str | None = None
    decided_by: str = ""  # the rule that gave the farm (F-15 T1..T4), or F-16 when nobody had 16
    irregularity: Irregularity | None = None
    held_card: Card | None = None
    void: bool = False
    note: str = ""
    side_pot: int = 0
    table: tuple[str, ...] = ()  # every seat at the table, in or out of this deal
    last_seats: tuple[str, ...] = ()  # the seats of the last deal played (F-22)
    closed: bool = False  # the pit boss closed the game (F-22)
    exposed: frozenset[str] = (
        frozenset()
    )  # seats whose face-down card was seen and accepted as public

    def __post_init__(self) -> None:
        self.table = self.table or self.seats

    def clone(self) -> Deal:
        new = copy.copy(self)
        new.chosen_by = list(self.chosen_by)
        new.hands = {seat: list(cards) for seat, cards in self.hands.items()}
        new.queue = list(self.queue)
        new.settled = list(self.settled)
        return new

    # ----- who and what ---------------------------------------------------------------------------
    def order(self) -> tuple[str, ...]:
        return order_from_left(self.seats, self.farmer) if self.farmer else self.seats

    def seat_on_turn(self) -> str | None:
        if self.phase != Phase.DRAW or self.turn >= len(self.seats):
            return None
        return self.order()[self.turn]

    def score(self, seat: str) -> int:
        return score(self.hands.get(seat, ()))

    def busted(self, seat: str) -> bool:
        return self.score(seat) > GOAL

    def may_hit(self, seat: str) -> bool:
        """F-13: under F1 = stay_only a seat past 16 may only stay."""
        return self.sw.F1 == "may_hit" or not self.busted(seat)

    def revealed(self) -> bool:
        return self.phase in (Phase.PAY, Phase.OVER) and not self.void

    def ante_of(self, seat: str) -> int:
        return sum(
            p.collected
            for p in self.settled
            if p.seat == seat and p.bet == "ante" and p.payee == "farm"
        )

    # ----- what comes next ----------------------------------------------------------------------
    def next_deal(self) -> DealTo | None:
        if self.irregularity is not None or self.queue:
            return None
        if self.phase == Phase.CHOOSE:
            seat = self.seats[len(self.chosen_by) % len(self.seats)]
            return DealTo(
                f"{seat}/select",
                seat,
                "select",
                f"{seat_words(seat)} a card face up ({seat}/select) to choose the first farmer",
            )
        if self.phase == Phase.FACE_DOWN:
            seat = self.order()[len(self.hands)]
            return DealTo(
                f"{seat}/card1",
                seat,
                "face_down",
                f"{seat_words(seat)} a card face down ({seat}/card1)",
                face_down=True,
            )
        on_turn = self.seat_on_turn()
        if on_turn is None:
            return None
        seat = on_turn
        held = len(self.hands[seat])
        if held == 1:
            return DealTo(
                f"{seat}/card2",
                seat,
                "required",
                f"{seat_words(seat)} a card face up ({seat}/card2): its required draw",
            )
        if self.want_card:
            return DealTo(
                f"{seat}/card{held + 1}",
                seat,
                "hit",
                f"{seat_words(seat)} a card face up ({seat}/card{held + 1})",
            )
        return None

    def decisions(self) -> dict[str, tuple[str, ...]]:
        """F-6: the seat on turn is always asked 'hit or stay', whatever it may legally do."""
        if self.irregularity is not None or self.queue or self.next_deal() is not None:
            return {}
        seat = self.seat_on_turn()
        return {} if seat is None else {seat: ("hit", "stay")}
