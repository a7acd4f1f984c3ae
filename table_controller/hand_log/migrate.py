"""``table audit migrate DB``: copy a schema-1 SQLite log into schema 2, losing nothing.

The records are copied in chain order into a new file beside the log, read back and compared
with the originals field by field (every digest and MAC equal), and the new file then takes
the log's place; the schema-1 file stays beside it as ``DB.schema1``. The log keeps its id
and its path, so the signed chain heads beside the key vouch for it as before. The log must
not be in use: a table writing to it would write past the copy.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path

from table_controller.errors import HandLogError
from table_controller.hand_log import schema2
from table_controller.hand_log.sqlite_store import SqliteStore
from table_controller.hand_log.store_base import is_postgres_url


@dataclass(frozen=True)
class Migrated:
    records: int
    backup: str  # where the schema-1 file was kept ("" when there was nothing to do)
    already: bool = False  # the log was schema 2 already


def migrate(target: str) -> Migrated:
    """Convert the schema-1 SQLite log at ``target`` to schema 2 in place.

    Raises:
        HandLogError: not a SQLite hand log, in use, or the copy did not read back equal.
    """
    refuse_postgres(target)
    path = Path(target)
    backup = path.with_name(f"{path.name}.schema1")
    old = SqliteStore(target, create=False)
    with old:
        if old.schema == schema2.VERSION:
            return Migrated(old.row_count(), "", already=True)
        if backup.exists():
            raise HandLogError(f"{backup} exists (an earlier migration's?): move it away first")
        _alone(old, target)
        old.execute("BEGIN EXCLUSIVE")  # no one opens it until the new file is in its place
        tmp = path.with_name(f".{path.name}.schema2.tmp")
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        count = _copy(old, tmp)
        os.link(path, backup)  # the schema-1 file stays, under its new name
        os.replace(tmp, path)
        old.execute("ROLLBACK")
    return Migrated(count, str(backup))


def refuse_postgres(target: str) -> None:
    if is_postgres_url(target):
        raise HandLogError(
            "table audit migrate converts SQLite logs; a PostgreSQL log keeps schema 1"
        )


def _alone(store: SqliteStore, target: str) -> None:
    """Take the log out of WAL mode, which SQLite allows only to its one connection: so no
    table has it open, and the file holds every record (no write-ahead file beside it)."""
    store.execute("PRAGMA busy_timeout = 0")
    try:
        mode = store.execute("PRAGMA journal_mode = DELETE")
    except HandLogError:
        mode = []
    if not mode or str(mode[0][0]).lower() != "delete":
        raise HandLogError(f"{target} is in use (a table is writing to it?): stop it first")


def _copy(old: SqliteStore, tmp: Path) -> int:
    new = SqliteStore(str(tmp), create=True)
    try:
        new.execute("BEGIN")
        for key, value in old.execute("SELECT key, value FROM hand_log_meta"):
            if key != "schema":
                new.execute(
                    "INSERT INTO hand_log_meta (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, value),
                )
        count = 0
        for record in old.records():
            new.insert(record)
            count += 1
        new.execute("COMMIT")
        new.execute("VACUUM")  # the file as compact as its rows
        rows = old.row_count()
        if count != rows or new.row_count() != rows:
            raise HandLogError(f"{old.target}: {rows} rows, {count} of them records in order")
        for before, after in zip_longest(old.records(), new.records()):
            if before != after:
                raise HandLogError(
                    f"{old.target}: record {getattr(before, 'seq', '?')} did not copy exactly"
                )
    except BaseException:
        new.close()
        tmp.unlink()
        raise
    new.close()  # the last connection checkpoints the write-ahead file into the file
    return count
