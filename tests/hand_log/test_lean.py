"""The lean log: an event record holds what happened (the event, its effects), and what the
screens showed is derived by replay. A seven-seat blackjack hand no longer stores its prompts
forty-odd times; the audit still replays every event against its effects; a log written before,
with the prompts in every event, verifies and reads exactly as it did."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from table_controller.cli import main
from table_controller.hand_log import HandLog
from table_controller.hand_log.account import account
from table_controller.hand_log.check import check_log
from table_controller.hand_log.reader import RecordedHand, iter_hands
from table_controller.hand_log.records import canonical_json
from table_controller.hand_log.replay_audit import replay_hand
from table_controller.hand_log.shown import shown_prompts
from table_controller.hand_log.store import open_store

HANDS = 3


def blackjack_log(tmp_path: Path, key_path: Path) -> tuple[str, list[RecordedHand]]:
    db = str(tmp_path / "bj.db")
    assert (
        main(
            [
                "run",
                "--autopilot",
                "--hands",
                str(HANDS),
                "--game",
                "blackjack",
                "--seats",
                "7",
                "--log",
                db,
                "--key",
                str(key_path),
                "--quiet",
            ]
        )
        == 0
    )
    with open_store(db, create=False) as store:
        return db, iter_hands(store)


def test_event_records_hold_the_event_and_its_effects_and_a_hand_is_a_sixth_of_what_it_was(
    tmp_path: Path,
    key_path: Path,
) -> None:
    db, hands = blackjack_log(tmp_path, key_path)
    events = [r for hand in hands for r in hand.events]
    assert events and all(set(r.payload) == {"event", "effects"} for r in events)
    stored = sum(len(r.payload_text) for hand in hands for r in [hand.header_record, *hand.records])
    assert stored / len(hands) < 30_000  # the payloads of a seven-seat hand: 185 KB with prompts
    assert check_log(db, key_path).findings == []


def test_the_replay_still_catches_an_effect_that_is_not_the_engine_s(
    tmp_path: Path, key_path: Path
) -> None:
    _db, hands = blackjack_log(tmp_path, key_path)
    hand = hands[-1]
    i, record = next(
        (i, r) for i, r in enumerate(hand.records) if r.kind == "event" and r.payload["effects"]
    )
    payload = record.payload
    payload["effects"][0]["note"] = "the card went somewhere else"
    forged = replace(record, payload_text=canonical_json(payload), derived="")
    findings = replay_hand(
        RecordedHand(
            hand.table,
            hand.hand_id,
            hand.header_record,
            [*hand.records[:i], forged, *hand.records[i + 1 :]],
        )
    )
    assert [f.seq for f in findings] == [record.seq]
    assert "effects differ from the replay: effects[0].note" in findings[0].problem


def test_a_log_written_with_prompts_verifies_and_reads_as_the_lean_one(
    tmp_path: Path, key_path: Path
) -> None:
    _db, hands = blackjack_log(tmp_path, key_path)
    old_db = str(tmp_path / "old.db")
    with HandLog.open(
        old_db, key_path=key_path, table_id="table-1"
    ) as old:  # as the table wrote before
        for hand in hands:
            shown = shown_prompts(hand)
            old.begin_hand(hand.hand_id, hand.header, at=hand.header_record.at)
            for r in hand.records:
                payload = r.payload | ({"prompts": shown[r.seq]} if r.kind == "event" else {})
                old.append(hand.hand_id, r.kind, payload, source=r.source, at=r.at)
    assert check_log(old_db, key_path).findings == []
    with open_store(old_db, create=False) as store:
        old_hands = iter_hands(store)
    assert all("prompts" in r.payload for h in old_hands for r in h.events)
    assert [account(h) for h in old_hands] == [account(h) for h in hands]
    assert "totals:" in account(hands[0])  # the totals after each step, derived for the lean hand
    assert canonical_json(shown_prompts(old_hands[0])) == canonical_json(shown_prompts(hands[0]))


def test_a_header_whose_round_cannot_start_is_a_finding_not_a_traceback(
    tmp_path: Path, key_path: Path
) -> None:
    """A header naming a phase no round has (forged, or from another version) is reported by the
    replay in words; it used to be read as a string, it is now an enum that refuses it."""
    _db, hands = blackjack_log(tmp_path, key_path)
    hand = hands[-1]
    payload = hand.header_record.payload
    key = next(k for k, v in payload["header"].items() if isinstance(v, dict) and "phase" in v)
    payload["header"][key]["phase"] = "teatime"
    forged = replace(hand.header_record, payload_text=canonical_json(payload), derived="")
    findings = replay_hand(RecordedHand(hand.table, hand.hand_id, forged, hand.records))
    assert [f.seq for f in findings] == [forged.seq]
    assert "the round cannot start from the header" in findings[0].problem
