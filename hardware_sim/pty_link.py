"""A pseudo-terminal that behaves like a USB serial adapter a shoe is plugged into.

The slave side is put in raw mode, so the real serial driver reads a real tty. The simulator
keeps its own descriptor on the slave open so the pty does not hang up between host
connections. A stable symlink points at the current slave, as ``/dev/serial/by-id/`` does
for real adapters: it disappears on :meth:`PtyLink.unplug` and points at a fresh pty after
:meth:`PtyLink.plug`. A pty has no baud rate of its own, so :meth:`PtyLink.write_paced`
releases each byte when it would have finished crossing a line at ``baud`` (8N1).
"""

from __future__ import annotations

import errno
import os
import time
import tty
from pathlib import Path

BITS_PER_BYTE = 10  # start bit, 8 data bits, stop bit


class PtyLink:
    def __init__(self, link: Path, baud: int) -> None:
        self.link = link
        self.baud = baud
        self._master: int | None = None
        self._slave: int | None = None
        self.dropped_bytes = 0  # written while no host drained the line

    @property
    def plugged(self) -> bool:
        return self._master is not None

    @property
    def master_fd(self) -> int | None:
        return self._master

    def plug(self) -> str:
        """Open a fresh pty pair, point the link at it, and return the slave's path."""
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        path = os.ttyname(slave)
        temporary = self.link.with_name(self.link.name + ".new")
        temporary.unlink(missing_ok=True)
        temporary.symlink_to(path)
        os.replace(temporary, self.link)  # atomic: a host never sees a half-made link
        return path

    def unplug(self) -> None:
        self.link.unlink(missing_ok=True)
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None

    def read(self) -> bytes:
        """Whatever the host has sent, without blocking."""
        if self._master is None:
            return b""
        try:
            return os.read(self._master, 4096)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EIO):
                return b""
            raise

    def byte_time(self) -> float:
        return BITS_PER_BYTE / self.baud

    def write_paced(self, data: bytes) -> None:
        """Write ``data`` as a UART at :attr:`baud` would deliver it, one byte time apart."""
        started = time.monotonic()
        byte_time = self.byte_time()
        sent = 0
        while sent < len(data):
            elapsed = time.monotonic() - started
            done = min(len(data), int(elapsed / byte_time))
            if done > sent:
                self._write(data[sent:done])
                sent = done
            else:
                time.sleep(max(0.0, (sent + 1) * byte_time - elapsed))

    def _write(self, data: bytes) -> None:
        if self._master is None:
            self.dropped_bytes += len(data)  # unplugged: the bytes go nowhere
            return
        try:
            written = os.write(self._master, data)
        except BlockingIOError:
            written = 0
        self.dropped_bytes += len(data) - written
