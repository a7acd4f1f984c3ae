"""One Red Dog round as a mutable model the pure game folds its events into (red-dog.md A3).

The game (:mod:`machine`) never changes a round it has handed out: it copies the round, steps
the copy with one event (:mod:`flow`) and hands out the copy. The phases follow the rules'
steps: ``shuffle`` and ``burn`` (A, RD-13), ``antes`` (B, RD-7), ``card1`` and ``card2`` (C,
RD-8), ``raise`` (E, RD-11), ``card3`` (F, RD-10/RD-12), ``pay`` (G), ``clear`` (H), ``over``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum

from table_controller.cards import Card
from table_controller.engine import DealTo, Irregularity, Payment
from table_controller.games.red_dog.switches import PayTable, Switches
from table_controller.money import money
from table_controller.shoe import Shoe

__all__ = ["Limits", "Round", "money", "rank_value", "seat_words", "spread_of"]


class Phase(StrEnum):
    """A round's phases, equal to the words its log headers and prompts hold."""

    SHUFFLE = "shuffle"
    BURN = "burn"
    ANTES = "antes"
    CARD1 = "card1"
    CARD2 = "card2"
    RAISE = "raise"
    CARD3 = "card3"
    PAY = "pay"
    CLEAR = "clear"
    OVER = "over"


@dataclass(frozen=True)
class Limits:
    """The table's settings: ante limits in cents (RD-7) and where the cut card goes (RD-13)."""

    min_bet: int = 500
    max_bet: int = 50_000
    penetration: int = 75  # per cent of the shoe dealt before the cut card comes out


def seat_words(seat: str) -> str:
    return f"SEAT {seat[4:]}" if seat.startswith("seat") else seat.upper()


def rank_value(card: Card) -> int:
    """RD-2: 2 to 10 at face value, J 11, Q 12, K 13, A 14 (aces high only)."""
    return {"A": 14, "J": 11, "Q": 12, "K": 13}.get(card.rank) or int(card.rank)


def spread_of(first: Card, second: Card) -> int | None:
    """RD-4: the ranks strictly between two cards; ``None`` for a pair."""
    a, b = rank_value(first), rank_value(second)
    return None if a == b else abs(a - b) - 1


DEAL_SPOTS = {Phase.CARD1: "dealer/card1", Phase.CARD2: "dealer/card2", Phase.CARD3: "dealer/card3"}


@dataclass
class Round:
    sw: Switches
    table: PayTable
    limits: Limits
    seats: tuple[str, ...]
    shoe: Shoe
    phase: Phase = Phase.ANTES  # shuffle, burn, antes, card1, card2, raise, card3, pay, clear, over
    needs_shuffle: bool = False
    cut_reached: bool = False
    antes: dict[str, int] = field(default_factory=dict)
    raises: dict[str, int] = field(default_factory=dict)
    decided: dict[str, str] = field(default_factory=dict)  # seat -> raise | call
    cards: list[Card] = field(default_factory=list)  # dealer/card1, dealer/card2, dealer/card3
    queue: list[Payment] = field(default_factory=list)
    settled: list[Payment] = field(default_factory=list)
    outcome: str = ""  # consecutive, pair, three_of_a_kind, win, lose (for the round)
    note: str = ""  # words for the dealer in front of the next instruction
    irregularity: Irregularity | None = None
    held_card: Card | None = None
    held_drawn: bool = False  # the held card left the shoe (it is not an impossible one)
    void: bool = False

    def clone(self) -> Round:
        new = copy.copy(self)
        new.antes, new.raises, new.decided = dict(self.antes), dict(self.raises), dict(self.decided)
        new.cards, new.queue, new.settled = list(self.cards), list(self.queue), list(self.settled)
        return new

    # ----- queries ------------------------------------------------------------------------------
    def playing_seats(self) -> list[str]:
        """The seats with an ante, in seat order."""
        return [s for s in self.seats if self.antes.get(s, 0) > 0]

    @property
    def spread(self) -> int | None:
        return spread_of(self.cards[0], self.cards[1]) if len(self.cards) >= 2 else None

    @property
    def kind(self) -> str | None:
        """What the first two cards are (RD-9 to RD-11): consecutive, pair, spread."""
        if len(self.cards) < 2:
            return None
        spread = self.spread
        return "pair" if spread is None else "consecutive" if spread == 0 else "spread"

    def seat_to_decide(self) -> str | None:
        if self.phase != Phase.RAISE or self.irregularity is not None:
            return None
        return next((s for s in self.playing_seats() if s not in self.decided), None)

    def next_deal(self) -> DealTo | None:
        if self.irregularity is not None:
            return None
        return self.next_deal_ignoring_hold()

    def next_deal_ignoring_hold(self) -> DealTo | None:
        """The card the round waits for, were it not held for the pit boss."""
        if self.queue:
            return None
        if self.phase == Phase.BURN:
            return DealTo(
                "discard", None, "burn", "the burn card, face down to the discard", face_down=True
            )
        spot = DEAL_SPOTS.get(self.phase)
        return (
            None
            if spot is None
            else DealTo(spot, None, "initial" if self.phase != Phase.CARD3 else "third", spot)
        )

    def decisions(self) -> dict[str, tuple[str, ...]]:
        seat = self.seat_to_decide()
        return {} if seat is None else {seat: ("raise", "call")}

    def raise_limits(self, seat: str) -> tuple[int, int]:
        """RD-11: the amounts a raise may take (RD3)."""
        ante = self.antes[seat]
        return (ante, ante) if self.sw.RD3 == "equal_ante" else (1, ante)

    def wager(self, seat: str) -> int:
        return self.antes.get(seat, 0) + self.raises.get(seat, 0)

    # ----- money ------------------------------------------------------------------------------------
    def pay(self, seat: str, net: int, reason: str, rule: str) -> None:
        """Queue one seat's settlement of ante and raise: ``net`` > 0 wins, 0 pushes, < 0 loses."""
        staked = self.wager(seat)
        bet = "ante+raise" if self.raises.get(seat) else "ante"
        if net >= 0:
            self.queue.append(Payment(seat, bet, staked, 0, staked, net, reason, rule))
        else:
            self.queue.append(Payment(seat, bet, staked, -net, staked + net, 0, reason, rule))

    def stakes_words(self, seat: str) -> str:
        ante, raised = self.antes[seat], self.raises.get(seat, 0)
        return f"ante {money(ante)}" + (f" + raise {money(raised)}" if raised else "")

    def instruction_for(self, payment: Payment) -> str:
        who = seat_words(payment.seat)
        if payment.rule == "RD-15" and not payment.staked:  # a settlement undone by a void
            if payment.paid:
                return f"Return {money(payment.paid)} to {who} ({payment.reason})"
            return f"Take back {money(payment.collected)} from {who} ({payment.reason})"
        if payment.paid:
            return f"Pay {who} {money(payment.paid)} ({payment.reason})"
        if payment.collected:
            return f"Collect {money(payment.collected)} from {who} ({payment.reason})"
        return f"Push: return {who}'s {money(payment.returned)} ({payment.reason})"
