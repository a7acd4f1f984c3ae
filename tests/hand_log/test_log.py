"""Writing and reading back: every kind of record unchanged, crash-recovery reads, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from table_controller.errors import HandLogError
from table_controller.hand_log import HandLog, open_store
from table_controller.hand_log.lean import lean_result
from table_controller.hand_log.reader import read_hand
from tests.hand_log.sample import HEADER, hand_payloads, write_hands


def test_every_kind_of_record_reads_back_unchanged(log_target: str, key_path: Path) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 2)
        between = log.append(
            "",
            "hardware",
            {"type": "disconnected", "seq": 3},
            source="shoe",
            at=1_800_000_000.123456789,
        )
    with open_store(log_target, create=False) as store:
        for n, hand_id in enumerate(("h0000", "h0001")):
            hand = read_hand(store, hand_id)
            assert hand.header == HEADER
            written = hand_payloads(n)
            # a result is stored lean (who won, the rule, void): this sample game cannot be
            # replayed to give the rest, so it reads back as stored
            written[-1] = (written[-1][0], lean_result(written[-1][1]), written[-1][2])
            assert [(r.kind, r.payload, r.source) for r in hand.records] == written
            assert [r.at for r in hand.records] == [
                1_700_000_000.0 + n * 10 + i * 0.125 for i in range(len(written))
            ]
            assert hand.result == written[-1][1]
        records = list(store.records())
    assert [r.seq for r in records] == list(range(1, len(records) + 1))
    assert records[-1].seq == between
    assert records[-1].at == 1_800_000_000.123456789
    assert records[-1].hand_id == ""


def test_append_is_visible_to_another_connection_when_it_returns(
    log_target: str, key_path: Path
) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        log.begin_hand("h1", HEADER)
        seq = log.append(
            "h1", "event", {"event": {"type": "card", "card": "AS"}}, source="shoe", at=1.0
        )
        with open_store(log_target, create=False) as other:
            assert other.last_record("table-1").seq == seq  # type: ignore[union-attr]


def test_unfinished_hand_is_found_from_the_log_alone(log_target: str, key_path: Path) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 1)
        log.begin_hand("h-open", HEADER)
        log.append(
            "h-open", "event", {"event": {"type": "card", "card": "KS"}}, source="shoe", at=5.0
        )
    with HandLog.open(log_target, key_path=key_path) as log:
        hand_id, header, records = log.unfinished_hand()  # type: ignore[misc]
        assert (hand_id, header) == ("h-open", HEADER)
        assert [r.payload for r in records] == [{"event": {"type": "card", "card": "KS"}}]
        with pytest.raises(HandLogError, match="h-open is still open"):
            log.begin_hand("h-next", HEADER)
        log.append("h-open", "result", {"void": True, "decided_by": "VOID"}, source="pit", at=6.0)
        assert log.unfinished_hand() is None
        assert [h.outcome for h in log.hands()] == ["no winner", "void"]


def test_reopening_continues_the_chain(log_target: str, key_path: Path) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 1)
        first_last = log.last_seq
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 1, start=1)
        assert log.last_seq == first_last * 2


def test_hands_are_listed_and_filtered(log_target: str, key_path: Path) -> None:
    with HandLog.open(log_target, key_path=key_path, table_id="t2") as log:
        write_hands(log, 4)
        assert [h.hand_id for h in log.hands()] == ["h0000", "h0001", "h0002", "h0003"]
        assert [h.hand_id for h in log.hands(outcome="seat1")] == ["h0001", "h0003"]
        assert [h.hand_id for h in log.hands(since=1_700_000_019.0)] == ["h0002", "h0003"]
        assert [h.hand_id for h in log.hands(until=1_700_000_019.0)] == ["h0000", "h0001"]
        assert log.hands(dealer="someone else") == []
        assert log.hands(table="t2")[0].decided_by == "W-4"


@pytest.mark.parametrize(
    ("hand_id", "kind", "payload", "message"),
    [
        ("h1", "shout", {}, "cannot append"),
        ("h2", "event", {}, "not the open hand"),
        ("", "event", {}, "not the open hand"),
        ("h1", "event", {"cards": {"AS"}}, "not JSON|cannot log"),
        ("h1", "event", {"x": float("nan")}, "cannot log"),
        ("h1", "event", ["not", "a", "dict"], "must be a dict"),
    ],
)
def test_bad_appends_are_refused_and_nothing_is_written(
    log_target: str, key_path: Path, hand_id: str, kind: str, payload: object, message: str
) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        log.begin_hand("h1", HEADER)
        before = log.last_seq
        with pytest.raises(HandLogError, match=message):
            log.append(hand_id, kind, payload, source="x", at=1.0)  # type: ignore[arg-type]
        assert log.last_seq == before
        assert log.append("h1", "note", {"ok": True}, source="x", at=2.0) == before + 1


def test_a_hand_id_is_used_once_per_table(log_target: str, key_path: Path) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        write_hands(log, 1)
        with pytest.raises(HandLogError, match="already in the log"):
            log.begin_hand("h0000", HEADER)


def test_a_second_writer_for_the_same_table_is_refused(log_target: str, key_path: Path) -> None:
    with HandLog.open(log_target, key_path=key_path) as log:
        with pytest.raises(HandLogError, match="already being logged"):
            HandLog.open(log_target, key_path=key_path)
        with HandLog.open(log_target, key_path=key_path, table_id="table-2") as other:
            write_hands(other, 1)
        write_hands(log, 1)


def test_bad_table_id_and_missing_log_are_one_line_errors(tmp_path: Path, key_path: Path) -> None:
    with pytest.raises(HandLogError, match="table id"):
        HandLog.open(str(tmp_path / "x.db"), key_path=key_path, table_id="../etc")
    with pytest.raises(HandLogError, match="no hand log at"):
        open_store(str(tmp_path / "missing.db"), create=False)
    not_a_log = tmp_path / "notes.txt"
    not_a_log.write_text("hello, this is not a database\n" * 10)
    with pytest.raises(HandLogError):
        open_store(str(not_a_log), create=False)


def test_unreachable_postgres_is_a_one_line_error(key_path: Path) -> None:
    with pytest.raises(HandLogError, match="cannot open hand log"):
        HandLog.open("postgresql://nobody:secret@127.0.0.1:1/none", key_path=key_path)
