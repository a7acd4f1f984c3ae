"""The page in a real headless Chromium against the real server and a stacked simulated deck:
complete Missouri City hands by clicking and by keyboard, every step checked against the
scenario runner and the session, the layout's geometry, and the pit-boss PIN."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.dealer_display.conftest import EXAMPLE_DECK
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import (
    ARTIFACTS,
    BOXES,
    FITS,
    OVERFLOWS,
    SPILLS,
    act_and_wait,
    open_console,
    screen,
    seat_numbers,
    shot,
    spoken,
)
from tests.games.stacked import play

CLICKED = "green hit, red hit, green backhand, red backhand"  # GREEN wins on W-4
KEYED = "green hit, red hit, green stand_pat, red backhand"  # no winner on SP-W2
KEYS = {"hit": "h", "backhand": "b", "stand_pat": "s", "push": "p", "play_push": "l"}


@pytest.fixture
def table(deck_file: Path) -> Iterator[LiveTable]:
    with live_table(f"sim://?deck={deck_file}") as live:
        yield live


def by_click(page: Page, event: dict[str, Any]) -> Any:
    if event["type"] == "card":
        return lambda: page.click("#btn-deal")
    if event["type"] == "control":
        return lambda: page.click("#btn-new-deck")
    return lambda: page.click(
        f'.seat-panel[data-seat="{event["seat"]}"] button[data-action="{event["action"]}"]'
    )


def by_key(page: Page, event: dict[str, Any]) -> Any:
    key = {"card": "d", "control": "n"}.get(event["type"]) or KEYS[event["action"]]
    return lambda: page.keyboard.press(key)


def play_hand(page: Page, table: LiveTable, decisions: str, how: Any, shoot: str) -> dict[str, Any]:
    """Play the scenario runner's hand through the page; each step's screen must match it."""
    trace = play("missouri-city", EXAMPLE_DECK, decisions)
    for n, step in enumerate(trace["steps"]):
        seen = act_and_wait(page, table, how(page, step["event"]))
        assert (
            seen["instruction"]
            == step["dealer"]
            == table.session.snapshot()["prompts"]["dealer_instruction"]
        )
        for seat, expected in step["seats"].items():
            assert {
                k: seen["seats"][seat][k]
                for k in ("player_total", "dealer_total", "total_hand_value")
            } == seat_numbers(expected), (n, seat)
        assert seen["refusal"] == ""
        if n == len(trace["steps"]) - 3:
            shot(page, f"{shoot}-in-progress.png")
            check_layout(page, table.session.snapshot())
    shot(page, f"{shoot}-result.png")
    return trace


def check_layout(page: Page, snapshot: dict[str, Any]) -> None:
    """S1-S3 left to right; RED (dealt first) below S1's bottom-left corner, GREEN above its
    top-left; each seat's column k in its own row, over or under show card k."""
    seen, boxes = screen(page), page.evaluate(BOXES)
    prompts = snapshot["prompts"]
    assert [seen["spots"][f"S{k}"] for k in (1, 2, 3)] == [
        [c] if c else [] for c in prompts["show_cards"]
    ]
    for seat in prompts["seats"]:
        columns = [seen["spots"][f"{seat['seat']}.col{k}"] for k in (1, 2, 3)]
        assert columns == [[c] if c else [] for c in seat["columns"]]
        assert seen["spots"][f"{seat['seat']}.hand"] == [
            c for c in seat["cards"] if c not in seat["columns"]
        ]
    s1, s2, s3 = boxes["S1"], boxes["S2"], boxes["S3"]
    assert s1["x"] < s2["x"] < s3["x"] and s1["y"] == s2["y"] == s3["y"]
    red, green = boxes["red.hand"], boxes["green.hand"]
    assert red["x"] < s1["x"] and green["x"] < s1["x"]
    assert red["y"] > s1["y"] + s1["h"] / 2 > green["y"] + green["h"]
    for k, show in enumerate((s1, s2, s3), start=1):
        for seat, below in (("red", True), ("green", False)):
            col = boxes[f"{seat}.col{k}"]
            assert abs((col["x"] + col["w"] / 2) - (show["x"] + show["w"] / 2)) < 2
            assert (
                (col["y"] >= show["y"] + show["h"]) if below else (col["y"] + col["h"] <= show["y"])
            )


def check_result(page: Page, table: LiveTable, trace: dict[str, Any], headline: str) -> None:
    seen = screen(page)
    result = table.session.snapshot()["prompts"]["result"]
    assert seen["result"] == {
        "headline": headline,
        "explanation": trace["explanation"],
        "rule": f"Decided by rule {trace['decided_by']}",
    }
    assert result["explanation"] == trace["explanation"]
    for seat, expected in trace["seats"].items():
        assert seen["seats"][seat]["badge"] == expected["outcome"].upper()
    assert page.evaluate(FITS), "the page scrolls"
    assert page.evaluate(SPILLS) == 0, "a seat panel's contents spill out"
    assert page.evaluate(OVERFLOWS) == [], "the layout or a seat panel runs under the console"
    check_no_void_after_the_result(page, table)
    assert page.errors == []  # type: ignore[attr-defined]


def check_no_void_after_the_result(page: Page, table: LiveTable) -> None:
    """The result is logged and stands: the engine offers no VOID HAND, so neither does the page
    (the button is out and V asks for no PIN); NEW DECK is offered."""
    assert table.session.snapshot()["expected"]["controls"] == []
    assert page.is_disabled("#btn-void") and page.is_enabled("#btn-new-deck")
    page.keyboard.press("v")
    assert not page.evaluate("document.getElementById('pin-dialog').open")


def test_a_hand_played_by_clicking_matches_the_engine(browser: Browser, table: LiveTable):
    page = open_console(browser, table, 1280, 800)
    assert page.evaluate(FITS) and screen(page)["simulation"]
    trace = play_hand(page, table, CLICKED, by_click, "clicked-1280x800")
    check_result(page, table, trace, "GREEN WINS")
    assert screen(page)["tally"] == [["green wins", "1"]]
    page.close()


def test_a_hand_played_by_keyboard_matches_the_engine_and_survives_a_reload(
    browser: Browser, table: LiveTable
):
    page = open_console(browser, table, 1920, 1080)
    trace = play_hand(page, table, KEYED, by_key, "keyed-1920x1080")
    check_result(page, table, trace, "NO WINNER")
    before = screen(page)
    page.reload()
    page.wait_for_function("window.tableDisplay && window.tableDisplay.messages > 0")
    assert screen(page) == before
    page.close()


def test_pit_boss_actions_are_refused_without_the_pin(browser: Browser, table: LiveTable):
    page = open_console(browser, table, 1280, 800)
    for key in "ndd":
        act_and_wait(page, table, lambda key=key: page.keyboard.press(key))
    seen = act_and_wait(page, table, lambda: page.keyboard.press("p"))  # nobody may push now
    assert seen["refusal"].startswith("GREEN cannot PUSH now") or seen["refusal"].startswith(
        "RED cannot PUSH now"
    )
    for pin, reason in (("", "enter the pit-boss PIN"), ("9999", "the pit-boss PIN is wrong")):
        page.click("#btn-void")
        page.wait_for_function("document.getElementById('pin-dialog').open")
        page.fill("#pin-input", pin)
        page.click("#pin-ok")
        wait_for_refusal(page, reason)
    assert table.session.snapshot()["prompts"]["result"] is None
    page.wait_for_function(
        "document.getElementById('notices').textContent.includes('1 wrong pit-boss PIN')"
    )
    assert "(void hand); logged." in page.text_content("#notices")
    page.screenshot(path=str(ARTIFACTS / "wrong-pin-notice-1280x800.png"))
    page.click("#btn-void")
    page.fill("#pin-input", table.settings.pit_boss_pin)
    page.screenshot(path=str(ARTIFACTS / "pin-dialog-1280x800.png"))
    seen = act_and_wait(page, table, lambda: page.press("#pin-input", "Enter"))  # Enter confirms
    assert seen["result"]["headline"] == "HAND VOID"
    assert {seat["badge"] for seat in seen["seats"].values()} == {"VOID"}  # every seat's badge
    assert table.session.snapshot()["prompts"]["result"]["void"] is True
    page.wait_for_function("document.getElementById('notices').hidden")  # a right PIN ends the run
    page.close()


def wait_for_refusal(page: Page, words: str) -> None:
    """Wait for the console to show a refusal; on failure say what it shows instead."""
    try:
        page.wait_for_function(
            f"document.getElementById('refusal').textContent.includes({words!r})"
        )
    except PlaywrightTimeout:
        shown = page.evaluate(
            "[document.getElementById('refusal').textContent, document.getElementById('pin-dialog').open,"
            " window.tableDisplay.messages]"
        )
        raise AssertionError(
            f"the console never showed {words!r}; it shows {shown[0]!r} (PIN dialog open: "
            f"{shown[1]}, messages: {shown[2]})"
        ) from None


def test_escape_cancels_the_pin_dialog_and_enter_never_does(browser: Browser, table: LiveTable):
    page = open_console(browser, table, 1280, 800)
    for key in "ndd":
        act_and_wait(page, table, lambda key=key: page.keyboard.press(key))
    page.click("#btn-void")
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('pin-dialog').open")
    page.click("#btn-void")
    page.fill("#pin-input", "")
    page.press(
        "#pin-input", "Enter"
    )  # nothing typed: the server asks for the PIN, nothing cancelled quietly
    wait_for_refusal(page, "enter the pit-boss PIN")
    assert table.session.snapshot()["prompts"]["result"] is None
    page.close()


def test_a_replayed_hand_shows_its_recorded_end(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """``replay://``: the page shows the recorded hand's last instruction, cards and result."""
    from table_controller.cli import main
    from table_controller.hand_log.reader import iter_hands
    from table_controller.hand_log.shown import shown_prompts
    from table_controller.hand_log.store import open_store

    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path / "data"))
    db = str(tmp_path / "hands.db")
    assert (
        main(
            [
                "run",
                "--autopilot",
                "--hands",
                "1",
                "--log",
                db,
                "--key",
                str(tmp_path / "key"),
                "--quiet",
            ]
        )
        == 0
    )
    with open_store(db, create=False) as store:
        (hand,) = iter_hands(store)
    recorded = shown_prompts(hand)[hand.events[-1].seq]
    with live_table(f"replay://{db}?hand={hand.hand_id}&speed=0") as table:
        page = open_console(browser, table, 1280, 800)
        page.wait_for_function("!document.getElementById('result').hidden")
        seen = screen(page)
        page.close()
    assert seen["instruction"] == recorded["dealer_instruction"]
    assert seen["result"]["explanation"] == recorded["result"]["explanation"]
    assert [seen["spots"][f"S{k}"] for k in (1, 2, 3)] == [[c] for c in recorded["show_cards"]]
    assert seen["simulation"]


def test_an_out_of_turn_card_fills_the_irregularity_panel_until_the_pit_boss_accepts(
    browser: Browser, table: LiveTable
):
    page = open_console(browser, table, 1280, 800)
    for key in "nddddddd":  # a new deck, then show cards and both initial hands
        act_and_wait(page, table, lambda key=key: page.keyboard.press(key))
    waiting = screen(page)["instruction"]
    assert waiting.startswith("Waiting for ")
    shoe = table.app.state.table.source
    seen = act_and_wait(page, table, shoe.deal_next)  # the shoe gives a card nobody asked for
    assert page.is_visible("#irregularity")
    reason = page.inner_text("#instruction")  # the reason, once; the panel names the kind
    assert "arrived but no card was expected" in reason
    assert page.inner_text("#irregularity-reason") == "A card nobody expected"
    held = page.locator("#irregularity-cards .card").bounding_box()
    assert held is not None and held["height"] >= 60, "held cards readable at arm's length"
    assert seen["instruction"].startswith("IRREGULARITY:")
    panel, viewport = page.locator("#irregularity").bounding_box(), page.viewport_size
    assert panel is not None and viewport is not None and panel["width"] >= 0.9 * viewport["width"]
    assert page.is_disabled(".seat-panel button[data-action='hit']")
    assert page.evaluate(SPILLS) == 0, "a seat panel's contents spill out"
    assert page.evaluate(OVERFLOWS) == [], "the layout or a seat panel runs under the console"
    shot(page, "irregularity-1280x800.png")
    page.click("#btn-accept")
    page.fill("#pin-input", table.settings.pit_boss_pin)
    seen = act_and_wait(page, table, lambda: page.click("#pin-ok"))
    assert not page.is_visible("#irregularity")
    assert seen["instruction"] == waiting
    burned = table.session.state.shoe.burned
    assert (
        len(burned) == 1 and spoken(page, burned[0].code) in reason
    )  # the card in words: "4♠", not "4S"
    page.close()
