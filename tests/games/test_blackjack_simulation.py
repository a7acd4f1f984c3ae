"""Rounds dealt through the real blackjack engine agree with the exact side-bet figures, and the
derived basic strategy plays them: the test that the engine settles the side bet as the math says."""

from __future__ import annotations

import math

from table_controller.games.blackjack.paytables import builtin_paytable
from table_controller.games.blackjack.side_math import SideBetRules, analyse
from table_controller.games.blackjack.simulate import Job
from table_controller.games.blackjack.switches import Switches
from table_controller.simulation import chunks, run_jobs

Z95 = 1.96


def _simulate(switches: Switches, table, rounds: int, seed: int, workers: int = 1, size: int = 500):
    return run_jobs(
        [Job(switches, table, n, seed, i) for i, n in chunks(rounds, size)], workers=workers
    )


def test_simulated_side_bet_agrees_with_the_exact_figures_within_the_95_percent_interval() -> None:
    switches, table = Switches(B1="6", B14="PT5"), builtin_paytable("PT5")
    exact = analyse(SideBetRules(6, table))
    tally = _simulate(switches, table, 2500, seed=12)
    assert tally.rounds == 2500 and tally.seats == 7
    assert abs(tally.side_hits.mean - float(exact.hit)) <= tally.side_hits.half_width
    assert abs(tally.side_return.mean - float(exact.player_return)) <= tally.side_return.half_width
    bets = tally.rounds * tally.seats
    for outcome in exact.outcomes:
        p = float(outcome.probability)
        seen = tally.outcomes.get(outcome.id, 0) / bets
        assert abs(seen - p) <= Z95 * math.sqrt(p * (1 - p) / bets) + 1 / bets, outcome.id


def test_figures_depend_on_the_seed_not_on_the_processes() -> None:
    switches, table = Switches(B1="2"), builtin_paytable("PT2")
    one = _simulate(switches, table, 120, seed=4, workers=1, size=40)
    two = _simulate(switches, table, 120, seed=4, workers=2, size=40)
    assert (one.outcomes, one.side_return.total, one.main_return.total) == (
        two.outcomes,
        two.side_return.total,
        two.main_return.total,
    )
    other = _simulate(switches, table, 120, seed=5, workers=1, size=40)
    assert other.main_return.total != one.main_return.total
