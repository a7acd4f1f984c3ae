"""``table floor`` in headless Chromium over a real PostgreSQL with fifty tables on it: a pit boss
signs in by name and PIN, sees every table, sees a table's new hand, lockout and held hand
arrive pushed (LISTEN/NOTIFY), drills into a table's hands and reads one step by step."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page

from floor_display.app import FloorSettings, create_app
from table_controller.cli import main as table_main
from table_controller.hand_log import HandLog
from table_controller.staff import Staff
from tests.dealer_display.conftest import browser
from tests.dealer_display.live import free_port
from tests.dealer_display.screen import ARTIFACTS
from tests.hand_log.fixtures import _data_dir, fresh_pg_url, key_path, pg_server_url
from tests.hand_log.sample import write_hands

__all__ = ["_data_dir", "browser", "key_path", "pg_server_url"]
TABLES = 50
PIN = "2468"
REAL = (
    ("bj-01", ["--game", "blackjack", "--seats", "7"]),
    ("rd-02", ["--game", "red-dog", "--seats", "5"]),
    ("mc-03", ["--game", "missouri-city"]),
)


@pytest.fixture(scope="module")
def floor_log(pg_server_url: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """Fifty tables on one log: three dealt by the autopilot, the rest sample hands."""
    url = fresh_pg_url(pg_server_url)
    key = tmp_path_factory.mktemp("floor") / "hand_log.key"
    for table, game in REAL:
        assert (
            table_main(
                [
                    "run",
                    "--autopilot",
                    "--hands",
                    "1",
                    "--log",
                    url,
                    "--key",
                    str(key),
                    "--table-id",
                    table,
                    "--dealer",
                    "ann",
                    "--quiet",
                    *game,
                ]
            )
            == 0
        )
    for n in range(len(REAL), TABLES):
        with HandLog.open(url, key_path=key, table_id=f"sim-{n:02d}") as log:
            write_hands(log, 1, prefix=f"sim-{n:02d}-", at=time.time())
    with HandLog.open(
        url, key_path=key, table_id="sim-13"
    ) as log:  # a hand begun 5 minutes ago, nothing since
        log.begin_hand(
            "sim-13-quiet",
            {"game": "red-dog", "dealer": "cy", "seats": ["seat1"]},
            at=time.time() - 300,
        )
    return url, key


@pytest.fixture(scope="module")
def floor_url(floor_log: tuple[str, Path]) -> Iterator[str]:
    staff = Staff(()).added("jortiz", "J. Ortiz", "pit_boss", PIN)
    port = free_port()
    app = create_app(FloorSettings(floor_log[0], staff))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, name="floor-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the floor server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def sign_in(browser: Browser, url: str, width: int = 1280, height: int = 800) -> Page:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    page.fill("#staff", "jortiz")
    page.fill("#pin", PIN)
    page.click("#signin button")
    page.wait_for_function(f"document.querySelectorAll('.table').length === {TABLES}")
    assert not page.is_visible("#signin")  # the form goes once signed in
    return page


def card_text(page: Page, table: str) -> str:
    return page.inner_text(f".table[data-table='{table}']")


def test_a_wrong_pin_is_refused_and_the_floor_is_shown_only_after_signing_in(
    browser: Browser, floor_url: str
) -> None:
    page = browser.new_page()
    page.goto(floor_url)
    page.wait_for_selector("#signin", state="visible")
    page.fill("#staff", "jortiz")
    page.fill("#pin", "1111")
    page.click("#signin button")
    page.wait_for_function("document.getElementById('signin-error').textContent !== ''")
    assert "no pit boss or surveillance staff with that staff id and PIN" in page.inner_text(
        "#signin-error"
    )
    assert page.query_selector_all(".table") == []
    page.close()
    assert status(floor_url + "api/floor") == 401
    assert status(floor_url + "api/floor", {"Host": "floor.evil.example"}) == 400
    assert status(floor_url + "api/floor", {"Origin": "http://evil.example"}) == 403


def status(url: str, headers: dict[str, str] | None = None) -> int:
    try:
        with urllib.request.urlopen(
            urllib.request.Request(url, headers=headers or {}), timeout=30
        ) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def test_fifty_tables_live_with_their_hands_holds_and_alerts_pushed(
    browser: Browser,
    floor_url: str,
    floor_log: tuple[str, Path],
) -> None:
    url, key = floor_log
    page = sign_in(browser, floor_url)
    assert "J. Ortiz" in page.inner_text("header")
    blackjack = card_text(page, "bj-01")
    assert "Blackjack" in blackjack and "dealer ann" in blackjack and "7 seats" in blackjack
    assert "1 hand this hour" in blackjack and "over:" in blackjack
    assert "silent 5 min" in card_text(page, "sim-13") and "silent" not in blackjack
    with HandLog.open(
        url, key_path=key, table_id="sim-07"
    ) as log:  # a table deals a hand, then a PIN lockout
        write_hands(log, 1, start=1, prefix="sim-07-", at=time.time())
        log.append(
            "",
            "lockout",
            {"console": "pit boss keypad", "failures": 4, "wait_seconds": 2},
            source="console",
            at=time.time(),
        )
    page.wait_for_function(
        "document.querySelector(\".table[data-table='sim-07']\").textContent.includes('2 hands this hour')"
    )
    page.wait_for_function(
        "document.querySelector(\".table[data-table='sim-07']\").textContent.includes('PIN lockout')"
    )
    with HandLog.open(
        url, key_path=key, table_id="sim-09"
    ) as log:  # a card nobody expected holds a hand
        log.begin_hand(
            "sim-09-held",
            {"game": "missouri-city", "dealer": "bo", "seats": ["red", "green"]},
            at=time.time(),
        )
        log.append(
            "sim-09-held",
            "event",
            {
                "event": {"type": "card", "card": "AS"},
                "effects": [
                    {
                        "type": "irregularity",
                        "kind": "unexpected_card",
                        "reason": "a card nobody expected",
                        "cards": ["AS"],
                    }
                ],
            },
            source="sim://",
            at=time.time(),
        )
    with HandLog.open(
        url, key_path=key, table_id="sim-11"
    ) as log:  # a shoe's cable pulled between hands
        log.append(
            "",
            "hardware",
            {"type": "disconnected", "source": "serial:///dev/ttyUSB0"},
            source="serial://",
            at=time.time(),
        )
    page.wait_for_function(
        "document.querySelector(\".table[data-table='sim-09']\").classList.contains('held')"
    )
    page.wait_for_function(
        "document.querySelector(\".table[data-table='sim-11']\").classList.contains('alert')"
    )
    assert "shoe disconnected" in card_text(page, "sim-11")
    assert "held: a card nobody expected" in card_text(page, "sim-09")
    assert "2 held" not in page.inner_text("#summary") and "1 held" in page.inner_text("#summary")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "floor-50-tables-1280.png"), full_page=True)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.screenshot(path=str(ARTIFACTS / "floor-50-tables-1920.png"))
    page.close()


def test_a_table_s_hands_today_and_one_hand_step_by_step(browser: Browser, floor_url: str) -> None:
    page = sign_in(browser, floor_url)
    page.click(".table[data-table='bj-01']")
    page.wait_for_selector("#hands li")
    assert "blackjack" in page.inner_text("#hands li")
    page.click("#hands li")
    page.wait_for_function("document.getElementById('account').textContent.includes('Result:')")
    steps = page.inner_text("#account")
    assert "totals:" in steps and "RESULT" in steps  # the totals after each step, derived by replay
    page.screenshot(path=str(ARTIFACTS / "floor-hand-1280.png"), full_page=True)
    page.close()
