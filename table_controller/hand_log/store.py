"""Where the records live: :func:`open_store` opens a SQLite file or a PostgreSQL database.

The two stores stand on :mod:`table_controller.hand_log.store_base` (the interface and schema
they share), never on this module, so neither imports its opener back. PostgreSQL's driver is
imported only when a ``postgresql://`` log is opened.
"""

from __future__ import annotations

from table_controller.hand_log.store_base import LogStore, is_postgres_url

__all__ = ["LogStore", "is_postgres_url", "open_store"]


def open_store(target: str, *, create: bool = True) -> LogStore:
    """Open the log at ``target``: a SQLite path or a ``postgresql://`` URL.

    With ``create=False`` (the audit tools) a missing SQLite file is an error, not a new log.

    Raises:
        HandLogError: the database cannot be opened or is not a hand log.
    """
    if is_postgres_url(target):
        from table_controller.hand_log.pg_store import PgStore

        return PgStore(target, create=create)
    from table_controller.hand_log.sqlite_store import SqliteStore

    return SqliteStore(target, create=create)
