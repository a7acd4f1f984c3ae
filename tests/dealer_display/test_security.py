"""Attacks on the display, as a person on the same computer or a web page in the kiosk would make
them: PIN guessing, a foreign Host or Origin, oversized bodies, a binary WebSocket frame."""

from __future__ import annotations

import resource
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dealer_display.app import create_app
from dealer_display.settings import DisplaySettings
from table_controller.errors import ConfigError
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.hand_log.store import open_store
from table_controller.runtime import TableSession
from table_controller.staff import Staff
from tests.dealer_display.conftest import DEALER, LOOPBACK_CLIENT, PIT_BOSS, start_hand, state
from tests.dealer_display.live import DEALER_TOKEN, PIT_BOSS_PIN, display_settings, live_table


class Clock:
    """The PIN guard's clock, moved by the test: waits are checked, not slept through."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def table_client(
    deck_file: Path, tmp_path: Path, **extra: Any
) -> Iterator[tuple[TestClient, HandLog, Clock]]:
    log = HandLog.open(
        str(tmp_path / "hands.db"), key_path=tmp_path / "hand_log.key", table_id="table-1"
    )
    settings = display_settings(f"sim://?deck={deck_file}", **extra)
    session = TableSession(make_game("missouri-city"), log=log, source_url=settings.cards_url)
    app = create_app(settings, session)
    clock = Clock()
    app.state.pin_guard.clock = clock
    try:
        with TestClient(app, client=LOOPBACK_CLIENT, base_url="http://127.0.0.1") as client:
            yield client, log, clock
    finally:
        log.close()


def records(tmp_path: Path, kind: str) -> list[dict[str, Any]]:
    store = open_store(str(tmp_path / "hands.db"))
    try:
        return [r.payload for r in store.records("table-1") if r.kind == kind]
    finally:
        store.close()


def void(client: TestClient, pin: str, **headers: str) -> Any:
    return client.post(
        "/api/pit-boss/void_hand", headers={**DEALER, "X-Pit-Boss-Pin": pin, **headers}
    )


# ----- PIN guessing ------------------------------------------------------------------------------
def test_guessing_the_pin_is_slowed_to_a_crawl_and_every_try_is_logged(
    deck_file: Path, tmp_path: Path
):
    with table_client(deck_file, tmp_path) as (client, _log, clock):
        start_hand(client, cards=3)
        for _ in range(3):  # a pit boss may mistype
            assert void(client, "0000", **{"X-Console-Name": "pit podium"}).status_code == 403
        fourth = void(client, "0001")
        assert fourth.status_code == 403 and "next try in 2 seconds" in fourth.json()["detail"]
        # inside the wait even the right PIN is not looked at
        locked = void(client, PIT_BOSS_PIN)
        assert locked.status_code == 429 and locked.headers["Retry-After"] == "2"
        assert state(client)["prompts"]["result"] is None
        clock.now += 2.0
        assert void(client, "0002").status_code == 403  # the fifth wrong PIN: 4 s now
        clock.now += 3.9
        assert void(client, PIT_BOSS_PIN).status_code == 429
        clock.now += 0.2
        assert void(client, PIT_BOSS_PIN).status_code == 200
        assert state(client)["prompts"]["result"]["void"] is True
    refused = records(tmp_path, "access_refused")
    assert len(refused) == 5  # the five wrong PINs looked at; the tries inside a wait are summed up
    assert refused[0] == {
        "action": "void_hand",
        "console": "127.0.0.1 (pit podium)",
        "staff": None,
        "reason": "wrong PIN",
    }
    assert [r["wait_seconds"] for r in records(tmp_path, "lockout")] == [2.0, 4.0]
    lifted = records(tmp_path, "lockout_lifted")
    assert [(r.get("reason"), r.get("tries_refused"), r.get("consoles")) for r in lifted[:2]] == [
        ("the wait ended", 1, ["127.0.0.1"]),
        ("the wait ended", 1, ["127.0.0.1"]),
    ]
    assert lifted[2] == {"by": "pit boss", "console": "127.0.0.1"}


def test_the_wait_doubles_up_to_fifteen_minutes(deck_file: Path, tmp_path: Path):
    with table_client(deck_file, tmp_path) as (client, _log, clock):
        waits = []
        for _ in range(14):
            void(client, "1111")
            waits.append(client.app.state.pin_guard.wait_left())  # type: ignore[attr-defined]
            clock.now += waits[-1]
        assert waits[:6] == [0, 0, 0, 2, 4, 8] and waits[-1] == 900
        # at most one guess per 15 minutes: 10,000 four-digit PINs take over three months
        assert 10_000 * waits[-1] / 86_400 > 100


def test_the_display_shows_the_wrong_pins(deck_file: Path, tmp_path: Path):
    with table_client(deck_file, tmp_path) as (client, _log, _clock):
        void(client, "0000")
        access = client.get("/api/state").json()["access"]
        assert access["failures"] == 1 and access["last_failure"]["action"] == "void_hand"


def test_pit_boss_actions_need_the_dealers_console(client: TestClient):
    answer = client.post("/api/pit-boss/void_hand", headers={"X-Pit-Boss-Pin": PIT_BOSS_PIN})
    assert answer.status_code == 401 and "dealer token" in answer.json()["detail"]


# ----- named staff ---------------------------------------------------------------------------------
def test_each_pit_boss_has_a_pin_and_the_log_names_them(deck_file: Path, tmp_path: Path):
    staff = (
        Staff()
        .added("jortiz", "J. Ortiz", "pit_boss", "482910")
        .added("mchen", "M. Chen", "dealer", "111999")
    )
    with table_client(deck_file, tmp_path, staff=staff, pit_boss_pin="") as (client, _log, _clock):
        start_hand(client, cards=3)
        assert void(client, PIT_BOSS_PIN).status_code == 403  # no shared PIN with named staff
        assert void(client, "111999").status_code == 403  # a dealer is no pit boss
        assert void(client, "482910").status_code == 200
    events = [p["event"] for p in records(tmp_path, "event")]
    assert events[-1] == {"type": "control", "control": "void_hand", "by": "pit boss J. Ortiz"}
    assert "482910" not in (tmp_path / "hands.db").read_bytes().decode("latin-1")


def test_a_staff_file_keeps_only_slow_salted_hashes(tmp_path: Path):
    path = tmp_path / "staff.json"
    for staff_id, role, pin in (("jortiz", "pit_boss", "482910"), ("kim", "pit_boss", "482910")):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "table_controller.cli",
                "staff",
                "add",
                str(path),
                staff_id,
                "--name",
                staff_id.title(),
                "--role",
                role,
            ],
            input=f"{pin}\n",
            text=True,
            capture_output=True,
            check=False,
        )
        if staff_id == "kim":  # two pit bosses cannot share a PIN: it says who acted
            assert done.returncode == 2 and "another pit boss has that PIN" in done.stderr
        else:
            assert done.returncode == 0, done.stderr
    text = path.read_text()
    assert "482910" not in text and "scrypt$16384$8$1$" in text
    assert oct(path.stat().st_mode & 0o777) == "0o600"


@pytest.mark.parametrize("pin", ["١٢٣٤", "１２３４", "12a4", "123", "1234567890123"])  # noqa: RUF001 (digits that are not ASCII)
def test_a_pin_the_keypad_cannot_type_is_refused_at_start_up(pin: str):
    with pytest.raises(ConfigError, match="4 to 12 digits 0-9"):
        DisplaySettings(dealer_token=DEALER_TOKEN, pit_boss_pin=pin)
    done = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", "run", "--pit-boss-pin", pin, "--port", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


# ----- the browser side -------------------------------------------------------------------------
def test_a_foreign_host_name_is_refused(client: TestClient):
    for path in ("/", "/api/state", "/openapi.json"):
        answer = client.get(path, headers={"Host": "evil.example"})
        assert answer.status_code == 400 and "own host names" in answer.json()["detail"]
    assert client.get("/api/state", headers={"Host": "localhost:8000"}).status_code == 200


def test_a_floor_screen_host_can_be_allowed(deck_file: Path, tmp_path: Path):
    with table_client(deck_file, tmp_path, allowed_hosts=("pit-screen.casino.lan",)) as (
        client,
        _log,
        _clock,
    ):
        answer = client.get(
            "/api/state",
            headers={"Host": "pit-screen.casino.lan:8000", "X-Dealer-Token": DEALER_TOKEN},
        )
        assert answer.status_code == 200


def test_a_page_of_another_site_gets_nothing(client: TestClient):
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(
            "ws://127.0.0.1/ws", headers={"Origin": "http://evil.example"}
        ) as ws,
    ):
        ws.receive_json()
    assert refused.value.code == 1008
    posted = client.post(
        "/api/control",
        json={"control": "new_deck"},
        headers={**DEALER, "Origin": "http://evil.example"},
    )
    assert posted.status_code == 403
    own = {"Origin": "http://127.0.0.1"}
    with client.websocket_connect("ws://127.0.0.1/ws", headers=own) as ws:
        assert ws.receive_json()["type"] == "state"


def test_credentials_come_before_the_body(client: TestClient):
    answer = client.post(
        "/api/decision", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 401


def test_a_binary_websocket_frame_is_ignored_and_the_push_goes_on(client: TestClient):
    with client.websocket_connect("ws://127.0.0.1/ws") as ws:
        ws.receive_json()
        ws.send_bytes(b"\x00\xff" * 100)
        client.post("/api/control", json={"control": "new_deck"}, headers=DEALER)
        assert ws.receive_json()["state"]["prompts"]["dealer_instruction"] == "Deal show card S3"


def test_the_api_description_lists_the_refusals(client: TestClient):
    paths = client.get("/openapi.json").json()["paths"]
    pit_boss = paths["/api/pit-boss/{control}"]["post"]["responses"]
    assert {"400", "401", "403", "413", "429"} <= set(pit_boss)
    assert {"400", "401", "403", "409", "413"} <= set(paths["/api/decision"]["post"]["responses"])


def _rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _post_raw(port: int, head: str, chunks: Iterator[bytes]) -> bytes:
    """Send a request as an attacker would, stopping when the server answers or closes."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(head.encode())
        try:
            for chunk in chunks:
                sock.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        sock.settimeout(10)
        answer = b""
        try:
            while data := sock.recv(65536):
                answer += data
        except (ConnectionResetError, TimeoutError):
            pass
        return answer


def test_a_huge_body_is_refused_without_being_read(deck_file: Path):
    """A 200 MB body, declared or streamed in chunks, is answered 413 after at most 16 KiB."""
    with live_table(f"sim://?deck={deck_file}") as table:
        port = table.settings.port
        before = _rss_mib()
        declared = _post_raw(
            port,
            f"POST /api/decision HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Dealer-Token: {DEALER_TOKEN}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {200 * 2**20}\r\n\r\n",
            iter([b"x" * 65536] * 64),
        )
        assert declared.startswith(b"HTTP/1.1 413")

        def stream() -> Iterator[bytes]:
            for _ in range(3200):  # up to 200 MB, 64 KiB at a time; the server stops it long before
                yield b"10000\r\n" + b"x" * 65536 + b"\r\n"

        chunked = _post_raw(
            port,
            f"POST /api/decision HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Dealer-Token: {DEALER_TOKEN}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
            stream(),
        )
        assert chunked.startswith(b"HTTP/1.1 413")
        assert _rss_mib() - before < 50
        assert table.session.snapshot()["prompts"]["dealer_instruction"].startswith(
            "Load a freshly shuffled deck"
        )


def test_the_pit_boss_fixture_is_a_console_with_the_pin(client: TestClient):
    start_hand(client, cards=2)
    assert (
        client.post("/api/pit-boss", json={"control": "void_hand"}, headers=PIT_BOSS).status_code
        == 200
    )


def test_a_dealer_signs_in_with_their_own_pin_and_the_log_names_them(
    deck_file: Path, tmp_path: Path
):
    staff = Staff().added("mchen", "M. Chen", "dealer", "111999")
    with table_client(deck_file, tmp_path, staff=staff) as (client, _log, _clock):
        wrong = client.post("/api/sign-in", headers={**DEALER, "X-Staff-Pin": "222333"})
        assert wrong.status_code == 403
        assert (
            client.post("/api/sign-in", headers={**DEALER, "X-Staff-Pin": "111999"}).status_code
            == 200
        )
        start_hand(client, cards=1)
    events = [p["event"] for p in records(tmp_path, "event")]
    assert events[0] == {"type": "control", "control": "new_deck", "by": "M. Chen"}
    assert records(tmp_path, "sign_in") == [{"dealer": "M. Chen", "staff": "mchen"}]
    assert records(tmp_path, "access_refused")[0]["reason"] == "wrong PIN"
    headers = records(tmp_path, "hand")
    assert headers[-1]["header"]["dealer"] == "M. Chen"
