"""Every card of every hand is owner-only: the log, its -wal and -shm, the heads, the lock, the
witness file, and what is exported or reported from it (0600, whatever the umask)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.hand_log import HandLog
from tests.hand_log.sample import write_hands


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def _open_umask() -> Iterator[None]:
    """The usual umask, under which files are made 0644 unless made otherwise."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_the_log_its_heads_lock_and_witness_are_owner_only(tmp_path: Path, key_path: Path) -> None:
    db, witness = tmp_path / "hands.db", tmp_path / "witness"
    with HandLog.open(str(db), key_path=key_path, witness=str(witness)) as log:
        write_hands(log, 2)
        files = [
            db,
            Path(f"{db}-wal"),
            Path(f"{db}-shm"),
            witness,
            *(key_path.parent / "hand_log.key.heads").iterdir(),
        ]
        assert {f.name: mode(f) for f in files} == {f.name: 0o600 for f in files}
    assert len(files) == 6  # the -wal and -shm were there to be checked, one head, one lock


def test_a_log_an_older_run_left_open_is_made_owner_only(tmp_path: Path, key_path: Path) -> None:
    db = tmp_path / "hands.db"
    with HandLog.open(str(db), key_path=key_path) as log:
        write_hands(log, 1)
    db.chmod(0o644)
    with HandLog.open(str(db), key_path=key_path):
        assert mode(db) == 0o600 and mode(Path(f"{db}-wal")) == 0o600


def test_exports_and_reports_are_owner_only(
    tmp_path: Path, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "hands.db"
    assert (
        main(
            [
                "run",
                "--autopilot",
                "--hands",
                "2",
                "--log",
                str(db),
                "--key",
                str(key_path),
                "--quiet",
            ]
        )
        == 0
    )
    made = []
    for fmt in ("jsonl", "csv", "sheet"):
        out = tmp_path / f"export.{fmt}"
        assert main(["audit", "export", str(db), "--format", fmt, "--out", str(out)]) == 0
        made.append(out)
    stale = tmp_path / "report.html"
    stale.write_text("old")
    stale.chmod(0o644)
    assert main(["audit", "report", str(db), "--key", str(key_path), "--out", str(stale)]) == 0
    checkpoint = tmp_path / "auditor.witness"
    assert main(["audit", "checkpoint", str(db), "--out", str(checkpoint)]) == 0
    made += [stale, checkpoint]
    assert {f.name: mode(f) for f in made} == {f.name: 0o600 for f in made}
