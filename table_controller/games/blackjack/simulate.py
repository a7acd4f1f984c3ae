"""Blackjack rounds dealt through the real engine (:meth:`BlackjackGame.apply`, the same rules the
table runs) from seeded shuffles: every seat bets the main game and the side bet, a strategy
plays, every payment is confirmed with ``paid``; what each bet won or lost is tallied.

Not part of the rules engine: this is a driver around it, and the randomness lives here.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from table_controller.cards import Card, standard_deck
from table_controller.engine import Refused
from table_controller.events import NEW_DECK, PAID, RESHUFFLE, CardArrived, Control, Decision, Wager
from table_controller.games.blackjack.machine import BlackjackGame
from table_controller.games.blackjack.paytables import Paytable
from table_controller.games.blackjack.round import Round
from table_controller.games.blackjack.switches import Switches

MAIN, SIDE = 1000, 500  # cents; the side bet at half the main bet pays every paytable's row in whole cents
Z95 = 1.959963984540054

Chooser = Callable[[Round, str, tuple[str, ...]], str]


@dataclass
class Mean:
    """A running mean with its 95% confidence interval (normal approximation)."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Mean) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean."""
        if self.n < 2:
            return math.inf
        var = max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))
        return Z95 * math.sqrt(var / self.n)


@dataclass
class Tally:
    """Per round (the seats of one round share a shoe, so a round is the unit of the intervals):
    the side bet's and the main game's net per unit staked, and the side bet's hits; per side
    bet, the outcome it was settled by."""

    rounds: int = 0
    seats: int = 0
    events: int = 0
    side_return: Mean = field(default_factory=Mean)  # net / side stake, averaged over the round's seats
    side_hits: Mean = field(default_factory=Mean)  # share of the round's side bets paid
    main_return: Mean = field(default_factory=Mean)  # main game net / initial main bet, per seat
    outcomes: Counter = field(default_factory=Counter)

    def merge(self, other: Tally) -> None:
        self.rounds += other.rounds
        self.seats = self.seats or other.seats
        self.events += other.events
        self.side_return.merge(other.side_return)
        self.side_hits.merge(other.side_hits)
        self.main_return.merge(other.main_return)
        self.outcomes.update(other.outcomes)

    def record(self, state: Round) -> None:
        self.rounds += 1
        seats = state.betting_seats()
        self.seats = len(seats)
        side = main = hits = 0.0
        for seat in seats:
            play = state.plays[seat]
            self.outcomes[play.side_outcome or "DMH-LOSE"] += 1
            side += play.side_net / play.side
            hits += play.side_net > 0
            main += sum(p.net for p in state.settled if p.seat == seat and p.bet in ("main", "insurance")) / play.main
        self.side_return.add(side / len(seats))
        self.side_hits.add(hits / len(seats))
        self.main_return.add(main / len(seats))


@dataclass(frozen=True)
class Job:
    """``rounds`` rounds on one shoe after another, seeded by (``seed``, ``chunk``)."""

    switches: Switches
    paytable: Paytable
    rounds: int
    seed: int
    chunk: int
    seats: int = 7
    player: str = "basic"  # basic: the basic strategy derived for these rules; autopilot: the demo player

    def __call__(self) -> Tally:
        return play_rounds(self)


def play_rounds(job: Job) -> Tally:
    rng = random.Random(f"blackjack:{job.seed}:{job.chunk}")
    game = BlackjackGame(job.switches, job.paytable, job.seats)
    choose = chooser(job.player, job.switches, job.paytable)
    tally = Tally()
    state, cards = game.new_hand(), []
    while tally.rounds < job.rounds:
        exp = game.expected(state)
        if exp.hand_over:
            tally.record(state)
            state = game.next_hand(state)
            continue
        event, cards = _next_event(game, state, exp, cards, rng, choose)
        state, effects = game.apply(state, event)
        tally.events += 1
        if effects and isinstance(effects[0], Refused):
            raise RuntimeError(f"the engine refused {event!r}: {effects[0].reason}")
    return tally


def _next_event(game: BlackjackGame, state: Round, exp: Any, cards: list[Card], rng: random.Random,
                choose: Chooser) -> tuple[Any, list[Card]]:
    if exp.payment is not None:
        return Control(PAID, by="simulation"), cards
    if state.phase == "betting":
        for seat in game.seats:
            play = state.plays.get(seat)
            if play is None or not play.main:
                return Wager(seat, "main", MAIN), cards
            if not play.side:
                return Wager(seat, "side", SIDE), cards
    if NEW_DECK in exp.controls and exp.deal is None:
        cards = list(standard_deck()) * game.switches.decks
        rng.shuffle(cards)
        return Control(NEW_DECK, by="simulation"), cards
    if RESHUFFLE in exp.controls:
        cards = list(state.shoe.discarded)
        rng.shuffle(cards)
        return Control(RESHUFFLE, by="simulation"), cards
    if exp.decisions:
        seat, acts = next(iter(exp.decisions.items()))
        return Decision(seat, choose(state, seat, acts)), cards
    return CardArrived(cards.pop()), cards


def chooser(player: str, switches: Switches, paytable: Paytable) -> Chooser:
    if player == "autopilot":
        from table_controller.games.blackjack.strategy import choose

        return choose
    from table_controller.games.blackjack.basic_strategy import basic_strategy_chooser

    return basic_strategy_chooser(switches, paytable)
