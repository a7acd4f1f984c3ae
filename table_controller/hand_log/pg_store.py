"""The floor's hand log: one PostgreSQL database that many tables write to at once.

Each table writes only its own chain, so writers never contend for a row; the primary key
(table, seq) turns a second writer on the same table into a refused insert, never a fork.
The connection is in autocommit mode: each insert is committed when ``execute`` returns.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import psycopg

from table_controller.errors import HandLogError
from table_controller.hand_log.store import SCHEMA, LogStore

# Serialises schema creation: CREATE TABLE IF NOT EXISTS races between fresh connections.
_SCHEMA_LOCK = 0x48414E44


def _redact(url: str) -> str:
    """The URL without its password, for error messages."""
    head, sep, tail = url.partition("@")
    if not sep or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, auth = head.partition("//")
    return f"{scheme}//{auth.split(':', 1)[0]}:***@{tail}"


class PgStore(LogStore):
    SNAPSHOT_BEGIN = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    def __init__(self, target: str, *, create: bool = True) -> None:
        self.target = _redact(target)
        self.location = self.target
        try:
            self._db = psycopg.connect(target, autocommit=True, connect_timeout=10)
        except psycopg.Error as exc:
            message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise HandLogError(f"cannot open hand log {self.target}: {message}") from None
        try:
            if create:
                self._create_schema()
                self.log_id = self._ensure_log_id()
            else:
                self.log_id = self._read_log_id()
        except HandLogError:
            self._db.close()
            raise

    def _create_schema(self) -> None:
        try:
            with self._db.transaction():
                self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                for statement in SCHEMA:
                    self._db.execute(statement)
        except psycopg.Error as exc:
            raise HandLogError(f"cannot create hand log in {self.target}: {exc}") from None

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            cursor = self._db.execute(sql.replace("?", "%s"), tuple(params))
            return cursor.fetchall() if cursor.description else []
        except psycopg.errors.UniqueViolation as exc:
            raise HandLogError(f"hand log {self.target} refused a record: {exc}") from None
        except psycopg.errors.UndefinedTable:
            raise HandLogError(f"{self.target} is not a hand log") from None
        except psycopg.Error as exc:
            raise HandLogError(f"hand log {self.target}: {exc}") from None

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[tuple[Any, ...]]:
        # A server-side cursor needs a transaction; reads are few, so fetch and stream.
        yield from self._run(sql, params)

    def close(self) -> None:
        self._db.close()
