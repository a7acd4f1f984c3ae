"""Scoring: each step or question answered, each error, and the trainer's standard.

Times are seconds from the server's clock, given to the drills as inputs: a step's time runs
from when it was put to the trainee to when the trainee got it right.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from table_controller.training.steps import RuleCite, Step


@dataclass(frozen=True)
class ErrorRecord:
    step: int  # the step or question number (1, 2, ...)
    at: float
    entered: str  # what the trainee entered, as words
    right: str  # the right step or answer, as words
    rule: str  # the rules document's id ("" where no rule names it)
    words: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "at": self.at,
            "entered": self.entered,
            "right": self.right,
            "rule": self.rule,
            "words": self.words,
        }


@dataclass
class StepRecord:
    """One step of a procedure drill, or one question of a payout or totals drill."""

    n: int
    kind: str
    right: str  # the right step or answer, as words
    presented_at: float
    answered_at: float | None = None
    prompt: str = ""  # the question, or the dealer's instruction the live table would show
    errors: list[ErrorRecord] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.answered_at is not None

    @property
    def first_try(self) -> bool:
        return self.done and not self.errors

    @property
    def seconds(self) -> float | None:
        return None if self.answered_at is None else max(0.0, self.answered_at - self.presented_at)

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "kind": self.kind,
            "right": self.right,
            "prompt": self.prompt,
            "presented_at": self.presented_at,
            "answered_at": self.answered_at,
            "seconds": self.seconds,
            "first_try": self.first_try,
            "errors": [e.to_dict() for e in self.errors],
        }


def error_for(
    step: StepRecord, at: float, entered: Step | str, right: Step | str, cite: RuleCite
) -> ErrorRecord:
    words = entered.words() if isinstance(entered, Step) else str(entered)
    right_words = right.words() if isinstance(right, Step) else str(right)
    return ErrorRecord(step.n, at, words, right_words, cite.rule, cite.words)


@dataclass(frozen=True)
class Summary:
    """One attempt's figures. ``accuracy`` is the share of steps right at the first try;
    ``within`` the share right at the first try and within ``limit`` seconds."""

    steps: int
    right: int
    errors: int
    seconds: float  # mean seconds per finished step
    hands: int = 0
    elapsed: float = 0.0
    within: float | None = None
    limit: float | None = None
    unfinished: bool = False  # stopped before its last step: it never meets a standard

    @property
    def accuracy(self) -> float:
        return self.right / self.steps if self.steps else 0.0

    @property
    def hands_per_hour(self) -> float | None:
        return self.hands * 3600 / self.elapsed if self.hands and self.elapsed > 0 else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "steps": self.steps,
            "right": self.right,
            "errors": self.errors,
            "accuracy": self.accuracy,
            "seconds": self.seconds,
            "hands": self.hands,
            "elapsed": self.elapsed,
            "hands_per_hour": self.hands_per_hour,
            "within": self.within,
            "limit": self.limit,
            "unfinished": self.unfinished,
        }


def summarise(
    steps: list[StepRecord], *, hands: int = 0, started_at: float = 0.0, limit: float | None = None
) -> Summary:
    done = [s for s in steps if s.done]
    times = [s.seconds or 0.0 for s in done]
    elapsed = max((s.answered_at or 0.0 for s in done), default=started_at) - started_at
    within = None
    if limit is not None and done:
        within = sum(1 for s in done if s.first_try and (s.seconds or 0.0) <= limit) / len(done)
    # a step left with errors counts as a step not right at the first try: an attempt stopped
    # there is not "1 step, 100% right" with 3 errors beside it
    tried = len(done) + sum(1 for s in steps if not s.done and s.errors)
    return Summary(
        tried,
        sum(1 for s in done if s.first_try),
        sum(len(s.errors) for s in steps),
        sum(times) / len(times) if times else 0.0,
        hands,
        max(0.0, elapsed),
        within,
        limit,
    )


@dataclass(frozen=True)
class Standard:
    """The trainer's thresholds for one kind of drill: the share right (at the first try, and
    within ``seconds`` each where given) and, for procedure, hands per hour."""

    accuracy: float
    seconds: float | None = None
    hands_per_hour: float | None = None

    def verdict(self, summary: Summary) -> tuple[bool, str]:
        """(met, why in plain words)."""
        share = (
            summary.within
            if self.seconds is not None and summary.within is not None
            else summary.accuracy
        )
        reasons = []
        if summary.unfinished:  # a drill stopped after its first steps is no measure of the rest
            steps = f"{summary.steps} step{'' if summary.steps == 1 else 's'}"
            reasons.append(f"unfinished, stopped after {steps}")
        if share + 1e-9 < self.accuracy:
            what = f"right within {self.seconds:g} s" if self.seconds is not None else "right"
            reasons.append(f"{share:.0%} {what}, the standard is {self.accuracy:.0%}")
        if (
            self.hands_per_hour is not None
            and (summary.hands_per_hour or 0.0) < self.hands_per_hour
        ):
            reasons.append(
                f"{summary.hands_per_hour or 0:.0f} hands per hour, the standard is {self.hands_per_hour:g}"
            )
        return (not reasons, "; ".join(reasons) or "meets the standard")


# the trainer's thresholds unless given: procedure 100%, payouts >= 98% right under 4 s each
DEFAULT_STANDARDS = {
    "procedure": Standard(1.0),
    "scenario": Standard(1.0),
    "payouts": Standard(0.98, seconds=4.0),
    "totals": Standard(0.98, seconds=3.0),
}
