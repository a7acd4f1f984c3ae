"""Blackjack on the dealer display, served by the same app: the autopilot plays whole rounds, the
pushed state carries each seat's hands, bets and what was paid, and the page draws it without an
error. (The blackjack layout of issue 11's display part is still to come: this is the floor.)"""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from playwright.sync_api import Browser

from dealer_display.app import create_app
from table_controller.games import make_game
from table_controller.runtime import TableSession
from tests.dealer_display.conftest import LOOPBACK_CLIENT
from tests.dealer_display.live import display_settings, live_table
import pytest

from tests.dealer_display.screen import ARTIFACTS, FITS, OVERFLOWS, open_console


def test_the_autopilot_plays_blackjack_rounds_on_the_display() -> None:
    shoe = "sim://?seed=3&decks=6"
    settings = display_settings(shoe, autopilot=True, autopilot_hands=3, pace=0.0)
    session = TableSession(make_game("blackjack", seats=3), source_url=shoe)
    with TestClient(create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1") as client:
        while session.hands_played < 3 and session.prompts().irregularity is None:
            time.sleep(0.02)
        state = client.get("/api/state").json()["state"]
    assert session.prompts().irregularity is None
    seat = state["prompts"]["seats"][0]
    assert seat["figures"]["main"] == 1000 and seat["figures"]["hands"]
    assert state["game"]["game"] == "blackjack" and state["hands_played"] >= 3


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_the_page_draws_seven_seats_of_blackjack_and_fits(browser: Browser, width: int, height: int) -> None:
    with live_table("sim://?seed=3&decks=6", game=make_game("blackjack", seats=7), autopilot=True,
                    autopilot_hands=2, pace=0.0) as table:
        page = open_console(browser, table, width, height)
        page.wait_for_function("window.tableDisplay.message && window.tableDisplay.message.state.hands_played >= 2",
                               timeout=120_000)
        assert page.errors == []  # type: ignore[attr-defined]
        assert page.locator(".bj-seat").count() == 7 and page.locator(".seat-panel").count() == 7
        assert page.inner_text("#game-title") == "Blackjack \u00b7 Dead Man's Hand"
        state = table.session.snapshot()
        seat1 = state["prompts"]["seats"][0]["figures"]
        drawn = page.locator('.bj-seat[data-seat="seat1"] .bj-total').all_inner_texts()
        assert drawn == [h["total_words"] for h in seat1["hands"]]
        assert page.evaluate(FITS), "the page scrolls"
        assert page.evaluate(OVERFLOWS) == [], "the layout or a seat panel runs under the console"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"blackjack-7-seats-{width}x{height}.png"))
        page.close()
