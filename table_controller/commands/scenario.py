"""``table scenario FILE``: play one game from a stacked deck and print its JSON trace."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from table_controller.errors import RuleViolation, ScenarioError


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

    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot read {args.file}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{args.file} is not JSON: {exc}") from None
    try:
        trace = run_scenario(data)
    except RuleViolation as exc:
        print(f"table scenario: error: {exc}", file=sys.stderr)
        return 1
    json.dump(trace, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0
