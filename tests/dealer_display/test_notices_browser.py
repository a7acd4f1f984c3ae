"""The shoe's standing notices on the page, in a real headless Chromium: ``table sim-shoe
--manual`` on a real pty reaches the cut card (or jams) during a Missouri City hand from a
stacked deck, and the dealer sees the runtime's words in a banner under the instruction,
until a new deck (or the jam's end) takes them down; the page still fits without scrolling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from table_controller.hardware_alerts import CUT_CARD_NOTICE
from tests.dealer_display.conftest import EXAMPLE_DECK
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.manual_shoe import ManualShoe, manual_shoe
from tests.dealer_display.screen import (
    FITS,
    OVERFLOWS,
    SPILLS,
    open_console,
    screen,
    shot,
)
from tests.games.stacked import play

KEYED = "green hit, red hit, green stand_pat, red backhand"  # no winner on SP-W2
KEYS = {"hit": "h", "backhand": "b", "stand_pat": "s", "push": "p", "play_push": "l"}
JAM_NOTICE = "The shoe is jammed: clear it"

NOTICES = """() => {
  const box = document.getElementById("notices");
  return box.hidden ? [] : [...box.querySelectorAll(".notice")].map((p) => p.textContent);
}"""


def drawn(page: Page, table: LiveTable) -> dict[str, Any]:
    """Wait until the page has drawn the table's latest state."""
    page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")
    return screen(page)


def step(page: Page, table: LiveTable, shoe: ManualShoe, event: dict[str, Any]) -> dict[str, Any]:
    """One step of the scenario at the table: the dealer draws a card from the shoe, or keys in
    NEW DECK or a seat's decision."""
    if event["type"] == "card":
        assert shoe.draw(table) == event["card"]
        return drawn(page, table)
    before = table.version
    page.keyboard.press("n" if event["type"] == "control" else KEYS[event["action"]])
    page.wait_for_function(f"window.tableDisplay.message.version > {before}")
    return drawn(page, table)


def check_banners(page: Page) -> None:
    """The notice sits right under the instruction, both in full; nothing scrolls or spills."""
    instruction = page.locator("#instruction").bounding_box()
    notices = page.locator("#notices").bounding_box()
    layout = page.locator("main").bounding_box()
    assert instruction and notices and layout
    assert notices["y"] >= instruction["y"] + instruction["height"] - 0.5  # not over it
    assert notices["y"] + notices["height"] <= layout["y"] + 0.5
    for box in ("#instruction", "#notices"):  # the words are all there, none cut off
        assert page.eval_on_selector(box, "b => b.scrollWidth <= b.clientWidth")
    assert page.evaluate(FITS), "the page scrolls"
    assert page.evaluate(SPILLS) == 0, "a seat panel's contents spill out"
    assert page.evaluate(OVERFLOWS) == [], "the layout or a seat panel runs under the console"


def test_the_cut_card_notice_shows_after_the_cut_and_goes_with_the_new_deck(
    browser: Browser, tmp_path: Path, deck_file: Path
) -> None:
    trace = play("missouri-city", EXAMPLE_DECK, KEYED)
    cut = manual_shoe(tmp_path, deck_file, faults="9:cut")
    with cut as shoe, live_table(shoe.url) as table:
        page = open_console(browser, table, 1280, 800)
        wide = open_console(browser, table, 1920, 1080)
        cards = 0
        for event in (s["event"] for s in trace["steps"]):
            seen = step(page, table, shoe, event)
            cards += event["type"] == "card"
            expected = [CUT_CARD_NOTICE] if cards >= 9 else []  # the shoe cuts before card 9
            assert page.evaluate(NOTICES) == expected, (cards, seen["instruction"])
            assert seen["instruction"] == table.session.snapshot()["prompts"]["dealer_instruction"]
            if cards == 9:
                for each in (page, wide):
                    drawn(each, table)
                    check_banners(each)
                shot(page, "cut-card-notice-1280x800.png")
                shot(wide, "cut-card-notice-1920x1080.png")
        assert seen["result"] is not None and page.evaluate(NOTICES) == [CUT_CARD_NOTICE]
        assert "cut card" in page.text_content("#hardware")
        check_banners(page)
        step(page, table, shoe, {"type": "control"})  # NEW DECK: the shuffle the cut card asked for
        assert page.evaluate(NOTICES) == [] and not page.is_visible("#notices")
        assert not page.evaluate("document.body.classList.contains('noticed')")
        assert page.errors == [] and wide.errors == []  # type: ignore[attr-defined]
        page.close()
        wide.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_a_jam_during_the_hand_holds_it_and_both_banners_fit(
    browser: Browser, tmp_path: Path, deck_file: Path, width: int, height: int
) -> None:
    """The jam holds the hand (the irregularity panel) and stands as a notice until cleared."""
    jam = manual_shoe(tmp_path, deck_file, faults="3:jam=1.5")
    with jam as shoe, live_table(shoe.url) as table:
        page = open_console(browser, table, width, height)
        step(page, table, shoe, {"type": "control"})
        for _ in range(2):
            shoe.draw(table)
        shoe.pull()  # the third card jams in the shoe
        page.wait_for_function("!document.getElementById('notices').hidden")
        assert page.evaluate(NOTICES) == [JAM_NOTICE]
        page.wait_for_function("!document.getElementById('irregularity').hidden")
        assert "shoe jammed" in page.inner_text("#instruction")
        assert page.inner_text("#irregularity-reason") == "The card source needs checking"
        check_banners(page)
        shot(page, f"jam-held-{width}x{height}.png")
        page.wait_for_function("document.getElementById('notices').hidden", timeout=10_000)
        assert page.is_visible("#irregularity")  # the pit boss still decides
        page.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_a_camera_layout_that_no_longer_fits_its_pictures_stands_as_a_notice_that_fits(
    browser: Browser, width: int, height: int
) -> None:
    why = (
        "the camera's picture is 1920x1080, the layout was calibrated on 1280x720: calibrate "
        "again (table vision calibrate)"
    )
    with live_table("sim://?seed=1") as table:
        page = open_console(browser, table, width, height)
        table.session.hardware_event(
            {"type": "warning", "reason": "layout_size", "why": why}, source="camera://0"
        )
        page.wait_for_function("!document.getElementById('notices').hidden")
        assert page.evaluate(NOTICES) == ["T" + why[1:]]
        assert page.is_hidden("#irregularity")  # nothing is held for it
        check_banners(page)
        shot(page, f"layout-size-notice-{width}x{height}.png")
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


def test_a_head_the_log_cannot_write_stands_as_a_notice_until_the_display_writes_it(
    browser: Browser, tmp_path: Path
) -> None:
    """The table plays on with the head's place taken; the display retries every second and
    the notice goes once the head is written (tests/test_log_faults.py has the log's side)."""
    import os

    from table_controller.events import NEW_DECK, Control
    from table_controller.hand_log import HandLog

    log = HandLog.open(str(tmp_path / "hands.db"), key_path=tmp_path / "key", table_id="table-1")
    log.append(
        "", "note", {"text": "table opened"}, source="test", at=0.0
    )  # the first record makes the head
    (head,) = (tmp_path / "key.heads").glob("*.json")
    try:
        with live_table("sim://?seed=1", log=log) as table:
            page = open_console(browser, table, 1280, 800)
            blocked = head.with_suffix(f".tmp{os.getpid()}")
            blocked.mkdir()
            table.session.submit(Control(NEW_DECK, by="dealer"), source="console:dealer")
            page.wait_for_function("!document.getElementById('notices').hidden")
            (words,) = page.evaluate(NOTICES)
            assert (
                words.startswith("The hand log cannot write its signed head")
                and "table plays on" in words
            )
            assert "Deal" in page.inner_text("#instruction")  # the NEW DECK was taken
            check_banners(page)
            shot(page, "hand-log-head-notice-1280x800.png")
            blocked.rmdir()
            page.wait_for_function("document.getElementById('notices').hidden", timeout=15_000)
            assert page.errors == []  # type: ignore[attr-defined]
            page.close()
    finally:
        log.close()
