"""The lean log's last step: an event record stores the event and the effects that are not words,
a result who won and by which rule, a header only what changed since the table's last. Readers
get the rest by replay, exactly as the engine gives it; the audit still catches a stored field
changed and re-signed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from table_controller.hand_log import HandLog, lean, schema2
from table_controller.hand_log.account import account
from table_controller.hand_log.check import check_log
from table_controller.hand_log.lean import (
    CHANGES,
    Expander,
    lean_result,
    pack_settlement,
    settlement_money,
    unpack_settlement,
    unpacked,
)
from table_controller.hand_log.reader import RecordedHand, iter_hands, read_hand
from table_controller.hand_log.records import canonical_json
from table_controller.hand_log.replay_audit import replay_hand
from table_controller.hand_log.report_rounds import settled_effects
from table_controller.hand_log.store import open_store
from tests.hand_log.forge import reseal_from
from tests.hand_log.raw import raw_sql
from tests.hand_log.test_lean import blackjack_log

# How a schema-2 log found a hand's records before it noted where each hand starts.
OLD_BY_HAND = f"CREATE INDEX IF NOT EXISTS {schema2.BY_HAND} ON {schema2.RECORDS} (hand_no)"


def test_what_is_stored_is_lean_and_readers_get_the_whole_records(
    tmp_path: Path, key_path: Path
) -> None:
    db, hands = blackjack_log(tmp_path, key_path)
    with open_store(db, create=False) as store:
        stored = list(store.records())
        again = [read_hand(store, h.hand_id) for h in hands]
    headers = [r.stored for r in stored if r.kind == "hand"]
    assert "header" in headers[0] and all(CHANGES in h for h in headers[1:])
    for r in stored:
        if r.kind == "event":  # a settlement packed: [seat, bet, hand, staked, net, rule]
            effects = r.stored.get("effects", [])
            dicts = [e for e in effects if isinstance(e, dict)]
            assert all(e.get("type") not in ("applied", "settled") for e in dicts)
            assert all(len(e) in (6, 7) for e in effects if isinstance(e, list))
        if r.kind == "result":
            assert set(r.stored) <= {"decided_by", "void", "winner", "settled"}
    for hand, one in zip(hands, again, strict=True):  # every reader: the whole header and result
        assert hand.header["game"] == "blackjack" and one.header == hand.header
        assert one.result == hand.result and set(hand.result or {}) >= {"seats", "explanation"}
        notes = [e for r in hand.events for e in r.payload["effects"] if e["type"] == "applied"]
        assert notes and all(e["note"] for e in notes)  # "3H to SEAT 1 first card": the replay's
        assert [r.payload for r in one.records] == [r.payload for r in hand.records]
    assert check_log(db, key_path).findings == []


def _forged(hand: RecordedHand, i: int, payload: dict) -> RecordedHand:
    record = replace(hand.records[i], payload_text=canonical_json(payload), derived="")
    return RecordedHand(
        hand.table,
        hand.hand_id,
        hand.header_record,
        [*hand.records[:i], record, *hand.records[i + 1 :]],
    )


def test_a_stored_settlement_or_result_changed_is_caught_by_the_replay(
    tmp_path: Path, key_path: Path
) -> None:
    _db, hands = blackjack_log(tmp_path, key_path)
    hand = hands[-1]
    i, record = next(
        (i, r)
        for i, r in enumerate(hand.records)
        if r.kind == "event" and any(isinstance(e, list) for e in r.stored.get("effects", []))
    )
    payload = record.stored
    settled = next(e for e in payload["effects"] if isinstance(e, list))
    settled[4] += 10_000  # its net
    findings = replay_hand(_forged(hand, i, payload))
    assert [f.seq for f in findings] == [record.seq]
    assert "effects differ from the replay: effects[0][4]" in findings[0].problem
    last = len(hand.records) - 1
    result = lean_result(hand.result)
    assert result is not None
    result["winner"] = "seat3"
    findings = replay_hand(_forged(hand, last, result))
    assert "result differs from the replay: winner" in findings[0].problem


def test_a_changed_header_change_is_caught_and_a_lost_base_is_said_in_words(
    tmp_path: Path, key_path: Path
) -> None:
    db, hands = blackjack_log(tmp_path, key_path)
    with open_store(db, create=False) as store:
        stored = [r for r in store.records() if r.kind == "hand"]
    payload = stored[-1].stored
    payload[CHANGES]["round"] = ["~", {"bets": ["~", {"seat1": ["=", [100000, 500]]}]}]
    forged = replace(stored[-1], payload_text=canonical_json(payload))
    expander = Expander(replay=False)
    for record in stored[:-1]:
        expander.take(record)
    whole = expander.take(forged)
    assert whole.payload["header"]["round"]["bets"]["seat1"] == [100000, 500]
    alone = Expander().take(stored[-1])  # its header before not read
    hand = RecordedHand(hands[-1].table, hands[-1].hand_id, alone, hands[-1].records)
    problem = replay_hand(hand)[0].problem
    assert "names only what changed since the table's header before it" in problem


# --- settlements packed as lists ------------------------------------------------------------
def _money(hands: list[RecordedHand]) -> list[list[dict]]:
    """Every hand's settlements as the reports read them, without their words."""
    return [
        [{k: v for k, v in e.items() if k != "reason"} for e in settled_effects(h)] for h in hands
    ]


def test_a_packed_settlement_reads_back_as_the_engine_s_and_its_money_needs_no_replay(
    tmp_path: Path, key_path: Path
) -> None:
    db, hands = blackjack_log(tmp_path, key_path)
    paid = [e for h in hands for e in settled_effects(h)]
    assert paid and all(e["reason"] for e in paid)  # the words: the replay's
    with open_store(db, create=False) as store:
        bare = iter_hands(store, replay=False)  # what the floor's board reads
    assert _money(bare) == _money(hands)  # collected, returned, paid: arithmetic, not the rules
    for staked, net, money in [
        (1000, 1500, {"collected": 0, "returned": 1000, "paid": 1500, "owed": 0}),  # 3:2
        (1000, 0, {"collected": 0, "returned": 1000, "paid": 0, "owed": 0}),  # a push
        (1000, -500, {"collected": 500, "returned": 500, "paid": 0, "owed": 0}),  # surrender
        (1000, -2000, {"collected": 2000, "returned": 0, "paid": 0, "owed": 1000}),  # V-un
        (0, -1500, {"collected": 1500, "returned": 0, "paid": 0, "owed": 1500}),  # a void
    ]:
        assert settlement_money(staked, net) == money
    odd = {"type": "settled", "seat": "seat1", "bet": "main", "staked": 1000, "collected": 0}
    odd |= {"returned": 0, "paid": 500, "net": 500, "rule": "X-1"}  # the stake not returned
    assert pack_settlement(odd) == odd  # a settlement the list would not read back to: a dict
    banked = {**unpack_settlement(["seat2", "main", None, 500, 500, "V-9"]), "banker": "seat1"}
    assert pack_settlement(banked) == ["seat2", "main", None, 500, 500, "V-9", {"banker": "seat1"}]
    assert (
        unpack_settlement(["seat2", "main", None, 500, 500, "V-9", {"banker": "seat1"}]) == banked
    )
    assert unpacked([["s", "b", None, 1, 1, "R", {"payday": "x"}]])[0]["type"] == "unreadable"
    assert unpacked([["seat1", "main"]]) == [{"type": "unreadable", "stored": ["seat1", "main"]}]


def test_a_packed_settlement_changed_and_re_signed_with_the_key_is_caught(
    tmp_path: Path, key_path: Path
) -> None:
    db, hands = blackjack_log(tmp_path, key_path)
    record = next(
        r for r in hands[-1].events if any(isinstance(e, list) for e in r.stored.get("effects", []))
    )
    payload = record.stored
    packed = next(e for e in payload["effects"] if isinstance(e, list))
    packed[4] += 10_000  # $100 more to the seat: what it was paid follows, by arithmetic
    reseal_from(db, key_path, record.table, record.seq, canonical_json(payload))
    report = check_log(db, key_path)
    assert [f.seq for f in report.findings] == [record.seq]
    assert "effects differ from the replay: effects[0][4]" in report.findings[0].problem
    with open_store(db, create=False) as store:  # a reader shows what is stored, unreplayed
        shown = read_hand(store, hands[-1].hand_id).records
    forged = next(r for r in shown if r.seq == record.seq)
    assert unpack_settlement(packed) in forged.payload["effects"]


def test_a_log_written_before_settlements_were_packed_verifies_and_reads_the_same(
    tmp_path: Path, key_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A log of step 3 (settlements as dicts without their words, every hand found through an
    index of every record by hand) is written here by the writer as it was then."""
    _db, hands = blackjack_log(tmp_path, key_path)
    monkeypatch.setattr(lean, "PACK_SETTLEMENTS", False)
    monkeypatch.setattr(schema2, "NEW_SCHEMA", (OLD_BY_HAND,))
    old_db = str(tmp_path / "step3.db")
    with HandLog.open(old_db, key_path=key_path, table_id="table-1") as old:
        for hand in hands:
            old.begin_hand(hand.hand_id, hand.header, at=hand.header_record.at)
            for r in hand.records:
                old.append(hand.hand_id, r.kind, r.payload, source=r.source, at=r.at)
    monkeypatch.undo()
    with open_store(old_db, create=False) as store:
        tables = {str(r[0]) for r in store.execute("SELECT name FROM sqlite_master")}
        assert schema2.STARTS not in tables and schema2.BY_HAND in tables
        stored = [
            e for r in store.records() if r.kind == "event" for e in r.stored.get("effects", [])
        ]
        assert any(e.get("type") == "settled" for e in stored) and unpacked(stored) == stored
        old_hands = iter_hands(store)
        assert read_hand(store, hands[1].hand_id).records == old_hands[1].records
        assert [read_hand(store, h.hand_id).result for h in hands] == [h.result for h in hands]
        assert _money(iter_hands(store, replay=False)) == _money(hands)
    assert check_log(old_db, key_path).findings == []
    assert [account(h) for h in old_hands] == [account(h) for h in hands]
    assert [settled_effects(h) for h in old_hands] == [settled_effects(h) for h in hands]
    with HandLog.open(old_db, key_path=key_path, table_id="table-1") as old:  # carried on
        assert old.store.has_hand("table-1", hands[0].hand_id)
        old.begin_hand("table-1-more", hands[0].header)
        old.append("table-1-more", "result", {"winner": None}, source="engine", at=1.0)
    with open_store(old_db, create=False) as store:
        assert [r.kind for r in read_hand(store, "table-1-more").records] == ["result"]


def test_a_hand_is_found_by_where_it_starts(tmp_path: Path, key_path: Path) -> None:
    db, hands = blackjack_log(tmp_path, key_path)
    with open_store(db, create=False) as store:
        tables = {str(r[0]) for r in store.execute("SELECT name FROM sqlite_master")}
        assert schema2.STARTS in tables and schema2.BY_HAND not in tables
        starts = store.execute(f"SELECT COUNT(*) FROM {schema2.STARTS}")[0][0]
        assert starts == len(hands)
        for hand in hands:
            one = read_hand(store, hand.hand_id)
            assert [r.seq for r in one.records] == [r.seq for r in hand.records]
            assert store.has_hand(hand.table, hand.hand_id)
            assert not store.has_hand("table-2", hand.hand_id)
            kinds = [r.kind for r in store.records(hand_id=hand.hand_id, kinds=("result",))]
            assert kinds == ["result"]
        assert not store.has_hand(hands[0].table, "no-such-hand")
        raw_sql(
            db, "DELETE FROM hand_records WHERE kind = 'hand' AND hand_id = ?", (hands[0].hand_id,)
        )
        assert not store.has_hand(hands[0].table, hands[0].hand_id)  # as an index would
        raw_sql(
            db,
            "UPDATE hand_records SET hand_id = 'moved' WHERE kind = 'hand' AND hand_id = ?",
            (hands[1].hand_id,),
        )
        assert store.has_hand(hands[1].table, "moved")
        assert not store.has_hand(hands[1].table, hands[1].hand_id)
