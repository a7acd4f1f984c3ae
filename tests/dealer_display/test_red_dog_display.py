"""Red Dog on the dealer display: whole rounds played by hand in headless Chromium (antes by
keyboard, DONE, the shoe's cards, raise and call on the seats' buttons, every payment confirmed),
with the instruction, the spread marker and every amount on screen checked against the engine at
each step; and rounds played by the autopilot on the same page."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page

from table_controller.games import make_game
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import ARTIFACTS, FITS, open_console, spoken

SHOE = "sim://?seed=11&decks=6"
ANTES = {"seat1": "10", "seat2": "25", "seat3": "5"}


def dollars(cents: int) -> str:
    return f"${abs(cents) / 100:.2f}"


def signed(cents: int) -> str:
    return ("+" if cents > 0 else "-" if cents < 0 else "") + dollars(cents)


def synced(page: Page, table: LiveTable) -> dict[str, Any]:
    """The engine's state once the page has drawn the latest change."""
    page.wait_for_function(
        f"window.tableDisplay.message && window.tableDisplay.message.version >= {table.version}"
    )
    return table.session.snapshot()


def act(page: Page, table: LiveTable, do: Any) -> None:
    """Do something at the console, once the page has drawn the latest state (a key whose button
    the last change showed is otherwise ignored), and wait for the engine to take it."""
    synced(page, table)
    before = (table.session.state, table.session.hands_played)
    do()
    deadline = time.monotonic() + 60
    while (table.session.state, table.session.hands_played) == before:
        assert time.monotonic() < deadline, (
            f"the table did not take it: {page.inner_text('#refusal')}"
        )
        time.sleep(0.01)


def check_screen(page: Page, snap: dict[str, Any]) -> None:
    """What the page shows is what the engine says: the instruction, the cards, the spread, each
    seat's ante, raise and result."""
    prompts = snap["prompts"]
    assert page.inner_text("#instruction") == spoken(page, prompts["dealer_instruction"])
    figures = prompts["figures"]
    for name, code in figures["cards"].items():
        assert page.locator(f'[data-spot="dealer/{name}"] .card[data-code="{code}"]').count() == 1
    if figures.get("kind") == "spread":
        assert (
            page.inner_text(".rd-marker")
            == f"Spread {figures['spread']} \u00b7 pays {figures['odds']}"
        )
    for seat in prompts["seats"]:
        f = seat["figures"]
        panel = page.locator(f'.seat-panel[data-seat="{seat["seat"]}"]')
        assert panel.locator('[data-field="ante"]').inner_text() == (
            dollars(f["ante"]) if f["ante"] else "\u2013"
        )
        assert panel.locator('[data-field="raise"]').inner_text() == (
            dollars(f["raise"]) if f["raise"] else "\u2013"
        )
        net = f.get("net")
        assert panel.locator('[data-field="net"]').inner_text() == (
            "\u2013" if net is None else signed(net)
        )


def enter_antes(page: Page, table: LiveTable) -> None:
    for seat, amount in ANTES.items():
        act(
            page,
            table,
            lambda seat=seat, amount=amount: (
                page.keyboard.press(seat[-1]),
                page.keyboard.type(amount),
                page.keyboard.press("Enter"),
            ),
        )
        page.wait_for_function("document.activeElement.tagName !== 'INPUT'")


def play_round_by_hand(page: Page, table: LiveTable, shots: str) -> dict[str, Any]:
    """One round from the antes to the cleared cards; returns the round's result."""
    raised = False
    snap = synced(page, table)
    assert snap["prompts"]["dealer_instruction"] in (
        "Take antes ($5.00 to $500.00)",
        "Round over. Take the next round's antes",
    )
    hands_before = table.session.hands_played
    enter_antes(page, table)
    for _ in range(60):
        snap = synced(page, table)
        check_screen(page, snap)
        exp = snap["expected"]
        if exp["hand_over"]:
            assert table.session.hands_played == hands_before + 1
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"red-dog-{shots}-over.png"))
            return snap["prompts"]["result"]
        if "paid" in exp["controls"]:
            if "Pay" in snap["prompts"]["dealer_instruction"] and not shots.endswith("paid"):
                page.screenshot(path=str(ARTIFACTS / f"red-dog-{shots}-pay.png"))
            act(page, table, lambda: page.keyboard.press("c"))
        elif exp["decisions"]:
            (seat,) = exp["decisions"]
            if (
                not raised
            ):  # the first seat raises $4.00 typed in; the others use the buttons as they are
                page.fill("#amount-up-to-value", "4")
                page.locator("#amount-up-to-value").blur()
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"red-dog-{shots}-raise.png"))
            action = "raise" if not raised or seat == "seat3" else "call"
            act(
                page,
                table,
                lambda seat=seat, action=action: page.click(
                    f'.seat-panel[data-seat="{seat}"] button[data-action="{action}"]'
                ),
            )
            if action == "raise" and not raised:
                assert table.session.state.raises[seat] == 400
                page.fill("#amount-up-to-value", "")
            raised = True
        elif exp["deal"]:
            act(page, table, lambda: page.keyboard.press("d"))
        elif "done" in exp["controls"]:
            act(page, table, lambda: page.keyboard.press("o"))
        else:
            raise AssertionError(f"stuck at {snap['prompts']['dealer_instruction']}")
    raise AssertionError("the round did not finish in 60 steps")


def test_rounds_by_hand_show_what_the_engine_says(browser: Browser) -> None:
    with live_table(SHOE, game=make_game("red-dog", seats=3)) as table:
        page = open_console(browser, table, 1280, 800)
        act(page, table, lambda: page.click("#btn-new-deck"))
        assert page.inner_text("#game-title") == "Red Dog"
        act(page, table, lambda: page.keyboard.press("d"))  # the burn card: never shown
        snap = synced(page, table)
        assert (
            snap["prompts"]["figures"] == {"cards": {}}
            and page.locator("#layout .card[data-code]").count() == 0
        )
        results = [play_round_by_hand(page, table, f"round{n}") for n in (1, 2, 3)]
        assert all(r["decided_by"] in ("RD-9", "RD-10", "RD-12") for r in results)
        settled = [p for r in results for p in r["details"]["settlements"]]
        assert sum(p["staked"] for p in settled) == sum(
            p["collected"] + p["returned"] for p in settled
        )
        assert page.errors == []  # type: ignore[attr-defined]
        assert page.evaluate(FITS), "the page scrolls"
        page.close()


def test_a_raise_refused_shows_the_engines_reason(browser: Browser) -> None:
    with live_table(
        SHOE, game=make_game("red-dog", seats=2, switches={"RD3": "equal_ante"})
    ) as table:
        page = open_console(browser, table, 1280, 800)
        act(page, table, lambda: page.click("#btn-new-deck"))
        act(page, table, lambda: page.keyboard.press("d"))
        for _ in range(3):  # antes, then cards, until a spread asks for a raise
            snap = synced(page, table)
            if snap["expected"]["decisions"]:
                break
            enter_antes_two = snap["prompts"]["dealer_instruction"].startswith("Take antes")
            if enter_antes_two:
                for seat, amount in (("1", "10"), ("2", "20")):
                    act(
                        page,
                        table,
                        lambda seat=seat, amount=amount: (
                            page.keyboard.press(seat),
                            page.keyboard.type(amount),
                            page.keyboard.press("Enter"),
                        ),
                    )
                    page.wait_for_function("document.activeElement.tagName !== 'INPUT'")
                act(page, table, lambda: page.keyboard.press("o"))
            act(page, table, lambda: page.keyboard.press("d"))
            act(page, table, lambda: page.keyboard.press("d"))
        snap = synced(page, table)
        assert snap["expected"]["decisions"], "this shoe's first two cards are a spread"
        if snap["expected"]["decisions"]:
            page.fill("#amount-up-to-value", "4")
            page.click('.seat-panel[data-seat="seat1"] button[data-action="raise"]')
            page.wait_for_function(
                "document.getElementById('refusal').textContent.includes('a raise equals the ante')"
            )
            assert "a raise equals the ante, $10.00" in page.inner_text("#refusal")
        page.close()


def test_the_autopilot_plays_red_dog_on_the_page(browser: Browser) -> None:
    with live_table(
        SHOE, game=make_game("red-dog", seats=7), autopilot=True, autopilot_hands=4, pace=0.0
    ) as table:
        page = open_console(browser, table, 1920, 1080)
        page.wait_for_function(
            "window.tableDisplay.message && window.tableDisplay.message.state.hands_played >= 4",
            timeout=120_000,
        )
        assert page.errors == []  # type: ignore[attr-defined]
        assert page.locator(".rd-seat").count() == 7 and page.locator(".seat-panel").count() == 7
        assert table.session.prompts().irregularity is None
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "red-dog-autopilot-7-seats.png"))
        page.close()
