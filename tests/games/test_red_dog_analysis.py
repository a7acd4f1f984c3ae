"""Red Dog's exact house edge: the closed form checked against enumerating every ordered three
cards of a one-deck shoe through the engine's own spread and pay table, and the published figures."""

from __future__ import annotations

import argparse
import itertools
import json
from fractions import Fraction

import pytest

from table_controller.cards import standard_deck
from table_controller.games.red_dog.analysis import add_arguments, red_dog_odds, run
from table_controller.games.red_dog.round import rank_value, spread_of
from table_controller.games.red_dog.switches import PayTable


def enumerated_return(table: PayTable, power: int = 1) -> Fraction:
    """Every ordered (first, second, third) of one deck, played by the raise-on-7 strategy: the
    mean of the net result raised to ``power`` (2: the second moment)."""
    cards = standard_deck()
    total, count = Fraction(0), 0
    for a, b, c in itertools.permutations(range(52), 3):
        first, second, third = cards[a], cards[b], cards[c]
        count += 1
        spread = spread_of(first, second)
        if spread is None:
            total += (
                table.three_of_a_kind if rank_value(third) == rank_value(first) else 0
            ) ** power
        elif spread > 0:
            low, high = sorted((rank_value(first), rank_value(second)))
            raised = 1 if spread >= 7 else 0
            total += (
                table.win(spread, 1, raised) if low < rank_value(third) < high else -(1 + raised)
            ) ** power
    return total / count


@pytest.mark.parametrize("ante_even", [False, True])
def test_closed_form_equals_enumeration_of_one_deck(ante_even: bool) -> None:
    table = PayTable(ante_even=ante_even)
    assert red_dog_odds(1, table).player_return == enumerated_return(table)


def test_the_variance_per_ante_equals_enumeration_of_one_deck() -> None:
    table = PayTable()
    odds = red_dog_odds(1, table)
    assert odds.second_moment == enumerated_return(table, power=2)
    assert odds.to_dict()["sd_per_ante"] == pytest.approx(float(odds.variance) ** 0.5, abs=1e-6)


@pytest.mark.parametrize(
    ("decks", "edge"), [(1, 3.155354), (2, 3.07663), (4, 2.883759), (6, 2.797827), (8, 2.750892)]
)
def test_house_edge_per_deck_count(decks: int, edge: float) -> None:
    odds = red_dog_odds(decks)
    assert odds.to_dict()["house_edge_pct"] == pytest.approx(edge, abs=1e-6)
    assert odds.to_dict()["raise_on_spreads"] == [
        7,
        8,
        9,
        10,
        11,
    ]  # raising gains from spread 7, whatever the decks
    assert odds.pair + sum(line.probability for line in odds.spreads) == 1


def test_six_deck_win_chances_as_published() -> None:
    """Wizard of Odds' six-deck table: spread 1 wins 0.077419, spread 7 0.541935."""
    lines = {line.spread: line for line in red_dog_odds(6).spreads}
    assert float(lines[1].win) == pytest.approx(0.077419, abs=1e-6)
    assert float(lines[7].win) == pytest.approx(0.541935, abs=1e-6)
    assert float(lines[7].raise_gain) == pytest.approx(0.083871, abs=1e-6)


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_json_prints_house_edge_pct(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(parse("--decks", "8", "--json")) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["decks"] == 8 and data["house_edge_pct"] == pytest.approx(2.750892, abs=1e-6)
    assert set(data["probabilities"]) == {
        "pair",
        "three_of_a_kind",
        "consecutive",
        *(f"spread_{n}" for n in range(1, 12)),
    }


def test_words_and_every_deck_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(parse("--all-decks")) == 0
    out = capsys.readouterr().out
    assert "Red Dog, 1 deck, standard pay table: house edge 3.1554% per initial ante" in out
    assert out.count("house edge") == 8 and "spread 11" in out


def test_bad_deck_count_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse("--decks", "9")
    assert (
        exit_.value.code == 2 and "decks are a whole number from 1 to 8" in capsys.readouterr().err
    )
