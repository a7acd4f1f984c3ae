"""``table sim-shoe --pty [LINK]``: a simulated smart shoe on a pseudo-terminal.

Prints the stable pty link on its first line, then deals one deck over the real wire
protocol (``docs/shoe-protocol.md``) until the deck is dealt and acknowledged, or Ctrl-C.
Point a card source at it: ``table read-cards serial://LINK``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from table_controller.cards import Card

DEFAULT_LINK = "/tmp/table-sim-shoe"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "sim-shoe",
        help="run a simulated smart shoe on a pty",
        description="Run a simulated smart shoe that speaks the shoe protocol on a pty. The "
        "first line printed is the stable pty link. Faults: comma-separated N:fault[=value] "
        "with N the card number; faults garbage[=bytes], bad_crc, drop, dup, silence[=s], "
        "unplug[=s], locked, lost (docs/shoe-protocol.md).",
    )
    parser.add_argument("--pty", nargs="?", const=DEFAULT_LINK, required=True, metavar="LINK",
                        help=f"the stable link to the pty (default {DEFAULT_LINK})")
    order = parser.add_mutually_exclusive_group()
    order.add_argument("--seed", type=int, default=0, help="shuffle seed (default 0)")
    order.add_argument("--deck", metavar="FILE", help="a stacked deck: card codes, one a line")
    parser.add_argument("--baud", type=int, default=9600, help="line rate to pace at (9600)")
    parser.add_argument("--pace", type=float, metavar="SECONDS",
                        help="a card every SECONDS (default: as soon as the host acknowledges)")
    parser.add_argument("--faults", default="", metavar="SPEC", help="e.g. 3:garbage,7:drop")
    parser.add_argument("--deck-out", metavar="FILE", help="write the dealt order here")
    parser.add_argument("--heartbeat", type=float, default=1.0, metavar="SECONDS")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from hardware_sim.decks import read_deck_file, shuffled_deck
    from hardware_sim.faults import parse_faults
    from hardware_sim.shoe_device import DeviceSettings, ShoeDevice
    from table_controller.errors import ConfigError

    if args.baud < 50 or (args.pace is not None and args.pace < 0) or args.heartbeat <= 0:
        raise ConfigError("--baud must be at least 50; --pace and --heartbeat must be positive")
    cards = read_deck_file(args.deck) if args.deck else shuffled_deck(args.seed)
    settings = DeviceSettings(Path(args.pty), cards, baud=args.baud, pace=args.pace,
                              faults=parse_faults(args.faults), heartbeat=args.heartbeat)
    deck_out = open(args.deck_out, "w", encoding="utf-8") if args.deck_out else None

    def record(seq: int, card: Card, at: float) -> None:
        if deck_out is not None:
            deck_out.write(f"{card}\n")
            deck_out.flush()

    device = ShoeDevice(settings, on_card_written=record)
    try:
        print(device.plug(), flush=True)  # the link exists before anyone is told its name
        device.run()
    finally:
        device.stop()
        if deck_out is not None:
            deck_out.close()
    print(f"sim-shoe: dealt {len(device.dealt)} cards", file=sys.stderr)
    return 0
