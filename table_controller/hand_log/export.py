"""Exporting a log: JSON Lines (one hand per line, every record) or CSV (one row per record).

Both are lossless: each record keeps its seq, hashes and signature, so an export can be
checked against the database it came from.
"""

from __future__ import annotations

import csv
import json
from datetime import UTC, datetime
from typing import TextIO

from table_controller.errors import HandLogError
from table_controller.hand_log.reader import RecordedHand

FORMATS = ("jsonl", "csv")
# ``at`` is ISO 8601 UTC for a person or a spreadsheet; ``at_epoch`` the exact stored seconds
CSV_COLUMNS = ("table", "hand", "seq", "kind", "source", "at", "at_epoch", "payload", "prev_hash",
               "hash", "mac")


def write_jsonl(hands: list[RecordedHand], out: TextIO) -> int:
    for hand in hands:
        out.write(json.dumps(hand.to_dict(), sort_keys=True, ensure_ascii=False) + "\n")
    return len(hands)


def write_csv(hands: list[RecordedHand], out: TextIO) -> int:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for hand in hands:
        for record in [hand.header_record, *hand.records]:
            writer.writerow((record.table, record.hand_id, record.seq, record.kind,
                             record.source, iso_utc(record.at), repr(record.at), record.payload_text,
                             record.prev_hash, record.digest, record.mac))
    return len(hands)


def iso_utc(at: float) -> str:
    """2026-11-24T04:35:21.217Z"""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def export(hands: list[RecordedHand], out: TextIO, fmt: str) -> int:
    """Write ``hands`` in ``fmt``; returns how many hands were written."""
    if fmt == "jsonl":
        return write_jsonl(hands, out)
    if fmt == "csv":
        return write_csv(hands, out)
    raise HandLogError(f"unknown export format {fmt!r}; one of {', '.join(FORMATS)}")
