"""Blackjack rounds dealt through the real engine (:meth:`BlackjackGame.apply`, the same rules the
table runs) from seeded shuffles: every seat bets the main game and the side bet, a strategy
plays, every payment is confirmed with ``paid``; what each bet won or lost is tallied.

Not part of the rules engine: this is a driver around it, and the randomness lives here.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from table_controller.cards import Card, standard_deck
from table_controller.engine import Refused
from table_controller.events import NEW_DECK, PAID, RESHUFFLE, CardArrived, Control, Decision, Wager
from table_controller.games.blackjack.machine import BlackjackGame
from table_controller.games.blackjack.paytables import Paytable
from table_controller.games.blackjack.round import Phase, Round
from table_controller.games.blackjack.switches import Switches

MAIN, SIDE = (
    1000,
    500,
)  # cents; the side bet at half the main bet pays every paytable's row in whole cents
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
    side_return: Mean = field(
        default_factory=Mean
    )  # net / side stake, averaged over the round's seats
    side_hits: Mean = field(default_factory=Mean)  # share of the round's side bets paid
    main_return: Mean = field(default_factory=Mean)  # main game net / initial main bet, per seat
    main_controlled: Controlled = field(
        default_factory=lambda: Controlled()
    )  # with control variates (below)
    outcomes: Counter = field(default_factory=Counter)

    def merge(self, other: Tally) -> None:
        self.rounds += other.rounds
        self.seats = self.seats or other.seats
        self.events += other.events
        self.side_return.merge(other.side_return)
        self.side_hits.merge(other.side_hits)
        self.main_return.merge(other.main_return)
        self.main_controlled.merge(other.main_controlled)
        self.outcomes.update(other.outcomes)

    def record(self, state: Round, control: DealControl | None = None) -> None:
        self.rounds += 1
        seats = state.betting_seats()
        self.seats = len(seats)
        side = main = hits = expected = 0.0
        for seat in seats:
            play = state.plays[seat]
            self.outcomes[play.side_outcome or "DMH-LOSE"] += 1
            side += play.side_net / play.side
            hits += play.side_net > 0
            main += (
                sum(
                    p.net
                    for p in state.settled
                    if p.seat == seat and p.bet in ("main", "insurance")
                )
                / play.main
            )
            if control is not None:
                expected += control.value(state.dealer[0], play)
        self.side_return.add(side / len(seats))
        self.side_hits.add(hits / len(seats))
        self.main_return.add(main / len(seats))
        if control is not None:
            self.main_controlled.add(
                main / len(seats), control.deviations(expected / len(seats), state.dealer)
            )


FINAL_KINDS = ("17", "18", "19", "20", "21", "bust", "blackjack")


@dataclass(frozen=True)
class DealControl:
    """Control variates for the main game, each a quantity of the round whose mean is known exactly
    (``finite_shoe``, ``shoe_dealer``): the seats' first deals' exact values (up card, two cards),
    and which of 17..21, bust or blackjack the dealer ends on. Their deviations from those means
    are regressed out of the round's net (``Controlled``): the same expectation (but for the cut
    card's tiny selection of which deals are dealt, and a dealer who need not draw because no hand
    is left to settle) and a smaller variance, the part the first deals and the dealer explain."""

    values: dict[
        tuple[int, int, int], float
    ]  # (up, first, second) rank indices 0..9, first <= second
    mean: float
    dealer_chances: tuple[float, ...]  # of FINAL_KINDS

    def value(self, up: Card, play: Any) -> float:
        cards = (
            (play.hands[0].cards[0], play.hands[1].cards[0])
            if len(play.hands) > 1
            else play.hands[0].cards[:2]
        )
        a, b = sorted(min(c.value, 10) - 1 for c in cards)
        return self.values[(min(up.value, 10) - 1, a, b)]

    def deviations(self, deals: float, dealer: list[Card]) -> list[float]:
        kind = dealer_kind(dealer)
        return [deals - self.mean] + [
            (k == kind) - p for k, p in zip(FINAL_KINDS[:-1], self.dealer_chances, strict=True)
        ]


def dealer_kind(cards: list[Card]) -> str:
    hard = sum(min(c.value, 10) for c in cards)
    total = hard + 10 if any(c.value == 1 for c in cards) and hard <= 11 else hard
    if len(cards) == 2 and total == 21:
        return "blackjack"
    return "bust" if total > 21 else str(total) if total >= 17 else "short"


@dataclass
class Controlled:
    """A mean with control variates, regressed out (ordinary least squares, the coefficients from
    the same rounds): mergeable sums, the 95% interval from the residual variance."""

    n: int = 0
    sums: Any = None  # of [1, y, z...] outer [1, y, z...]

    def add(self, y: float, z: list[float]) -> None:
        import numpy as np

        v = np.array([1.0, y, *z])
        self.sums = np.outer(v, v) if self.sums is None else self.sums + np.outer(v, v)
        self.n += 1

    def merge(self, other: Controlled) -> None:
        if other.n:
            self.sums = other.sums.copy() if self.sums is None else self.sums + other.sums
            self.n += other.n

    def _fit(self) -> tuple[float, float]:
        import numpy as np

        n, s = self.n, self.sums
        mean_y, mean_z = s[0, 1] / n, s[0, 2:] / n
        czz = s[2:, 2:] / n - np.outer(mean_z, mean_z)
        czy = s[2:, 1] / n - mean_z * mean_y
        beta = np.linalg.lstsq(czz, czy, rcond=None)[0]
        var_y = s[1, 1] / n - mean_y**2
        residual = max(0.0, var_y - float(czy @ beta)) * n / max(1, n - 1 - len(beta))
        return mean_y - float(beta @ mean_z), residual

    @property
    def mean(self) -> float:
        return self._fit()[0] if self.n else 0.0

    @property
    def half_width(self) -> float:
        return Z95 * math.sqrt(self._fit()[1] / self.n) if self.n > 10 else math.inf


@dataclass(frozen=True)
class Job:
    """``rounds`` rounds on one shoe after another, seeded by (``seed``, ``chunk``)."""

    switches: Switches
    paytable: Paytable
    rounds: int
    seed: int
    chunk: int
    seats: int = 7
    player: str = (
        "basic"  # basic: the basic strategy derived for these rules; autopilot: the demo player
    )
    control: DealControl | None = None

    def __call__(self) -> Tally:
        return play_rounds(self)


def play_rounds(job: Job) -> Tally:
    rng = random.Random(f"blackjack:{job.seed}:{job.chunk}")
    game = BlackjackGame(job.switches, job.paytable, job.seats)
    choose = chooser(job.player, job.switches, job.paytable)
    tally = Tally()
    state, cards = game.new_hand(), list[Card]()
    while tally.rounds < job.rounds:
        exp = game.expected(state)
        if exp.hand_over:
            tally.record(state, job.control)
            state = game.next_hand(state)
            continue
        event, cards = _next_event(game, state, exp, cards, rng, choose)
        state, effects = game.apply(state, event)
        tally.events += 1
        if effects and isinstance(effects[0], Refused):
            raise RuntimeError(f"the engine refused {event!r}: {effects[0].reason}")
    return tally


def _next_event(
    game: BlackjackGame,
    state: Round,
    exp: Any,
    cards: list[Card],
    rng: random.Random,
    choose: Chooser,
) -> tuple[Any, list[Card]]:
    if exp.payment is not None:
        return Control(PAID, by="simulation"), cards
    if state.phase == Phase.BETTING:
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
