"""The lean log's last step: an event record stores the event and the effects that are not words,
a result who won and by which rule, a header only what changed since the table's last. Readers
get the rest by replay, exactly as the engine gives it; the audit still catches a stored field
changed and re-signed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from table_controller.hand_log.check import check_log
from table_controller.hand_log.lean import CHANGES, Expander, lean_result
from table_controller.hand_log.reader import RecordedHand, read_hand
from table_controller.hand_log.records import canonical_json
from table_controller.hand_log.replay_audit import replay_hand
from table_controller.hand_log.store import open_store
from tests.hand_log.test_lean import blackjack_log


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
        if r.kind == "event":
            assert all(e.get("type") != "applied" for e in r.stored.get("effects", []))
            assert all("reason" not in e for e in r.stored.get("effects", []))
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
        if r.kind == "event"
        and any(e.get("type") == "settled" for e in r.stored.get("effects", []))
    )
    payload = record.stored
    settled = next(e for e in payload["effects"] if e["type"] == "settled")
    settled["net"] += 10_000
    findings = replay_hand(_forged(hand, i, payload))
    assert [f.seq for f in findings] == [record.seq]
    assert "effects differ from the replay" in findings[0].problem and ".net" in findings[0].problem
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
