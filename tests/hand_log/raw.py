"""Direct SQL on a log's database, the way someone tampering with it would go about it."""

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
        return db.execute(sql, params).fetchall()
    finally:
        db.close()
