"""Stops PIN guessing: after a few wrong PINs every further try must wait, twice as long each time.

Three wrong PINs in a row are allowed at once (a pit boss mistypes); the fourth must wait
2 s, then 4 s, 8 s ... up to 15 minutes between tries, and a try inside the wait is refused
without looking at the PIN. A right PIN ends the run. At that rate the 10,000 four-digit PINs
take months, not the 18 seconds an unguarded console allowed. The count is the table's, not a
console's: guessing from several consoles at once gains nothing. The table's process keeps it,
so a restart forgets it; every refused try is in the hand log all the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

FREE_TRIES = 3
FIRST_WAIT = 2.0
LONGEST_WAIT = 15 * 60.0


@dataclass
class PinGuard:
    clock: Callable[[], float] = time.monotonic
    failures: int = 0
    next_try_at: float = 0.0
    last_failure: dict[str, Any] = field(default_factory=dict)

    def wait_left(self) -> float:
        """Seconds until a PIN may be tried again (0: now)."""
        return max(0.0, self.next_try_at - self.clock())

    def failed(self) -> float:
        """Count a wrong PIN; returns the wait it brings (0 while the free tries last)."""
        self.failures += 1
        extra = self.failures - FREE_TRIES
        wait = 0.0 if extra <= 0 else min(LONGEST_WAIT, FIRST_WAIT * 2 ** (extra - 1))
        self.next_try_at = self.clock() + wait
        return wait

    def succeeded(self) -> bool:
        """A right PIN: the run of failures ends. True if a wait (a lockout) was lifted."""
        was_locked = self.failures > FREE_TRIES
        self.failures, self.next_try_at = 0, 0.0
        return was_locked

    def to_dict(self) -> dict[str, Any]:
        return {
            "failures": self.failures,
            "wait_seconds": round(self.wait_left(), 1),
            "last_failure": self.last_failure or None,
        }
