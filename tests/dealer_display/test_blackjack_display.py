"""Blackjack on the dealer display, served by the same app: the autopilot plays whole rounds, the
pushed state carries each seat's hands, bets and what was paid, and the page draws it without an
error. The layout drawn from the game's spots, and whole rounds played on the page, are
test_blackjack_rounds_browser.py."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser

from dealer_display.app import create_app
from table_controller.games import make_game
from table_controller.runtime import TableSession
from tests.dealer_display.conftest import LOOPBACK_CLIENT
from tests.dealer_display.live import display_settings, live_table
from tests.dealer_display.screen import ARTIFACTS, FITS, OVERFLOWS, open_console


def test_the_autopilot_plays_blackjack_rounds_on_the_display() -> None:
    shoe = "sim://?seed=3&decks=6"
    settings = display_settings(shoe, autopilot=True, autopilot_hands=3, pace=0.0)
    session = TableSession(make_game("blackjack", seats=3), source_url=shoe)
    with TestClient(
        create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
    ) as client:
        while session.hands_played < 3 and session.prompts().irregularity is None:
            time.sleep(0.02)
        state = client.get("/api/state").json()["state"]
    assert session.prompts().irregularity is None
    seat = state["prompts"]["seats"][0]
    assert seat["figures"]["main"] == 1000 and seat["figures"]["hands"]
    assert state["game"]["game"] == "blackjack" and state["hands_played"] >= 3


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_the_page_draws_seven_seats_of_blackjack_and_fits(
    browser: Browser, width: int, height: int
) -> None:
    with live_table(
        "sim://?seed=3&decks=6",
        game=make_game("blackjack", seats=7),
        autopilot=True,
        autopilot_hands=2,
        pace=0.0,
    ) as table:
        page = open_console(browser, table, width, height)
        page.wait_for_function(
            "window.tableDisplay.message && window.tableDisplay.message.state.hands_played >= 2",
            timeout=120_000,
        )
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


def test_a_round_entered_by_hand_through_the_api_example_2(tmp_path) -> None:
    """The rules document's example 2 entered as a dealer would: bets, cards from the shoe,
    insurance with its amount, every payment confirmed; the round balances to the cent."""
    from hardware_sim.decks import write_deck_file
    from table_controller.cards import parse_card
    from tests.dealer_display.conftest import DEALER, deal

    deck = tmp_path / "deck.txt"
    write_deck_file(deck, [parse_card(c) for c in "2C 8S 10H AC 8D 9S KD".split()])  # 2C is burned
    settings = display_settings(f"sim://?deck={deck}")
    session = TableSession(make_game("blackjack", seats=2), source_url=settings.cards_url)
    with TestClient(
        create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
    ) as client:
        post = lambda path, body=None: client.post(path, json=body, headers=DEALER)  # noqa: E731
        assert post("/api/control", {"control": "new_deck"}).status_code == 200
        deal(client)  # the burn
        for seat, bet, amount in (
            ("seat1", "main", 2000),
            ("seat1", "side", 500),
            ("seat2", "main", 1000),
        ):
            assert (
                post("/api/wager", {"seat": seat, "bet": bet, "amount": amount}).status_code == 200
            )
        refused = post("/api/wager", {"seat": "seat2", "bet": "side", "amount": 5000})
        assert (
            refused.status_code == 409
            and "may not exceed the seat's main bet" in refused.json()["detail"]
        )
        for _ in range(6):  # each seat's two cards, the dealer's ace up and the hole card
            deal(client)
        assert post("/api/decision", {"seat": "seat1", "action": "no_insurance"}).status_code == 200
        assert (
            post(
                "/api/decision", {"seat": "seat2", "action": "insurance", "amount": 500}
            ).status_code
            == 200
        )
        instructions = []
        while session.expected().payment is not None:
            instructions.append(session.prompts().dealer_instruction)
            assert post("/api/control", {"control": "paid"}).status_code == 200
        assert session.expected().hand_over
    assert instructions[-1] == "Pay SEAT 1 side bet, pair and dealer blackjack, 50 to 1: $250.00"
    nets = {s: r.details["net"] for s, r in session.game.result(session.state).seats.items()}
    assert nets == {"seat1": 23000, "seat2": 0}


def test_bets_are_entered_by_keyboard_a_seat_number_then_an_amount(browser: Browser) -> None:
    with live_table(
        "sim://?seed=4&decks=6", game=make_game("blackjack", seats=3, switches={"B13": "0"})
    ) as table:
        page = open_console(browser, table, 1280, 800)
        page.click("#btn-new-deck")
        page.wait_for_function("window.tableDisplay.message.state.expected.controls.length === 1")
        page.keyboard.press("2")
        assert page.evaluate("document.activeElement.id") == "bet-main"
        page.keyboard.type("25")
        page.keyboard.press("Tab")
        page.keyboard.type("5")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "window.tableDisplay.message.state.prompts.seats[1].figures.side === 500"
        )
        seat2 = table.session.snapshot()["prompts"]["seats"][1]["figures"]
        assert (seat2["main"], seat2["side"]) == (2500, 500)
        assert page.inner_text("#instruction") == "Deal SEAT 2 first card"
        page.wait_for_function(
            "document.activeElement.tagName !== 'INPUT'"
        )  # the bet is placed: keys are the console's
        page.keyboard.press("d")
        page.wait_for_function(
            "window.tableDisplay.message.state.prompts.seats[1].figures.hands.length === 1"
        )
        assert page.is_visible("#btn-paid") and page.is_disabled("#btn-paid")  # nothing to pay yet
        page.close()
