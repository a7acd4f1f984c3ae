"""``table sim-shoe --manual`` on a real pty, dealt from a stacked deck when a test says so, as
a dealer's hand draws from a real shoe; with a fault script (``9:cut``, ``9:jam=0.5``, ...)."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.dealer_display.live import LiveTable


@dataclass
class ManualShoe:
    process: subprocess.Popen[str]
    link: Path

    @property
    def url(self) -> str:
        return f"serial://{self.link}?baud=115200&reconnect_delay=0.05"

    def pull(self) -> None:
        """The dealer's hand draws one card from the shoe (without waiting for it)."""
        assert self.process.stdin is not None
        self.process.stdin.write("draw 1\n")
        self.process.stdin.flush()

    def draw(self, table: LiveTable, timeout: float = 5.0) -> str:
        """Draw one card; returns its code once the table has it."""
        before = table.app.state.table.last_card
        self.pull()
        deadline = time.monotonic() + timeout
        while table.app.state.table.last_card is before:
            assert time.monotonic() < deadline, "the drawn card never reached the table"
            time.sleep(0.005)
        return str(table.app.state.table.last_card["code"])


@contextmanager
def manual_shoe(folder: Path, deck: Path, faults: str) -> Iterator[ManualShoe]:
    link = folder / "shoe"
    command = [
        sys.executable,
        "-m",
        "table_controller.cli",
        "sim-shoe",
        "--pty",
        str(link),
        "--deck",
        str(deck),
        "--manual",
        "--faults",
        faults,
        "--baud",
        "115200",
        "--heartbeat",
        "0.2",
    ]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == str(link)
        yield ManualShoe(process, link)
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=5)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()
