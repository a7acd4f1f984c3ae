"""``table scenario FILE``: play one game from a stacked deck and print its JSON trace."""

from __future__ import annotations

import argparse
import json
import sys

from table_controller.errors import RuleViolation
from table_controller.jsonfile import read_json_file


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "scenario",
        help="play one game from a stacked deck and print a JSON trace",
        description="Play one game from a stacked deck (docs/scenarios.md) and print its JSON trace. "
        "Exit 1 when a decision is not legal, 2 when the file is not a valid scenario.",
    )
    parser.add_argument("file", help="scenario JSON file, or - for standard input")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from table_controller.scenario import run_scenario

    data = read_json_file(args.file, what="scenario")
    try:
        trace = run_scenario(data)
    except RuleViolation as exc:
        print(f"table scenario: error: {exc}", file=sys.stderr)
        return 1
    json.dump(trace, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0
