"""Log targets for the tests: a SQLite file, and a fresh schema on a real PostgreSQL server.

The server is the one ``scripts/pg-test-server`` started for the test run
(``TABLE_TEST_PG_URL``); when that is not set, the fixture starts one itself and stops it
at the end of the session. PostgreSQL tests never skip: no server means a failure.
"""

from __future__ import annotations

import os
import secrets
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "pg-test-server"


def _start_server() -> tuple[str, str]:
    done = subprocess.run([str(SCRIPT), "start"], capture_output=True, text=True, timeout=180)
    if done.returncode != 0:
        pytest.fail(f"scripts/pg-test-server could not start PostgreSQL: {done.stderr}")
    exports = dict(
        line.removeprefix("export ").split("=", 1)
        for line in done.stdout.splitlines()
        if line.startswith("export ")
    )
    return exports["TABLE_TEST_PG_URL"], exports["TABLE_TEST_PG_DIR"]


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    url = os.environ.get("TABLE_TEST_PG_URL")
    if url:
        yield url
        return
    url, folder = _start_server()
    try:
        yield url
    finally:
        subprocess.run([str(SCRIPT), "stop", folder], check=False, timeout=60)


def fresh_pg_url(server_url: str) -> str:
    """A URL whose connections see only a new, empty schema."""
    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(server_url, autocommit=True) as db:
        db.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in server_url else "?"
    return f"{server_url}{sep}options={quote(f'-csearch_path={schema}')}"


@pytest.fixture(params=["sqlite", "postgresql"])
def log_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same test, once on a SQLite file and once on PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "hands.db")
    return fresh_pg_url(request.getfixturevalue("pg_server_url"))


@pytest.fixture
def key_path(tmp_path: Path) -> Path:
    return tmp_path / "keys" / "hand_log.key"


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test writes into the real ~/.local/share."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABLE_DATA_DIR", str(folder))
    return folder
