"""The training report: a trainee's accuracy and speed per drill over time (inline SVG plots),
the errors that recur, and whether the trainee meets the trainer's standard; and the trainer's
view across trainees. Built from the training records; one self-contained HTML page.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from html import escape
from typing import Any
from urllib.parse import quote

from table_controller.training.records import TrainingRecords
from table_controller.training.score import DEFAULT_STANDARDS, Standard, Summary

STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#1b1f24;padding:0 16px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:20px;margin:28px 0 8px;border-bottom:1px solid #ccd}
h3{font-size:16px;margin:18px 0 6px}table{border-collapse:collapse;margin:6px 0 12px}
th,td{border:1px solid #ccd;padding:4px 8px;text-align:left;vertical-align:top}th{background:#eef1f6}
td.num{text-align:right;font-variant-numeric:tabular-nums}.meets{color:#0a6b2e;font-weight:700}
.short{color:#a3231a;font-weight:700}.plots{display:flex;gap:16px;flex-wrap:wrap}
svg text{font:12px system-ui,sans-serif;fill:#333}.muted{color:#667}
"""


def _when(at: float | None) -> str:
    if at is None:
        return "-"
    return dt.datetime.fromtimestamp(at, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _summary(attempt: dict[str, Any], steps: list[dict[str, Any]], standard: Standard) -> Summary:
    within = None
    if standard.seconds is not None and steps:
        within = sum(
            1 for s in steps if s["first_try"] and (s["seconds"] or 0.0) <= standard.seconds
        ) / len(steps)
    return Summary(
        int(attempt["steps"]),
        int(attempt["right_first"]),
        int(attempt["errors"]),
        float(attempt["seconds"] or 0.0),
        int(attempt["hands"]),
        float(attempt["elapsed"] or 0.0),
        within,
        standard.seconds,
        unfinished=attempt["finished_at"] is None,
    )


def line_plot(
    values: list[float],
    labels: list[str],
    *,
    title: str,
    top: float,
    unit: str,
    goal: float | None = None,
    width: int = 480,
    height: int = 200,
) -> str:
    """An inline SVG line plot of ``values`` (attempt by attempt), with the standard as a dashed line."""
    left, right, upper, lower = 48, 12, 26, 34
    w, h = width - left - right, height - upper - lower
    top = max(top, max(values, default=0.0), goal or 0.0) or 1.0
    n = len(values)

    def xy(i: int, v: float) -> tuple[float, float]:
        x = left + (w * i / (n - 1) if n > 1 else w / 2)
        return x, upper + h - h * v / top

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(title)}"><text x="{left}" y="16" font-weight="700">{escape(title)}</text>',
        f'<line x1="{left}" y1="{upper + h}" x2="{left + w}" y2="{upper + h}" stroke="#889"/>',
        f'<line x1="{left}" y1="{upper}" x2="{left}" y2="{upper + h}" stroke="#889"/>',
    ]
    for frac in (0.0, 0.5, 1.0):
        y = upper + h - h * frac
        parts.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{top * frac:.3g}{escape(unit)}</text>'
        )
    if goal is not None:
        y = xy(0, goal)[1]
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + w}" y2="{y:.1f}" stroke="#0a6b2e" '
            f'stroke-dasharray="5 4"><title>standard {goal:g}{escape(unit)}</title></line>'
        )
    points = [xy(i, v) for i, v in enumerate(values)]
    if len(points) > 1:
        parts.append(
            '<polyline fill="none" stroke="#1f5fbf" stroke-width="2" points="'
            + " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            + '"/>'
        )
    for (x, y), v, label in zip(points, values, labels, strict=True):
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#1f5fbf"><title>{escape(label)}: '
            f"{v:.3g}{escape(unit)}</title></circle>"
        )
    if labels:
        parts.append(f'<text x="{left}" y="{height - 10}">{escape(labels[0])}</text>')
        if n > 1:
            parts.append(
                f'<text x="{left + w}" y="{height - 10}" text-anchor="end">{escape(labels[-1])}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


Verdicts = dict[str, tuple[bool, str, Summary]]


def trainee_sections(
    records: TrainingRecords, trainee: str, standards: dict[str, Standard]
) -> tuple[str, Verdicts]:
    """The trainee's part of a report, and per drill the verdict on its latest attempt (met,
    why, that attempt's figures)."""
    attempts = [a for a in records.attempts(trainee) if a["steps"]]
    by_drill: dict[str, list[dict[str, Any]]] = {}
    for a in attempts:
        by_drill.setdefault(a["drill"], []).append(a)
    verdicts: Verdicts = {}
    parts = []
    for drill, rows in by_drill.items():
        standard = standards.get(rows[0]["kind"], DEFAULT_STANDARDS["procedure"])
        summaries = [_summary(a, records.steps(a["attempt_id"]), standard) for a in rows]
        verdicts[drill] = (*standard.verdict(summaries[-1]), summaries[-1])
        parts.append(_drill_section(drill, rows, summaries, standard))
    return "".join(parts), verdicts


def _drill_section(
    drill: str, rows: list[dict[str, Any]], summaries: list[Summary], standard: Standard
) -> str:
    labels = [_when(a["started_at"])[:16] for a in rows]
    accuracy = [100 * s.accuracy for s in summaries]
    seconds = [s.seconds for s in summaries]
    met, why = standard.verdict(summaries[-1])
    words = "Meets the standard" if met else "Not yet: " + escape(why)
    verdict = f'<p class="{"meets" if met else "short"}">{words}</p>'
    plots = (
        '<div class="plots">'
        + line_plot(
            accuracy,
            labels,
            title="right at the first try",
            top=100,
            unit="%",
            goal=100 * standard.accuracy,
        )
        + line_plot(
            seconds,
            labels,
            title="seconds per step",
            top=max([*seconds, 1.0]),
            unit=" s",
            goal=standard.seconds,
        )
        + "</div>"
    )
    table = [
        "<table><tr><th>started</th><th>mode</th><th>game</th><th>steps</th><th>right first try</th>"
        "<th>errors</th><th>s per step</th><th>hands/hour</th><th>finished</th></tr>"
    ]
    for a, s in zip(rows, summaries, strict=True):
        hph = f"{s.hands_per_hour:.0f}" if s.hands_per_hour else "-"
        finished = "<td class=short>unfinished</td>" if s.unfinished else "<td>yes</td>"
        table.append(
            f"<tr><td>{_when(a['started_at'])}</td><td>{escape(a['mode'])}</td><td>{escape(a['game'])}</td>"
            f'<td class="num">{s.steps}</td><td class="num">{s.accuracy:.0%}</td><td class="num">{s.errors}</td>'
            f'<td class="num">{s.seconds:.1f}</td><td class="num">{hph}</td>'
            f"{finished}</tr>"
        )
    table.append("</table>")
    return f"<h3>{escape(drill)}</h3>{verdict}{plots}{''.join(table)}"


def recurring_errors(
    records: TrainingRecords, trainee: str | None = None, top: int = 10
) -> list[tuple[str, str, str, int]]:
    """(rule, what went wrong, the right step, how often), most frequent first: errors counted by
    the rule they break *and* the step that was right (one rule id is cited for different
    mistakes: a card dealt out of turn and a payment made before the last card), with the latest
    one's words; by their words where no rule names them."""
    counts: Counter[tuple[str, str]] = Counter()
    latest: dict[tuple[str, str], str] = {}
    for e in records.errors(trainee):
        key = (e["rule"], step_shape(e["right_step"])) if e["rule"] else ("-", e["words"])
        counts[key] += 1
        latest[key] = f"{e['words']} (entered: {e['entered']}; {e['drill']})"
    return [
        (rule, latest[(rule, right)], right if rule != "-" else "", n)
        for (rule, right), n in counts.most_common(top)
    ]


_SEAT = re.compile(r"\bseat\d+\b", re.IGNORECASE)
_AMOUNT = re.compile(r"(?<![\w/.])(\$?)\d[\d,]*(?:\.\d+)?(?![\w/])")


def step_shape(right: str) -> str:
    """The right step without which seat or how much, so one mistake made at seat 1 and at seat 3,
    for $10 and for $15, counts as one: ``pay seat3 $15.00`` -> ``pay seatN $N``."""
    return _AMOUNT.sub(lambda m: f"{m.group(1)}N", _SEAT.sub("seatN", right))


def _errors_table(rows: list[tuple[str, str, str, int]]) -> str:
    if not rows:
        return '<p class="muted">No errors recorded.</p>'
    body = "".join(
        f"<tr><td>{escape(rule)}</td><td>{escape(words)}</td><td>{escape(right)}</td>"
        f'<td class="num">{n}</td></tr>'
        for rule, words, right, n in rows
    )
    head = "<tr><th>rule</th><th>what went wrong</th><th>the right step</th><th>times</th></tr>"
    return f"<table>{head}{body}</table>"


def _page(title: str, body: str) -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{STYLE}</style></head><body>{body}</body></html>"
    )


def trainee_report(
    records: TrainingRecords, trainee: str, standards: dict[str, Standard] | None = None
) -> str:
    standards = standards or DEFAULT_STANDARDS
    sections, verdicts = trainee_sections(records, trainee, standards)
    overall = bool(verdicts) and all(met for met, _, _ in verdicts.values())
    head = (
        f"<h1>Training report: {escape(trainee)}</h1>"
        f'<p class="{"meets" if overall else "short"}" id="overall">'
        f"{'Meets the standard in every drill taken' if overall else 'Does not yet meet the standard'}</p>"
        + _standards_words(standards)
    )
    if not sections:
        sections = '<p class="muted">No attempts recorded.</p>'
    return _page(
        f"Training report: {trainee}",
        head
        + "<h2>Drills</h2>"
        + sections
        + "<h2>Recurring errors</h2>"
        + _errors_table(recurring_errors(records, trainee)),
    )


def _standards_words(standards: dict[str, Standard]) -> str:
    items = []
    for kind, s in standards.items():
        words = f"{s.accuracy:.0%} right at the first try"
        if s.seconds is not None:
            words += f", each within {s.seconds:g} s"
        if s.hands_per_hour is not None:
            words += f", {s.hands_per_hour:g} hands per hour"
        items.append(f"<li><b>{escape(kind)}</b>: {words}</li>")
    return f"<p>The trainer's standard (latest attempt of each drill):</p><ul>{''.join(items)}</ul>"


def floor_report(
    records: TrainingRecords,
    standards: dict[str, Standard] | None = None,
    *,
    link: str | None = None,
) -> str:
    """The trainer's view: every trainee, their latest figures per drill and their verdict."""
    standards = standards or DEFAULT_STANDARDS
    rows = []
    for trainee in records.trainees():
        _, verdicts = trainee_sections(records, trainee, standards)
        attempts = [a for a in records.attempts(trainee) if a["steps"]]
        overall = bool(verdicts) and all(met for met, _, _ in verdicts.values())
        short = "; ".join(f"{drill}: {why}" for drill, (met, why, _) in verdicts.items() if not met)
        figures = "<br>".join(
            f"{escape(drill)}: {s.accuracy:.0%}, {s.seconds:.1f} s"
            for drill, (_, _, s) in verdicts.items()
        )
        name = (
            escape(trainee)
            if link is None
            else f'<a href="{escape(link + quote(trainee))}">{escape(trainee)}</a>'
        )
        rows.append(
            f"<tr><td>{name}</td>"
            f'<td class="num">{len(attempts)}</td><td>{_when(attempts[-1]["started_at"]) if attempts else "-"}</td>'
            f"<td>{figures}</td>"
            f'<td class="{"meets" if overall else "short"}">{"meets the standard" if overall else "not yet"}</td>'
            f"<td>{escape(short)}</td></tr>"
        )
    table = (
        (
            "<table><tr><th>trainee</th><th>attempts</th><th>last</th><th>latest per drill (right "
            "first try, s per step)</th>"
            "<th>standard</th><th>short of it</th></tr>" + "".join(rows) + "</table>"
        )
        if rows
        else '<p class="muted">No trainees yet.</p>'
    )
    return _page(
        "Trainees",
        "<h1>Trainees</h1>"
        + _standards_words(standards)
        + table
        + "<h2>Errors that recur across trainees</h2>"
        + _errors_table(recurring_errors(records)),
    )
