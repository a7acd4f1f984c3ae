"""Farmer on the dealer display: the layout the game declares (the farm, the farmer's marker, a
card back for each face-down card), the autopilot's deals, and whole deals played by hand from the
dealer's console with the keys, every instruction, amount and score on screen checked against the
engine. A watching page (no dealer token) never receives a face-down card, a score before the
reveal, a bust or the reason a hit was refused (F-6, F-7, F-13)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page

from dealer_display.app import create_app
from table_controller.games import make_game
from table_controller.money import money
from table_controller.runtime import TableSession
from tests.dealer_display.conftest import DEALER, LOOPBACK_CLIENT
from tests.dealer_display.live import LiveTable, display_settings, live_table
from tests.dealer_display.screen import ARTIFACTS, FITS, OVERFLOWS, open_console, spoken

SHOE = "sim://?seed=11&strip=8S,8H,8D,8C,6S,6D,6C"


def deal(client: TestClient) -> str:
    """The simulated shoe deals; returns once the card has reached the rules (as the dealer's
    console sees it: a watching page is not told which card was read)."""
    card = client.post("/api/deal", headers=DEALER).json()["card"]
    deadline = time.monotonic() + 60
    while (client.get("/api/state", headers=DEALER).json()["card"] or {}).get("code") != card:
        assert time.monotonic() < deadline, f"{card} never reached the table"
        time.sleep(0.005)
    return card


def figures(state: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(s for s in state["prompts"]["seats"] if s["seat"] == seat)["figures"]


def test_a_watching_page_gets_no_hidden_card_score_or_refusal() -> None:
    settings = display_settings(SHOE)
    session = TableSession(make_game("farmer", seats=3), source_url=SHOE)
    with TestClient(
        create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
    ) as client:
        post = lambda path, body=None: client.post(path, json=body, headers=DEALER)  # noqa: E731
        assert post("/api/control", {"control": "new_deck"}).status_code == 200
        while session.state.farmer is None:  # the 6H chooses the farmer
            deal(client)
        assert post("/api/control", {"control": "new_deck"}).status_code == 200
        for _ in range(3):
            assert post("/api/control", {"control": "paid"}).status_code == 200
        while not session.expected().decisions:
            deal(client)
        seat = next(iter(session.expected().decisions))
        while not session.state.busted(seat):
            assert post("/api/decision", {"seat": seat, "action": "hit"}).status_code == 200
            deal(client)
        refused = post("/api/decision", {"seat": seat, "action": "hit"})
        assert (
            refused.status_code == 409 and refused.json()["detail"] == f"SEAT {seat[4:]} must stay"
        )
        dealer = client.get("/api/state", headers=DEALER).json()["state"]
        whole = client.get("/api/state").json()
        public = whole["state"]
    assert dealer["last_refusal"] == f"SEAT {seat[4:]} must stay" and public["last_refusal"] is None
    assert whole["card"] is None  # the last card read may be a face-down one
    assert figures(dealer, seat)["console"]["note"] == "passed 16: do not announce"
    for s in public["prompts"]["seats"]:
        assert (
            "console" not in s["figures"]
            and s["player_total"] is None
            and s["figures"]["score"] is None
        )
        assert all(c["code"] is None for c in s["figures"]["cards"] if c["face"] == "down")
    assert public["expected"]["decisions"] == {seat: ["hit", "stay"]}  # the same question as ever
    import json

    assert dealer["prompts"]["seats"][1]["figures"]["console"]["card1"] not in json.dumps(
        public["prompts"]
    )


def test_the_autopilot_plays_farmer_on_the_display_at_eight_seats(browser: Browser) -> None:
    with live_table(
        SHOE, game=make_game("farmer", seats=8), autopilot=True, autopilot_hands=4, pace=0.0
    ) as table:
        page = open_console(browser, table, 1280, 800)
        page.wait_for_function(
            "window.tableDisplay.message && window.tableDisplay.message.state.hands_played >= 3",
            timeout=120_000,
        )
        assert page.errors == []  # type: ignore[attr-defined]
        assert page.locator(".fm-seat").count() == 8 and page.locator(".seat-panel").count() == 8
        assert page.inner_text("#game-title") == "Farmer"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "farmer-8-seats-autopilot-1280x800.png"))
        assert page.evaluate(FITS), "the page scrolls"
        assert page.evaluate(OVERFLOWS) == [], "the layout or a seat panel runs under the console"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "farmer-8-seats-autopilot-1280x800.png"))
        page.close()


def wait_drawn(page: Page, table: LiveTable, before: int) -> None:
    deadline = time.monotonic() + 60
    while table.version == before:
        assert time.monotonic() < deadline, "the table never saw the action"
        time.sleep(0.005)
    page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")


def press(pages: list[Page], table: LiveTable, key: str) -> None:
    before = table.version
    pages[0].keyboard.press(key)
    wait_drawn(pages[0], table, before)
    for other in pages[1:]:
        other.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")


def check_screen(dealer: Page, public: Page, session: TableSession) -> None:
    """What both pages show equals what the engine says now."""
    prompts = session.prompts()
    state = session.state
    for page in (dealer, public):
        assert page.inner_text("#instruction") == spoken(page, prompts.dealer_instruction)
        assert page.inner_text(".fm-amount") == money(state.farm)
    for seat in session.game.seats:
        panel = f'.fm-seat[data-seat="{seat}"]'
        held = state.hands.get(seat, [])
        net = sum(d for p in state.settled for party, d in p.moves() if party == seat)
        assert dealer.inner_text(f"{panel} .caption").endswith(
            ("+" if net > 0 else "") + money(net)
        )
        revealed = state.phase == "over" or state.phase == "pay"
        public_score = public.inner_text(f"{panel} .fm-score")
        dealer_score = dealer.inner_text(f"{panel} .fm-score")
        if not held:
            assert public_score == dealer_score == "\u2013"
        elif revealed:
            assert public_score == dealer_score == str(state.score(seat))
        else:
            assert public_score == "\u2013"
            assert dealer_score == str(state.score(seat))
            passed = dealer.locator(f"{panel} .fm-passed")
            assert passed.count() == (1 if state.busted(seat) else 0)
            assert (
                state.busted(seat) is False or passed.inner_text() == "passed 16: do not announce"
            )
            assert public.locator(".fm-passed").count() == 0
            # the console: the face, marked hidden (no code tag over the next card's index)
            hidden = dealer.locator(f"{panel} .card.hidden-card")
            assert hidden.count() == 1 and hidden.get_attribute("data-code") == held[0].code
            assert dealer.locator(f"{panel} .card.back").count() == 0
            assert public.locator(f"{panel} .card.hidden-card").count() == 0
            assert public.locator(f"{panel} .card.back").count() == 1


def test_deals_played_by_hand_from_the_console_keys(browser: Browser) -> None:
    """Two deals at four seats by hand: N shuffles, C confirms each ante and payment, D deals, H and
    Y are hit and stay, T the reveal; after every step both pages match the engine."""
    with live_table(SHOE, game=make_game("farmer", seats=4)) as table:
        dealer = open_console(browser, table, 1280, 800)
        public = browser.new_page(viewport={"width": 1280, "height": 800})
        public.goto(table.url)
        public.wait_for_function("window.tableDisplay && window.tableDisplay.messages > 0")
        session, pages, shots, refused = table.session, [dealer, public], 0, False
        while session.hands_played < 2:
            exp = session.expected()
            if exp.hand_over or "new_deck" in exp.controls:
                key = "N"
            elif exp.payment is not None:
                words = dealer.inner_text("#instruction")
                assert money(exp.payment.collected or exp.payment.paid) in words
                key = "C"
            elif "done" in exp.controls:
                key = "O"
            elif exp.decisions:
                seat = next(iter(exp.decisions))
                if (
                    session.state.busted(seat) and not refused
                ):  # a hit after a bust: the console says why
                    dealer.keyboard.press("H")
                    dealer.wait_for_function(
                        "document.getElementById('refusal').textContent.length > 0"
                    )
                    assert dealer.inner_text("#refusal") == f"SEAT {seat[4:]} must stay"
                    assert public.inner_text("#refusal") == ""
                    refused = True
                key = "H" if session.state.score(seat) < 12 else "Y"
            else:
                key = "D"
            press(pages, table, key)
            check_screen(dealer, public, session)
            if (
                session.state.phase == "shuffle" and session.state.chosen_by
            ):  # the 6H has chosen the farmer
                chosen = [c.code for s, c in session.state.chosen_by if s == session.state.farmer]
                assert (
                    dealer.locator(
                        f'.fm-seat[data-seat="{session.state.farmer}"] .card.select'
                    ).last.get_attribute("data-code")
                    == chosen[-1]
                    == "6H"
                )
                assert dealer.inner_text(".fm-farmer") == f"Farmer: SEAT {session.state.farmer[4:]}"
                ARTIFACTS.mkdir(exist_ok=True)
                dealer.screenshot(path=str(ARTIFACTS / "farmer-by-hand-farmer-chosen.png"))
            if (
                session.state.phase == "draw"
                and shots == 0
                and any(session.state.busted(s) for s in session.state.hands)
            ):
                ARTIFACTS.mkdir(exist_ok=True)
                dealer.screenshot(path=str(ARTIFACTS / "farmer-by-hand-dealer-console.png"))
                public.screenshot(path=str(ARTIFACTS / "farmer-by-hand-public.png"))
                shots += 1
        assert dealer.errors == [] and session.game.result(session.state) is not None  # type: ignore[attr-defined]
        assert refused and shots == 1
        ARTIFACTS.mkdir(exist_ok=True)
        dealer.screenshot(path=str(ARTIFACTS / "farmer-by-hand-deal-over.png"))
        public.close()
        dealer.close()


def test_a_seat_leaves_and_the_pit_boss_closes_the_game_from_the_console(browser: Browser) -> None:
    """After a deal: LEAVE on a seat's panel, then Close game with the pit-boss PIN; every payment
    of the farm confirmed with C; the page shows the seat out and the farm at $0.00."""
    from tests.dealer_display.live import PIT_BOSS_PIN

    with live_table(
        SHOE, game=make_game("farmer", seats=3), autopilot=True, autopilot_hands=2, pace=0.0
    ) as table:
        dealer = open_console(browser, table, 1280, 800)
        dealer.wait_for_function(
            "window.tableDisplay.message && window.tableDisplay.message.state.hands_played >= 2",
            timeout=120_000,
        )
        session = table.session
        while session.state.farm == 0:  # deals until money is left on the farm
            press([dealer], table, "N")
            while not session.expected().hand_over:
                exp = session.expected()
                key = (
                    "C"
                    if exp.payment
                    else "O"
                    if "done" in exp.controls
                    else ("Y" if exp.decisions else "D")
                )
                press([dealer], table, key)
        farm = session.state.farm
        before = table.version
        dealer.click('.seat-panel[data-seat="seat3"] button[data-action="leave"]')
        wait_drawn(dealer, table, before)
        assert session.state.seats == ("seat1", "seat2")
        assert dealer.text_content('.seat-panel[data-seat="seat3"] .outcome') == "not seated"
        assert dealer.inner_text('.fm-seat.out[data-seat="seat3"] .caption').startswith(
            "not seated"
        )
        before = table.version
        dealer.click("#btn-close-game")
        dealer.fill("#pin-input", PIT_BOSS_PIN)
        dealer.click("#pin-ok")
        wait_drawn(dealer, table, before)
        assert dealer.inner_text("#instruction").startswith("Pay SEAT ")
        paid = 0
        while session.expected().payment is not None:
            paid += session.expected().payment.paid
            press([dealer], table, "C")
        assert paid == farm and dealer.inner_text(".fm-amount") == "$0.00"
        assert (
            dealer.inner_text("#instruction")
            == "Game closed: the farm is divided. A new game starts by choosing its farmer"
        )
        assert dealer.inner_text("#result .headline") == "HAND OVER"  # nobody won a farm
        assert dealer.errors == []  # type: ignore[attr-defined]
        ARTIFACTS.mkdir(exist_ok=True)
        dealer.screenshot(path=str(ARTIFACTS / "farmer-game-closed.png"))
        dealer.close()
