"""Attacks by someone with the table's own account: a rollback to older heads, a chain re-signed
with a new key, a table run on a copy of the log; and verify accounting for every row."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.errors import HandLogError
from table_controller.hand_log import HandLog
from table_controller.hand_log.check import check_log
from tests.hand_log.raw import raw_sql
from tests.hand_log.sample import write_hands

RECORDS_PER_HAND = 7


def checkpoint(target: str, witness: Path) -> None:
    assert main(["audit", "checkpoint", target, "--out", str(witness)]) == 0


def problems(target: str, key_path: Path, *witnesses: Path) -> list[str]:
    report = check_log(target, key_path, replay=False, witnesses=[str(w) for w in witnesses])
    return [str(f) for f in report.findings]


def test_a_rollback_to_older_heads_passes_alone_and_is_caught_by_the_witness(
    log_target: str, key_path: Path, tmp_path: Path
) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 5)
    heads = key_path.parent / f"{key_path.name}.heads"
    kept = tmp_path / "kept-heads"
    shutil.copytree(heads, kept)  # the attacker keeps a copy of the signed heads
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 10, start=5)
    witness = tmp_path / "auditor.witness"
    checkpoint(log_target, witness)  # the auditor's copy, kept elsewhere
    raw_sql(log_target, "DELETE FROM hand_records WHERE seq > ?", (5 * RECORDS_PER_HAND,))
    shutil.rmtree(heads)
    shutil.copytree(kept, heads)  # ... and puts the old heads back
    assert problems(log_target, key_path) == []  # what the log, key and heads alone cannot see
    found = problems(log_target, key_path, witness)
    assert len(found) == 1 and "the log was rolled back" in found[0]
    assert (
        f"record {15 * RECORDS_PER_HAND}" in found[0]
        and f"ends at record {5 * RECORDS_PER_HAND}" in found[0]
    )


def test_a_chain_re_signed_with_a_new_key_is_caught_by_the_witness(
    log_target: str, key_path: Path, tmp_path: Path
) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 4)
    witness = tmp_path / "auditor.witness"
    checkpoint(log_target, witness)
    # the attacker deletes hand h0001, then writes the rest again under a new key and new heads
    raw_sql(log_target, "DELETE FROM hand_records")
    key_path.unlink()
    shutil.rmtree(key_path.parent / f"{key_path.name}.heads")
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 1, start=0)
        write_hands(log, 3, start=1, prefix="x")  # same shape, same count of records: 28
    assert problems(log_target, key_path) == []
    found = problems(log_target, key_path, witness)
    assert len(found) == 1 and "the chain was rewritten" in found[0] and "record 28" in found[0]


def test_a_table_run_on_a_copy_of_the_log_cannot_make_the_original_fail(
    tmp_path: Path, key_path: Path
) -> None:
    original = tmp_path / "h.db"
    with HandLog.open(str(original), key_path=key_path) as log:
        write_hands(log, 3)
    copy = tmp_path / "copy.db"
    shutil.copy(original, copy)
    with pytest.raises(HandLogError, match=r"copy\.db is a copy of the hand log at .*h\.db"):
        HandLog.open(str(copy), key_path=key_path)
    with HandLog.open(str(original), key_path=key_path) as log:  # the original carries on
        write_hands(log, 1, start=3)
    assert problems(str(original), key_path) == []
    assert any("this database is a copy of the log at" in p for p in problems(str(copy), key_path))


def test_heads_written_before_they_named_their_database_are_taken_over(
    tmp_path: Path, key_path: Path
) -> None:
    target = str(tmp_path / "h.db")
    with HandLog.open(target, key_path=key_path) as log:
        write_hands(log, 2)
    heads = key_path.parent / f"{key_path.name}.heads"
    (new,) = heads.glob("*@*.table-1.json")
    new.rename(
        heads / new.name.replace(new.name.split(".")[0], new.name.split("@")[0])
    )  # the old name
    assert problems(target, key_path) == []
    with HandLog.open(target, key_path=key_path) as log:
        write_hands(log, 1, start=2)
    assert [p.name.count("@") for p in heads.glob("*.table-1.json")] == [1]
    assert problems(target, key_path) == []


def test_verify_counts_and_names_every_row(
    log_target: str, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 3)
        log.append("", "note", {"text": "between hands"}, source="dealer", at=1.7e9 + 100)
    assert main(["audit", "verify", log_target, "--key", str(key_path), "--no-replay"]) == 0
    out = capsys.readouterr().out
    assert "checked 22 of 22 rows: 9 event, 3 hand, 3 hardware, 4 note, 3 result" in out
    # a row outside the chain (sequence 0) is counted, not passed over
    raw_sql(
        log_target,
        "INSERT INTO hand_records SELECT table_id, 0, hand_id, kind, source, at, payload, "
        "prev_hash, hash, mac FROM hand_records WHERE seq = 1",
    )
    assert main(["audit", "verify", log_target, "--key", str(key_path), "--no-replay"]) == 1
    out = capsys.readouterr().out
    assert "checked 22 of 23 rows" in out and "1 rows are outside every chain" in out


def test_table_run_keeps_a_witness_line_for_every_hand(tmp_path: Path, key_path: Path) -> None:
    db, witness = tmp_path / "hands.db", tmp_path / "run.witness"
    assert (
        main(
            [
                "run",
                "--autopilot",
                "--hands",
                "3",
                "--log",
                str(db),
                "--key",
                str(key_path),
                "--witness",
                str(witness),
                "--quiet",
            ]
        )
        == 0
    )
    lines = witness.read_text().splitlines()
    assert len(lines) == 3
    assert (
        main(["audit", "verify", str(db), "--key", str(key_path), "--witness", str(witness)]) == 0
    )


@pytest.mark.parametrize(
    "content", [b"\xff\xfe", b"{not json}\n", b'{"format": "table-witness/1"}\n']
)
def test_a_damaged_witness_file_is_one_error(
    tmp_path: Path, key_path: Path, content: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    target = str(tmp_path / "h.db")
    with HandLog.open(target, key_path=key_path) as log:
        write_hands(log, 1)
    witness = tmp_path / "bad.witness"
    witness.write_bytes(content)
    assert main(["audit", "verify", target, "--key", str(key_path), "--witness", str(witness)]) == 1
    assert "bad.witness" in capsys.readouterr().err
