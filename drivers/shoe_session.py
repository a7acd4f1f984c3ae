"""The host's side of the shoe protocol's acknowledge/resend rules, without I/O.

:class:`ShoeSession` takes decoded messages (and the passing of time) and answers with the
events to report and the messages to send back. It implements the numbered rules in
``docs/shoe-protocol.md`` ("Acknowledgement, resend and reconnection"): every card is
delivered once and in order, or a ``sequence_gap`` tells the dealer one may be missing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from drivers.base import CARD, SourceEvent, now
from drivers.shoe_protocol import (
    PROTOCOL_VERSION,
    Ack,
    CardDrawn,
    CutCard,
    DeviceFault,
    Gone,
    Heartbeat,
    Hello,
    HelloRequest,
    HostMessage,
    Lock,
    Resend,
    ShoeEmpty,
    ShoeMessage,
    Status,
    StatusRequest,
    Unlock,
)
from drivers.shoe_seq import seq_add, seq_diff
from table_controller.cards import Card

RESEND_WAIT = 0.5  # seconds before a resend (or hello) request is repeated
RESEND_TRIES = 3
Sequenced = CardDrawn | CutCard | ShoeEmpty
GAP_REASON = "a card may have been missed: count the cards on the layout"
# (door open, jammed) changes -> the event that reports each, with what the dealer reads
STATUS_CHANGES: dict[tuple[str, bool], tuple[str, str]] = {
    ("door_open", True): ("door_opened", "the shoe's door was opened"),
    ("door_open", False): ("door_closed", "the shoe's door was closed"),
    ("jammed", True): ("shoe_jammed", "the shoe is jammed: a card is stuck in the reader"),
    ("jammed", False): ("jam_cleared", "the shoe's jam was cleared"),
}


@dataclass(slots=True)
class Reaction:
    events: list[SourceEvent] = field(default_factory=list)
    replies: list[HostMessage] = field(default_factory=list)


class ShoeSession:
    """Where the host stands: the next sequence number it expects, and any open resend.

    ``at`` arguments are a monotonic clock for the resend timers; events are stamped with
    ``stamp()`` (wall-clock time by default), like every other source's events.
    """

    def __init__(self, source: str, stamp: Callable[[], float] = now) -> None:
        self.source = source
        self.stamp = stamp
        self.next_seq = 1
        self.locked = False
        self._synced = False
        self._ever_synced = False
        self._asked_at = 0.0  # when HELQ or RSND was last sent
        self._resend_tries = 0  # 0: no resend open
        self._beyond: int | None = None  # the earliest sequence number seen past a gap
        self._door_and_jam = {"door_open": False, "jammed": False}  # as the shoe last said

    def _event(self, kind: str, at: float, **detail: Any) -> SourceEvent:
        return SourceEvent(kind, self.source, self.stamp(), detail=detail)

    def connected(self, at: float) -> list[HostMessage]:
        """The port is (re)open: ask who is there, and restate the lock."""
        self._synced = False
        self._resend_tries = 0
        self._asked_at = at
        return [HelloRequest(), StatusRequest(), Lock() if self.locked else Unlock()]

    def tick(self, at: float) -> Reaction:
        """Repeat an unanswered request; give up on a gap after :data:`RESEND_TRIES`."""
        out = Reaction()
        if at - self._asked_at < RESEND_WAIT:
            return out
        if not self._synced:
            self._asked_at = at
            out.replies.append(HelloRequest())
        elif self._resend_tries >= RESEND_TRIES and self._beyond is not None:
            self._skip_to(self._beyond, at, out, "the shoe did not answer resend requests")
            out.replies.append(Resend(self.next_seq))
        elif self._resend_tries:
            self._ask_resend(at, out)
        return out

    def handle(self, message: ShoeMessage, at: float) -> Reaction:
        out = Reaction()
        if isinstance(message, Hello):
            self._hello(message, at, out)
        elif isinstance(message, CardDrawn | CutCard | ShoeEmpty):
            if self._synced:
                self._sequenced(message, at, out)
        elif isinstance(message, Heartbeat | Status):
            self._last_seq_is(message.last_seq, at, out)
            out.events.append(self._status_event(message, at))
            if isinstance(message, Status):
                out.events.extend(self._status_changes(message, at))
        elif isinstance(message, Gone):
            if self._synced and self._gone_covers_next(message):
                self._skip_to(message.next_seq, at, out, "the shoe no longer holds them")
        elif isinstance(message, DeviceFault):
            out.events.append(self._event("device_error", at, code=message.code, text=message.text))
        return out

    def _status_event(self, message: Heartbeat | Status, at: float) -> SourceEvent:
        if isinstance(message, Heartbeat):
            return self._event("heartbeat", at, uptime=message.uptime, last_seq=message.last_seq)
        return self._event(
            "status",
            at,
            door_open=message.door_open,
            jammed=message.jammed,
            locked=message.locked,
            last_seq=message.last_seq,
            cards_left=message.cards_left,
        )

    def _status_changes(self, status: Status, at: float) -> list[SourceEvent]:
        """A door opened or closed, a jam began or cleared: reported once, when it changes."""
        events = []
        for name, before in self._door_and_jam.items():
            value = getattr(status, name)
            if value != before:
                kind, reason = STATUS_CHANGES[name, value]
                events.append(self._event(kind, at, reason=reason))
                self._door_and_jam[name] = value
        return events

    def _gone_covers_next(self, gone: Gone) -> bool:
        after_from = seq_diff(gone.from_seq, self.next_seq) >= 0
        return after_from and seq_diff(self.next_seq, gone.next_seq) > 0

    def _hello(self, hello: Hello, at: float, out: Reaction) -> None:
        out.events.append(
            self._event(
                "hello",
                at,
                device_id=hello.device_id,
                firmware=hello.firmware,
                protocol=hello.protocol,
            )
        )
        if hello.protocol != PROTOCOL_VERSION:
            out.events.append(
                self._event(
                    "warning",
                    at,
                    reason=f"shoe speaks protocol {hello.protocol}, "
                    f"this host speaks {PROTOCOL_VERSION}",
                )
            )
        if not self._ever_synced:
            self.next_seq = seq_add(hello.last_ack, 1)
        elif seq_diff(seq_add(self.next_seq, -1), hello.last_seq) < 0:
            out.events.append(
                self._event(
                    "warning", at, reason=f"the shoe restarted its numbering at {hello.last_seq}"
                )
            )
            self.next_seq = seq_add(hello.last_ack, 1)
        self._synced = self._ever_synced = True
        self._beyond = None
        self._last_seq_is(hello.last_seq, at, out)

    def _last_seq_is(self, last_seq: int, at: float, out: Reaction) -> None:
        if self._synced and seq_diff(self.next_seq, last_seq) >= 0:
            self._note_beyond(seq_add(last_seq, 1))
            if not self._resend_tries:
                self._ask_resend(at, out)

    def _note_beyond(self, seq: int) -> None:
        if self._beyond is None or seq_diff(self._beyond, seq) < 0:
            self._beyond = seq

    def _ask_resend(self, at: float, out: Reaction) -> None:
        self._resend_tries += 1
        self._asked_at = at
        out.replies.append(Resend(self.next_seq))

    def _skip_to(self, seq: int, at: float, out: Reaction, why: str) -> None:
        detail = {
            "missing_from": self.next_seq,
            "missing_to": seq_add(seq, -1),
            "reason": GAP_REASON,
            "why": why,
        }
        gap = SourceEvent(
            "sequence_gap", self.source, self.stamp(), seq=self.next_seq, detail=detail
        )
        out.events.append(gap)
        self.next_seq = seq
        self._resend_tries = 0
        self._beyond = None

    def _sequenced(self, message: Sequenced, at: float, out: Reaction) -> None:
        seq = message.seq
        ahead = seq_diff(self.next_seq, seq)
        if ahead < 0:
            out.events.append(SourceEvent("duplicate", self.source, self.stamp(), seq=seq))
            out.replies.append(Ack(seq_add(self.next_seq, -1)))
            return
        if ahead > 0:
            self._note_beyond(seq)
            if not self._resend_tries:
                self._ask_resend(at, out)
            return
        self.next_seq = seq_add(seq, 1)
        self._resend_tries = 0
        if self._beyond is not None and seq_diff(self.next_seq, self._beyond) <= 0:
            self._beyond = None
        out.replies.append(Ack(seq))
        out.events.extend(self._deliver(message))

    def _deliver(self, message: Sequenced) -> list[SourceEvent]:
        stamp, seq = self.stamp(), message.seq

        def event(kind: str, card: Card | None = None, **detail: Any) -> SourceEvent:
            return SourceEvent(kind, self.source, stamp, card, seq, detail=detail)

        if isinstance(message, CutCard):
            return [event("cut_card")]
        if isinstance(message, ShoeEmpty):
            return [event("shoe_empty")]
        if message.card is None:
            return [event("unreadable_card", quality=message.quality)]
        mark = "NA" if message.mark_ok is None else ("OK" if message.mark_ok else "BAD")
        detail: dict[str, Any] = {"quality": message.quality, "mark": mark}
        events = []
        if message.locked:
            detail["drawn_while_locked"] = True
            events.append(event("drawn_while_locked", message.card))
        if message.mark_ok is False:
            events.append(
                event("warning", message.card, reason="the card's security mark did not check out")
            )
        return [*events, event(CARD, message.card, **detail)]
