"""One Split Decision round as a mutable model the pure game folds its events into (red-dog.md B2).

A game is rounds on one 54-card deck until a seat has won two; each round is one hand of the
table (its log header carries the deck, the round number and the score). The phases: ``shuffle``
(SD-1), ``head_start`` (SD-8), ``turns`` (SD-9 to SD-15), ``over``. After every decision or
automatic result the dealer moves a card and confirms it (``move``, control ``done``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum

from table_controller.cards import Card
from table_controller.engine import DealTo, Irregularity
from table_controller.games.split_decision.hand import SeatHand, resolve
from table_controller.games.split_decision.switches import Switches
from table_controller.shoe import Shoe

WINS_NEEDED = 2


def seat_words(seat: str) -> str:
    return f"SEAT {seat[4:]}" if seat.startswith("seat") else seat.upper()


class Phase(StrEnum):
    """A round's phases, equal to the words its log headers and prompts hold."""

    SHUFFLE = "shuffle"
    HEAD_START = "head_start"
    TURNS = "turns"
    OVER = "over"


@dataclass(frozen=True)
class Move:
    """A card the dealer moves and confirms with ``done``; ``then`` is what the round does next."""

    words: str
    then: str  # head_next, head_again, turn_next, round_won, seat_out


@dataclass
class SDRound:
    sw: Switches
    seats: tuple[str, ...]
    shoe: Shoe
    game_no: int = 1
    round_no: int = 1
    wins: dict[str, int] = field(default_factory=dict)
    last_winner: str | None = None
    phase: Phase = Phase.SHUFFLE  # shuffle, head_start, turns, over
    new_game: bool = True  # the shuffle starts a new game (else: SD4 = void_round's full reshuffle)
    order: list[str] = field(default_factory=list)
    hands: dict[str, SeatHand] = field(default_factory=dict)
    head: list[str] = field(default_factory=list)  # seats still to take their head start
    turn: str | None = None  # the seat on turn
    taker: str | None = (
        None  # who takes the next card (the seat on turn, or the one it was passed to)
    )
    kept_blind: bool = False  # no peek: the seat on turn has decided keep or pass
    offer: Card | None = None
    legal: tuple[str, ...] = ()  # the decisions open on the offered card
    move: Move | None = None
    winner: str | None = None
    note: str = ""
    irregularity: Irregularity | None = None
    held_card: Card | None = None
    held_drawn: bool = False
    void: bool = False

    def clone(self) -> SDRound:
        new = copy.copy(self)
        new.wins, new.order, new.head = dict(self.wins), list(self.order), list(self.head)
        new.hands = {s: copy.copy(h) for s, h in self.hands.items()}
        for h in new.hands.values():
            h.discarded = list(h.discarded)
        return new

    # ----- the round's start -------------------------------------------------------------------
    def first_seat(self) -> str:
        """SD-7: under ``rotate`` round r starts at position (r - 1) mod n; under
        ``last_winner`` the previous round's winner starts (round 1: seat1)."""
        if self.sw.SD1 == "last_winner":
            return self.last_winner or self.seats[0]
        return self.seats[(self.round_no - 1) % len(self.seats)]

    def start(self) -> None:
        first = self.seats.index(self.first_seat())
        self.order = list(self.seats[first:] + self.seats[:first])
        self.hands = {s: SeatHand() for s in self.seats}
        self.head = list(self.order)
        self.phase = Phase.HEAD_START
        self.turn = self.taker = None

    # ----- queries ------------------------------------------------------------------------------
    def seats_in(self) -> list[str]:
        return [s for s in self.order if not self.hands[s].out]

    def next_in(self, after: str) -> str:
        ring = self.order
        i = ring.index(after)
        for k in range(1, len(ring) + 1):
            seat = ring[(i + k) % len(ring)]
            if not self.hands[seat].out:
                return seat
        return after

    def needs_blind_choice(self) -> bool:
        """SD-15: under SD2 = on a seat with no chips left decides keep or pass before its card."""
        return (
            self.sw.SD2 == "on"
            and self.phase == Phase.TURNS
            and self.turn is not None
            and not self.kept_blind
            and self.hands[self.turn].chips == 0
            and len(self.seats_in()) > 1
        )

    def next_deal(self) -> DealTo | None:
        if self.irregularity is not None or self.move is not None or self.offer is not None:
            return None
        if self.phase == Phase.HEAD_START and self.head:
            seat = self.head[0]
            return DealTo(
                f"{seat}/offer",
                seat,
                "head_start",
                f"{seat_words(seat)} a head-start card ({seat}/offer)",
            )
        if self.phase == Phase.TURNS and self.taker is not None and not self.needs_blind_choice():
            seat = self.taker
            return DealTo(
                f"{seat}/offer", seat, "turn", f"{seat_words(seat)} its card ({seat}/offer)"
            )
        return None

    def decisions(self) -> dict[str, tuple[str, ...]]:
        if self.irregularity is not None or self.move is not None:
            return {}
        if self.offer is not None and self.legal:
            seat = self.head[0] if self.phase == Phase.HEAD_START else self.taker
            return {seat: self.legal}  # type: ignore[dict-item]
        if self.offer is None and self.needs_blind_choice():
            others = [f"pass_to_{s}" for s in self.seats_in() if s != self.turn]
            return {self.turn: ("keep", *others)}  # type: ignore[dict-item]
        return {}

    def resolve_offer(self, seat: str) -> tuple[str, tuple[str, ...]]:
        assert self.offer is not None
        return resolve(self.hands[seat], self.offer, self.sw.SD3)

    def remaining(self) -> list[str]:
        """The "cards remaining" board (SD-6): the cards of the 54 not dealt since the shuffle."""
        left = []
        from table_controller.cards import standard_deck

        for card in standard_deck(jokers=0):
            if self.shoe.can_hold(card):
                left.append(card.code)
        left += ["JK"] * self.shoe.copies_left(Card("JK", None))
        return left

    def layout_cards(self) -> list[Card]:
        """Every card of this round still on the layout (placed, middle, offered)."""
        cards = [p.card for h in self.hands.values() for p in h.placed()]
        cards += [h.middle for h in self.hands.values() if h.middle is not None]
        return cards + ([self.offer] if self.offer is not None else [])
