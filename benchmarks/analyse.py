"""Game math speed: the exact Dead Man's Hand analysis at 8 decks, blackjack's at 8 decks, Vingt-un's
first round, and the simulation's rounds per second per core (seven seats, side bets, the derived
basic strategy, every payment confirmed) beside the engine's own rate (benchmarks/engine.py:
random legal play), then on every core.

    .venv/bin/python benchmarks/analyse.py [--rounds 2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import play_blackjack_rounds

from table_controller.games.blackjack import side_math
from table_controller.games.blackjack.paytables import PAYTABLES
from table_controller.games.blackjack.side_math import SideBetRules, analyse
from table_controller.games.blackjack.simulate import Job, play_rounds
from table_controller.games.blackjack.switches import Switches
from table_controller.simulation import chunks, cores, run_jobs


def exact_8_decks(repeat: int) -> None:
    for name, table in PAYTABLES.items():
        runs = []
        for _ in range(repeat):
            side_math.outcome_chances.cache_clear()  # cold every time: the figure is the enumeration's
            side_math._split.cache_clear()
            start = time.perf_counter()
            figures = analyse(SideBetRules(8, table))
            runs.append(time.perf_counter() - start)
        print(
            f"exact Dead Man's Hand, {name}, 8 decks: {min(runs) * 1000:.1f} ms (best of {repeat}, cold caches), "
            f"hold {figures.hold_pct:.4f}%"
        )


def blackjack_8_decks() -> None:
    """The combinatorial house edge on eight decks (issue 43: at most 10 s on one core), CPU time."""
    from table_controller.games.blackjack.basic_strategy import Rules
    from table_controller.games.blackjack.finite_shoe import analyse as blackjack
    from table_controller.games.blackjack.shoe_dealer import dealer_table

    for strategy in ("td", "cd"):
        dealer_table.cache_clear()
        start = time.process_time()
        result = blackjack(Rules(), 8, strategy)
        print(
            f"exact blackjack, 8 decks, H17 DAS, {strategy}: {time.process_time() - start:.2f} s CPU, "
            f"house edge {result.house_edge_pct:.4f}%, sd {result.sd:.4f}"
        )


def vingt_un_exact() -> None:
    """Vingt-un's exact first round, edge and sd: the house banker, then both bankers as the
    command derives them, CPU time (cold caches: a fresh table of the banker's finals each)."""
    from table_controller.games.vingt_un.analysis import derive, house_banker
    from table_controller.games.vingt_un.switches import Switches as VingtUnSwitches

    start = time.process_time()
    _, house = house_banker(VingtUnSwitches())
    print(
        f"exact Vingt-un, the house banking: {time.process_time() - start:.2f} s CPU, banker's "
        f"edge {100 * house.banker_edge:.4f}%, a seat's sd {house.sd:.4f} first stakes"
    )
    start = time.process_time()
    both = derive(VingtUnSwitches())
    print(
        f"exact Vingt-un, both bankers (the seat banker derived): {time.process_time() - start:.2f} s "
        f"CPU, seat banker's edge {100 * both.seat_figure.banker_edge:.4f}%, sd {both.seat_figure.sd:.4f}"
    )


def per_core(rounds: int, repeat: int) -> float:
    switches, table = Switches(), PAYTABLES["PT2"]
    play_rounds(Job(switches, table, 50, 0, 0))  # warm up
    best_sim = best_engine = 0.0
    for i in range(repeat):
        start = time.perf_counter()
        play_rounds(Job(switches, table, rounds, 1, i))
        best_sim = max(best_sim, rounds / (time.perf_counter() - start))
        start = time.perf_counter()
        play_blackjack_rounds(rounds, seed=i + 3)
        best_engine = max(best_engine, rounds / (time.perf_counter() - start))
    print(
        f"simulation (derived strategy, 7 seats, side bets, every payment confirmed), one core: "
        f"{best_sim:,.0f} rounds/s = {7 * best_sim:,.0f} hands/s (best of {repeat})"
    )
    print(
        f"engine (benchmarks/engine.py, random legal play, 7 seats), one core: {best_engine:,.0f} rounds/s"
    )
    return best_sim


def all_cores(rounds: int) -> None:
    n = cores()
    jobs = [Job(Switches(), PAYTABLES["PT2"], size, 2, i) for i, size in chunks(rounds * n)]
    start = time.perf_counter()
    run_jobs(jobs, workers=n)
    rate = rounds * n / (time.perf_counter() - start)
    print(
        f"simulation on {n} processes: {rate:,.0f} rounds/s ({rate / n:,.0f} per core; the "
        "machine's other load shares them)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    exact_8_decks(args.repeat)
    blackjack_8_decks()
    vingt_un_exact()
    affinity = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    if affinity:
        os.sched_setaffinity(0, {min(affinity)})  # one core for the per-core figures
    per_core(args.rounds, args.repeat)
    if affinity:
        os.sched_setaffinity(0, affinity)
    all_cores(args.rounds)


if __name__ == "__main__":
    main()
