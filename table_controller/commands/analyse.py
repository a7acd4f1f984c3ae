"""``table analyse GAME ...``: what each bet is worth to the house, exactly where it can be
computed, and by simulation through the real engine.

Each analysis is a module with ``add_arguments(parser)`` and ``run(args) -> int`` (its docstring's
first line is its help); a game lists its analyses in its record (``GameRecord.analyses``).
"""

from __future__ import annotations

import argparse
import importlib
import re
from dataclasses import dataclass
from typing import Any


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "analyse", help="game math: hit, hold and payout of a bet, exactly and by simulation"
    )
    games = parser.add_subparsers(dest="analysis", metavar="GAME", parser_class=type(parser))
    games.required = True
    from table_controller.games import records

    for name, module_path in ((a.name, a.module) for r in records().values() for a in r.analyses):
        module = importlib.import_module(module_path)
        doc = plain(module.__doc__ or name)
        sub = games.add_parser(
            name,
            help=first_sentence(doc).replace("%", "%%"),
            description=doc,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(sub)
        sub.set_defaults(func=module.run)


def plain(doc: str) -> str:
    """A module docstring as a user reads it: no reStructuredText markup (``x``, :data:`x`)."""
    doc = re.sub(r":\w+:`([^`]*)`", r"\1", doc.strip())
    return doc.replace("``", "")


def first_sentence(doc: str) -> str:
    """The docstring's first sentence, however many lines it runs over (the one-line help)."""
    paragraph = " ".join(doc.split("\n\n")[0].split())
    match = re.search(r"^(.+?\.)(\s|$)", paragraph)
    return match.group(1) if match else paragraph


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
    from table_controller.simulation import Progress, cores, run_jobs

    processes = max(1, min(workers or cores(), len(jobs)))
    progress = Progress(
        rounds, f"dealing through the engine on {processes} process{'es' if processes > 1 else ''}"
    )
    tally = run_jobs(jobs, workers=processes, progress=progress)
    return SimulationRun(tally, progress.elapsed, processes)
