"""A fixture body that fails a test which leaves a thread running behind it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator


def no_thread_leaks() -> Iterator[None]:
    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + 60
    while True:
        extra = [t for t in threading.enumerate() if t not in before and t.is_alive()]
        if not extra or time.monotonic() > deadline:
            break
        time.sleep(0.01)
    assert not extra, f"threads left running: {[t.name for t in extra]}"
