"""``table floor``: the pit bosses' and surveillance's page over the floor's PostgreSQL hand log.

    table floor --log postgresql://floor@db/hands --staff staff.json [--port 8100]
    table floor --demo        # a local PostgreSQL, four simulated tables dealing into it, the floor

Every table writing to that database, live; a table's hands today; any hand step by step.
"""

from __future__ import annotations

import argparse

from table_controller.errors import ConfigError

DEFAULT_PORT = 8100


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "floor", help="serve the floor page (every table on a PostgreSQL hand log)"
    )
    parser.add_argument("--log", metavar="URL", help="the floor's hand log: a postgresql:// URL")
    parser.add_argument(
        "--demo",
        action="store_true",
        help="start a local PostgreSQL (Debian's package, loopback) and simulated tables dealing "
        "into it, and serve their floor; Ctrl-C stops it all",
    )
    parser.add_argument(
        "--staff",
        metavar="FILE",
        help="named pit bosses and surveillance staff, each with a PIN (`table staff add`)",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to serve on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another host name the page may be reached by (repeatable)",
    )
    from table_controller.commands.audit import add_clock_arguments

    add_clock_arguments(parser)  # each table's gaming day against theory
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.demo:
        from table_controller.commands.floor_demo import run_demo

        return run_demo(args, serve)
    if not args.log or not args.staff:
        raise ConfigError("table floor needs --log postgresql://... and --staff FILE (or --demo)")
    return serve(args)


def serve(args: argparse.Namespace) -> int:
    from table_controller.hand_log.pg_store import PgStore
    from table_controller.hand_log.store import is_postgres_url
    from table_controller.staff import load_staff

    if not is_postgres_url(args.log):
        raise ConfigError(
            f"the floor reads a PostgreSQL hand log (postgresql://...), not {args.log}"
        )
    staff = load_staff(args.staff)
    if not (staff.with_role("pit_boss") or staff.with_role("surveillance")):
        raise ConfigError(
            f"{args.staff} names no pit boss or surveillance staff: add one with "
            f"`table staff add {args.staff} ...`"
        )
    with PgStore(args.log, create=False):  # a wrong or unreachable URL: one line, before serving
        pass
    import uvicorn

    from floor_display.app import FloorSettings, create_app
    from table_controller.hand_log.report_hold import HoldSettings

    hold = HoldSettings.parse(args.zone, args.day_starts, args.shifts)
    settings = FloorSettings(
        args.log, staff, host=args.host, allowed_hosts=tuple(args.allowed_host), hold=hold
    )
    print(f"the floor: http://{args.host}:{args.port}/", flush=True)
    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level="warning")
    return 0
