"""End to end over a real pty: ``table sim-shoe`` in its own process, the serial driver, and
the rules engine playing complete Missouri City hands, with each scripted fault.

Every card must reach the reader exactly once and in the order the shoe dealt it (read back
from ``--deck-out``); a card the shoe cannot resend must surface as a ``sequence_gap``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pytest

from drivers.base import CardSource, SourceEvent
from drivers.registry import open_source
from drivers.shoe_seq import SEQ_MAX, seq_of_count
from hardware_sim.decks import shuffled_deck
from table_controller.cards import Card
from table_controller.engine import IrregularityOpened, Refused
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games import make_game
from table_controller.games.backhand.strategy import choose
from table_controller.runtime import TableSession
from tests.hardware_sim.sim_shoe_process import SEED


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
    ("12:jam=0.3", {"shoe_jammed", "jam_cleared"}),
    ("15:door=0.3", {"door_opened", "door_closed"}),
    ("18:error", {"device_error"}),
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


def test_cut_card_is_numbered_among_the_cards_and_comes_before_card_n(start_shoe) -> None:
    shoe = start_shoe("10:cut,10:drop")  # the card after the cut is lost once and resent
    with open_source(shoe.url()) as source:
        reading = read_until_empty(source)
    (cut,) = [e for e in reading.other if e.kind == "cut_card"]
    assert cut.seq == 10
    assert [e.card for e in reading.cards] == list(shuffled_deck(SEED))
    assert [e.seq for e in reading.cards] == [*range(1, 10), *range(11, 54)]
    assert reading.cards[8].at <= cut.at <= reading.cards[9].at


def test_jam_and_door_are_reported_once_each_way_in_order(start_shoe) -> None:
    shoe = start_shoe("4:jam=0.3,4:door=0.3,9:error")
    with open_source(shoe.url()) as source:
        reading = read_until_empty(source)
    changes = [
        e.kind
        for e in reading.other
        if e.kind in ("shoe_jammed", "jam_cleared", "door_opened", "door_closed", "device_error")
    ]
    assert changes == ["door_opened", "door_closed", "shoe_jammed", "jam_cleared", "device_error"]
    (error,) = [e for e in reading.other if e.kind == "device_error"]
    assert (error.detail["code"], error.detail["text"]) == ("READER", "card reader fault")
    assert [e.card for e in reading.cards] == list(shuffled_deck(SEED))


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
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        event = source.read_event(timeout=0.2)
        if event is None:
            continue
        if event.kind == "card":
            return event
        session.hardware_event(event.to_dict(), source=source.url, at=event.at)
        if event.kind == "shoe_empty":
            return None
    pytest.fail("no card within 60 s")


def test_numbering_wraps_past_seq_max_through_a_drop_and_an_unplug(start_shoe) -> None:
    first = SEQ_MAX - 4  # a shoe that has dealt for weeks: card 6 is numbered 1
    shoe = start_shoe("5:drop,6:dup,8:unplug=0.4", first_seq=first)
    with open_source(shoe.url()) as source:
        reading = read_until_empty(source)
    assert [e.card for e in reading.cards] == list(shuffled_deck(SEED))
    assert [e.seq for e in reading.cards] == [seq_of_count(first - 1 + n) for n in range(1, 53)]
    assert reading.cards[5].seq == 1
    assert {"duplicate", "disconnected", "reconnected"} <= reading.kinds()
    assert "sequence_gap" not in reading.kinds()
    assert shoe.process.wait(timeout=5) == 0
