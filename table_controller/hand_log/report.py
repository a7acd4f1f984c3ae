"""The compliance report: one self-contained HTML page a compliance officer reads.

It shows whether the log verified, hands per table and per dealer, outcome counts, every
irregularity with who resolved it and how, and each hand's replay (the readable account,
marked with its verification status).
"""

from __future__ import annotations

import html
import time
from collections import Counter
from typing import Any

from table_controller.hand_log.account import account, clock
from table_controller.hand_log.check import CheckReport
from table_controller.hand_log.reader import RecordedHand, outcome_of
from table_controller.hand_log.records import EVENT, HARDWARE

STYLE = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:.3em .6em}
th{background:#eee}.ok{color:#070}.bad{color:#b00;font-weight:bold}
pre{background:#f6f6f6;padding:.8em;overflow-x:auto}details{margin:.4em 0}"""


def irregularities(hand: RecordedHand) -> list[dict[str, Any]]:
    """Each irregularity of a hand, with the control that resolved it (or none yet)."""
    found: list[dict[str, Any]] = []
    for record in hand.records:
        payload = record.payload
        if record.kind == HARDWARE:
            continue
        if record.kind != EVENT:
            continue
        event = payload.get("event") or {}
        for effect in payload.get("effects") or []:
            if effect.get("type") == "irregularity":
                found.append({"seq": record.seq, "at": record.at, "kind": effect.get("kind"),
                              "reason": effect.get("reason"), "resolved_by": None,
                              "resolution": None})
        if event.get("type") == "control" and found and found[-1]["resolved_by"] is None:
            found[-1]["resolved_by"] = event.get("by") or record.source
            found[-1]["resolution"] = event.get("control")
    return found


def _table(headings: tuple[str, ...], rows: list[tuple[Any, ...]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headings)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _counts(title: str, counter: Counter[str]) -> str:
    rows = [(k, v) for k, v in sorted(counter.items())]
    return f"<h2>{html.escape(title)}</h2>" + _table((title.split()[-1], "hands"), rows)


def _verification(check: CheckReport) -> str:
    if check.ok:
        return (f'<p class="ok">Verified: {check.hands} hands, {check.records} records, '
                "chain, signatures and rules replay all agree.</p>")
    items = "".join(f"<li>{html.escape(str(f))}</li>" for f in check.findings)
    return f'<p class="bad">NOT VERIFIED: {len(check.findings)} problems</p><ul>{items}</ul>'


def _hand_section(hand: RecordedHand, check: CheckReport) -> str:
    problems = [f for f in check.findings if f.hand_id == hand.hand_id and f.table == hand.table]
    status = ('<span class="ok">replay agrees</span>' if not problems else
              '<span class="bad">' + html.escape("; ".join(str(p) for p in problems)) + "</span>")
    summary = (f"{html.escape(hand.table)} {html.escape(hand.hand_id)}: "
               f"{html.escape(outcome_of(hand.result))} - {status}")
    return f"<details><summary>{summary}</summary><pre>{html.escape(account(hand))}</pre></details>"


def render(source: str, hands: list[RecordedHand], check: CheckReport) -> str:
    per_table = Counter(h.table for h in hands)
    per_dealer = Counter(str(h.header.get("dealer", "")) for h in hands)
    outcomes = Counter(outcome_of(h.result) for h in hands)
    irregular = [(h.table, h.hand_id, i["seq"], clock(i["at"]), i["kind"], i["reason"],
                  i["resolved_by"] or "unresolved", i["resolution"] or "")
                 for h in hands for i in irregularities(h)]
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>Hand log report</title><style>{STYLE}</style></head><body>",
        "<h1>Hand log report</h1>",
        f"<p>Log: {html.escape(source)}<br>Produced {clock(time.time())} UTC</p>",
        _verification(check),
        _counts("Hands per table", per_table),
        _counts("Hands per dealer", per_dealer),
        _counts("Hands by outcome", outcomes),
        "<h2>Irregularities</h2>",
        _table(("table", "hand", "record", "time (UTC)", "kind", "reason", "resolved by",
                "resolution"), irregular) if irregular else "<p>None.</p>",
        "<h2>Hands and their replay</h2>",
        *(_hand_section(h, check) for h in hands),
        "</body></html>",
    ]
    return "\n".join(parts)
