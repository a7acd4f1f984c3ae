"""``table sim-shoe`` in its own process on a real pty, as a pytest fixture: ``start_shoe``."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from hardware_sim.decks import read_deck_file
from table_controller.cards import Card

SEED = 11


@dataclass
class SimShoeProcess:
    process: subprocess.Popen[str]
    link: Path
    deck_out: Path

    def url(self, **options: str) -> str:
        query = "&".join(f"{k}={v}" for k, v in {"reconnect_delay": "0.05", **options}.items())
        return f"serial://{self.link}?{query}"

    def say(self, line: str) -> None:
        """A line to the shoe's standard input: ``draw N`` (with ``--manual``), ``shuffle``."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def dealt(self) -> tuple[Card, ...]:
        return read_deck_file(self.deck_out)


@pytest.fixture
def start_shoe(tmp_path: Path) -> Iterator[Callable[..., SimShoeProcess]]:
    started: list[subprocess.Popen[str]] = []

    def start(
        faults: str = "", baud: int = 115200, first_seq: int = 1, *extra: str
    ) -> SimShoeProcess:
        """``extra``: more ``table sim-shoe`` options (``--decks 6``, ``--cut 75``, ``--manual``);
        the process reads its standard input from the test (``process.stdin``)."""
        link, deck_out = tmp_path / "shoe", tmp_path / "dealt.txt"
        command = [
            sys.executable,
            "-m",
            "table_controller.cli",
            "sim-shoe",
            "--pty",
            str(link),
            "--seed",
            str(SEED),
            "--baud",
            str(baud),
            "--heartbeat",
            "0.2",
            "--faults",
            faults,
            "--deck-out",
            str(deck_out),
            "--first-seq",
            str(first_seq),
            *extra,
        ]
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        started.append(process)
        assert process.stdout is not None
        assert process.stdout.readline().strip() == str(link)  # the link comes first
        return SimShoeProcess(process, link, deck_out)

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=5)
        process.stdout.close()  # type: ignore[union-attr]
        process.stdin.close()  # type: ignore[union-attr]
        process.stderr.close()  # type: ignore[union-attr]
