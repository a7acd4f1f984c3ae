"""Long simulations on every core: a run of N rounds is cut into chunks of a fixed size, each
with its own seed made from the run's seed and the chunk's number, so the figures depend on the
seed and N only, never on how many processes ran them. Progress goes to a stream (stderr).

A chunk is a picklable job whose ``run()`` returns a tally with ``merge(other)`` and ``rounds``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Protocol, TextIO, TypeVar

CHUNK = (
    500  # rounds per job: small enough for a lively progress bar, large enough to amortise a job
)


class Tally(Protocol):
    rounds: int

    def merge(self, other: Any) -> None: ...


T = TypeVar("T", bound=Tally)


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # a system without CPU affinity: every core it has
        return os.cpu_count() or 1


def chunks(rounds: int, size: int = CHUNK) -> list[tuple[int, int]]:
    """(chunk number, rounds in it) covering ``rounds``."""
    return [(i, min(size, rounds - start)) for i, start in enumerate(range(0, rounds, size))]


@dataclass
class Progress:
    """A plain-text progress bar on one line of ``stream``, redrawn at most ten times a second."""

    total: int
    label: str
    stream: TextIO | None = None
    done: int = 0
    started: float = 0.0
    shown: float = 0.0

    def __post_init__(self) -> None:
        self.stream = self.stream or sys.stderr
        self.started = self.shown = time.perf_counter()

    def advance(self, n: int) -> None:
        self.done += n
        now = time.perf_counter()
        if self.done >= self.total or (now - self.shown >= 0.1 and self._terminal()):
            self.shown = now
            self._draw(now)

    def _terminal(self) -> bool:
        """Redraw only on a terminal: in a file or a pipe the bar is one final line, not kilobytes of \\r."""
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty and isatty())

    def _draw(self, now: float) -> None:
        share = self.done / self.total if self.total else 1.0
        bar = "#" * int(30 * share) + "-" * (30 - int(30 * share))
        rate = self.done / max(now - self.started, 1e-9)
        assert self.stream is not None
        self.stream.write(
            f"\r{self.label} [{bar}] {100 * share:3.0f}% {self.done:,}/{self.total:,} rounds, "
            f"{rate:,.0f} rounds/s"
        )
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.started


def run_jobs(
    jobs: Sequence[Callable[[], T]], *, workers: int | None = None, progress: Progress | None = None
) -> T:
    """Run every job (one process per core unless ``workers`` says otherwise) and merge their
    tallies in job order, so the result is the same however many processes ran them."""
    workers = max(1, min(workers or cores(), len(jobs)))
    results: dict[int, T] = {}
    if workers == 1:
        for i, job in enumerate(jobs):
            results[i] = job()
            if progress:
                progress.advance(results[i].rounds)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(job): i for i, job in enumerate(jobs)}
            for future in as_completed(futures):
                results[futures[future]] = tally = future.result()
                if progress:
                    progress.advance(tally.rounds)
    first = results[0]
    for i in range(1, len(jobs)):
        first.merge(results[i])
    return first


# ----- what every game's `table analyse` shares: its simulation's arguments and run -----
def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number (got {text!r})") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1 (got {value})")
    return value


def add_simulation_arguments(parser: argparse.ArgumentParser) -> None:
    """--simulate N, --seed S and --workers W, the same for every game."""
    parser.add_argument(
        "--simulate",
        type=positive,
        default=None,
        metavar="N",
        help="also deal N rounds through the real engine and print the figures with 95%% intervals",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        help="the simulation's seed (default 1): same seed, same figures",
    )
    parser.add_argument(
        "--workers",
        type=positive,
        default=None,
        help="processes for the simulation (default: every core)",
    )


@dataclass(frozen=True)
class SimulationRun:
    tally: Any  # the jobs' merged tally
    elapsed: float  # seconds, wall clock
    processes: int

    @property
    def rounds_per_second(self) -> float:
        return self.tally.rounds / self.elapsed if self.elapsed else 0.0


def simulate(jobs: list[Any], rounds: int, workers: int | None) -> SimulationRun:
    """Run the jobs on every core (or ``workers``), a progress bar on stderr."""
    processes = max(1, min(workers or cores(), len(jobs)))
    progress = Progress(
        rounds, f"dealing through the engine on {processes} process{'es' if processes > 1 else ''}"
    )
    tally = run_jobs(jobs, workers=processes, progress=progress)
    return SimulationRun(tally, progress.elapsed, processes)


def bet_figures(
    edge: float, sd: float, per: str, exact: bool, edge_ci95: float | None = None
) -> dict[str, Any]:
    """One bet's figures as every analysis's ``--json`` gives them under ``bets`` (the floor's
    band needs both): ``edge`` the house's expected win and ``sd`` the standard deviation of one
    bet's result, both in units of ``per``; ``edge_ci95`` the 95% half-width of a simulated edge."""
    row: dict[str, Any] = {"edge": edge, "sd": sd, "per": per, "exact": exact}
    if edge_ci95 is not None:
        row["edge_ci95"] = edge_ci95
    return row
