"""The camera's ``card_gone`` reports (issue 6): a card collected after the result, or one
the engine moved, is logged but is nothing the dealer must act on, so the page's hardware line
stays clean; a card leaving a live hand still shows (as an irregularity, or once the hand is
held as a ``camera_mismatch`` warning)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from dealer_display.table import DisplayTable
from drivers.base import SourceEvent
from drivers.registry import open_source
from hardware_sim.camera import SimCamera
from table_controller.cards import parse_card
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.hand_log.store import open_store
from table_controller.runtime import TableSession
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import CHROMIUM, CHROMIUM_ARGS

SHOE, CAMERA = "sim://?seed=3", "sim-camera://?seed=3"


@pytest.fixture
def logged(tmp_path: Path) -> Iterator[tuple[HandLog, str]]:
    db = str(tmp_path / "hands.db")
    log = HandLog.open(db, key_path=tmp_path / "key")
    yield log, db
    log.close()


def wait_for(check: Callable[[], bool], what: str, timeout: float = 240) -> None:
    """Wait for a condition; the bound only ends a test that hangs (the simulated camera enrols its
    deck and reads every frame on a CPU that may be shared: seconds a card on a busy machine)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def camera_of(table: LiveTable) -> SimCamera:
    camera = table.app.state.table.camera
    assert isinstance(camera, SimCamera)
    return camera


def logged_card_gone(db: str) -> list[dict[str, Any]]:
    """Every camera report of a card leaving, in a hand or between hands (after a result)."""
    with open_store(db, create=False) as store:
        return [
            r.payload
            for r in store.records(kinds=["hardware"])
            if r.payload.get("reason") == "card_gone"
        ]


def hardware_line(url: str) -> str:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("() => window.tableDisplay.message !== null")
        text = page.text_content("#hardware") or ""
        browser.close()
    return text


def test_cards_collected_after_the_result_show_no_warning_and_stay_in_the_log(logged) -> None:
    log, db = logged
    with live_table(
        SHOE, log=log, camera_url=CAMERA, autopilot=True, autopilot_hands=1, pace=0.1
    ) as table:
        session = table.session
        wait_for(lambda: session.hands_played == 1, session.prompts().dealer_instruction)
        witness = table.app.state.table.witness
        wait_for(lambda: not witness.to_dict()["unconfirmed"], "the camera confirms the last cards")
        camera = camera_of(table)
        on_layout = sum(len(camera.cards_on(spot)) for spot in camera.layout.spots)
        for spot in camera.layout.spots:  # the dealer collects the cards; the result is still up
            camera.take(spot)
        wait_for(
            lambda: session.hardware.noted["card_gone"] >= on_layout, "the camera sees them go"
        )
        hardware = session.snapshot()["hardware"]
        line = hardware_line(table.url)
    assert on_layout >= 7
    assert hardware["alerts"] == {} and hardware["warnings"] == []
    assert witness.to_dict()["mismatches"] == 0 and session.prompts().irregularity is None
    assert line == "Shoe connected \u00b7 Camera connected"  # and nothing else: no warning
    gone = logged_card_gone(db)
    assert len(gone) == on_layout and all(g["source"] == CAMERA for g in gone)


def test_a_card_leaving_a_live_hand_still_shows(logged) -> None:
    log, db = logged
    with live_table(SHOE, log=log, camera_url=CAMERA) as table:
        session = table.session
        _deal(table, 3)
        camera_of(table).take("S2")
        wait_for(lambda: session.prompts().irregularity is not None, "the removal holds the hand")
        assert session.prompts().irregularity.reason.startswith(
            "10H left S2 while the hand is live"
        )
        camera_of(table).take("S1")  # the hand is held: a further removal is a warning
        wait_for(
            lambda: "camera_mismatch" in session.hardware.to_dict()["alerts"], "the warning shows"
        )
        line = hardware_line(table.url)
    assert "camera mismatch \u00d71" in line
    assert [g["card"] for g in logged_card_gone(db)] == ["10H", "AC"]


def _deal(table: LiveTable, count: int) -> None:
    """NEW DECK and ``count`` cards from the simulated shoe, each confirmed by the camera."""
    import httpx2

    headers = {"X-Dealer-Token": table.settings.dealer_token}
    with httpx2.Client(base_url=table.url) as client:
        assert (
            client.post("/api/control", json={"control": "new_deck"}, headers=headers).status_code
            == 200
        )
        for _ in range(count):
            assert client.post("/api/deal", headers=headers).status_code == 200
    witness = table.app.state.table.witness
    wait_for(lambda: witness.to_dict()["confirmed"] >= count, "the camera confirms the cards")


def _gone(code: str, spot: str) -> SourceEvent:
    return SourceEvent(
        "warning", "camera:///frames/", 1.0, spot=spot, detail={"reason": "card_gone", "card": code}
    )


def test_a_camera_card_source_alerts_only_for_a_card_leaving_the_live_layout() -> None:
    session = TableSession(make_game("missouri-city"))
    with open_source("sim://?seed=1") as shoe:
        display = DisplayTable(session, shoe)
        session.submit(Control(NEW_DECK, by="dealer"), source="console:dealer")
        spot = session.expected().deal.spot
        session.submit(CardArrived(parse_card("9C"), spot), source="camera")
        display.deliver(_gone("4D", spot))  # never on the layout: a card passing by
        assert (
            session.hardware.to_dict()["alerts"] == {} and session.hardware.noted["card_gone"] == 1
        )
        display.deliver(_gone("9C", spot))  # dealt and still in play
    assert session.hardware.to_dict()["alerts"] == {"card_gone": 1}
    assert session.hardware.warnings[-1]["card"] == "9C"


def test_a_witnessing_camera_s_own_reports_are_logged_and_the_witness_says_what_matters() -> None:
    session = TableSession(make_game("missouri-city"))
    with open_source("sim://?seed=1") as shoe, open_source(CAMERA) as camera:
        display = DisplayTable(session, shoe, camera)
        display.deliver_sighting(
            SourceEvent("unreadable_card", CAMERA, 1.0, spot="S1", detail={"confidence": 0.2})
        )
        display.deliver_sighting(_gone("9C", "S1"))
        display.deliver_sighting(
            SourceEvent("disconnected", CAMERA, 1.0, detail={"reason": "unplugged"})
        )
    assert session.hardware.noted == {"unreadable_card": 1, "card_gone": 1}
    assert session.hardware.to_dict()["alerts"] == {
        "disconnected": 1
    }  # the camera itself still alerts
