"""One Vingt-un round as a mutable model the pure game folds its events into (rules section 4).

The game (:mod:`machine`) never changes a round it has handed out: it copies the round, steps
the copy with one event (:mod:`flow`) and hands out the copy. This module holds the round and
answers what it waits for: a card at a spot, a seat's (or a seat banker's) decision, the
dealer's ``done`` or ``paid``, or a shuffle.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum

from table_controller.cards import Card
from table_controller.engine import DealTo, Irregularity, Payment
from table_controller.games.vingt_un.hands import Hand, SeatPlay, total
from table_controller.games.vingt_un.switches import Limits, Switches
from table_controller.shoe import Shoe

HOUSE = "house"


def seat_words(seat: str) -> str:
    if seat == HOUSE:
        return "the house"
    return f"SEAT {seat[4:]}" if seat.startswith("seat") else seat.upper()


class Phase(StrEnum):
    """A round's phases, equal to the words its log headers and prompts hold."""

    SHUFFLE = "shuffle"
    SEATS = "seats"
    FIRST = "first"
    STAKES = "stakes"
    DOUBLE = "double"
    SECOND = "second"
    PLAY = "play"
    BANKER = "banker"
    BANK = "bank"
    OVER = "over"


@dataclass
class Round:
    sw: Switches
    limits: Limits
    seats: tuple[str, ...]  # the table's seats, seat1 on the dealer's left
    shoe: Shoe  # the stock is what it still holds; its discards are the pone pile
    phase: Phase = (
        Phase.SHUFFLE  # shuffle, seats, first, stakes, double, second, play, banker, bank, over
    )
    banker: str = HOUSE
    bank_round: int = 0  # rounds this bank played before this one (0: the bank's first round)
    # V-33: the seat that took the bank at this round's R11; it banks from the next round on, this
    # round stays the one its banker dealt
    next_banker: str | None = None
    seats_in: list[str] = field(default_factory=list)  # marked in (V-12), in table order
    plays: dict[str, SeatPlay] = field(default_factory=dict)
    banker_cards: list[Card] = field(default_factory=list)
    banker_up: bool = False  # the banker's first two cards are turned up
    order: list[tuple[str, int, str]] = field(
        default_factory=list
    )  # cards owed now: (seat or banker, hand, spot)
    doubled: bool = False
    turn: tuple[str, int] | None = None
    hand_wants: bool = False  # the hand on turn said draw
    banker_wants: bool = False  # a seat banker said draw
    queue: list[Payment] = field(default_factory=list)
    confirm: str = ""  # a prompt that moves chips or cards: waits for the dealer's done (V-21)
    after: str = ""  # the step the round takes once the queue is paid and the confirm done
    must_shuffle: bool = False  # the last card was withheld: shuffle the pone pile (V-27)
    withheld: list[Card] = field(default_factory=list)
    naturals_paid: list[str] = field(default_factory=list)  # seats paid at R7, in deal order
    offer: str | None = None  # the seat offered the bank (V-33)
    irregularity: Irregularity | None = None
    held_card: Card | None = None
    held_drawn: bool = False  # the held card left the stock
    void: bool = False
    gathered: bool = False  # R11: the layout is on the pone pile
    settled: list[Payment] = field(default_factory=list)
    note: str = ""

    def clone(self) -> Round:
        new = copy.copy(self)
        new.plays = {seat: play.clone() for seat, play in self.plays.items()}
        for name in (
            "seats_in",
            "banker_cards",
            "order",
            "queue",
            "withheld",
            "naturals_paid",
            "settled",
        ):
            setattr(new, name, list(getattr(self, name)))
        return new

    # ----- who plays ------------------------------------------------------------------------------
    def bank_after(self) -> str:
        """Who banks the next round (V-33)."""
        return self.banker if self.next_banker is None else self.next_banker

    def deal_order(self) -> list[str]:
        """V-6: the seats in, starting on the banker's left, clockwise; the banker is dealt last."""
        seats = [s for s in self.seats if s in self.seats_in and s != self.banker]
        if self.banker == HOUSE:
            return seats
        after = [s for s in seats if self.seats.index(s) > self.seats.index(self.banker)]
        return after + [s for s in seats if s not in after]

    def hands_in_order(self) -> list[tuple[str, int, Hand]]:
        return [
            (s, i, h)
            for s in self.deal_order()
            if s in self.plays
            for i, h in enumerate(self.plays[s].hands)
        ]

    def standing(self) -> list[tuple[str, int, Hand]]:
        """Hands waiting for the banker: neither over-drawn, nor a natural, nor settled."""
        return [
            (s, i, h) for s, i, h in self.hands_in_order() if not (h.over or h.natural or h.settled)
        ]

    # ----- what comes next -------------------------------------------------------------------------
    def next_deal(self) -> DealTo | None:
        """The card the round needs now, before the last-card rule (V-27) is applied."""
        if self.irregularity is not None or self.queue or self.confirm:
            return None
        if self.order:
            who, index, spot = self.order[0]
            return DealTo(
                spot,
                None if who == "banker" else who,
                self._purpose(spot),
                self._deal_label(who, index, spot),
                face_down=True,
            )  # V-9: the first two and the completing card
        if self.phase == Phase.PLAY and self.turn is not None and self.hand_wants:
            seat, index = self.turn
            n = len(self.plays[seat].hands[index].cards) + 1
            return DealTo(
                f"{seat}/h{index + 1}/card{n}",
                seat,
                "draw",
                f"{self.hand_words(seat, index)} card {n} face up",
            )
        if self.phase == Phase.BANKER and self.banker_draws():
            n = len(self.banker_cards) + 1
            return DealTo(f"banker/card{n}", None, "banker", f"the banker card {n} face up")
        return None

    def _purpose(self, spot: str) -> str:
        return {"first": "initial", "second": "initial"}.get(self.phase, "complete")

    def _deal_label(self, who: str, index: int, spot: str) -> str:
        if who == "banker":
            which = "first" if spot.endswith("card1") else "second"
            return f"the banker's {which} card face down"
        if self.phase == Phase.PLAY:
            return f"{self.hand_words(who, index)} its completing card face down"
        which = "first" if spot.endswith("card1") else "second"
        return f"{seat_words(who)} its {which} card face down"

    def banker_draws(self) -> bool:
        """V-18: the house by V4; a seat banker when it said draw."""
        if not self.standing():
            return False
        value, soft = total(self.banker_cards)
        if self.banker != HOUSE:
            return self.banker_wants and value < 21
        return value < 17 or (value == 17 and soft and self.sw.V4 == "hit_soft_17")

    def decisions(self) -> dict[str, tuple[str, ...]]:
        if self.irregularity is not None:
            return {}
        return self.decisions_pending()

    def decisions_pending(self) -> dict[str, tuple[str, ...]]:
        """The decisions due, an open irregularity aside (what an accepted card would answer)."""
        if self.queue or self.confirm or self.order or self.must_shuffle:
            return {}
        if self.phase == Phase.SEATS:
            return {
                s: ("sit_out",) if s in self.seats_in else ("sit_in",)
                for s in self.seats
                if s != self.banker
            }
        if self.phase == Phase.STAKES:
            seat = next(s for s in self.deal_order() if self.plays[s].stake == 0)
            return {seat: ("stake",)}
        if self.phase == Phase.DOUBLE and self.banker != HOUSE:
            return {self.banker: ("double", "no_double")}
        if self.phase == Phase.PLAY and self.turn is not None and not self.hand_wants:
            return {self.turn[0]: self.legal_plays(*self.turn)}
        if (
            self.phase == Phase.BANKER
            and self.banker != HOUSE
            and not self.banker_wants
            and self.standing()
        ):
            if total(self.banker_cards)[0] < 21:
                return {self.banker: ("draw", "stand")}
        if self.phase == Phase.BANK and self.offer is not None:
            return {self.offer: ("take_bank", "decline_bank")}
        return {}

    def legal_plays(self, seat: str, index: int) -> tuple[str, ...]:
        hand = self.plays[seat].hands[index]
        acts = ["draw", "stand"]
        if self.may_divide(seat, hand):
            acts.append("divide")
        return tuple(acts)

    def may_divide(self, seat: str, hand: Hand) -> bool:
        """V-22: two cards of one rank, none drawn, fewer than four hands."""
        cards = hand.cards
        return (
            len(cards) == 2
            and cards[0].rank == cards[1].rank
            and hand.drawn == 0
            and len(self.plays[seat].hands) < 4
        )

    def hand_words(self, seat: str, index: int) -> str:
        many = len(self.plays[seat].hands) > 1
        return f"{seat_words(seat)} hand {index + 1}" if many else seat_words(seat)

    # ----- money -----------------------------------------------------------------------------------
    def pay(self, seat: str, index: int, net: int, reason: str, rule: str) -> None:
        """Queue one settlement of a hand's stake S: ``net`` of S, 0, -S or -2S."""
        stake = self.plays[seat].hands[index].stake
        banker = (
            None if self.banker == HOUSE else self.banker
        )  # a seat bank: the money is between seats
        if net >= 0:
            payment = Payment(
                seat, "stake", stake, 0, stake, net, reason, rule, index + 1, banker=banker
            )
        else:
            payment = Payment(
                seat,
                "stake",
                stake,
                -net,
                0,
                0,
                reason,
                rule,
                index + 1,
                owed=-net - stake,
                banker=banker,
            )
        hand = self.plays[seat].hands[index]
        hand.settled, hand.net = True, net
        self.queue.append(payment)

    def layout_cards(self) -> list[Card]:
        """Every card still on the layout (R11 puts them on the pone pile)."""
        cards = list(self.banker_cards)
        for _, _, hand in self.hands_in_order():
            if not hand.gone:
                cards.extend(hand.cards)
        return cards

    def deal_now(self) -> DealTo | None:
        """The card the dealer deals now, the last-card rule applied (V-27, V-28): with one card
        in the stock and a pone pile, that card is withheld; with none, nothing until a shuffle."""
        deal = self.next_deal()
        if deal is None or self.must_shuffle or self.shoe.remaining == 0:
            return None
        if self.shoe.remaining == 1 and self.shoe.discarded:
            return DealTo(
                "pone/pile",
                None,
                "withhold",
                "the last card: slide it unexposed onto the pone pile",
                face_down=True,
            )
        return deal
