"""Stops PIN (and dealer-token) guessing: after a few wrong tries every further try must wait,
twice as long each time.

Three wrong PINs in a row are allowed at once (a pit boss mistypes); the fourth must wait
2 s, then 4 s, 8 s ... up to 15 minutes between tries, and a try inside the wait is refused
without looking at the PIN. A right PIN ends the run. At that rate the 10,000 four-digit PINs
take months, not the 18 seconds an unguarded console allowed. The count is the table's, not a
console's: guessing from several consoles at once gains nothing. The table's process keeps it,
so a restart forgets it.

A try is counted as it is admitted, before its PIN is hashed (:meth:`PinGuard.admit`), so a burst
of tries sent together is judged as if they came one after another: four are looked at, the rest
wait; at a wait's end, one. The tries refused inside a wait are not logged one by one (they come
at an attacker's pace); :meth:`PinGuard.lift` sums them up once, when the wait is over.
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

FREE_TRIES = 3
FIRST_WAIT = 2.0
LONGEST_WAIT = 15 * 60.0
TOKEN_LONGEST_WAIT = 60.0
CONSOLES_NAMED = 16  # a lockout's summary names at most this many consoles
T = TypeVar("T")


@dataclass
class PinGuard:
    clock: Callable[[], float] = time.monotonic
    longest: float = LONGEST_WAIT
    failures: int = 0
    next_try_at: float = 0.0
    last_failure: dict[str, Any] = field(default_factory=dict)
    refused_tries: int = 0  # inside the waits, since the last summary
    refused_first: float | None = None
    refused_last: float | None = None
    refused_from: set[str] = field(default_factory=set)
    _hasher: ThreadPoolExecutor | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def wait_left(self) -> float:
        """Seconds until a PIN may be tried again (0: now)."""
        return max(0.0, self.next_try_at - self.clock())

    def admit(self, console: str) -> tuple[bool, float]:
        """Before a PIN is looked at: ``(True, wait)`` if it may be tried now (it is counted as
        wrong at once, until :meth:`succeeded` says otherwise; ``wait`` is the wait it brings),
        else ``(False, seconds left)``: the try is refused unlooked, and counted for
        :meth:`lift`."""
        with self._lock:  # the calibration page's check runs on worker threads
            wait = self.wait_left()
            if wait <= 0:
                return True, self.failed()
            now = time.time()
            self.refused_tries += 1
            self.refused_first, self.refused_last = self.refused_first or now, now
            if len(self.refused_from) < CONSOLES_NAMED:
                self.refused_from.add(console)
            return False, wait

    def failed(self) -> float:
        """Count a wrong PIN; returns the wait it brings (0 while the free tries last)."""
        self.failures += 1
        extra = self.failures - FREE_TRIES
        wait = 0.0 if extra <= 0 else min(self.longest, FIRST_WAIT * 2 ** (extra - 1))
        self.next_try_at = self.clock() + wait
        return wait

    def succeeded(self) -> bool:
        """A right PIN (let in by :meth:`admit`, which counted it): the run of failures ends. True
        if a wait (a lockout) was lifted."""
        was_locked = self.failures - 1 > FREE_TRIES
        self.failures, self.next_try_at = 0, 0.0
        return was_locked

    def lift(self) -> dict[str, Any] | None:
        """Once a wait is over: how many tries it refused, from which consoles, the first and the
        last (wall-clock seconds); None if it refused none. Counted afresh from here."""
        if not self.refused_tries:
            return None
        summary = {
            "tries_refused": self.refused_tries,
            "consoles": sorted(self.refused_from),
            "first_refused_at": self.refused_first,
            "last_refused_at": self.refused_last,
        }
        self.refused_tries, self.refused_first, self.refused_last = 0, None, None
        self.refused_from = set()
        return summary

    def summarise_at_wait_end(self, wait: float, write: Callable[[dict[str, Any]], None]) -> None:
        """After the first try a wait refuses (call on the event loop): :meth:`lift`'s summary is
        written when the wait is over, whether or not anyone tries again (then it is already
        written by the try let in, and this finds nothing)."""
        if self.refused_tries != 1:
            return

        loop = asyncio.get_running_loop()

        def due() -> None:
            left = self.wait_left()  # by the guard's own clock, which a test moves by hand
            if left > 0:
                loop.call_later(left, due)
                return
            summary = self.lift()
            if summary is not None:
                write(summary)

        loop.call_later(wait, due)

    async def one_at_a_time(self, check: Callable[..., T], *args: Any) -> T:
        """Run the slow hash ``check(*args)`` on a worker thread, never on the event loop, and
        never two at once (each scrypt holds 16 MiB)."""
        if self._hasher is None:
            self._hasher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pin-hash")
        return await asyncio.get_running_loop().run_in_executor(self._hasher, lambda: check(*args))

    def to_dict(self) -> dict[str, Any]:
        return {
            "failures": self.failures,
            "wait_seconds": round(self.wait_left(), 1),
            "last_failure": self.last_failure or None,
        }


@dataclass
class TokenGuard(PinGuard):
    """A client address's guard for the dealer's token. The same wrong token again is no new
    guess: a console page left open with the token of before a restart retries it every few
    seconds, and counted, it would keep the dealer's console on the same computer waiting."""

    wrong_tokens: deque[bytes] = field(default_factory=lambda: deque(maxlen=8))

    def known_wrong(self, token: str) -> bool:
        return _digest(token) in self.wrong_tokens

    def remember_wrong(self, token: str) -> None:
        self.wrong_tokens.append(_digest(token))


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("latin-1", "replace")).digest()


class TokenGuards:
    """One :class:`TokenGuard` per client address for the dealer's token, so a wrong token is slowed
    like a wrong PIN without one guessing computer locking the dealer's console out elsewhere.
    Its waits stop at a minute: a token has 96 random bits, so the wait is there to keep the log
    and the server at a person's pace, and the dealer is not shut out for long."""

    MOST = 1024  # addresses remembered; the oldest idle one is forgotten first

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._guards: dict[str, TokenGuard] = {}

    def of(self, address: str) -> TokenGuard:
        guard = self._guards.pop(address, None)
        if guard is None:
            guard = TokenGuard(clock=lambda: self.clock(), longest=TOKEN_LONGEST_WAIT)
            if len(self._guards) >= self.MOST:
                idle = next(
                    (
                        a
                        for a, g in self._guards.items()
                        if g.wait_left() == 0 and not g.refused_tries
                    ),
                    None,
                )
                self._guards.pop(idle if idle is not None else next(iter(self._guards)))
        self._guards[address] = guard  # most recently used last
        return guard
