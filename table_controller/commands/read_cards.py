"""``table read-cards URL [--count N]``: print every event a card source reports, as JSON lines.

For ``sim://`` the command plays the dealer and draws the cards itself.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drivers.base import CardSource


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "read-cards",
        help="print the events of a card source as JSON lines",
        description="Open a card source by URL (serial:///dev/ttyUSB0?baud=9600, "
        "serial://?url=loop://, sim://?seed=42) and print one JSON line per event: cards, "
        "and hardware events such as disconnects and bad frames.",
    )
    parser.add_argument("url", help="card-source URL")
    parser.add_argument("--count", type=int, metavar="N", help="exit after N cards")
    parser.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="give up (exit 1) when N cards have not arrived in time",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drivers.registry import open_source
    from table_controller.errors import ConfigError

    if args.count is not None and args.count < 1:
        raise ConfigError("--count must be at least 1")
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    cards = 0
    with open_source(args.url) as source:
        deal_next = getattr(source, "deal_next", None)  # sim:// waits for a dealer
        while args.count is None or cards < args.count:
            if deadline is not None and time.monotonic() > deadline:
                print(
                    f"table read-cards: error: {cards} of {args.count} cards arrived in "
                    f"{args.timeout:g} s",
                    file=sys.stderr,
                )
                return 1
            if deal_next is not None and deal_next() is None:
                _print_remaining(source)
                break  # the simulated shoe is empty
            event = source.read_event(timeout=0.2)
            if event is None:
                continue
            print(json.dumps(event.to_dict()), flush=True)
            cards += event.kind == "card"
    return 0


def _print_remaining(source: CardSource) -> None:
    while (event := source.read_event(timeout=0.05)) is not None:
        print(json.dumps(event.to_dict()), flush=True)
