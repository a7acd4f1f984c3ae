"""The WebSocket push: the state on connect, a new state after every change, reconnects."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.dealer_display.conftest import DEALER, deal, make_client
from tests.dealer_display.live import DEALER_TOKEN


def instruction(message: dict) -> str:
    return message["state"]["prompts"]["dealer_instruction"]


def test_a_page_gets_the_state_at_once_and_after_every_change(client):
    with client.websocket_connect("ws://127.0.0.1/ws") as ws:
        first = ws.receive_json()
        assert first["type"] == "state"
        assert instruction(first).startswith("Load a freshly shuffled deck")
        client.post("/api/control", json={"control": "new_deck"}, headers=DEALER)
        assert instruction(ws.receive_json()) == "Deal show card S3"
        card = client.post("/api/deal", headers=DEALER).json()["card"]
        pushed = ws.receive_json()
        assert pushed["card"]["code"] == card == "10S"
        assert pushed["state"]["prompts"]["show_cards"] == [None, None, "10S"]
        assert instruction(pushed) == "Deal show card S2"


def test_a_refusal_is_pushed_to_every_page(client):
    with (
        client.websocket_connect("ws://127.0.0.1/ws") as one,
        client.websocket_connect("ws://127.0.0.1/ws") as two,
    ):
        one.receive_json(), two.receive_json()
        client.post("/api/decision", json={"seat": "red", "action": "hit"}, headers=DEALER)
        for ws in (one, two):
            assert ws.receive_json()["state"]["last_refusal"].startswith("RED cannot HIT now")


def test_a_page_that_reconnects_sees_the_current_state(client):
    with client.websocket_connect("ws://127.0.0.1/ws") as ws:
        ws.receive_json()
    client.post("/api/control", json={"control": "new_deck"}, headers=DEALER)
    deal(client)
    with client.websocket_connect("ws://127.0.0.1/ws") as again:
        state = again.receive_json()["state"]
        assert state["prompts"]["show_cards"] == [None, None, "10S"]
        assert state["prompts"]["dealer_instruction"] == "Deal show card S2"


def test_another_computer_needs_the_token_for_the_push(deck_file):
    with make_client(deck_file, client=("192.0.2.7", 40000)) as remote:
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            remote.websocket_connect("ws://127.0.0.1/ws") as ws,
        ):
            ws.receive_json()
        assert refused.value.code == 1008
        with remote.websocket_connect(f"ws://127.0.0.1/ws?token={DEALER_TOKEN}") as ws:
            assert ws.receive_json()["type"] == "state"
