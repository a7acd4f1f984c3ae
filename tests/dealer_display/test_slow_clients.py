"""Clients that send their headers a byte at a time, or open connection after connection, on the
table's own server (TableServer): closed after the header timeout, bounded per client, and the
table answers everyone else meanwhile. Real sockets on 127.0.0.1; waits are for conditions."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from dealer_display.app import create_app
from dealer_display.server import TableServer
from table_controller.games import make_game
from table_controller.runtime import TableSession
from tests.dealer_display.live import DEALER_TOKEN, display_settings

HEADER_SECONDS = 0.5
PER_CLIENT = 20


@contextmanager
def served(header_seconds: float = HEADER_SECONDS) -> Iterator[int]:
    settings = display_settings("sim://?seed=1")
    session = TableSession(make_game(settings.game), source_url=settings.cards_url)
    server = TableServer(
        create_app(settings, session),
        "127.0.0.1",
        settings.port,
        header_seconds=header_seconds,
        per_client=PER_CLIENT,
    )
    thread = threading.Thread(target=server.run, name="display-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield settings.port
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def closed_by_server(sock: socket.socket, deadline: float) -> bool:
    """Whether the server closes ``sock`` before ``deadline`` (monotonic)."""
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, min(0.2, deadline - time.monotonic())))
        try:
            if sock.recv(4096) == b"":
                return True
        except TimeoutError:
            continue
        except ConnectionError:
            return True
    return False


def answers(port: int) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", "/api/state")
        return conn.getresponse().status
    finally:
        conn.close()


def test_headers_that_dribble_in_are_cut_off_and_the_table_keeps_answering():
    with served() as port:
        slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(PER_CLIENT // 2)]
        try:
            for sock in slow:
                sock.sendall(b"G")  # the first byte of a request line, and no more for now
            assert answers(port) == 200
            deadline = (
                time.monotonic() + 30
            )  # generous: a loaded machine; the timeout itself is 0.5 s
            for sock in slow:
                sock.sendall(b"E")  # still dribbling: a byte does not reset the clock
            assert all(closed_by_server(sock, deadline) for sock in slow)
            assert answers(port) == 200
        finally:
            for sock in slow:
                sock.close()


def test_a_kept_alive_connection_gets_the_same_timeout_for_its_next_request():
    with served() as port:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            sock.settimeout(10)
            assert sock.recv(65536).startswith(b"HTTP/1.1 200")
            sock.sendall(b"GET /api/st")  # the next request, half sent, then nothing
            assert closed_by_server(sock, time.monotonic() + 30)


def test_one_client_holds_at_most_so_many_connections():
    with served(header_seconds=600) as port:  # no header timeout in the way
        socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(PER_CLIENT + 5)]
        try:
            deadline = time.monotonic() + 30
            assert all(closed_by_server(s, deadline) for s in socks[PER_CLIENT:])  # closed at once
            socks[0].sendall(
                b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            )  # the first ones are served
            socks[0].settimeout(10)
            assert socks[0].recv(65536).startswith(b"HTTP/1.1 200")
        finally:
            for sock in socks:
                sock.close()
        deadline = time.monotonic() + 30  # once they are gone, the client is served again
        while True:
            try:
                if answers(port) == 200:
                    break
            except (ConnectionError, http.client.HTTPException):
                pass
            assert time.monotonic() < deadline, "the client was never served again"
            time.sleep(0.05)


def test_websockets_count_while_open_and_are_released_when_closed():
    from websockets.sync.client import connect

    with served(header_seconds=600) as port:
        url = f"ws://127.0.0.1:{port}/ws"
        for _ in range(PER_CLIENT + 5):  # one after another: each closed one gives its place back
            with connect(url, open_timeout=10) as ws:
                assert '"type": "state"' in ws.recv(timeout=10)
        with ExitStack() as stack:
            held = [stack.enter_context(connect(url, open_timeout=10)) for _ in range(PER_CLIENT)]
            for ws in held:
                assert '"type": "state"' in ws.recv(timeout=10)
            with socket.create_connection(("127.0.0.1", port)) as one_more:
                assert closed_by_server(one_more, time.monotonic() + 30)


def test_a_pages_push_outlives_the_header_timeout():
    from websockets.sync.client import connect

    with served() as port, connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
        first = ws.recv(timeout=10)
        time.sleep(
            HEADER_SECONDS * 3
        )  # at least this long: the timeout is for headers, not a page's socket
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request(
            "POST",
            "/api/control",
            body=b'{"control": "new_deck"}',
            headers={"Content-Type": "application/json", "X-Dealer-Token": DEALER_TOKEN},
        )
        assert conn.getresponse().status == 200
        conn.close()
        assert ws.recv(timeout=10) != first
