"""High Card, a game only the tests know (tests/high_card.py, registered here and nowhere else), on
the display in headless Chromium: its layout drawn by the one renderer from the spots it declares,
a hand played at the dealer's console by its keys (bets, cards, payments) and watched on a public
page, both at 1280x800 and 1920x1080, the layout check passing at every moment. No file of the
shell names the game. Screenshots: test-artifacts/high-card-<moment>-<page>.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from table_controller import games
from table_controller.contract import SpotContent
from table_controller.engine import Spot
from tests.dealer_display.layout_check import layout_problems
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import screen, shot
from tests.high_card import RECORD, Hand, HighCardGame

SIZES = [(1280, 800), (1920, 1080)]
STAKES = {
    1: "10",
    2: "25",
    3: "5",
    4: "100",
    5: "15",
    6: "20",
    7: "40",
}  # dollars typed for each seat
# Where each declared spot is drawn: its centre, as a share of the felt's width and height.
PLACES = """() => {
  const felt = document.querySelector("#layout > .spot-felt").getBoundingClientRect();
  return Object.fromEntries([...document.querySelectorAll("#layout [data-spot]")].map((node) => {
    const r = node.getBoundingClientRect();
    const x = (r.left + r.width / 2 - felt.left) / felt.width;
    return [node.dataset.spot, [x, (r.top + r.height / 2 - felt.top) / felt.height]];
  }));
}"""
CARD_HEIGHTS = (
    """() => [...document.querySelectorAll("#layout .card")].map((c) => c.offsetHeight)"""
)


@pytest.fixture(scope="module", autouse=True)
def high_card() -> Iterator[None]:
    games.register(RECORD)
    yield
    games.unregister(RECORD.id)


def open_pages(browser: Browser, table: LiveTable) -> dict[str, Page]:
    pages = {}
    for width, height in SIZES:
        for key, url in (("console", table.console_url), ("watching", table.url)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.errors = []  # type: ignore[attr-defined]
            page.on("pageerror", lambda exc, page=page: page.errors.append(str(exc)))  # type: ignore[attr-defined]
            page.goto(url)
            page.wait_for_function("window.tableDisplay && window.tableDisplay.messages > 0")
            pages[f"{key}-{width}x{height}"] = page
    return pages


def act(table: LiveTable, pages: dict[str, Page], action: Any) -> None:
    """Do ``action`` at the console; return once the table moved and every page drew it."""
    before = table.version
    action()
    console = pages["console-1280x800"]
    console.wait_for_function(f"window.tableDisplay.message.version > {before}")
    for page in pages.values():
        page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")


def look(table: LiveTable, pages: dict[str, Page], moment: str) -> list[str]:
    """Every page: photographed, checked as a dealer reads it, and its spots as the table has them."""
    problems = []
    state = table.session.state
    for key, page in pages.items():
        page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")
        shot(page, f"high-card-{len(state.seats)}-seats-{moment}-{key}.png")
        problems += [
            f"{moment} {key}: {p}"
            for p in layout_problems(page, view_only=key.startswith("watching"))
        ]
        drawn = screen(page)["spots"]
        for who, card in state.cards.items():
            assert drawn[f"{who}/card"] == [card.code], (moment, key, who)
        settled = {p.seat: p.net for p in state.settled}
        for seat, stake in state.bets.items():  # a bet settled: taken, paid beside it, or returned
            circle = page.locator(f'[data-spot="{seat}/bet"] .bet-circle')
            net = settled.get(seat)
            amount = "" if net is not None and net < 0 else f"${stake // 100}"
            assert circle.locator(".chip-amount").text_content() == amount, (moment, key, seat)
            drawn = {"paid": f"+${net // 100}" if net and net > 0 else None}
            assert circle.locator(".chip-paid").count() == (drawn["paid"] is not None)
            if drawn["paid"]:
                assert circle.locator(".chip-paid").text_content() == drawn["paid"]
            said = None if net is None else "lost" if net < 0 else "paid" if net else "returned"
            assert circle.get_attribute("data-settled") == said, (moment, key, seat)
    return problems


@pytest.mark.parametrize("seats", [3, 7])
def test_a_game_only_the_tests_know_is_drawn_from_its_spots_and_played(
    browser: Browser, seats: int
) -> None:
    game = games.make_game(RECORD.id, seats=seats)
    stakes = {n: STAKES[n] for n in range(1, seats + 1)}
    with live_table("sim://?seed=7", game=game) as table:
        pages = open_pages(browser, table)
        console = pages["console-1280x800"]
        try:
            # every spot the game declares, drawn where it lies on the felt
            declared = {s.name: (s.x, s.y) for s in game.layout(None)}
            for key, page in pages.items():
                places = page.evaluate(PLACES)
                assert set(places) == set(declared), key
                for name, (x, y) in declared.items():
                    assert places[name] == pytest.approx([x, y], abs=0.01), (key, name)
            problems = look(table, pages, "before")
            act(table, pages, lambda: console.keyboard.press("n"))
            for seat, dollars in stakes.items():  # a seat's number, its bet, Enter
                act(
                    table,
                    pages,
                    lambda seat=seat, dollars=dollars: place_bet(console, seat, dollars),
                )
            problems += look(table, pages, "bets")
            act(table, pages, lambda: console.keyboard.press("o"))  # DONE: the bets are closed
            for _ in range(seats + 1):  # the seats, then the dealer
                act(table, pages, lambda: console.keyboard.press("d"))
            problems += look(table, pages, "dealt")
            for key, page in pages.items():  # cards as large as the felt allows, 80 px at least
                least = 80 * page.viewport_size["height"] / 800  # type: ignore[index]
                assert min(page.evaluate(CARD_HEIGHTS)) >= least, key
            while table.session.expected().payment is not None:
                act(table, pages, lambda: console.keyboard.press("c"))
            assert table.session.expected().hand_over
            problems += look(table, pages, "settled")
            result = screen(console)["result"]
            assert result is not None and result["headline"] == "HAND OVER"
            paid = {p.seat: p.net for p in table.session.state.settled}
            assert set(paid) == {f"seat{n}" for n in stakes}
            for seat, net in paid.items():
                outcome = console.text_content(f'.seat-panel[data-seat="{seat}"] .outcome')
                assert (
                    outcome
                    == {1: "successful", 0: "stalemate", -1: "unsuccessful"}[(net > 0) - (net < 0)]
                )
        finally:
            errors = [e for page in pages.values() for e in page.errors]  # type: ignore[attr-defined]
            for page in pages.values():
                page.close()
        assert errors == []
        assert problems == [], "\n".join(problems)


def place_bet(console: Page, seat: int, dollars: str) -> None:
    console.keyboard.press(str(seat))
    console.keyboard.type(dollars)
    console.keyboard.press("Enter")


class DealerCardDown(HighCardGame):
    """High Card with the dealer's card lying face down: the one renderer draws it as a back on
    the public page and, marked hidden, face up on the dealer's console. A plaque says the pay."""

    def layout(self, state: Hand | None = None) -> tuple[Spot, ...]:
        return (*super().layout(state), Spot("pays", 0.8, 0.22, "plaque", None, "wins pay 1 to 1"))

    def on_spots(self, state: Hand) -> dict[str, SpotContent]:
        out = super().on_spots(state)
        if "dealer/card" in out:
            out["dealer/card"] = SpotContent(out["dealer/card"].cards, (True,))
        return out


def test_a_card_declared_face_down_is_a_back_on_the_public_page(browser: Browser) -> None:
    with live_table("sim://?seed=7", game=DealerCardDown(1)) as table:
        pages = open_pages(browser, table)
        console = pages["console-1280x800"]
        try:
            act(table, pages, lambda: console.keyboard.press("n"))
            act(table, pages, lambda: place_bet(console, 1, "10"))
            act(table, pages, lambda: console.keyboard.press("o"))
            act(table, pages, lambda: console.keyboard.press("d"))
            act(table, pages, lambda: console.keyboard.press("d"))
            code = table.session.state.cards["dealer"].code
            dealer = '[data-spot="dealer/card"] .card'
            for key, page in pages.items():
                shot(page, f"high-card-face-down-{key}.png")
                assert page.text_content('[data-spot="pays"]') == "wins pay 1 to 1"
                assert layout_problems(page, view_only=key.startswith("watching")) == []
                if key.startswith("console"):
                    assert page.get_attribute(dealer, "data-code") == code
                    assert "hidden-card" in (page.get_attribute(dealer, "class") or "")
                else:
                    assert page.get_attribute(dealer, "class") == "card back"
                    assert page.get_attribute(dealer, "data-code") is None
        finally:
            errors = [e for page in pages.values() for e in page.errors]  # type: ignore[attr-defined]
            for page in pages.values():
                page.close()
        assert errors == []
