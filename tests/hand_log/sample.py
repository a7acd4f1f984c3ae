"""Hands to write in the tests: every kind of record, with payloads like the runtime's."""

from __future__ import annotations

from typing import Any

from table_controller.hand_log import HandLog

HEADER = {
    "table": "table-1",
    "game": "missouri_city_backhand",
    "switches": {"C10": "reshuffle", "C3": "on"},
    "rules_version": "2024.1",
    "first_dealt": "seat1",
    "seats": ["seat1", "seat2"],
    "shoe": "sim://?seed=7",
    "dealer": "dealer-ann",
}


def event_payload(i: int) -> dict[str, Any]:
    return {
        "event": {"type": "card", "card": ["AS", "10H", "QC", "JK"][i % 4], "spot": f"s{i}"},
        "prompts": {
            "dealer_instruction": f"deal card {i + 1}",
            "seats": [{"seat": "seat1", "player_total": i, "legal_actions": ["hit", "stand_pat"]}],
        },
        "effects": [{"type": "applied", "note": f"card {i} to s{i}"}],
    }


def hand_payloads(hand_no: int) -> list[tuple[str, dict[str, Any], str]]:
    """(kind, payload, source) of one hand after its header: events, a hardware warning, a
    note, a decision and its result."""
    return [
        ("event", event_payload(0), "sim-shoe"),
        (
            "hardware",
            {"type": "sequence_gap", "source": "sim-shoe", "at": 1.5, "seq": 9},
            "sim-shoe",
        ),
        ("event", event_payload(1), "sim-shoe"),
        ("note", {"text": "pit boss called", "unicode": "Zoë ♠"}, "pit:bob"),
        (
            "event",
            {
                "event": {"type": "decision", "seat": "seat1", "action": "stand_pat"},
                "prompts": {"seats": []},
                "effects": [],
            },
            "dealer-ann",
        ),
        (
            "result",
            {
                "winner": "seat1" if hand_no % 2 else None,
                "decided_by": "W-4",
                "explanation": "seat1 has the higher total",
                "void": False,
                "seats": {},
            },
            "engine",
        ),
    ]


def write_hands(
    log: HandLog, count: int, *, start: int = 0, prefix: str = "h", at: float = 1_700_000_000.0
) -> list[str]:
    """Write ``count`` finished hands; returns their ids."""
    ids = []
    for n in range(start, start + count):
        hand_id = f"{prefix}{n:04d}"
        log.begin_hand(hand_id, {**HEADER, "table": log.table_id}, at=at + n * 10 - 1)
        for i, (kind, payload, source) in enumerate(hand_payloads(n)):
            log.append(hand_id, kind, payload, source=source, at=at + n * 10 + i * 0.125)
        ids.append(hand_id)
    return ids
