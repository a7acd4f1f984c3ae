"""The floor's records as they are written: woken by PostgreSQL, never polling each table.

Every insert into the hand log notifies ``hand_log_written`` with its table's id (a trigger,
:data:`~table_controller.hand_log.pg_store.NOTIFY_SCHEMA`). The feed listens on its own
connection; when woken it reads, for each table named since it last looked, the records after
the last it has, in chain order, into the :class:`~floor_display.board.Board`, and then calls
``on_change`` once for the lot. On start it reads each table from its last hand header (or
from the start of the gaming day, for the hands counted this hour and the day's hold).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import psycopg

from floor_display.board import Board
from table_controller.errors import HandLogError
from table_controller.hand_log.pg_store import NOTIFY_CHANNEL, PgStore

LOG = logging.getLogger(__name__)
RECONNECT_SECONDS = 2.0


class FloorFeed:
    def __init__(self, url: str, board: Board, on_change: Callable[[], None]) -> None:
        self.url = url
        self.board = board
        self.lock = threading.Lock()  # held while the board changes; readers take it too
        self.on_change = on_change
        self.problem = ""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def open(self) -> None:
        """Check the database once, in the caller's thread, so a wrong URL is one plain line.

        Raises:
            HandLogError: the database cannot be reached or is not a hand log.
        """
        with PgStore(self.url, create=False) as store:
            store.ensure_notify()
        self._thread = threading.Thread(target=self._run, name="floor-feed", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._follow()
            except (HandLogError, psycopg.Error) as exc:
                self.problem = (
                    str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                )
                LOG.warning("floor feed: %s; trying again", self.problem)
                self.on_change()
                self._stop.wait(RECONNECT_SECONDS)

    def _follow(self) -> None:
        with (
            psycopg.connect(self.url, autocommit=True) as listener,
            PgStore(self.url, create=False) as store,
        ):
            listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
            self._catch_up(
                store,
                [str(r[0]) for r in store.execute("SELECT DISTINCT table_id FROM hand_records")],
                first=True,
            )
            self.problem = ""
            self.on_change()
            while not self._stop.is_set():
                woken = {n.payload for n in listener.notifies(timeout=0.5, stop_after=1000)}
                if woken:
                    self._catch_up(store, sorted(woken))
                    self.on_change()

    def _catch_up(self, store: PgStore, tables: list[str], *, first: bool = False) -> None:
        now = time.time()
        since = min(now // 3600 * 3600, self.board.settings.day_began(now))  # the hour, the day
        for table in tables:
            after = self.board.last_seq(table)
            if first or after == 0:
                after = _start_of_view(store, table, since)
            records = list(store.records(table=table, after_seq=after))
            with self.lock:
                for record in records:
                    self.board.take(record)


def _start_of_view(store: PgStore, table: str, since: float) -> int:
    """Where the floor starts reading a table: its last hand's header, or its first record
    since the gaming day began if that is earlier (the hands this hour are counted, and the
    day's hold)."""
    header = store.last_header(table)
    if header is not None:  # a lean header is read from the whole one before it
        header = store.header_base(table, header.seq)[0]
    rows = store.execute(
        "SELECT MIN(seq) FROM hand_records WHERE table_id = ? AND at >= ?", (table, since)
    )
    first_this_hour = rows[0][0] if rows and rows[0][0] is not None else None
    starts = [s for s in (header.seq if header else None, first_this_hour) if s is not None]
    return min(starts) - 1 if starts else 0
