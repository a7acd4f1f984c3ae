"""``table sim-shoe --pty [LINK]``: a simulated smart shoe on a pseudo-terminal.

Prints the stable pty link on its first line, then deals one deck over the real wire
protocol (``docs/shoe-protocol.md``) until the deck is dealt and acknowledged, or Ctrl-C.
Point a card source at it: ``table read-cards serial://LINK``.
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from hardware_sim.shoe_device import ShoeDevice
    from table_controller.cards import Card

DEFAULT_LINK = "/tmp/table-sim-shoe"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "sim-shoe",
        help="run a simulated smart shoe on a pty",
        description="Run a simulated smart shoe that speaks the shoe protocol on a pty. The "
        "first line printed is the stable pty link. Faults: comma-separated N:fault[=value] "
        "with N the card number; faults garbage[=bytes], bad_crc, drop, dup, silence[=s], "
        "unplug[=s], locked, lost, cut, door[=s], jam[=s], error (docs/shoe-protocol.md).",
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
    parser.add_argument("--first-seq", type=int, default=1, metavar="N",
                        help="the first sequence number, 1..65535 (near 65535: test the wrap)")
    parser.add_argument("--manual", action="store_true",
                        help="deal only when told: read lines 'draw N' from standard input")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drivers.shoe_seq import SEQ_MAX
    from hardware_sim.decks import read_deck_file, shuffled_deck
    from hardware_sim.faults import parse_faults
    from hardware_sim.shoe_device import DeviceSettings, ShoeDevice
    from table_controller.errors import ConfigError

    if args.baud < 50 or (args.pace is not None and args.pace < 0) or args.heartbeat <= 0:
        raise ConfigError("--baud must be at least 50; --pace and --heartbeat must be positive")
    if not 1 <= args.first_seq <= SEQ_MAX:
        raise ConfigError(f"--first-seq must be 1..{SEQ_MAX}, not {args.first_seq}")
    cards = read_deck_file(args.deck) if args.deck else shuffled_deck(args.seed)
    settings = DeviceSettings(Path(args.pty), cards, baud=args.baud, pace=args.pace,
                              faults=parse_faults(args.faults), heartbeat=args.heartbeat,
                              first_seq=args.first_seq, manual=args.manual)
    deck_out = open(args.deck_out, "w", encoding="utf-8") if args.deck_out else None

    def record(seq: int, card: Card, at: float) -> None:
        if deck_out is not None:
            deck_out.write(f"{card}\n")
            deck_out.flush()

    device = ShoeDevice(settings, on_card_written=record)
    if args.manual:
        threading.Thread(target=draw_on_request, args=(device, sys.stdin), daemon=True).start()
    try:
        print(device.plug(), flush=True)  # the link exists before anyone is told its name
        device.run()
    finally:
        device.stop()
        if deck_out is not None:
            deck_out.close()
    print(f"sim-shoe: dealt {len(device.dealt)} cards", file=sys.stderr)
    return 0


def draw_on_request(device: ShoeDevice, lines: TextIO) -> None:
    """The dealer's hand, for ``--manual``: each line ``draw N`` draws N cards (a bench test
    harness, or a person typing, says when); ``#`` starts a comment."""
    for line in lines:
        words = line.split("#")[0].split()
        if len(words) == 2 and words[0] == "draw" and words[1].isdigit():
            device.draw(int(words[1]))
        elif words:
            print(f"sim-shoe: ignored {line.strip()!r}; expected 'draw N'", file=sys.stderr,
                  flush=True)
