"""The one interface every card source implements: smart shoe, camera, replay, simulator.

A source is opened by URL (see :mod:`drivers.registry`), used as a context manager, and
read with :meth:`CardSource.read_event`. Everything it reports is a :class:`SourceEvent`:
a card, or a hardware event (hello, heartbeat, disconnect, reconnect, bad frame, sequence
gap, cut card, shoe empty, door/jam status, device error). Only ``kind == "card"`` events
ever reach the rules engine; the rest are shown to the dealer and logged.

Subclasses override the ``_open``, ``_close`` and ``_read_event_internal`` hooks; the public
methods do the bookkeeping (idempotent close, the "not properly closed" warning).
"""

from __future__ import annotations

import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from table_controller.cards import Card

LOG = logging.getLogger(__name__)

# Kinds of SourceEvent. "card" is the only one the engine sees, apart from a replay's
# "recorded_event" (a logged decision or control, fed back at its recorded moment).
CARD = "card"
RECORDED = "recorded_event"
HARDWARE_KINDS = frozenset(
    {
        "hello",
        "heartbeat",
        "disconnected",
        "reconnected",
        "bad_frame",
        "sequence_gap",
        "duplicate",
        "cut_card",
        "shoe_empty",
        "status",
        "device_error",
        "door_opened",
        "door_closed",
        "shoe_jammed",
        "jam_cleared",
        "drawn_while_locked",
        "unreadable_card",
        "warning",
    }
)


@dataclass(frozen=True, slots=True)
class SourceEvent:
    """Something a card source reported, stamped with where and when it came from."""

    kind: str
    source: str
    at: float
    card: Card | None = None
    seq: int | None = None
    spot: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind == CARD and self.card is None:
            raise ValueError("a card event needs a card")
        if self.kind not in (CARD, RECORDED) and self.kind not in HARDWARE_KINDS:
            raise ValueError(f"unknown source event kind {self.kind!r}")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "source": self.source, "at": self.at}
        if self.seq is not None:
            out["seq"] = self.seq
        if self.card is not None:
            out["card"] = self.card.code
        if self.spot is not None:
            out["spot"] = self.spot
        out.update(self.detail)
        return out


def now() -> float:
    return time.time()


class CardSource(ABC):
    """A card source. ``simulated`` is True for anything that is not real table hardware."""

    simulated: bool = False
    deals_itself: bool = False  # a simulator the table can tell to deal (``deal_next``)

    def __init__(self, url: str) -> None:
        self.url = url
        self._is_open = False
        self._closed = False

    def open(self) -> None:
        if not self._is_open:
            self._open()
            self._is_open = True

    def close(self) -> None:
        """Close the source. Safe to call any number of times."""
        if self._is_open and not self._closed:
            self._closed = True
            self._close()

    def read_event(self, timeout: float | None = None) -> SourceEvent | None:
        """The next event, or ``None`` if nothing arrived within ``timeout`` seconds."""
        return self._read_event_internal(timeout)

    # Optional capabilities; sources without them keep the defaults.
    def set_locked(self, locked: bool) -> None:  # noqa: B027 - optional capability
        """Tell a shoe with a card-removal lock whether the rules allow another card now."""

    def reconnect(self) -> None:  # noqa: B027 - optional capability
        """Try to get the source going again after its reads failed (a camera unplugged and
        plugged back in). By default nothing: the next read is simply tried again.

        Raises:
            DriverError: not yet; the caller tries again later.
        """

    def new_deck(self) -> None:  # noqa: B027 - optional capability
        """A freshly shuffled deck is being loaded (a simulator shuffles; hardware ignores)."""

    def set_aside(self, cards: list[Card]) -> None:  # noqa: B027 - optional capability
        """Cards already out of the shoe (a table restarted mid-hand): a simulator leaves them
        out of what it deals; hardware ignores it."""

    def use_places(self, places: dict[str, Any]) -> None:  # noqa: B027 - optional capability
        """The places of the game's layout: a simulated camera lays its cards out on them."""

    def split_hands(self, hands: Mapping[str, Sequence[str]]) -> None:  # noqa: B027
        """The places that hold several hands now (a seat's split hands), each with its hands
        left to right (an optional capability): a camera names a card there by its hand's strip
        of the place (``seat3/h2``); no places: none split."""

    def follow(self, layout: dict[str, tuple[str, ...]]) -> None:  # noqa: B027
        """The engine's cards on each place (an optional capability): a simulated camera's
        dealer lays them out so; hardware ignores it."""

    def __enter__(self) -> CardSource:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_is_open", False) and not getattr(self, "_closed", True):
            LOG.warning("%s was not properly closed", type(self).__name__)

    def _open(self) -> None:  # noqa: B027 - optional hook
        pass

    def _close(self) -> None:  # noqa: B027 - optional hook
        pass

    @abstractmethod
    def _read_event_internal(self, timeout: float | None) -> SourceEvent | None: ...
