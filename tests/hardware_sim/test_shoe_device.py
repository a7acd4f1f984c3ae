"""End to end over a real pty: ``table sim-shoe`` in its own process, the serial driver, and
the rules engine playing complete Missouri City hands, with each scripted fault.

Every card must reach the reader exactly once and in the order the shoe dealt it (read back
from ``--deck-out``); a card the shoe cannot resend must surface as a ``sequence_gap``.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from drivers.base import CardSource, SourceEvent
from drivers.registry import open_source
from hardware_sim.decks import read_deck_file, shuffled_deck
from table_controller.autopilot import choose
from table_controller.cards import Card
from table_controller.engine import IrregularityOpened, Refused
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games import make_game
from table_controller.runtime import TableSession

SEED = 11


@dataclass
class SimShoeProcess:
    process: subprocess.Popen[str]
    link: Path
    deck_out: Path

    def url(self, **options: str) -> str:
        query = "&".join(f"{k}={v}" for k, v in {"reconnect_delay": "0.05", **options}.items())
        return f"serial://{self.link}?{query}"

    def dealt(self) -> tuple[Card, ...]:
        return read_deck_file(self.deck_out)


@pytest.fixture
def start_shoe(tmp_path: Path) -> Iterator:
    started: list[subprocess.Popen[str]] = []

    def start(faults: str = "", baud: int = 115200) -> SimShoeProcess:
        link, deck_out = tmp_path / "shoe", tmp_path / "dealt.txt"
        command = [sys.executable, "-m", "table_controller.cli", "sim-shoe", "--pty", str(link),
                   "--seed", str(SEED), "--baud", str(baud), "--heartbeat", "0.2",
                   "--faults", faults, "--deck-out", str(deck_out)]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        started.append(process)
        assert process.stdout is not None
        assert process.stdout.readline().strip() == str(link)  # the link comes first
        return SimShoeProcess(process, link, deck_out)

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=5)
        process.stdout.close()  # type: ignore[union-attr]
        process.stderr.close()  # type: ignore[union-attr]


@dataclass
class Reading:
    cards: list[SourceEvent] = field(default_factory=list)
    other: list[SourceEvent] = field(default_factory=list)

    def kinds(self) -> set[str]:
        return {e.kind for e in self.other}


def read_until_empty(source: CardSource, timeout: float = 15.0) -> Reading:
    reading = Reading()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = source.read_event(timeout=0.2)
        if event is None:
            continue
        (reading.cards if event.kind == "card" else reading.other).append(event)
        if event.kind == "shoe_empty":
            return reading
    pytest.fail(f"the shoe was not emptied in {timeout} s: {len(reading.cards)} cards")


FAULTS = [
    ("5:garbage=40", {"bad_frame"}),
    ("5:bad_crc", {"bad_frame"}),
    ("5:drop", set()),
    ("5:dup", {"duplicate"}),
    ("5:silence=1.0", {"warning"}),
    ("5:unplug=0.5", {"disconnected", "reconnected"}),
    ("5:locked", {"drawn_while_locked"}),
    ("52:drop", set()),  # the last card: only the heartbeat shows it is missing
]


@pytest.mark.parametrize(("faults", "reported"), FAULTS, ids=[f for f, _ in FAULTS])
def test_no_card_lost_or_doubled(start_shoe, faults: str, reported: set[str]) -> None:
    shoe = start_shoe(faults)
    with open_source(shoe.url(silence="0.5")) as source:
        reading = read_until_empty(source)
    assert [e.card for e in reading.cards] == list(shuffled_deck(SEED))
    assert [e.seq for e in reading.cards] == list(range(1, 53))
    assert reported <= reading.kinds()
    assert shoe.process.wait(timeout=5) == 0
    assert shoe.dealt() == shuffled_deck(SEED)


def test_card_the_shoe_cannot_resend_is_a_sequence_gap(start_shoe) -> None:
    shoe = start_shoe("7:lost")
    with open_source(shoe.url()) as source:
        reading = read_until_empty(source)
    expected = list(shuffled_deck(SEED))
    del expected[6]
    assert [e.card for e in reading.cards] == expected
    (gap,) = [e for e in reading.other if e.kind == "sequence_gap"]
    assert gap.detail["missing_from"] == gap.detail["missing_to"] == 7
    assert "count the cards" in gap.detail["reason"]


def test_engine_plays_complete_missouri_city_hands_through_faults(start_shoe) -> None:
    shoe = start_shoe("3:garbage,8:bad_crc,13:drop,18:dup,24:unplug=0.5,30:silence=0.7,36:locked")
    session = TableSession(make_game("missouri-city"), source_url="serial://pty")
    applied: list[Card] = []
    with open_source(shoe.url()) as source:
        hands = play_until_shoe_empty(session, source, applied)
    assert hands >= 2
    assert applied == list(shoe.dealt()[: len(applied)])  # in order, none lost or doubled
    assert len(applied) >= 45


def play_until_shoe_empty(session: TableSession, source: CardSource, applied: list[Card]) -> int:
    hands = 0
    while True:
        expected = session.expected()
        if expected.hand_over or NEW_DECK in expected.controls:
            hands += expected.hand_over
            session.submit(Control(NEW_DECK, by="test"), source="test")
            continue
        decision = choose(session.game, session.state)
        if decision is not None:
            session.submit(decision, source="test")
            continue
        assert expected.deal is not None, session.prompts().dealer_instruction
        event = next_card(session, source)
        if event is None:
            return hands
        effects = session.submit(CardArrived(event.card), source=source.url, at=event.at)  # type: ignore[arg-type]
        assert not [e for e in effects if isinstance(e, Refused | IrregularityOpened)], effects
        applied.append(event.card)  # type: ignore[arg-type]


def next_card(session: TableSession, source: CardSource) -> SourceEvent | None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        event = source.read_event(timeout=0.2)
        if event is None:
            continue
        if event.kind == "card":
            return event
        session.hardware_event(event.to_dict(), source=source.url, at=event.at)
        if event.kind == "shoe_empty":
            return None
    pytest.fail("no card within 10 s")
