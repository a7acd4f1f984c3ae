"""Verifying the log of a table that is still writing to it: the truth, not a false alarm,
and still a failure for a log cut short or a head left behind."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from table_controller.hand_log import HandLog
from table_controller.hand_log.check import check_log
from table_controller.hand_log.keys import HeadStore, load_key
from table_controller.hand_log.store import open_store
from table_controller.hand_log.verify import finish_chains, walk_chains
from tests.hand_log.sample import hand_payloads, write_hands

PER_HAND = 1 + len(hand_payloads(0))


def _head_file(key_path: Path) -> Path:
    (head,) = (key_path.parent / "hand_log.key.heads").glob("*.json")
    return head


def test_a_table_writing_all_the_while_verifies_every_time(log_target: str, key_path: Path) -> None:
    """Issue 38: verify of a running table said records "were cut off the end of the log" and
    "rows are outside every chain" whenever the table wrote while it was being read."""
    stop = threading.Event()
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 1)

        def table() -> None:
            n = 1
            while not stop.is_set():
                write_hands(log, 1, start=n)
                n += 1

        writer = threading.Thread(target=table)
        writer.start()
        try:
            # verify at least 12 times, and on until the table has written meanwhile (a loaded
            # machine may not schedule the writer during the first dozen checks)
            reports = [check_log(log_target, key_path, replay=False)]
            deadline = time.monotonic() + 120
            while len(reports) < 12 or reports[-1].records <= reports[0].records:
                assert time.monotonic() < deadline, "the table wrote nothing in two minutes"
                reports.append(check_log(log_target, key_path, replay=False))
        finally:
            stop.set()
            writer.join(timeout=60)
    assert [str(f) for r in reports for f in r.findings] == []
    assert all(r.rows == r.records for r in reports)
    assert reports[-1].records > reports[0].records  # the table did write meanwhile


def test_records_written_after_the_snapshot_are_walked_up_to_the_head(
    log_target: str, key_path: Path
) -> None:
    with (
        HandLog.open(log_target, key_path=key_path) as log,
        open_store(log_target, create=False) as store,
    ):
        key = load_key(key_path)
        write_hands(log, 3)
        with store.snapshot():
            walks = walk_chains(store, key)
            write_hands(log, 2, start=3)  # the table goes on while the auditor reads
            assert store.row_count() == 3 * PER_HAND  # the snapshot does not see them
        check = finish_chains(
            store, key, HeadStore(key_path, key, store.log_id, store.location), walks
        )
    assert check.findings == [] and check.later == 2 * PER_HAND and check.signed_up_to == []


def test_a_record_past_the_signed_head_is_said_as_such(log_target: str, key_path: Path) -> None:
    """The table commits a record, then signs its head: between the two, the record is chained
    and signed but not yet under the head."""
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 3)
        head = _head_file(key_path)
        signed = head.read_bytes()
        log.begin_hand("h0003", {"game": "x"}, at=2e9)
        head.write_bytes(signed)  # as if read between the commit and the head
        report = check_log(log_target, key_path, replay=False)
    assert report.ok, [str(f) for f in report.findings]
    assert report.signed_up_to == [
        f"table table-1: verified up to record {3 * PER_HAND} (its signed head); 1 later records "
        "chained and signed but not yet under a signed head (the table is writing, or stopped "
        "between a commit and its head)"
    ]


def test_a_stopped_table_with_a_head_two_records_behind_fails(
    log_target: str, key_path: Path
) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 3)
        head = _head_file(key_path)
        signed = head.read_bytes()
        write_hands(log, 1, start=3)
    head.write_bytes(signed)  # an old head put back
    report = check_log(log_target, key_path, replay=False)
    assert not report.ok and f"{PER_HAND} records follow the signed head" in str(report.findings)


def test_a_stopped_table_cut_short_still_fails(log_target: str, key_path: Path) -> None:
    from tests.hand_log.raw import raw_sql

    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 3)
    raw_sql(log_target, "DELETE FROM hand_records WHERE seq > ?", (3 * PER_HAND - 2,))
    report = check_log(log_target, key_path, replay=False)
    assert not report.ok and "were cut off the end of the log" in str(report.findings)
    assert report.signed_up_to == []
