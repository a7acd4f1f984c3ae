"""Checking a log: every table's chain, every signature, the signed heads, the hands' shape.

A walk along each table's chain in sequence order finds:

- a record whose stored fields no longer give its hash (any byte changed),
- a hash whose HMAC does not match (a record rewritten by someone without the key),
- a gap or a step back in the sequence, or a record not linked to the one before it
  (records deleted or reordered),
- a hand whose header names a previous hand that is not the hand before it (a whole hand
  deleted), records of one hand inside another, a hand without a result,
- a chain that ends short of its signed head (records cut off the end).

Each finding names the table, the hand the record belongs to in the chain, and the seq.

A table may be writing while it is verified. The chains are walked in one snapshot of the
database, and the signed heads read after it: a head then lies at or past the snapshot's last
record, never more than one record behind it. A head past the snapshot is followed by reading
on: the records the table wrote since are walked too (chained and signed like the rest), and
the log must reach the head, or records were cut off. The records after the head (the one the
table writes now, between its commit and its head) are said as such, not as a problem: what
is verified is the chain up to its signed head.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from table_controller.errors import HandLogError
from table_controller.hand_log.keys import HeadStore, key_id
from table_controller.hand_log.records import (
    BETWEEN_HANDS_KINDS,
    GENESIS,
    HEADER,
    KINDS,
    RESULT,
    HandRecord,
    signature_matches,
)
from table_controller.hand_log.store import LogStore


@dataclass(frozen=True, slots=True)
class Finding:
    table: str
    hand_id: str
    seq: int | None
    problem: str

    def __str__(self) -> str:
        if not self.table:
            return self.problem
        if not self.hand_id and self.seq is None:
            return f"table {self.table}: {self.problem}"
        hand = f"hand {self.hand_id}" if self.hand_id else "between hands"
        where = f", record {self.seq}" if self.seq is not None else ""
        return f"table {self.table}, {hand}{where}: {self.problem}"


class _ChainWalk:
    """The state of the walk along one table's chain."""

    def __init__(self, table: str, key: bytes) -> None:
        self.table = table
        self.key = key
        self.findings: list[Finding] = []
        self.expected_seq = 1
        self.prev_digest = GENESIS
        self.open_hand = ""  # the hand whose records come now ("" between hands)
        self.last_hand: str | None = None
        self.last: HandRecord | None = None
        self.later = 0  # records read after the snapshot, written while verifying
        self.signed = 0  # records whose signature matches the key
        self.unsigned: list[Finding] = []  # records whose signature does not

    def note(self, hand_id: str, seq: int | None, problem: str) -> None:
        self.findings.append(Finding(self.table, hand_id, seq, problem))

    def step(self, record: HandRecord) -> None:
        hand = record.hand_id if record.kind == HEADER else (self.open_hand or record.hand_id)
        self._check_link(record, hand)
        self._check_seal(record, hand)
        self._check_shape(record, hand)
        self.expected_seq = record.seq + 1
        self.prev_digest = record.digest
        self.last = record

    def _check_link(self, record: HandRecord, hand: str) -> None:
        if record.seq > self.expected_seq:
            self.note(
                hand,
                record.seq,
                f"records {self.expected_seq}..{record.seq - 1} are missing (deleted)",
            )
        elif record.seq < self.expected_seq:
            self.note(hand, record.seq, "record is out of order")
        elif record.prev_hash != self.prev_digest:
            self.note(
                hand,
                record.seq,
                "record is not linked to the record before it (chain broken: records "
                "deleted, inserted or reordered)",
            )

    def _check_seal(self, record: HandRecord, hand: str) -> None:
        stored_hand = "" if record.hand_id in (hand, "") else f" (it claims hand {record.hand_id})"
        # A schema-2 record whose predecessor was removed has no prev_hash to hash with: the
        # gap is the finding; its signature is still checked.
        derivable = bool(record.prev_hash) or record.seq == self.expected_seq
        if derivable and record.expected_digest() != record.digest:
            self.note(
                hand,
                record.seq,
                f"record was altered: its content does not match its hash{stored_hand}",
            )
        elif not signature_matches(self.key, record.digest, record.mac):
            self.note(
                hand,
                record.seq,
                "record's signature does not match (rewritten without the key, or the wrong key)",
            )
            self.unsigned.append(self.findings[-1])
        else:
            self.signed += 1

    def signed_with_another_key(self) -> bool:
        """No record of the chain is signed with this key: the key is not the table's (or the
        whole chain was signed again with another): one finding, not one per record."""
        return self.signed == 0 and bool(self.unsigned)

    def _check_shape(self, record: HandRecord, hand: str) -> None:
        if record.kind not in KINDS:
            self.note(hand, record.seq, f"unknown record kind {record.kind!r}")
            return
        try:
            payload = record.payload
        except HandLogError as exc:
            self.note(hand, record.seq, str(exc))
            return
        if record.kind == HEADER:
            self._begin(record, payload.get("previous_hand"))
        elif record.hand_id != self.open_hand and not (
            record.hand_id == "" and record.kind in BETWEEN_HANDS_KINDS
        ):
            self.note(
                record.hand_id or hand,
                record.seq,
                f"a {record.kind} record of hand {record.hand_id!r} where the open hand "
                f"is {self.open_hand!r}",
            )
        elif record.kind == RESULT:
            self.open_hand = ""

    def _begin(self, record: HandRecord, previous: object) -> None:
        if self.open_hand:
            self.note(
                self.open_hand,
                record.seq,
                f"hand has no result, yet hand {record.hand_id} began after it",
            )
        if previous != self.last_hand:
            lost = str(previous) if previous else ""
            self.note(
                lost or record.hand_id,
                record.seq,
                f"hand {lost or '?'} is missing: hand {record.hand_id} names it as the "
                f"hand before, but the log has {self.last_hand or 'none'} there",
            )
        self.open_hand = record.hand_id
        self.last_hand = record.hand_id

    def check_head(self, store: LogStore, heads: HeadStore) -> str:
        """Check the chain reaches its signed head; returns a line saying how far it is
        signed when records follow the head (the table is writing), else ``""``."""
        try:
            head = heads.read(self.table)
        except HandLogError as exc:
            self.note("", None, str(exc))
            return ""
        walked = self.last.seq if self.last else 0
        if head is not None and head.seq > walked:
            for record in store.records(table=self.table, after_seq=walked):
                self.step(record)  # written since the snapshot: walked like the rest
                self.later += 1
        last_seq = self.last.seq if self.last else 0
        if head is None:
            others = heads.elsewhere(self.table)
            self.note(
                "",
                None,
                f"this database is a copy of the log at {others[0]} (or was moved "
                "from there): the signed heads vouch for that one, not this"
                if others
                else "no signed chain head beside the key: truncation cannot be "
                "ruled out (wrong --key?)",
            )
        elif head.seq > last_seq:
            self.note(
                head.hand_id,
                head.seq,
                f"records {last_seq + 1}..{head.seq} were cut off "
                "the end of the log (the signed head is missing)",
            )
        elif head.seq == last_seq and self.last and head.digest != self.last.digest:
            self.note(head.hand_id, head.seq, "the last record is not the one the head signed")
        elif head.seq < last_seq - 1 and not self.later:
            self.note("", head.seq, f"{last_seq - head.seq} records follow the signed head")
        elif head.seq < last_seq:  # the record being written now, or written while verifying
            why = (
                "the table is writing"
                if self.later
                else "the table is writing, or stopped between a commit and its head"
            )
            return (
                f"table {self.table}: verified up to record {head.seq} (its signed head); "
                f"{last_seq - head.seq} later records chained and signed but not yet under a "
                f"signed head ({why})"
            )
        return ""


def walk_chains(
    store: LogStore, key: bytes, kinds: Counter[str] | None = None
) -> dict[str, _ChainWalk]:
    """Walk every table's chain in ``store`` as it is now; ``kinds`` (if given) counts every
    record walked, by kind."""
    walks: dict[str, _ChainWalk] = {}
    for record in store.records():
        if kinds is not None:
            kinds[record.kind] += 1
        walk = walks.get(record.table)
        if walk is None:
            walk = walks[record.table] = _ChainWalk(record.table, key)
        walk.step(record)
    return walks


@dataclass
class ChainCheck:
    findings: list[Finding]
    signed_up_to: list[str]  # tables being written: how far each is under its signed head
    later: int  # records walked that the table wrote after the snapshot


def finish_chains(
    store: LogStore, key: bytes, heads: HeadStore, walks: dict[str, _ChainWalk]
) -> ChainCheck:
    """Check each walked chain (and each table with a head) reaches its signed head; read after
    the snapshot the walk was made in."""
    check = ChainCheck([], [], 0)
    notes = store.key_notes()
    for table in sorted(set(walks) | set(heads.tables())):
        walk = walks.get(table) or _ChainWalk(table, key)
        if walk.signed_with_another_key():  # the head, beside another key, says no more
            check.findings.extend(
                f for f in walk.findings if all(f is not u for u in walk.unsigned)
            )
            check.findings.append(
                Finding(
                    table,
                    "",
                    None,
                    another_key(len(walk.unsigned), heads.key_path, key, notes.get(table)),
                )
            )
            continue
        line = walk.check_head(store, heads)
        if line:
            check.signed_up_to.append(line)
        check.later += walk.later
        check.findings.extend(walk.findings)
    # A table's last hand may be open (mid-hand, or crashed and about to resume): no finding.
    return check


def another_key(records: int, key_path: Path, key: bytes, note: dict[str, str] | None) -> str:
    """What to say when none of a table's records is signed with the key given."""
    given = (
        f"none of its {records} records is signed with the key given ({key_path}, "
        f"key id {key_id(key)})"
    )
    if note is None:
        return (
            f"{given}: they are signed with another key; this log does not name its key "
            "(written before logs kept it): give --key the hand_log.key the table ran with "
            "(its data folder's, or the file its --key named)"
        )
    if note["id"] == key_id(key):
        return (
            f"{given}, yet the log names this key as the table's: the records were signed "
            "again with another key (the chain was rewritten)"
        )
    return (
        f"{given}: they are signed with another key, the one the table opened at "
        f"{note['path']} (key id {note['id']}): verify with --key {note['path']}"
    )


def verify_chains(
    store: LogStore, key: bytes, heads: HeadStore, kinds: Counter[str] | None = None
) -> list[Finding]:
    """Every problem with the chains of every table in ``store``; empty when all is well.
    ``kinds`` (if given) counts every record walked, by kind."""
    with store.snapshot():
        walks = walk_chains(store, key, kinds)
    return finish_chains(store, key, heads, walks).findings


def hands_named(findings: Iterable[Finding]) -> list[str]:
    """The distinct hand ids the findings name, in order."""
    seen: dict[str, None] = {}
    for finding in findings:
        if finding.hand_id:
            seen.setdefault(finding.hand_id, None)
    return list(seen)
