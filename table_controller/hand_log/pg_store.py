"""The floor's hand log: one PostgreSQL database that many tables write to at once.

Each table writes only its own chain, so writers never contend for a row; the primary key
(table, seq) turns a second writer on the same table into a refused insert, never a fork.
The connection is in autocommit mode: each insert is committed when ``execute`` returns.
A server that cannot be reached (down, restarting, the connection cut) is
:class:`HandLogUnreachable`, so a table can keep its records locally meanwhile
(:mod:`table_controller.hand_log.spool`); anything else the server refuses is a plain
:class:`HandLogError`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import psycopg

from table_controller.errors import HandLogError, HandLogUnreachable
from table_controller.hand_log.store_base import SCHEMA, LogStore

# Serialises schema creation: CREATE TABLE IF NOT EXISTS races between fresh connections.
_SCHEMA_LOCK = 0x48414E44
# A server gone silent (a cut cable, no reset) must not hold the dealer for the kernel's
# retransmission timeout (minutes): unacknowledged data or dead keepalives end the
# connection within seconds, and the table keeps its records locally.
_LIVENESS: dict[str, Any] = {
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 3,
    "tcp_user_timeout": 10_000,
}
_GONE = (psycopg.OperationalError, psycopg.InterfaceError)


# Every insert tells the floor which table wrote (``LISTEN hand_log_written``), so the floor
# reads a table's new records when there are some, never polling table by table.
NOTIFY_CHANNEL = "hand_log_written"
NOTIFY_SCHEMA = (
    "CREATE OR REPLACE FUNCTION hand_log_written() RETURNS trigger LANGUAGE plpgsql AS "
    f"$$ BEGIN PERFORM pg_notify('{NOTIFY_CHANNEL}', NEW.table_id); RETURN NULL; END $$",
    "CREATE OR REPLACE TRIGGER hand_log_written AFTER INSERT ON hand_records "
    "FOR EACH ROW EXECUTE FUNCTION hand_log_written()",
)


def _redact(url: str) -> str:
    """The URL without its password, for error messages."""
    head, sep, tail = url.partition("@")
    if not sep or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, auth = head.partition("//")
    return f"{scheme}//{auth.split(':', 1)[0]}:***@{tail}"


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class PgStore(LogStore):
    SNAPSHOT_BEGIN = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    def __init__(self, target: str, *, create: bool = True, connect_timeout: int = 10) -> None:
        self.target = _redact(target)
        self.location = self.target
        try:
            self._db = psycopg.connect(
                target, autocommit=True, connect_timeout=connect_timeout, **_LIVENESS
            )
        except psycopg.Error as exc:
            error = HandLogUnreachable if isinstance(exc, _GONE) else HandLogError
            raise error(f"cannot open hand log {self.target}: {_first_line(exc)}") from None
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
                for statement in (*SCHEMA, *NOTIFY_SCHEMA):
                    self._db.execute(statement)
        except psycopg.Error as exc:
            raise HandLogError(f"cannot create hand log in {self.target}: {exc}") from None

    def ensure_notify(self) -> None:
        """Make a log created before the floor tell it of every insert, too."""
        self._create_schema()

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            cursor = self._db.execute(sql.replace("?", "%s"), tuple(params))
            return cursor.fetchall() if cursor.description else []
        except psycopg.errors.UniqueViolation as exc:
            raise HandLogError(f"hand log {self.target} refused a record: {exc}") from None
        except psycopg.errors.UndefinedTable:
            raise HandLogError(f"{self.target} is not a hand log") from None
        except _GONE as exc:
            raise HandLogUnreachable(f"hand log {self.target}: {_first_line(exc)}") from None
        except psycopg.Error as exc:
            raise HandLogError(f"hand log {self.target}: {exc}") from None

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[tuple[Any, ...]]:
        # A server-side cursor needs a transaction; reads are few, so fetch and stream.
        yield from self._run(sql, params)

    def close(self) -> None:
        self._db.close()
