"""Cards lying face down on the screens (issue 40), checked by the machine: blackjack's hole card,
Vingt-un's and Farmer's hidden cards are each a face marked HIDDEN on the dealer's console (the
mark in sight, clear of the card's index) and a back on the watching page, as many as the game
holds face down (layout_check.face_down_problems)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from hardware_sim.decks import shuffled_deck
from table_controller.cards import parse_card
from table_controller.contract import Game
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games import make_game
from tests.dealer_display.layout_check import declared_face_down, face_down_problems
from tests.dealer_display.live import live_table
from tests.dealer_display.screen import open_console, shot

# each game at a moment of play with its face-down cards on the layout: seated in full, a seat
# to decide, and at least this many cards held face down (Vingt-un: every seat's two and the
# banker's; Farmer: each seat's first, beside a face-up draw)
MOMENTS = {"blackjack": 1, "vingt-un": 14, "farmer": 4}


def played_to(game: Game, held: int, seed: int = 3) -> Any:
    """The game's round from a shuffled shoe, its seats played by the game's strategy, up to the
    first decision with ``held`` cards or more face down."""
    stripped = frozenset(parse_card(code) for code in game.shoe.stripped)
    cards = list(shuffled_deck(seed, game.shoe.decks, game.shoe.jokers, stripped))
    state = game.new_hand()
    for _ in range(400):
        exp = game.expected(state)
        if exp.decisions and declared_face_down(game, state) >= held:
            return state
        event = game.strategy(state)
        if event is None and exp.deal is None and NEW_DECK in exp.controls:
            event = Control(NEW_DECK)
        if event is None and exp.deal is not None:
            event = CardArrived(cards.pop(0))
        assert event is not None, game.prompts(state).dealer_instruction
        state, _ = game.apply(state, event)
    raise AssertionError(f"{game.game_id} never held {held} cards face down")


@pytest.mark.parametrize("game_id", sorted(MOMENTS))
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_every_card_held_face_down_is_marked_on_the_console_and_a_back_in_public(
    browser: Browser, game_id: str, width: int, height: int
) -> None:
    game = make_game(game_id)
    state = played_to(game, MOMENTS[game_id])
    declared = declared_face_down(game, state)
    with live_table("sim://?seed=1", game=game) as table:
        table.session.state = state
        console = open_console(browser, table, width, height)
        public = browser.new_page(viewport={"width": width, "height": height})
        public.goto(table.url)
        public.wait_for_function("window.tableDisplay && window.tableDisplay.messages > 0")
        for name, page in (("console", console), ("public", public)):
            page.wait_for_function("document.querySelector('#layout .card')")
            shot(page, f"face-down-{game_id}-{name}-{width}x{height}.png")
        problems = face_down_problems(console, public, declared)
        assert console.errors == []  # type: ignore[attr-defined]
        console.close()
        public.close()
    assert problems == []
