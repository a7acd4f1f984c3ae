"""Schema 2: new SQLite logs keep compact rows; a schema-1 log (laid out by the old schema's
DDL, written by a table) still verifies, `table audit migrate` copies it into schema 2 with
every digest and MAC equal, and it verifies again; tampering with the compact rows is caught."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.hand_log.check import check_log
from table_controller.hand_log.store import open_store
from table_controller.hand_log.store_base import SCHEMA
from table_controller.hand_log.verify import hands_named


def play(db: str, key_path: Path, hands: int = 3) -> None:
    argv = ["run", "--autopilot", "--hands", str(hands), "--game", "blackjack", "--seats", "7"]
    argv += ["--log", db, "--key", str(key_path), "--quiet"]
    assert main(argv) == 0


def audit(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["audit", *args])
    out, err = capsys.readouterr()
    return code, out + err


def layout(db: str) -> str:
    """What ``hand_records`` is in the file: a table (schema 1) or a view (schema 2)."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT type FROM sqlite_master WHERE name = 'hand_records'")
        return str(rows.fetchone()[0])


def schema1_log(tmp_path: Path, key_path: Path) -> str:
    """A log laid out by schema 1's DDL (as main wrote it), then written by a table."""
    db = str(tmp_path / "old.db")
    with sqlite3.connect(db) as conn:
        for statement in SCHEMA:
            conn.execute(statement)
        conn.execute("INSERT INTO hand_log_meta VALUES ('schema', '1')")
        conn.execute("INSERT INTO hand_log_meta VALUES ('log_id', '0123456789abcdef')")
    play(db, key_path)
    return db


def test_a_new_log_is_schema_2_and_verifies(tmp_path: Path, key_path: Path) -> None:
    db = str(tmp_path / "new.db")
    play(db, key_path)
    assert layout(db) == "view"
    with open_store(db, create=False) as store:
        assert store.schema == "2"
        # prev_hash is derived, not stored: only a record whose predecessor is absent keeps one
        assert store.execute("SELECT COUNT(*) FROM hand_log_records WHERE prev IS NOT NULL") == [
            (0,)
        ]
        assert {len(h) for (h,) in store.execute("SELECT hash FROM hand_log_records")} == {32}
    assert check_log(db, key_path).ok


def test_a_schema_1_log_verifies_migrates_and_verifies_again(
    tmp_path: Path, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = schema1_log(tmp_path, key_path)
    assert layout(db) == "table"
    code, out = audit(capsys, "verify", db, "--key", str(key_path))
    assert code == 0, out
    with open_store(db, create=False) as store:
        before, log_id = list(store.records()), store.log_id
    size = Path(db).stat().st_size

    code, out = audit(capsys, "migrate", db, "--key", str(key_path))
    assert code == 0, out
    assert f"migrated {len(before)} records into schema 2, every digest and MAC equal" in out
    assert "verified after: OK" in out and f"kept as {db}.schema1" in out
    assert layout(db) == "view" and layout(f"{db}.schema1") == "table"
    with open_store(db, create=False) as store:
        assert store.schema == "2" and store.log_id == log_id
        assert list(store.records()) == before  # every field, every digest and MAC
    assert Path(db).stat().st_size < size
    code, out = audit(capsys, "verify", db, "--key", str(key_path))
    assert code == 0, out

    hands = check_log(db, key_path).hands
    play(db, key_path, hands=2)  # the table goes on writing into schema 2
    after = check_log(db, key_path)
    assert after.ok and after.hands > hands and after.records > len(before)
    code, out = audit(capsys, "migrate", db, "--key", str(key_path))
    assert code == 0 and "schema 2 already" in out


def test_migrate_refuses_a_log_in_use_a_damaged_one_and_postgresql_in_one_line(
    tmp_path: Path, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = schema1_log(tmp_path, key_path)
    with open_store(db, create=False):  # a table holding the log open
        code, out = audit(capsys, "migrate", db, "--key", str(key_path))
    assert code != 0 and "in use" in out and "Traceback" not in out
    assert layout(db) == "table"
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE hand_records SET at = at + 1 WHERE seq = 5")
    code, out = audit(capsys, "migrate", db, "--key", str(key_path))
    assert code == 1 and "not migrated" in out and layout(db) == "table"
    code, out = audit(capsys, "migrate", "postgresql://nowhere/x", "--key", str(key_path))
    assert code != 0 and "PostgreSQL log keeps schema 1" in out


TAMPERING = {
    "a bit of the stored hash": "UPDATE hand_log_records SET hash = "
    "CAST(zeroblob(1) || substr(hash, 2) AS BLOB) WHERE seq = ?",
    "a bit of the stored MAC": "UPDATE hand_log_records SET mac = "
    "CAST(zeroblob(1) || substr(mac, 2) AS BLOB) WHERE seq = ?",
    "the payload": "UPDATE hand_log_records SET payload = payload || ' ' WHERE seq = ?",
    "the hand's number": "UPDATE hand_log_records SET hand_no = hand_no + 1 WHERE seq = ?",
    "the kind's number": "UPDATE hand_log_records SET kind_no = source_no WHERE seq = ?",
    "a stored prev_hash": "UPDATE hand_log_records SET prev = hash WHERE seq = ?",
    "the table's number": "UPDATE hand_log_records SET table_no = 99 WHERE seq = ?",
    "the time": "UPDATE hand_log_records SET at = at + 0.001 WHERE seq = ?",
    "the numbered name": "UPDATE hand_log_names SET text = text || 'x' WHERE no = "
    "(SELECT kind_no FROM hand_log_records WHERE seq = ?)",
}


@pytest.mark.parametrize("what", sorted(TAMPERING))
def test_tampering_with_compact_rows_is_caught(tmp_path: Path, key_path: Path, what: str) -> None:
    db = str(tmp_path / "new.db")
    play(db, key_path, hands=2)
    with sqlite3.connect(db) as conn:
        (hand,) = conn.execute("SELECT hand_id FROM hand_records WHERE seq = 12").fetchone()
        conn.execute(TAMPERING[what], (12,))
    findings = check_log(db, key_path, replay=False).findings
    assert findings, f"changing {what} went unnoticed"
    assert hand in hands_named(findings) or what == "the numbered name", findings
    if what == "the table's number":  # outside every chain, and counted
        assert "rows are outside every chain" in " ".join(map(str, findings))


def test_a_chain_kept_from_its_middle_reads_back_exactly(tmp_path: Path, key_path: Path) -> None:
    """A spool keeps a table's records from the last ones the server has: the first has no
    predecessor here, so it alone stores its prev_hash; every record reads back as written."""
    db = str(tmp_path / "new.db")
    play(db, key_path, hands=1)
    with open_store(db, create=False) as store:
        records = list(store.records())[4:]
    spool = open_store(str(tmp_path / "spool.db"))
    with spool:
        for record in records:
            spool.insert(record)
        assert list(spool.records()) == records
        stored = spool.execute("SELECT seq FROM hand_log_records WHERE prev IS NOT NULL")
        assert stored == [(records[0].seq,)]


def test_migrate_keeps_an_earlier_backup_and_says_so(
    tmp_path: Path, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = schema1_log(tmp_path, key_path)
    Path(f"{db}.schema1").write_text("an earlier migration's\n")
    code, out = audit(capsys, "migrate", db, "--key", str(key_path))
    assert code != 0 and "move it away first" in out and layout(db) == "table"
    assert Path(f"{db}.schema1").read_text() == "an earlier migration's\n"
