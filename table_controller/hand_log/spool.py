"""A table logging to PostgreSQL keeps dealing when the server goes away: the spool.

While the server cannot be reached, the table's records go to a local SQLite file (the
*spool*, beside the key: ``hand_log.key.spool/<place>.<table>.db``, owner-only, every insert
synced before it returns). They are the same records: sealed, chained and signed by
:class:`~table_controller.hand_log.log.HandLog` as any other, so the signed head moves on
with them. A thread tries the server every few seconds; when it answers, the kept records
are sent in chain order, and once none is left the table writes to the server again and the
spool is deleted. Nothing is lost (a record is deleted from the spool only with the whole
spool, after the server holds it), doubled (the server's last record says where to carry on)
or reordered (one sender, in sequence order; the table's own writes wait while it switches).

So that a table that crashes during the outage resumes from the spool alone, the spool starts
with a copy of the table's records from its last hand header on (already on the server): the
open hand, the last header and the last record are all in the spool. A table that starts with
a spool forwards it first if the server answers, else carries on spooling.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from table_controller.errors import HandLogError, HandLogUnreachable
from table_controller.hand_log.lean import is_whole_header
from table_controller.hand_log.pg_store import PgStore, _redact
from table_controller.hand_log.records import GENESIS, HandRecord
from table_controller.hand_log.spool_file import create_spool, first_seq, spool_folder, spool_path
from table_controller.hand_log.sqlite_store import SqliteStore
from table_controller.hand_log.store import LogStore

__all__ = ["SpooledStore", "spool_folder"]
LOG = logging.getLogger(__name__)
RETRY_SECONDS = 2.0
BATCH = 500  # records sent per turn before the table's writes get the lock again
Watcher = Callable[[], None]
T = TypeVar("T")


class SpooledStore(LogStore):
    """One table's PostgreSQL hand log, kept locally while the server cannot be reached.

    Reads of this table's recent records (its last record and header, the open hand) come from
    wherever the latest records are; any other read goes to the server.
    """

    def __init__(
        self, url: str, table: str, folder: Path, *, retry_seconds: float = RETRY_SECONDS
    ) -> None:
        self._url = url
        self.table = table
        self.retry_seconds = retry_seconds
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._watchers: list[Watcher] = []
        self._server: PgStore | None = None
        self._spool: SqliteStore | None = None
        self._since_header: list[HandRecord] = []  # its records from its last whole header on
        self._on_server = 0  # the last of this table's records the server is known to hold
        self._last_seq = 0
        self._outage: tuple[int, float, str] | None = (
            None  # (kept after record, began at, why) while spooling
        )
        self.ended_outage: dict[str, Any] | None = (
            None  # the last outage, once its records are forwarded
        )
        self.problem = ""  # why the records are kept here: the server's last error
        self.refused = ""  # the server would not take the kept records: why (no more tries)
        self._folder = folder
        try:
            self._open()
        except BaseException:
            self.close()
            raise

    # ----- opening -----------------------------------------------------------------------------
    def _open(self) -> None:
        try:
            self._server = PgStore(self._url, create=True)
        except HandLogUnreachable as exc:
            self.target = self.location = _redact(self._url)
            self._path = spool_path(self._folder, self.location, self.table)
            if not self._path.exists():
                raise  # no records kept here to carry on from: say the server is unreachable
            self.problem = str(exc)
        else:
            self.target, self.location = self._server.target, self._server.location
            self._path = spool_path(self._folder, self.location, self.table)
        if self._path.exists():
            self._resume_spool()
        else:
            assert self._server is not None
            self.log_id = self._server.log_id
            self._load_recent(self._server)
            last = self._server.last_record(self.table)
            self._on_server = self._last_seq = last.seq if last else 0

    def _resume_spool(self) -> None:
        """A spool left by a table that stopped (or crashed) while the server was away."""
        spool = SqliteStore(str(self._path), create=False)
        self._spool = spool
        meta = dict(spool.execute("SELECT key, value FROM hand_log_meta"))
        if meta.get("server_location") != self.location or meta.get("table") != self.table:
            raise HandLogError(
                f"{self._path} is not the spool of table {self.table} for {self.target}"
            )
        self.log_id = meta["server_log_id"]
        self._load_recent(spool)
        last = spool.last_record(self.table)
        self._last_seq = last.seq if last else 0
        self._on_server = int(meta.get("on_server", "0"))
        self._outage = (
            int(meta.get("kept_after", self._on_server)),
            float(meta.get("began", time.time())),
            meta.get("reason", ""),
        )
        if self._server is None:
            self._start_forwarding()
            return
        try:
            self._forward(self._server)
        except HandLogUnreachable as exc:
            self._server_lost(exc)

    def _load_recent(self, store: LogStore) -> None:
        header = store.last_header(self.table)  # from the whole header its header is read from
        after = store.header_base(self.table, header.seq)[0].seq - 1 if header else 0
        self._since_header = list(store.records(table=self.table, after_seq=after))

    # ----- writing -----------------------------------------------------------------------------
    def insert(self, record: HandRecord) -> None:
        with self._lock:
            if self._spool is None:
                try:
                    assert self._server is not None
                    self._server.insert(record)
                    self._on_server = record.seq
                except HandLogUnreachable as exc:
                    self._begin_spooling(exc)
            if self._spool is not None:
                self._spool.insert(record)
            self._keep(record)

    def _keep(self, record: HandRecord) -> None:
        if is_whole_header(record):  # (a lean header is read from the whole one before it)
            self._since_header = []
        self._since_header.append(record)
        self._last_seq = record.seq

    def _begin_spooling(self, exc: HandLogUnreachable) -> None:
        """The server went away: from now on records are kept here, after a copy of the
        records a restarted table needs (its last hand, already on the server)."""
        LOG.warning("%s; keeping table %s's records in %s", exc, self.table, self._path)
        self._outage = (self._on_server, time.time(), str(exc))
        try:
            self._spool = create_spool(
                self._path,
                self.log_id,
                self.location,
                self.table,
                self._since_header,
                on_server=self._on_server,
                reason=str(exc),
            )
        except OSError as error:
            raise HandLogError(
                f"{exc}; and the records cannot be kept in {self._path}: {error.strerror or error}"
            ) from None
        self._server_lost(exc)

    def _server_lost(self, exc: HandLogUnreachable) -> None:
        self.problem = str(exc)
        if self._server is not None:
            with contextlib.suppress(Exception):
                self._server.close()
            self._server = None
        self._start_forwarding()

    # ----- forwarding --------------------------------------------------------------------------
    def _start_forwarding(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(
                target=self._forward_loop, name=f"spool-{self.table}", daemon=True
            )
            self._thread.start()

    def _forward_loop(self) -> None:
        while not self._stop.wait(self.retry_seconds):
            if self._try_forward():
                return

    def _try_forward(self) -> bool:
        """One try to hand the kept records to the server; True when there is no more to do."""
        try:
            server = PgStore(self._url, create=False, connect_timeout=5)
        except HandLogError as exc:
            self.problem = str(exc)
            return False
        try:
            self._forward(server)
        except HandLogUnreachable as exc:
            self.problem = str(exc)
            with contextlib.suppress(Exception):
                server.close()
            return False
        except HandLogError as exc:  # the server holds another chain for this table: stop
            self.refused = str(exc)
            LOG.error("%s", exc)
            with contextlib.suppress(Exception):
                server.close()
            self._tell()
            return True
        self._tell()
        return True

    def _forward(self, server: PgStore) -> None:
        """Send every kept record the server lacks, in order; then write to the server again.

        Raises:
            HandLogUnreachable: the server went away again (the rest stay kept).
            HandLogError: the server's chain for this table does not lead into the spool's.
        """
        if server.log_id != self.log_id:
            raise HandLogError(
                f"{self.target} now holds another hand log than the one table {self.table} kept records "
                f"for in {self._path} (log id {server.log_id}, not {self.log_id}): the records stay in "
                "the spool for an auditor; move it away to start afresh"
            )
        sent = self._carry_on_from(server)
        while True:
            with self._lock:
                assert self._spool is not None
                batch = list(
                    itertools.islice(self._spool.records(table=self.table, after_seq=sent), BATCH)
                )
                if not batch:
                    self._drained(server)
                    return
            for record in batch:
                server.insert(record)
                sent = self._on_server = record.seq
            self._note_on_server(sent)
            self._tell()

    def _carry_on_from(self, server: PgStore) -> int:
        """The sequence number after which the server lacks this table's records."""
        assert self._spool is not None
        last = server.last_record(self.table)
        held = last.seq if last else 0
        with self._lock:
            following = self._spool.record_at(self.table, held + 1)
            here = self._spool.record_at(self.table, held) if held else None
            empty = self._spool.last_record(self.table) is None
        if empty or (
            following is not None and following.prev_hash == (last.digest if last else GENESIS)
        ):
            return held
        if (
            following is None
            and here is not None
            and last is not None
            and here.digest == last.digest
        ):
            return held
        raise HandLogError(
            f"{self.target} holds record {held} of table {self.table}, which does not lead into the "
            f"records kept in {self._path} while it was unreachable: another process wrote this "
            "table's chain there; the kept records stay in the spool for an auditor"
        )

    def _drained(self, server: PgStore) -> None:
        """Every kept record is on the server (called under the lock): write there again."""
        assert self._spool is not None
        self._spool.close()
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{self._path}{suffix}")
        self._spool = None
        self._server = server
        if self._outage is not None:
            kept_after, began, reason = self._outage
            self.ended_outage = {
                "records": self._last_seq - kept_after,
                "first_seq": kept_after + 1,
                "began": began,
                "ended": time.time(),
                "reason": reason,
            }
            self._outage = None
        self.problem = ""
        LOG.warning(
            "hand log %s is back: table %s's kept records are forwarded", self.target, self.table
        )

    def _note_on_server(self, seq: int) -> None:
        with self._lock:
            if self._spool is not None:
                self._spool.execute(
                    "INSERT INTO hand_log_meta (key, value) VALUES ('on_server', ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (str(seq),),
                )

    # ----- what the dealer is told -------------------------------------------------------------
    @property
    def kept(self) -> int:
        """Records kept here that the server does not hold yet."""
        return self._last_seq - self._on_server if self._spool is not None else 0

    def notice(self) -> str | None:
        """The dealer's standing notice while records are kept here, else None."""
        if self._spool is None:
            return None
        if self.refused:
            return (
                f"Hand log server refused the {self.kept} records kept here: "
                "call the pit boss (the table keeps dealing and keeping them)"
            )
        return f"Hand log server unreachable: {self.kept} records kept here"

    def watch(self, watcher: Watcher) -> None:
        """``watcher()`` after the forwarding thread changed the notice (outside every lock)."""
        self._watchers.append(watcher)

    def _tell(self) -> None:
        for watcher in list(self._watchers):
            try:
                watcher()
            except Exception:  # a screen's failure must not stop the forwarding
                LOG.exception("spool watcher failed")

    # ----- reading -----------------------------------------------------------------------------
    def _recent(self) -> LogStore:
        """Where this table's latest records are."""
        store = self._spool or self._server
        assert store is not None
        return store

    def _remote(self) -> PgStore:
        if self._server is None:
            raise HandLogUnreachable(
                f"{self.problem or self.target} (this table's records are kept here meanwhile)"
            )
        return self._server

    def _own(self, read: Callable[[LogStore], T]) -> T:
        """A read of this table's latest records: from the spool while there is one; the
        server going away during the read starts one (the table is about to write)."""
        with self._lock:
            if self._spool is None:
                try:
                    return read(self._remote())
                except HandLogUnreachable as exc:
                    self._begin_spooling(exc)
            assert self._spool is not None
            return read(self._spool)

    def last_record(self, table: str) -> HandRecord | None:
        if table != self.table:
            return self._remote().last_record(table)
        return self._own(lambda store: store.last_record(table))

    def last_header(self, table: str) -> HandRecord | None:
        if table != self.table:
            return self._remote().last_header(table)
        return self._own(lambda store: store.last_header(table))

    def header_base(self, table: str, seq: int) -> list[HandRecord]:
        if table != self.table:
            return self._remote().header_base(table, seq)
        return self._own(lambda store: store.header_base(table, seq))

    def open_hand(self, table: str) -> HandRecord | None:
        if table != self.table:
            return self._remote().open_hand(table)
        return self._own(lambda store: store.open_hand(table))

    def has_hand(self, table: str, hand_id: str) -> bool:
        # While spooling only the spool is asked: hand ids are made unique (a time and a random
        # part), and the spool holds every hand begun since the server went away.
        if table != self.table:
            return self._remote().has_hand(table, hand_id)
        return self._own(lambda store: store.has_hand(table, hand_id))

    def records(
        self,
        table: str | None = None,
        hand_id: str | None = None,
        kinds: Iterable[str] | None = None,
        after_seq: int = 0,
    ) -> Iterator[HandRecord]:
        with self._lock:
            spool = self._spool
            if (
                table == self.table
                and spool is not None
                and (
                    spool.has_hand(table, hand_id)
                    if hand_id is not None
                    else after_seq >= first_seq(spool, table) - 1
                )
            ):
                found = list(spool.records(table, hand_id, kinds, after_seq))
            else:
                found = list(self._remote().records(table, hand_id, kinds, after_seq))
        yield from found

    def note_key(self, table: str, key_id: str, key_path: str) -> None:
        # Which key signs the chain is the server's to keep; while it is away the note waits
        # for the next start (the records themselves carry their signatures).
        with contextlib.suppress(HandLogUnreachable):
            super().note_key(table, key_id, key_path)

    def key_notes(self) -> dict[str, dict[str, str]]:
        try:
            return super().key_notes()
        except HandLogUnreachable:
            return {}

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._remote()._run(sql, params)

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[tuple[Any, ...]]:
        yield from self._run(sql, params)

    def close(self) -> None:
        """Stop forwarding and close both databases; kept records stay for the next start."""
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=30)
        with self._lock:
            if self._spool is not None:
                if self.kept:
                    LOG.warning(
                        "%d records of table %s stay in %s until the table next starts",
                        self.kept,
                        self.table,
                        self._path,
                    )
                self._spool.close()
            if self._server is not None:
                self._server.close()
