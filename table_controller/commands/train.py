"""``table train``: dealer training on the display, and ``table train report``.

    table train [--game G] [--trainee NAME] [--drill FILE|procedure|payouts|totals] [--mode learn|test]
    table train report [--trainee NAME] --out report.html

The drills' records go into the table's database (``--log``: the hand log's SQLite file by
default, or a school's ``postgresql://`` database). Without ``--trainee``, the report is the
trainer's view across trainees.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from table_controller.errors import ConfigError
from table_controller.games import TRAINING_GAME, game_ids


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "train", help="dealer training: drills scored on the display; 'report' for progress"
    )
    parser.add_argument(
        "verb", nargs="?", choices=("report",), help="report: write the HTML report and exit"
    )
    parser.add_argument(
        "--game",
        default=TRAINING_GAME,
        help=f"the game to drill: {', '.join(game_ids())} (default {TRAINING_GAME})",
    )
    parser.add_argument(
        "--trainee", default=None, help="the trainee's name (train: required; report: one trainee)"
    )
    parser.add_argument(
        "--drill",
        default="procedure",
        metavar="FILE|procedure|payouts|totals",
        help="a kind of drill, a trainer's drill file, or a shipped example by name",
    )
    parser.add_argument(
        "--mode",
        default="learn",
        choices=("learn", "test"),
        help="learn shows the instruction banner",
    )
    parser.add_argument("--seats", type=int, default=None, help="seats for the procedure drill")
    parser.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help="a rule switch, e.g. B14=PT5",
    )
    parser.add_argument("--hands", type=int, default=3, help="hands per procedure drill (1-100)")
    parser.add_argument(
        "--questions", type=int, default=20, help="questions per payout or totals drill (1-500)"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="the random seed of the shuffles and questions"
    )
    parser.add_argument(
        "--cards",
        default=None,
        metavar="URL",
        help="procedure on a training table: its shoe or camera (serial://..., camera://0, sim://)",
    )
    parser.add_argument(
        "--log",
        default=None,
        metavar="DB",
        help="the table's database: SQLite path or postgresql:// URL",
    )
    parser.add_argument("--no-log", action="store_true", help="keep no records (a demonstration)")
    parser.add_argument("--port", type=int, default=None, help="display port (default 8000)")
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to serve on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--dealer-token",
        default=None,
        metavar="TOKEN",
        help="the console's token (default: random)",
    )
    parser.add_argument(
        "--out", default=None, metavar="FILE", help="report: the HTML file to write"
    )
    parser.add_argument(
        "--procedure-accuracy",
        type=float,
        default=100.0,
        metavar="PCT",
        help="standard: procedure %% right",
    )
    parser.add_argument(
        "--payout-accuracy",
        type=float,
        default=98.0,
        metavar="PCT",
        help="standard: payouts %% right",
    )
    parser.add_argument(
        "--payout-seconds",
        type=float,
        default=4.0,
        metavar="S",
        help="standard: seconds per payout",
    )
    parser.add_argument(
        "--totals-accuracy",
        type=float,
        default=98.0,
        metavar="PCT",
        help="standard: totals %% right",
    )
    parser.add_argument(
        "--totals-seconds", type=float, default=3.0, metavar="S", help="standard: seconds per total"
    )
    parser.add_argument(
        "--hands-per-hour",
        type=float,
        default=None,
        metavar="N",
        help="standard: procedure hands per hour",
    )
    parser.set_defaults(func=run)


def standards_from(args: argparse.Namespace) -> dict[str, object]:
    from table_controller.training.score import Standard

    for name in ("procedure_accuracy", "payout_accuracy", "totals_accuracy"):
        if not 0 <= getattr(args, name) <= 100:
            raise ConfigError(f"--{name.replace('_', '-')} is a percentage, 0 to 100")
    for name in ("payout_seconds", "totals_seconds"):
        if not 0 < getattr(args, name) <= 3600:
            raise ConfigError(f"--{name.replace('_', '-')} is 0 to 3600 seconds")
    procedure = Standard(args.procedure_accuracy / 100, hands_per_hour=args.hands_per_hour)
    return {
        "procedure": procedure,
        "scenario": Standard(args.procedure_accuracy / 100),
        "payouts": Standard(args.payout_accuracy / 100, seconds=args.payout_seconds),
        "totals": Standard(args.totals_accuracy / 100, seconds=args.totals_seconds),
    }


def _target(args: argparse.Namespace) -> str:
    from table_controller.hand_log.keys import default_log_target

    return args.log or default_log_target()


def run(args: argparse.Namespace) -> int:
    standards = standards_from(args)
    if args.verb == "report":
        return _report(args, standards)
    return _serve(args, standards)


def _report(args: argparse.Namespace, standards: dict[str, object]) -> int:
    from table_controller.training.records import TrainingRecords
    from table_controller.training.report import floor_report, trainee_report

    if not args.out:
        raise ConfigError("table train report needs --out FILE")
    from table_controller.hand_log.store import is_postgres_url

    if not is_postgres_url(_target(args)) and not Path(_target(args)).is_file():
        raise ConfigError(f"no database at {_target(args)} (--log DB)")
    with TrainingRecords(_target(args)) as records:
        if args.trainee is not None and args.trainee not in records.trainees():
            raise ConfigError(f"no training records for {args.trainee!r} in {_target(args)}")
        html = (
            trainee_report(records, args.trainee, standards)
            if args.trainee  # type: ignore[arg-type]
            else floor_report(records, standards)
        )  # type: ignore[arg-type]
    try:
        Path(args.out).write_text(html, encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    print(f"wrote {args.out}")
    return 0


def _serve(args: argparse.Namespace, standards: dict[str, object]) -> int:
    from dealer_display.app import open_sources
    from dealer_display.server import TableServer, _check_port_free, page_address, run_until_stopped
    from dealer_display.settings import (
        DEFAULT_PORT,
        DisplaySettings,
        dealer_token_from,
        new_pit_boss_pin,
    )
    from dealer_display.training_app import create_training_app
    from table_controller.commands.run import parse_switches
    from table_controller.training.records import TrainingRecords
    from table_controller.training.service import Trainer, TrainingSettings

    if not args.trainee:
        raise ConfigError("table train needs --trainee NAME (whose record this is)")
    training = TrainingSettings(
        trainee=args.trainee,
        game=args.game,
        drill=args.drill,
        mode=args.mode,
        seats=args.seats,
        switches=parse_switches(args.switch),
        hands=args.hands,
        questions=args.questions,
        seed=args.seed,
        live=args.cards is not None,
    )
    settings = DisplaySettings(
        cards_url=args.cards or "sim://?seed=1",
        game=args.game,
        host=args.host,
        port=args.port or DEFAULT_PORT,
        dealer_token=dealer_token_from(args.dealer_token),
        pit_boss_pin=new_pit_boss_pin(),
    )
    _check_port_free(settings.host, settings.port)
    source, _camera = open_sources(settings)  # a bad URL, a missing shoe: one line, no page
    records = None
    try:
        records = None if args.no_log else TrainingRecords(_target(args))
        trainer = Trainer(training, records)
        trainer.standards.update(standards)  # type: ignore[arg-type]
        app = create_training_app(settings, trainer, source=source)
        address = page_address(settings)
        print(
            f"training page (the trainee's console, keep private): {address}train#token={settings.dealer_token}",
            flush=True,
        )
        print(f"records: {'none' if records is None else _target(args)}", flush=True)
        run_until_stopped(TableServer(app, settings.host, settings.port))
    finally:
        if records is not None:
            records.close()
        source.close()
    return 0
