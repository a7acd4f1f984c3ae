"""A PostgreSQL server of the test's own, to stop and start again: an outage, for real.

Not the session's shared server (other tests are writing to it): ``scripts/pg-test-server``
starts a fresh one; :meth:`OwnServer.stop` shuts it down as an administrator would (its
clients get "terminating connection due to administrator command"), :meth:`OwnServer.start`
brings it back on the same port, and :meth:`OwnServer.remove` stops it and deletes it.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.hand_log.fixtures import SCRIPT, _start_server

DEADLINE = 90.0


def _pg_ctl() -> str:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    return str(found[-1])


class OwnServer:
    def __init__(self) -> None:
        self.url, folder = _start_server()
        self.folder = Path(folder)
        self.port = urlsplit(self.url).port

    def _ctl(self, *args: str) -> None:
        command = [_pg_ctl(), "-D", str(self.folder / "data"), *args]
        if os.getuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr + done.stdout

    def stop(self) -> None:
        self._ctl("-m", "fast", "-w", "-t", "60", "stop")

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=100"
        )
        self._ctl("-l", str(self.folder / "server.log"), "-w", "-t", "60", "start", "-o", options)

    def remove(self) -> None:
        subprocess.run([str(SCRIPT), "stop", str(self.folder)], check=False, timeout=120)


@pytest.fixture(scope="module")
def own_pg() -> Iterator[OwnServer]:
    server = OwnServer()
    try:
        yield server
    finally:
        server.remove()


def wait_for(condition: Callable[[], object], what: str, deadline: float = DEADLINE) -> object:
    """Poll ``condition`` until it is true (returned) or the deadline passes (a failure)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"gave up after {deadline:.0f} s waiting for {what}")
