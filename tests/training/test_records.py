"""Training records in the table's database, SQLite and PostgreSQL: each attempt, step, error
and time, as the console's entries come (the clock is the test's)."""

from __future__ import annotations

import pytest

from table_controller.errors import ConfigError
from table_controller.hand_log.store import open_store
from table_controller.training.records import TrainingRecords
from table_controller.training.service import Trainer, TrainingSettings
from tests.hand_log.fixtures import log_target, pg_server_url  # noqa: F401  (fixtures)


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += seconds


def test_a_scenario_drill_with_an_error_is_kept_step_by_step(log_target: str) -> None:
    clock = Clock()
    with TrainingRecords(log_target) as records:
        trainer = Trainer(
            TrainingSettings(trainee="Ana Ruiz", drill="impossible-card", mode="test"),
            records,
            clock,
        )
        clock.tick(2.0)
        assert trainer.enter("deal S3")["right"]
        clock.tick(3.0)
        wrong = trainer.enter("deal S1")
        assert not wrong["right"] and wrong["rule"] == "MC-3"
        for line in ("deal S2", "deal S1", "deal red.hand", "deal red.hand", "deal green.hand"):
            clock.tick(1.0)
            assert trainer.enter(line)["right"], line
        clock.tick(1.5)
        assert not trainer.enter("deal green.hand")["right"]
        clock.tick(1.0)
        assert trainer.enter("pit")["finished"]
        attempt = records.attempts("Ana Ruiz")[0]
        steps = records.steps(attempt["attempt_id"])
        errors = records.errors("Ana Ruiz")
    assert (
        attempt["drill"] == "scenario:impossible-card"
        and attempt["kind"] == "scenario"
        and attempt["mode"] == "test"
    )
    assert attempt["game"] == "missouri-city" and attempt["finished_at"] == pytest.approx(clock.now)
    assert (attempt["steps"], attempt["right_first"], attempt["errors"]) == (7, 5, 2)
    assert [s["seconds"] for s in steps] == pytest.approx([2.0, 4.0, 1.0, 1.0, 1.0, 1.0, 2.5])
    assert [s["first_try"] for s in steps] == [1, 0, 1, 1, 1, 1, 0]
    assert [(e["rule"], e["entered"], e["right_step"]) for e in errors] == [
        ("MC-3", "deal S1", "deal S2"),
        ("MC-1", "deal green.hand", "pit (call the pit boss)"),
    ]


def test_the_training_tables_live_beside_the_hand_log(log_target: str) -> None:
    with TrainingRecords(log_target) as records:
        trainer = Trainer(
            TrainingSettings(trainee="Bo", game="blackjack", drill="payouts", questions=2),
            records,
            Clock(),
        )
        trainer.enter("1")
        assert records.trainees() == ["Bo"]
    with open_store(log_target, create=False) as store:  # still a hand log: its chain untouched
        assert store.row_count() == 0 and store.log_id


def test_bad_settings_are_one_line() -> None:
    with pytest.raises(ConfigError, match="--drill"):
        TrainingSettings(drill="no-such-drill")
    with pytest.raises(ConfigError, match="--mode"):
        TrainingSettings(mode="exam")


def test_two_errors_in_the_same_instant_are_both_kept(log_target: str) -> None:
    with TrainingRecords(log_target) as records:
        trainer = Trainer(
            TrainingSettings(trainee="Cy", drill="stand-pat-window"), records, Clock()
        )
        trainer.enter("deal S1")
        trainer.enter("deal S2")  # the clock has not moved
        assert [(e["step"], e["entered"]) for e in records.errors("Cy")] == [
            (1, "deal S1"),
            (1, "deal S2"),
        ]
