"""Words, never ids, in a real headless Chromium: what the engines say with card codes and spot
ids (the hand log's words) reads on the screen as a dealer says it (static/words.js)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.dealer_display.live import live_table
from tests.dealer_display.screen import open_console, spoken

SAID = [
    ("Move the JS to seat2/low, then DONE", "Move the J\u2660 to SEAT 2 low, then DONE"),
    ("Deal SEAT 6 a card face up (seat6/card2)", "Deal SEAT 6 a card face up (SEAT 6 card 2)"),
    ("board/2", "board position 2"),
    ("the bonus card on ld/draw", "the bonus card on draw"),
    ("dealer 6D KH 6C", "dealer 6\u2666 K\u2665 6\u2663"),
    ("10D 4D KD (lose)", "10\u2666 4\u2666 K\u2666 (lose)"),
    (
        "IRREGULARITY: 2H arrived but no card was expected",
        "IRREGULARITY: 2\u2665 arrived but no card was expected",
    ),
    ("seat3 wins; JK offered", "SEAT 3 wins; joker offered"),
    ("Deal seat1/h2/card1", "Deal SEAT 1 hand 2 card 1"),
    # already words: left as they are
    ("$20.00 doubled \u00b7 -$20.00", "$20.00 doubled \u00b7 -$20.00"),
    ("High / low", "High / low"),
    ("GREEN WINS by rule MC-2, 10 won", "GREEN WINS by rule MC-2, 10 won"),
]


@pytest.fixture(scope="module")
def page(browser: Browser):  # type: ignore[no-untyped-def]
    with live_table("sim://?seed=5") as table:
        page = open_console(browser, table, 1280, 800)
        yield page
        page.close()


@pytest.mark.parametrize(("engine", "screen"), SAID)
def test_codes_and_ids_read_as_words(page, engine: str, screen: str) -> None:  # type: ignore[no-untyped-def]
    assert spoken(page, engine) == screen
