"""One record of the hand log, and how it is hashed into its table's chain.

Each table's records form one chain: record *n* carries the hash of record *n - 1*
(``prev_hash``) and its own ``digest``, a SHA-256 over ``prev_hash``, the record's fields in
canonical JSON and the payload text exactly as stored. ``mac`` is an HMAC-SHA256 of the
digest under a key kept outside the database, so a record rewritten with a fresh digest is
still caught. Hashing the stored payload text, not a re-encoding of it, is what makes a
change to any byte of a stored record visible.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

from table_controller.errors import HandLogError

# Kinds of record. "hand" is the header written by begin_hand; "result" ends a hand.
HEADER = "hand"
EVENT = "event"
HARDWARE = "hardware"
RESULT = "result"
NOTE = "note"
# Access records: a refused PIN or token, a console locked out after repeated failures, its end,
# and a dealer signing in to the table by name.
ACCESS_KINDS = frozenset({"access_refused", "lockout", "lockout_lifted", "sign_in"})
KINDS = frozenset({HEADER, EVENT, HARDWARE, RESULT, NOTE, *ACCESS_KINDS})
# Kinds that may be logged between hands (hand id "").
BETWEEN_HANDS_KINDS = frozenset({HARDWARE, NOTE, *ACCESS_KINDS})

GENESIS = "0" * 64


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the one spelling a value has in the log.

    Raises:
        HandLogError: the value holds something JSON cannot carry (a set, NaN, an object).
    """
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise HandLogError(f"cannot log this payload as JSON: {exc}") from None


def record_digest(
    prev_hash: str,
    table: str,
    hand_id: str,
    seq: int,
    kind: str,
    source: str,
    at: float,
    payload_text: str,
) -> str:
    fields = canonical_json(
        {"table": table, "hand": hand_id, "seq": seq, "kind": kind, "source": source, "at": at}
    )
    body = f"{prev_hash}\n{fields}\n{payload_text}".encode()
    return hashlib.sha256(body).hexdigest()


def sign(key: bytes, message: str) -> str:
    return hmac.new(key, message.encode(), hashlib.sha256).hexdigest()


def signature_matches(key: bytes, message: str, mac: str) -> bool:
    return hmac.compare_digest(sign(key, message), mac)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A record as stored. ``payload_text`` is the canonical JSON the digest covers.

    ``derived`` is not stored: a reader sets it (:mod:`table_controller.hand_log.lean`) to the
    payload as the table saw it where the stored one is lean; :attr:`payload` gives it then,
    :attr:`stored` always gives what is stored (what the audit compares).
    """

    table: str
    seq: int
    hand_id: str
    kind: str
    source: str
    at: float
    payload_text: str
    prev_hash: str
    digest: str
    mac: str
    derived: str = ""

    @property
    def payload(self) -> dict[str, Any]:
        """The payload as the table saw it: the derived one where a reader set it, else stored.

        Raises:
            HandLogError: the stored text is not a JSON object (a damaged record).
        """
        return self._parse(self.derived or self.payload_text)

    @property
    def stored(self) -> dict[str, Any]:
        """The payload as stored (what the digest covers)."""
        return self._parse(self.payload_text)

    def _parse(self, text: str) -> dict[str, Any]:
        try:
            value = json.loads(text)
        except ValueError:
            raise HandLogError(
                f"record {self.table}#{self.seq} (hand {self.hand_id}) has a damaged payload"
            ) from None
        if not isinstance(value, dict):
            raise HandLogError(f"record {self.table}#{self.seq} payload is not an object")
        return value

    def expected_digest(self) -> str:
        return record_digest(
            self.prev_hash,
            self.table,
            self.hand_id,
            self.seq,
            self.kind,
            self.source,
            self.at,
            self.payload_text,
        )

    def to_dict(self) -> dict[str, Any]:
        """Every stored field, the payload decoded: what export writes."""
        return {
            "table": self.table,
            "seq": self.seq,
            "hand": self.hand_id,
            "kind": self.kind,
            "source": self.source,
            "at": self.at,
            "payload": self.stored,
            "prev_hash": self.prev_hash,
            "hash": self.digest,
            "mac": self.mac,
        }


def seal(
    key: bytes,
    prev: HandRecord | None,
    table: str,
    hand_id: str,
    kind: str,
    payload: dict[str, Any],
    source: str,
    at: float,
) -> HandRecord:
    """The next record of ``table``'s chain after ``prev`` (``None`` for the first)."""
    if kind not in KINDS:
        raise HandLogError(f"unknown record kind {kind!r}; expected one of {sorted(KINDS)}")
    if not isinstance(at, (int, float)) or at != at:
        raise HandLogError(f"record time must be a number of seconds, not {at!r}")
    seq = prev.seq + 1 if prev else 1
    prev_hash = prev.digest if prev else GENESIS
    payload_text = canonical_json(payload)
    at = float(at)
    digest = record_digest(prev_hash, table, hand_id, seq, kind, source, at, payload_text)
    return HandRecord(
        table, seq, hand_id, kind, source, at, payload_text, prev_hash, digest, sign(key, digest)
    )
