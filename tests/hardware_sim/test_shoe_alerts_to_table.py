"""A shoe's jam, opened door, device error and cut card, end to end: ``table sim-shoe`` on a real
pty, the serial driver, a TableSession playing Missouri City hands into a real hand log.

What the dealer must see is checked where the display reads it (the snapshot: the engine's
irregularity, the hardware notices); what the audit needs is read back from the hand log.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from drivers.base import CardSource
from drivers.registry import open_source
from table_controller.events import ACCEPT_CARD, NEW_DECK, CardArrived, Control
from table_controller.games import make_game
from table_controller.games.backhand.strategy import choose
from table_controller.hand_log import HandLog
from table_controller.hardware_alerts import CUT_CARD_NOTICE
from table_controller.runtime import TableSession

STANDING = ("jam", "door")  # the pit boss waits for these to end before accepting


@dataclass
class Table:
    """The dealer and the pit boss at a table, and what the dealer was shown."""

    session: TableSession
    holds: list[str] = field(default_factory=list)  # the irregularities the pit boss accepted
    shown: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (report, snapshot)
    hand_ids: list[str] = field(default_factory=list)

    def start_hand(self) -> None:
        self.session.submit(Control(NEW_DECK, by="dealer"), source="console:dealer")
        self.hand_ids.append(self.session.hand_id)

    def accept(self) -> None:
        irregularity = self.session.prompts().irregularity
        assert irregularity is not None
        self.holds.append(irregularity.reason)
        self.session.submit(Control(ACCEPT_CARD, by="pit_boss"), source="console:pit_boss")

    def step(self) -> bool:
        """Do what the table is waiting for, unless it waits for the shoe; True if it did."""
        prompts, expected = self.session.prompts(), self.session.expected()
        if prompts.irregularity is not None:
            if self.session.hardware.notices.keys() & set(STANDING):
                return False  # clear the jam, close the door first
            self.accept()
            return True
        if expected.hand_over or NEW_DECK in expected.controls:
            self.start_hand()
            return True
        decision = choose(self.session.game, self.session.state)
        if decision is not None:
            self.session.submit(decision, source="console:dealer")
        return decision is not None

    def take(self, source: CardSource) -> bool:
        """One report from the shoe; False once the shoe is empty."""
        event = source.read_event(timeout=0.2)
        if event is None:
            return True
        if event.kind == "card":
            self.session.submit(CardArrived(event.card), source=source.url, at=event.at)  # type: ignore[arg-type]
            return True
        self.session.hardware_event(event.to_dict(), source=source.url, at=event.at)
        self.shown.append((event.kind, self.session.snapshot()))
        return event.kind != "shoe_empty"


def play_the_shoe(table: Table, source: CardSource, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        while table.step():
            pass
        if not table.take(source):
            return
    pytest.fail("the shoe was not emptied in time")


def snapshot_after(table: Table, kind: str) -> dict[str, Any]:
    (snapshot,) = [s for k, s in table.shown if k == kind]
    return snapshot


def logged(log: HandLog, hand_ids: list[str]) -> list[tuple[str, dict[str, Any]]]:
    records = []
    for hand_id in dict.fromkeys(hand_ids):
        records += [(r.kind, r.payload) for r in log.read_hand(hand_id).records]
    return records


@pytest.fixture
def table(tmp_path: Path):
    log = HandLog.open(str(tmp_path / "hands.db"), key_path=tmp_path / "key", table_id="t1")
    session = TableSession(
        make_game("missouri-city"), table_id="t1", log=log, source_url="serial://pty"
    )
    yield Table(session)
    log.close()


def test_jam_door_and_error_during_a_hand_hold_it_for_the_pit_boss(start_shoe, table) -> None:
    shoe = start_shoe("7:jam=0.3,13:door=0.3,19:error")
    with open_source(shoe.url()) as source:
        table.start_hand()
        play_the_shoe(table, source)

    jammed = snapshot_after(table, "shoe_jammed")
    assert jammed["prompts"]["irregularity"]["kind"] == "hardware"
    reason = jammed["prompts"]["irregularity"]["reason"]
    assert "the shoe jammed during the hand: clear the jam" in reason
    assert jammed["hardware"]["notices"] == ["The shoe is jammed: clear it"]
    assert jammed["hardware"]["alerts"]["shoe_jammed"] == 1
    assert jammed["expected"]["deal"] is None  # nothing is dealt while the hand is held
    cleared = snapshot_after(table, "jam_cleared")
    assert cleared["hardware"]["notices"] == [] and cleared["prompts"]["irregularity"] is not None

    opened = snapshot_after(table, "door_opened")
    assert "door was opened during the hand" in opened["prompts"]["irregularity"]["reason"]
    assert opened["hardware"]["notices"] == ["The shoe's door is open"]
    error = snapshot_after(table, "device_error")
    reason = error["prompts"]["irregularity"]["reason"]
    assert "the shoe reported an error (READER: card reader fault)" in reason

    assert len(table.holds) == 3  # each accepted by the pit boss, then play went on
    assert table.session.hands_played >= 2
    records = logged(table.session.log, table.hand_ids)  # type: ignore[arg-type]
    hardware = [p["type"] for k, p in records if k == "hardware"]
    for kind in ("shoe_jammed", "jam_cleared", "door_opened", "door_closed", "device_error"):
        assert kind in hardware
    raised = [
        p["event"]["reason"]
        for k, p in records
        if k == "event" and p["event"]["type"] == "hardware_irregularity"
    ]
    assert raised == [r.split("; then: ")[0] for r in table.holds]
    accepted = [p for k, p in records if k == "event" and p["event"].get("control") == ACCEPT_CARD]
    assert len(accepted) == 3


def test_cut_card_tells_the_dealer_to_finish_the_hand_then_shuffle(start_shoe, table) -> None:
    shoe = start_shoe("9:cut")
    with open_source(shoe.url()) as source:
        table.start_hand()
        hand_at_cut = ""
        notice_at_hand_end: list[str] = []

        def watch(session: TableSession) -> None:
            nonlocal hand_at_cut
            if "cut_card" in session.hardware.notices and not hand_at_cut:
                hand_at_cut = session.hand_id
            if session.expected().hand_over and session.hand_id == hand_at_cut:
                notice_at_hand_end[:] = session.snapshot()["hardware"]["notices"]

        table.session.subscribe(watch)
        play_the_shoe(table, source)

    cut = snapshot_after(table, "cut_card")
    assert cut["hardware"]["notices"] == [CUT_CARD_NOTICE]
    assert "finish this hand, then shuffle" in CUT_CARD_NOTICE
    assert cut["prompts"]["irregularity"] is None  # not an irregularity: the hand goes on
    assert cut["expected"]["deal"] is not None or cut["expected"]["decisions"]
    assert notice_at_hand_end == [CUT_CARD_NOTICE]  # still shown when the hand ended
    assert table.holds == []
    # the next deck took it down (the shoe then ran empty mid-hand: that stands as its own notice)
    assert CUT_CARD_NOTICE not in table.session.snapshot()["hardware"]["notices"]
    records = logged(table.session.log, table.hand_ids)  # type: ignore[arg-type]
    (cut_record,) = [p for k, p in records if k == "hardware" and p["type"] == "cut_card"]
    assert cut_record["seq"] == 9
