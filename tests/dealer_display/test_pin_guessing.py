"""PIN guessing in bursts against a real server: every try is counted before its PIN is hashed,
the hashes run one at a time off the event loop, a burst at a wait's end gets one try, the tries
a wait refuses are logged as one summary, and a staff id's existence does not show by the work
done for it."""

from __future__ import annotations

import hashlib
import http.client
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from table_controller import staff as staff_module
from table_controller.cli import main
from table_controller.hand_log import HandLog
from table_controller.hand_log.store import open_store
from table_controller.staff import Staff
from tests.dealer_display.live import DEALER_TOKEN, LiveTable, live_table
from tests.dealer_display.test_security import Clock

PIN = "482910"
STAFF = Staff().added("jortiz", "J. Ortiz", "pit_boss", PIN)


@contextmanager
def staffed_table(tmp_path: Path) -> Iterator[tuple[LiveTable, Clock]]:
    log = HandLog.open(str(tmp_path / "hands.db"), key_path=tmp_path / "key", table_id="table-1")
    try:
        with live_table("sim://?seed=1", log=log, staff=STAFF, pit_boss_pin="") as table:
            clock = Clock()
            table.app.state.pin_guard.clock = clock
            yield table, clock
    finally:
        log.close()


def void(table: LiveTable, pin: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", table.settings.port, timeout=60)
    try:
        conn.request(
            "POST",
            "/api/pit-boss/void_hand",
            headers={
                "X-Dealer-Token": DEALER_TOKEN,
                "X-Pit-Boss-Pin": pin,
                "X-Staff-Id": "jortiz",
                "Content-Length": "0",
            },
        )
        return conn.getresponse().status
    finally:
        conn.close()


def burst(table: LiveTable, pins: list[str]) -> Counter[int]:
    """All of ``pins`` sent at once, each on its own connection; the answers' status codes."""
    start = threading.Barrier(len(pins))

    def one(pin: str) -> int:
        start.wait()
        return void(table, pin)

    with ThreadPoolExecutor(len(pins)) as pool:
        return Counter(pool.map(one, pins))


def records(tmp_path: Path, kind: str) -> list[dict[str, Any]]:
    store = open_store(str(tmp_path / "hands.db"))
    try:
        return [r.payload for r in store.records("table-1") if r.kind == kind]
    finally:
        store.close()


@pytest.fixture
def hashes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every scrypt the PIN checks compute: (the thread it ran on, how many ran at that moment)."""
    seen: list[tuple[str, int]] = []
    running = [0]
    lock = threading.Lock()
    real = hashlib.scrypt

    def counted(*args: Any, **kwargs: Any) -> bytes:
        with lock:
            running[0] += 1
            seen.append((threading.current_thread().name, running[0]))
        try:
            return real(*args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(staff_module.hashlib, "scrypt", counted)
    return seen


def test_a_burst_of_wrong_pins_gets_four_looked_at_one_at_a_time_off_the_loop(
    tmp_path: Path, hashes
):
    with staffed_table(tmp_path) as (table, _clock):
        answers = burst(table, ["0000"] * 60)
        assert answers == {403: 4, 429: 56}
    assert len(hashes) == 4  # one scrypt per PIN looked at, none for the 56 refused unlooked
    assert all(name.startswith("pin-hash") for name, _ in hashes), hashes  # never on the event loop
    assert max(running for _, running in hashes) == 1
    assert len(records(tmp_path, "access_refused")) == 4


def test_a_burst_at_the_waits_end_gets_one_try_and_the_refused_ones_are_summed_up(
    tmp_path: Path, hashes
):
    with staffed_table(tmp_path) as (table, clock):
        assert burst(table, ["0000"] * 4) == {403: 4}
        clock.now += 2.2  # the wait after the fourth is over
        assert burst(table, ["0000"] * 40) == {403: 1, 429: 39}
        clock.now += 4.2
        assert void(table, "0000") == 403  # the next wait over: the 39 refused are summed up now
        clock.now += 8.2
        answers = burst(table, ["0000"] * 39 + [PIN])
        assert (
            answers[429] == 39 and len(hashes) == 4 + 1 + 1 + 1
        )  # the right PIN counts only if looked at
    assert len(records(tmp_path, "access_refused")) == 6 + (answers[403] == 1)
    (summary,) = [
        r for r in records(tmp_path, "lockout_lifted") if r.get("reason") == "the wait ended"
    ][:1]
    assert summary["tries_refused"] == 39 and summary["consoles"] == ["127.0.0.1"]
    assert summary["first_refused_at"] <= summary["last_refused_at"]


def test_a_staff_id_that_does_not_exist_costs_a_hash_like_one_that_does(hashes):
    for staff_id in ("jortiz", "nobody", None):
        before = len(hashes)
        assert STAFF.find("111111", "pit_boss", staff_id) is None
        assert len(hashes) - before == 1, staff_id
    before = len(hashes)
    assert (
        STAFF.find(PIN, "dealer", "jortiz") is None
    )  # a pit boss's id asked as a dealer: no candidate
    assert len(hashes) - before == 1


def test_a_dealers_sign_in_is_hashed_off_the_event_loop(tmp_path: Path, hashes):
    with staffed_table(tmp_path) as (table, _clock):
        conn = http.client.HTTPConnection("127.0.0.1", table.settings.port, timeout=60)
        conn.request(
            "POST",
            "/api/sign-in",
            headers={
                "X-Dealer-Token": DEALER_TOKEN,
                "X-Staff-Pin": "123456",
                "Content-Length": "0",
            },
        )
        assert conn.getresponse().status == 403
        conn.close()
    assert hashes and all(name.startswith("pin-hash") for name, _ in hashes), hashes


# ----- the dealer's token -------------------------------------------------------------------
def test_wrong_dealer_tokens_are_slowed_and_logged_like_wrong_pins(deck_file: Path, tmp_path: Path):
    from tests.dealer_display.test_security import table_client

    with table_client(deck_file, tmp_path) as (client, _log, clock):
        client.app.state.token_guards.clock = clock  # type: ignore[attr-defined]
        answers = [
            client.post(
                "/api/control",
                json={"control": "new_deck"},
                headers={"X-Dealer-Token": f"guess-{n:04d}"},
            )
            for n in range(50)
        ]
        assert [a.status_code for a in answers] == [403] * 4 + [429] * 46
        assert (
            "next try in 2 seconds" in answers[3].json()["detail"]
            and answers[4].headers["Retry-After"] == "2"
        )
        right = {"X-Dealer-Token": DEALER_TOKEN}
        assert (
            client.post("/api/control", json={"control": "new_deck"}, headers=right).status_code
            == 429
        )
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(f"ws://127.0.0.1/ws?token={DEALER_TOKEN}") as ws,
        ):
            ws.receive_json()  # the push with the token waits too
        elsewhere = TestClient(
            client.app, client=("192.0.2.7", 40000), base_url="http://127.0.0.1"
        )  # no second lifespan
        assert (
            elsewhere.get("/api/state", headers=right).status_code == 200
        )  # another computer is not held up
        clock.now += 2.0
        assert (
            client.post("/api/control", json={"control": "new_deck"}, headers=right).status_code
            == 200
        )
    refused = records(tmp_path, "access_refused")
    assert len(refused) == 4 and refused[0] == {
        "action": "dealer token",
        "console": "127.0.0.1",
        "staff": None,
        "reason": "wrong dealer token",
    }
    assert [r["wait_seconds"] for r in records(tmp_path, "lockout")] == [2.0]
    summary, lifted = records(tmp_path, "lockout_lifted")
    assert summary["tries_refused"] == 48 and lifted == {
        "by": "dealer token",
        "console": "127.0.0.1",
    }


@pytest.mark.parametrize("token", ["        ", "aaaaaaaa", "12345678", "abc def ghi", "abcd\tefgh"])
def test_a_weak_dealer_token_is_refused_at_start_up(token: str, capsys: pytest.CaptureFixture[str]):
    assert main(["run", "--dealer-token", token, "--no-log", "--port", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "dealer token must be" in err and "Traceback" not in err


def test_the_summary_of_a_wait_is_written_when_it_ends_though_no_one_tries_again(tmp_path: Path):
    log = HandLog.open(str(tmp_path / "hands.db"), key_path=tmp_path / "key", table_id="table-1")
    try:
        with live_table(
            "sim://?seed=1", log=log, staff=STAFF, pit_boss_pin=""
        ) as table:  # the real clock: 2 s
            assert burst(table, ["0000"] * 4) == {403: 4}
            assert burst(table, ["0000"] * 10) == {429: 10}
            deadline = time.monotonic() + 60
            while not (
                summaries := [r for r in records(tmp_path, "lockout_lifted") if r.get("reason")]
            ):
                assert time.monotonic() < deadline, "no summary after the wait"
                time.sleep(0.05)
    finally:
        log.close()
    assert summaries[0]["tries_refused"] == 10 and summaries[0]["consoles"] == ["127.0.0.1"]
    assert len(records(tmp_path, "access_refused")) == 4


def test_the_right_pin_after_the_free_tries_lifts_no_lockout():
    from dealer_display.pin_guard import PinGuard

    guard = PinGuard(clock=Clock())
    for _ in range(3):
        assert guard.admit("podium") == (True, 0.0)
    assert guard.admit("podium") == (True, 2.0)  # counted as wrong until it is found right
    assert guard.succeeded() is False and guard.wait_left() == 0  # three wrong ones brought no wait
    for _ in range(4):
        guard.admit("podium")
    assert guard.admit("podium")[0] is False  # inside the wait
    guard.clock.now += 2  # type: ignore[attr-defined]
    assert guard.admit("podium")[0] is True and guard.succeeded() is True


def test_a_page_left_open_with_an_old_token_does_not_shut_the_console_out(
    deck_file: Path, tmp_path: Path
):
    from tests.dealer_display.test_security import table_client

    with table_client(deck_file, tmp_path) as (client, _log, _clock):
        for _ in range(20):  # the page of before a restart, reconnecting every few seconds
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect("ws://127.0.0.1/ws?token=the-token-of-yesterday") as ws,
            ):
                ws.receive_json()
            assert refused.value.code == 1008
        right = {"X-Dealer-Token": DEALER_TOKEN}
        assert (
            client.post("/api/control", json={"control": "new_deck"}, headers=right).status_code
            == 200
        )
    assert len(records(tmp_path, "access_refused")) == 1  # one wrong token, tried twenty times
