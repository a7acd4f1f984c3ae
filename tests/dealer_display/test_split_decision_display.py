"""Split Decision on the dealer display: a whole round played by hand in headless Chromium (the
deck loaded, each card dealt, each seat's decision on its buttons, every move confirmed with DONE),
with the instruction, each seat's slots, chips and wins, and the cards-remaining board checked
against the engine at each step; and a game played by the autopilot."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page

from table_controller.games import make_game
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import ARTIFACTS, FITS, open_console, spoken

SHOE = "sim://?seed=5&jokers=2"


def synced(page: Page, table: LiveTable) -> dict[str, Any]:
    page.wait_for_function(
        f"window.tableDisplay.message && window.tableDisplay.message.version >= {table.version}"
    )
    return table.session.snapshot()


def act(page: Page, table: LiveTable, do: Any) -> None:
    synced(
        page, table
    )  # a key whose button the last change showed is ignored until the page draws it
    before = (table.session.state, table.session.hands_played)
    do()
    deadline = time.monotonic() + 60
    while (table.session.state, table.session.hands_played) == before:
        assert time.monotonic() < deadline, (
            f"the table did not take it: {page.inner_text('#refusal')} at "
            f"{table.session.prompts().dealer_instruction} {table.session.hardware.to_dict()}"
        )
        time.sleep(0.01)


def check_screen(page: Page, snap: dict[str, Any]) -> None:
    prompts = snap["prompts"]
    assert page.inner_text("#instruction") == spoken(page, prompts["dealer_instruction"])
    assert (
        page.inner_text(".sd-board-title")
        == f"Cards remaining: {prompts['figures']['remaining_count']}"
    )
    assert page.locator(".sd-left").count() == prompts["figures"]["remaining_count"]
    for seat in prompts["seats"]:
        f = seat["figures"]
        panel = page.locator(f'.seat-panel[data-seat="{seat["seat"]}"]')
        assert panel.locator('[data-field="slots"]').inner_text() == f.get("slots_words", "-/-")
        assert panel.locator('[data-field="chips"]').inner_text() == str(f.get("chips", 2))
        for name in ("high", "low", "offer"):
            if f.get(name):
                assert (
                    page.locator(
                        f'[data-spot="{seat["seat"]}/{name}"] .card[data-code="{f[name]}"]'
                    ).count()
                    == 1
                )
        enabled = panel.locator("button.action:not(:disabled)").evaluate_all(
            "bs => bs.map(b => b.dataset.action)"
        )
        assert enabled == seat["legal_actions"]


def test_a_round_by_hand_shows_what_the_engine_says(browser: Browser) -> None:
    with live_table(SHOE, game=make_game("split-decision", seats=3)) as table:
        page = open_console(browser, table, 1280, 800)
        act(page, table, lambda: page.click("#btn-new-deck"))
        assert page.inner_text("#game-title") == "Split Decision"
        moves = 0
        for _ in range(200):
            snap = synced(page, table)
            check_screen(page, snap)
            exp = snap["expected"]
            if exp["hand_over"]:
                break
            if "done" in exp["controls"]:
                if moves == 3:
                    ARTIFACTS.mkdir(exist_ok=True)
                    page.screenshot(path=str(ARTIFACTS / "split-decision-move.png"))
                moves += 1
                act(page, table, lambda: page.keyboard.press("o"))
            elif exp["decisions"]:
                ((seat, legal),) = exp["decisions"].items()
                act(
                    page,
                    table,
                    lambda seat=seat, legal=legal: page.click(
                        f'.seat-panel[data-seat="{seat}"] button[data-action="{legal[0]}"]'
                    ),
                )
            elif exp["deal"]:
                act(page, table, lambda: page.keyboard.press("d"))
            elif "reshuffle_discards" in exp["controls"]:
                act(page, table, lambda: page.keyboard.press("r"))
            else:
                raise AssertionError(f"stuck at {snap['prompts']['dealer_instruction']}")
        result = table.session.prompts().result
        assert result is not None and (result.winner in ("seat1", "seat2", "seat3") or result.void)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "split-decision-round-over.png"))
        assert page.errors == []  # type: ignore[attr-defined]
        assert page.evaluate(FITS), "the page scrolls"
        page.close()


def test_the_autopilot_plays_a_game_on_the_page(browser: Browser) -> None:
    with live_table(
        SHOE, game=make_game("split-decision", seats=2), autopilot=True, autopilot_hands=3, pace=0.0
    ) as table:
        page = open_console(browser, table, 1920, 1080)
        page.wait_for_function(
            "window.tableDisplay.message && window.tableDisplay.message.state.hands_played >= 3",
            timeout=120_000,
        )
        assert page.errors == [] and table.session.prompts().irregularity is None  # type: ignore[attr-defined]
        assert page.locator(".sd-seat").count() == 2
        page.close()
