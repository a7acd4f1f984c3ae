"""``table floor --demo``: the floor on a fresh machine in one command.

A throwaway PostgreSQL server on loopback (``scripts/pg-test-server``: Debian's package,
installed if missing), four simulated tables dealing different games into it (each its own
``table run --autopilot`` process, as each table is its own computer), a demo pit boss with a
fresh PIN (printed), and the floor page. Ctrl-C stops the tables and the server and deletes
what the demo made.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from table_controller.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]
SERVER_SCRIPT = ROOT / "scripts" / "pg-test-server"
TABLES = 4  # each dealing a game of its own
PACE = "0.5"  # seconds between autopilot steps: a hand a minute or so, readable on the page


def demo_games() -> list[str]:
    """The games the demo's tables deal: the registry's first that take bets (the floor's figures
    are money), one a table, each at its default seats."""
    from table_controller.games import records

    return [r.id for r in records().values() if r.build().bets][:TABLES]


def run_demo(args: argparse.Namespace, serve: Callable[[argparse.Namespace], int]) -> int:
    from table_controller.hand_log.pg_store import PgStore
    from table_controller.staff import Staff, save_staff

    folder = Path(tempfile.mkdtemp(prefix="floor-demo-"))
    url, server = _start_server()
    tables: list[subprocess.Popen[bytes]] = []
    try:
        pin = f"{secrets.randbelow(10**6):06d}"
        save_staff(folder / "staff.json", Staff(()).added("demo", "Demo pit boss", "pit_boss", pin))
        PgStore(url, create=True).close()  # the log's tables, before the floor looks at them
        env = {**os.environ, "TABLE_DATA_DIR": str(folder / "data")}
        for n, game in enumerate(demo_games(), 1):
            table = f"{game}-{n}"
            with open(folder / f"{table}.out", "wb") as out:
                tables.append(
                    subprocess.Popen(
                        [
                            sys.executable,
                            "-m",
                            "table_controller.cli",
                            "run",
                            "--autopilot",
                            "--hands",
                            "100000",
                            "--pace",
                            PACE,
                            "--log",
                            url,
                            "--table-id",
                            table,
                            "--quiet",
                            "--game",
                            game,
                        ],
                        env=env,
                        stdout=out,
                        stderr=subprocess.STDOUT,
                    )
                )
        print(
            f"floor demo: {len(tables)} tables dealing into {url}; sign in as staff id 'demo', PIN {pin}",
            flush=True,
        )
        args.log, args.staff = url, str(folder / "staff.json")
        return serve(args)
    finally:
        for process in tables:
            process.terminate()
        for process in tables:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        subprocess.run(
            [str(SERVER_SCRIPT), "stop", server], check=False, capture_output=True, timeout=120
        )
        shutil.rmtree(folder, ignore_errors=True)


def _start_server() -> tuple[str, str]:
    done = subprocess.run(
        [str(SERVER_SCRIPT), "start"], capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or ["it did not say why"])[-1]
        raise ConfigError(f"the demo's PostgreSQL server did not start: {why}")
    exports = dict(
        line.removeprefix("export ").split("=", 1)
        for line in done.stdout.splitlines()
        if line.startswith("export ")
    )
    return exports["TABLE_TEST_PG_URL"], exports["TABLE_TEST_PG_DIR"]
