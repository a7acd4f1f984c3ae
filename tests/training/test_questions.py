"""Payout and totals drills: the answers are the game's own (its settlement, its totals), each
question is scored on the first try and on the seconds the caller's clock gives."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from table_controller.errors import ConfigError
from table_controller.games import make_game
from table_controller.games.blackjack.paytables import PAYTABLES
from table_controller.training.questions import (
    QuestionDrill,
    normal_total,
    payout_questions,
    totals_questions,
)
from table_controller.training.score import DEFAULT_STANDARDS, Standard
from table_controller.training.steps import EntryError


@pytest.mark.parametrize("paytable", sorted(PAYTABLES))
def test_every_pay_of_the_paytable_is_asked_and_paid_as_the_rules_document_prints(
    paytable: str,
) -> None:
    game = make_game("blackjack", switches={"B14": paytable})
    questions = payout_questions(game, random.Random(3), 40)
    table = PAYTABLES[paytable]
    rows = {row for row, pay in table.pays.items() if pay is not None}
    asked = {q["question"].split(":")[0] for q in questions}
    assert {"blackjack 3 to 2", "blackjack 6 to 5", "insurance 2 to 1"} <= asked
    assert len([a for a in asked if a.startswith("side bet")]) == len(rows)
    for q in questions:  # each amount, checked against section 5 and 6's arithmetic
        what, _, stake_words = q["question"].partition(": ")
        stake = round(float(stake_words.split("$")[1].replace(",", "")) * 100)
        if what == "blackjack 3 to 2":
            assert q["answer"] == stake * 3 // 2
        elif what == "blackjack 6 to 5":
            assert q["answer"] == stake * 6 // 5
        elif what == "insurance 2 to 1":
            assert q["answer"] == 2 * stake
        elif what.startswith("side bet"):
            row = next(r for r in rows if q["reason"].startswith(_words(r)))
            assert q["answer"] == int(stake * Fraction(table.pays[row]))


def _words(row: str) -> str:
    from table_controller.games.blackjack.paytables import OUTCOME_WORDS

    return OUTCOME_WORDS[row]


def test_a_payout_drill_scores_right_wrong_and_seconds() -> None:
    game = make_game("blackjack")
    questions = payout_questions(game, random.Random(5), 3)
    drill = QuestionDrill("payouts", game, questions, started_at=10.0, limit=4.0)
    first = questions[0]["answer"]
    assert drill.answer(f"{first / 100:.2f}", 12.5)["right"]
    wrong = drill.answer("1", 20.0)
    assert not wrong["right"] and wrong["rule"] == questions[1]["rule"] and wrong["show"]
    assert drill.answer(f"{questions[1]['answer'] / 100:.2f}", 21.0)["right"]
    with pytest.raises(EntryError):
        drill.answer("lots", 22.0)
    assert drill.answer(f"{questions[2]['answer'] / 100:.2f}", 23.0)["right"]
    s = drill.summary()
    assert drill.finished and s.steps == 3 and s.right == 2 and s.errors == 1
    assert s.seconds == pytest.approx((2.5 + 8.5 + 2.0) / 3)
    assert s.within == pytest.approx(2 / 3)  # the second was wrong first (and slow)
    assert DEFAULT_STANDARDS["payouts"].verdict(s) == (
        False,
        "67% right within 4 s, the standard is 98%",
    )


def test_a_slow_right_payout_misses_the_standard_by_speed() -> None:
    game = make_game("blackjack")
    questions = payout_questions(game, random.Random(5), 2)
    drill = QuestionDrill("payouts", game, questions, started_at=0.0, limit=4.0)
    drill.answer(f"{questions[0]['answer'] / 100:.2f}", 3.9)
    drill.answer(f"{questions[1]['answer'] / 100:.2f}", 8.0)  # 4.1 s
    assert drill.summary().accuracy == 1.0 and drill.summary().within == 0.5
    assert not DEFAULT_STANDARDS["payouts"].verdict(drill.summary())[0]
    assert Standard(0.5, seconds=4.0).verdict(drill.summary()) == (True, "meets the standard")


def test_the_backhand_series_has_no_payouts_to_drill() -> None:
    with pytest.raises(ConfigError, match="no payouts"):
        payout_questions(make_game("missouri-city"), random.Random(1), 3)


def test_blackjack_totals_soft_and_hard() -> None:
    game = make_game("blackjack")
    questions = totals_questions(game, random.Random(11), 30)
    assert any(q["answer"].startswith("soft") for q in questions)
    assert any(q["answer"].isdigit() for q in questions)
    drill = QuestionDrill("totals", game, questions[:2], started_at=0.0)
    answer = questions[0]["answer"]
    typed = answer.replace("soft ", "s") if answer.startswith("soft") else answer
    assert drill.answer(typed, 1.0)["right"]
    wrong = (
        "soft 5"
        if not questions[1]["answer"].startswith("soft")
        else questions[1]["answer"].split()[1]
    )
    result = drill.answer(wrong, 2.0)
    assert not result["right"] and "soft" in result["cite"]


@pytest.mark.parametrize("game_id", ["missouri-city", "buffalo-bayou", "backhand"])
def test_backhand_totals_are_the_engines_figures(game_id: str) -> None:
    questions = totals_questions(make_game(game_id), random.Random(4), 12)
    assert len(questions) == 12
    kinds = {q["question"].split(": ")[1] for q in questions}
    assert "total hand value (THV)" in kinds
    assert all(len(q["cards"]) >= 2 and q["answer"].isdigit() for q in questions)


def test_totals_as_typed() -> None:
    assert [normal_total(t) for t in ("17", "s17", "Soft 17", "hard 12", " 21 ")] == [
        "17",
        "soft 17",
        "soft 17",
        "12",
        "21",
    ]
    for bad in ("", "s", "seventeen", "1234"):
        with pytest.raises(EntryError):
            normal_total(bad)


@pytest.mark.parametrize(
    "switches",
    [
        {"B11": "no"},
        {"B1": "1", "B2": "s17"},
        {"B3": "enhc", "B5": "6:5"},
        {"B14": "PT4", "B15": "2to1", "B16": "lose_excess"},
    ],
)
def test_payout_questions_under_the_tables_own_switches(switches: dict[str, str]) -> None:
    game = make_game("blackjack", switches=switches)
    questions = payout_questions(game, random.Random(2), 15)
    assert len(questions) == 15 and all(q["answer"] > 0 for q in questions)
    if switches.get("B15") == "2to1":
        s0 = next(q for q in questions if "pair with no ace-eight" in q["question"])
        assert s0["reason"].endswith("2 to 1")
