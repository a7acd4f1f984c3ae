"""Reading hands back: the list of hands with their outcomes, and one hand's records.

Reading needs no key: the audit tools that only show or export a log work on a copy of the
database alone. Whether what they show is genuine is :mod:`verify`'s question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table_controller.errors import HandLogError
from table_controller.hand_log.lean import Expander, expand, is_whole_header
from table_controller.hand_log.records import EVENT, HEADER, RESULT, HandRecord
from table_controller.hand_log.store import LogStore


def outcome_of(result: dict[str, Any] | None) -> str:
    """One word for a hand's outcome: ``open``, ``void``, the winning seat, ``no winner``, or
    ``settled`` (a round of bets against the house)."""
    if result is None:
        return "open"
    if result.get("void"):
        return "void"
    settled = result.get("settled") or "settlements" in (result.get("details") or {})
    if not result.get("winner") and settled:
        return "settled"  # a game of bets against the house has no winner: every bet was settled
    return str(result.get("winner") or "no winner")


@dataclass(frozen=True, slots=True)
class HandSummary:
    table: str
    hand_id: str
    game: str
    dealer: str
    started_at: float
    ended_at: float | None
    outcome: str
    decided_by: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "hand": self.hand_id,
            "game": self.game,
            "dealer": self.dealer,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "outcome": self.outcome,
            "decided_by": self.decided_by,
        }


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """One hand: its header record's header, every record after it, and the result."""

    table: str
    hand_id: str
    header_record: HandRecord
    records: list[HandRecord]

    @property
    def header(self) -> dict[str, Any]:
        return dict(self.header_record.payload.get("header") or {})

    @property
    def result(self) -> dict[str, Any] | None:
        for record in reversed(self.records):
            if record.kind == RESULT:
                return record.payload
        return None

    @property
    def events(self) -> list[HandRecord]:
        return [r for r in self.records if r.kind == EVENT]

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "hand": self.hand_id,
            "header": self.header,
            "outcome": outcome_of(self.result),
            "result": self.result,
            "records": [r.to_dict() for r in [self.header_record, *self.records]],
        }


def read_hand(store: LogStore, hand_id: str, table: str | None = None) -> RecordedHand:
    """Every record of one hand, in order, as the table saw it (:mod:`lean`: a lean header made
    whole from the headers before it, the effects' words and the result by replay).

    Raises:
        HandLogError: no such hand, or the id is used by several tables and none was named.
    """
    records = list(store.records(table=table, hand_id=hand_id))
    tables = sorted({r.table for r in records})
    if not records:
        where = f" on table {table}" if table else ""
        raise HandLogError(f"no hand {hand_id!r}{where} in {store.target}")
    if len(tables) > 1:
        raise HandLogError(
            f"hand {hand_id!r} is on several tables ({', '.join(tables)}); name one with --table"
        )
    if records[0].kind != HEADER:
        raise HandLogError(f"hand {hand_id!r} has lost its header record")
    expander = Expander()
    if not is_whole_header(records[0]):  # its header names changes: from the whole one before
        for header in store.header_base(tables[0], records[0].seq)[:-1]:
            expander.replay = False
            expander.take(header)
        expander.replay = True
    records = [expander.take(r) for r in records]
    if expander.problem:
        raise HandLogError(f"hand {hand_id!r} cannot be read: {expander.problem}")
    return RecordedHand(tables[0], hand_id, records[0], records[1:])


def iter_hands(
    store: LogStore, table: str | None = None, *, replay: bool = True
) -> list[RecordedHand]:
    """Every hand in chain order, records grouped under their header, as the table saw them
    (:mod:`lean`; with ``replay=False`` only the headers are made whole: the audit's own replay
    compares what is stored)."""
    hands: list[RecordedHand] = []
    current: dict[str, RecordedHand] = {}
    expanders: dict[str, Expander] = {}
    for stored in store.records(table=table):
        expander = expanders.setdefault(stored.table, Expander(replay=replay))
        record = expander.take(stored)
        if record.kind == HEADER:
            hand = RecordedHand(record.table, record.hand_id, record, [])
            current[record.table] = hand
            hands.append(hand)
        elif record.hand_id and record.table in current:
            hand = current[record.table]
            if hand.hand_id == record.hand_id:
                hand.records.append(record)
    return hands


def _summary(header: HandRecord, result: HandRecord | None) -> HandSummary:
    head = header.payload.get("header") or {}
    outcome = result.payload if result else None
    return HandSummary(
        table=header.table,
        hand_id=header.hand_id,
        game=str(head.get("game", "")),
        dealer=str(head.get("dealer", "")),
        started_at=header.at,
        ended_at=result.at if result else None,
        outcome=outcome_of(outcome),
        decided_by=str((outcome or {}).get("decided_by", "")),
    )


def list_hands(
    store: LogStore,
    *,
    table: str | None = None,
    dealer: str | None = None,
    outcome: str | None = None,
    since: float | None = None,
    until: float | None = None,
) -> list[HandSummary]:
    """Hands in chain order. ``since``/``until`` bound the hand's start time (epoch seconds)."""
    headers: dict[tuple[str, str], HandRecord] = {}
    results: dict[tuple[str, str], HandRecord] = {}
    for record in expand(list(store.records(table=table, kinds=(HEADER, RESULT))), replay=False):
        target = headers if record.kind == HEADER else results
        target[(record.table, record.hand_id)] = record
    summaries = [_summary(h, results.get(key)) for key, h in headers.items()]
    return [
        s
        for s in summaries
        if (dealer is None or s.dealer == dealer)
        and (outcome is None or s.outcome == outcome)
        and (since is None or s.started_at >= since)
        and (until is None or s.started_at < until)
    ]
