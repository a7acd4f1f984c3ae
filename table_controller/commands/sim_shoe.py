"""``table sim-shoe --pty [LINK]``: a simulated smart shoe on a pseudo-terminal.

Prints the stable pty link on its first line, then deals a shoe of 1 to 8 decks over the real
wire protocol (``docs/shoe-protocol.md``) until it is dealt and acknowledged, or Ctrl-C. With
``--cut PERCENT`` it reports the cut card where the table places it (blackjack's B12); a line
``shuffle`` on standard input loads a new shuffle (the next seed, or the stacked deck again).
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
    parser.add_argument(
        "--pty",
        nargs="?",
        const=DEFAULT_LINK,
        required=True,
        metavar="LINK",
        help=f"the stable link to the pty (default {DEFAULT_LINK})",
    )
    order = parser.add_mutually_exclusive_group()
    order.add_argument("--seed", type=int, default=0, help="shuffle seed (default 0)")
    order.add_argument("--deck", metavar="FILE", help="a stacked deck: card codes, one a line")
    parser.add_argument(
        "--decks", type=int, default=1, metavar="N", help="decks in the shoe, 1..8 (default 1)"
    )
    parser.add_argument(
        "--cut",
        type=int,
        default=None,
        metavar="PERCENT",
        help="report the cut card after PERCENT of the shoe, 50..90 (a game that places one)",
    )
    parser.add_argument("--baud", type=int, default=9600, help="line rate to pace at (9600)")
    parser.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        help="a card every SECONDS (default: as soon as the host acknowledges)",
    )
    parser.add_argument("--faults", default="", metavar="SPEC", help="e.g. 3:garbage,7:drop")
    parser.add_argument("--deck-out", metavar="FILE", help="write the dealt order here")
    parser.add_argument("--heartbeat", type=float, default=1.0, metavar="SECONDS")
    parser.add_argument(
        "--first-seq",
        type=int,
        default=1,
        metavar="N",
        help="the first sequence number, 1..65535 (near 65535: test the wrap)",
    )
    parser.add_argument(
        "--manual",
        action="store_true",
        help="deal only when told: read lines 'draw N' from standard input "
        "('shuffle' loads a new shuffle in any mode)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drivers.shoe_seq import SEQ_MAX
    from hardware_sim.faults import parse_faults
    from hardware_sim.shoe_device import DeviceSettings, ShoeDevice
    from table_controller.errors import ConfigError

    if args.baud < 50 or (args.pace is not None and args.pace < 0) or args.heartbeat <= 0:
        raise ConfigError("--baud must be at least 50; --pace and --heartbeat must be positive")
    if not 1 <= args.first_seq <= SEQ_MAX:
        raise ConfigError(f"--first-seq must be 1..{SEQ_MAX}, not {args.first_seq}")
    if not 1 <= args.decks <= 8 or (args.deck and args.decks != 1):
        raise ConfigError(
            f"--decks must be 1..8 (and goes with --seed, not --deck), not {args.decks}"
        )
    if args.cut is not None and not 50 <= args.cut <= 90:
        raise ConfigError(f"--cut is a percentage of the shoe, 50..90, not {args.cut}")
    shuffles = ShoeLoader(args.deck, args.seed, args.decks, args.cut)
    cards = shuffles.shoe(0)
    settings = DeviceSettings(
        Path(args.pty),
        cards,
        baud=args.baud,
        pace=args.pace,
        faults=parse_faults(args.faults),
        heartbeat=args.heartbeat,
        first_seq=args.first_seq,
        manual=args.manual,
        cut_after=shuffles.cut_after(cards),
    )
    deck_out = open(args.deck_out, "w", encoding="utf-8") if args.deck_out else None

    def record(seq: int, card: Card, at: float) -> None:
        if deck_out is not None:
            deck_out.write(f"{card}\n")
            deck_out.flush()

    device = ShoeDevice(settings, on_card_written=record)
    threading.Thread(
        target=draw_on_request, args=(device, sys.stdin, shuffles), daemon=True
    ).start()
    try:
        print(device.plug(), flush=True)  # the link exists before anyone is told its name
        device.run()
    finally:
        device.stop()
        if deck_out is not None:
            deck_out.close()
    print(f"sim-shoe: dealt {len(device.dealt)} cards", file=sys.stderr)
    return 0


class ShoeLoader:
    """The shoes the dealer loads: a seeded shuffle of ``decks`` decks (the next seed at each
    new shuffle, as ``sim://`` does) or a stacked deck from its top again; the cut card placed
    after ``cut`` percent of the shoe, as the engine counts it (floor)."""

    def __init__(self, deck_file: str | None, seed: int, decks: int, cut: int | None) -> None:
        from hardware_sim.decks import read_deck_file

        self.stacked = read_deck_file(deck_file) if deck_file else None
        self.seed, self.decks, self.cut = seed, decks, cut

    def shoe(self, shuffles: int) -> tuple[Card, ...]:
        from hardware_sim.decks import shuffled_deck

        return self.stacked or shuffled_deck(self.seed + shuffles, self.decks)

    def cut_after(self, cards: tuple[Card, ...]) -> int | None:
        return None if self.cut is None else len(cards) * self.cut // 100


def draw_on_request(device: ShoeDevice, lines: TextIO, shuffles: ShoeLoader | None = None) -> None:
    """The dealer's hand: each line ``draw N`` draws N cards (with ``--manual``: a bench test
    harness, or a person typing, says when); ``shuffle`` loads a new shuffle; ``#`` starts a
    comment."""
    for line in lines:
        words = line.split("#")[0].split()
        if len(words) == 2 and words[0] == "draw" and words[1].isdigit() and device.settings.manual:
            device.draw(int(words[1]))
        elif words == ["shuffle"] and shuffles is not None:
            cards = shuffles.shoe(device.shuffles + 1)
            device.load(cards, shuffles.cut_after(cards))
            print(
                f"sim-shoe: new shuffle {device.shuffles} loaded ({len(cards)} cards)",
                file=sys.stderr,
                flush=True,
            )
        elif words:
            expected = (
                "'draw N' or 'shuffle'"
                if device.settings.manual
                else "'shuffle' (or --manual and 'draw N')"
            )
            print(
                f"sim-shoe: ignored {line.strip()!r}; expected {expected}",
                file=sys.stderr,
                flush=True,
            )
