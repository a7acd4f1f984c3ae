from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright

from dealer_display.app import create_app
from hardware_sim.decks import write_deck_file
from table_controller.cards import parse_card
from table_controller.games import make_game
from table_controller.runtime import TableSession
from tests.dealer_display.live import DEALER_TOKEN, PIT_BOSS_PIN, display_settings
from tests.dealer_display.screen import CHROMIUM, CHROMIUM_ARGS
from tests.games.stacked import deck

# The rules document's example 1 deck; with RED dealt first GREEN acts first.
EXAMPLE_DECK = "10 6 5 | 10 2 | 7 5 | 4 4 8 9"
DEALER = {"X-Dealer-Token": DEALER_TOKEN}
PIT_BOSS = {**DEALER, "X-Pit-Boss-Pin": PIT_BOSS_PIN}  # a pit boss acts at the dealer's console
LOOPBACK_CLIENT = ("127.0.0.1", 50000)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's chromium, headless, once per test module (scripts/setup installs it)."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def deck_file(tmp_path: Path) -> Path:
    path = tmp_path / "deck.txt"
    write_deck_file(path, [parse_card(code) for code in deck(EXAMPLE_DECK)])
    return path


def make_client(
    deck_path: Path, *, log: Any = None, client: tuple[str, int] = LOOPBACK_CLIENT
) -> TestClient:
    settings = display_settings(f"sim://?deck={deck_path}")
    session = TableSession(make_game("missouri-city"), log=log, source_url=settings.cards_url)
    return TestClient(create_app(settings, session), client=client, base_url="http://127.0.0.1")


@pytest.fixture
def client(deck_file: Path) -> Iterator[TestClient]:
    with make_client(deck_file) as test_client:
        yield test_client


def state(client: TestClient) -> dict[str, Any]:
    return client.get("/api/state").json()["state"]


def deal(client: TestClient) -> str:
    """The simulated shoe deals; returns once the card has reached the rules."""
    card = client.post("/api/deal", headers=DEALER).json()["card"]
    deadline = time.monotonic() + 60
    while (client.get("/api/state", headers=DEALER).json()["card"] or {}).get("code") != card:
        assert time.monotonic() < deadline, f"{card} never reached the table"
        time.sleep(0.005)
    return card


def start_hand(client: TestClient, cards: int = 7) -> None:
    assert (
        client.post("/api/control", json={"control": "new_deck"}, headers=DEALER).status_code == 200
    )
    for _ in range(cards):
        deal(client)
