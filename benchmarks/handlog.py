"""Hand-log figures: durable events per second (SQLite, PostgreSQL) and hands verified per second.

    python benchmarks/handlog.py [--events 500] [--hands 40]

Each append is committed (and its signed head written) before the next starts, exactly as
``table run`` does. PostgreSQL runs on a throwaway server from ``scripts/pg-test-server``
unless ``TABLE_TEST_PG_URL`` names one. Verification replays autopilot hands through the
rules engine, chain and signatures included.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from table_controller.cli import main as table_main  # noqa: E402
from table_controller.hand_log import HandLog  # noqa: E402
from table_controller.hand_log.check import check_log  # noqa: E402
from tests.hand_log.fixtures import fresh_pg_url  # noqa: E402
from tests.hand_log.sample import HEADER, event_payload  # noqa: E402


def durable_events_per_second(target: str, key: Path, events: int) -> float:
    with HandLog.open(target, key_path=key, table_id="bench") as log:
        log.begin_hand("bench-hand", HEADER)
        started = time.perf_counter()
        for i in range(events):
            log.append("bench-hand", "event", event_payload(i), source="bench", at=time.time())
        elapsed = time.perf_counter() - started
    return events / elapsed


def hands_verified_per_second(target: str, key: Path, hands: int) -> tuple[float, int]:
    with contextlib.redirect_stdout(io.StringIO()):  # the hands' results are not the figures
        code = table_main(["run", "--autopilot", "--hands", str(hands), "--log", target,
                           "--key", str(key), "--quiet"])
    if code != 0:
        raise SystemExit("autopilot run failed")
    started = time.perf_counter()
    report = check_log(target, key)
    elapsed = time.perf_counter() - started
    if not report.ok:
        raise SystemExit(f"the benchmark log does not verify: {report.findings[:3]}")
    return report.hands / elapsed, report.records


def pg_server() -> tuple[str, str | None]:
    url = os.environ.get("TABLE_TEST_PG_URL")
    if url:
        return url, None
    done = subprocess.run([str(ROOT / "scripts" / "pg-test-server"), "start"],
                          capture_output=True, text=True, check=True)
    values = dict(line.removeprefix("export ").split("=", 1) for line in done.stdout.splitlines())
    return values["TABLE_TEST_PG_URL"], values["TABLE_TEST_PG_DIR"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--hands", type=int, default=40)
    args = parser.parse_args()
    server_url, folder = pg_server()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["TABLE_DATA_DIR"] = tmp
            key = Path(tmp) / "hand_log.key"
            sqlite_target = str(Path(tmp) / "bench.db")
            rows = [
                ("SQLite (WAL, synchronous=FULL)", sqlite_target),
                ("PostgreSQL (synchronous_commit=on)", fresh_pg_url(server_url)),
            ]
            for name, target in rows:
                rate = durable_events_per_second(target, key, args.events)
                print(f"durable events/s, {name}: {rate:,.0f} ({args.events} appends)")
            for name, target in (("SQLite", str(Path(tmp) / "verify.db")),
                                 ("PostgreSQL", fresh_pg_url(server_url))):
                rate, records = hands_verified_per_second(target, key, args.hands)
                print(f"hands verified/s (chain + signatures + rules replay), {name}: "
                      f"{rate:,.0f} ({args.hands} hands, {records} records)")
    finally:
        if folder:
            subprocess.run([str(ROOT / "scripts" / "pg-test-server"), "stop", folder], check=False)


if __name__ == "__main__":
    main()
