"""``replay://DB?hand=ID`` on the display: a logged hand plays back through the live stack,
its decisions and controls at their recorded moments, and ends as it was recorded."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dealer_display.app import create_app
from table_controller.cli import main
from table_controller.games import make_game
from table_controller.hand_log.reader import RecordedHand, iter_hands
from table_controller.hand_log.shown import shown_prompts
from table_controller.hand_log.store import open_store
from table_controller.runtime import TableSession
from tests.dealer_display.conftest import LOOPBACK_CLIENT
from tests.dealer_display.live import display_settings


@pytest.fixture
def recorded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, RecordedHand]:
    """One hand played by ``table run --autopilot --hands 1 --log DB``."""
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
    return db, hand


def replay_client(db: str, hand: RecordedHand, speed: str = "0") -> TestClient:
    settings = display_settings(f"replay://{db}?hand={hand.hand_id}&speed={speed}")
    session = TableSession(make_game(hand.header["game"]), source_url=settings.cards_url)
    return TestClient(
        create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
    )


def wait_for_result(client: TestClient) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while (body := client.get("/api/state").json())["state"]["prompts"]["result"] is None:
        assert time.monotonic() < deadline, body["state"]["prompts"]["dealer_instruction"]
        time.sleep(0.01)
    return body


def test_a_replayed_hand_ends_on_the_display_as_it_was_recorded(recorded):
    db, hand = recorded
    with replay_client(db, hand) as client:
        body = wait_for_result(client)
        with client.websocket_connect("ws://127.0.0.1/ws") as ws:
            pushed = ws.receive_json()
    recorded_prompts = shown_prompts(hand)[hand.events[-1].seq]
    for seen in (body, pushed):
        assert seen["state"]["prompts"] == recorded_prompts
        assert seen["state"]["prompts"]["result"] == hand.result
        assert seen["state"]["hardware"]["simulated"] is True
    assert body["state"]["tally"] == {
        f"{hand.result['winner']} wins" if hand.result["winner"] else "no winner": 1
    }
    decisions = [r for r in hand.events if r.payload["event"]["type"] == "decision"]
    assert decisions, "the recorded hand had decisions to replay"


def test_every_pushed_state_is_one_the_recorded_hand_showed(recorded):
    db, hand = recorded
    shown = list(shown_prompts(hand).values())
    recorded_for = hand.records[-1].at - hand.header_record.at
    speed = f"{recorded_for / 1.0:.6f}"  # paced as recorded, stretched to about a second
    with (
        replay_client(db, hand, speed=speed) as client,
        client.websocket_connect("ws://127.0.0.1/ws") as ws,
    ):
        seen = []
        while not seen or seen[-1]["result"] is None:
            seen.append(ws.receive_json()["state"]["prompts"])
    assert seen[-1] == shown[-1]
    fresh = TableSession(make_game(hand.header["game"])).prompts().to_dict()
    assert all(prompts in shown or prompts == fresh for prompts in seen)
    assert len(seen) > 5  # paced, the page follows the hand step by step, not just its end
