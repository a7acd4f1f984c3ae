"""One contract every card source keeps. Subclass it and provide a ``rig`` fixture.

A rig opens a fresh source and can make the (real or simulated) dealer draw cards, so the
same assertions run against the event-level simulator, the serial driver on a real pty and,
when ``TABLE_TEST_SHOE_URL`` is set, a bench shoe (``tests/drivers/bench_shoe.py``). A rig
may say how long to wait for drawn cards (``card_wait``): a person draws slower than a script.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Protocol

import pytest

from drivers.base import CARD, HARDWARE_KINDS, RECORDED, CardSource, SourceEvent
from table_controller.cards import Card

DEFAULT_CARD_WAIT = 60.0  # a deadline for the condition, not a speed: shared 2-core machines stall


class Rig(Protocol):
    source: CardSource

    def draw(self, count: int) -> list[Card]: ...


def card_wait(rig: Rig) -> float:
    return float(getattr(rig, "card_wait", DEFAULT_CARD_WAIT))


def read_cards(
    source: CardSource, count: int, timeout: float = DEFAULT_CARD_WAIT
) -> list[SourceEvent]:
    """The next ``count`` card events (hardware events are skipped), or fail after timeout."""
    cards: list[SourceEvent] = []
    deadline = time.monotonic() + timeout
    while len(cards) < count:
        left = deadline - time.monotonic()
        assert left > 0, f"only {len(cards)} of {count} cards arrived"
        event = source.read_event(timeout=left)
        if event is not None and event.kind == CARD:
            cards.append(event)
    return cards


class CardSourceContract:
    @pytest.fixture
    def rig(self) -> Iterator[Rig]:
        raise NotImplementedError

    def test_open_and_close_are_idempotent(self, rig: Rig) -> None:
        rig.source.open()
        rig.source.close()
        rig.source.close()

    def test_read_timeout_returns_none(self, rig: Rig) -> None:
        while rig.source.read_event(timeout=0.05) is not None:
            pass  # hello and status after connecting
        for _ in range(5):  # a live shoe's heartbeat may land inside the window
            started = time.monotonic()
            event = rig.source.read_event(timeout=0.1)
            if event is None:
                # it came back rather than blocking (a stalled machine may take seconds)
                assert time.monotonic() - started < 30.0
                return
            assert event.kind != CARD, f"a card nobody drew: {event}"
        pytest.fail("a 0.1 s read never came back empty")

    def test_drawn_cards_arrive_in_order_once(self, rig: Rig) -> None:
        drawn = rig.draw(5)
        events = read_cards(rig.source, 5, card_wait(rig))
        assert [e.card for e in events] == drawn
        seqs = [e.seq for e in events]
        assert seqs == list(range(seqs[0], seqs[0] + 5))
        time.sleep(0.1)
        while (event := rig.source.read_event(timeout=0.05)) is not None:
            assert event.kind != CARD, f"an extra card: {event}"

    def test_events_are_known_kinds_and_serialisable(self, rig: Rig) -> None:
        rig.draw(2)
        read_cards(rig.source, 2, card_wait(rig))
        while (event := rig.source.read_event(timeout=0.05)) is not None:
            assert event.kind in (CARD, RECORDED) or event.kind in HARDWARE_KINDS
            json.dumps(event.to_dict())

    def test_card_event_carries_source_and_time(self, rig: Rig) -> None:
        rig.draw(1)
        (event,) = read_cards(rig.source, 1, card_wait(rig))
        assert event.source == rig.source.url
        assert abs(event.at - time.time()) < 5
        assert json.loads(json.dumps(event.to_dict()))["card"] == event.card.code  # type: ignore[union-attr]

    def test_simulated_is_a_bool(self, rig: Rig) -> None:
        assert isinstance(rig.source.simulated, bool)
