"""A simulated smart shoe that speaks the real wire protocol over a pty.

The real serial driver opens the pty (through a stable symlink) and cannot tell it from a shoe
on a USB adapter: the bytes are framed, checksummed and paced at the line rate given. The
deck is a seeded shuffle or a stacked deck; faults are scripted as data
(:mod:`hardware_sim.faults`). Dealing:

- default: the dealer draws the next card as soon as the host has acknowledged everything
  (after the host has said hello), i.e. as fast as the line and the host allow;
- ``pace``: a card every ``pace`` seconds once a host has said hello, acknowledged or not;
- ``manual``: a card only when :meth:`ShoeDevice.draw` is called (tests and benchmarks).

The shoe never deals while locked, unless a ``locked`` fault forces card N out, nor while
its door is open or it is jammed. With ``cut_after`` the cut card comes out (``CUT``) after
that many cards of the shoe, where the table placed it (blackjack's B12);
:meth:`ShoeDevice.load` is the dealer loading a new shuffle (a full shoe, the cut card placed
again). ``first_seq`` starts its numbering where a shoe that has
dealt for weeks would be (near the wrap, :data:`~drivers.shoe_seq.SEQ_MAX`): it counts its
sequenced messages without bound and puts only the wrapped number on the wire.
"""

from __future__ import annotations

import random
import select
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

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
    Lock,
    Message,
    Resend,
    ShoeEmpty,
    ShoeFramer,
    Status,
    StatusRequest,
    Unlock,
    encode,
)
from drivers.shoe_seq import seq_diff, seq_of_count
from hardware_sim.faults import Fault, FaultPlan
from hardware_sim.pty_link import PtyLink
from table_controller.cards import Card

CardWritten = Callable[[int, Card, float], None]  # seq, card, monotonic time the frame started
READER_FAULT = DeviceFault("READER", "card reader fault")
STALLS = ("door", "jam")  # faults that stop the dealing for a while: door open, a jam


@dataclass(frozen=True, slots=True)
class DeviceSettings:
    link: Path
    cards: tuple[Card, ...]
    baud: int = 115200
    pace: float | None = None
    manual: bool = False
    faults: FaultPlan = field(default_factory=dict)
    heartbeat: float = 1.0
    hold: int = 256  # sequenced frames kept for resending
    device_id: str = "SIM-SHOE-1"
    firmware: str = "sim-1.0"
    first_seq: int = 1  # the first sequence number this run issues (1..SEQ_MAX)
    cut_after: int | None = None  # cards of a shoe dealt before the cut card comes out


class ShoeDevice:
    def __init__(
        self, settings: DeviceSettings, on_card_written: CardWritten | None = None
    ) -> None:
        self.settings = settings
        self.dealt: list[Card] = []  # every card this run dealt, across shuffles
        self.shuffles = 0  # new shuffles loaded since the start
        self.finished = threading.Event()
        self._shoe: list[Card] = list(settings.cards)  # the shoe loaded now
        self._from_shoe = 0  # cards dealt from it
        self._cut_after = settings.cut_after
        self._cut_sent = False
        self._on_card_written = on_card_written
        self._link = PtyLink(settings.link, settings.baud)
        self._framer = ShoeFramer()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._draw_lock = threading.Lock()
        self._draws = 0
        # Sequenced messages counted without bound; the wire carries seq_of_count(count).
        # Everything before first_seq counts as issued and acknowledged by an earlier host.
        self._issued = self._acked = settings.first_seq - 1
        self._held: dict[int, bytes] = {}  # count -> frame, until acknowledged
        self._locked = False
        self._door_open = False
        self._jammed = False
        self._stalled_until: float | None = None  # the door closes, the jam clears
        self._greeted = False
        self._applied: set[tuple[int, str]] = set()
        self._started = time.monotonic()
        self._silent_until = 0.0
        self._replug_at: float | None = None
        self._next_beat = 0.0
        self._next_deal = 0.0
        self._reloaded = False

    # ---- lifecycle -------------------------------------------------------------------------

    def start(self) -> Path:
        """Plug in and serve on a thread; returns the stable link."""
        self._link.plug()
        self._thread = threading.Thread(target=self._serve, name="sim-shoe-device", daemon=True)
        self._thread.start()
        return self.settings.link

    def plug(self) -> Path:
        """Plug in (create the pty and its link) without serving yet."""
        if not self._link.plugged:
            self._link.plug()
        return self.settings.link

    def run(self) -> None:
        """Serve in this thread until the deck is dealt and acknowledged, or stop()."""
        self.plug()
        self._serve()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        self._link.unplug()

    def __enter__(self) -> ShoeDevice:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def draw(self, count: int = 1) -> None:
        """Manual dealing: the dealer draws ``count`` more cards."""
        with self._draw_lock:
            self._draws += count

    def load(self, cards: tuple[Card, ...], cut_after: int | None = None) -> None:
        """A new shuffle: the dealer empties the shoe and loads ``cards``, the cut card placed
        after ``cut_after`` of them; the shoe says so with its status (cards left)."""
        with self._draw_lock:
            self._shoe, self._from_shoe = list(cards), 0
            self._cut_after, self._cut_sent = cut_after, False
            self._draws = 0
            self.shuffles += 1
            self._reloaded = True

    @property
    def cards_left(self) -> int:
        return len(self._shoe) - self._from_shoe

    # ---- the loop --------------------------------------------------------------------------

    def _serve(self) -> None:
        while not self._stop.is_set() and not self.finished.is_set():
            self._step(time.monotonic())
        self._link.unplug()

    def _step(self, now: float) -> None:
        if self._replug_at is not None and now >= self._replug_at:
            self._replug_at = None
            self._link.plug()
        if now < self._silent_until:
            time.sleep(min(0.01, self._silent_until - now))
            return
        if self._stalled_until is not None and now >= self._stalled_until:
            self._stalled_until = None
            self._door_open = self._jammed = False
            self._send(encode(self._status()))
        for message in self._framer.feed(self._link.read()):
            self._answer(message)
        if self._reloaded:
            self._reloaded = False
            self._send(encode(self._status()))
        if now >= self._next_beat:
            self._next_beat = now + self.settings.heartbeat
            self._send(encode(Heartbeat(int(now - self._started), self._last_seq)))
        if self._may_deal(now):
            self._deal(now)
        if self.cards_left == 0 and not self._held:
            self.finished.set()
        self._wait(0.01)

    def _wait(self, timeout: float) -> None:
        fd = self._link.master_fd
        if fd is None:
            time.sleep(timeout)
        else:
            select.select([fd], [], [], timeout)

    def _send(self, frame: bytes) -> None:
        if self._link.plugged:
            self._link.write_paced(frame)

    # ---- answering the host ----------------------------------------------------------------

    @property
    def _last_seq(self) -> int:
        return seq_of_count(self._issued)

    def _count_of(self, seq: int) -> int:
        """The count of the message numbered ``seq`` that lies nearest the last one issued."""
        return self._issued - seq_diff(seq, self._last_seq)

    def _answer(self, message: Message) -> None:
        if isinstance(message, HelloRequest):
            self._greeted = True
            self._send(
                encode(
                    Hello(
                        self.settings.device_id,
                        self.settings.firmware,
                        PROTOCOL_VERSION,
                        self._last_seq,
                        seq_of_count(self._acked),
                    )
                )
            )
        elif isinstance(message, Ack):
            count = self._count_of(message.seq)
            if self._acked < count <= self._issued:  # an old or impossible ack is ignored
                self._acked = count
                for held in [c for c in self._held if c <= count]:
                    del self._held[held]
        elif isinstance(message, Resend):
            self._resend(message.seq)
        elif isinstance(message, Lock | Unlock):
            self._locked = isinstance(message, Lock)
            self._send(encode(self._status()))
        elif isinstance(message, StatusRequest):
            self._send(encode(self._status()))

    def _status(self) -> Status:
        return Status(self._door_open, self._jammed, self._locked, self._last_seq, self.cards_left)

    def _resend(self, first: int) -> None:
        """Everything held from ``first`` on; a GONE for each run it no longer holds."""
        missing_from: int | None = None
        for count in range(max(self._count_of(first), 1), self._issued + 1):
            frame = self._held.get(count)
            if frame is None:
                missing_from = count if missing_from is None else missing_from
                continue
            if missing_from is not None:
                self._send(encode(Gone(seq_of_count(missing_from), seq_of_count(count))))
                missing_from = None
            self._send(frame)
        if missing_from is not None:
            self._send(encode(Gone(seq_of_count(missing_from), seq_of_count(self._issued + 1))))

    # ---- dealing ---------------------------------------------------------------------------

    def _faults(self, number: int) -> dict[str, Fault]:
        return {f.kind: f for f in self.settings.faults.get(number, ())}

    def _may_deal(self, now: float) -> bool:
        if self.cards_left == 0:
            return False
        number = len(self.dealt) + 1
        if self._locked and "locked" not in self._faults(number):
            return False
        if self._stalled_until is not None:
            return False
        if self.settings.manual:
            return self._draws > 0
        if self.settings.pace is not None:
            return self._greeted and now >= self._next_deal
        return self._greeted and not self._held and self._link.plugged  # all acknowledged

    def _once(self, number: int, faults: dict[str, Fault], kind: str) -> bool:
        """True the first time fault ``kind`` is due at card ``number``."""
        if kind not in faults or (number, kind) in self._applied:
            return False
        self._applied.add((number, kind))
        return True

    def _before_card(self, number: int, faults: dict[str, Fault], now: float) -> bool:
        """What happens before card ``number`` leaves the shoe; True when it must wait."""
        if self._once(number, faults, "silence"):
            self._silent_until = now + (faults["silence"].value or 0.0)
            return True
        if self._once(number, faults, "cut") or self._at_cut_card():
            self._cut_sent = True
            self._send(self._issue(CutCard))  # dealt on: in step, once it is acknowledged
            return True
        if self._once(number, faults, "error"):
            self._send(encode(READER_FAULT))
            return True
        for kind in STALLS:
            if self._once(number, faults, kind):
                self._door_open, self._jammed = kind == "door", kind == "jam"
                self._stalled_until = now + (faults[kind].value or 0.0)
                self._send(encode(self._status()))
                return True
        return False

    def _at_cut_card(self) -> bool:
        """The next card lies behind the cut card, which has not come out yet."""
        return (
            self._cut_after is not None
            and not self._cut_sent
            and self._from_shoe >= self._cut_after
        )

    def _issue(self, make: Callable[[int], Message], keep: bool = True) -> bytes:
        """The frame of the next sequenced message, held for resending unless ``keep`` is off."""
        self._issued += 1
        frame = encode(make(self._last_seq))
        if keep:
            self._held[self._issued] = frame
        while len(self._held) > self.settings.hold:
            del self._held[min(self._held)]
        return frame

    def _deal(self, now: float) -> None:
        number = len(self.dealt) + 1
        faults = self._faults(number)
        if self._before_card(number, faults, now):
            return
        if "unplug" in faults and (number, "unplug") not in self._applied:
            self._applied.add((number, "unplug"))
            self._link.unplug()
            self._replug_at = now + (faults["unplug"].value or 0.0)
        with self._draw_lock:
            card = self._shoe[self._from_shoe]
            self._from_shoe += 1
            self._draws = max(0, self._draws - 1)
        self.dealt.append(card)
        self._next_deal = now + (self.settings.pace or 0.0)
        locked = self._locked or "locked" in faults
        quality = 90 + number % 11
        frame = self._issue(
            lambda seq: CardDrawn(seq, card, quality, True, locked), keep="lost" not in faults
        )
        if self._on_card_written is not None:
            self._on_card_written(self._last_seq, card, time.monotonic())
        self._transmit(frame, number, faults)
        if self.cards_left == 0:
            self._send(self._issue(ShoeEmpty))

    def _transmit(self, frame: bytes, number: int, faults: dict[str, Fault]) -> None:
        if "garbage" in faults:
            count = int(faults["garbage"].value or 0)
            self._send(random.Random(number).randbytes(count))
        if "drop" in faults or "lost" in faults:
            return
        if "bad_crc" in faults:
            frame = frame[:-3] + (b"0" if frame[-3:-2] != b"0" else b"1") + frame[-2:]
        self._send(frame)
        if "dup" in faults:
            self._send(frame)
