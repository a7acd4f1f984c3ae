"""Backhand with three to six seats in a real headless Chromium: every state a dealer sees -
dealing, decisions, the result, a hand held for the pit boss, the shoe's notices banner, and
held with the notices - fits 1280x800 and 1920x1080: no scrolling, no panel spilling, nothing
under the console, seat names on one line and cards drawn upright at a readable size."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page

from drivers.base import SourceEvent, now
from table_controller.games import make_game
from table_controller.games.backhand.strategy import choose
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import (
    CARD_SIZE,
    FITS,
    OVERFLOWS,
    SPILLS,
    WRAPPED,
    open_console,
    shot,
)

SIZES = [(1280, 800), (1920, 1080)]


class Dealer:
    """Works the table from the console page (the first); every page must have drawn each step."""

    def __init__(self, table: LiveTable, pages: list[Page]) -> None:
        self.table, self.pages, self.console = table, pages, pages[0]
        self.display = table.app.state.table

    def act(self, action: Callable[[], object]) -> None:
        before = self.table.version
        action()
        deadline = time.monotonic() + 60
        while self.table.version == before:
            assert time.monotonic() < deadline, "the table never saw the action"
            time.sleep(0.005)
        for page in self.pages:
            page.wait_for_function(f"window.tableDisplay.message.version >= {self.table.version}")

    def key(self, key: str) -> None:
        self.act(lambda: self.console.keyboard.press(key))

    def stray_card(self) -> None:
        """The shoe gives a card nobody asked for: the hand is held for the pit boss."""
        self.act(self.display.source.deal_next)

    def accept(self) -> None:
        self.console.click("#btn-accept")
        self.console.fill("#pin-input", self.table.settings.pit_boss_pin)
        self.act(lambda: self.console.click("#pin-ok"))

    def cut_card(self) -> None:
        """The shoe reaches its cut card: the report as a shoe makes it, via the table's loop."""
        cut = SourceEvent("cut_card", self.display.source.url, now(), seq=None)
        self.act(lambda: self.display._loop.call_soon_threadsafe(self.display.deliver, cut))

    def deal_to_a_decision(self) -> None:
        while not self.table.session.expected().decisions:
            self.key("d")

    def play_out(self) -> None:
        session = self.table.session
        while not session.expected().hand_over:
            decision = choose(session.game, session.state)
            if decision is None:
                self.key("d")
                continue
            panel = f'.seat-panel[data-seat="{decision.seat}"]'
            button = f'{panel} button[data-action="{decision.action}"]'
            self.act(lambda button=button: self.console.click(button))


def check_fits(dealer: Dealer, state: str, *, held: bool, noticed: bool) -> None:
    for page in dealer.pages:
        size = page.viewport_size
        assert size is not None
        where = f"{state} at {size['width']}x{size['height']}"
        assert page.is_visible("#irregularity") == held, where
        assert page.is_visible("#notices") == noticed, where
        assert page.evaluate(FITS), f"the page scrolls: {where}"
        assert page.evaluate(SPILLS) == 0, f"a seat panel's contents spill out: {where}"
        assert page.evaluate(OVERFLOWS) == [], f"runs under the console: {where}"
        assert page.evaluate(WRAPPED) == [], f"a seat name or badge breaks onto two lines: {where}"
        card = page.evaluate(CARD_SIZE)
        assert card["height"] >= 0.075 * size["height"], f"cards too small to read: {card} {where}"
        assert 0.65 < card["ratio"] < 0.75, f"cards not drawn upright: {card} {where}"


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_backhand_seats_fit_the_screen_in_every_state(browser: Browser, seats: int) -> None:
    with live_table("sim://?seed=5", game=make_game("backhand", seats=seats)) as table:
        pages = [open_console(browser, table, *size) for size in SIZES]
        dealer = Dealer(table, pages)
        dealer.key("n")
        dealer.key("d")
        check_fits(dealer, "dealing", held=False, noticed=False)
        looks = pages[0].eval_on_selector_all(".seat-head svg", "els => els.map(e => e.outerHTML)")
        assert len(looks) == seats and len(set(looks)) == seats  # a colour and shape for each seat
        dealer.deal_to_a_decision()
        check_fits(dealer, "decisions", held=False, noticed=False)
        dealer.stray_card()
        check_fits(dealer, "held", held=True, noticed=False)
        dealer.accept()
        dealer.play_out()
        check_fits(dealer, "result", held=False, noticed=False)
        shot(pages[0], f"backhand-{seats}-seats-result-1280x800.png")
        dealer.cut_card()
        check_fits(dealer, "result with the notices", held=False, noticed=True)
        dealer.stray_card()  # a card after the result: held between hands, the result stands
        check_fits(dealer, "result held with the notices", held=True, noticed=True)
        assert pages[0].is_disabled("#btn-void") and pages[0].is_enabled("#btn-accept")
        dealer.accept()
        dealer.key("n")  # the shuffle the cut card called for takes the notice down
        dealer.cut_card()  # and the next shoe reaches its cut card early in the hand
        dealer.key("d")
        check_fits(dealer, "dealing with the notices", held=False, noticed=True)
        dealer.deal_to_a_decision()
        check_fits(dealer, "decisions with the notices", held=False, noticed=True)
        dealer.stray_card()
        check_fits(dealer, "held with the notices", held=True, noticed=True)
        for page, (width, height) in zip(pages, SIZES, strict=True):
            shot(page, f"backhand-{seats}-seats-held-noticed-{width}x{height}.png")
            assert page.errors == []  # type: ignore[attr-defined]
            page.close()
