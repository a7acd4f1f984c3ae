"""A table logging to PostgreSQL keeps writing while the server is stopped: its records are kept
in a local spool, the dealer is told how many, and they reach the server in order when it is
back, so the server's log verifies as if nothing had happened. Against a real server, stopped
and started again."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

import pytest

from table_controller.errors import HandLogError
from table_controller.events import NEW_DECK, Control
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.hand_log.check import check_log
from table_controller.hand_log.keys import load_key
from table_controller.hand_log.records import seal
from table_controller.hand_log.spool import spool_folder
from table_controller.hand_log.store import open_store
from table_controller.runtime import TableSession
from tests.hand_log.fixtures import fresh_pg_url
from tests.hand_log.pg_outage import OwnServer, own_pg, wait_for
from tests.hand_log.sample import HEADER, hand_payloads, write_hands

__all__ = ["own_pg"]


def server_rows(url: str, table: str) -> list[tuple[int, str]]:
    with open_store(url, create=False) as store:
        return [(r.seq, r.digest) for r in store.records(table=table)]


def spool_files(key_path: Path) -> list[Path]:
    folder = spool_folder(key_path)
    return sorted(folder.glob("*.db")) if folder.is_dir() else []


def half_a_hand(log: HandLog, hand_id: str, steps: slice) -> None:
    if steps.start in (None, 0):
        log.begin_hand(hand_id, {**HEADER, "table": log.table_id}, at=1_800_000_000.0)
    for i, (kind, payload, source) in list(enumerate(hand_payloads(1)))[steps]:
        log.append(hand_id, kind, payload, source=source, at=1_800_000_001.0 + i)


@pytest.fixture
def url(own_pg: OwnServer) -> str:
    return fresh_pg_url(own_pg.url)


def test_records_written_while_the_server_is_stopped_are_kept_and_forwarded_in_order(
    own_pg: OwnServer,
    url: str,
    key_path: Path,
) -> None:
    log = HandLog.open(url, key_path=key_path, table_id="table-1")
    try:
        log.store.retry_seconds = 0.1  # type: ignore[attr-defined]
        write_hands(log, 2)
        half_a_hand(log, "mid", slice(0, 2))  # the server goes away in the middle of a hand
        own_pg.stop()
        half_a_hand(log, "mid", slice(2, None))
        write_hands(log, 2, start=2)
        assert log.spool_notice() == "Hand log server unreachable: 18 records kept here"
        [spool] = spool_files(key_path)
        assert stat.S_IMODE(spool.stat().st_mode) == 0o600
        assert stat.S_IMODE(spool.parent.stat().st_mode) == 0o700
        own_pg.start()
        wait_for(lambda: log.spool_notice() is None, "the kept records to reach the server")
        assert spool_files(key_path) == []
        write_hands(log, 1, start=4)  # and the table writes to the server again
    finally:
        log.close()
    rows = server_rows(url, "table-1")
    assert [seq for seq, _ in rows] == list(range(1, 7 * 5 + 1 + 7 + 1))
    with open_store(url, create=False) as store:  # the log says what happened, once it is back
        [note] = [
            r
            for r in store.records(table="table-1")
            if r.kind == "hardware" and r.source == "hand_log"
        ]
    assert note.seq == 36 and note.hand_id == ""
    assert (note.payload["type"], note.payload["records"], note.payload["first_seq"]) == (
        "log_unreachable",
        18,
        18,
    )
    assert (
        note.payload["began"] <= note.payload["ended"]
        and "administrator command" in note.payload["reason"]
    )
    report = check_log(url, key_path, replay=False)
    assert report.findings == []
    assert report.records == report.rows == len(rows)


def test_a_table_stopped_during_the_outage_resumes_from_its_spool_and_forwards_it_at_start(
    own_pg: OwnServer,
    url: str,
    key_path: Path,
) -> None:
    with HandLog.open(url, key_path=key_path, table_id="table-1") as log:
        write_hands(log, 1)
        half_a_hand(log, "mid", slice(0, 1))
        own_pg.stop()
        half_a_hand(log, "mid", slice(1, 3))
    try:
        with HandLog.open(
            url, key_path=key_path, table_id="table-1"
        ) as log:  # the server still down
            assert log.spool_notice() == "Hand log server unreachable: 2 records kept here"
            hand_id, _header, records = log.unfinished_hand()  # type: ignore[misc]
            assert hand_id == "mid" and len(records) == 3  # two of them never reached the server
            half_a_hand(log, "mid", slice(3, None))
            write_hands(log, 1, start=1)
            kept = [(r.seq, r.digest) for r in log.store.records(table="table-1", after_seq=8)]
    finally:
        own_pg.start()
    with HandLog.open(
        url, key_path=key_path, table_id="table-1"
    ) as log:  # forwarded before it starts
        assert log.spool_notice() is None
    assert spool_files(key_path) == []
    rows = server_rows(url, "table-1")
    assert [seq for seq, _ in rows] == list(range(1, 23))  # and the note of the outage
    assert rows[8:21] == kept
    assert check_log(url, key_path, replay=False).findings == []


def test_a_second_writer_on_the_server_meanwhile_leaves_the_spool_for_an_auditor(
    own_pg: OwnServer,
    url: str,
    key_path: Path,
) -> None:
    with HandLog.open(url, key_path=key_path, table_id="table-1") as log:
        write_hands(log, 1)
        own_pg.stop()
        write_hands(log, 1, start=1)
    own_pg.start()
    with open_store(
        url, create=False
    ) as store:  # meanwhile another writer carried on the chain there
        last = store.last_record("table-1")
        store.insert(
            seal(
                load_key(key_path), last, "table-1", "", "note", {"text": "elsewhere"}, "other", 1.0
            )
        )
    with pytest.raises(HandLogError, match="does not lead into the records kept"):
        HandLog.open(url, key_path=key_path, table_id="table-1")
    assert len(spool_files(key_path)) == 1


def test_the_dealer_sees_the_count_of_kept_records_until_they_are_forwarded(
    own_pg: OwnServer,
    url: str,
    key_path: Path,
) -> None:
    log = HandLog.open(url, key_path=key_path, table_id="table-1")
    session = TableSession(make_game("missouri-city"), log=log)
    seen: list[list[str]] = []
    session.subscribe(lambda s: seen.append(s.snapshot()["hardware"]["notices"]))
    try:
        log.store.retry_seconds = 0.1  # type: ignore[attr-defined]
        session.submit(Control(NEW_DECK), source="console:dealer")
        own_pg.stop()
        session.submit(Control(NEW_DECK), source="console:dealer")  # refused mid-hand: still logged
        session.hardware_event({"type": "heartbeat"}, source="sim://")
        assert session.snapshot()["hardware"]["notices"] == [
            "Hand log server unreachable: 2 records kept here"
        ]
        own_pg.start()
        wait_for(lambda: seen and seen[-1] == [], "the notice to come down")
    finally:
        log.close()
    assert check_log(url, key_path, replay=True).findings == []


def test_a_spool_is_readable_by_its_owner_alone_even_under_a_loose_umask(
    own_pg: OwnServer,
    url: str,
    key_path: Path,
) -> None:
    import os

    old = os.umask(0)
    try:
        with HandLog.open(url, key_path=key_path, table_id="table-1") as log:
            write_hands(log, 1)
            own_pg.stop()
            write_hands(log, 1, start=1)
            [spool] = spool_files(key_path)
            modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in spool.parent.iterdir()}
    finally:
        os.umask(old)
        own_pg.start()
    assert modes and set(modes.values()) == {0o600}, modes
    with sqlite3.connect(spool) as db:
        assert (
            db.execute("SELECT COUNT(*) FROM hand_records").fetchone()[0] == 7 + 7
        )  # after its last hand
    with HandLog.open(url, key_path=key_path, table_id="table-1"):
        pass
    assert [r[0] for r in server_rows(url, "table-1")] == list(range(1, 16))


def test_a_log_made_afresh_on_the_server_meanwhile_is_not_taken_for_the_table_s_own(
    own_pg: OwnServer,
    url: str,
    key_path: Path,
    tmp_path: Path,
) -> None:
    with HandLog.open(url, key_path=key_path, table_id="table-1") as log:
        write_hands(log, 1)
        own_pg.stop()
        write_hands(log, 1, start=1)
    own_pg.start()
    with open_store(url, create=False) as store:  # the database was dropped and made again
        store.execute("DROP TABLE hand_records")
        store.execute("DROP TABLE hand_log_meta")
    with HandLog.open(
        url, key_path=tmp_path / "other" / "hand_log.key", table_id="table-2"
    ) as other:
        write_hands(other, 1)
    with pytest.raises(HandLogError, match="now holds another hand log"):
        HandLog.open(url, key_path=key_path, table_id="table-1")
    assert len(spool_files(key_path)) == 1
