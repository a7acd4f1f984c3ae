"""The embedded hand log: one SQLite file in WAL mode, every insert synced before it returns.

A new file is laid out as schema 2 (:mod:`table_controller.hand_log.schema2`); a file of
schema 1 is read and written as it is (``table audit migrate`` converts it).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Generator, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from table_controller.errors import HandLogError
from table_controller.hand_log import schema2
from table_controller.hand_log.records import HEADER, HandRecord
from table_controller.hand_log.store_base import COLUMNS, SCHEMA, LogStore
from table_controller.private_files import create_private, tighten


class SqliteStore(LogStore):
    def __init__(self, target: str, *, create: bool = True) -> None:
        self.target = target
        path = Path(target)
        try:
            self.location = str(path.resolve())
        except (RuntimeError, OSError):  # a symbolic link loop (RuntimeError before Python 3.13)
            raise HandLogError(f"cannot open hand log {target}: a loop of symbolic links") from None
        if not create and not path.is_file():
            raise HandLogError(f"no hand log at {target}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if create:  # every card of every hand: owner only (SQLite gives -wal, -shm this mode)
                create_private(path)
            self._db = sqlite3.connect(
                path, isolation_level=None, timeout=30.0, check_same_thread=False
            )
            self._db.execute("PRAGMA busy_timeout = 30000")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
        except (sqlite3.Error, OSError) as exc:
            raise HandLogError(f"cannot open hand log {target}: {exc}") from None
        try:
            stored = self._stored_schema()
            self.schema = stored or (schema2.VERSION if create else "1")
            self._compact = schema2.CompactRows(self._run) if self.schema == "2" else None
            if self._compact is not None:
                self.ROWS_TABLE = schema2.RECORDS
            if create:
                statements: tuple[str, ...] = schema2.SCHEMA if self._compact else SCHEMA
                if stored is None:  # a new log: laid out whole, or not at all
                    statements = ("BEGIN", *schema2.SCHEMA, *schema2.NEW_SCHEMA, "COMMIT")
                for statement in statements:
                    self._run(statement)
                self.log_id = self._ensure_log_id()
                for suffix in ("", "-wal", "-shm"):  # a log an older run left open to others
                    tighten(f"{path}{suffix}")
            else:
                self.log_id = self._read_log_id()
            self._starts = self._has_table(schema2.STARTS)
        except HandLogError:
            self._db.close()
            raise

    def _has_table(self, name: str) -> bool:
        return bool(self._run("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)))

    def _stored_schema(self) -> str | None:
        """The layout of this file's records, by the tables it holds (a log from before the
        schema was noted in its meta is schema 1); ``None`` for a file with no log yet."""
        names = {str(r[0]) for r in self._run("SELECT name FROM sqlite_master")}
        if schema2.RECORDS in names:
            return schema2.VERSION
        return "1" if "hand_records" in names or "hand_log_meta" in names else None

    def insert(self, record: HandRecord) -> None:
        if self._compact is None:
            super().insert(record)
        else:
            self._compact.insert(record)

    def records(
        self,
        table: str | None = None,
        hand_id: str | None = None,
        kinds: Iterable[str] | None = None,
        after_seq: int = 0,
    ) -> Iterator[HandRecord]:
        """As :meth:`LogStore.records`; one hand's records, in a log that notes where each hand
        starts, are read from its header to the table's next header. Records between hands
        (``hand_id=""``) and a hand no header starts (a damaged log) are looked for everywhere."""
        starts = self._run(schema2.HAND_STARTS, (hand_id,)) if hand_id and self._starts else []
        if not starts or any(type(start) is not int for _table, start in starts):
            yield from super().records(table, hand_id, kinds, after_seq)
            return
        wanted = set(kinds) if kinds is not None else None
        sql = f"SELECT {COLUMNS} FROM hand_records WHERE table_id = ? AND seq >= ? ORDER BY seq"
        for table_id, start in starts:
            if table is not None and table_id != table:
                continue
            with contextlib.closing(self._rows(sql, (table_id, max(start, after_seq + 1)))) as rows:
                for row in rows:
                    record = self._record(row)
                    if record.kind == HEADER and record.seq != start:
                        break  # the table's next hand
                    if record.hand_id == hand_id and (wanted is None or record.kind in wanted):
                        yield record

    def has_hand(self, table: str, hand_id: str) -> bool:
        if not self._starts:
            return super().has_hand(table, hand_id)
        return any(t == table for t, _start in self._run(schema2.HAND_STARTS, (hand_id,)))

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(sql, tuple(params)).fetchall()
        except sqlite3.IntegrityError as exc:
            raise HandLogError(f"hand log {self.target} refused a record: {exc}") from None
        except sqlite3.DatabaseError as exc:
            raise HandLogError(f"hand log {self.target}: {exc}") from None

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> Generator[tuple[Any, ...]]:
        try:
            yield from self._db.execute(sql, tuple(params))
        except sqlite3.DatabaseError as exc:
            raise HandLogError(f"hand log {self.target}: {exc}") from None

    def close(self) -> None:
        self._db.close()
