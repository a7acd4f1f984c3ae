"""The compliance report: one self-contained HTML page a compliance officer reads.

A summary first (whether the log verified, the period it covers, tables, games, dealers, live
or simulated, how many hands the autopilot played), charts where a chart says it faster
(outcomes, hands per hour), every irregularity with who resolved it and how, every refused PIN
and lockout, then each hand as a table of its steps. Nothing here knows a game: a hand's steps
are the account lines the log holds (:mod:`account`).
"""

from __future__ import annotations

import html
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlsplit

from table_controller.hand_log.account import (
    clock,
    dealer_name,
    describe_effects,
    describe_event,
    describe_result,
    describe_totals,
    seat_name,
    seat_totals,
)
from table_controller.hand_log.check import CheckReport
from table_controller.hand_log.declared import Declared
from table_controller.hand_log.reader import RecordedHand, outcome_of
from table_controller.hand_log.records import EVENT, HARDWARE, NOTE, RESULT, HandRecord
from table_controller.hand_log.report_hold import HoldSettings, Theories, game_theory, hold_rows
from table_controller.hand_log.report_hold_page import (
    HEADINGS,
    figures_rows,
    hit_rows,
    rate,
    row_cells,
    table_errors,
)
from table_controller.hand_log.report_rounds import (
    outcome_kind,
    standing_settlements,
    unfinished_rows,
    void_rows,
)
from table_controller.hand_log.shown import shown_prompts
from table_controller.money import money

SIMULATED_SCHEMES = frozenset({"sim", "sim-camera", "replay"})
STYLE = """body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1200px;padding:0 1em;color:#222}
h1{margin-bottom:.2em}h2{margin-top:1.6em;border-bottom:2px solid #ccc}
table{border-collapse:collapse;margin:.6em 0;width:100%;table-layout:auto}
td,th{border:1px solid #bbb;padding:.25em .5em;text-align:left;vertical-align:top;overflow-wrap:break-word}
table.compact{width:auto;min-width:20em}
th{background:#eee}.num{text-align:right}.ok{color:#070}.bad{color:#b00;font-weight:bold}
.summary td:first-child{width:14em;font-weight:600}details{margin:.3em 0}summary{cursor:pointer}
.charts{display:flex;flex-wrap:wrap;gap:2em}.charts figure{margin:0}figcaption{font-weight:600}
@media print{details{display:block}details>*{display:block}}"""


# ----- what the log says ---------------------------------------------------------------------
def irregularities(hand: RecordedHand) -> list[dict[str, Any]]:
    """Each irregularity of a hand, with the control that resolved it (or none yet)."""
    found: list[dict[str, Any]] = []
    for record in hand.records:
        if record.kind != EVENT:
            continue
        payload = record.payload
        event = payload.get("event") or {}
        for effect in payload.get("effects") or []:
            if effect.get("type") == "irregularity":
                found.append(
                    {
                        "seq": record.seq,
                        "at": record.at,
                        "kind": effect.get("kind"),
                        "reason": effect.get("reason"),
                        "resolved_by": None,
                        "resolution": None,
                    }
                )
        if event.get("type") == "control" and found and found[-1]["resolved_by"] is None:
            found[-1]["resolved_by"] = event.get("by") or record.source
            found[-1]["resolution"] = str(event.get("control", "")).replace("_", " ")
    return found


def is_simulated(hand: RecordedHand) -> bool:
    return urlsplit(str(hand.header.get("shoe") or "")).scheme in SIMULATED_SCHEMES


def by_autopilot(hand: RecordedHand) -> bool:
    return any(r.kind == EVENT and r.source == "autopilot" for r in hand.records)


def _period(hands: list[RecordedHand]) -> str:
    if not hands:
        return "no hands"
    first = min(h.header_record.at for h in hands)
    last = max((h.records[-1].at if h.records else h.header_record.at) for h in hands)
    return f"{clock(first)} to {clock(last)} UTC"


# ----- HTML pieces ------------------------------------------------------------------------------
def _e(value: object) -> str:
    return html.escape(str(value))


def _table(
    headings: tuple[str, ...], rows: list[tuple[Any, ...]], numeric: tuple[int, ...] = ()
) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headings)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{' class=num' if i in numeric else ''}>{_e(c)}</td>" for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def bar_chart(title: str, counts: list[tuple[str, int]], colour: str = "#3a6ea5") -> str:
    """A horizontal bar chart as inline SVG (no script, no network)."""
    if not counts:
        return ""
    top = max(n for _, n in counts) or 1
    row, label_w, bar_w = 24, 160, 300
    bars = []
    for i, (label, n) in enumerate(counts):
        width = max(1, round(bar_w * n / top))
        y = i * row
        bars.append(
            f'<text x="{label_w - 6}" y="{y + 16}" text-anchor="end">{_e(label)}</text>'
            f'<rect x="{label_w}" y="{y + 4}" width="{width}" height="{row - 8}" fill="{colour}"/>'
            f'<text x="{label_w + width + 6}" y="{y + 16}">{n}</text>'
        )
    height = row * len(counts)
    return (
        f'<figure><figcaption>{_e(title)}</figcaption><svg role="img" aria-label="{_e(title)}" '
        f'width="{label_w + bar_w + 60}" height="{height}" font-size="13" font-family="sans-serif">'
        + "".join(bars)
        + "</svg></figure>"
    )


def _summary(source: str, hands: list[RecordedHand], check: CheckReport) -> str:
    simulated = sum(is_simulated(h) for h in hands)
    autopilot = sum(by_autopilot(h) for h in hands)
    games = Counter(str(h.header.get("title") or h.header.get("game")) for h in hands)
    dealers = Counter(dealer_name(h.header) for h in hands)
    tables = Counter(h.table for h in hands)
    rows = [
        ("Log", source),
        (
            "Verification",
            "verified: chain, signatures, heads and the rules replay agree"
            if check.ok
            else f"NOT VERIFIED: {len(check.findings)} problems (listed below)",
        ),
        ("Records checked", f"{check.records} of {check.rows} rows"),
        ("Period", _period(hands)),
        (
            "Hands",
            f"{len(hands)}: {len(hands) - simulated} live (a real shoe or camera), {simulated} simulated; "
            f"{autopilot} played by the autopilot",
        ),
        ("Tables", ", ".join(f"{t} ({n})" for t, n in sorted(tables.items())) or "none"),
        ("Games", ", ".join(f"{g} ({n})" for g, n in sorted(games.items())) or "none"),
        ("Dealers", ", ".join(f"{d} ({n})" for d, n in sorted(dealers.items())) or "none"),
        ("Produced", f"{clock(time.time())} UTC"),
    ]
    cls = "ok" if check.ok else "bad"
    body = "".join(
        f"<tr><td>{_e(k)}</td><td{' class=' + cls if k == 'Verification' else ''}>{_e(v)}</td></tr>"
        for k, v in rows
    )
    return f'<table class="summary">{body}</table>'


def _findings(check: CheckReport) -> str:
    if check.ok:
        return ""
    items = "".join(f"<li>{_e(f)}</li>" for f in check.findings)
    return f'<h2>Verification problems</h2><ul class="bad">{items}</ul>'


def _charts(hands: list[RecordedHand]) -> str:
    outcomes = Counter(outcome_kind(outcome_of(h.result)) for h in hands)
    winners = Counter(
        seat_name(outcome_of(h.result))
        for h in hands
        if outcome_kind(outcome_of(h.result)) == "a seat won"
    )
    per_hour = Counter(
        time.strftime("%Y-%m-%d %H:00", time.gmtime(h.header_record.at)) for h in hands
    )
    return (
        '<div class="charts">'
        + bar_chart("Hands by outcome", sorted(outcomes.items(), key=lambda kv: -kv[1]))
        + bar_chart("Hands won, by seat", sorted(winners.items()), "#a5673a")
        + bar_chart("Hands begun per hour (UTC)", sorted(per_hour.items())[-24:], "#6a8f3a")
        + "</div>"
    )


def _money_rows(groups: dict[tuple[str, ...], list[dict[str, Any]]]) -> list[tuple[Any, ...]]:
    rows = []
    for key, items in sorted(groups.items()):
        items = [
            p for p in items if not p.get("payee") and not p.get("payer")
        ]  # the house's own bets
        if not items:
            continue
        drop = sum(p["staked"] for p in items)
        win = sum(p["collected"] - p["paid"] for p in items)  # the house's result
        hold = f"{100 * win / drop:.2f}%" if drop else "-"
        rows.append((*key, money(drop), money(win), hold))
    return rows


def _money_section(hands: list[RecordedHand], theories: Theories, declared: Declared) -> str:
    """Drop (all staked), win (the house's result) and hold per table, game and dealer, per bet
    (in the words its game declares) and paytable, and each bet's hit rate beside the figure its
    game declares."""
    by_who: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    by_bet: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for hand in hands:
        # a void round's returned bets are neither drop nor win (listed under Void rounds)
        # a seat's bank (Vingt-un) is between seats, not the house's
        paid = [p for p in standing_settlements(hand) if not p.get("banker")]
        if not paid:
            continue
        header = hand.header
        who = (hand.table, str(header.get("title") or header.get("game")), dealer_name(header))
        by_who.setdefault(who, []).extend(paid)
        table = str((header.get("paytable") or {}).get("name", "-"))
        for p in paid:
            bet = declared.bet_words(header, str(p["bet"]))
            by_bet.setdefault((who[1], bet, table), []).append(p)
    between = _between_players(hands, declared)
    if not _money_rows(by_who):
        return "<h2>Money</h2>" + between if between else ""
    hits = hit_rows(hands, theories, declared)
    return (
        "<h2>Money</h2><p>Drop: everything staked; win: what the house collected less what it paid; "
        "hold: win over drop. Bets a seat holding the bank covered are between seats and "
        "left out; the bets a void returned or undid are left out of every figure here (see "
        "Void rounds).</p>"
        + _table(("table", "game", "dealer", "drop", "win", "hold"), _money_rows(by_who))
        + _table(
            ("game", "bet", "the game's pay table", "drop", "win", "hold"), _money_rows(by_bet)
        )
        + (
            (
                "<h3>Hit rate</h3><p>How often each bet was paid, beside the chance its game's "
                "math gives (where it gives one).</p>"
                + _table(
                    ("game", "bet", "bets", "paid", "hit", "expected", "basis"),
                    hits,
                    numeric=(2, 3, 4, 5),
                )
            )
            if hits
            else ""
        )
        + between
    )


def _between_players(hands: list[RecordedHand], declared: Declared) -> str:
    """Games where the players pay one another (Farmer): the house neither wins nor loses, so
    the report shows, per table and game, what was staked into the pot its game declares for
    each bet, what was paid out of it, and what went seat to seat or into another pot."""
    rows: dict[tuple[str, str], list[Any]] = {}
    for hand in hands:
        moved = [p for p in standing_settlements(hand) if p.get("payee") or p.get("payer")]
        if not moved:
            continue
        header = hand.header
        into = {str(p["bet"]): declared.pot_of(header, str(p["bet"])) for p in moved}
        staked_into = declared.stake_pots(header)
        key = (hand.table, str(header.get("title") or header.get("game")))
        row = rows.setdefault(key, [0, 0, 0, 0, set()])
        row[0] += 1
        row[1] += sum(p["collected"] for p in moved if p.get("payee") == into[str(p["bet"])])
        row[2] += sum(p["paid"] for p in moved if p.get("payer") in staked_into)
        row[3] += sum(
            p["collected"] for p in moved if p.get("payee") and p["payee"] not in staked_into
        )
        pots = declared.pots(header)
        row[4].update(pots.get(pot, pot) for pot in staked_into)
    if not rows:
        return ""
    table = [
        (t, g, ", ".join(sorted(w)) or "-", n, money(a), money(f), money(b))
        for (t, g), (n, a, f, b, w) in sorted(rows.items())
    ]
    return (
        "<h3>Between players</h3><p>The players pay one another; the house takes no part in the "
        "money. The pot: where the game declares its stakes go.</p>"
        + _table(
            (
                "table",
                "game",
                "the pot",
                "deals",
                "staked into the pot",
                "paid from the pot",
                "paid seat to seat or into a side pot",
            ),
            table,
            numeric=(3,),
        )
    )


def _counts(title: str, counter: Counter[str]) -> str:
    rows = [(k, v) for k, v in sorted(counter.items())]
    return f"<h3>{_e(title)}</h3>" + _table(
        (title.split()[-1], "hands"), rows, numeric=(1,)
    ).replace("<table>", '<table class="compact">', 1)


def _void(hands: list[RecordedHand]) -> str:
    rows = void_rows(hands)
    head = (
        "<h2>Void rounds</h2><p>Rounds a pit boss voided: every bet returned, so none counts "
        "in the drop, win, hold or hit rate above.</p>"
    )
    if not rows:
        return head + "<p>None.</p>"
    return head + _table(
        (
            "began (UTC)",
            "table",
            "hand",
            "game",
            "dealer",
            "voided by",
            "staked",
            "returned",
            "settled before the void",
            "result",
        ),
        rows,
    )


def _unfinished(hands: list[RecordedHand]) -> str:
    rows = unfinished_rows(hands)
    head = (
        "<h2>Unfinished hands</h2><p>Hands with no result: the table stopped (or was still "
        "playing them when this report was made) with these bets on the layout.</p>"
    )
    if not rows:
        return head + "<p>None.</p>"
    return head + _table(
        (
            "began (UTC)",
            "table",
            "hand",
            "game",
            "dealer",
            "last record",
            "bets on the layout (as last shown)",
            "settled before the stop",
        ),
        rows,
    )


def _irregular(hands: list[RecordedHand]) -> str:
    rows = [
        (
            h.table,
            h.hand_id,
            i["seq"],
            clock(i["at"]),
            str(i["kind"]).replace("_", " "),
            i["reason"],
            i["resolved_by"] or "UNRESOLVED",
            i["resolution"] or "",
        )
        for h in hands
        for i in irregularities(h)
    ]
    if not rows:
        return "<h2>Irregularities</h2><p>None.</p>"
    return "<h2>Irregularities</h2>" + _table(
        ("table", "hand", "record", "time (UTC)", "kind", "reason", "resolved by", "how"), rows
    )


def _access(records: list[HandRecord]) -> str:
    rows = []
    for r in records:
        p = r.payload
        what = {
            "access_refused": "PIN refused",
            "lockout": "PIN entry locked",
            "lockout_lifted": "lock lifted",
            "sign_in": "dealer signed in",
        }.get(r.kind, r.kind)
        detail = p.get("reason") or (
            f"wait {p.get('wait_seconds')} s after {p.get('failures')} wrong PINs"
            if r.kind == "lockout"
            else p.get("by") or p.get("dealer") or ""
        )
        rows.append(
            (
                clock(r.at),
                r.table,
                r.hand_id or "between hands",
                what,
                str(p.get("action") or "").replace("_", " "),
                p.get("console") or "",
                p.get("staff") or "",
                detail,
            )
        )
    refused = sum(r.kind == "access_refused" for r in records)
    head = f"<h2>PIN attempts and sign-ins</h2><p>{refused} refused PIN attempts.</p>"
    if not rows:
        return head
    return head + _table(
        (
            "time (UTC)",
            "table",
            "hand",
            "what",
            "action tried",
            "console",
            "staff claimed",
            "detail",
        ),
        rows,
    )


def _steps(hand: RecordedHand, pots: Mapping[str, str]) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []
    asked = ""
    shown = shown_prompts(hand)
    for r in hand.records:
        p = r.payload
        if r.kind == EVENT:
            event = p.get("event") or {}
            effects = describe_effects(p.get("effects") or [], pots)
            if (
                event.get("type") == "card"
                and asked
                and {e.get("type") for e in p.get("effects") or []} == {"hand_ended"}
            ):
                effects = f"as asked: {asked}" + (f"; {effects}" if effects else "")
            rows.append(
                (
                    r.seq,
                    clock(r.at)[11:],
                    r.source,
                    describe_event(event),
                    effects,
                    describe_totals(shown.get(r.seq)),
                )
            )
            asked = str((shown.get(r.seq) or {}).get("dealer_instruction") or asked)
        elif r.kind == RESULT:
            rows.append((r.seq, clock(r.at)[11:], r.source, "RESULT", describe_result(p), ""))
        elif r.kind in (HARDWARE, NOTE):
            detail = ", ".join(
                f"{k} {v}" for k, v in sorted(p.items()) if k not in ("type", "prompts")
            )
            rows.append(
                (
                    r.seq,
                    clock(r.at)[11:],
                    r.source,
                    f"{r.kind} {p.get('type', '')}".strip(),
                    detail,
                    "",
                )
            )
        else:
            detail = ", ".join(f"{k} {v}" for k, v in sorted(p.items()) if v is not None)
            rows.append((r.seq, clock(r.at)[11:], r.source, r.kind.replace("_", " "), detail, ""))
    return rows


def _hand_section(hand: RecordedHand, check: CheckReport, declared: Declared) -> str:
    problems = [f for f in check.findings if f.hand_id == hand.hand_id and f.table == hand.table]
    status = (
        '<span class="ok">verified, replay agrees</span>'
        if not problems
        else '<span class="bad">' + _e("; ".join(str(p) for p in problems)) + "</span>"
    )
    header = hand.header
    kind = "simulated" if is_simulated(hand) else "live"
    if by_autopilot(hand):
        kind += ", autopilot"
    summary = (
        f"{_e(clock(hand.header_record.at))} · {_e(hand.table)} · {_e(hand.hand_id)} · "
        f"{_e(header.get('title') or header.get('game'))} · "
        f"dealer {_e(dealer_name(header))} · "
        f"{_e(kind)} · <b>{_e(outcome_of(hand.result))}</b> · {status}"
    )
    seats = [
        (
            seat_name(seat),
            r.get("outcome"),
            r.get("method") or "",
            seat_totals(r),
            r.get("decided_by"),
        )
        for seat, r in sorted(((hand.result or {}).get("seats") or {}).items())
    ]
    result = describe_result(hand.result) if hand.result else "hand not finished"
    return (
        f"<details><summary>{summary}</summary>"
        f"<p>Shoe {_e(header.get('shoe'))}; seats {_e(', '.join(map(seat_name, header.get('seats') or [])))}. "
        f"Result: {_e(result)}</p>"
        + (_table(("seat", "outcome", "method", "totals", "rule"), seats) if seats else "")
        + _table(
            ("#", "time", "by", "what happened", "effect", "totals after"),
            _steps(hand, declared.pots(hand.header)),
            numeric=(0,),
        )
        + "</details>"
    )


def _hold(hands: list[RecordedHand], hold: HoldContext, declared: Declared) -> str:
    """Hold against theory per table, game, dealer, shift, gaming day and month to date; the
    rows outside their band first, then every grouping, then the figures each game declares."""
    rows = hold_rows(hands, hold.settings, hold.theories)
    if not any(r.drop for r in rows["table"]):
        return (
            "<h2>Hold against theory</h2><p>No bets against the house in these hands: "
            "nothing to compare with theory.</p>"
        )
    flagged = [(g, r) for g, group in rows.items() for r in group if r.outside]
    s = hold.settings
    head = (
        "<h2>Hold against theory</h2><p>Theoretical hold: the house's expected win on the bets "
        "made, from each game's own math, over the drop; the band: where the win falls 19 times "
        "in 20 for that many rounds with bets of those sizes (the bets of one round correlated as "
        "each game declares). A win outside its "
        f"band is flagged for investigation. Gaming day from {s.day_starts:02d}:00, shifts "
        + ", ".join(f"{n} from {h:02d}:00" for n, h in s.shifts)
        + f" ({_e(s.zone)}).</p>"
    )
    if flagged:
        rows_flagged = [(g, *row_cells(r), _dealer_errors(r.dealers, hold)) for g, r in flagged]
        head += f'<h3 class="bad">Flagged for investigation ({len(flagged)})</h3>' + _table(
            ("grouping", "name", *HEADINGS, "its dealers' errors: on the table; in training"),
            rows_flagged,
        ).replace("<table>", '<table class="flagged">', 1)
    else:
        head += '<p class="ok">No table, game, dealer, shift or day outside its band.</p>'
    parts = [head]
    for grouping, group in rows.items():
        cells = [row_cells(r) for r in group]
        headings: tuple[str, ...] = (grouping, *HEADINGS)
        if grouping == "dealer":
            headings += ("errors on the table", "errors in training")
            cells = [
                (
                    *c,
                    rate(hold.table_errors.get(r.name), "events"),
                    rate(hold.training.get(r.name), "drill steps"),
                )
                for c, r in zip(cells, group, strict=True)
            ]
        parts.append(
            f"<h3>By {_e(grouping)}</h3>" + _table(headings, cells, numeric=(1, 2, 3, 4, 5))
        )
    parts.append(
        "<h3>The games' figures</h3>"
        + _table(
            ("game", "bet", "house edge per unit staked", "sd per unit", "how", "basis"),
            figures_rows(hands, hold.theories, declared),
        )
    )
    return "".join(parts)


def _dealer_errors(dealers: tuple[str, ...], hold: HoldContext) -> str:
    return "; ".join(
        f"{d}: {rate(hold.table_errors.get(d), 'events')}; "
        f"{rate(hold.training.get(d), 'drill steps')}"
        for d in dealers
    )


@dataclass(frozen=True)
class HoldContext:
    """What the hold section needs beyond the hands: the casino's clock, the games' figures and
    the dealers' training record."""

    settings: HoldSettings = field(default_factory=HoldSettings)
    theories: Theories = game_theory
    training: dict[str, tuple[int, int]] = field(default_factory=dict)
    table_errors: dict[str, tuple[int, int]] = field(default_factory=dict)


def render(
    source: str,
    hands: list[RecordedHand],
    check: CheckReport,
    access: list[HandRecord] | None = None,
    hold: HoldContext | None = None,
) -> str:
    declared = Declared()  # each game's account lines, built once per configuration
    per_table = Counter(h.table for h in hands)
    per_dealer = Counter(dealer_name(h.header) for h in hands)
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width'>",
        f"<title>Hand log report</title><style>{STYLE}</style></head><body>",
        "<h1>Hand log report</h1>",
        _summary(source, hands, check),
        _findings(check),
        "<h2>At a glance</h2>",
        _charts(hands),
        _counts("Hands per table", per_table),
        _counts("Hands per dealer", per_dealer),
        _money_section(hands, (hold or HoldContext()).theories, declared),
        _hold(hands, replace(hold or HoldContext(), table_errors=table_errors(hands)), declared),
        _void(hands),
        _unfinished(hands),
        _irregular(hands),
        _access(access or []),
        f"<h2>Hands ({len(hands)})</h2><p>Each hand's steps as logged; open one to read it.</p>",
        *(_hand_section(h, check, declared) for h in hands),
        "</body></html>",
    ]
    return "\n".join(parts)
