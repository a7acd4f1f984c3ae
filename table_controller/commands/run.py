"""``table run``: run a table.

With ``--hands N`` and no ``--port`` the table plays N autopilot hands in the terminal (or
into the hand log) and exits; otherwise it serves the dealer display.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from table_controller.contract import Game, GameRecord
from table_controller.errors import ConfigError
from table_controller.games import DEFAULT_GAME, parse_switches, records
from table_controller.stop_request import StopRequest

if TYPE_CHECKING:
    from dealer_display.settings import DisplaySettings
    from table_controller.runtime import TableSession

DEFAULT_CARDS = "sim://?seed=42"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("run", help="run a table (simulated shoe by default)")
    games = records()
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        help=f"the game to deal: {', '.join(games)} (default {DEFAULT_GAME})",
    )
    parser.add_argument(
        "--seats",
        type=int,
        default=None,
        help="how many seats play"
        + _listed(f"{r.id} {r.seats.low}-{r.seats.high}" for r in games.values() if _choice(r)),
    )
    parser.add_argument(
        "--paytable",
        default=None,
        metavar="FILE",
        help="a custom pay table (JSON), with its switch set to custom"
        + _listed(
            f"{r.id}: --switch {r.takes_paytable}=custom"
            for r in games.values()
            if r.takes_paytable
        ),
    )
    parser.add_argument(
        "--first-dealt",
        default=None,
        help="which seat is dealt first, where the game lets the table choose"
        + _listed(r.id for r in games.values() if r.takes_first_dealt),
    )
    parser.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help="a rule switch, e.g. --switch C4=max (repeatable)",
    )
    parser.add_argument(
        "--cards",
        action="append",
        default=None,
        metavar="URL",
        help="card source URL (default sim://?seed=42: the simulated shoe); "
        "twice for a shoe and a camera that checks it",
    )
    parser.add_argument(
        "--autopilot",
        action="store_true",
        help="the simulated shoe deals and every seat plays by itself",
    )
    parser.add_argument(
        "--hands", type=_count, default=None, help="with --autopilot: play N hands and exit"
    )
    parser.add_argument(
        "--pace", type=_pace, default=None, help="seconds between autopilot steps (0 to 3600)"
    )
    parser.add_argument(
        "--log", default=None, metavar="DB", help="hand log: SQLite path or postgresql:// URL"
    )
    parser.add_argument("--key", default=None, metavar="FILE", help="HMAC key file of the hand log")
    parser.add_argument(
        "--witness",
        default=None,
        metavar="FILE",
        help="append a witness line (the chain's head) to FILE at the end of every hand",
    )
    parser.add_argument("--no-log", action="store_true", help="do not write a hand log (demo only)")
    parser.add_argument("--table-id", default="table-1")
    parser.add_argument("--dealer", default="dealer", help="the dealer's name, for the hand log")
    parser.add_argument("--quiet", action="store_true", help="terminal mode: print results only")
    parser.add_argument("--port", type=int, default=None, help="dealer display port (default 8000)")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to serve on (default 127.0.0.1: this computer only)",
    )
    parser.add_argument(
        "--dealer-token",
        default=None,
        metavar="TOKEN",
        help="the dealer's console token (default $TABLE_DEALER_TOKEN, else a fresh one, printed)",
    )
    parser.add_argument(
        "--pit-boss-pin",
        default=None,
        metavar="PIN",
        help="the pit-boss PIN, 4-12 digits (default $TABLE_PIT_BOSS_PIN, else a fresh one, printed)",
    )
    parser.add_argument(
        "--staff",
        default=None,
        metavar="FILE",
        help="named dealers and pit bosses, each with a PIN (made with `table staff add`)",
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another host name the display may be reached by (a floor screen elsewhere; repeatable)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="with --autopilot: do not open a browser"
    )
    parser.set_defaults(func=run)


def _choice(game: GameRecord) -> bool:
    return game.seats.low < game.seats.high


def _listed(items: Iterable[str]) -> str:
    """`` (a, b)`` for a help text; nothing when there is none."""
    shown = ", ".join(items)
    return f" ({shown})" if shown else ""


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"seconds, a number from 0 to 3600 (got {text!r})"
        ) from None
    if not 0 <= value <= 3600:  # nan fails both comparisons
        raise argparse.ArgumentTypeError(f"seconds, a number from 0 to 3600 (got {text!r})")
    return value


def _count(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 9 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of hands, 1 or more (got {text!r})")
    return int(text)


def build_game(args: argparse.Namespace) -> Game:
    from table_controller.games import make_game

    return make_game(
        args.game,
        switches=parse_switches(args.switch),
        first_dealt=args.first_dealt,
        seats=args.seats,
        paytable=getattr(args, "paytable", None),
    )


def replay_game(url: str) -> Game:
    """The game a recorded hand was played under, from its header (game, seats, switches)."""
    from drivers.registry import open_source
    from table_controller.games import make_game

    with open_source(url) as source:
        header = source.header  # type: ignore[attr-defined]
    return make_game(
        header["game"],
        switches=header.get("switches"),
        first_dealt=header.get("first_dealt"),
        seats=len(header.get("seats") or ()) or None,
    )


def open_log(args: argparse.Namespace) -> Any:
    if args.no_log:
        return None
    from table_controller.running import open_log as open_hand_log

    return open_hand_log(
        args.log, key=args.key, table_id=args.table_id, witness=getattr(args, "witness", None)
    )


def run(args: argparse.Namespace) -> int:
    if args.hands is not None and getattr(args, "port", None) is None:  # N hands in the terminal
        game, replay = _prepare(args)
        if args.camera is not None:
            raise ConfigError("a shoe and a camera together run on the dealer display: add --port")
        return run_replay_terminal(args, game) if replay else run_terminal(args, game)
    # The display: a Ctrl-C from here on, while the table is still being built included, stops it
    # cleanly (exit 0) rather than raising KeyboardInterrupt in whatever is importing or starting.
    with StopRequest() as stop:
        game, _replay = _prepare(args)
        serve = _display_server()
        if serve is not None:
            return serve(display_settings(args), game, stop)
    if stop.requested:  # no display installed: as if the Ctrl-C had come in the terminal
        raise KeyboardInterrupt
    return run_terminal(args, game)


def _prepare(args: argparse.Namespace) -> tuple[Game, bool]:
    """The game to run and whether it is a replay; settles ``args.cards`` and ``args.camera``."""
    from table_controller.crosscheck import split_sources

    given = args.cards
    args.cards, args.camera = split_sources(args.cards or [DEFAULT_CARDS])
    replay = args.cards.startswith("replay:")
    game = replay_game(args.cards) if replay else build_game(args)
    check_reading_shoe(game, args.cards, args.camera)
    decks = game.shoe.decks
    if not given and decks > 1:
        args.cards = (
            f"{DEFAULT_CARDS}&decks={decks}"  # the simulated shoe holds what the game deals from
        )
    if game.shoe.sim_options():
        args.cards = _simulated_shoe(game, args.cards)
    if replay:
        args.no_log = True  # a replayed hand is in the log already: it is shown, not logged again
    if args.hands is not None and not (args.autopilot or replay):
        raise ConfigError("--hands goes with --autopilot (or a replay:// card source)")
    return game, replay


def check_reading_shoe(game: Game, cards: str, camera: str | None) -> None:
    """A game that deals cards face down (Vingt-un) needs a shoe that reads them: a camera
    cannot (vingt-un.md section 0, V-8)."""
    if not game.needs_reading_shoe:
        return
    from table_controller.crosscheck import CAMERA_SCHEMES

    if cards.split("://", 1)[0] in CAMERA_SCHEMES:
        raise ConfigError(
            f"{game.title} deals cards face down, which a camera cannot read: "
            "it needs a reading shoe (--cards sim:// or serial://)"
        )
    if camera is not None:
        raise ConfigError(
            f"{game.title} runs on the shoe alone for now: a camera witness "
            "for face-down cards is not built yet (drop the camera's --cards)"
        )


def _simulated_shoe(game: Game, url: str) -> str:
    """A simulated shoe deals the deck the game deals from (``game.shoe``: jokers, stripped
    cards): the default one is told so; a seeded one given without those options is refused (it
    would deal another deck), a stacked deck file is dealt as it is."""
    options = "&".join(f"{key}={value}" for key, value in game.shoe.sim_options().items())
    if not url.startswith("sim://") or "deck=" in url:
        return url
    if url.startswith(DEFAULT_CARDS):
        return f"{url}&{options}"
    if any(f"{key}=" not in url for key in (o.split("=", 1)[0] for o in options.split("&"))):
        raise ConfigError(f"{game.title} deals from its own deck: add &{options} to {url}")
    return url


def display_settings(args: argparse.Namespace) -> DisplaySettings:
    """The display's settings from ``table run``'s options (after :func:`_prepare`)."""
    from dealer_display.settings import (
        DEFAULT_PACE,
        DEFAULT_PORT,
        DisplaySettings,
        dealer_token_from,
        pit_boss_pin_from,
    )
    from table_controller.staff import load_staff

    staff = None if args.staff is None else load_staff(args.staff)
    return DisplaySettings(
        cards_url=args.cards,
        camera_url=args.camera,
        game=args.game,
        host=args.host,
        port=DEFAULT_PORT if args.port is None else args.port,
        dealer_token=dealer_token_from(args.dealer_token),
        pit_boss_pin=pit_boss_pin_from(args.pit_boss_pin, staff=staff),
        dealer_name=args.dealer,
        autopilot=args.autopilot,
        autopilot_hands=args.hands,
        pace=DEFAULT_PACE if args.pace is None else args.pace,
        staff=staff,
        allowed_hosts=tuple(args.allowed_host),
        table_id=args.table_id,
        keep_log=not args.no_log,
        log=args.log,
        log_key=args.key,
        witness=args.witness,
        open_browser=args.autopilot and not args.no_browser,
    )


def _display_server() -> Any:
    try:
        from dealer_display.server import serve
    except ImportError:
        return None
    return serve


def run_terminal(args: argparse.Namespace, game: Game) -> int:
    from drivers.registry import open_source
    from table_controller import autopilot
    from table_controller.running import RunningTable, resume_unfinished
    from table_controller.runtime import TableSession

    if not args.autopilot:
        raise ConfigError("the terminal table needs --autopilot (the dealer display serves people)")
    log = open_log(args)
    try:
        with open_source(args.cards) as source:
            if not source.deals_itself:
                raise ConfigError(
                    f"--autopilot deals from a simulated shoe; {args.cards} is not one"
                )
            session = TableSession(
                game,
                table_id=args.table_id,
                dealer=args.dealer,
                log=log,
                source_url=args.cards,
                simulated=source.simulated,
            )
            resume_unfinished(session, log, source)
            table = RunningTable(session, source)
            table.subscribe(TerminalPrinter(quiet=args.quiet))
            done = autopilot.drive(
                session, source, hands=args.hands, pace=args.pace or 0.0, deal=table.deal_and_read
            )
    finally:
        if log is not None:
            log.close()
    print(
        f"{done} hands played; " + ", ".join(f"{k}: {v}" for k, v in sorted(session.tally.items()))
    )
    if args.hands is not None and done < args.hands:  # the autopilot stopped: say why, plainly
        why = "; ".join(session.hardware.notices.values()) or session.prompts().dealer_instruction
        decks = game.shoe.decks
        if decks > 1 and args.cards.startswith("sim:") and "decks=" not in args.cards:
            why += f" (the simulated shoe holds one deck, the game {decks}: add &decks={decks})"
        print(f"stopped after {done} of {args.hands} hands: {why}")
    return 0


def run_replay_terminal(args: argparse.Namespace, game: Game) -> int:
    """Play a recorded hand back in the terminal, paced as recorded, and print it."""
    from drivers.registry import open_source
    from table_controller.running import RunningTable
    from table_controller.runtime import TableSession

    session = TableSession(
        game, table_id=args.table_id, dealer=args.dealer, source_url=args.cards, simulated=True
    )
    with open_source(args.cards) as source:
        table = RunningTable(session, source)
        table.subscribe(TerminalPrinter(quiet=args.quiet))
        table.replay()
    print(
        f"replayed {args.cards}: "
        + ", ".join(f"{k}: {v}" for k, v in sorted(session.tally.items()))
    )
    return 0


class TerminalPrinter:
    """Prints each new dealer instruction, and each result."""

    def __init__(self, quiet: bool = False) -> None:
        self.quiet = quiet
        self.last = ""

    def __call__(self, session: TableSession) -> None:
        prompts = session.prompts()
        if prompts.dealer_instruction == self.last:
            return
        self.last = prompts.dealer_instruction
        if prompts.result is not None:
            print(f"hand {session.hands_played}: {prompts.result.explanation}", flush=True)
            return
        if self.quiet:
            return
        seats = "  ".join(session.game.seat_line(p) for p in prompts.seats)
        show = " ".join(c or "--" for c in prompts.show_cards)
        print(f"  {prompts.dealer_instruction:<70} | show {show} | {seats}", flush=True)
