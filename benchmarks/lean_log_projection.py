"""What a leaner hand log would take per hand: the same records stored other ways (a projection
for the plan in docs/hand-log.md, not a format the table writes).

    python benchmarks/lean_log_projection.py LOG.db      # a SQLite hand log, e.g. from
    table run --autopilot --hands 20 --game blackjack --seats 7 --log /dev/shm/bj.db

Each variant is written to a scratch SQLite file beside nothing else, vacuumed, and its size
divided by the hands: as now; without the prompts in event records (derived by replay); also
without the plain "applied" effects; and with compact rows (hashes and MACs as 32-byte blobs,
no stored prev_hash, hand ids, tables, kinds and sources as numbers, WITHOUT ROWID); and last,
a header naming only what changed since the table's previous one and settlements kept as money
and rule (their words derived by replay).
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import tempfile
from collections.abc import Iterator
from contextlib import closing
from typing import Any

AS_NOW = """
CREATE TABLE hand_records (table_id TEXT, seq BIGINT, hand_id TEXT, kind TEXT, source TEXT, at REAL,
  payload TEXT, prev_hash TEXT, hash TEXT, mac TEXT, PRIMARY KEY (table_id, seq));
CREATE INDEX hand_records_by_hand ON hand_records (hand_id, table_id);
"""
COMPACT = """
CREATE TABLE hands (no INTEGER PRIMARY KEY, table_id TEXT, hand_id TEXT, UNIQUE (table_id, hand_id));
CREATE TABLE names (no INTEGER PRIMARY KEY, text TEXT UNIQUE);
CREATE TABLE records (table_no INTEGER, seq INTEGER, hand_no INTEGER, kind_no INTEGER,
  source_no INTEGER, at REAL, payload TEXT, hash BLOB, mac BLOB, PRIMARY KEY (table_no, seq))
  WITHOUT ROWID;
CREATE INDEX records_by_hand ON records (hand_no);
"""
# (name, how lean the payload: 0 as now, 1 no prompts, 2 no applied effects either, 3 also a
# lean header and settlements; compact rows)
VARIANTS = (
    ("as now", 0, False),
    ("without prompts", 1, False),
    ("without prompts, applied effects", 2, False),
    ("compact rows, without prompts", 1, True),
    ("compact rows, no prompts, no applied", 2, True),
    ("compact rows, lean header and settlements", 3, True),
)


def lean_payloads(rows: list[tuple[Any, ...]], level: int) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Each row with its payload text as the variant stores it."""
    previous_header: dict[str, Any] = {}
    for row in rows:
        kind, payload = row[3], json.loads(row[6])
        if level and kind == "event":
            payload.pop("prompts", None)
            if level >= 2:
                kept = [e for e in payload.get("effects") or [] if e.get("type") != "applied"]
                payload.pop("effects", None)
                payload.update({"effects": kept} if kept else {})
        if level == 3:
            payload = _leaner(kind, payload, previous_header)
            if kind == "hand":
                previous_header = json.loads(row[6])["header"]
        yield row, json.dumps(payload, sort_keys=True, separators=(",", ":"))


def _leaner(kind: str, payload: dict[str, Any], previous_header: dict[str, Any]) -> dict[str, Any]:
    """A header that names only what changed since the table's last one (the paytable, switches
    and limits stay for a session); a result whose settlements keep the money and the rule, the
    words being the replay's."""
    if kind == "hand":
        header = payload["header"]
        return {
            **payload,
            "header": {k: v for k, v in header.items() if previous_header.get(k) != v},
        }
    if kind == "result":
        details = dict(payload.get("details") or {})
        if "settlements" in details:
            details["settlements"] = [
                [
                    s.get("seat"),
                    s.get("bet"),
                    s.get("hand"),
                    s.get("staked"),
                    s.get("net"),
                    s.get("rule"),
                ]
                for s in details["settlements"]
            ]
        return {k: v for k, v in {**payload, "details": details}.items() if k != "explanation"}
    return payload


def write_variant(path: str, rows: list[tuple[Any, ...]], level: int, compact: bool) -> None:
    with closing(sqlite3.connect(path)) as db:
        db.executescript(COMPACT if compact else AS_NOW)
        names: dict[str, int] = {}
        hands: dict[tuple[str, str], int] = {}

        def number(table: dict[Any, int], key: Any, insert: str, *values: Any) -> int:
            if key not in table:
                table[key] = len(table) + 1
                db.execute(insert, (table[key], *values))
            return table[key]

        for row, text in lean_payloads(rows, level):
            table, seq, hand, kind, source, at, _payload, prev, digest, mac = row
            if not compact:
                db.execute(
                    "INSERT INTO hand_records VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (table, seq, hand, kind, source, at, text, prev, digest, mac),
                )
                continue
            named = [
                number(names, t, "INSERT INTO names VALUES (?, ?)", t)
                for t in (table, kind, source)
            ]
            hand_no = number(
                hands, (table, hand), "INSERT INTO hands VALUES (?, ?, ?)", table, hand
            )
            db.execute(
                "INSERT INTO records VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    named[0],
                    seq,
                    hand_no,
                    named[1],
                    named[2],
                    at,
                    text,
                    bytes.fromhex(digest),
                    bytes.fromhex(mac),
                ),
            )
        db.commit()
        db.execute("VACUUM")


def main() -> None:
    with closing(sqlite3.connect(sys.argv[1])) as source:
        hands = source.execute(
            "SELECT COUNT(*) FROM hand_records WHERE kind = 'result'"
        ).fetchone()[0]
        rows = source.execute(
            "SELECT table_id, seq, hand_id, kind, source, at, payload, prev_hash, hash, mac "
            "FROM hand_records ORDER BY table_id, seq"
        ).fetchall()
    scratch = "/dev/shm" if os.path.isdir("/dev/shm") else None
    with tempfile.TemporaryDirectory(dir=scratch) as folder:
        for n, (name, level, compact) in enumerate(VARIANTS):
            path = os.path.join(folder, f"variant{n}.db")
            write_variant(path, rows, level, compact)
            print(f"{name:<44} {os.path.getsize(path) / hands:>10,.0f} bytes/hand")


if __name__ == "__main__":
    main()
