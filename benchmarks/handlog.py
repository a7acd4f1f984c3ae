"""Hand-log figures: durable events per second (SQLite, PostgreSQL), hands verified per second,
and bytes per hand per game.

    python benchmarks/handlog.py [--events 500] [--hands 40] [--size-hands 30] [--only-size]

``--only-size``: the bytes per hand, and SQLite's rates beside them (no PostgreSQL server).

Each append is committed (and its signed head written) before the next starts, exactly as
``table run`` does. PostgreSQL runs on a throwaway server from ``scripts/pg-test-server``
unless ``TABLE_TEST_PG_URL`` names one. Verification replays autopilot hands through the
rules engine, chain and signatures included.

Bytes per hand: each game (at its most seats) plays ``--size-hands`` autopilot hands into its own
SQLite log (on /dev/shm where there is one: the figure is the file's size, not the disk's
speed); the file is then vacuumed and its size divided by the hands, and the payload text is
split into what was stored per record kind and, inside events, into the event, the prompts
and the effects. Each log is then verified (chain, signatures, heads, every hand replayed
through the rules): ``verified`` is its hands replayed, and a log that fails stops the run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sqlite3
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
        code = table_main(
            [
                "run",
                "--autopilot",
                "--hands",
                str(hands),
                "--log",
                target,
                "--key",
                str(key),
                "--quiet",
            ]
        )
    if code != 0:
        raise SystemExit("autopilot run failed")
    started = time.perf_counter()
    report = check_log(target, key)
    elapsed = time.perf_counter() - started
    if not report.ok:
        raise SystemExit(f"the benchmark log does not verify: {report.findings[:3]}")
    return report.hands / elapsed, report.records


# Each game at its most seats (blackjack's seven-seat hand is the yardstick).
SIZE_GAMES = (
    ("missouri-city", None),
    ("buffalo-bayou", None),
    ("backhand", 6),
    ("blackjack", 7),
    ("vingt-un", 7),
    ("red-dog", 7),
    ("split-decision", 3),
    ("luck-of-the-draw", None),
    ("farmer", 8),
)


def bytes_per_hand(game: str, seats: int | None, hands: int, folder: Path) -> dict[str, float]:
    """One game's log size per hand, and where its payload bytes go."""
    db, key = folder / f"size-{game}.db", folder / "size.key"
    argv = [
        "run",
        "--autopilot",
        "--hands",
        str(hands),
        "--game",
        game,
        "--log",
        str(db),
        "--key",
        str(key),
        "--table-id",
        f"size-{game}",
        "--quiet",
    ] + (["--seats", str(seats)] if seats else [])
    with contextlib.redirect_stdout(io.StringIO()):
        if table_main(argv) != 0:
            raise SystemExit(f"autopilot run of {game} failed")
    parts: dict[str, float] = {"records": 0, "payload": 0, "event": 0, "prompts": 0, "effects": 0}
    with contextlib.closing(sqlite3.connect(db)) as conn:
        played = conn.execute("SELECT COUNT(*) FROM hand_records WHERE kind = 'result'").fetchone()[
            0
        ]
        for kind, text in conn.execute("SELECT kind, payload FROM hand_records"):
            parts["records"] += 1
            parts["payload"] += len(text.encode())
            if kind == "event":
                payload = json.loads(text)
                for part in (p for p in ("event", "prompts", "effects") if p in payload):
                    parts[part] += len(
                        json.dumps(payload.get(part), sort_keys=True, separators=(",", ":"))
                    )
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("VACUUM")
    parts["file"] = db.stat().st_size
    report = check_log(str(db), key)  # chain, signatures, heads and every hand replayed
    if not report.ok:
        raise SystemExit(f"the {game} log does not verify: {report.findings[:3]}")
    return {name: value / played for name, value in parts.items()} | {
        "hands": played,
        "verified": report.hands,
    }


def print_sizes(hands: int) -> None:
    base = "/dev/shm" if Path("/dev/shm").is_dir() else None
    with tempfile.TemporaryDirectory(dir=base) as tmp:
        print(f"bytes per hand on SQLite ({hands} autopilot hands per game; file after VACUUM):")
        print(
            f"  {'game':<18}{'seats':>6}{'file':>10}{'records':>9}{'payload':>10}{'prompts':>10}"
            f"{'effects':>9}{'events':>8}{'verified':>10}"
        )
        for game, seats in SIZE_GAMES:
            size = bytes_per_hand(game, seats, hands, Path(tmp))
            print(
                f"  {game:<18}{seats or '':>6}{size['file']:>10,.0f}{size['records']:>9.1f}{size['payload']:>10,.0f}"
                f"{size['prompts']:>10,.0f}{size['effects']:>9,.0f}{size['event']:>8,.0f}"
                f"{size['verified']:>10.0f}",
                flush=True,
            )


def pg_server() -> tuple[str, str | None]:
    url = os.environ.get("TABLE_TEST_PG_URL")
    if url:
        return url, None
    done = subprocess.run(
        [str(ROOT / "scripts" / "pg-test-server"), "start"],
        capture_output=True,
        text=True,
        check=True,
    )
    values = dict(line.removeprefix("export ").split("=", 1) for line in done.stdout.splitlines())
    return values["TABLE_TEST_PG_URL"], values["TABLE_TEST_PG_DIR"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument(
        "--size-hands", type=int, default=30, help="autopilot hands per game for bytes per hand"
    )
    parser.add_argument(
        "--only-size", action="store_true", help="only bytes per hand (no server needed)"
    )
    args = parser.parse_args()
    print_sizes(args.size_hands)
    server_url, folder = (None, None) if args.only_size else pg_server()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["TABLE_DATA_DIR"] = tmp
            key = Path(tmp) / "hand_log.key"
            logs = [("SQLite (WAL, synchronous=FULL)", str(Path(tmp) / "bench.db"))]
            checked = [("SQLite", str(Path(tmp) / "verify.db"))]
            if server_url:  # --only-size: SQLite's rates beside its sizes, no server
                logs.append(("PostgreSQL (synchronous_commit=on)", fresh_pg_url(server_url)))
                checked.append(("PostgreSQL", fresh_pg_url(server_url)))
            for name, target in logs:
                rate = durable_events_per_second(target, key, args.events)
                print(f"durable events/s, {name}: {rate:,.0f} ({args.events} appends)")
            for name, target in checked:
                rate, records = hands_verified_per_second(target, key, args.hands)
                print(
                    f"hands verified/s (chain + signatures + rules replay), {name}: "
                    f"{rate:,.0f} ({args.hands} hands, {records} records)"
                )
    finally:
        if folder:
            subprocess.run([str(ROOT / "scripts" / "pg-test-server"), "stop", folder], check=False)


if __name__ == "__main__":
    main()
