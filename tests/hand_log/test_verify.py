"""Tampering with a stored log in every way we know, and verify naming the hand each time."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from table_controller.errors import HandLogError
from table_controller.hand_log import HandLog
from table_controller.hand_log.keys import HeadStore, load_key
from table_controller.hand_log.records import record_digest
from table_controller.hand_log.store import open_store
from table_controller.hand_log.verify import Finding, hands_named, verify_chains
from tests.hand_log.raw import raw_sql
from tests.hand_log.sample import write_hands

TEXT_COLUMNS = ("table_id", "hand_id", "kind", "source", "payload", "prev_hash", "hash", "mac")


def chain_findings(target: str, key_path: Path) -> list[Finding]:
    key = load_key(key_path)
    with open_store(target, create=False) as store:
        return verify_chains(store, key, HeadStore(key_path, key, store.log_id, store.location))


@pytest.fixture
def written(log_target: str, key_path: Path) -> list[str]:
    with HandLog.open(log_target, key_path=key_path) as log:
        return write_hands(log, 3)  # 3 hands x 7 records: seq 1..21


def hand_of(target: str, seq: int) -> str:
    return str(raw_sql(target, "SELECT hand_id FROM hand_records WHERE seq = ?", (seq,))[0][0])


def flip_one_byte(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text))
    replacement = "x" if text[at] != "x" else "y"
    return text[:at] + replacement + text[at + 1 :]


def test_an_untouched_log_verifies(log_target: str, key_path: Path, written: list[str]) -> None:
    assert chain_findings(log_target, key_path) == []


def test_changing_any_byte_of_any_record_is_caught_and_names_the_hand(
    log_target: str, key_path: Path, written: list[str]
) -> None:
    rng = random.Random(5)
    for seq in range(1, 22):
        hand = hand_of(log_target, seq)
        for column in (*TEXT_COLUMNS, "at", "seq"):
            (original,) = raw_sql(
                log_target, f"SELECT {column} FROM hand_records WHERE seq = ?", (seq,)
            )[0]
            if column == "at":
                changed: object = original + 2.0**-20
            elif column == "seq":
                changed = original + 1000
            else:
                changed = flip_one_byte(original, rng)
            where = "seq = ?" if column != "seq" else "seq = ? AND hand_id <> ''"
            raw_sql(
                log_target, f"UPDATE hand_records SET {column} = ? WHERE {where}", (changed, seq)
            )
            findings = chain_findings(log_target, key_path)
            key = changed if column == "seq" else seq
            raw_sql(
                log_target, f"UPDATE hand_records SET {column} = ? WHERE seq = ?", (original, key)
            )
            assert findings, f"changing {column} of record {seq} went unnoticed"
            assert hand in hands_named(findings), (column, seq, findings)
    assert chain_findings(log_target, key_path) == []


def test_a_deleted_record_is_caught(log_target: str, key_path: Path, written: list[str]) -> None:
    raw_sql(log_target, "DELETE FROM hand_records WHERE seq = 10")
    findings = chain_findings(log_target, key_path)
    assert hands_named(findings) == [written[1]]
    assert "10..10 are missing" in str(findings[0])


def test_a_deleted_hand_is_named(log_target: str, key_path: Path, written: list[str]) -> None:
    raw_sql(log_target, "DELETE FROM hand_records WHERE hand_id = ?", (written[1],))
    findings = chain_findings(log_target, key_path)
    assert written[1] in hands_named(findings)
    assert any(f"hand {written[1]} is missing" in str(f) for f in findings)


@pytest.mark.parametrize("cut", [1, 3, 7, 14])
def test_truncating_the_tail_is_caught(
    log_target: str, key_path: Path, written: list[str], cut: int
) -> None:
    raw_sql(log_target, "DELETE FROM hand_records WHERE seq > ?", (21 - cut,))
    findings = chain_findings(log_target, key_path)
    assert written[2] in hands_named(findings)
    assert "cut off the end" in str(findings[-1])
    with pytest.raises(HandLogError, match="records were removed"):
        HandLog.open(log_target, key_path=key_path)


def test_deleting_everything_is_caught(log_target: str, key_path: Path, written: list[str]) -> None:
    raw_sql(log_target, "DELETE FROM hand_records")
    assert written[2] in hands_named(chain_findings(log_target, key_path))


def test_reordered_records_are_caught(log_target: str, key_path: Path, written: list[str]) -> None:
    raw_sql(log_target, "UPDATE hand_records SET seq = -1 WHERE seq = 9")
    raw_sql(log_target, "UPDATE hand_records SET seq = 9 WHERE seq = 11")
    raw_sql(log_target, "UPDATE hand_records SET seq = 11 WHERE seq = -1")
    assert hands_named(chain_findings(log_target, key_path)) == [written[1]]


def test_a_rewritten_record_with_a_fresh_hash_still_fails_its_signature(
    log_target: str, key_path: Path, written: list[str]
) -> None:
    with open_store(log_target, create=False) as store:
        record = next(r for r in store.records() if r.seq == 4)
    forged = record.payload_text.replace("10H", "AS")
    assert forged != record.payload_text

    digest = record_digest(
        record.prev_hash,
        record.table,
        record.hand_id,
        record.seq,
        record.kind,
        record.source,
        record.at,
        forged,
    )
    raw_sql(
        log_target, "UPDATE hand_records SET payload = ?, hash = ? WHERE seq = 4", (forged, digest)
    )
    findings = chain_findings(log_target, key_path)
    assert "signature does not match" in str(findings[0])
    assert hands_named(findings)[0] == written[0]


def test_a_missing_or_forged_head_is_reported(
    log_target: str, key_path: Path, written: list[str]
) -> None:
    heads = list((key_path.parent / "hand_log.key.heads").glob("*.json"))
    assert len(heads) == 1
    heads[0].write_text(heads[0].read_text().replace('"seq": 21', '"seq": 20'))
    assert "does not match its signature" in str(chain_findings(log_target, key_path))
    heads[0].unlink()
    assert "no signed chain head" in str(chain_findings(log_target, key_path))


def test_the_wrong_key_fails_every_signature_in_one_finding(
    log_target: str, key_path: Path, written: list[str], tmp_path: Path
) -> None:
    other = tmp_path / "other" / "hand_log.key"
    with HandLog.open(str(tmp_path / "other.db"), key_path=other):
        pass
    (finding,) = chain_findings(log_target, other)
    assert "none of its 21 records is signed with the key given" in str(finding)


def test_key_file_is_owner_only_and_a_loose_key_is_refused(tmp_path: Path, key_path: Path) -> None:
    with HandLog.open(str(tmp_path / "h.db"), key_path=key_path):
        pass
    assert key_path.stat().st_mode & 0o777 == 0o600
    key_path.chmod(0o644)
    with pytest.raises(HandLogError, match="chmod 600"):
        HandLog.open(str(tmp_path / "h.db"), key_path=key_path)
    key_path.chmod(0o600)
    key_path.write_text("not hex\n")
    with pytest.raises(HandLogError, match="does not hold a hand-log key"):
        load_key(key_path)
    with pytest.raises(HandLogError, match="no hand-log key"):
        load_key(tmp_path / "nowhere.key")


def test_another_key_is_one_line_naming_the_log_s_key(
    log_target: str,
    key_path: Path,
    written: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 38: verify with another key printed one line per record (551, then 1,554 lines)."""
    from table_controller.cli import main

    other = tmp_path / "other" / "hand_log.key"
    with HandLog.open(str(tmp_path / "other.db"), key_path=other):
        pass
    capsys.readouterr()
    assert main(["audit", "verify", log_target, "--key", str(other), "--no-replay"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and out[1].startswith("checked 21 of 21 rows")
    assert out[0].startswith(
        f"table table-1: none of its 21 records is signed with the key given ({other}, key id "
    )
    assert out[0].endswith(f": verify with --key {key_path.resolve()}")
    with pytest.raises(
        HandLogError, match=f"signed with the key at {key_path.resolve()}, not {other}"
    ):
        HandLog.open(log_target, key_path=other)


def test_a_log_written_before_logs_named_their_key_still_says_it_in_one_line(
    log_target: str, key_path: Path, written: list[str], tmp_path: Path
) -> None:
    from table_controller.hand_log.check import check_log

    raw_sql(log_target, "DELETE FROM hand_log_meta WHERE substr(key, 1, 4) = 'key:'")
    assert check_log(log_target, key_path, replay=False).ok  # an older log verifies as before
    other = tmp_path / "other" / "hand_log.key"
    with HandLog.open(str(tmp_path / "other.db"), key_path=other):
        pass
    (finding,) = check_log(log_target, other, replay=False).findings
    assert "this log does not name its key" in str(finding)


def test_a_log_moved_away_from_its_data_folder_finds_its_key(
    tmp_path: Path, key_path: Path, _data_dir: Path
) -> None:
    """No key in the data folder: verify uses the key the log names, or the key beside it, and
    says which; with neither, the error names where the log's key was."""
    from table_controller.hand_log.check import check_log

    target = str(tmp_path / "hands.db")
    with HandLog.open(target, key_path=key_path) as log:
        write_hands(log, 2)
    report = check_log(target, replay=False)
    assert report.ok and report.key_found.startswith(
        f"key: {key_path.resolve()} (the key this log is signed with"
    )
    key_path.rename(tmp_path / "hand_log.key")  # the key now lies beside the log
    assert check_log(target, replay=False).key_found.startswith(
        f"key: {tmp_path / 'hand_log.key'} "
    )
    (tmp_path / "hand_log.key").unlink()
    with pytest.raises(
        HandLogError, match=f"this log was written with the key at {key_path.resolve()}"
    ):
        check_log(target, replay=False)
