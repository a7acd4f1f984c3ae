"""``table run`` serving the display: what it prints, what it serves, the autopilot demo."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2

from tests.dealer_display.live import free_port

ROOT = Path(__file__).resolve().parents[2]


def start_table(*options: str) -> tuple[subprocess.Popen[str], list[str]]:
    command = [sys.executable, "-m", "table_controller.cli", "run", "--no-log", *options]
    env = {
        **os.environ,
        "TABLE_DEALER_TOKEN": "",
        "TABLE_PIT_BOSS_PIN": "",
        "PYTHONFAULTHANDLER": "1",
    }
    proc = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    lines: list[str] = []
    assert proc.stdout is not None
    while len(lines) < 3:
        line = proc.stdout.readline()
        assert line, f"table run exited early: {lines}"
        lines.append(line.strip())
    return proc, lines


def stop(proc: subprocess.Popen[str]) -> int:
    """Ctrl-C, as a dealer stops the table; if it has not stopped within 30 s, what each of its
    threads was doing (Python's fault handler, on SIGABRT) goes into the failure."""
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        output = proc.communicate(timeout=30)[0]
        raise AssertionError(
            f"table run did not stop within 30 s of Ctrl-C; its output and threads:\n{output[-6000:]}"
        ) from None


def wait_for(url: str, check, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while True:
        try:
            body = httpx2.get(url, timeout=1).json()
            if check(body):
                return body
        except httpx2.TransportError:
            pass
        assert time.monotonic() < deadline, f"{url} never satisfied the check"
        time.sleep(0.05)


def test_table_run_prints_the_address_token_and_pin_and_serves_the_page():
    port = free_port()
    proc, lines = start_table("--port", str(port))
    try:
        assert lines[0] == f"dealer display: http://127.0.0.1:{port}/"
        assert lines[1].startswith(
            f"dealer's console (keep private): http://127.0.0.1:{port}/#token="
        )
        assert lines[2].startswith("pit-boss PIN: ") and lines[2].split(": ")[1].isdigit()
        token = lines[1].split("#token=")[1]
        body = wait_for(f"http://127.0.0.1:{port}/api/state", lambda b: True)
        assert body["state"]["hardware"]["simulated"] is True
        refused = httpx2.post(f"http://127.0.0.1:{port}/api/control", json={"control": "new_deck"})
        assert refused.status_code == 401
        applied = httpx2.post(
            f"http://127.0.0.1:{port}/api/control",
            json={"control": "new_deck"},
            headers={"X-Dealer-Token": token},
        )
        assert applied.json() == {"applied": True, "instruction": "Deal show card S3"}
    finally:
        assert stop(proc) == 0


def test_table_run_autopilot_plays_hands_by_itself():
    port = free_port()
    proc, _lines = start_table("--autopilot", "--pace", "0.01", "--no-browser", "--port", str(port))
    try:
        body = wait_for(
            f"http://127.0.0.1:{port}/api/state",
            lambda b: b["state"]["hands_played"] >= 2,
            timeout=20,
        )
        assert sum(body["state"]["tally"].values()) == body["state"]["hands_played"]
    finally:
        assert stop(proc) == 0


def test_ctrl_c_as_the_table_starts_stops_it_cleanly():
    """Ctrl-C the moment the address is printed, before uvicorn has its own handler: it used to
    raise KeyboardInterrupt wherever it landed (inside asyncio.run: "coroutine 'Server.serve' was
    never awaited" on stderr). The table stops as from Ctrl-C while serving: exit 0, nothing on
    stderr, its last line says so."""
    command = [
        sys.executable,
        "-m",
        "table_controller.cli",
        "run",
        "--no-log",
        "--autopilot",
        "--pace",
        "0.01",
        "--no-browser",
        "--port",
        str(free_port()),
    ]
    env = {**os.environ, "TABLE_DEALER_TOKEN": "", "TABLE_PIT_BOSS_PIN": ""}
    proc = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("dealer display: "), first
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert (proc.returncode, err) == (0, "")
    assert out.splitlines()[-1].startswith("table stopped after ")


def test_sigterm_stops_the_table_as_ctrl_c_does(tmp_path):
    """A service manager stops the table with SIGTERM: it stops cleanly (exit 0, says so, the
    hand log closed and verifiable), not killed where it stands."""
    port = free_port()
    db, key = tmp_path / "hands.db", tmp_path / "key"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--autopilot",
            "--pace",
            "0.01",
            "--no-browser",
            "--port",
            str(port),
            "--log",
            str(db),
            "--key",
            str(key),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TABLE_DATA_DIR": str(tmp_path / "data")},
    )
    try:
        wait_for(
            f"http://127.0.0.1:{port}/api/state",
            lambda b: b["state"]["hands_played"] >= 1,
            timeout=20,
        )
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    assert (proc.returncode, err) == (0, ""), err
    assert out.splitlines()[-1].startswith("table stopped after ")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "audit",
            "verify",
            "--key",
            str(key),
            str(db),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def held_request(port: int, token: str) -> socket.socket:
    """A decision whose body is still coming (its first byte of 60 sent), in the server by the time
    this returns: a request sent after it has been answered."""
    held = socket.create_connection(("127.0.0.1", port))
    held.sendall(
        f"POST /api/decision HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Dealer-Token: {token}\r\n"
        "Content-Type: application/json\r\nContent-Length: 60\r\n\r\n{".encode()
    )
    wait_for(f"http://127.0.0.1:{port}/api/state", lambda b: True)
    return held


def test_ctrl_c_again_while_the_table_stops_is_the_same_stop(tmp_path):
    """A dealer presses Ctrl-C twice. uvicorn took the second as "force quit": it skipped the
    app's shutdown (the card source left open) and printed the cancelled lifespan's traceback.
    A request still coming in holds the stop (up to SHUTDOWN_SECONDS), so the second Ctrl-C
    lands while it waits; the table then stops as from one: exit 0, nothing on stderr, the hand
    log closed and verifiable."""
    port = free_port()
    db, key = tmp_path / "hands.db", tmp_path / "key"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--autopilot",
            "--pace",
            "0.01",
            "--no-browser",
            "--port",
            str(port),
            "--log",
            str(db),
            "--key",
            str(key),
            "--dealer-token",
            "double-ctrl-c",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TABLE_DATA_DIR": str(tmp_path / "data")},
    )
    try:
        wait_for(
            f"http://127.0.0.1:{port}/api/state",
            lambda b: b["state"]["hands_played"] >= 1,
            timeout=20,
        )
        held = held_request(port, "double-ctrl-c")
        proc.send_signal(signal.SIGINT)
        while True:  # stopping: no longer listening
            try:
                socket.create_connection(("127.0.0.1", port)).close()
            except ConnectionRefusedError:
                break
            assert proc.poll() is None, "stopped before the held request let the second Ctrl-C land"
            time.sleep(0.01)
        proc.send_signal(signal.SIGINT)
        held.sendall(b'"seat": "RED", "action": "HIT"}'.ljust(59))  # the rest: the request ends
    finally:
        out, err = proc.communicate(timeout=30)
    held.close()
    assert (proc.returncode, err) == (0, ""), err
    assert out.splitlines()[-1].startswith("table stopped after ")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "audit",
            "verify",
            "--key",
            str(key),
            str(db),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_request_still_open_as_the_table_stops_is_cut_off_in_one_line():
    """A page's request whose body never finishes (a browser gone away mid-upload) holds the
    stop SHUTDOWN_SECONDS at most, then is cut off: one plain line, not a traceback."""
    from dealer_display.server import SHUTDOWN_SECONDS

    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--no-log",
            "--no-browser",
            "--port",
            str(port),
            "--dealer-token",
            "cut-off-request",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/api/state", lambda b: True, timeout=60)
        held = held_request(port, "cut-off-request")
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    held.close()
    assert proc.returncode == 0
    assert (
        err == f"WARNING:  stopping: 1 request(s) still open after {SHUTDOWN_SECONDS} s cut off\n"
    )
    assert out.splitlines()[-1] == "table stopped after 0 hands"


def test_a_bad_card_source_is_one_line_and_exit_code_2():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--no-log",
            "--cards",
            "nope://x",
            "--port",
            str(free_port()),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert done.stderr.strip().startswith("table run: error: unknown card source 'nope://x'")
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_hand_cut_short_resumes_on_the_display_with_its_cards_set_aside(tmp_path):
    """`table run` killed mid-hand, then started again with the display: the simulated shoe
    must not deal a card that is already on the layout (it would be an impossible card)."""
    from hardware_sim.decks import shuffled_deck, write_deck_file
    from table_controller.hand_log import HandLog

    db, key, deck = tmp_path / "hands.db", tmp_path / "key", tmp_path / "deck.txt"
    write_deck_file(
        deck, shuffled_deck(5)
    )  # a stacked shoe: a restarted one starts from its top again
    cards = f"sim://?deck={deck}"
    env = {**os.environ, "TABLE_DATA_DIR": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}
    # Killed once the first hand has six cards out (its prompt for GREEN's second card shows
    # the three show cards, RED's two and GREEN's first): a condition, not a time, so a slow
    # machine kills it there too.
    first = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--autopilot",
            "--hands",
            "50",
            "--pace",
            "0.05",
            "--cards",
            cards,
            "--log",
            str(db),
            "--key",
            str(key),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert first.stdout is not None
    for line in first.stdout:
        if "GREEN's initial hand (card 2 of 2)" in line:
            break
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    first.stdout.close()
    log = HandLog.open(str(db), key_path=key)
    unfinished = log.unfinished_hand()
    log.close()
    assert unfinished is not None and len(unfinished[2]) > 4, unfinished
    port = free_port()
    served = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--autopilot",
            "--pace",
            "0.05",
            "--no-browser",
            "--cards",
            cards,
            "--port",
            str(port),
            "--log",
            str(db),
            "--key",
            str(key),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        body = wait_for(
            f"http://127.0.0.1:{port}/api/state",
            lambda b: b["state"]["hands_played"] >= 1 or b["state"]["prompts"]["irregularity"],
            timeout=30,
        )
        assert body["state"]["prompts"]["irregularity"] is None
        assert body["state"]["hands_played"] >= 1
    finally:
        served.terminate()
        served.wait(timeout=15)
