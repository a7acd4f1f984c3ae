"""``table analyse split-decision``: each seat's chance to win a game and a round, simulated
through the engine with 95% intervals and the sd of a bet on each seat; declared in the record."""

from __future__ import annotations

import json

import pytest

from table_controller.cli import main
from table_controller.games import record


def test_split_decision_declares_its_analysis() -> None:
    assert [a.name for a in record("split-decision").analyses] == ["split-decision"]


def test_each_seat_wins_a_share_of_the_games_with_its_interval(capsys) -> None:
    assert main(["analyse", "split-decision", "--games", "150", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["method"] == "simulated through the rules engine (not enumerated)"
    wins = out["game_win"]
    assert set(wins) == {"seat1", "seat2", "seat3"} and all(w["n"] == 150 for w in wins.values())
    assert sum(w["win_pct"] for w in wins.values()) == pytest.approx(100, abs=0.01)
    for w in wins.values():
        p = w["win_pct"] / 100
        assert 0 < w["win_pct_ci95"] < 15
        assert w["sd_per_bet"] == pytest.approx((p * (1 - p)) ** 0.5, abs=1e-4)
    places = out["round_win_by_turn_place"]
    assert set(places) == {"1", "2", "3"}
    assert sum(r["win_pct"] for r in places.values()) + out["void_round_pct"] == pytest.approx(
        100, abs=0.01
    )


def test_two_seats_and_the_same_seed_give_the_same_figures(capsys) -> None:
    args = ["analyse", "split-decision", "--seats", "2", "--games", "80", "--seed", "3", "--json"]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    again = json.loads(capsys.readouterr().out)
    assert set(first["game_win"]) == {"seat1", "seat2"}
    assert first["game_win"] == again["game_win"]


def test_a_bad_game_count_is_one_line(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["analyse", "split-decision", "--games", "0"])
    assert "at least 1" in capsys.readouterr().err
