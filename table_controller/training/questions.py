"""The payout and totals drills: a run of questions, each answered until right, scored on the
first try and the seconds it took. The questions and their answers come from the game's own
code (its ``training`` module plays them through the engine), never retyped here.

Times are inputs: :meth:`QuestionDrill.answer` takes the time of the answer.
"""

from __future__ import annotations

import random
from typing import Any

from table_controller.contract import Game
from table_controller.errors import ConfigError
from table_controller.money import money
from table_controller.training import gamehooks
from table_controller.training.score import StepRecord, Summary, error_for, summarise
from table_controller.training.steps import EntryError, RuleCite, parse_amount

SHOW_AFTER = 3


def payout_questions(game: Game, rng: random.Random, count: int) -> list[dict[str, Any]]:
    own = gamehooks.hooks(game).payout_cases
    if own is None:
        raise ConfigError(f"{game.game_id} has no payouts to drill (its bets carry no money here)")
    return list(own(game, rng, count))


def totals_questions(game: Game, rng: random.Random, count: int) -> list[dict[str, Any]]:
    own = gamehooks.hooks(game).totals_questions
    if own is None:
        raise ConfigError(f"{game.game_id} has no totals drill")
    return list(own(game, rng, count))


def normal_total(text: str) -> str:
    """``S17`` / ``soft 17`` -> ``soft 17``; ``17`` / ``hard 17`` -> ``17``."""
    words = text.strip().lower().replace("soft", "s ").replace("hard", "").split()
    joined = "".join(words)
    soft = joined.startswith("s")
    digits = joined[1:] if soft else joined
    if not digits.isdigit() or len(digits) > 3:
        raise EntryError("a total is a number, soft ones as s17 or soft 17")
    return f"soft {int(digits)}" if soft else str(int(digits))


class QuestionDrill:
    """``kind`` is ``payouts`` (answers in cents, typed as dollars) or ``totals`` (words)."""

    def __init__(
        self,
        kind: str,
        game: Game,
        questions: list[dict[str, Any]],
        *,
        started_at: float,
        mode: str = "learn",
        limit: float | None = None,
    ) -> None:
        if not questions:
            raise ConfigError("a drill needs at least one question")
        self.kind = kind
        self.game = game
        self.questions = questions
        self.mode = mode
        self.limit = limit
        self.started_at = started_at
        self.steps: list[StepRecord] = []
        self._present(started_at)

    @property
    def finished(self) -> bool:
        return len(self.steps) == len(self.questions) and self.steps[-1].done

    @property
    def current(self) -> StepRecord | None:
        return self.steps[-1] if self.steps and not self.steps[-1].done else None

    def _present(self, at: float) -> None:
        if len(self.steps) < len(self.questions):
            q = self.questions[len(self.steps)]
            self.steps.append(
                StepRecord(
                    len(self.steps) + 1,
                    self.kind,
                    self._words(q["answer"]),
                    at,
                    prompt=q["question"],
                )
            )

    def _words(self, answer: Any) -> str:
        return money(answer) if self.kind == "payouts" else str(answer)

    def _read(self, text: str) -> Any:
        return parse_amount(text) if self.kind == "payouts" else normal_total(text)

    def answer(self, text: str, at: float) -> dict[str, Any]:
        """Check one answer (an unreadable one raises :class:`EntryError`, not scored)."""
        record = self.current
        if record is None:
            return {"right": False, "finished": True, "cite": "the drill is over"}
        given = self._read(text)
        q = self.questions[record.n - 1]
        if given == q["answer"]:
            record.answered_at = at
            self._present(at)
            return {"right": True, "step": record.n, "finished": self.finished}
        cite = RuleCite(
            q.get("rule", ""), q.get("reason") or f"{q['question']}: {self._words(q['answer'])}"
        )
        record.errors.append(error_for(record, at, self._words(given), record.right, cite))
        show = record.right if self.mode == "learn" or len(record.errors) >= SHOW_AFTER else None
        return {
            "right": False,
            "step": record.n,
            "finished": False,
            "rule": cite.rule,
            "cite": str(cite) if show else cite.rule,
            "show": show,
        }

    def summary(self) -> Summary:
        return summarise(self.steps, started_at=self.started_at, limit=self.limit)

    def view(self) -> dict[str, Any]:
        record = self.current
        q = self.questions[record.n - 1] if record else None
        return {
            "drill": self.kind,
            "mode": self.mode,
            "game": self.game.game_id,
            "finished": self.finished,
            "step": record.n if record else None,
            "of": len(self.questions),
            "question": None
            if q is None
            else {k: v for k, v in q.items() if k not in ("answer", "reason", "rule")},
            "summary": self.summary().to_dict(),
        }
