"""Exporting a log: JSON Lines (one hand per line, every record), CSV (one row per record), or
a sheet (CSV, one row per seat and bet of each hand) for a spreadsheet.

JSON Lines and CSV are lossless: each record keeps its seq, hashes and signature, so an export
can be checked against the database it came from. The sheet is what a compliance officer reads:
who staked what on which hand, and what came of it; amounts in dollars and cents.
"""

from __future__ import annotations

import csv
import json
from datetime import UTC, datetime
from typing import Any, TextIO

from table_controller.errors import HandLogError
from table_controller.hand_log.account import dealer_name
from table_controller.hand_log.reader import RecordedHand
from table_controller.hand_log.report_rounds import layout_bets, settled_effects

FORMATS = ("jsonl", "csv", "sheet")
# ``at`` is ISO 8601 UTC for a person or a spreadsheet; ``at_epoch`` the exact stored seconds
CSV_COLUMNS = (
    "table",
    "hand",
    "seq",
    "kind",
    "source",
    "at",
    "at_epoch",
    "payload",
    "prev_hash",
    "hash",
    "mac",
)


def write_jsonl(hands: list[RecordedHand], out: TextIO) -> int:
    for hand in hands:
        out.write(json.dumps(hand.to_dict(), sort_keys=True, ensure_ascii=False) + "\n")
    return len(hands)


def write_csv(hands: list[RecordedHand], out: TextIO) -> int:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for hand in hands:
        for record in [hand.header_record, *hand.records]:
            writer.writerow(
                (
                    record.table,
                    record.hand_id,
                    record.seq,
                    record.kind,
                    record.source,
                    iso_utc(record.at),
                    repr(record.at),
                    record.payload_text,
                    record.prev_hash,
                    record.digest,
                    record.mac,
                )
            )
    return len(hands)


SHEET_COLUMNS = (
    "time",
    "table",
    "game",
    "dealer",
    "hand",
    "seat",
    "bet",
    "staked",
    "collected",
    "returned",
    "paid",
    "net",
    "outcome",
    "rule",
)


def write_sheet(hands: list[RecordedHand], out: TextIO) -> int:
    """One row per seat and bet of each hand (a seat of a game without bets: one row)."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SHEET_COLUMNS)
    for hand in hands:
        header = hand.header
        game = str(header.get("title") or header.get("game"))
        lead = (iso_utc(hand.header_record.at), hand.table, game, dealer_name(header), hand.hand_id)
        for row in sheet_rows(hand):
            writer.writerow((*lead, *row))
    return len(hands)


def sheet_rows(hand: RecordedHand) -> list[tuple[str, ...]]:
    """(seat, bet, staked, collected, returned, paid, net, outcome, rule) of each bet of the hand;
    a seat that bet nothing (a game without bets) has one row with its outcome."""
    result = hand.result
    seats = (result or {}).get("seats") or {}
    rows = [
        (
            str(p.get("seat")),
            bet_name(p),
            *(dollars(p.get(k)) for k in ("staked", "collected", "returned", "paid", "net")),
            bet_outcome(p),
            str(p.get("rule") or ""),
        )
        for p in settled_effects(hand)
    ]
    betting = {row[0] for row in rows}
    if result is None:
        # the bets as the display last showed them: the table stopped before they were settled
        return rows + [
            (seat, f"on the layout: {words}", "", "", "", "", "", "unfinished", "")
            for seat, words in layout_bets(hand)
        ]
    void = bool(result.get("void"))
    return rows + [
        (
            str(seat),
            "",
            "",
            "",
            "",
            "",
            "",
            "void" if void else str(seat_result.get("outcome")),
            str(seat_result.get("decided_by") or ""),
        )
        for seat, seat_result in seats.items()
        if seat not in betting and isinstance(seat_result, dict)
    ]


def bet_name(payment: dict[str, Any]) -> str:
    """main, side, ..., with the seat's hand after splits: "main (hand 2)"."""
    return str(payment.get("bet")) + (f" (hand {payment['hand']})" if payment.get("hand") else "")


def bet_outcome(payment: dict[str, Any]) -> str:
    if payment.get("rule") == "VOID":
        return "void"
    net = payment.get("net", int(payment.get("paid") or 0) - int(payment.get("collected") or 0))
    return "won" if net > 0 else "lost" if net < 0 else "push"


def dollars(cents: object) -> str:
    """1050 -> "10.50", -500 -> "-5.00": a number a spreadsheet reads, never a float's error."""
    if not isinstance(cents, int):
        return ""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def iso_utc(at: float) -> str:
    """2026-11-24T04:35:21.217Z"""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def export(hands: list[RecordedHand], out: TextIO, fmt: str) -> int:
    """Write ``hands`` in ``fmt``; returns how many hands were written."""
    if fmt == "jsonl":
        return write_jsonl(hands, out)
    if fmt == "csv":
        return write_csv(hands, out)
    if fmt == "sheet":
        return write_sheet(hands, out)
    raise HandLogError(f"unknown export format {fmt!r}; one of {', '.join(FORMATS)}")
