"""Blackjack's house edge on the shoe of B1 decks, by combinatorial analysis.

Every first deal (the up card and the seat's two cards, taken out of the shoe) is weighed by its
exact chance; each play's value is computed with the cards dealt out of the shoe, the player's hits
too (``shoe_player``), and the dealer's final totals from the exact cards left, the hole card
conditioned on the peek (``shoe_dealer``). With B3 = ``enhc`` the dealer's second card comes after
the play, so a dealer blackjack takes what B4 says.

Splits use the usual approximation (as the Wizard of Odds' Appendix 9 states it): a split hand is
valued with its own cards and the pair cards of every hand made so far out of the shoe, not the
cards drawn to the seat's other split hands; re-splits follow the chance of drawing the pair's rank
from that shoe (``split_value``).

Strategy: ``cd`` plays each hand by its exact cards (composition-dependent, the published
combinatorial analyses' convention); ``td`` plays hits and stands after the first decision by the
total alone, the total-dependent basic strategy derived for this shoe (first decisions, doubles,
splits and surrender stay by the two cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from table_controller.games.blackjack.basic_strategy import UPS, Rules, _hard_cards, _split_counts
from table_controller.games.blackjack.shoe_player import ONE, UpCardSolver
from table_controller.games.blackjack.total_dependent import derive_total_dependent

STRATEGIES = ("cd", "td")
LETTERS = {"stand": "S", "hit": "H", "double": "D", "split": "P", "surrender": "R"}


@dataclass(frozen=True)
class ShoeAnalysis:
    decks: int
    strategy: str
    expected_return: float  # per initial bet; negative is the house's edge
    second_moment: float  # E[result squared], per initial bet squared (splits approximate, below)
    plays: dict[tuple[int, int, int], dict[str, float]] = field(
        repr=False
    )  # (up, first, second) -> play values
    chosen: dict[tuple[int, int, int], str] = field(
        repr=False
    )  # (up, first, second) -> the strategy's play

    @property
    def house_edge_pct(self) -> float:
        return -100 * self.expected_return

    @property
    def sd(self) -> float:
        """The standard deviation of one round's result, in initial bets."""
        return (self.second_moment - self.expected_return**2) ** 0.5

    def best_play(self, up: int, first: int, second: int) -> str:
        return self.chosen[(up, min(first, second), max(first, second))]

    def chart(self) -> dict[str, list[tuple[str, list[str]]]]:
        """The first decisions as the usual three tables (card values 1..10; ace 1)."""

        def row(first: int, second: int) -> list[str]:
            return [LETTERS[self.best_play(up - 1, first - 1, second - 1)] for up in UPS]

        hard = [(str(t), row(*_hard_cards(t))) for t in range(5, 20)] + [("20", row(10, 10))]
        soft = [(f"A,{k}", row(1, k)) for k in range(2, 10)]
        pairs = [
            (f"{'A' if v == 1 else v},{'A' if v == 1 else v}", row(v, v))
            for v in (1, 10, 9, 8, 7, 6, 5, 4, 3, 2)
        ]
        return {"hard": hard, "soft": soft, "pairs": pairs}


def shoe_counts(decks: int) -> tuple[int, ...]:
    return tuple([4 * decks] * 9 + [16 * decks])


def analyse(rules: Rules, decks: int, strategy: str = "td") -> ShoeAnalysis:
    shoe = shoe_counts(decks)
    plays: dict[tuple[int, int, int], dict[str, float]] = {}
    chosen: dict[tuple[int, int, int], str] = {}
    chances = first_deals(shoe)
    square = 0.0
    for up in range(10):
        solver = UpCardSolver(shoe, up, rules.h17)
        if strategy == "td":
            solver.fixed = derive_total_dependent(solver)
        here = {key: p for key, p in chances.items() if key[0] == up}
        for key in here:
            plays[key] = first_decision(solver, rules, key[1], key[2])
        chosen.update(
            choose_by_total(plays, here)
            if strategy == "td"
            else {k: max(plays[k], key=plays[k].__getitem__) for k in here}
        )
        square += sum(
            p * second_moment(solver, rules, key[1], key[2], chosen[key]) for key, p in here.items()
        )
    result = sum(p * plays[key][chosen[key]] for key, p in chances.items())
    return ShoeAnalysis(decks, strategy, result, square, plays, chosen)


def dealer_chances(rules: Rules, decks: int) -> tuple[float, ...]:
    """The chance the dealer ends on 17, 18, 19, 20, 21 or busts (no blackjack), from a full shoe."""
    from table_controller.games.blackjack.shoe_dealer import dealer_table

    shoe = shoe_counts(decks)
    total = sum(shoe)
    out = np.zeros(6)
    for up in range(10):
        left = np.array(shoe, dtype=float)
        left[up] -= 1
        out += shoe[up] / total * dealer_table(up, rules.h17).finals(left)
    return tuple(float(x) for x in out)


def first_deals(shoe: tuple[int, ...]) -> dict[tuple[int, int, int], float]:
    """The chance of each (up card, first card, second card), the seat's two cards unordered."""
    total = sum(shoe)
    out = {}
    for up in range(10):
        left = [n - (r == up) for r, n in enumerate(shoe)]
        for a in range(10):
            for b in range(a, 10):
                ways = left[a] * (left[b] - (a == b)) * (1 if a == b else 2)
                if ways > 0:
                    out[(up, a, b)] = shoe[up] / total * ways / ((total - 1) * (total - 2))
    return out


def choose_by_total(
    plays: dict[tuple[int, int, int], dict[str, float]], chances: dict[tuple[int, int, int], float]
) -> dict[tuple[int, int, int], str]:
    """The total-dependent first decision: one play for all two-card hands of a total (pairs by
    their rank), the one worth most summed over those hands, each weighed by its chance."""
    groups: dict[tuple, list[tuple[int, int, int]]] = {}
    for key in chances:
        _, a, b = key
        hard, ace = a + b + 2, a == 0 or b == 0
        groups.setdefault(("pair", a) if a == b else (hard, ace), []).append(key)
    out = {}
    for keys in groups.values():
        legal = set.intersection(*(set(plays[k]) for k in keys))
        play = max(legal, key=lambda p: sum(chances[k] * plays[k][p] for k in keys))
        out.update(dict.fromkeys(keys, play))
    return out


def first_decision(solver: UpCardSolver, rules: Rules, a: int, b: int) -> dict[str, float]:
    """Each legal first play's value per initial bet, dealer blackjacks included."""
    out = ONE[a] + ONE[b]
    no_bj = solver.no_blackjack(out, 2)
    bj = 1.0 - no_bj
    if {a, b} == {0, 9}:
        return {"stand": no_bj * rules.blackjack_pays}  # a dealer blackjack pushes it
    hard, ace = a + b + 2, a == 0 or b == 0
    solver.prefetch_hits(out, hard)
    stand, hit = solver.hit_and_stand(out, 2, hard, ace)
    values = {"stand": stand, "hit": hit}
    lost = {"stand": 1.0, "hit": 1.0}  # what a dealer blackjack takes, per initial bet
    total = hard + 10 if ace and hard <= 11 else hard
    if rules.may_double(total, split=False):
        values["double"] = solver.double(out, 2, hard, ace)
        lost["double"] = 2.0 if not rules.peek and rules.lose_all else 1.0
    if rules.surrender:
        values["surrender"] = -0.5 * no_bj
        lost["surrender"] = 1.0
    if a == b and rules.split_limit(a + 1) >= 2:
        best = max(value - bj * lost[play] for play, value in values.items())
        values["split"], hands = quick_split_value(solver, rules, a)
        lose_all = not rules.peek and rules.lose_all
        if (
            values["split"] - bj * (hands if lose_all else 1.0) > best - NEAR
        ):  # in contention: the full recursion
            values["split"], hands = split_value(solver, rules, a)
        lost["split"] = hands if lose_all else 1.0
    return {play: value - bj * lost[play] for play, value in values.items()}


NEAR = 0.05  # a split valued this far below the best other play by the quick form is never chosen


def quick_split_value(solver: UpCardSolver, rules: Rules, pair: int) -> tuple[float, float]:
    """The split's value with only the first two pair cards out for every hand (re-splits by a
    fixed chance of the pair's rank): within a few thousandths of ``split_value``, and enough to
    see that a split is not worth the full recursion."""
    out = 2 * ONE[pair]
    solver.prefetch_hits(out, pair + 1)
    draws = dict(solver.draws(out, 2))
    q = draws.get(pair, 0.0)
    other, at_limit = _split_counts(q, 2, 2, rules.split_limit(pair + 1))
    value = {r: split_hand(solver, rules, pair, r) for r in draws}
    ev_other = sum(p * value[r] for r, p in draws.items() if r != pair) / (1 - q) if q < 1 else 0.0
    return other * ev_other + at_limit * value.get(pair, 0.0), other + at_limit


def second_moment(solver: UpCardSolver, rules: Rules, a: int, b: int, play: str) -> float:
    """E[result squared] of the play chosen for the first deal (a, b), dealer blackjacks included.
    A split's hands are taken as independent given the dealer's final total (an approximation:
    each hand's cards change the others' and the dealer's chances a little)."""
    out = ONE[a] + ONE[b]
    no_bj = solver.no_blackjack(out, 2)
    bj = 1.0 - no_bj
    hard, ace = a + b + 2, a == 0 or b == 0
    total = hard + 10 if ace and hard <= 11 else hard
    lose_all = not rules.peek and rules.lose_all
    if {a, b} == {0, 9}:
        return no_bj * rules.blackjack_pays**2
    if play == "stand":
        return solver.stand_square(out, 2, total) + bj
    if play == "hit":
        return (
            sum(
                p * solver.square(out + ONE[r], out + ONE[r], 3, hard + r + 1, ace or r == 0)
                for r, p in solver.draws(out, 2)
            )
            + bj
        )
    if play == "double":
        return solver.double_square(out, 2, hard, ace) + bj * (4.0 if lose_all else 1.0)
    if play == "surrender":
        return 0.25 * no_bj + bj
    _, hands = split_value(solver, rules, a)
    draws = dict(solver.draws(2 * ONE[a], 2))
    per_hand = sum(p * split_hand_square(solver, rules, a, r) for r, p in draws.items())
    joint = sum(p * split_hand_by_dealer(solver, rules, a, r) for r, p in draws.items())
    dealer = solver.finals(2 * ONE[a])
    pairs = float(
        (joint**2 / np.where(dealer > 0, dealer, 1.0)).sum()
    )  # E[Y1 Y2], no dealer blackjack
    return hands * per_hand + hands * (hands - 1) * pairs + bj * (hands**2 if lose_all else 1.0)


def split_hand_by_dealer(solver: UpCardSolver, rules: Rules, pair: int, second: int) -> np.ndarray:
    hand = ONE[pair] + ONE[second]
    out = hand + ONE[pair]
    hard, ace = pair + second + 2, pair == 0 or second == 0
    total = hard + 10 if ace and hard <= 11 else hard
    if pair == 0 and not rules.hit_split_aces:
        return solver.by_dealer(hand, out, 3, hard, ace, "stand")
    best = solver.best(hand, out, 3, hard, ace)
    if rules.may_double(total, split=True) and solver.double(out, 3, hard, ace) > best:
        return solver.by_dealer(hand, out, 3, hard, ace, "double")
    return solver.by_dealer(hand, out, 3, hard, ace)


def split_hand_square(solver: UpCardSolver, rules: Rules, pair: int, second: int) -> float:
    hand = ONE[pair] + ONE[second]
    out = hand + ONE[pair]
    hard, ace = pair + second + 2, pair == 0 or second == 0
    total = hard + 10 if ace and hard <= 11 else hard
    if pair == 0 and not rules.hit_split_aces:
        return solver.stand_square(out, 3, total)
    best = solver.best(hand, out, 3, hard, ace)
    if rules.may_double(total, split=True) and solver.double(out, 3, hard, ace) > best:
        return solver.double_square(out, 3, hard, ace)
    if solver.stands(hand, out, 3, hard, ace):
        return solver.stand_square(out, 3, total)
    return sum(
        p * solver.square(hand + ONE[r], out + ONE[r], 4, hard + r + 1, ace or r == 0)
        for r, p in solver.draws(out, 3)
    )


def split_value(solver: UpCardSolver, rules: Rules, pair: int) -> tuple[float, float]:
    """(the split's value without dealer blackjacks, the expected number of hands).

    A recursion over (hands still waiting for a second card, hands): with h hands made, h cards of
    the pair are out of the shoe; a second card of the pair's rank re-splits while the limit
    allows; every other card completes a hand, valued with its own two cards and the other
    pair cards out (not the cards drawn to the other hands: the usual approximation)."""
    limit = rules.split_limit(pair + 1)
    memo: dict[tuple[int, int], tuple[float, float]] = {}

    def waiting(pending: int, hands: int) -> tuple[float, float]:
        if pending == 0:
            return 0.0, 0.0
        if (pending, hands) not in memo:
            solver.prefetch_hits(hands * ONE[pair], pair + 1)
            value = count = 0.0
            for r, p in solver.draws(hands * ONE[pair], hands):
                if r == pair and hands < limit:
                    v, n = waiting(pending + 1, hands + 1)
                else:
                    rest, n_rest = waiting(pending - 1, hands)
                    v, n = split_hand(solver, rules, pair, r, hands) + rest, 1 + n_rest
                value, count = value + p * v, count + p * n
            memo[(pending, hands)] = (value, count)
        return memo[(pending, hands)]

    return waiting(2, 2)


def split_hand(solver: UpCardSolver, rules: Rules, pair: int, second: int, hands: int = 2) -> float:
    """A split hand of (pair, second) when ``hands`` hands were made: the other pair cards out too."""
    hand = ONE[pair] + ONE[second]
    out = hand + (hands - 1) * ONE[pair]
    hard, ace = pair + second + 2, pair == 0 or second == 0
    total = hard + 10 if ace and hard <= 11 else hard
    stand = solver.stand(out, total)
    if pair == 0 and not rules.hit_split_aces:
        return stand
    best = solver.best(hand, out, hands + 1, hard, ace)
    if rules.may_double(total, split=True):
        best = max(best, solver.double(out, hands + 1, hard, ace))
    return best
