"""Sequence numbers of the shoe protocol, which wrap: arithmetic the shoe and the host share.

A shoe dealing for weeks passes :data:`SEQ_MAX`; the next number is 1 again. Every
comparison of two sequence numbers therefore goes the shorter way round the circle
(serial-number arithmetic, as in RFC 1982), which is unambiguous while the two are within
:data:`SEQ_WINDOW` of each other. A shoe holds at most a few hundred unacknowledged messages,
so they always are. See ``docs/shoe-protocol.md``, "Sequence numbers and the wrap".
"""

from __future__ import annotations

# Sequence numbers run 1..SEQ_MAX and then 1 again (a 16-bit counter that skips 0); 0 means
# "none yet" and counts as the number before 1. Two numbers are compared by the shorter way
# round: within SEQ_WINDOW steps of each other, one is unambiguously before the other.
SEQ_MAX = 65535
SEQ_WINDOW = SEQ_MAX // 2


def seq_add(seq: int, steps: int) -> int:
    """The sequence number ``steps`` after ``seq`` (before it, if negative), across the wrap:
    ``seq_add(SEQ_MAX, 1) == 1``, ``seq_add(0, 1) == 1``, ``seq_add(1, -1) == SEQ_MAX``."""
    return (seq - 1 + steps) % SEQ_MAX + 1


def seq_diff(a: int, b: int) -> int:
    """Steps from ``a`` forward to ``b`` the shorter way round: negative when ``b`` is before
    ``a``. ``seq_diff(SEQ_MAX, 2) == 2``; ``seq_diff(2, SEQ_MAX) == -2``."""
    steps = (b - a) % SEQ_MAX
    return steps - SEQ_MAX if steps > SEQ_WINDOW else steps


def seq_of_count(count: int) -> int:
    """The sequence number of the ``count``-th sequenced message since power-up (0: none)."""
    return 0 if count == 0 else seq_add(0, count)
