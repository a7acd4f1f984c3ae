"""The simulated shoe's pty: raw mode, a stable link across unplug/replug, line-rate pacing."""

from __future__ import annotations

import os
import termios
import time
from pathlib import Path

from hardware_sim.pty_link import PtyLink


def test_link_points_at_a_raw_tty_and_survives_replug(tmp_path: Path) -> None:
    link = PtyLink(tmp_path / "shoe", baud=9600)
    first = link.plug()
    try:
        assert os.path.realpath(tmp_path / "shoe") == first
        fd = os.open(tmp_path / "shoe", os.O_RDWR | os.O_NOCTTY)
        lflag = termios.tcgetattr(fd)[3]
        assert not lflag & (termios.ICANON | termios.ECHO)
        os.close(fd)
        link.unplug()
        assert not (tmp_path / "shoe").exists()  # as a pulled USB adapter's by-id link
        second = link.plug()
        assert os.path.realpath(tmp_path / "shoe") == second
        fd = os.open(tmp_path / "shoe", os.O_RDWR | os.O_NOCTTY)
        assert os.isatty(fd)
        os.close(fd)
    finally:
        link.unplug()


def test_bytes_cross_no_faster_than_the_line_rate(tmp_path: Path) -> None:
    link = PtyLink(tmp_path / "shoe", baud=9600)
    link.plug()
    try:
        fd = os.open(tmp_path / "shoe", os.O_RDWR | os.O_NOCTTY)
        started = time.monotonic()
        link.write_paced(b"x" * 96)
        elapsed = time.monotonic() - started
        assert elapsed >= 96 * 10 / 9600 * 0.99  # 100 ms of wire time at 9600 8N1
        received = b""
        deadline = time.monotonic() + 60
        while len(received) < 96 and time.monotonic() < deadline:
            received += os.read(fd, 200)  # the pty hands bytes over asynchronously
        assert received == b"x" * 96
        os.close(fd)
    finally:
        link.unplug()
