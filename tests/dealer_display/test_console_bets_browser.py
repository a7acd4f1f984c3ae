"""The bet form in a real headless Chromium: money is placed only when typed for that seat, and
while the bets are taken the lit button is the one that places them, not New deck."""

from __future__ import annotations

from playwright.sync_api import Browser

from table_controller.games import make_game
from tests.dealer_display.live import live_table
from tests.dealer_display.screen import open_console

WARN = "rgb(255, 179, 0)"


def bets(table: object, seat: int) -> tuple[int, int]:
    f = table.session.snapshot()["prompts"]["seats"][seat - 1]["figures"]  # type: ignore[attr-defined]
    return f["main"], f["side"]


def test_a_side_bet_typed_for_one_seat_is_never_placed_on_the_next(browser: Browser) -> None:
    with live_table(
        "sim://?seed=4&decks=6", game=make_game("blackjack", seats=3, switches={"B13": "0"})
    ) as table:
        page = open_console(browser, table, 1280, 800)
        page.click("#btn-new-deck")
        page.wait_for_function("window.tableDisplay.message.state.expected.controls.length === 1")
        page.keyboard.press("1")
        page.keyboard.type("25")
        page.keyboard.press("Tab")
        page.keyboard.type("5")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "window.tableDisplay.message.state.prompts.seats[0].figures.side === 500"
        )
        # the dealer types the next seat in the form's own field, a main bet, and Enter
        page.fill("#bet-seat", "")
        page.click("#bet-seat")
        page.keyboard.type("2")
        page.keyboard.press("Tab")
        page.keyboard.type("10")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "window.tableDisplay.message.state.prompts.seats[1].figures.main === 1000"
        )
        page.wait_for_function("document.activeElement.tagName !== 'INPUT'")
        assert bets(table, 2) == (1000, 0)  # no $5 side bet nobody typed
        assert page.input_value("#bet-main") == "" and page.input_value("#bet-side") == ""
        # and by the keys alone: seat 3 gets only its main bet
        page.keyboard.press("3")
        page.keyboard.type("15")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "window.tableDisplay.message.state.prompts.seats[2].figures.main === 1500"
        )
        assert bets(table, 3) == (1500, 0)
        assert bets(table, 1) == (2500, 500)
        page.close()


def test_while_the_bets_are_taken_placing_them_is_the_lit_button(browser: Browser) -> None:
    with live_table(
        "sim://?seed=4&decks=6", game=make_game("blackjack", seats=3, switches={"B13": "0"})
    ) as table:
        page = open_console(browser, table, 1280, 800)
        page.click("#btn-new-deck")
        page.wait_for_function(
            "window.tableDisplay.message.state.prompts.dealer_instruction.startsWith('Take the bets')"
        )
        background = "(sel) => getComputedStyle(document.querySelector(sel)).backgroundColor"
        assert page.evaluate(background, "#btn-bet") == WARN
        assert (
            page.evaluate(background, "#btn-new-deck") == "rgba(0, 0, 0, 0)"
        )  # outlined: not the next step
        assert page.is_enabled("#btn-new-deck")  # still there for a new shoe
        page.close()


def test_the_bet_form_shows_only_while_the_game_takes_bets(browser: Browser) -> None:
    """Once the first card is out the bets are locked (BJ-1): the form goes, so no Place button
    stays lit through the hand and after it (it stayed, the game declaring nothing)."""
    with live_table(
        "sim://?seed=4&decks=6", game=make_game("blackjack", seats=3, switches={"B13": "0"})
    ) as table:
        page = open_console(browser, table, 1280, 800)
        page.click("#btn-new-deck")
        page.wait_for_function(
            "window.tableDisplay.message.state.prompts.dealer_instruction.startsWith('Take the bets')"
        )
        assert page.is_visible("#bets")
        page.fill("#bet-seat", "1")
        page.fill("#bet-main", "10")
        page.click("#btn-bet")
        page.wait_for_function(
            "window.tableDisplay.message.state.prompts.seats[0].figures.main === 1000"
        )
        page.click("#btn-deal")  # the first card: the bets are locked
        page.wait_for_function("window.tableDisplay.message.console.bets_open === false")
        page.wait_for_selector("#bets", state="hidden")
        assert table.session.game.bets_open(table.session.state) is False
        page.close()
