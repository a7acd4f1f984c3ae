"""Farmer: each seat position's expectation per deal, by simulation.

Deals are played straight from each shuffle with the engine's own settlement (games/farmer/
quick_deals.py, about 20,000 deals in a few seconds); --engine deals them through the real rules
engine instead (every ante, draw, reveal and payment applied as at the table), with the same
random numbers and so the same figures, deal for deal, at about 1/30 of the speed.

A position is a seat's place relative to the farmer: position 1 is the farmer's left (it draws
first), position n the farmer (it draws last). Sessions of ``--session-deals`` deals are played
on random 45-card shuffles, the farm carried from deal to deal and the farmer's seat passing as
the rules say (F-20); each deal's net of each position (what it received less what it paid,
its ante included) is one sample. The stated strategy, for every seat: take the required
draw, then hit while the score is below ``--hit-below`` (default 12), else stay; a seat past
16 stays. Means are given with 95% confidence intervals (normal approximation).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any, TextIO

from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games.farmer.cards import farmer_deck
from table_controller.games.farmer.strategy import next_event
from table_controller.money import money
from table_controller.simulation import bet_figures

Z95 = 1.959964


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seats", type=int, default=4, help="seats at the table, 2 to 8 (default 4)"
    )
    parser.add_argument(
        "--deals", type=int, default=20_000, help="deals to simulate (default 20000)"
    )
    parser.add_argument(
        "--session-deals",
        type=int,
        default=50,
        help="deals per session: the farm carries over within one (default 50)",
    )
    parser.add_argument(
        "--hit-below",
        type=int,
        default=12,
        help="the strategy: hit while the score is below this, 2 to 17 (default 12)",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="random seed of the shuffles (default 1)"
    )
    parser.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help="a rule switch (F1-F6) or ante=CENTS, e.g. --switch F5=ante (repeatable)",
    )
    parser.add_argument(
        "--engine",
        action="store_true",
        help="deal through the real rules engine (the same figures, about 30 times slower)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar on stderr (shown only on a terminal)",
    )


@dataclass
class Tally:
    """Running sums per position: count, sum and sum of squares of the nets (cents)."""

    n: int = 0
    sums: list[int] = field(default_factory=list)
    squares: list[int] = field(default_factory=list)
    farm_won: list[int] = field(default_factory=list)  # deals in which the position took the farm

    def add(self, nets: list[int], winner: int | None) -> None:
        if not self.sums:
            self.sums, self.squares, self.farm_won = (
                [0] * len(nets),
                [0] * len(nets),
                [0] * len(nets),
            )
        self.n += 1
        for i, net in enumerate(nets):
            self.sums[i] += net
            self.squares[i] += net * net
        if winner is not None:
            self.farm_won[winner] += 1

    def mean_ci(self, i: int) -> tuple[float, float]:
        mean = self.sums[i] / self.n
        return mean, Z95 * self.sd(i) / math.sqrt(self.n)

    def sd(self, i: int) -> float:
        """The standard deviation of one deal's net (cents)."""
        mean = self.sums[i] / self.n
        return math.sqrt(
            max(0.0, self.squares[i] / self.n - mean * mean) * self.n / max(1, self.n - 1)
        )


def run(args: argparse.Namespace) -> int:
    from table_controller.games import make_game, parse_switches

    _check(args)
    game = make_game("farmer", seats=args.seats, switches=parse_switches(args.switch))
    show = (
        not args.no_progress and sys.stderr.isatty()
    )  # a redrawn bar is noise in a file or a pipe
    progress = Progress(args.deals, sys.stderr) if show else None
    start = time.process_time()
    play = simulate if args.engine else simulate_quickly
    tally, farm_left = play(
        game, args.deals, args.session_deals, args.hit_below, args.seed, progress
    )
    args.cpu_seconds = time.process_time() - start
    report = figures(game, tally, farm_left, args)
    print(json.dumps(report, indent=2) if args.json else words(report))
    return 0


def _check(args: argparse.Namespace) -> None:
    if not 2 <= args.seats <= 8:
        raise ConfigError(f"Farmer seats 2 to 8 players (got {args.seats})")
    if not 2 <= args.deals <= 100_000_000:
        raise ConfigError(f"--deals is 2 to 100000000 (got {args.deals})")
    if not 1 <= args.session_deals <= 1_000_000:
        raise ConfigError(f"--session-deals is 1 or more (got {args.session_deals})")
    if not 2 <= args.hit_below <= 17:
        raise ConfigError(f"--hit-below is 2 to 17 (got {args.hit_below})")


def simulate(
    game: Any,
    deals: int,
    session_deals: int,
    hit_below: int,
    seed: int,
    progress: Progress | None = None,
) -> tuple[Tally, list[int]]:
    """Play ``deals`` deals; the nets per position, and the farm left at each session's end."""
    rng = random.Random(seed)
    tally, farm_left = Tally(), []
    state = None
    for k in range(deals):
        if k % session_deals == 0:
            if state is not None:
                farm_left.append(state.farm)
            state = _choose_farmer(game, rng)
        else:
            state = game.next_hand(state)
        start_farm = state.farm
        state = play_deal(game, state, rng, hit_below)
        order = state.order()
        nets = [
            sum(d for p in state.settled for party, d in p.moves() if party == seat)
            for seat in order
        ]
        assert sum(nets) + state.farm - start_farm == 0, "a deal that does not balance"
        winner = next((order.index(p.seat) for p in state.settled if p.payer == "farm"), None)
        tally.add(nets, winner)
        if progress is not None:
            progress.step(k + 1)
    if state is not None:
        farm_left.append(state.farm)
    if progress is not None:
        progress.done()
    return tally, farm_left


def simulate_quickly(
    game: Any,
    deals: int,
    session_deals: int,
    hit_below: int,
    seed: int,
    progress: Progress | None = None,
) -> tuple[Tally, list[int]]:
    """As :func:`simulate`, the deals played straight from the shuffles (quick_deals)."""
    from table_controller.games.farmer.quick_deals import Table, choose_farmer, play

    rng = random.Random(seed)
    table, tally, farm_left = Table(game.switches, tuple(game.seats)), Tally(), []
    for k in range(deals):
        if k % session_deals == 0:
            if k:
                farm_left.append(table.farm)
            choose_farmer(table, rng)
        deal = play(table, rng, hit_below)
        tally.add(deal.nets, deal.winner)
        if progress is not None:
            progress.step(k + 1)
    farm_left.append(table.farm)
    if progress is not None:
        progress.done()
    return tally, farm_left


def _shoe(rng: random.Random) -> list[Any]:
    cards = list(farmer_deck())
    rng.shuffle(cards)
    return cards


def _choose_farmer(game: Any, rng: random.Random) -> Any:
    """F-8: a new session's first farmer, dealt for until the 6H appears."""
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
    cards = _shoe(rng)
    while state.farmer is None:
        state, _ = game.apply(state, CardArrived(cards.pop(0)))
    return state


def play_deal(game: Any, state: Any, rng: random.Random, hit_below: int) -> Any:
    cards: list[Any] = []
    while not game.expected(state).hand_over:
        exp = game.expected(state)
        if NEW_DECK in exp.controls:
            event: Any = Control(NEW_DECK)
            cards = _shoe(rng)
        else:
            event = next_event(game, state, hit_below) or CardArrived(cards.pop(0))
        state, _ = game.apply(state, event)
    return state


def position_name(i: int, seats: int) -> str:
    if i == seats - 1:
        return "the farmer"
    return "the farmer's left" if i == 0 else f"{i + 1} from the farmer's left"


def figures(
    game: Any, tally: Tally, farm_left: list[int], args: argparse.Namespace
) -> dict[str, Any]:
    ante = game.switches.ante
    positions = []
    for i in range(len(game.seats)):
        mean, half = tally.mean_ci(i)
        positions.append(
            {
                "position": i + 1,
                "name": position_name(i, len(game.seats)),
                "mean_cents": round(mean, 3),
                "ci95_cents": [round(mean - half, 3), round(mean + half, 3)],
                "mean_antes": round(mean / ante, 5),
                "sd_antes": round(tally.sd(i) / ante, 4),
                "farm_won_pct": round(100 * tally.farm_won[i] / tally.n, 3),
            }
        )
    return {
        "game": "farmer",
        "seats": len(game.seats),
        "deals": tally.n,
        "session_deals": args.session_deals,
        "seed": args.seed,
        "ante": ante,
        "switches": game.switches.to_dict(),
        "method": "simulated through the rules engine"
        if args.engine
        else "simulated: deals played straight from each shuffle, settled by the engine's own settlement",
        "cpu_seconds": round(getattr(args, "cpu_seconds", 0.0), 2),
        "strategy": f"every seat takes its required draw, then hits while its score is below {args.hit_below}, "
        "else stays; a seat past 16 stays",
        "positions": positions,
        "bets": {  # each position's ante and what the deal makes it pay, against it
            f"position {i + 1}": bet_figures(
                -tally.mean_ci(i)[0] / ante,
                tally.sd(i) / ante,
                "ante (per deal, the ante included)",
                False,
                tally.mean_ci(i)[1] / ante,
            )
            for i in range(len(game.seats))
        },
        "farm_left_mean_cents": round(sum(farm_left) / len(farm_left), 3) if farm_left else 0,
    }


def words(report: dict[str, Any]) -> str:
    ante = report["ante"]
    lines = [
        f"Farmer, {report['seats']} seats, ante {money(ante)}: {report['deals']} deals in sessions of "
        f"{report['session_deals']} (seed {report['seed']})",
        f"Strategy: {report['strategy']}.",
        "Expectation per deal, the ante included, with its 95% confidence interval:",
    ]
    for p in report["positions"]:
        lo, hi = p["ci95_cents"]
        lines.append(
            f"  {p['position']}. {p['name']:<24} {p['mean_cents'] / 100:+7.3f} $  "
            f"[{lo / 100:+.3f}, {hi / 100:+.3f}]  ({p['mean_antes']:+.4f} antes, sd {p['sd_antes']:.3f}; "
            f"takes the farm "
            f"{p['farm_won_pct']:.2f}% of deals)"
        )
    lines.append(
        f"Left in the farm at a session's end, on average: {money(round(report['farm_left_mean_cents']))} "
        "(the positions' expectations sum to minus this over the session's deals)"
    )
    return "\n".join(lines)


class Progress:
    """A progress bar on ``out`` (stderr): redrawn at most every tenth of a second."""

    WIDTH = 30

    def __init__(self, total: int, out: TextIO) -> None:
        self.total, self.out = total, out
        self.start = self.last = time.monotonic()

    def step(self, done: int) -> None:
        now = time.monotonic()
        if now - self.last < 0.1 and done < self.total:
            return
        self.last = now
        self._draw(done, now)

    def _draw(self, done: int, now: float) -> None:
        filled = self.WIDTH * done // self.total
        rate = done / max(now - self.start, 1e-9)
        self.out.write(
            f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {100 * done // self.total:3d}% "
            f"{done}/{self.total} deals, {rate:,.0f}/s"
        )
        self.out.flush()

    def done(self) -> None:
        self._draw(self.total, time.monotonic())
        self.out.write("\n")
        self.out.flush()
