"""Bodies JSON cannot carry back, and pages of another origin on the same host: plain refusals,
never a 500 with a traceback, never the table's own."""

from __future__ import annotations

import http.client

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.dealer_display.conftest import DEALER, PIT_BOSS
from tests.dealer_display.live import live_table


@pytest.mark.parametrize(
    "body",
    [
        b'{"control": NaN}',
        b'{"control": Infinity}',
        b'{"control": 1e999999}',
        b'{"control": "\\ud800"}',
        b'{"\\ud800": 1}',
        b'{"seat": "\\udfff", "action": "hit"}',
    ],
)
@pytest.mark.parametrize("path", ["/api/control", "/api/pit-boss", "/api/decision"])
def test_numbers_and_strings_json_cannot_carry_are_a_plain_422(
    client: TestClient, path: str, body: bytes
):
    answer = client.post(
        path, content=body, headers={**PIT_BOSS, "Content-Type": "application/json"}
    )
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert detail and all(isinstance(d["msg"], str) and d["msg"] for d in detail)
    assert all(set(d) == {"loc", "msg", "type"} for d in detail)  # the input is not echoed


@pytest.mark.parametrize(
    "origin",
    [
        "http://localhost:1234",
        "https://127.0.0.1",
        "http://127.0.0.1:8000",
        "http://localhost",
        "ws://127.0.0.1",
        "http://127.0.0.1:notaport",
        "http://",
    ],
)
def test_a_page_on_the_tables_host_but_another_scheme_or_port_is_another_site(
    client: TestClient, origin: str
):
    posted = client.post(
        "/api/control", json={"control": "new_deck"}, headers={**DEALER, "Origin": origin}
    )
    assert posted.status_code == 403 and "other sites" in posted.json()["detail"]
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect("ws://127.0.0.1/ws", headers={"Origin": origin}) as ws,
    ):
        ws.receive_json()
    assert refused.value.code == 1008
    assert client.get("/api/state", headers=DEALER).json()["state"]["expected"]["controls"] == [
        "new_deck"
    ]


@pytest.mark.parametrize("origin", ["http://127.0.0.1", "http://127.0.0.1:80", "HTTP://127.0.0.1"])
def test_the_tables_own_page_is_let_through(client: TestClient, origin: str):
    with client.websocket_connect("ws://127.0.0.1/ws", headers={"Origin": origin}) as ws:
        assert ws.receive_json()["type"] == "state"
    assert (
        client.post(
            "/api/control", json={"control": "new_deck"}, headers={**DEALER, "Origin": origin}
        ).status_code
        == 200
    )


def test_the_port_counts_on_a_real_server() -> None:
    with live_table("sim://?seed=1") as table:
        port = table.settings.port
        for origin, status in (
            (f"http://127.0.0.1:{port}", 200),
            (f"http://127.0.0.1:{port + 1}", 403),
            (f"https://127.0.0.1:{port}", 403),
        ):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request("GET", "/api/state", headers={"Origin": origin})
            assert conn.getresponse().status == status, origin
            conn.close()
