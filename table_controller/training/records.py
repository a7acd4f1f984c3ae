"""Training records in the table's own database (the hand log's SQLite file, or the school's
PostgreSQL), in tables of their own: each attempt, each step or question, each error, and times.

Every step is written as it is answered, so a drill left half done still counts what was done.
"""

from __future__ import annotations

from typing import Any

from table_controller.hand_log.store import LogStore, open_store
from table_controller.training.score import ErrorRecord, StepRecord, Summary

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS training_attempts ("
    " attempt_id TEXT PRIMARY KEY, trainee TEXT NOT NULL, drill TEXT NOT NULL, kind TEXT NOT NULL,"
    " game TEXT NOT NULL, mode TEXT NOT NULL, started_at DOUBLE PRECISION NOT NULL,"
    " finished_at DOUBLE PRECISION, steps INTEGER NOT NULL DEFAULT 0, right_first INTEGER NOT NULL DEFAULT 0,"
    " errors INTEGER NOT NULL DEFAULT 0, seconds DOUBLE PRECISION, hands INTEGER NOT NULL DEFAULT 0,"
    " elapsed DOUBLE PRECISION, within_limit DOUBLE PRECISION, time_limit DOUBLE PRECISION)",
    "CREATE TABLE IF NOT EXISTS training_steps ("
    " attempt_id TEXT NOT NULL, n INTEGER NOT NULL, kind TEXT NOT NULL, prompt TEXT NOT NULL,"
    " right_step TEXT NOT NULL, presented_at DOUBLE PRECISION NOT NULL, answered_at DOUBLE PRECISION,"
    " seconds DOUBLE PRECISION, first_try INTEGER NOT NULL, PRIMARY KEY (attempt_id, n))",
    "CREATE TABLE IF NOT EXISTS training_errors ("
    " attempt_id TEXT NOT NULL, step INTEGER NOT NULL, n INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL,"
    " entered TEXT NOT NULL, right_step TEXT NOT NULL, rule TEXT NOT NULL, words TEXT NOT NULL,"
    " PRIMARY KEY (attempt_id, step, n))",
    "CREATE INDEX IF NOT EXISTS training_attempts_by_trainee ON training_attempts (trainee, started_at)",
)
ATTEMPT_COLUMNS = (
    "attempt_id",
    "trainee",
    "drill",
    "kind",
    "game",
    "mode",
    "started_at",
    "finished_at",
    "steps",
    "right_first",
    "errors",
    "seconds",
    "hands",
    "elapsed",
    "within_limit",
    "time_limit",
)


class TrainingRecords:
    """The training tables of the database at ``target`` (a SQLite path or a postgresql:// URL)."""

    def __init__(self, target: str) -> None:
        self.store: LogStore = open_store(target)
        for statement in SCHEMA:
            self.store.execute(statement)

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> TrainingRecords:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- writing ------------------------------------------------------------------------------
    def start(
        self,
        attempt_id: str,
        *,
        trainee: str,
        drill: str,
        kind: str,
        game: str,
        mode: str,
        at: float,
        limit: float | None = None,
    ) -> None:
        self.store.execute(
            "INSERT INTO training_attempts (attempt_id, trainee, drill, kind, game, mode, started_at, time_limit)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (attempt_id, trainee, drill, kind, game, mode, at, limit),
        )

    def step(self, attempt_id: str, step: StepRecord) -> None:
        """An answered step (written once, when it is answered)."""
        self.store.execute(
            "INSERT INTO training_steps (attempt_id, n, kind, prompt, right_step, presented_at, answered_at,"
            " seconds, first_try) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (attempt_id, n) DO NOTHING",
            (
                attempt_id,
                step.n,
                step.kind,
                step.prompt,
                step.right,
                step.presented_at,
                step.answered_at,
                step.seconds,
                1 if step.first_try else 0,
            ),
        )

    def error(self, attempt_id: str, error: ErrorRecord, n: int) -> None:
        """The step's ``n``-th error (1, 2, ...)."""
        self.store.execute(
            "INSERT INTO training_errors (attempt_id, step, n, at, entered, right_step, rule, words)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (attempt_id, step, n) DO NOTHING",
            (
                attempt_id,
                error.step,
                n,
                error.at,
                error.entered,
                error.right,
                error.rule,
                error.words,
            ),
        )

    def progress(
        self, attempt_id: str, summary: Summary, *, finished_at: float | None = None
    ) -> None:
        """The attempt's figures so far (and, once over, when it finished)."""
        self.store.execute(
            "UPDATE training_attempts SET steps = ?, right_first = ?, errors = ?, seconds = ?, hands = ?,"
            " elapsed = ?, within_limit = ?, finished_at = ? WHERE attempt_id = ?",
            (
                summary.steps,
                summary.right,
                summary.errors,
                summary.seconds,
                summary.hands,
                summary.elapsed,
                summary.within,
                finished_at,
                attempt_id,
            ),
        )

    # ----- reading ------------------------------------------------------------------------------
    def attempts(self, trainee: str | None = None) -> list[dict[str, Any]]:
        where, params = ("WHERE trainee = ?", (trainee,)) if trainee is not None else ("", ())
        rows = self.store.execute(
            f"SELECT {', '.join(ATTEMPT_COLUMNS)} FROM training_attempts {where}"
            " ORDER BY started_at, attempt_id",
            params,
        )
        return [dict(zip(ATTEMPT_COLUMNS, row, strict=True)) for row in rows]

    def steps(self, attempt_id: str) -> list[dict[str, Any]]:
        cols = (
            "n",
            "kind",
            "prompt",
            "right_step",
            "presented_at",
            "answered_at",
            "seconds",
            "first_try",
        )
        rows = self.store.execute(
            f"SELECT {', '.join(cols)} FROM training_steps WHERE attempt_id = ? ORDER BY n",
            (attempt_id,),
        )
        return [dict(zip(cols, row, strict=True)) for row in rows]

    def errors(
        self, trainee: str | None = None, attempt_id: str | None = None
    ) -> list[dict[str, Any]]:
        cols = ("attempt_id", "step", "at", "entered", "right_step", "rule", "words")
        sql = (
            f"SELECT {', '.join('e.' + c for c in cols)}, a.drill, a.trainee FROM training_errors e"
            " JOIN training_attempts a ON a.attempt_id = e.attempt_id"
        )
        where, params = [], []
        if trainee is not None:
            where.append("a.trainee = ?")
            params.append(trainee)
        if attempt_id is not None:
            where.append("e.attempt_id = ?")
            params.append(attempt_id)
        if where:
            sql += " WHERE " + " AND ".join(where)
        rows = self.store.execute(sql + " ORDER BY e.at, e.attempt_id, e.step, e.n", params)
        return [dict(zip((*cols, "drill", "trainee"), row, strict=True)) for row in rows]

    def trainees(self) -> list[str]:
        return [
            str(r[0])
            for r in self.store.execute(
                "SELECT DISTINCT trainee FROM training_attempts ORDER BY trainee"
            )
        ]
