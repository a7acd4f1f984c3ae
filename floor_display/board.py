"""Every table on the floor, as its records tell it: a pure fold, no I/O and no clock.

:meth:`Board.take` takes one record at a time in each table's chain order (from any source:
the feed reading PostgreSQL, a test); :meth:`Board.to_dict` is what the page draws, given the
time now (hands this hour, how long a table has been silent).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from floor_display.hold import DayHold
from table_controller.hand_log.lean import Expander
from table_controller.hand_log.reader import outcome_of
from table_controller.hand_log.records import EVENT, HARDWARE, HEADER, RESULT, HandRecord
from table_controller.hand_log.report_hold import HoldSettings, Theories, game_theory, kept

# Hardware reports that put up an alert (key, words), and those that take one down.
_DEVICE_DOWN = {"disconnected": "disconnected"}
_DEVICE_UP = frozenset({"reconnected", "hello"})
_WARNINGS = {
    "camera_mismatch": "camera mismatch",
    "layout_size": "camera layout does not fit its pictures",
}


@dataclass
class TableView:
    """One table as the floor sees it."""

    table: str
    game: str = ""
    title: str = ""
    dealer: str = ""
    seats: int = 0
    hand_id: str = ""
    hand_over: bool = True
    outcome: str = ""
    last_event: str = ""
    results_at: list[float] = field(default_factory=list)
    open_irregularity: str = ""
    last_resolved: str = ""
    alerts: dict[str, str] = field(default_factory=dict)
    log_outage: str = ""  # the last time the table kept its records itself, the server away
    last_seq: int = 0
    last_at: float = 0.0
    day: DayHold = field(default_factory=DayHold)  # the gaming day against theory
    # a lean header names only what changed since the table's last: made whole here (the
    # effects and settlements the floor reads are stored as they are)
    expander: Expander = field(default_factory=lambda: Expander(replay=False))

    def take(self, record: HandRecord) -> None:
        record = self.expander.take(record)
        self.last_seq, self.last_at = record.seq, record.at
        self.day.take(record)
        payload = record.payload
        if record.kind == HEADER:
            self._begin(record.hand_id, payload.get("header") or {})
        elif record.kind == EVENT and record.hand_id:
            self._event(payload, record.source)
        elif record.kind == RESULT:
            self.hand_over, self.outcome = True, outcome_of(payload)
            self.results_at.append(record.at)
            del self.results_at[:-500]
            if self.open_irregularity:  # a void ends a held hand: the hold is over with it
                self._resolved(f"hand ended ({self.outcome})", record.source)
        elif record.kind == HARDWARE:
            self._hardware(payload)
        elif record.kind == "lockout":
            self.alerts["pin"] = f"PIN lockout ({payload.get('console') or 'console'})"
        elif record.kind == "lockout_lifted":
            self.alerts.pop("pin", None)
        elif record.kind == "sign_in" and payload.get("dealer"):
            self.dealer = str(payload["dealer"])

    def _begin(self, hand_id: str, header: dict[str, Any]) -> None:
        self.hand_id, self.hand_over, self.outcome, self.last_event = (
            hand_id,
            False,
            "",
            "hand begun",
        )
        self.game = str(header.get("game") or self.game)
        self.title = str(header.get("title") or self.game)
        self.dealer = str(header.get("dealer") or self.dealer)
        self.seats = len(header.get("seats") or ())

    def _event(self, payload: dict[str, Any], source: str) -> None:
        event = payload.get("event") or {}
        what = event.get("type", "")
        self.last_event = " ".join(
            str(x)
            for x in (
                what,
                event.get("card") or event.get("control") or event.get("action") or "",
                event.get("seat") or "",
            )
            if x
        )
        opened = [e for e in payload.get("effects") or [] if e.get("type") == "irregularity"]
        if opened:
            self.open_irregularity = str(
                opened[-1].get("reason") or opened[-1].get("kind") or "irregularity"
            )
        elif self.open_irregularity and what == "control" and not _refused(payload):
            self._resolved(str(event.get("control", "")).replace("_", " "), source)

    def _resolved(self, how: str, source: str) -> None:
        self.last_resolved = f"{self.open_irregularity}: {how} by {source}"
        self.open_irregularity = ""

    def _hardware(self, report: dict[str, Any]) -> None:
        kind, device = str(report.get("type", "")), _device(str(report.get("source", "")))
        if kind in _DEVICE_DOWN:
            self.alerts[device] = f"{device} disconnected"
        elif kind in _DEVICE_UP:
            self.alerts.pop(device, None)
        elif kind == "log_unreachable":  # the table's spool, forwarded once the server was back
            began, ended = (
                time.strftime("%H:%M:%S", time.gmtime(float(report.get(k) or 0)))
                for k in ("began", "ended")
            )
            self.log_outage = (
                f"hand log unreachable {began}-{ended} UTC: "
                f"{report.get('records')} records kept at the table"
            )
        elif kind == "warning" and report.get("reason") in _WARNINGS:
            self.alerts[str(report["reason"])] = _WARNINGS[str(report["reason"])]

    def to_dict(self, now: float, theories: Theories | None = None) -> dict[str, Any]:
        hour = now - now % 3600
        return {
            "table": self.table,
            "game": self.game,
            "title": self.title,
            "dealer": self.dealer,
            "seats": self.seats,
            "hand": self.hand_id,
            "hand_state": (
                f"over: {self.outcome}"
                if self.hand_over and self.outcome
                else "no hand yet"
                if not self.hand_id
                else f"dealing: {self.last_event}"
            ),
            "hands_this_hour": sum(at >= hour for at in self.results_at),
            "open_irregularity": self.open_irregularity,
            "last_resolved": self.last_resolved,
            "alerts": sorted(self.alerts.values()),
            "log_outage": self.log_outage,
            "last_seq": self.last_seq,
            "silent_seconds": round(max(0.0, now - self.last_at)) if self.last_at else None,
            "hold": self.day.to_dict(theories or _no_figures, now),
        }


def _refused(payload: dict[str, Any]) -> bool:
    return any(e.get("type") == "refused" for e in payload.get("effects") or [])


def _device(source: str) -> str:
    return "camera" if source.split("://", 1)[0] in ("camera", "sim-camera") else "shoe"


def _no_figures(_config: str) -> str:
    return "no figures asked for"


class Board:
    """Every table seen so far, by id; ``settings`` the casino's clock, ``theories`` where the
    games' figures come from (the floor's :class:`~floor_display.hold.TheoryCache`)."""

    def __init__(
        self, settings: HoldSettings | None = None, theories: Theories | None = None
    ) -> None:
        self.tables: dict[str, TableView] = {}
        self.settings = settings or HoldSettings()
        self.theories = theories or kept(game_theory)

    def take(self, record: HandRecord) -> None:
        view = self.tables.get(record.table)
        if view is None:
            view = self.tables[record.table] = TableView(record.table, day=DayHold(self.settings))
        if record.seq > view.last_seq:  # a record read twice (a notice and a catch-up) counts once
            view.take(record)

    def last_seq(self, table: str) -> int:
        view = self.tables.get(table)
        return view.last_seq if view else 0

    def to_dict(self, now: float | None = None) -> dict[str, Any]:
        now = time.time() if now is None else now
        tables = [self.tables[t].to_dict(now, self.theories) for t in sorted(self.tables)]
        return {
            "tables": tables,
            "at": now,
            "open_irregularities": sum(bool(t["open_irregularity"]) for t in tables),
            "alerts": sum(len(t["alerts"]) for t in tables),
            "outside_band": sum(t["hold"]["outside"] for t in tables),
        }
