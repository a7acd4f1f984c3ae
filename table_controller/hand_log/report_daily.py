"""The regulator's daily sheet: per table, one gaming day's drop, win, hold, hands and
irregularities (with voids and the hold against theory beside them), as HTML and as CSV."""

from __future__ import annotations

import csv
import html
from collections.abc import Iterable
from typing import TextIO

from table_controller.hand_log.reader import RecordedHand
from table_controller.hand_log.report_hold import (
    HoldRow,
    HoldSettings,
    HoldTally,
    Theories,
    hold_row,
)

COLUMNS = (
    "gaming day",
    "table",
    "games",
    "hands",
    "drop",
    "win",
    "hold %",
    "irregularities",
    "voids",
    "theoretical hold %",
    "band low %",
    "band high %",
    "figures",
    "against theory",
)


def gaming_days(hands: Iterable[RecordedHand], settings: HoldSettings) -> list[str]:
    return sorted({settings.gaming_day(h.header_record.at) for h in hands})


def sheet_rows(
    hands: Iterable[RecordedHand], day: str, settings: HoldSettings, theories: Theories
) -> list[tuple[str, ...]]:
    """One row per table that dealt on gaming day ``day``, then the day's total."""
    tallies: dict[str, HoldTally] = {}
    games: dict[str, set[str]] = {}
    whole = HoldTally()
    for hand in hands:
        if settings.gaming_day(hand.header_record.at) != day:
            continue
        tallies.setdefault(hand.table, HoldTally()).add(hand)
        whole.add(hand)
        games.setdefault(hand.table, set()).add(str(hand.header.get("game")))
    rows = [
        _cells(day, hold_row(t, tally, theories), ", ".join(sorted(games[t])))
        for t, tally in sorted(tallies.items())
    ]
    if tallies:
        every = sorted(set().union(*games.values()))
        rows.append(_cells(day, hold_row("all tables", whole, theories), ", ".join(every)))
    return rows


def dollars(cents: int) -> str:
    """Dollars and cents as a spreadsheet reads them: ``-1234.50``, no sign of currency, no commas."""
    return f"{'-' * (cents < 0)}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def _pct(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def _cells(day: str, row: HoldRow, games: str) -> tuple[str, ...]:
    against = (
        "no figure" if row.theory is None else "OUTSIDE: investigate" if row.outside else "inside"
    )
    return (
        day,
        row.name,
        games,
        str(row.hands),
        dollars(row.drop),
        dollars(row.win),
        _pct(row.hold_pct),
        str(row.irregularities),
        str(row.voids),
        _pct(row.pct(row.theory)),
        _pct(row.pct(row.low)),
        _pct(row.pct(row.high)),
        "" if row.theory is None else "simulated" if row.simulated else "exact",
        against,
    )


def write_csv(rows: list[tuple[str, ...]], out: TextIO) -> int:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return len(rows)


def write_html(rows: list[tuple[str, ...]], day: str, source: str, out: TextIO) -> int:
    e = html.escape
    head = "".join(f"<th>{e(c)}</th>" for c in COLUMNS)
    body = "".join(
        "<tr"
        + (' class="outside"' if r[-1].startswith("OUTSIDE") else "")
        + ">"
        + "".join(f"<td{' class=num' if 3 <= i <= 11 else ''}>{e(c)}</td>" for i, c in enumerate(r))
        + "</tr>"
        for r in rows
    )
    out.write(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Daily sheet {e(day)}</title><style>"
        "body{font-family:system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}"
        "td,th{border:1px solid #999;padding:.2em .5em}.num{text-align:right}"
        "tr.outside td{background:#fdd;font-weight:bold}tr:last-child td{font-weight:bold}"
        "</style></head><body>"
        f"<h1>Daily sheet, gaming day {e(day)}</h1><p>Hand log {e(source)}. Amounts in dollars "
        "and cents; drop: everything staked on the house's bets, win: what the house collected "
        "less what it paid, hold: win over drop; a void round's returned bets are in none of "
        "them.</p>"
        f"<table><tr>{head}</tr>{body}</table>"
        + ("" if rows else "<p>No hands on this gaming day.</p>")
        + "</body></html>"
    )
    return len(rows)
