"""The training report's verdicts and recurring errors, from real records (SQLite): an attempt
stopped half way never meets the standard, and one rule id cited for different mistakes is
counted as different mistakes."""

from __future__ import annotations

from pathlib import Path

from table_controller.training.records import TrainingRecords
from table_controller.training.report import recurring_errors, trainee_report
from table_controller.training.score import ErrorRecord
from table_controller.training.service import Trainer, TrainingSettings
from tests.training.test_records import Clock


def test_an_abandoned_attempt_is_unfinished_and_never_meets_the_standard(tmp_path: Path) -> None:
    clock = Clock()
    with TrainingRecords(str(tmp_path / "table.db")) as records:
        trainer = Trainer(
            TrainingSettings(trainee="Ivy", drill="split-eights-resplit", mode="test"),
            records,
            clock,
        )
        clock.tick(2.0)
        assert trainer.enter("deal seat1/h1/card1")["right"]
        for wrong in ("deal dealer/up", "deal seat1/h1/card2", "deal dealer/up"):
            clock.tick(1.0)
            assert not trainer.enter(wrong)["right"]
        # ... and the trainee walks away at step 2
        html = trainee_report(records, "Ivy")
    assert "Meets the standard" not in html
    # steps 2 (the one left with 3 errors counts), right first try 50%, errors 3
    assert '<td class="num">2</td><td class="num">50%</td><td class="num">3</td>' in html
    assert "Not yet: unfinished, stopped after 2 steps" in html
    assert "<td class=short>unfinished</td>" in html
    assert "Does not yet meet the standard" in html


def test_a_finished_attempt_is_marked_finished(tmp_path: Path) -> None:
    clock = Clock()
    with TrainingRecords(str(tmp_path / "table.db")) as records:
        trainer = Trainer(
            TrainingSettings(trainee="Jo", drill="stand-pat-window", mode="learn"), records, clock
        )
        while not trainer.drill.finished:
            clock.tick(1.0)
            step = trainer.drill.dealing.right_step
            trainer.enter(step.words().replace("$", "") if step.kind != "pit_boss" else "pit")
        html = trainee_report(records, "Jo")
    assert "<td>yes</td>" in html and "unfinished" not in html
    assert "Meets the standard in every drill taken" in html


def _error(step: int, entered: str, right: str, rule: str, words: str) -> ErrorRecord:
    return ErrorRecord(step, 1_700_000_000.0 + step, entered, right, rule, words)


def test_recurring_errors_are_grouped_by_the_rule_and_the_right_step(tmp_path: Path) -> None:
    """Four BJ-4 errors in the procedure drill (the up card dealt too early, at two seats) and
    three in a scenario (a payment before the hole card): two mistakes, not one wording x7."""
    with TrainingRecords(str(tmp_path / "table.db")) as records:
        for attempt, drill in (("a1", "procedure"), ("a2", "scenario:dealer-blackjack-insurance")):
            records.start(
                attempt,
                trainee="Kim",
                drill=drill,
                kind="procedure",
                game="blackjack",
                mode="test",
                at=1_700_000_000.0,
            )
        for n, seat in enumerate(("seat1", "seat3", "seat1", "seat3"), 1):
            records.error(
                "a1",
                _error(
                    n,
                    "deal dealer/up",
                    f"deal {seat}/h1/card1",
                    "BJ-4",
                    "the dealer's up card comes after every seat's first card",
                ),
                1,
            )
        for n, (seat, amount) in enumerate(
            (("seat1", "15.00"), ("seat2", "10.00"), ("seat1", "7.50")), 10
        ):
            records.error(
                "a2",
                _error(
                    n,
                    f"pay {seat} ${amount}",
                    "deal dealer/hole",
                    "BJ-4",
                    "the hole card is dealt before any payment",
                ),
                1,
            )
        rows = recurring_errors(records, "Kim")
    assert [(rule, right, n) for rule, _, right, n in rows] == [
        ("BJ-4", "deal seatN/h1/card1", 4),
        ("BJ-4", "deal dealer/hole", 3),
    ]
    assert "up card" in rows[0][1] and "hole card" in rows[1][1]


def test_the_right_step_without_its_seat_or_amount() -> None:
    from table_controller.training.report import step_shape

    assert step_shape("pay seat3 $15.00") == "pay seatN $N"
    assert (
        step_shape("deal seat1/h1/card2") == "deal seatN/h1/card2"
    )  # the second card is not the first
    assert step_shape("deal S3") == "deal S3"  # Missouri City's show-card spots are not seats
    assert step_shape("17") == "N"
