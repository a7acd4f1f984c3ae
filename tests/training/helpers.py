"""Shared pieces of the training tests: the shipped drills, and a trainee who always knows."""

from __future__ import annotations

from pathlib import Path

from table_controller.training.procedure import ProcedureDrill

EXAMPLES = Path(__file__).resolve().parents[2] / "table_controller" / "training" / "examples"


def play_right(
    drill: ProcedureDrill, *, start: float = 0.0, each: float = 2.0, limit: int = 2000
) -> float:
    """Enter the right step every ``each`` seconds until the drill is over; returns the last time."""
    at = start
    for _ in range(limit):
        if drill.finished:
            return at
        at += each
        right = drill.dealing.right_step
        assert right is not None
        assert drill.enter(right, at).right
    raise AssertionError("the drill never finished")


def play_until(
    drill: ProcedureDrill, kind: str, *, at: float = 0.0, spot: str | None = None
) -> float:
    """Enter right steps until the right step is of ``kind`` (and at ``spot``)."""
    for _ in range(500):
        right = drill.dealing.right_step
        assert right is not None, f"no {kind} step came"
        if right.kind == kind and (spot is None or right.spot == spot):
            return at
        at += 1.0
        assert drill.enter(right, at).right
    raise AssertionError(f"no {kind} step came")
