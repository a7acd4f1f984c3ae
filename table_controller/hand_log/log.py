"""The table's writer: one chain per table, every record committed before it is shown.

::

    log = HandLog.open("hands.db", table_id="table-1")     # or "postgresql://..."
    log.begin_hand("table-1-000042", header)                # a "hand" record
    seq = log.append("table-1-000042", "event", payload, source="shoe", at=time.time())
    log.append("table-1-000042", "result", result_dict, source="engine", at=...)

A process holds a lock on its table's chain while the log is open, so two controllers can
never interleave one table's records. On opening, the database's last record is checked
against the signed head kept beside the key: the head may lag one record behind (a crash
between commit and head update, or a head that could not be written for a while) but never
lead, or the log was cut short.

A record stands once it is committed. What it owes afterwards (its signed head, a witness
line at a hand's end) cannot undo it: a write that fails stays due, is tried again with the
next record or :meth:`HandLog.retry`, and is named meanwhile in :attr:`HandLog.faults` for
the table to show, so the game and its log never part.
"""

from __future__ import annotations

import fcntl
import json
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from table_controller.errors import HandLogError
from table_controller.hand_log import lean, reader
from table_controller.hand_log.keys import (
    ChainHead,
    HeadStore,
    check_table_id,
    default_key_path,
    key_id,
    load_or_create_key,
)
from table_controller.hand_log.records import (
    ACCESS_KINDS,
    BETWEEN_HANDS_KINDS,
    EVENT,
    HARDWARE,
    HEADER,
    RESULT,
    HandRecord,
    canonical_json,
    seal,
    signature_matches,
)
from table_controller.hand_log.store import LogStore, is_postgres_url, open_store
from table_controller.hand_log.witness import append_lines, witness_line
from table_controller.private_files import open_private

LOG = logging.getLogger(__name__)
APPEND_KINDS = frozenset({"event", "hardware", RESULT, "note", *ACCESS_KINDS})
HEAD_FAULT, WITNESS_FAULT = "head", "witness"  # the keys of HandLog.faults


class HandLog:
    """The append-only, signed hand log of one table. Safe to share between threads."""

    def __init__(self, store: LogStore, key: bytes, heads: HeadStore, table_id: str) -> None:
        self.store = store
        self.witness: str | None = None  # a file that gets a witness line at each hand's end
        self.table_id = table_id
        self._key = key
        self._heads = heads
        self._lock = threading.Lock()
        self._lock_file: TextIO | None = None
        self._last: HandRecord | None = None
        self._open_hand: str | None = None
        self._header: dict[str, Any] | None = None  # the last header this process wrote
        self._since_whole = 0  # hands since this process last wrote a whole header
        self._head_due: ChainHead | None = None  # committed, its head not yet written
        self._witness_due: list[dict[str, Any]] = []  # witness lines not yet written
        self.faults: dict[str, str] = {}  # what cannot be written now, in words for the dealer

    @classmethod
    def open(
        cls,
        target: str,
        *,
        key_path: str | Path | None = None,
        table_id: str = "table-1",
        witness: str | None = None,
    ) -> HandLog:
        """Open (creating if needed) the log at ``target`` for ``table_id`` to write.

        Raises:
            HandLogError: bad table id or key, the database cannot be opened, another
                process is writing this table, or the log no longer reaches its signed head.
        """
        check_table_id(table_id)
        path = Path(key_path) if key_path is not None else default_key_path()
        key = load_or_create_key(path)
        store = _open_for_writing(target, table_id, path)
        log = cls(store, key, HeadStore(path, key, store.log_id, store.location), table_id)
        log.witness = witness
        try:
            log._take_table_lock()
            log._resume_chain()
            store.note_key(table_id, key_id(key), str(path.resolve()))
        except OSError as exc:  # the folder beside the key (its lock, its heads) cannot be written
            log.close()
            raise HandLogError(
                f"cannot write beside the hand-log key in {log._heads.folder} "
                f"({exc.strerror or exc}): check that folder or use --key"
            ) from None
        except BaseException:
            log.close()
            raise
        log.watch_spool(log._note_outage)
        log._note_outage()  # a spool forwarded as the log opened
        return log

    def _note_outage(self) -> None:
        """Once the records kept while the server was away are on it, say so in the log: how
        many, from which record, from when to when (a hardware record: the replay skips it)."""
        outage = getattr(self.store, "ended_outage", None)
        if not outage:
            return
        self.store.ended_outage = None  # type: ignore[attr-defined]
        with self._lock:  # in the open hand if there is one (the table may close it meanwhile)
            self._write(
                self._open_hand or "",
                HARDWARE,
                {"type": "log_unreachable", **outage},
                "hand_log",
                time.time(),
            )
            self._catch_up()  # its head, as after any record (a fault stays due and is shown)

    def _take_table_lock(self) -> None:
        self._heads.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        lock_path = self._heads.folder / f"{self.store.log_id}.{self.table_id}.lock"
        handle = open_private(lock_path, "a")  # held for the log's lifetime
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise HandLogError(
                f"table {self.table_id} is already being logged to {self.store.target} "
                "by another process"
            ) from None
        self._lock_file = handle

    def _resume_chain(self) -> None:
        last = self.store.last_record(self.table_id)
        head = self._heads.read(self.table_id)
        if last is not None:
            self._check_last(last, head)
            if head is None or head.seq != last.seq:
                self._heads.write(ChainHead(self.table_id, last.seq, last.digest, last.hand_id))
        elif head is not None:
            raise HandLogError(self._cut_short(head, 0))
        self._last = last
        open_header = self.store.open_hand(self.table_id)
        self._open_hand = open_header.hand_id if open_header else None

    def _check_last(self, last: HandRecord, head: ChainHead | None) -> None:
        note = self.store.key_notes().get(self.table_id)
        if (
            last.expected_digest() == last.digest
            and note
            and note["id"] != key_id(self._key)
            and not signature_matches(self._key, last.digest, last.mac)
        ):
            raise HandLogError(
                f"table {self.table_id} in {self.store.target} is signed with the key at "
                f"{note['path']}, not {self._heads.key_path}: give --key {note['path']}"
            )
        if last.expected_digest() != last.digest or not signature_matches(
            self._key, last.digest, last.mac
        ):
            raise HandLogError(
                f"the last record of table {self.table_id} in {self.store.target} does not "
                "match its hash or signature (wrong --key, or altered); run `table audit verify`"
            )
        if head is None:
            others = self._heads.elsewhere(self.table_id)
            if others:
                raise HandLogError(
                    f"{self.store.target} is a copy of the hand log at {others[0]} (or was moved "
                    "from there): a copy cannot carry on its chain, so its original keeps verifying; "
                    "open the original, or start a new log"
                )
            if last.seq != 1:
                raise HandLogError(
                    f"no signed chain head for table {self.table_id} beside the key "
                    f"({self._heads.folder}); wrong --key? run `table audit verify`"
                )
            return
        if head.seq > last.seq:
            raise HandLogError(self._cut_short(head, last.seq))
        same = head.seq == last.seq and head.digest == last.digest
        if not (same or self._lags_behind(head, last)):
            raise HandLogError(
                f"table {self.table_id}'s chain in {self.store.target} does not reach its signed "
                f"head (seq {head.seq}); run `table audit verify`"
            )

    def _lags_behind(self, head: ChainHead, last: HandRecord) -> bool:
        """The head names an earlier record of this chain, and every record after it links on
        and is signed: heads that could not be written before the process stopped."""
        if head.seq >= last.seq:
            return False
        if head.seq == last.seq - 1:
            return last.prev_hash == head.digest
        at_head = self.store.record_at(self.table_id, head.seq)
        if at_head is None or at_head.digest != head.digest:
            return False
        digest = head.digest
        for record in self.store.records(self.table_id, after_seq=head.seq):
            if (
                record.prev_hash != digest
                or record.expected_digest() != record.digest
                or not signature_matches(self._key, record.digest, record.mac)
            ):
                return False
            digest = record.digest
        return digest == last.digest

    def _cut_short(self, head: ChainHead, last_seq: int) -> str:
        return (
            f"the hand log {self.store.target} ends at record {last_seq} of table "
            f"{self.table_id} but its signed head is record {head.seq} (hand {head.hand_id}):"
            " records were removed; run `table audit verify`"
        )

    # Writing -------------------------------------------------------------------------
    def begin_hand(self, hand_id: str, header: dict[str, Any], *, at: float | None = None) -> None:
        """Start a hand (``at`` defaults to now). Its header record also names the hand
        before it, so a deleted hand is noticed.

        Raises:
            HandLogError: a hand is still open, the id is used, or the write failed.
        """
        if not isinstance(hand_id, str) or not hand_id:
            raise HandLogError(f"a hand id must be a non-empty string, not {hand_id!r}")
        if not isinstance(header, dict):
            raise HandLogError("a hand header must be a dict")
        with self._lock:
            if self._open_hand is not None:
                raise HandLogError(
                    f"hand {self._open_hand} is still open on table {self.table_id}; "
                    f"log its result before beginning hand {hand_id}"
                )
            if self.store.has_hand(self.table_id, hand_id):
                raise HandLogError(f"hand {hand_id} is already in the log of {self.table_id}")
            previous = self._previous_hand()
            whole = self._header is None or self._since_whole + 1 >= lean.FULL_EVERY
            payload = lean.header_payload(header, previous, None if whole else self._header)
            self._write(
                hand_id,
                HEADER,
                payload,
                str(header.get("dealer") or "table"),
                time.time() if at is None else at,
            )
            self._open_hand = hand_id
            self._header = json.loads(canonical_json(header))  # as written, not as changed later
            self._since_whole = 0 if "header" in payload else self._since_whole + 1
            self._catch_up()

    def _previous_hand(self) -> str | None:
        header = self.store.last_header(self.table_id)
        return header.hand_id if header else None

    def append(
        self, hand_id: str, kind: str, payload: dict[str, Any], *, source: str, at: float
    ) -> int:
        """Append one record and return its sequence number once it is committed.

        ``kind`` is "event", "hardware", "result" (ends the hand) or "note". Hardware
        records and notes may also be logged between hands with ``hand_id=""``.

        Raises:
            HandLogError: the hand is not the open hand, the payload is not JSON, or the
                write failed (nothing was recorded; the caller must not show the effect).
                A head or witness line that cannot be written after the commit raises
                nothing: it stays due and is named in :attr:`faults`.
        """
        if kind not in APPEND_KINDS:
            raise HandLogError(f"cannot append a {kind!r} record; one of {sorted(APPEND_KINDS)}")
        if not isinstance(payload, dict):
            raise HandLogError(f"a {kind} payload must be a dict")
        with self._lock:
            if hand_id != (self._open_hand or "") and not (
                hand_id == "" and kind in BETWEEN_HANDS_KINDS
            ):
                raise HandLogError(
                    f"hand {hand_id!r} is not the open hand of {self.table_id} "
                    f"(open: {self._open_hand!r})"
                )
            if kind == EVENT:  # what happened; the words are the replay's (hand_log.lean)
                payload = lean.lean_event(payload)
            elif kind == RESULT:
                payload = lean.lean_result(payload) or payload
            record = self._write(hand_id, kind, payload, source, at)
            if kind == RESULT:
                self._open_hand = None
                if self.witness is not None:
                    self._witness_due.append(
                        witness_line(
                            self.store, self.table_id, record.seq, record.digest, record.seq, at
                        )
                    )
            self._catch_up()
            return record.seq

    def _write(
        self, hand_id: str, kind: str, payload: dict[str, Any], source: str, at: float
    ) -> HandRecord:
        record = seal(self._key, self._last, self.table_id, hand_id, kind, payload, source, at)
        self.store.insert(record)  # the commit: from here on the record stands
        self._last = record
        self._head_due = ChainHead(self.table_id, record.seq, record.digest, hand_id)
        return record

    def retry(self) -> dict[str, str]:
        """Write what committed records still owe (a head, witness lines); the faults left."""
        with self._lock:
            self._catch_up()
            return dict(self.faults)

    @property
    def owing(self) -> bool:
        """A head or a witness line is still to be written."""
        return self._head_due is not None or bool(self._witness_due)

    def _catch_up(self) -> None:
        """Write the latest head and the witness lines due; what fails stays due, in faults."""
        if self._head_due is not None:
            try:
                self._heads.write(self._head_due)
            except (OSError, HandLogError) as exc:
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                where = self._heads.folder
                self._fault(HEAD_FAULT, f"cannot write its signed head in {where} ({why})")
            else:
                self._head_due = None
                self.faults.pop(HEAD_FAULT, None)
        if self._witness_due and self.witness is not None:
            try:
                append_lines(self.witness, self._witness_due)
            except HandLogError as exc:  # "cannot write the witness file F: why"
                self._fault(WITNESS_FAULT, str(exc))
            else:
                self._witness_due.clear()
                self.faults.pop(WITNESS_FAULT, None)

    def _fault(self, key: str, what: str) -> None:
        if key not in self.faults:
            LOG.warning("hand log of %s %s", self.table_id, what)
        self.faults[key] = (
            f"The hand log {what}; the table plays on and writes it as soon as it "
            "can (tell the pit boss if this stays)"
        )

    # Reading -------------------------------------------------------------------------
    def unfinished_hand(self) -> tuple[str, dict[str, Any], list[HandRecord]] | None:
        """The table's hand that has a header but no result: (hand id, header, records after
        the header, in order), or ``None``. What crash recovery resumes from."""
        with self._lock:
            if self._open_hand is None:
                return None
            hand = reader.read_hand(self.store, self._open_hand, table=self.table_id)
        return hand.hand_id, hand.header, hand.records

    def hands(self, **filters: Any) -> list[reader.HandSummary]:
        """Hands of every table in this log; see :func:`reader.list_hands` for filters."""
        return reader.list_hands(self.store, **filters)

    def read_hand(self, hand_id: str, table: str | None = None) -> reader.RecordedHand:
        return reader.read_hand(self.store, hand_id, table=table or self.table_id)

    def spool_notice(self) -> str | None:
        """While the log's server is away, the dealer's notice of the records kept here."""
        notice = getattr(self.store, "notice", None)
        return notice() if notice is not None else None

    def watch_spool(self, watcher: Callable[[], None]) -> None:
        """``watcher()`` when the kept records are forwarded (from the forwarding thread)."""
        watch = getattr(self.store, "watch", None)
        if watch is not None:
            watch(watcher)

    @property
    def last_seq(self) -> int:
        return self._last.seq if self._last else 0

    def close(self) -> None:
        """Close the database and release the table. Safe to call more than once. A head or
        witness line still due is tried once more; if it still fails, one line says so (the
        next opening checks the log reaches its older head and writes the new one)."""
        if self.owing:
            for words in self.retry().values():
                LOG.warning("closing with a write still due: %s", words)
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None
        self.store.close()

    def __enter__(self) -> HandLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_lock_file", None) is not None:
            LOG.warning("HandLog of %s was not properly closed", self.table_id)


def _open_for_writing(target: str, table_id: str, key_path: Path) -> LogStore:
    """The store a table writes to: one on PostgreSQL keeps its records in a local spool
    while the server cannot be reached (:mod:`table_controller.hand_log.spool`)."""
    if not is_postgres_url(target):
        return open_store(target, create=True)
    from table_controller.hand_log.spool import SpooledStore, spool_folder

    return SpooledStore(target, table_id, spool_folder(key_path))
