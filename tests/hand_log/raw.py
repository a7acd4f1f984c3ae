"""Direct SQL on a log's database, the way someone tampering with it would go about it.

On a schema-2 SQLite log the schema-1 spelling ``hand_records`` is a read-only view; here it
is made writable for the statement (temporary triggers writing through to the compact rows),
so the same tampering reaches the stored bytes of either layout.
"""

from __future__ import annotations

import functools
import sqlite3
from typing import Any

import psycopg

from table_controller.hand_log.store import is_postgres_url


@functools.lru_cache(maxsize=4)
def _pg(target: str) -> psycopg.Connection:
    return psycopg.connect(target, autocommit=True)


def raw_sql(target: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run one statement (``?`` placeholders) outside the log and commit it."""
    if is_postgres_url(target):
        cursor = _pg(target).execute(sql.replace("?", "%s"), params)
        return cursor.fetchall() if cursor.description else []
    db = sqlite3.connect(target, isolation_level=None)
    try:
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'hand_log_records'").fetchall():
            _writable_view(db)
        return db.execute(sql, params).fetchall()
    finally:
        db.close()


def _unhex(text: object) -> object:
    """Hex to bytes as schema 2 stores it; anything else (a flipped "x") stored as it is."""
    try:
        return bytes.fromhex(str(text))
    except ValueError:
        return text


_NO = "(SELECT no FROM main.hand_log_names WHERE text = {})"
_KEY = f"table_no = {_NO.format('OLD.table_id')} AND seq = OLD.seq"
_NAMES = (
    "INSERT OR IGNORE INTO hand_log_names (text) VALUES (NEW.table_id), (NEW.kind), "
    "(NEW.source); INSERT OR IGNORE INTO hand_log_hands (hand_id) VALUES (NEW.hand_id);"
)
_HAND = "(SELECT no FROM main.hand_log_hands WHERE hand_id = NEW.hand_id)"
_TRIGGERS = (
    "CREATE TEMP TRIGGER raw_delete INSTEAD OF DELETE ON main.hand_records BEGIN "
    f"DELETE FROM hand_log_records WHERE {_KEY}; END",
    "CREATE TEMP TRIGGER raw_update INSTEAD OF UPDATE ON main.hand_records BEGIN "
    f"{_NAMES} UPDATE hand_log_records SET table_no = {_NO.format('NEW.table_id')}, "
    f"seq = NEW.seq, hand_no = {_HAND}, kind_no = {_NO.format('NEW.kind')}, "
    f"source_no = {_NO.format('NEW.source')}, at = NEW.at, payload = NEW.payload, "
    "prev = CASE WHEN NEW.prev_hash IS OLD.prev_hash THEN prev ELSE unhex(NEW.prev_hash) END, "
    f"hash = unhex(NEW.hash), mac = unhex(NEW.mac) WHERE {_KEY}; END",
    "CREATE TEMP TRIGGER raw_insert INSTEAD OF INSERT ON main.hand_records BEGIN "
    f"{_NAMES} INSERT INTO hand_log_records VALUES ({_NO.format('NEW.table_id')}, "
    f"NEW.seq, {_HAND}, {_NO.format('NEW.kind')}, {_NO.format('NEW.source')}, NEW.at, "
    "NEW.payload, unhex(NEW.prev_hash), unhex(NEW.hash), unhex(NEW.mac)); END",
)


def _writable_view(db: sqlite3.Connection) -> None:
    db.create_function("unhex", 1, _unhex, deterministic=True)
    for trigger in _TRIGGERS:
        db.execute(trigger)
