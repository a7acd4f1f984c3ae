"""A bet once settled, as the felt shows it (issue 40): a Dead Man's Hand side bet lost at the
deal leaves its circle empty, one paid shows its winnings beside the stake, on the public page
and on the dealer's console; the main bets lost at the end go the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from table_controller.games import make_game
from tests.dealer_display.blackjack_rounds import Round, api_play
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import open_console, shot

# SEAT 1 KH 5D (no ace or eight: its side bet lost at the deal), SEAT 2 AH 7S (one ace: 2 to 1),
# the dealer 9C up, 10D in the hole; both seats stand and lose their main bets to 19
SIDE_BETS = Round(
    seats=2,
    bets={1: (1000, 500), 2: (1000, 500)},
    cards=("KH", "AH", "9C", "5D", "7S", "10D"),
    decisions=(("seat1", "stand", None), ("seat2", "stand", None)),
)

CIRCLES = """() => Object.fromEntries([...document.querySelectorAll('#layout .bet-circle')].map((c) => [
  c.dataset.spot,
  [c.querySelector('.chip-amount').textContent, c.querySelector('.chip-kind').textContent, c.dataset.settled || ''],
]))"""


def circles(page: Page, table: LiveTable) -> dict[str, Any]:
    page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")
    return {spot: tuple(drawn) for spot, drawn in page.evaluate(CIRCLES).items()}


def test_a_side_bet_lost_at_the_deal_leaves_the_felt_and_one_paid_shows_its_winnings(
    browser: Browser, tmp_path: Path
) -> None:
    game = make_game("blackjack", seats=2)
    with live_table(f"sim://?deck={SIDE_BETS.deck_file(tmp_path)}", game=game) as table:
        api_play(table, SIDE_BETS, until=lambda s: s.expected().decisions)
        console = open_console(browser, table, 1280, 800)
        public = browser.new_page(viewport={"width": 1280, "height": 800})
        public.goto(table.url)
        for name, page in (("console", console), ("public", public)):
            drawn = circles(page, table)
            shot(page, f"blackjack-side-bets-settled-{name}-1280x800.png")
            assert drawn["seat1/side"] == ("", "side", "lost"), name  # taken: no chip
            assert drawn["seat2/side"] == ("$5", "+$10", "paid"), name  # paid 2 to 1
            assert drawn["seat1/bet"] == drawn["seat2/bet"] == ("$10", "main", ""), name
        api_play(table, Round(2, {}, (), SIDE_BETS.decisions), start=False)
        for name, page in (("console", console), ("public", public)):
            drawn = circles(page, table)
            shot(page, f"blackjack-main-bets-settled-{name}-1280x800.png")
            assert drawn["seat1/bet"] == drawn["seat2/bet"] == ("", "main", "lost"), name
            assert drawn["seat2/side"] == ("$5", "+$10", "paid"), name
        assert console.errors == []  # type: ignore[attr-defined]
        console.close()
        public.close()
