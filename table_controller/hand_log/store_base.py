"""What both stores of the records are: SQLite (one file, WAL) or PostgreSQL (one database for a
floor). :func:`table_controller.hand_log.store.open_store` opens one.

Both stores hold the same two tables and speak the same small interface, so the chain,
the audit tools and the tests do not care which one they are given. Every insert is its
own committed transaction: when :meth:`LogStore.insert` returns, the record survives a
crash of the process (SQLite ``synchronous=FULL``, PostgreSQL ``synchronous_commit``).
The payload is kept as the exact canonical text that was hashed (``TEXT``, not ``JSONB``,
which would re-spell it).

Two layouts of the records exist. Schema 1 (PostgreSQL, and SQLite logs written before schema 2)
is one ``hand_records`` table of text columns. Schema 2 (new SQLite logs,
:mod:`table_controller.hand_log.schema2`) keeps the same records in compact rows; a view named
``hand_records`` spells them as schema 1 does, so every read below serves both.
"""

from __future__ import annotations

import contextlib
import json
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from table_controller.errors import HandLogError
from table_controller.hand_log.records import HEADER, RESULT, HandRecord

SCHEMA_VERSION = "1"  # the layout PostgreSQL logs keep; new SQLite logs are schema 2
COLUMNS = "table_id, seq, hand_id, kind, source, at, payload, prev_hash, hash, mac"
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS hand_log_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS hand_records ("
    " table_id TEXT NOT NULL, seq BIGINT NOT NULL, hand_id TEXT NOT NULL,"
    " kind TEXT NOT NULL, source TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,"
    " payload TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL, mac TEXT NOT NULL,"
    " PRIMARY KEY (table_id, seq))",
    "CREATE INDEX IF NOT EXISTS hand_records_by_hand ON hand_records (hand_id, table_id)",
)


def is_postgres_url(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))


def row_to_record(row: Sequence[Any]) -> HandRecord:
    table, seq, hand_id, kind, source, at, payload, prev_hash, digest, mac = row
    return HandRecord(
        str(table),
        int(seq),
        str(hand_id),
        str(kind),
        str(source),
        float(at),
        str(payload),
        str(prev_hash),
        str(digest),
        str(mac),
    )


def _is_number(value: Any, kind: type) -> bool:
    try:
        kind(value)
    except (TypeError, ValueError):
        return False
    return True


class LogStore(ABC):
    """A hand-log database. Placeholders in the SQL below are ``?``; PostgreSQL swaps them."""

    target: str
    log_id: str
    schema: str = SCHEMA_VERSION  # the layout of this database's records: "1" or "2"
    location: str  # where this database lives (a file's real path, a server and database):
    # a byte-for-byte copy elsewhere has the same log id but not the same location

    @abstractmethod
    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement in its own committed transaction; rows if it returns any."""

    @abstractmethod
    def _rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[tuple[Any, ...]]:
        """Stream the rows of a query."""

    @abstractmethod
    def close(self) -> None: ...

    # Begins a read transaction whose reads all see the database as at one moment.
    SNAPSHOT_BEGIN = "BEGIN"

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[LogStore]:
        """Reads inside see the database as at one moment while a table goes on writing, so
        the chain walk, the row count and the hands read agree with one another."""
        self._run(self.SNAPSHOT_BEGIN)
        try:
            yield self
        except BaseException:
            with contextlib.suppress(HandLogError):
                self._run("ROLLBACK")
            raise
        self._run("COMMIT")  # read only: nothing to keep

    def _record(self, row: Sequence[Any]) -> HandRecord:
        """A row as a record; a row whose seq or time is not a number (the database edited by
        hand: SQLite keeps any value in any column) is an error naming it, never a crash."""
        try:
            return row_to_record(row)
        except (TypeError, ValueError):
            columns = (("seq", row[1], int), ("time", row[5], float))
            bad = (
                " and ".join(
                    f"{name} {value!r}"
                    for name, value, kind in columns
                    if not _is_number(value, kind)
                )
                or "a value"
            )
            raise HandLogError(
                f"hand log {self.target}: a row of table {row[0]!r} holds {bad} where a number "
                "belongs: the database was altered outside the log"
            ) from None

    def _ensure_log_id(self) -> str:
        """The random id of this log, created with the schema; it names the signed heads."""
        self._run(
            "INSERT INTO hand_log_meta (key, value) VALUES ('schema', ?) "
            "ON CONFLICT (key) DO NOTHING",
            (self.schema,),
        )
        self._run(
            "INSERT INTO hand_log_meta (key, value) VALUES ('log_id', ?) "
            "ON CONFLICT (key) DO NOTHING",
            (secrets.token_hex(8),),
        )
        return self._read_log_id()

    def _read_log_id(self) -> str:
        rows = self._run("SELECT value FROM hand_log_meta WHERE key = 'log_id'")
        if not rows:
            raise HandLogError(f"{self.target} is not a hand log (no log id)")
        return str(rows[0][0])

    def note_key(self, table: str, key_id: str, key_path: str) -> None:
        """Keep which key signs ``table``'s chain (its id, never the key) and where the table
        found it, so ``verify`` given another key, or a log moved away from its key, can name it.
        Logs written before this have no such note; they verify all the same."""
        self._run(
            "INSERT INTO hand_log_meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (f"key:{table}", json.dumps({"id": key_id, "path": key_path}, sort_keys=True)),
        )

    def key_notes(self) -> dict[str, dict[str, str]]:
        """Per table, the key id and key path the table last opened its chain with."""
        notes = {}
        rows = self._run("SELECT key, value FROM hand_log_meta WHERE substr(key, 1, 4) = 'key:'")
        for name, value in rows:
            try:
                note = json.loads(value)
            except ValueError:
                continue
            if isinstance(note, dict) and all(isinstance(note.get(k), str) for k in ("id", "path")):
                notes[str(name)[4:]] = {"id": note["id"], "path": note["path"]}
        return notes

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One statement on the table's other records in this database (the training records'
        own tables), committed when it returns; ``?`` placeholders on either store."""
        return self._run(sql, params)

    def insert(self, record: HandRecord) -> None:
        self._run(
            f"INSERT INTO hand_records ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                record.table,
                record.seq,
                record.hand_id,
                record.kind,
                record.source,
                record.at,
                record.payload_text,
                record.prev_hash,
                record.digest,
                record.mac,
            ),
        )

    def last_record(self, table: str) -> HandRecord | None:
        rows = self._run(
            f"SELECT {COLUMNS} FROM hand_records WHERE table_id = ? ORDER BY seq DESC LIMIT 1",
            (table,),
        )
        return self._record(rows[0]) if rows else None

    def records(
        self,
        table: str | None = None,
        hand_id: str | None = None,
        kinds: Iterable[str] | None = None,
        after_seq: int = 0,
    ) -> Iterator[HandRecord]:
        """Records in chain order (table, then seq), optionally narrowed."""
        where, params = ["seq > ?"], list[Any]([after_seq])
        if table is not None:
            where.append("table_id = ?")
            params.append(table)
        if hand_id is not None:
            where.append("hand_id = ?")
            params.append(hand_id)
        kind_list = list(kinds) if kinds is not None else []
        if kind_list:
            where.append("kind IN (" + ", ".join("?" * len(kind_list)) + ")")
            params.extend(kind_list)
        sql = (
            f"SELECT {COLUMNS} FROM hand_records WHERE {' AND '.join(where)} ORDER BY table_id, seq"
        )
        for row in self._rows(sql, params):
            yield self._record(row)

    # The table whose rows are the records, one a row (schema 2's view joins it to its names).
    ROWS_TABLE = "hand_records"

    def row_count(self) -> int:
        """Every row of the records table, whatever it holds: what verify must account for."""
        return int(self._run(f"SELECT COUNT(*) FROM {self.ROWS_TABLE}")[0][0])

    def record_at(self, table: str, seq: int) -> HandRecord | None:
        rows = self._run(
            f"SELECT {COLUMNS} FROM hand_records WHERE table_id = ? AND seq = ?", (table, seq)
        )
        return self._record(rows[0]) if rows else None

    def tables(self) -> list[str]:
        return [
            str(r[0])
            for r in self._run("SELECT DISTINCT table_id FROM hand_records ORDER BY table_id")
        ]

    def last_header(self, table: str) -> HandRecord | None:
        """The header record of the table's latest hand."""
        rows = self._run(
            f"SELECT {COLUMNS} FROM hand_records WHERE table_id = ? AND kind = ? "
            "ORDER BY seq DESC LIMIT 1",
            (table, HEADER),
        )
        return self._record(rows[0]) if rows else None

    def header_base(self, table: str, seq: int) -> list[HandRecord]:
        """The table's header records from its last whole header up to the one at ``seq``: what
        a lean header (naming only what changed) is read from. Only the one at ``seq`` when
        there is no whole header before it."""
        rows = self._run(
            "SELECT MAX(seq) FROM hand_records WHERE table_id = ? AND kind = ? AND seq <= ? "
            "AND substr(payload, 1, 10) = ?",
            (table, HEADER, seq, '{"header":'),
        )
        first = rows[0][0] if rows and rows[0][0] is not None else seq
        return [
            self._record(row)
            for row in self._run(
                f"SELECT {COLUMNS} FROM hand_records WHERE table_id = ? AND kind = ? "
                "AND seq >= ? AND seq <= ? ORDER BY seq",
                (table, HEADER, first, seq),
            )
        ]

    def open_hand(self, table: str) -> HandRecord | None:
        """The header of the table's last hand if no result has closed it yet."""
        header = self.last_header(table)
        if header is None:
            return None
        closed = self._run(
            "SELECT 1 FROM hand_records WHERE table_id = ? AND kind = ? AND seq > ? LIMIT 1",
            (table, RESULT, header.seq),
        )
        return None if closed else header

    def has_hand(self, table: str, hand_id: str) -> bool:
        return bool(
            self._run(
                "SELECT 1 FROM hand_records WHERE table_id = ? AND hand_id = ? LIMIT 1",
                (table, hand_id),
            )
        )

    def __enter__(self) -> LogStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
