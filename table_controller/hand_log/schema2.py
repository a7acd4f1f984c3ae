"""Schema 2: the same records in compact rows (new SQLite logs).

A record of schema 1 spells its hashes in hex and repeats its table, hand id, kind and source
as text; schema 2 keeps the hash and the MAC as 32-byte blobs, numbers the names and hand ids
in two side tables, and does not store ``prev_hash`` when it is what the chain says: the
previous record's stored hash (or the genesis hash for record 1). The column ``prev`` holds it
only where it is not (the first record a spool keeps, a record whose predecessor was removed),
so a schema-1 log copied here reads back exactly as it was, good or damaged. A record's
content is still checked against its predecessor's *stored* hash, so changing any byte of a
record breaks its own digest or its successor's, as before.

The view ``hand_records`` spells the rows as schema 1 does (text columns, hex hashes), so
every read of :class:`~table_controller.hand_log.store_base.LogStore` and every SQL reader of
the log (the floor's feed, the benchmark, a shell) reads both layouts alike. The view is read
only: records are written by :meth:`CompactRows.insert`. It walks each table's records in
order by joining the table names first; a row whose table number names no table is outside
the view, and ``verify`` (which counts the rows of ``hand_log_records``) says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from table_controller.hand_log.records import GENESIS, HandRecord

VERSION = "2"
RECORDS = "hand_log_records"
# prev_hash as the chain derives it: stored where it differs, else the predecessor's stored
# hash (the genesis hash for record 1); "" when neither exists (the predecessor removed).
# (hex() of NULL is "", so a missing predecessor gives "")
_PREV = (
    "CASE WHEN r.prev IS NOT NULL THEN lower(hex(r.prev))"
    f" WHEN r.seq = 1 THEN '{GENESIS}' ELSE lower(hex(p.hash)) END"
)
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS hand_log_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS hand_log_names (no INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)",
    "CREATE TABLE IF NOT EXISTS hand_log_hands ("
    " no INTEGER PRIMARY KEY, hand_id TEXT NOT NULL UNIQUE)",
    f"CREATE TABLE IF NOT EXISTS {RECORDS} ("
    " table_no INTEGER NOT NULL, seq INTEGER NOT NULL, hand_no INTEGER NOT NULL,"
    " kind_no INTEGER NOT NULL, source_no INTEGER NOT NULL, at REAL NOT NULL,"
    " payload TEXT NOT NULL, prev BLOB, hash BLOB NOT NULL, mac BLOB NOT NULL,"
    " PRIMARY KEY (table_no, seq)) WITHOUT ROWID",
    "CREATE VIEW IF NOT EXISTS hand_records AS SELECT"
    " t.text AS table_id, r.seq AS seq, h.hand_id AS hand_id, k.text AS kind,"
    f" s.text AS source, r.at AS at, r.payload AS payload, {_PREV} AS prev_hash,"
    " lower(hex(r.hash)) AS hash, lower(hex(r.mac)) AS mac"
    f" FROM {RECORDS} r"
    " JOIN hand_log_names t ON t.no = r.table_no"
    " LEFT JOIN hand_log_hands h ON h.no = r.hand_no"
    " LEFT JOIN hand_log_names k ON k.no = r.kind_no"
    " LEFT JOIN hand_log_names s ON s.no = r.source_no"
    f" LEFT JOIN {RECORDS} p ON p.table_no = r.table_no AND p.seq = r.seq - 1",
)

# Where each hand starts: a row per header record, kept by triggers in the statement that
# inserts, changes or deletes the record (as an index is), so a hand's records are read as a
# range of its table's chain (its header up to the table's next), not through an index of every
# record by hand (~0.6 KB a seven-seat blackjack hand). New logs only: a schema-2 log written
# before keeps that index (BY_HAND) and is read through it.
STARTS = "hand_log_starts"
BY_HAND = "hand_log_records_by_hand"
_ADD_START = (
    f"INSERT INTO {STARTS} (table_no, seq, hand_no) SELECT NEW.table_no, NEW.seq, NEW.hand_no"
    " WHERE NEW.kind_no = (SELECT no FROM hand_log_names WHERE text = 'hand');"
)
_DROP_START = (
    f"DELETE FROM {STARTS} WHERE hand_no = OLD.hand_no AND table_no = OLD.table_no"
    " AND seq = OLD.seq;"
)
NEW_SCHEMA = (
    f"CREATE TABLE IF NOT EXISTS {STARTS} (hand_no INTEGER NOT NULL, table_no INTEGER NOT NULL,"
    " seq INTEGER NOT NULL, PRIMARY KEY (hand_no, table_no, seq)) WITHOUT ROWID",
    f"CREATE TRIGGER IF NOT EXISTS hand_log_starts_add AFTER INSERT ON {RECORDS}"
    f" BEGIN {_ADD_START} END",
    f"CREATE TRIGGER IF NOT EXISTS hand_log_starts_drop AFTER DELETE ON {RECORDS}"
    f" BEGIN {_DROP_START} END",
    "CREATE TRIGGER IF NOT EXISTS hand_log_starts_move"
    f" AFTER UPDATE OF table_no, seq, hand_no, kind_no ON {RECORDS}"
    f" BEGIN {_DROP_START} {_ADD_START} END",
)
# Where a hand starts: its tables and its header's seq in each (a hand's records run from
# there to the table's next header).
HAND_STARTS = (
    f"SELECT t.text, s.seq FROM {STARTS} s JOIN hand_log_hands h ON h.no = s.hand_no"
    " JOIN hand_log_names t ON t.no = s.table_no WHERE h.hand_id = ? ORDER BY t.text, s.seq"
)


def blob(text: str) -> bytes | str:
    """A hex hash as its 32 bytes; anything else (a damaged schema-1 row) kept as it is."""
    try:
        return bytes.fromhex(text)
    except ValueError:
        return text


Run = Callable[[str, Sequence[Any]], list[tuple[Any, ...]]]


class CompactRows:
    """Writes records into schema 2, numbering names and hands as they come."""

    def __init__(self, run: Run) -> None:
        self._run = run
        self._names: dict[str, int] = {}
        self._hands: dict[str, int] = {}
        self._last: dict[str, tuple[int, str]] = {}  # per table: the seq and hash written last

    def _number(self, cache: dict[str, int], table: str, column: str, text: str) -> int:
        if text not in cache:
            self._run(f"INSERT INTO {table} ({column}) VALUES (?) ON CONFLICT DO NOTHING", (text,))
            rows = self._run(f"SELECT no FROM {table} WHERE {column} = ?", (text,))
            cache[text] = int(rows[0][0])
        return cache[text]

    def _prev_column(self, table_no: int, record: HandRecord) -> bytes | str | None:
        """``None`` when ``prev_hash`` is what the chain derives, else the hash to store."""
        if record.seq == 1:
            return None if record.prev_hash == GENESIS else blob(record.prev_hash)
        if self._last.get(record.table) != (record.seq - 1, record.prev_hash):
            rows = self._run(
                f"SELECT hash FROM {RECORDS} WHERE table_no = ? AND seq = ?",
                (table_no, record.seq - 1),
            )
            if not rows or rows[0][0] != blob(record.prev_hash):
                return blob(record.prev_hash)
        return None

    def insert(self, record: HandRecord) -> None:
        table_no = self._number(self._names, "hand_log_names", "text", record.table)
        row = (
            table_no,
            record.seq,
            self._number(self._hands, "hand_log_hands", "hand_id", record.hand_id),
            self._number(self._names, "hand_log_names", "text", record.kind),
            self._number(self._names, "hand_log_names", "text", record.source),
            record.at,
            record.payload_text,
            self._prev_column(table_no, record),
            blob(record.digest),
            blob(record.mac),
        )
        self._run(f"INSERT INTO {RECORDS} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        self._last[record.table] = (record.seq, record.digest)
