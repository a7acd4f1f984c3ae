"""Vingt-un on the dealer display: the dealer's console sees every card (hidden ones marked), a
watching page never receives a card that lies face down, by the API, the WebSocket or on
screen; the autopilot plays rounds; a dealer plays the rules' Example 1 by hand in headless
Chromium with every prompt and amount on screen checked against the engine."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page

from dealer_display.app import create_app
from hardware_sim.decks import write_deck_file
from table_controller.cards import parse_card
from table_controller.games import make_game
from table_controller.games.vingt_un.prompts import secret_cards
from table_controller.money import money
from table_controller.runtime import TableSession
from tests.dealer_display.conftest import DEALER, LOOPBACK_CLIENT
from tests.dealer_display.live import LiveTable, display_settings, live_table
from tests.dealer_display.screen import ARTIFACTS, open_console, spoken

EXAMPLE_1 = "9S KH 5D 10C 7H 4C 6S 2H 8D 8C 7D 9C 4S KD 3H".split()
STAKES_1 = {"seat1": 1000, "seat2": 500, "seat3": 2000, "seat4": 1500}
PLAYS_1 = [
    ("seat1", "draw"),
    ("seat1", "stand"),
    ("seat2", "draw"),
    ("seat3", "draw"),
    ("seat3", "draw"),
    ("seat4", "stand"),
]


def deck_file(tmp_path: Path, codes: list[str]) -> Path:
    path = tmp_path / "deck.txt"
    write_deck_file(path, [parse_card(c) for c in codes])
    return path


def hidden_now(session: TableSession) -> set[str]:
    """Codes the public may not see now (a card face down that is not also face up elsewhere)."""
    state = session.state
    up = json.dumps(session.game.public_prompts(state).to_dict())
    return {c.code for c in secret_cards(state)} - {code for code in EXAMPLE_1 if f'"{code}"' in up}


def deal_by_api(client: TestClient, session: TableSession) -> None:
    before = session.state
    assert client.post("/api/deal", headers=DEALER).status_code == 200
    deadline = time.monotonic() + 60
    while session.state is before:
        assert time.monotonic() < deadline, "the card never reached the table"
        time.sleep(0.005)


def test_example_1_by_hand_through_the_api_and_the_watching_page_sees_no_hidden_card(
    tmp_path: Path,
) -> None:
    settings = display_settings(f"sim://?deck={deck_file(tmp_path, EXAMPLE_1)}")
    session = TableSession(make_game("vingt-un", seats=4), source_url=settings.cards_url)
    leaks: list[str] = []
    with TestClient(
        create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
    ) as client:

        def check_public(_session: TableSession) -> None:
            public = json.dumps(client.app.state.table.state(console=False))  # type: ignore[attr-defined]
            leaks.extend(
                code
                for code in hidden_now(session)
                if f'"{code}"' in public or f" {code}" in public
            )

        session.subscribe(check_public)
        post = lambda path, body=None: client.post(path, json=body, headers=DEALER)  # noqa: E731
        assert post("/api/control", {"control": "new_deck"}).status_code == 200
        assert post("/api/control", {"control": "seats_in"}).status_code == 200
        for _ in range(5):
            deal_by_api(client, session)
        refused = post("/api/decision", {"seat": "seat1", "action": "stake", "amount": 20000})
        assert (
            refused.status_code == 409
            and "a stake lies from $5.00 to $100.00" in refused.json()["detail"]
        )
        for seat, amount in STAKES_1.items():
            assert (
                post(
                    "/api/decision", {"seat": seat, "action": "stake", "amount": amount}
                ).status_code
                == 200
            )
        for _ in range(5):
            deal_by_api(client, session)
        public = client.get("/api/state").json()
        console = client.get("/api/state", headers=DEALER).json()
        assert (
            public["state"]["prompts"]["show_cards"] == [None, None]
            and public["card"]["code"] is None
        )
        assert (
            console["state"]["prompts"]["show_cards"] == ["7H", "8C"]
            and console["card"]["code"] == "8C"
        )
        hand = public["state"]["prompts"]["seats"][0]["figures"]["hands"][0]
        assert hand["cards"] == [None, None] and hand["total"] is None
        with (
            client.websocket_connect("ws://127.0.0.1/ws") as watching,
            client.websocket_connect(f"ws://127.0.0.1/ws?token={settings.dealer_token}") as dealer,
        ):
            assert json.loads(watching.receive_text())["state"]["prompts"]["seats"][0]["figures"][
                "hands"
            ][0]["cards"] == [None, None]
            assert json.loads(dealer.receive_text())["state"]["prompts"]["seats"][0]["figures"][
                "hands"
            ][0]["cards"] == ["9S", "4C"]
        for seat, action in PLAYS_1:
            while session.expected().payment is not None:
                assert post("/api/control", {"control": "paid"}).status_code == 200
            if session.expected().deal is not None:
                deal_by_api(client, session)
            assert post("/api/decision", {"seat": seat, "action": action}).status_code == 200
            if action == "draw":
                deal_by_api(client, session)
        while not session.expected().hand_over:
            exp = session.expected()
            if exp.payment is not None:
                assert post("/api/control", {"control": "paid"}).status_code == 200
            elif "done" in exp.controls:
                assert post("/api/control", {"control": "done"}).status_code == 200
            else:
                deal_by_api(client, session)
    result = session.game.result(session.state)
    assert {s: r.details["net"] for s, r in result.seats.items()} == {
        "seat1": 1000,
        "seat2": -500,
        "seat3": 4000,
        "seat4": -1500,
    }
    assert leaks == []


def test_the_autopilot_plays_vingt_un_rounds_on_the_display() -> None:
    shoe = "sim://?seed=11"
    settings = display_settings(shoe, autopilot=True, autopilot_hands=8, pace=0.0)
    session = TableSession(make_game("vingt-un", seats=7), source_url=shoe)
    with TestClient(
        create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
    ):
        deadline = time.monotonic() + 120
        while session.hands_played < 8 and session.prompts().irregularity is None:
            assert time.monotonic() < deadline, session.prompts().dealer_instruction
            time.sleep(0.02)
    assert session.prompts().irregularity is None and session.hands_played >= 8
    assert session.state.shoe.drawn or session.state.shoe.discarded  # one pack, dealt through


# ----- in the browser ---------------------------------------------------------------------------
def settle_page(page: Page, table: LiveTable) -> None:
    """Wait until the page shows the table's newest state."""
    page.wait_for_function(
        f"window.tableDisplay.message && window.tableDisplay.message.version >= {table.version}"
    )


def act(page: Page, table: LiveTable, do: Any) -> None:
    """Do something on the page, then wait for the engine to take it and the page to show it."""
    before = table.session.state
    do()
    deadline = time.monotonic() + 60
    while table.session.state is before:
        assert time.monotonic() < deadline, (
            f"the table did not move: {page.inner_text('#instruction')} / {page.inner_text('#refusal')}"
        )
        time.sleep(0.01)
    settle_page(page, table)


def check_screen(page: Page, table: LiveTable) -> None:
    """The instruction, each hand's stake and total on screen are the engine's."""
    prompts = table.session.prompts()
    assert page.inner_text("#instruction") == spoken(page, prompts.dealer_instruction)
    for seat in prompts.seats:
        for hand in seat.figures.get("hands", []):
            box = page.locator(f'.rail-seat[data-seat="{seat.seat}"] .rail-hand').nth(
                hand["hand"] - 1
            )
            assert f"stake {money(hand['bet'])}" in box.inner_text()
            # "over-drawn (26)" is drawn in two lines
            total = " ".join(box.locator(".rail-total").inner_text().split())
            assert total == (hand["total_words"] or "\u2013")


def play_by_hand(
    page: Page,
    watching: Page,
    table: LiveTable,
    stakes: dict[str, int],
    plays: list[tuple[str, str, int | None]],
    shot_at: str,
    name: str,
) -> list[str]:
    """A dealer plays a round at the console by keys and buttons, checking the screen against the
    engine at every step; returns every payment prompt in order."""
    act(page, table, lambda: page.keyboard.press("n"))
    assert page.inner_text("#instruction") == "Mark the seats playing this round, then SEATS IN"
    act(page, table, lambda: page.keyboard.press("i"))
    payments: list[str] = []
    while not table.session.expected().hand_over:
        check_screen(page, table)
        exp = table.session.expected()
        if exp.payment is not None:
            assert money(exp.payment.collected or exp.payment.paid) in page.inner_text(
                "#instruction"
            )
            payments.append(table.session.prompts().dealer_instruction)
            act(page, table, lambda: page.keyboard.press("c"))
        elif "done" in exp.controls:
            act(page, table, lambda: page.keyboard.press("o"))
        elif exp.deal is not None:
            if exp.deal.spot == shot_at:
                shot(page, watching, table, name)
            act(page, table, lambda: page.keyboard.press("d"))
        else:
            seat, acts = next(iter(exp.decisions.items()))
            amount = stakes[seat] if acts == ("stake",) else None
            action = "stake"
            if acts != ("stake",):
                assert plays[0][0] == seat
                _, action, amount = plays.pop(0)
            if amount is not None:
                assert (
                    page.input_value("#amount-typed-value") == ""
                )  # money only when typed (issue 40)
                page.fill("#amount-typed-value", f"{amount / 100:.2f}")
            button = f'.seat-panel[data-seat="{seat}"] button[data-action="{action}"]'
            act(page, table, lambda button=button: page.click(button))
    check_screen(page, table)
    assert plays == []
    return payments


def open_pages(browser: Browser, table: LiveTable) -> tuple[Page, Page]:
    page = open_console(browser, table, 1280, 800)
    watching = browser.new_page(
        viewport={"width": 1280, "height": 800}
    )  # a screen the seats watch: no token
    watching.add_init_script(
        "window.__errors = []; addEventListener('error', (e) => window.__errors.push(String(e.message)))"
    )
    watching.goto(table.url)
    return page, watching


def test_a_dealer_plays_example_1_by_hand_in_the_browser_and_the_public_page_shows_backs(
    browser: Browser, tmp_path: Path
) -> None:
    with live_table(
        f"sim://?deck={deck_file(tmp_path, EXAMPLE_1)}", game=make_game("vingt-un", seats=4)
    ) as table:
        page, watching = open_pages(browser, table)
        plays = [(seat, action, None) for seat, action in PLAYS_1]
        payments = play_by_hand(
            page, watching, table, STAKES_1, plays, "seat3/h1/card4", "vingt-un-example-1-play"
        )
        assert payments == [
            "Collect $5.00 from SEAT 2 (over-drawn with 25: throw the hand on the pone pile unexposed)",
            "Pay SEAT 1 $10.00 (turn it up: 20 beats 18)",
            "Pay SEAT 3 $40.00 (turn it up: drawn vingt-un against 18: double stake)",
            "Collect $15.00 from SEAT 4 (turn it up: 18 against 18: the banker wins ties)",
        ]
        shot(page, watching, table, "vingt-un-example-1-over")
        assert page.errors == [] and watching_errors(watching) == []  # type: ignore[attr-defined]
        page.close()
        watching.close()


def test_a_dealer_divides_twice_by_hand_example_4(browser: Browser, tmp_path: Path) -> None:
    deck = "8S 10H 6C 8D 7S 10D 8H 5C 3D KC 9S 10C 9D".split()
    with live_table(
        f"sim://?deck={deck_file(tmp_path, deck)}", game=make_game("vingt-un", seats=2)
    ) as table:
        page, watching = open_pages(browser, table)
        plays = [
            ("seat1", "divide", 1000),
            ("seat1", "divide", 500),
            ("seat1", "draw", None),
            ("seat1", "stand", None),
            ("seat1", "draw", None),
            ("seat1", "stand", None),
            ("seat2", "stand", None),
        ]
        payments = play_by_hand(
            page,
            watching,
            table,
            {"seat1": 2000, "seat2": 1500},
            plays,
            "seat1/h2/card3",
            "vingt-un-example-4-divided",
        )
        assert payments == [
            "Collect $10.00 from SEAT 1 hand 2 (over-drawn with 23: throw the hand on the pone pile unexposed)",
            "Pay SEAT 1 hand 1 $20.00 (turn it up: 20: the banker over-draws with 25)",
            "Pay SEAT 1 hand 3 $5.00 (turn it up: 18: the banker over-draws with 25)",
            "Pay SEAT 2 $15.00 (turn it up: 17: the banker over-draws with 25)",
        ]
        result = table.session.game.result(table.session.state)
        assert {s: r.details["net"] for s, r in result.seats.items()} == {
            "seat1": 1500,
            "seat2": 1500,
        }
        assert page.errors == [] and watching_errors(watching) == []  # type: ignore[attr-defined]
        page.close()
        watching.close()


def watching_errors(page: Page) -> list[str]:
    return page.evaluate("window.__errors || []")


def shot(page: Page, watching: Page, table: LiveTable, name: str) -> None:
    """Screenshots of the console and the watching page; the watching page drawn with a back for
    every hidden card and not one hidden code in its document."""
    settle_page(watching, table)
    html = watching.content()
    hidden = hidden_now(table.session)
    assert not [code for code in hidden if f'data-code="{code}"' in html]
    backs = watching.locator(".card.back").count()
    public = table.session.game.public_prompts(table.session.state)
    nulls = sum(
        c is None for s in public.seats for h in s.figures.get("hands", []) for c in h["cards"]
    )
    assert backs == nulls + sum(c is None for c in public.show_cards)
    settle_page(page, table)
    marked = sum(
        sum(h["hidden"]) for s in table.session.prompts().seats for h in s.figures.get("hands", [])
    )
    assert page.locator("#layout .card.hidden-card").count() == marked + sum(
        c is None for c in public.show_cards
    )
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-console.png"))
    watching.screenshot(path=str(ARTIFACTS / f"{name}-watching.png"))


def test_the_autopilot_plays_seven_seats_in_the_browser_and_the_page_fits(browser: Browser) -> None:
    from tests.dealer_display.screen import FITS, OVERFLOWS, RESULT_SPILLS, SEATS_CROWD

    with live_table(
        "sim://?seed=21",
        game=make_game("vingt-un", seats=7),
        autopilot=True,
        autopilot_hands=4,
        pace=0.0,
    ) as table:
        page = open_console(browser, table, 1280, 800)
        watching = browser.new_page(viewport={"width": 1280, "height": 800})
        watching.goto(table.url)
        page.wait_for_function(
            "window.tableDisplay.message && window.tableDisplay.message.state.hands_played >= 4",
            timeout=120_000,
        )
        settle_page(page, table)
        settle_page(watching, table)
        ARTIFACTS.mkdir(exist_ok=True)  # (before the checks: a failure's picture too)
        page.screenshot(path=str(ARTIFACTS / "vingt-un-7-seats-console.png"))
        watching.screenshot(path=str(ARTIFACTS / "vingt-un-7-seats-watching.png"))
        assert page.errors == []  # type: ignore[attr-defined]
        assert (
            page.locator(".rail-seat").count() == 7 and page.inner_text("#game-title") == "Vingt-un"
        )
        result = table.session.prompts().result
        assert result is not None and page.inner_text("#result").strip() != ""
        assert page.evaluate(FITS), "the page scrolls"
        assert page.evaluate(OVERFLOWS) == [], "the layout or a seat panel runs under the console"
        assert page.evaluate(RESULT_SPILLS) == [], "the result panel's lines run past its edge"
        assert page.evaluate(SEATS_CROWD) == [], "seats' tags or cards lie on each other"
        assert "$" in page.inner_text(
            "#result .explanation"
        )  # the round's nets in dollars, not cents
        page.close()
        watching.close()
