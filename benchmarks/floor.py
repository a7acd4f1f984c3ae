"""The floor's figures: N simulated tables writing to one PostgreSQL at once, and the floor
page's feed reading them.

    python benchmarks/floor.py [--tables 10] [--seconds 10] [--processes]

Each table opens its own hand log on the server (its own connection, chain, signed heads)
and writes sample hands as fast as its commits return; every append is committed and its head
written before the next, as ``table run`` does. Reported: records per second over all tables,
the commit latency of one append (p50, p99, max), and how far behind the floor's feed
(LISTEN/NOTIFY, floor_display/feed.py) is: from a record's time to the board holding it.
Threads by default; ``--processes`` runs each table in its own process (closer to a floor,
where each table is its own computer). The server is a throwaway one from
``scripts/pg-test-server`` unless ``TABLE_TEST_PG_URL`` names one.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.handlog import pg_server  # noqa: E402
from floor_display.board import Board  # noqa: E402
from floor_display.feed import FloorFeed  # noqa: E402
from table_controller.hand_log import HandLog  # noqa: E402
from tests.hand_log.fixtures import fresh_pg_url  # noqa: E402
from tests.hand_log.sample import HEADER, hand_payloads  # noqa: E402


def deal(url: str, key: str, table: str, until: float, latencies: list[float]) -> None:
    """One table writing hands until ``until``; each append's commit time in ``latencies``."""
    with HandLog.open(url, key_path=key, table_id=table) as log:
        n = 0
        while time.time() < until:
            hand = f"{table}-{n:05d}"
            started = time.perf_counter()
            log.begin_hand(hand, {**HEADER, "table": table}, at=time.time())
            latencies.append(time.perf_counter() - started)
            for kind, payload, source in hand_payloads(n):
                started = time.perf_counter()
                log.append(hand, kind, payload, source=source, at=time.time())
                latencies.append(time.perf_counter() - started)
            n += 1


def _deal_in_process(
    url: str, key: str, table: str, until: float, out: multiprocessing.Queue
) -> None:
    latencies: list[float] = []
    deal(url, key, table, until, latencies)
    out.put(latencies)


def run_tables(url: str, key: str, tables: int, seconds: float, processes: bool) -> list[float]:
    until = time.time() + seconds
    names = [f"bench-{i:03d}" for i in range(tables)]
    if processes:
        out: multiprocessing.Queue = multiprocessing.Queue()
        workers = [
            multiprocessing.Process(target=_deal_in_process, args=(url, key, n, until, out))
            for n in names
        ]
        for w in workers:
            w.start()
        latencies = [x for _ in workers for x in out.get()]
        for w in workers:
            w.join()
        return latencies
    per_table: list[list[float]] = [[] for _ in names]
    threads = [
        threading.Thread(target=deal, args=(url, key, n, until, lat))
        for n, lat in zip(names, per_table, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [x for lat in per_table for x in lat]


def behind(board: Board, seen: dict[str, int]) -> list[float]:
    """For each table the feed just read new records of: how old its newest record is now."""
    now, lags = time.time(), []
    for view in list(board.tables.values()):
        if view.last_seq != seen.get(view.table, 0):
            seen[view.table] = view.last_seq
            lags.append(max(0.0, now - view.last_at))
    return lags


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--processes", action="store_true")
    args = parser.parse_args()
    server_url, folder = pg_server()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["TABLE_DATA_DIR"] = tmp
            url, key = fresh_pg_url(server_url), str(Path(tmp) / "hand_log.key")
            HandLog.open(url, key_path=key, table_id="bench-setup").close()  # the schema, once
            board, lags = Board(), []
            feed = FloorFeed(url, board, lambda: lags.extend(behind(board, seen)))
            seen: dict[str, int] = {}
            feed.open()
            latencies = run_tables(url, key, args.tables, args.seconds, args.processes)
            time.sleep(1.0)  # the feed's last wake-up
            feed.close()
            ms = [x * 1000 for x in latencies]
            how = "processes" if args.processes else "threads"
            print(
                f"{args.tables} tables ({how}) for {args.seconds:.0f} s: {len(ms):,} records, "
                f"{len(ms) / args.seconds:,.0f} records/s"
            )
            print(
                f"commit latency per record: p50 {percentile(ms, 50):.1f} ms, p99 {percentile(ms, 99):.1f} ms, "
                f"max {max(ms):.1f} ms"
            )
            if lags:
                print(
                    f"floor feed behind the newest record it shows: p50 {percentile(lags, 50) * 1000:.0f} ms, "
                    f"p99 {percentile(lags, 99) * 1000:.0f} ms ({len(lags):,} samples)"
                )
    finally:
        if folder:
            import subprocess

            subprocess.run([str(ROOT / "scripts" / "pg-test-server"), "stop", folder], check=False)


if __name__ == "__main__":
    main()
