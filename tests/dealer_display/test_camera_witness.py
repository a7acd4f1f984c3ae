"""A shoe and a camera at once (``sim://`` + ``sim-camera://``): the camera confirms each card
the shoe read at the spot the engine put it; a switched or removed card is an irregularity
the dealer sees and the hand log keeps."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dealer_display.app import create_app
from hardware_sim.camera import SimCamera
from table_controller.cards import parse_card
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.hand_log.reader import read_hand
from table_controller.hand_log.store import open_store
from table_controller.runtime import TableSession
from tests.dealer_display.conftest import DEALER, LOOPBACK_CLIENT
from tests.dealer_display.live import display_settings

SHOE = "sim://?seed=3"  # NEW DECK loads seed 4: QD 10H AC | 9H 4H | KC 3D: S3 S2 S1, RED's hand, GREEN's hand
CAMERA = "sim-camera://?seed=3"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TestClient, HandLog]]:
    log = HandLog.open(str(tmp_path / "hands.db"), key_path=tmp_path / "key")
    settings = display_settings(SHOE, camera_url=CAMERA)
    session = TableSession(make_game("missouri-city"), log=log, source_url=SHOE)
    with TestClient(
        create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
    ) as client:
        yield client, log
    log.close()


def body(client: TestClient) -> dict[str, Any]:
    # the console's view: a watching page gets no card codes
    return client.get("/api/state", headers=DEALER).json()


def wait_until(
    client: TestClient, check: Callable[[dict[str, Any]], bool], timeout: float = 20
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while not check(seen := body(client)):
        assert time.monotonic() < deadline, seen["camera"]
        time.sleep(0.05)
    return seen


def deal_first_cards(client: TestClient, count: int) -> dict[str, Any]:
    """A new hand's first cards from the shoe, each laid where the engine put it; returns the
    state once the camera has confirmed them all."""
    assert (
        client.post("/api/control", json={"control": "new_deck"}, headers=DEALER).status_code == 200
    )
    for _ in range(count):
        assert client.post("/api/deal", headers=DEALER).status_code == 200
    return wait_until(client, lambda b: b["camera"]["confirmed"] >= count)


def camera_of(client: TestClient) -> SimCamera:
    camera = client.app.state.table.camera  # type: ignore[attr-defined]
    assert isinstance(camera, SimCamera)
    return camera


def logged_irregularities(log: HandLog, db: str, hand_id: str) -> list[tuple[str, str]]:
    with open_store(db, create=False) as store:
        hand = read_hand(store, hand_id)
    return [
        (r.source, r.payload["event"]["reason"])
        for r in hand.events
        if r.payload["event"]["type"] == "hardware_irregularity"
    ]


def test_every_card_the_shoe_read_is_confirmed_where_the_engine_put_it(table):
    client, _log = table
    seen = deal_first_cards(client, 7)
    assert seen["camera"] == {
        "source": CAMERA,
        "confirmed": 7,
        "mismatches": 0,
        "waiting": 0,
        "unconfirmed": [],
    }
    prompts = seen["state"]["prompts"]
    assert prompts["irregularity"] is None and prompts["show_cards"] == ["AC", "10H", "QD"]


def test_a_switched_card_is_an_irregularity_the_dealer_and_the_log_see(table, tmp_path: Path):
    client, log = table
    deal_first_cards(client, 3)
    camera = camera_of(client)
    camera.take("S1")
    camera.deal(parse_card("2C"), "S1")  # the ace of clubs swapped for the two
    seen = wait_until(client, lambda b: b["state"]["prompts"]["irregularity"] is not None)
    reason = "switched card? the camera sees 2C at S1, where the shoe's AC was dealt"
    assert seen["state"]["prompts"]["irregularity"]["reason"].startswith(reason)
    assert seen["state"]["prompts"]["irregularity"]["kind"] == "hardware"
    assert seen["state"]["expected"]["controls"] == ["void_hand", "accept_card"]
    irregular = logged_irregularities(log, str(tmp_path / "hands.db"), seen["state"]["hand_id"])
    assert irregular[0] == (CAMERA, reason)


def test_a_card_taken_off_the_layout_mid_hand_is_an_irregularity(table):
    client, _log = table
    deal_first_cards(client, 3)
    camera_of(client).take("S2")
    seen = wait_until(client, lambda b: b["state"]["prompts"]["irregularity"] is not None)
    assert seen["state"]["prompts"]["irregularity"]["reason"] == (
        "10H left S2 while the hand is live: count and check the cards on the layout"
    )
