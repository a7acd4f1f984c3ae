"""``table audit``: verify, read, export and report on a hand log.

::

    table audit verify DB [--key FILE]          chain, signatures, heads, rules replay
    table audit show DB HAND [--table T]        one hand as a readable account
    table audit hands DB [--from --to --table --dealer --outcome]
    table audit export DB --format jsonl|csv|sheet [--out FILE]
    table audit report DB --out report.html [--key FILE] [--zone Z --day-starts H --shifts ...]
    table audit migrate DB [--key FILE]          a schema-1 SQLite log into schema 2
    table audit daily DB [--day YYYY-MM-DD] [--format html|csv] [--out FILE]

``DB`` is a SQLite path or a ``postgresql://`` URL. ``verify`` exits 0 only when everything
checks, 1 when anything does not (each problem printed with its table, hand and record).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TextIO

from table_controller.errors import ConfigError, TableError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("audit", help="verify, show, list, export and report hands")
    actions = parser.add_subparsers(
        dest="audit_command", metavar="ACTION", parser_class=type(parser)
    )
    actions.required = True
    verify = actions.add_parser("verify", help="check the chain, signatures and rules replay")
    verify.add_argument("db", metavar="DB")
    verify.add_argument("--key", metavar="FILE", help="HMAC key (default: the data folder's)")
    verify.add_argument("--no-replay", action="store_true", help="check the chain only")
    verify.add_argument(
        "--witness",
        action="append",
        default=[],
        metavar="FILE",
        help="a witness file (table audit checkpoint, table run --witness): every "
        "record it saw must still be in the log, unchanged (repeatable)",
    )
    verify.set_defaults(func=run_verify)
    checkpoint = actions.add_parser(
        "checkpoint", help="append the log's chain heads to a witness file an auditor keeps"
    )
    checkpoint.add_argument("db", metavar="DB")
    checkpoint.add_argument(
        "--out", required=True, metavar="FILE", help="the witness file (appended to)"
    )
    checkpoint.set_defaults(func=run_checkpoint)
    show = actions.add_parser("show", help="print one hand as a readable account")
    show.add_argument("db", metavar="DB")
    show.add_argument("hand", metavar="HAND")
    show.add_argument("--table", default=None)
    show.set_defaults(func=run_show)
    _register_hands(actions)
    export = actions.add_parser(
        "export", help="export hands as JSON Lines, CSV, or a sheet for a spreadsheet"
    )
    export.add_argument("db", metavar="DB")
    export.add_argument(
        "--format",
        required=True,
        choices=("jsonl", "csv", "sheet"),
        help="jsonl and csv: every record, lossless; sheet: CSV, one row per "
        "seat and bet of each hand (time, table, game, dealer, hand, seat, "
        "bet, staked, collected, returned, paid, net, outcome)",
    )
    export.add_argument("--out", metavar="FILE", help="default: standard output")
    export.add_argument("--table", default=None)
    export.set_defaults(func=run_export)
    report = actions.add_parser("report", help="write an HTML compliance report")
    report.add_argument("db", metavar="DB")
    report.add_argument("--out", required=True, metavar="FILE")
    report.add_argument("--key", metavar="FILE", help="HMAC key (default: the data folder's)")
    add_clock_arguments(report)
    report.set_defaults(func=run_report)
    migrate = actions.add_parser(
        "migrate", help="convert a schema-1 SQLite log to schema 2 (compact rows), verified"
    )
    migrate.add_argument("db", metavar="DB")
    migrate.add_argument("--key", metavar="FILE", help="HMAC key (default: the data folder's)")
    migrate.set_defaults(func=run_migrate)
    daily = actions.add_parser(
        "daily",
        help="the regulator's daily sheet: per table drop, win, hold, hands, irregularities",
    )
    daily.add_argument("db", metavar="DB")
    daily.add_argument(
        "--day", metavar="YYYY-MM-DD", help="the gaming day (default: the log's last)"
    )
    daily.add_argument("--format", choices=("html", "csv"), default="html")
    daily.add_argument("--out", metavar="FILE", help="default: standard output")
    add_clock_arguments(daily)
    daily.set_defaults(func=run_daily)


def add_clock_arguments(parser: argparse.ArgumentParser) -> None:
    """The casino's clock: gaming day and shifts, in its time zone."""
    parser.add_argument("--zone", default="UTC", help="the casino's time zone (default UTC)")
    parser.add_argument(
        "--day-starts",
        type=int,
        default=6,
        metavar="HOUR",
        help="the hour the gaming day starts, casino time (default 6)",
    )
    parser.add_argument(
        "--shifts",
        default="day=6,swing=14,grave=22",
        metavar="NAME=HOUR,...",
        help="the shifts and the hours they start (default day=6,swing=14,grave=22)",
    )


def _register_hands(actions: argparse._SubParsersAction) -> None:
    hands = actions.add_parser("hands", help="list hands")
    hands.add_argument("db", metavar="DB")
    hands.add_argument(
        "--from",
        dest="since",
        type=parse_time,
        metavar="TIME",
        help="hands begun at or after TIME (ISO date/time, UTC, or epoch seconds)",
    )
    hands.add_argument(
        "--to", dest="until", type=parse_time, metavar="TIME", help="hands begun before TIME"
    )
    hands.add_argument("--table", default=None)
    hands.add_argument("--dealer", default=None)
    hands.add_argument(
        "--outcome", default=None, help="a winning seat, 'no winner', 'void' or 'open'"
    )
    hands.set_defaults(func=run_hands)


def parse_time(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        pass
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a time: use 2025-06-01, 2025-06-01T20:30 or epoch seconds"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def run_verify(args: argparse.Namespace) -> int:
    from table_controller.hand_log.check import check_log

    report = check_log(args.db, args.key, replay=not args.no_replay, witnesses=args.witness)
    if report.key_found:
        print(report.key_found)
    for finding in report.findings:
        print(finding)
    kinds = ", ".join(f"{n} {kind}" for kind, n in report.kinds.items())
    print(f"checked {report.records} of {report.rows} rows: {kinds or 'none'}")
    if args.witness:
        print(f"witness: {report.witnessed} lines of this log checked in {', '.join(args.witness)}")
    for line in report.signed_up_to:
        print(line)
    if report.ok:
        replayed = "" if args.no_replay else ", every hand replayed"
        if report.later:
            replayed += (
                f" ({report.later} records written while verifying were chained and "
                "signed, not replayed)"
            )
        print(
            f"OK: {report.tables} tables, {report.hands} hands, {report.records} records "
            f"verified{replayed}"
        )
        return 0
    named = {f.hand_id for f in report.findings if f.hand_id}
    sys.stdout.flush()  # the findings first, then the verdict, when both go to one file
    print(f"FAILED: {len(report.findings)} problems in {len(named)} hands", file=sys.stderr)
    return 1


def run_checkpoint(args: argparse.Namespace) -> int:
    import time

    from table_controller.hand_log.store import open_store
    from table_controller.hand_log.witness import append_lines, checkpoint

    with open_store(args.db, create=False) as store:
        lines = checkpoint(store, time.time())
    append_lines(args.out, lines)
    for line in lines:
        print(
            f"{line['at']} {line['table']}: record {line['seq']} {line['hash']} (log {line['log_id']})"
        )
    print(
        f"appended {len(lines)} lines to {args.out}: keep it where the table's account cannot change it"
    )
    return 0


# What reading a payload of another shape than the table writes raises (a record edited outside
# the log, e.g. "effects": 5): the reader's fault is the log's, said in one line.
MISSHAPEN = (TypeError, AttributeError, KeyError, IndexError, ValueError)


def _reads_the_log(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def reading(args: argparse.Namespace) -> int:
        from table_controller.errors import HandLogError

        try:
            return run(args)
        except MISSHAPEN as exc:
            if isinstance(exc, TableError):  # ConfigError and the like say their own line
                raise
            raise HandLogError(
                f"{args.db} holds a record not shaped as a table writes it ({type(exc).__name__}: "
                f"{str(exc)[:120]}): it was altered outside the log; "
                "`table audit verify` names it"
            ) from None

    return reading


@_reads_the_log
def run_show(args: argparse.Namespace) -> int:
    from table_controller.hand_log.account import account
    from table_controller.hand_log.reader import read_hand
    from table_controller.hand_log.store import open_store

    with open_store(args.db, create=False) as store:
        print(account(read_hand(store, args.hand, table=args.table)))
    return 0


@_reads_the_log
def run_hands(args: argparse.Namespace) -> int:
    from table_controller.hand_log.account import clock, dealer_name
    from table_controller.hand_log.reader import list_hands
    from table_controller.hand_log.store import open_store

    with open_store(args.db, create=False) as store:
        hands = list_hands(
            store,
            table=args.table,
            dealer=args.dealer,
            outcome=args.outcome,
            since=args.since,
            until=args.until,
        )
    print(
        f"{'BEGAN (UTC)':<23}  {'TABLE':<10} {'HAND':<40} {'GAME':<14} {'DEALER':<12} {'OUTCOME':<10} RULE"
    )
    for h in hands:
        print(
            f"{clock(h.started_at)}  {h.table:<10} {h.hand_id:<40} {h.game:<14} "
            f"{dealer_name({'dealer': h.dealer}):<12} {h.outcome:<10} {h.decided_by}"
        )
    print(f"{len(hands)} hands", file=sys.stderr)
    return 0


@_reads_the_log
def run_export(args: argparse.Namespace) -> int:
    from table_controller.hand_log.export import export
    from table_controller.hand_log.reader import iter_hands
    from table_controller.hand_log.store import open_store

    with open_store(args.db, create=False) as store:
        hands = iter_hands(store, table=args.table)
    if args.out is None:
        count = export(hands, sys.stdout, args.format)
    else:
        count = _write_out(args.out, lambda out: export(hands, out, args.format))
    print(f"{count} hands exported", file=sys.stderr)
    return 0


@_reads_the_log
def run_report(args: argparse.Namespace) -> int:
    from table_controller.hand_log.check import check_log
    from table_controller.hand_log.reader import iter_hands
    from table_controller.hand_log.records import ACCESS_KINDS
    from table_controller.hand_log.report import HoldContext, render
    from table_controller.hand_log.report_figures import kept_on_disk
    from table_controller.hand_log.report_hold import HoldSettings, game_theory, kept
    from table_controller.hand_log.report_hold_page import training_errors
    from table_controller.hand_log.store import open_store

    settings = HoldSettings.parse(args.zone, args.day_starts, args.shifts)  # before the long part
    check = check_log(args.db, args.key)
    with open_store(args.db, create=False) as store:
        hands = iter_hands(store)
        access = list(store.records(kinds=sorted(ACCESS_KINDS)))
        figures = kept(kept_on_disk(game_theory))
        hold = HoldContext(settings, figures, training=training_errors(store))
        page = render(store.target, hands, check, access, hold)
    _write_out(args.out, lambda out: out.write(page))
    state = "verified" if check.ok else f"NOT verified ({len(check.findings)} problems)"
    print(f"report of {len(hands)} hands written to {args.out}; log {state}", file=sys.stderr)
    return 0 if check.ok else 1


def run_migrate(args: argparse.Namespace) -> int:
    import os

    from table_controller.hand_log.check import check_log
    from table_controller.hand_log.migrate import migrate, refuse_postgres

    refuse_postgres(args.db)
    before = check_log(args.db, args.key)
    if not before.ok:
        for finding in before.findings:
            print(finding)
        print(
            f"{args.db} does not verify ({len(before.findings)} problems): not migrated",
            file=sys.stderr,
        )
        return 1
    size = os.path.getsize(args.db)
    done = migrate(args.db)
    if done.already:
        print(f"{args.db} is schema 2 already ({done.records} records): nothing to do")
        return 0
    print(f"verified before: {before.records} records, {before.hands} hands")
    print(
        f"migrated {done.records} records into schema 2, every digest and MAC equal; "
        f"{size:,} bytes before, {os.path.getsize(args.db):,} now; the schema-1 file is "
        f"kept as {done.backup}"
    )
    after = check_log(args.db, args.key)
    for finding in after.findings:
        print(finding)
    if not after.ok:
        print(f"FAILED: the migrated log does not verify; {done.backup} is the original")
        return 1
    print(f"verified after: OK: {after.records} records, {after.hands} hands, every hand replayed")
    return 0


@_reads_the_log
def run_daily(args: argparse.Namespace) -> int:
    from table_controller.hand_log.reader import iter_hands
    from table_controller.hand_log.report_daily import (
        gaming_days,
        sheet_rows,
        write_csv,
        write_html,
    )
    from table_controller.hand_log.report_figures import kept_on_disk
    from table_controller.hand_log.report_hold import HoldSettings, game_theory, kept
    from table_controller.hand_log.store import open_store

    settings = HoldSettings.parse(args.zone, args.day_starts, args.shifts)
    if args.day is not None:
        try:
            datetime.strptime(args.day, "%Y-%m-%d")
        except ValueError:
            raise ConfigError(f"--day is a date, e.g. 2026-12-07 (got {args.day!r})") from None
    with open_store(args.db, create=False) as store:
        hands, source = iter_hands(store), store.target
    days = gaming_days(hands, settings)
    day = args.day or (days[-1] if days else datetime.now(UTC).date().isoformat())
    rows = sheet_rows(hands, day, settings, kept(kept_on_disk(game_theory)))

    def write(out: TextIO) -> int:
        return write_csv(rows, out) if args.format == "csv" else write_html(rows, day, source, out)

    if args.out is None:
        write(sys.stdout)
    else:
        _write_out(args.out, write)
    tables = max(0, len(rows) - 1)
    print(f"gaming day {day}: {tables} tables", file=sys.stderr)
    return 0


def _write_out(path: str, write: Callable[[TextIO], int]) -> int:
    """Write an export or report to ``path``, created owner-only (0600): it holds hands. A file
    that cannot be written (a folder, /proc/version, a full disk) is one line, exit 2."""
    from table_controller.private_files import open_private

    try:
        with open_private(path, newline="") as out:
            return write(out)
    except OSError as exc:
        raise ConfigError(f"cannot write {path}: {exc.strerror or exc}") from None
