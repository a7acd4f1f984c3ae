"""Vingt-un's first round off a full pack, exactly (rules vingt-un.md, one 52-card pack).

One seat against the banker. Every deal of the seat's first two cards and the banker's first card
is weighed exactly; the banker's hole card and draws come from the pack less every card the seat
has seen (NumPy tables of every way the banker can draw, blackjack's :mod:`shoe_dealer`: the
banker draws to 16 and stands on 17, or draws on a soft 17, like a blackjack dealer, and a
banker's natural is the blackjack it leaves out).

The seat knows its own cards and whether the banker called double (so, under V3 = ace_or_ten,
whether the banker's first card is an ace or a ten-value card), and that neither it nor the
banker holds a natural when it plays. Its strategy is derived: at every composition of its cards
it draws, stands or divides, whichever is worth more given what it knows (composition-dependent).
A divided hand is valued as one hand from the pair card and its completing card with the other
pair card out of the pack, not the cards drawn to the other hand (the usual approximation), and is
not divided again; the new hand's stake is the first stake as placed (doubled too under V5 =
doubled). The expectation is exact for the strategy played (the two hands' cards are
exchangeable); what the approximation leaves out is a second hand played knowing the first's cards.

The second moment of the seat's result comes from the same recursion along the derived strategy
(so its standard deviation); a divided pair's two hands are taken as independent given the
banker's first card and final total, as blackjack's sd takes split hands.

Other seats do not change a seat's expectation as long as the pack does not run out (the cards
they take are unseen), so the figure is each seat's, whatever the number of seats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from math import prod
from typing import NamedTuple

import numpy as np

from table_controller.games.blackjack.shoe_dealer import dealer_table

PACK: tuple[int, ...] = (4,) * 9 + (16,)  # ace, 2, ..., 9, ten-value
ACE, TEN = 0, 9
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
Counts = tuple[int, ...]
Policy = Callable[
    [Counts, int | None, bool], str | None
]  # (own cards, divided pair, doubled) -> action


@dataclass(frozen=True)
class Banker:
    """The banker's play: the first cards it doubles on, and whether it draws on a soft 17."""

    doubles: frozenset[int]
    h17: bool = False


@dataclass
class Figure:
    """The seat's expectation per first stake, and the seat's strategy that earns it; with the
    second moment of its result (so its standard deviation) and the units it stakes on average."""

    seat_ev: float
    mass: float  # total probability weighed: 1 up to rounding
    seat_second: float = 0.0  # E[result^2], in first stakes squared
    staked: float = 0.0  # E[units staked] per first stake (a double, a divided hand's stake)
    by_first_card: dict[int, float] = field(default_factory=dict)  # seat's EV per first card
    # the seat's result by the banker's first card, with double called (True) or not
    by_banker_card: dict[bool, np.ndarray] = field(default_factory=dict)
    actions: dict[tuple[Counts, int | None, bool], str] = field(default_factory=dict)

    @property
    def banker_edge(self) -> float:
        return -self.seat_ev

    @property
    def sd(self) -> float:
        """The standard deviation of one seat's result per first stake."""
        return max(0.0, self.seat_second - self.seat_ev**2) ** 0.5


def hard(cards: Counts) -> int:
    return sum((r + 1) * n for r, n in enumerate(cards))


@cache
def seat_total(cards: Counts) -> int:
    value = hard(cards)
    return value + 10 if cards[ACE] and value + 10 <= 21 else value


def plus(cards: Counts, rank: int, n: int = 1) -> Counts:
    more = list(cards)
    more[rank] += n
    return tuple(more)


def _falling(n: int, k: int) -> int:
    return prod(range(n - k + 1, n + 1)) if k <= n else 0


@cache
def sequence_chance(out: Counts) -> float:
    """The chance that the first cards dealt are one given order of the multiset ``out``."""
    return prod(_falling(PACK[r], k) for r, k in enumerate(out)) / _falling(52, sum(out))


@cache
def payoffs(total: int) -> np.ndarray:
    """A standing hand's result per stake against the banker's 17..21 (drawn) and over-draw."""
    if total == 21:
        return np.array([2.0, 2.0, 2.0, 2.0, -1.0, 2.0])
    return np.array([1.0 if total > b else -1.0 for b in range(17, 21)] + [-2.0, 1.0])


class BankerFinals:
    """P(banker's first card, final total, no banker natural | the cards out), exactly."""

    def __init__(self, h17: bool) -> None:
        self.h17 = h17
        self.cache: dict[Counts, np.ndarray] = {}

    def prepare(self, removals: Iterable[Counts]) -> None:
        todo = sorted({r for r in removals if r not in self.cache})
        for start in range(0, len(todo), 2000):
            chunk = todo[start : start + 2000]
            out = np.array(chunk, dtype=np.int64)
            table = np.zeros((len(chunk), 10, 6))
            for up in range(10):
                shoe = tuple(n - (r == up) for r, n in enumerate(PACK))
                weights = dealer_table(up, self.h17).weigh(shoe)
                clipped = np.minimum(out, np.array(shoe))
                finals = weights.finals(clipped, clipped.sum(axis=1))
                left = np.array(PACK[up]) - out[:, up]
                chance = np.where(left > 0, left / (52 - out.sum(axis=1)), 0.0)
                table[:, up, :] = finals * chance[:, None]
            self.cache.update(zip(chunk, table, strict=True))

    def __call__(self, out: Counts) -> np.ndarray:
        if out not in self.cache:
            self.prepare([out])
        return self.cache[out]


@cache
def no_natural(out: Counts) -> np.ndarray:
    """P(the banker's first card is each rank and the banker has no natural | the cards out)."""
    left = 52 - sum(out)
    chance = np.array([max(0, n - k) / left for n, k in zip(PACK, out, strict=True)])
    clear = np.ones(10)
    clear[ACE] -= (PACK[TEN] - out[TEN]) / (left - 1)
    clear[TEN] -= (PACK[ACE] - out[ACE]) / (left - 1)
    return chance * clear


class SeatPlay:
    """The seat's play when it knows the banker's first card lies in ``ups`` and whether double
    was called. Values are vectors over the banker's first card (every rank, so a banker can
    weigh calling double on a card the seat does not expect it on); decisions weigh ``ups``."""

    def __init__(
        self, ups: frozenset[int], finals: BankerFinals, doubled: bool, policy: Policy | None
    ) -> None:
        self.mask = np.array([float(r in ups) for r in range(10)])
        self.finals = finals
        self.doubled = doubled
        self.policy = policy
        self.memo: dict[tuple[Counts, int | None], np.ndarray] = {}
        self.memo_second: dict[tuple[Counts, int | None], np.ndarray] = {}
        self.memo_joint: dict[tuple[Counts, int], np.ndarray] = {}
        self.actions: dict[tuple[Counts, int | None, bool], str] = {}

    def standing(self, own: Counts, pair: int | None) -> np.ndarray:
        out = own if pair is None else plus(own, pair)
        return sequence_chance(out) * (self.finals(out) @ payoffs(seat_total(own)))

    def over(self, own: Counts, pair: int | None) -> np.ndarray:
        out = own if pair is None else plus(own, pair)
        return -sequence_chance(out) * no_natural(out)

    def value(self, own: Counts, pair: int | None) -> np.ndarray:
        """The seat's result from a hand on turn, weighed by the chance of its cards (not 21+)."""
        key = (own, pair)
        if key in self.memo:
            return self.memo[key]
        stand = self.standing(own, pair)
        if seat_total(own) == 21:
            self.memo[key] = stand
            return stand
        draw = self.drawing(own, pair)
        action = self.policy(own, pair, self.doubled) if self.policy else None
        if action not in ("draw", "stand"):
            action = "draw" if self.weigh(draw) > self.weigh(stand) else "stand"
        self.actions[(own, pair, self.doubled)] = action
        self.memo[key] = draw if action == "draw" else stand
        return self.memo[key]

    def weigh(self, values: np.ndarray) -> float:
        return float(values @ self.mask)

    def drawing(self, own: Counts, pair: int | None) -> np.ndarray:
        seen = own if pair is None else plus(own, pair)
        result = np.zeros(10)
        for rank in range(10):
            if seen[rank] >= PACK[rank]:
                continue
            nxt = plus(own, rank)
            result += self.over(nxt, pair) if seat_total(nxt) > 21 else self.value(nxt, pair)
        return result

    def stands(self, own: Counts, pair: int | None) -> bool:
        """Whether the strategy :meth:`value` chose stands on this hand (21 always stands)."""
        return seat_total(own) == 21 or self.actions[(own, pair, self.doubled)] == "stand"

    def draws_from(self, own: Counts, pair: int | None) -> list[Counts]:
        """The hands one more card can make (every card still in the pack)."""
        seen = own if pair is None else plus(own, pair)
        return [plus(own, rank) for rank in range(10) if seen[rank] < PACK[rank]]

    def second(self, own: Counts, pair: int | None) -> np.ndarray:
        """E[result squared] from a hand on turn, weighed like :meth:`value`, playing the
        strategy :meth:`value` derived (call it first)."""
        key = (own, pair)
        if key in self.memo_second:
            return self.memo_second[key]
        out = own if pair is None else plus(own, pair)
        if self.stands(own, pair):
            result = sequence_chance(out) * (self.finals(out) @ payoffs(seat_total(own)) ** 2)
        else:
            result = np.zeros(10)
            for nxt in self.draws_from(own, pair):
                over = seat_total(nxt) > 21
                result += -self.over(nxt, pair) if over else self.second(nxt, pair)
        self.memo_second[key] = result
        return result

    def joint(self, own: Counts, pair: int) -> np.ndarray:
        """E[a divided hand's result; the banker's first card and final total] (10 x 6: 17..21,
        over-draw), weighed like :meth:`value`. An over-draw's share of the banker's chances is
        the hand's less those of the cards that do not over-draw (the cards the seat draws are
        exchangeable with the banker's)."""
        key = (own, pair)
        if key in self.memo_joint:
            return self.memo_joint[key]
        out = plus(own, pair)
        banker = sequence_chance(out) * self.finals(out)
        if self.stands(own, pair):
            result = banker * payoffs(seat_total(own))
        else:
            result, over = np.zeros((10, 6)), banker
            for nxt in self.draws_from(own, pair):
                if seat_total(nxt) <= 21:
                    result = result + self.joint(nxt, pair)
                    over = over - sequence_chance(plus(nxt, pair)) * self.finals(plus(nxt, pair))
            result = result - over
        self.memo_joint[key] = result
        return result

    def divided_moments(self, pair: int) -> tuple[np.ndarray, np.ndarray]:
        """(E[one divided hand's result squared], E[the two hands' results multiplied]). The two
        hands are taken as independent given the banker's first card and final total, each valued
        with the other pair card out (the usual approximation, as for the expectation)."""
        one = plus((0,) * 10, pair)
        seen = plus(one, pair)
        second, joint = np.zeros(10), np.zeros((10, 6))
        for rank in range(10):
            if seen[rank] < PACK[rank]:
                second += self.second(plus(one, rank), pair)
                joint += self.joint(plus(one, rank), pair)
        banker = sequence_chance(seen) * self.finals(seen)
        cross = np.divide(joint**2, banker, out=np.zeros_like(joint), where=banker > 0)
        return second, cross.sum(axis=1)

    def divided_hand(self, pair: int) -> np.ndarray:
        """One divided hand: the pair card, a completing card, the other pair card out."""
        one = plus((0,) * 10, pair)
        seen = plus(one, pair)
        result = np.zeros(10)
        for rank in range(10):
            if seen[rank] < PACK[rank]:
                result += self.value(plus(one, rank), pair)
        return result


def first_deals() -> list[tuple[Counts, int]]:
    """The seat's first two cards as multisets, with the number of orders each is dealt in."""
    deals = []
    for a in range(10):
        for b in range(a, 10):
            deals.append((plus(plus((0,) * 10, a), b), 1 if a == b else 2))
    return deals


def is_natural(cards: Counts) -> bool:
    return sum(cards) == 2 and cards[ACE] == 1 and cards[TEN] == 1


def solve(
    banker: Banker,
    divided_doubled: bool = False,
    policy: Policy | None = None,
    finals: BankerFinals | None = None,
) -> Figure:
    """The seat's expectation per first stake in the first round off a full pack, the banker's
    first card split by whether it calls double on it (what the seat learns)."""
    finals = finals or BankerFinals(banker.h17)
    finals.prepare(standing_hands())
    figure = Figure(0.0, 0.0)
    every = frozenset(range(10))
    for ups, doubled in ((banker.doubles, True), (every - banker.doubles, False)):
        play = SeatPlay(ups, finals, doubled, policy)
        stake = 2.0 if doubled else 1.0
        new_stake = 2.0 if doubled and divided_doubled else 1.0
        by_up = np.zeros(10)
        for cards, orders in first_deals():
            deal = _first_deal(play, cards, stake, new_stake)
            by_up += orders * deal.value
            figure.mass += orders * play.weigh(deal.mass)
            figure.seat_second += orders * play.weigh(deal.second)
            figure.staked += orders * play.weigh(deal.staked)
            for card in {r for r in range(10) if cards[r]}:  # each order's first card
                share = orders if cards[card] == 2 else orders / 2
                figure.by_first_card[card] = figure.by_first_card.get(
                    card, 0.0
                ) + share * play.weigh(deal.value)
        figure.seat_ev += play.weigh(by_up)
        figure.by_banker_card[doubled] = by_up
        figure.actions.update(play.actions)
    for card in figure.by_first_card:  # per unit of the chance of that first card
        figure.by_first_card[card] /= PACK[card] / 52
    return figure


def follow(actions: dict[tuple[Counts, int | None, bool], str]) -> Policy:
    """A policy that plays a derived strategy's actions (None where it has none)."""
    return lambda own, pair, doubled: actions.get((own, pair, doubled))


def seat_banker(h17: bool, divided_doubled: bool, finals: BankerFinals) -> tuple[Banker, Figure]:
    """A seat banker's doubling derived: the first cards it calls double on, committed to with the
    seat replying best. From "ace or ten", each step doubles on the cards where doubling wins the
    banker more against the seat's reply to the last step; the steps may cycle, so the banker
    keeps the set, of those visited, that earns it most against the seat's best reply."""
    doubles = frozenset({ACE, TEN})
    visited: dict[frozenset[int], Figure] = {}
    while doubles not in visited:
        figure = solve(Banker(doubles, h17), divided_doubled, None, finals)
        visited[doubles] = figure
        seat_if_doubled, seat_if_not = figure.by_banker_card[True], figure.by_banker_card[False]
        doubles = frozenset(up for up in range(10) if seat_if_doubled[up] < seat_if_not[up])
    best = min(visited, key=lambda d: visited[d].seat_ev)
    return Banker(best, h17), visited[best]


class Deal(NamedTuple):
    """One first deal's figures, by the banker's first card: the seat's result, its square, the
    deal's chance and the units staked (each weighed by the deal's chance)."""

    value: np.ndarray
    second: np.ndarray
    mass: np.ndarray
    staked: np.ndarray


def _first_deal(play: SeatPlay, cards: Counts, stake: float, new_stake: float) -> Deal:
    chance = sequence_chance(cards)
    in_class = np.array([max(0, n - k) / 50 for n, k in zip(PACK, cards, strict=True)])
    mass = chance * in_class
    clear = no_natural(cards)  # no banker natural
    if is_natural(cards):
        return Deal(chance * stake * 2 * clear, chance * stake**2 * 4 * clear, mass, stake * mass)
    banker_natural = chance * (in_class - clear)  # the seat loses twice its stake
    keep = stake * play.value(cards, None)
    pair = next((r for r in range(10) if cards[r] == 2), None)
    if pair is not None:
        divide = (stake + new_stake) * play.divided_hand(pair)
        chosen = play.policy(cards, None, play.doubled) if play.policy else None
        if chosen == "divide" or (chosen is None and play.weigh(divide) > play.weigh(keep)):
            play.actions[(cards, None, play.doubled)] = "divide"
            one, cross = play.divided_moments(pair)
            second = (stake**2 + new_stake**2) * one + 2 * stake * new_stake * cross
            return Deal(
                divide - 2 * stake * banker_natural,
                second + 4 * stake**2 * banker_natural,
                mass,
                stake * mass + new_stake * chance * clear,
            )
    second = stake**2 * (play.second(cards, None) + 4 * banker_natural)
    return Deal(keep - 2 * stake * banker_natural, second, mass, stake * mass)


@cache
def standing_hands() -> tuple[Counts, ...]:
    """Every set of cards out the seat can stand with: its own, or its own and a pair card."""
    hands: list[Counts] = []

    def grow(cards: list[int], start: int) -> None:
        hands.append(tuple(cards))
        for r in range(start, 10):
            if cards[r] < PACK[r] and hard(tuple(cards)) + r + 1 <= 21:
                cards[r] += 1
                grow(cards, r)
                cards[r] -= 1

    grow([0] * 10, 0)
    extra = [plus(h, p) for h in hands for p in range(10) if 1 <= h[p] < PACK[p]]
    return tuple(hands + extra)
