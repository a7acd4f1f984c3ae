"""High card: the proof that the shell knows what a game is, never which games exist.

Each seat with a bet and the dealer draw one card, face up; a seat whose card outranks the
dealer's (aces high, suits equal) wins even money, a tie is a push, a lower card loses. A fresh
pack every hand. The game is registered from the tests alone (:func:`table_controller.games
.register`, or the ``table_controller.games`` entry point a test writes for a table it starts as
a separate process): no file of the shell names it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from table_controller.cards import Card
from table_controller.contract import Bet, GameBase, GameRecord, SeatRange, Setup, SpotContent
from table_controller.engine import (
    DealTo,
    Effect,
    Expected,
    HandResult,
    Irregularity,
    Payment,
    Refusal,
    SeatPrompt,
    SeatResult,
    Spot,
    TablePrompts,
    step_effects,
    stepped,
)
from table_controller.errors import ConfigError
from table_controller.events import (
    DONE,
    NEW_DECK,
    PAID,
    VOID_HAND,
    CardArrived,
    Control,
    Event,
    Wager,
)
from table_controller.money import money
from table_controller.shoe import Shoe

MIN_BET, MAX_BET = 100, 100_000  # cents
RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11}


class Phase(StrEnum):
    SHUFFLE = "shuffle"
    BETS = "bets"
    DEAL = "deal"
    PAY = "pay"
    OVER = "over"


def rank(card: Card) -> int:
    return RANKS.get(card.rank) or int(card.rank)


def seat_words(seat: str) -> str:
    return f"SEAT {seat[4:]}"


@dataclass
class Hand:
    seats: tuple[str, ...]
    shoe: Shoe
    phase: Phase = Phase.SHUFFLE
    bets: dict[str, int] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)  # seat or "dealer" -> its card
    queue: list[Payment] = field(default_factory=list)
    settled: list[Payment] = field(default_factory=list)
    irregularity: Irregularity | None = None
    result: HandResult | None = None
    void: bool = False
    note: str = ""

    def clone(self) -> Hand:
        return copy.deepcopy(self)

    def to_deal(self) -> list[str]:
        """Who still needs a card, in the order they are dealt: the seats, then the dealer."""
        order = [s for s in self.seats if s in self.bets] + ["dealer"]
        return [who for who in order if who not in self.cards]


class HighCardGame(GameBase):
    game_id = "high-card"
    title = "High Card"
    bets = ("main",)

    def __init__(self, seats: int) -> None:
        self.seats = tuple(f"seat{n}" for n in range(1, seats + 1))

    @property
    def bet_specs(self) -> tuple[Bet, ...]:
        """The main bet on the bet form, within the table's limits."""
        return (Bet("main", "main", "main bet", MIN_BET, MAX_BET),)

    def stakes_words(self, figures: Mapping[str, Any]) -> str:
        return f"main {money(figures['bet'])}" if figures.get("bet") else ""

    def describe(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "title": self.title,
            "seats": list(self.seats),
            "decks": 1,
            "switches": {},
            "rules_version": "high card (tests/high_card.py)",
        }

    def new_hand(self) -> Hand:
        return Hand(self.seats, Shoe.fresh(1))

    # ----- play ----------------------------------------------------------------------------------
    def apply(self, state: Hand, event: Event) -> tuple[Hand, tuple[Effect, ...]]:
        return stepped(state, event, self._step)

    def _step(self, hand: Hand, event: Event) -> tuple[Effect, ...]:
        settled_from = len(hand.settled)
        note: str | Irregularity = self._note(hand, event)
        if isinstance(note, Irregularity):
            return step_effects(hand, note, None, None)
        ended = None
        if hand.phase is Phase.PAY and not hand.queue:
            hand.phase = Phase.OVER
            hand.result = self._result(hand)
            ended = hand.result
        return step_effects(hand, note, settled_from, ended)

    def _note(self, hand: Hand, event: Event) -> str | Irregularity:
        if isinstance(event, Control) and event.control == VOID_HAND and hand.irregularity:
            return self._void(hand)
        if hand.irregularity is not None:
            raise Refusal("the hand waits for the pit boss", (VOID_HAND,))
        if hand.phase is Phase.OVER:
            raise Refusal("the hand is over")
        if isinstance(event, Control) and event.control == NEW_DECK:
            if hand.phase is not Phase.SHUFFLE:
                raise Refusal("a new deck goes in before the bets")
            hand.phase = Phase.BETS
            return "a fresh pack is in the shoe"
        if isinstance(event, Wager):
            return self._wager(hand, event)
        if isinstance(event, Control) and event.control == DONE:
            if hand.phase is not Phase.BETS or not hand.bets:
                raise Refusal("DONE closes the bets once a seat has bet")
            hand.phase = Phase.DEAL
            return "bets closed"
        if isinstance(event, CardArrived):
            return self._card(hand, event.card)
        if isinstance(event, Control) and event.control == PAID and hand.queue:
            payment = hand.queue.pop(0)
            hand.settled.append(payment)
            return f"{seat_words(payment.seat)}: {payment.reason}"
        raise Refusal("not now", self._legal(hand))

    def _wager(self, hand: Hand, wager: Wager) -> str:
        if hand.phase is not Phase.BETS:
            raise Refusal("the bets are closed")
        if wager.seat not in self.seats or wager.bet != "main":
            raise Refusal(f"a bet is a seat's main bet (got {wager.seat} {wager.bet})")
        if wager.amount == 0:
            hand.bets.pop(wager.seat, None)
            return f"{seat_words(wager.seat)} takes the bet down"
        if not MIN_BET <= wager.amount <= MAX_BET:
            raise Refusal(f"a bet is {money(MIN_BET)} to {money(MAX_BET)}")
        hand.bets[wager.seat] = wager.amount
        return f"{seat_words(wager.seat)} bets {money(wager.amount)}"

    def _card(self, hand: Hand, card: Card) -> str | Irregularity:
        if hand.phase is not Phase.DEAL:
            return Irregularity("unexpected_card", f"{card.code} arrived with no card to deal")
        if not hand.shoe.can_hold(card):
            return Irregularity("impossible_card", hand.shoe.why_impossible(card), (card.code,))
        who = hand.to_deal()[0]
        hand.shoe = hand.shoe.draw(card)
        hand.cards[who] = card
        if not hand.to_deal():
            hand.phase = Phase.PAY
            hand.queue = [self._settle(hand, seat) for seat in self.seats if seat in hand.bets]
        return f"{card.name} to {who}"

    def _settle(self, hand: Hand, seat: str) -> Payment:
        stake = hand.bets[seat]
        mine, theirs = rank(hand.cards[seat]), rank(hand.cards["dealer"])
        if mine > theirs:
            return Payment(seat, "main", stake, 0, stake, stake, "higher card, even money", "HC-2")
        if mine == theirs:
            return Payment(seat, "main", stake, 0, stake, 0, "tie, a push", "HC-3")
        return Payment(seat, "main", stake, stake, 0, 0, "lower card, loses", "HC-2")

    def _void(self, hand: Hand) -> str:
        hand.irregularity = None
        hand.void = True
        hand.queue = [
            Payment(seat, "main", stake, 0, stake, 0, "void: bet returned", "VOID")
            for seat, stake in hand.bets.items()
        ]
        hand.phase = Phase.PAY
        return "round void: every bet returned"

    def _result(self, hand: Hand) -> HandResult:
        seats = {
            p.seat: SeatResult(
                "push" if p.net == 0 else ("win" if p.net > 0 else "lose"),
                None,
                None,
                None,
                None,
                p.rule,
                {"net": p.net},
            )
            for p in hand.settled
        }
        words = "round void" if hand.void else "each seat against the dealer's card"
        return HandResult(None, "VOID" if hand.void else "HC-2", words, seats, void=hand.void)

    # ----- what the shell reads -------------------------------------------------------------------
    def _legal(self, hand: Hand) -> tuple[str, ...]:
        return self.expected(hand).controls

    def expected(self, state: Hand) -> Expected:
        if state.phase is Phase.OVER:
            return Expected(hand_over=True)
        if state.irregularity is not None:
            return Expected(controls=(VOID_HAND,))
        if state.queue:
            return Expected(controls=(PAID,), payment=state.queue[0])
        if state.phase is Phase.SHUFFLE:
            return Expected(controls=(NEW_DECK,))
        if state.phase is Phase.BETS:
            return Expected(controls=(DONE,) if state.bets else ())
        who = state.to_deal()[0]
        spot = f"{who}/card"
        label = "the dealer's card" if who == "dealer" else f"{seat_words(who)}'s card"
        return Expected(deal=DealTo(spot, None if who == "dealer" else who, "show", label))

    def prompts(self, state: Hand) -> TablePrompts:
        return TablePrompts(
            self.game_id,
            self._instruction(state),
            tuple(self._seat(state, seat) for seat in self.seats),
            (),
            state.irregularity,
            state.result,
            {"dealer_card": state.cards["dealer"].code} if "dealer" in state.cards else {},
        )

    def _instruction(self, state: Hand) -> str:
        if state.irregularity is not None:
            return f"Call the pit boss: {state.irregularity.reason}"
        exp = self.expected(state)
        if exp.payment is not None:
            p = exp.payment
            return f"{seat_words(p.seat)}: {p.reason}, then PAID"
        if exp.deal is not None:
            return f"Deal {exp.deal.label} face up"
        return {
            Phase.SHUFFLE: "Load a fresh pack, then NEW DECK",
            Phase.BETS: "Take the bets, then DONE",
            Phase.OVER: "Hand over",
        }.get(state.phase, "")

    def _seat(self, state: Hand, seat: str) -> SeatPrompt:
        card = state.cards.get(seat)
        paid = next((p for p in state.settled if p.seat == seat), None)
        outcome = (
            None
            if paid is None
            else (
                "stalemate" if paid.net == 0 else "successful" if paid.net > 0 else "unsuccessful"
            )
        )
        figures: dict[str, Any] = {"bet": state.bets[seat]} if seat in state.bets else {}
        return SeatPrompt(
            seat,
            "finished" if paid else ("acting" if seat in state.bets else "waiting"),
            False,
            None if card is None else rank(card),
            None if "dealer" not in state.cards else rank(state.cards["dealer"]),
            None,
            (),
            outcome,
            None,
            () if card is None else (card.code,),
            (),
            figures=figures,
        )

    def result(self, state: Hand) -> HandResult | None:
        return state.result

    def layout(self, state: Hand | None = None) -> tuple[Spot, ...]:
        spots = [Spot("dealer/card", 0.5, 0.22, "card", None, "the dealer's card")]
        n = len(self.seats)
        for k, seat in enumerate(self.seats):
            x = (k + 0.5) / n
            spots.append(Spot(f"{seat}/card", x, 0.6, "card", seat, f"{seat_words(seat)}'s card"))
            spots.append(Spot(f"{seat}/bet", x, 0.85, "bet", seat, f"{seat_words(seat)}'s bet"))
        return tuple(spots)

    def bets_open(self, state: Hand) -> bool:
        return state.phase is Phase.BETS and state.irregularity is None

    def on_spots(self, state: Hand) -> dict[str, SpotContent]:
        """Each card on its spot, face up; each bet in its circle, and once settled what the
        seat won, lost or got back on it."""
        out = {f"{who}/card": SpotContent((card.code,)) for who, card in state.cards.items()}
        settled = {p.seat: p.net for p in state.settled}
        out.update(
            {
                f"{seat}/bet": SpotContent(amount=stake, settled=settled.get(seat))
                for seat, stake in state.bets.items()
            }
        )
        return out

    def placed_cards(self, state: Hand) -> dict[str, tuple[str, ...]]:
        return {who: (card.code,) for who, card in state.cards.items()}

    def strategy(self, state: Hand) -> Event | None:
        """Every seat bets $10; the dealer closes the bets and makes each payment."""
        if state.phase is Phase.BETS:
            seat = next((s for s in self.seats if s not in state.bets), None)
            return Wager(seat, "main", 1000) if seat else Control(DONE, by="autopilot")
        if state.queue and state.irregularity is None:
            return Control(PAID, by="autopilot")
        return None


def _make(setup: Setup) -> HighCardGame:
    if setup.switches:
        raise ConfigError("High Card has no rule switches")
    if setup.paytable is not None:
        raise ConfigError("High Card has no pay table")
    return HighCardGame(RECORD.seats.count(setup.seats, RECORD.title))


RECORD = GameRecord(
    id="high-card",
    title="High Card",
    rules="tests/high_card.py",
    seats=SeatRange(1, 7, 3),
    switches=(),
    make=_make,
)
RECORDS = (RECORD,)
