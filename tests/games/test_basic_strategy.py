"""The basic strategy the program derives for a rule set, against the printed charts every
blackjack book carries, and each rule's cost against the published rule effects."""

from __future__ import annotations

import pytest

from table_controller.games.blackjack.basic_strategy import (
    UPS,
    Rules,
    chart,
    dealer_finals,
    expected_return,
)

S17 = Rules(h17=False)
H17 = Rules(h17=True)


def _cell(rules: Rules, table: str, label: str, up: str) -> str:
    row = dict(chart(rules)[table])[label]
    return row[[("A" if u == 1 else str(u)) for u in UPS].index(up)]


@pytest.mark.parametrize(
    ("table", "label", "up", "play"),
    [
        ("hard", "16", "10", "H"),
        ("hard", "16", "6", "S"),
        ("hard", "12", "2", "H"),
        ("hard", "12", "4", "S"),
        ("hard", "13", "2", "S"),
        ("hard", "11", "10", "D"),
        ("hard", "10", "9", "D"),
        ("hard", "10", "10", "H"),
        ("hard", "9", "3", "D"),
        ("hard", "9", "7", "H"),
        ("hard", "17", "A", "S"),
        ("hard", "8", "6", "H"),
        ("soft", "A,7", "2", "S"),
        ("soft", "A,7", "6", "D"),
        ("soft", "A,7", "9", "H"),
        ("soft", "A,7", "7", "S"),
        ("soft", "A,6", "3", "D"),
        ("soft", "A,6", "7", "H"),
        ("soft", "A,8", "6", "S"),
        ("pairs", "A,A", "A", "P"),
        ("pairs", "8,8", "10", "P"),
        ("pairs", "10,10", "6", "S"),
        ("pairs", "9,9", "7", "S"),
        ("pairs", "9,9", "8", "P"),
        ("pairs", "5,5", "9", "D"),
        ("pairs", "4,4", "5", "P"),
        ("pairs", "4,4", "4", "H"),
        ("pairs", "6,6", "2", "P"),
        ("pairs", "7,7", "7", "P"),
        ("pairs", "7,7", "8", "H"),
        ("pairs", "2,2", "7", "P"),
    ],
)
def test_the_s17_das_strategy_is_the_books(table: str, label: str, up: str, play: str) -> None:
    assert _cell(S17, table, label, up) == play


@pytest.mark.parametrize(
    ("table", "label", "up", "play"),
    [
        ("hard", "11", "A", "D"),
        ("soft", "A,8", "6", "D"),
        ("soft", "A,7", "2", "D"),
    ],
)
def test_h17_changes_the_plays_the_books_say(table: str, label: str, up: str, play: str) -> None:
    assert _cell(H17, table, label, up) == play
    assert _cell(S17, table, label, up) != play


def test_late_surrender_gives_up_16_and_15_against_a_ten() -> None:
    rules = Rules(h17=False, surrender=True)
    assert _cell(rules, "hard", "16", "10") == "R" and _cell(rules, "hard", "15", "10") == "R"
    assert _cell(rules, "hard", "16", "6") == "S" and _cell(rules, "hard", "14", "10") == "H"


def test_without_double_after_split_fewer_small_pairs_split() -> None:
    assert _cell(Rules(h17=False, das=False), "pairs", "4,4", "5") == "H"
    assert _cell(Rules(h17=False, das=False), "pairs", "2,2", "2") == "H"


@pytest.mark.parametrize("up", range(1, 11))
def test_the_dealers_final_totals_add_up(up: int) -> None:
    for h17 in (True, False):
        blackjack, finals = dealer_finals(up, h17)
        assert sum(p for _, p in finals) == pytest.approx(1)
        assert {t for t, _ in finals} <= {17, 18, 19, 20, 21, 22}
        assert blackjack == pytest.approx({1: 4 / 13, 10: 1 / 13}.get(up, 0))


@pytest.mark.parametrize(
    ("change", "published", "within"),
    [
        ({"h17": True}, 0.21, 0.03),  # thecolorofblackjack.com 0.20, 21sharp.online 0.22
        ({"blackjack_pays": 1.2}, 1.39, 0.05),
        ({"das": False}, 0.135, 0.02),
        ({"double_on": "10-11"}, 0.195, 0.03),
        ({"double_on": "9-11"}, 0.09, 0.02),
    ],
)
def test_each_rules_cost_is_near_the_published_effect(
    change: dict, published: float, within: float
) -> None:
    base = -100 * expected_return(S17)
    changed = -100 * expected_return(Rules(**{"h17": False, **change}))
    assert abs((changed - base) - published) <= within
