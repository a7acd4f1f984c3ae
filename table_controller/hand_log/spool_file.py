"""The spool's file: where it lies, and how a new one is made whole before it is used.

See :mod:`table_controller.hand_log.spool` for what the spool is for.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from collections.abc import Sequence
from pathlib import Path

from table_controller.hand_log.records import HandRecord
from table_controller.hand_log.sqlite_store import SqliteStore
from table_controller.hand_log.store import LogStore

__all__ = ["create_spool", "first_seq", "spool_folder", "spool_path"]


def spool_folder(key_path: Path) -> Path:
    """Where a table keeps its records while the server is away: beside its key and heads."""
    return key_path.parent / f"{key_path.name}.spool"


def spool_path(folder: Path, location: str, table: str) -> Path:
    place = hashlib.sha256(location.encode()).hexdigest()[:12]
    return folder / f"{place}.{table}.db"


def first_seq(store: LogStore, table: str) -> int:
    rows = store.execute("SELECT MIN(seq) FROM hand_records WHERE table_id = ?", (table,))
    return int(rows[0][0]) if rows and rows[0][0] is not None else 1


def create_spool(
    path: Path,
    log_id: str,
    location: str,
    table: str,
    recent: Sequence[HandRecord],
    *,
    on_server: int,
    reason: str = "",
) -> SqliteStore:
    """A new spool holding ``recent`` (records the server already has), made whole under a
    temporary name and then renamed, so a crash leaves no spool or a whole one; owner-only."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    building = SqliteStore(
        str(tmp), create=True
    )  # created 0600 first; SQLite gives -wal, -shm its mode
    try:
        meta = {
            "server_log_id": log_id,
            "server_location": location,
            "table": table,
            "on_server": str(on_server),
            "kept_after": str(on_server),
            "began": repr(time.time()),
            "reason": reason,
        }
        for key, value in meta.items():
            building.execute("INSERT INTO hand_log_meta (key, value) VALUES (?, ?)", (key, value))
        for record in recent:
            building.insert(record)
    finally:
        building.close()  # the last connection checkpoints the WAL into the file
    os.replace(tmp, path)
    _sync_folder(path.parent)
    return SqliteStore(str(path), create=False)


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
