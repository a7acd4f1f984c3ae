"""``table analyse GAME ...``: what each bet is worth to the house, exactly where it can be
computed, and by simulation through the real engine.

Each analysis is a module with ``add_arguments(parser)`` and ``run(args) -> int`` (its docstring's
first line is its help); a game lists its analyses in its record (``GameRecord.analyses``).
"""

from __future__ import annotations

import argparse
import importlib
import re

from table_controller.simulation import (  # noqa: F401 (the analyses' own, kept here too)
    SimulationRun,
    add_simulation_arguments,
    positive,
    simulate,
)


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
