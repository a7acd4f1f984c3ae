"""``replay://DB?hand=ID``: a recorded hand played back as a card source.

::

    replay://hands.db?hand=table-1-20250601-203000-ab12cd34        (a SQLite path)
    replay:///var/lib/table/hands.db?hand=ID&table=table-1&speed=4
    replay://?db=postgresql%3A%2F%2Fhost%2Ffloor&hand=ID             (any log, URL-quoted)

The hand comes back as it happened, paced as recorded (``speed`` 2 is twice as fast, 0 is as
fast as it is read): its cards as card events (with a running ``seq``), its decisions,
controls and irregularities as ``recorded_event`` events (``detail["event"]`` is the logged
event, for the shell to submit), its hardware records as hardware events, then a ``status``
event with ``state: end_of_replay``. Like any source's, each event is stamped with this
source's URL and the time it is read; ``detail`` keeps the ``recorded_source`` and
``recorded_at``. The source is simulated: never a live table's shoe.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from drivers.base import CARD, HARDWARE_KINDS, RECORDED, CardSource, SourceEvent, now
from drivers.urls import split_source_url
from table_controller.cards import Card, parse_card
from table_controller.errors import ConfigError, DriverInitError, HandLogError

OPTIONS = {
    "hand": "the hand id to play back (required)",
    "table": "the table, if several tables used the id",
    "speed": "playback speed: 1 as recorded (default), 0 as fast as read",
    "db": "the log, when it is not the URL's path (e.g. a postgresql:// URL, quoted)",
}
END = {"state": "end_of_replay"}
# A logged gap (or a jam, an opened door, a device error during a hand) already raised its
# irregularity, which is a recorded event of its own: it comes back as a plain warning, so
# that the replayed table does not raise it twice.
RAISED_IRREGULARITY = frozenset({"sequence_gap", "shoe_jammed", "door_opened", "device_error"})


@dataclass(frozen=True, slots=True)
class _Due:
    """One record to play back: what to emit, and when it was recorded."""

    recorded_at: float
    kind: str
    card: Card | None = None
    seq: int | None = None
    spot: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)


class ReplaySource(CardSource):
    simulated = True

    def __init__(self, url: str) -> None:
        super().__init__(url)
        parts = split_source_url(url, OPTIONS)
        self.db = parts.options.get("db") or parts.path
        self.hand_id = parts.options.get("hand", "")
        self.table = parts.options.get("table")
        if not self.db or not self.hand_id:
            raise ConfigError(
                f"replay:// needs a log and a hand, e.g. replay://hands.db?hand=ID (got {url!r})"
            )
        try:
            self.speed = float(parts.options.get("speed", "1"))
        except ValueError:
            self.speed = -1.0
        if not self.speed >= 0:
            raise ConfigError(f"replay:// speed must be a number >= 0 (got {url!r})")
        self.header: dict[str, Any] = {}
        self._events: list[dict[str, Any]] = []
        self._queue: deque[_Due] = deque()
        self._cards = 0
        self._t0 = 0.0
        self._started: float | None = None

    def _open(self) -> None:
        from table_controller.hand_log.reader import read_hand
        from table_controller.hand_log.store import open_store

        try:
            with open_store(self.db, create=False) as store:
                hand = read_hand(store, self.hand_id, table=self.table)
        except HandLogError as exc:
            raise DriverInitError(f"replay:// cannot open the hand: {exc}") from None
        self.header = hand.header
        self._t0 = hand.header_record.at
        for record in hand.records:
            self._load(record.kind, record.payload, record.source, record.at)
        end_at = hand.records[-1].at if hand.records else self._t0
        self._queue.append(_Due(end_at, "status", detail=dict(END)))

    def _load(self, kind: str, payload: dict[str, Any], source: str, at: float) -> None:
        origin = {"recorded_source": source, "recorded_at": at}
        if kind == "event":
            event = payload.get("event") or {}
            self._events.append({"event": event, "source": source, "at": at})
            self._queue.append(self._engine_event(event, origin, at))
        elif kind == "hardware":
            detail = {k: v for k, v in payload.items() if k not in ("type", "source", "at", "seq")}
            hw_kind = str(payload.get("type"))
            if hw_kind not in HARDWARE_KINDS or hw_kind in RAISED_IRREGULARITY:
                hw_kind, detail = "warning", {**detail, "original_type": hw_kind}
            seq = payload.get("seq") if isinstance(payload.get("seq"), int) else None
            self._queue.append(_Due(at, hw_kind, seq=seq, detail={**detail, **origin}))

    def _engine_event(self, event: dict[str, Any], origin: dict[str, Any], at: float) -> _Due:
        if event.get("type") != "card":
            return _Due(at, RECORDED, detail={"event": event, **origin})
        self._cards += 1
        card = parse_card(str(event["card"]))
        return _Due(at, CARD, card=card, seq=self._cards, spot=event.get("spot"), detail=origin)

    def recorded_events(self) -> list[dict[str, Any]]:
        """Every logged engine event of the hand: ``{"event", "source", "at"}``, in order."""
        return list(self._events)

    def _due(self, item: _Due) -> float:
        if self._started is None:
            self._started = time.monotonic()
        if self.speed == 0:
            return self._started
        return self._started + (item.recorded_at - self._t0) / self.speed

    def _read_event_internal(self, timeout: float | None) -> SourceEvent | None:
        if not self._queue:
            if timeout:
                time.sleep(timeout)
            return None
        wait = self._due(self._queue[0]) - time.monotonic()
        if wait > 0:
            if timeout is not None and timeout < wait:
                time.sleep(timeout)
                return None
            time.sleep(wait)
        item = self._queue.popleft()
        return SourceEvent(
            item.kind,
            self.url,
            now(),
            card=item.card,
            seq=item.seq,
            spot=item.spot,
            detail=dict(item.detail),
        )
