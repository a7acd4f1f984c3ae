"""The total-dependent basic strategy for one up card on a finite shoe: hit or stand by the hand's
total (and whether it is soft) alone, as a player without a composition chart plays.

Each (total, soft) is decided once, in an order where hitting only ever reaches totals already
decided (hard 20 down to 11, soft 20 down to 12, hard 10 down to 4): stand when standing beats
hitting summed over every hand of that total, each weighed by the chance its cards are dealt
(the usual convention of combinatorial analysers, e.g. Eric Farmer's).
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from table_controller.games.blackjack.shoe_player import UpCardSolver

ORDER = (
    [(t, False) for t in range(20, 10, -1)]
    + [(t, True) for t in range(20, 11, -1)]
    + [(t, False) for t in range(10, 3, -1)]
)


def derive_total_dependent(solver: UpCardSolver) -> Callable[[int, bool], str]:
    decided: dict[tuple[int, bool], str] = {}

    def fixed(total: int, soft: bool) -> str:
        return decided[(total, soft)]

    solver.fixed = fixed
    groups = hands_by_total(solver)
    solver.prefetch([hand[0] for hands in groups.values() for hand in hands])
    for state in ORDER:
        margin = 0.0
        for hand, cards, hard, ace, weight in groups.get(state, ()):
            stand, hit = solver.stand(hand, state[0]), solver.hit(hand, hand, cards, hard, ace)
            margin += weight * (stand - hit)
        decided[state] = "S" if margin >= 0 else "H"
    return fixed


def hands_by_total(
    solver: UpCardSolver,
) -> dict[tuple[int, bool], list[tuple[int, int, int, bool, float]]]:
    """Every hand of two or more cards below 21 from the shoe, grouped by (total, soft), with the
    chance of its cards being dealt."""
    from table_controller.games.blackjack.shoe_player import ONE

    shoe, size = solver.base_counts, solver.base_total
    groups: dict[tuple[int, bool], list[tuple[int, int, int, bool, float]]] = {}

    def walk(code: int, held: list[int], cards: int, hard: int, lowest: int) -> None:
        if cards >= 2:
            ace = held[0] > 0
            soft = ace and hard <= 11
            total = hard + 10 if soft else hard
            if total < 21:
                ways = 1
                for r, h in enumerate(held):
                    if h:
                        ways *= comb(shoe[r], h)
                groups.setdefault((total, soft), []).append(
                    (code, cards, hard, ace, ways / comb(size, cards))
                )
        for r in range(lowest, 10):
            if hard + r + 1 <= 21 and held[r] < shoe[r]:
                held[r] += 1
                walk(code + ONE[r], held, cards + 1, hard + r + 1, r)
                held[r] -= 1

    walk(0, [0] * 10, 0, 0, 0)
    return groups
