"""Luck of the Draw on the dealer display: a hand played at the console in headless Chromium (the
board laid, four positions picked and the high and low chosen by clicking the board, the wager
typed, the bonus card dealt, the payment confirmed) with the board cards read as a camera would,
and the instruction, the board and the money on screen checked against the engine; and hands
played by the autopilot."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page

from table_controller.cards import parse_card
from table_controller.events import CardArrived
from table_controller.games import make_game
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import ARTIFACTS, open_console, spoken

SHOE = "sim://?seed=8&jokers=2"
BOARD = ["KS", "AS", "QS", "JS", "4S", "10S", "9S", "8S", "DV", "7S", "6S", "5S", "AH", "3S", "2S"]


def act(page: Page, table: LiveTable, do: Any) -> dict[str, Any]:
    before = table.session.state
    do()
    deadline = time.monotonic() + 60
    while table.session.state is before:
        assert time.monotonic() < deadline, (
            f"the table did not take it: {page.inner_text('#refusal')}"
        )
        time.sleep(0.01)
    page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")
    snap = table.session.snapshot()
    assert page.inner_text("#instruction") == spoken(page, snap["prompts"]["dealer_instruction"])
    for pos, code in snap["prompts"]["figures"]["board"].items():
        assert page.locator(f'[data-spot="board/{pos}"] .card[data-code="{code}"]').count() == 1
    return snap


def camera_reads(table: LiveTable, pos: int) -> None:
    table.session.submit(CardArrived(parse_card(BOARD[pos - 1]), f"board/{pos}"), source="camera")


def test_a_hand_at_the_console(browser: Browser) -> None:
    with live_table(SHOE, game=make_game("luck-of-the-draw")) as table:
        page = open_console(browser, table, 1280, 800)
        act(page, table, lambda: page.click("#btn-new-deck"))
        snap = act(page, table, lambda: page.keyboard.press("g"))
        assert (
            snap["prompts"]["dealer_instruction"] == "SEAT 1: pick four board positions (0 picked)"
        )
        for pos in (2, 5, 9, 13):
            act(
                page, table, lambda pos=pos: page.click(f'#layout button[data-action="pick_{pos}"]')
            )
        for pos in (2, 5, 9, 13):
            act(page, table, lambda pos=pos: camera_reads(table, pos))
        assert page.locator("#layout button.ld-choose").count() == 3  # the Devil is never chosen
        act(page, table, lambda: page.click('#layout button[data-action="high_2"]'))
        act(page, table, lambda: page.click('#layout button[data-action="low_5"]'))
        assert page.inner_text("#amount-up-to-words") == "Wager"
        page.fill("#amount-up-to-value", "50")
        snap = act(page, table, lambda: page.click('.seat-panel button[data-action="wager"]'))
        assert snap["prompts"]["seats"][0]["figures"]["wager"] == 5000
        assert page.locator('.seat-panel [data-field="wager"]').inner_text() == "$50.00"
        act(page, table, lambda: page.keyboard.press("d"))  # the bonus card from the 54-card shoe
        for pos in range(1, 16):
            if pos not in (2, 5, 9, 13):
                act(page, table, lambda pos=pos: camera_reads(table, pos))
        payment = table.session.expected().payment
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "luck-of-the-draw-payment.png"))
        snap = act(page, table, lambda: page.keyboard.press("c"))
        assert snap["expected"]["hand_over"]
        net = snap["prompts"]["seats"][0]["figures"]["net"]
        assert net == payment.net
        shown = page.locator('.seat-panel [data-field="net"]').inner_text()
        assert shown == ("+" if net > 0 else "-" if net < 0 else "") + f"${abs(net) / 100:.2f}"
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


def test_the_autopilot_plays_hands_on_the_page(browser: Browser) -> None:
    with live_table(
        SHOE, game=make_game("luck-of-the-draw"), autopilot=True, autopilot_hands=3, pace=0.0
    ) as table:
        page = open_console(browser, table, 1280, 800)
        page.wait_for_function(
            "window.tableDisplay.message && window.tableDisplay.message.state.hands_played >= 3",
            timeout=120_000,
        )
        assert page.errors == [] and table.session.prompts().irregularity is None  # type: ignore[attr-defined]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "luck-of-the-draw-autopilot.png"))
        page.close()
