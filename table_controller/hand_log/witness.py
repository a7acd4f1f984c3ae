"""Witnessed heads: the chain's position written where the table's own account cannot take it
back, so a rollback or a re-signed chain is caught.

The key and the signed heads lie beside the log, writable by the table's user: that user can
delete the last hands and put back older heads (a rollback), or rewrite the chain from a
deleted hand onwards and sign it all again with a new key. Neither can be seen from the log,
the key and the heads alone. A *witness* line records, for one table of one log, the sequence
number and hash of its last record at a moment::

    {"format": "table-witness/1", "log_id": "...", "location": "/srv/table/hands.db",
     "table": "table-1", "seq": 982, "hash": "5e1f...", "records": 982, "at": "2026-11-24T04:30:00Z"}

A hash is not a signature: it needs no key, so a new key cannot forge it. ``table audit
checkpoint DB --out FILE`` appends the lines for an auditor to keep (print it, mail it, copy it
to a file the table's user cannot write); ``table run --witness FILE`` appends one at the end of
every hand (make that file append-only for another user: ``chattr +a``, or a directory the
table may create files in but not change them). ``table audit verify DB --witness FILE`` then
checks the log still holds every witnessed record, unchanged.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from table_controller.errors import HandLogError
from table_controller.hand_log.store import LogStore
from table_controller.hand_log.verify import Finding
from table_controller.private_files import OWNER_ONLY

FORMAT = "table-witness/1"


def witness_line(
    store: LogStore, table: str, seq: int, digest: str, records: int, at: float
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "log_id": store.log_id,
        "location": store.location,
        "table": table,
        "seq": seq,
        "hash": digest,
        "records": records,
        "at": datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
    }


def checkpoint(store: LogStore, at: float) -> list[dict[str, Any]]:
    """One witness line per table of ``store``: its last record now."""
    lines = []
    for table in store.tables():
        last = store.last_record(table)
        if last is not None:
            lines.append(witness_line(store, table, last.seq, last.digest, last.seq, at))
    return lines


def append_lines(path: str | Path, lines: Iterable[dict[str, Any]]) -> None:
    """Append to the witness file (created if missing), flushed to disk before returning."""
    text = "".join(json.dumps(line, sort_keys=True) + "\n" for line in lines)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, OWNER_ONLY)
        try:
            os.write(fd, text.encode())
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise HandLogError(f"cannot write the witness file {path}: {exc.strerror or exc}") from None


def read_lines(path: str | Path) -> list[dict[str, Any]]:
    """The witness file's lines; a damaged line is an error naming its number."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise HandLogError(f"cannot read the witness file {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise HandLogError(f"{path} is not a witness file (not text)") from None
    lines = []
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except (ValueError, RecursionError):
            raise HandLogError(f"{path}, line {n}: not a witness line (JSON)") from None
        if (
            not isinstance(line, dict)
            or line.get("format") != FORMAT
            or not isinstance(line.get("seq"), int)
            or not all(isinstance(line.get(k), str) for k in ("log_id", "table", "hash", "at"))
        ):
            raise HandLogError(f"{path}, line {n}: not a witness line ({FORMAT})")
        lines.append(line)
    return lines


def check_witness(
    store: LogStore, lines: list[dict[str, Any]], source: str
) -> tuple[list[Finding], int]:
    """Every witnessed record of this log that is gone or changed; and how many lines were
    this log's (a witness of other logs only is itself a finding)."""
    findings: list[Finding] = []
    mine = [line for line in lines if line["log_id"] == store.log_id]
    if not mine:
        findings.append(
            Finding(
                "",
                "",
                None,
                f"the witness {source} has no line for this log (log id {store.log_id})",
            )
        )
    for line in mine:
        table, seq = line["table"], line["seq"]
        record = store.record_at(table, seq)
        if record is None:
            last = store.last_record(table)
            findings.append(
                Finding(
                    table,
                    "",
                    seq,
                    (
                        f"the witness saw record {seq} at {line['at']}, and the log now ends at record "
                        f"{last.seq if last else 0}: the log was rolled back (records removed and the heads put back)"
                    ),
                )
            )
        elif record.digest != line["hash"]:
            findings.append(
                Finding(
                    table,
                    record.hand_id,
                    seq,
                    (
                        f"record {seq} is not the record the witness saw at {line['at']}: the chain was "
                        "rewritten up to here (records removed or changed and signed again, perhaps with a new key)"
                    ),
                )
            )
    return findings, len(mine)
