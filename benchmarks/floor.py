"""The floor's figures: N simulated tables dealing into one PostgreSQL at once, the floor's feed
following them, and the largest N whose every table commits under 50 ms at the 99th percentile.

    python benchmarks/floor.py [--tables 8 | --search] [--seconds 8] [--pace 0.05]
                               [--processes 4] [--max-tables 64]

Each table is what ``table run --autopilot`` is: a TableSession over its own hand log on the
server (its own connection, chain and signed heads), the autopilot dealing from a simulated shoe
at ``--pace`` seconds a step (a dealer takes one to three seconds: 0.05 s is 20 to 60 times a
real table), every record committed before the table goes on. The tables deal the registry's
games with bets in turn and live in ``--processes`` processes (threads within each). Reported:
records per second over all tables, the commit latency of one record per table (its p99, the
worst table's), and how far behind the floor's feed (LISTEN/NOTIFY, floor_display/feed.py: what
the page is pushed from) is, from a record's time to the board holding it. ``--search`` runs N = 2,
4, 8, ... ``--max-tables``, then halves twice the gap after the last N under 50 ms at p99 (the
worst table's), and prints the largest N that kept under it. The server is a throwaway one
from ``scripts/pg-test-server`` unless ``TABLE_TEST_PG_URL`` names one.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.handlog import pg_server  # noqa: E402
from floor_display.board import Board  # noqa: E402
from floor_display.feed import FloorFeed  # noqa: E402
from table_controller.hand_log import HandLog  # noqa: E402
from tests.hand_log.fixtures import fresh_pg_url  # noqa: E402

LIMIT_MS = 50.0
WARM_UP = 4.0  # seconds for the processes to start and the tables to open their logs


class TimedLog:
    """A hand log whose writes are timed: each commit's seconds in ``latencies``."""

    def __init__(self, log: HandLog) -> None:
        self.log, self.latencies = log, list[float]()

    def begin_hand(self, hand_id: str, header: dict[str, Any]) -> None:
        started = time.perf_counter()
        self.log.begin_hand(hand_id, header)
        self.latencies.append(time.perf_counter() - started)

    def append(self, *args: Any, **kwargs: Any) -> int:
        started = time.perf_counter()
        seq = self.log.append(*args, **kwargs)
        self.latencies.append(time.perf_counter() - started)
        return seq

    def __getattr__(self, name: str) -> Any:
        return getattr(self.log, name)


def deal(
    url: str, key: str, table: str, game_id: str, start: float, until: float, pace: float
) -> list[float]:
    """One table dealing by autopilot from ``start`` until ``until``: each record's commit time."""
    from drivers.registry import open_source
    from table_controller import autopilot
    from table_controller.games import make_game
    from table_controller.runtime import HandLogLike, TableSession

    game = make_game(game_id)
    options = [f"{k}={v}" for k, v in game.shoe.sim_options().items()]
    seed = int(table.rsplit("-", 1)[-1])
    cards = "&".join([f"sim://?seed={seed}", f"decks={game.shoe.decks}", *options])
    log = TimedLog(HandLog.open(url, key_path=key, table_id=table))
    time.sleep(max(0.0, start - time.time()))  # every table starts at once, imports done
    try:
        with open_source(cards) as source:
            session = TableSession(
                game, table_id=table, log=cast(HandLogLike, log), source_url=cards, simulated=True
            )
            autopilot.drive(
                session, source, hands=None, pace=pace, should_stop=lambda: time.time() > until
            )
    finally:
        log.close()
    return log.latencies


def _process(jobs: list[tuple[str, str, str, str, float, float, float]], out: Any) -> None:
    results: dict[str, list[float]] = {}
    threads = [
        threading.Thread(target=lambda j=j: results.__setitem__(j[2], deal(*j))) for j in jobs
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.put(results)


def run_tables(
    url: str, key: str, tables: int, seconds: float, pace: float, processes: int
) -> dict[str, list[float]]:
    """Per table, its commit latencies, the tables spread over ``processes`` processes."""
    from table_controller.commands.floor_demo import demo_games

    games = demo_games()
    start = time.time() + WARM_UP
    jobs = [
        (url, key, f"bench-{i:03d}", games[i % len(games)], start, start + seconds, pace)
        for i in range(tables)
    ]
    out: Any = multiprocessing.Queue()
    workers = [
        multiprocessing.Process(target=_process, args=(jobs[p::processes], out))
        for p in range(min(processes, tables))
    ]
    for w in workers:
        w.start()
    per_table: dict[str, list[float]] = {}
    for _ in workers:
        per_table.update(out.get())
    for w in workers:
        w.join()
    return per_table


def behind(board: Board, seen: dict[str, int]) -> list[float]:
    """For each table the feed just read new records of: how old its newest record is now."""
    now, lags = time.time(), []
    for view in list(board.tables.values()):
        if view.last_seq != seen.get(view.table, 0):
            seen[view.table] = view.last_seq
            lags.append(max(0.0, now - view.last_at))
    return lags


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


@dataclass(frozen=True)
class Figures:
    tables: int
    records: int
    per_second: float
    p50_ms: float
    worst_p99_ms: float
    feed_p50_ms: float
    feed_p99_ms: float

    def line(self) -> str:
        return (
            f"{self.tables:>4} tables: {self.records:>7,} records, {self.per_second:>6,.0f}/s; "
            f"commit p50 {self.p50_ms:5.1f} ms, worst table's p99 {self.worst_p99_ms:6.1f} ms; "
            f"feed behind p50 {self.feed_p50_ms:4.0f} ms, p99 {self.feed_p99_ms:5.0f} ms"
        )

    @property
    def under(self) -> bool:
        return self.worst_p99_ms < LIMIT_MS


def measure(server_url: str, tables: int, args: argparse.Namespace) -> Figures:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TABLE_DATA_DIR"] = tmp
        url, key = fresh_pg_url(server_url), str(Path(tmp) / "hand_log.key")
        HandLog.open(url, key_path=key, table_id="bench-setup").close()  # the schema, once
        board, lags, seen = Board(), list[float](), dict[str, int]()
        feed = FloorFeed(url, board, lambda: lags.extend(behind(board, seen)))
        feed.open()
        per_table = run_tables(url, key, tables, args.seconds, args.pace, args.processes)
        time.sleep(1.0)  # the feed's last wake-up
        feed.close()
    every = [x * 1000 for lat in per_table.values() for x in lat]
    worst = max(percentile([x * 1000 for x in lat], 99) for lat in per_table.values())
    return Figures(
        tables,
        len(every),
        len(every) / args.seconds,
        percentile(every, 50),
        worst,
        percentile(lags, 50) * 1000,
        percentile(lags, 99) * 1000,
    )


def search(server_url: str, args: argparse.Namespace) -> int:
    """The largest N whose worst table's p99 stays under the limit: every doubling of N from 2 to
    ``--max-tables`` (the figures at scale), then the gap after the last N under it (with every
    smaller N) halved twice."""
    tried: dict[int, bool] = {}
    n = 2
    while n <= args.max_tables:
        figures = measure(server_url, n, args)
        print(figures.line(), flush=True)
        tried[n], n = figures.under, n * 2
    good = 0
    for n, under in sorted(tried.items()):
        if not under:
            break
        good = n
    bad = min((n for n in tried if n > good), default=0)
    for _ in range(2):
        if not bad or bad - good <= 1:
            break
        n = (good + bad) // 2
        figures = measure(server_url, n, args)
        print(figures.line(), flush=True)
        good, bad = (n, bad) if figures.under else (good, n)
    return good


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--search", action="store_true", help="find the largest N under 50 ms")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--pace", type=float, default=0.05, help="seconds per autopilot step")
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--max-tables", type=int, default=64)
    args = parser.parse_args()
    server_url, folder = pg_server()
    load = os.getloadavg()
    print(
        f"{os.cpu_count()} cores, load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the start; "
        f"pace {args.pace} s a step, {args.processes} processes, {args.seconds:.0f} s a run",
        flush=True,
    )
    try:
        if args.search:
            good = search(server_url, args)
            limit = f"{LIMIT_MS:.0f} ms"
            print(
                f"largest N with every table's commit under {limit} at p99: {good}"
                if good
                else f"no N tried kept every table under {limit} at p99"
            )
        else:
            print(measure(server_url, args.tables, args).line())
        load = os.getloadavg()
        print(f"load at the end: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    finally:
        if folder:
            subprocess.run([str(ROOT / "scripts" / "pg-test-server"), "stop", folder], check=False)


if __name__ == "__main__":
    main()
