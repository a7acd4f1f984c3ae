"""``table analyse farmer`` (games/farmer/analysis.py), tested through its own functions: each seat
position's expectation per deal by simulation through the real engine, with confidence
intervals that hold the mean, nets that account for every cent left in the farm, a progress
bar on stderr, the same figures for the same seed, and plain errors for bad settings."""

from __future__ import annotations

import argparse
import json

import pytest

from table_controller.errors import ConfigError
from table_controller.games import make_game
from table_controller.games.farmer import analysis


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    analysis.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_each_position_has_a_mean_inside_its_interval_and_the_money_accounts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        analysis.run(parse("--seats", "5", "--deals", "400", "--session-deals", "40", "--json"))
        == 0
    )
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert [p["name"] for p in report["positions"]] == [
        "the farmer's left",
        "2 from the farmer's left",
        "3 from the farmer's left",
        "4 from the farmer's left",
        "the farmer",
    ]
    for p in report["positions"]:
        lo, hi = p["ci95_cents"]
        assert lo < p["mean_cents"] < hi
    # every session starts with an empty farm: what the positions lost over all deals is in the farm
    lost = -sum(p["mean_cents"] for p in report["positions"]) * report["deals"]
    assert lost == pytest.approx(
        report["farm_left_mean_cents"] * 10, abs=0.01 * len(report["positions"]) * 400
    )
    assert captured.err == ""  # issue 38: no \r progress bar into a file or a pipe
    assert "strategy" in report and "below 12" in report["strategy"]
    assert all(0.5 < p["sd_antes"] < 20 for p in report["positions"])


def test_the_progress_bar_is_drawn_on_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    assert analysis.run(parse("--deals", "300")) == 0
    assert "100% 300/300 deals" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("seats", "switches", "hit_below"),
    [
        (4, (), 12),
        (8, ("F6=void", "F3=also_closest", "F2=pays_farm", "F4=pay_winner", "F5=ante"), 14),
        (6, ("F1=may_hit", "F6=stay"), 16),
    ],
)
def test_the_quick_deals_give_the_engines_figures_deal_for_deal(seats, switches, hit_below) -> None:
    from table_controller.games import parse_switches

    game = make_game("farmer", seats=seats, switches=parse_switches(list(switches)))
    engine, engine_farms = analysis.simulate(game, 240, 20, hit_below, seed=5)
    quick, quick_farms = analysis.simulate_quickly(game, 240, 20, hit_below, seed=5)
    assert (quick.sums, quick.squares, quick.farm_won, quick_farms) == (
        engine.sums,
        engine.squares,
        engine.farm_won,
        engine_farms,
    )


def test_the_same_seed_gives_the_same_figures_and_words(capsys: pytest.CaptureFixture[str]) -> None:
    args = (
        "--deals",
        "150",
        "--seed",
        "7",
        "--no-progress",
        "--switch",
        "F5=ante",
        "--switch",
        "ante=500",
    )
    analysis.run(parse(*args))
    first = capsys.readouterr()
    analysis.run(parse(*args))
    again = capsys.readouterr()
    assert first.out == again.out and first.err == again.err == ""
    assert first.out.startswith("Farmer, 4 seats, ante $5.00: 150 deals in sessions of 50 (seed 7)")
    assert "  4. the farmer" in first.out


def test_under_the_default_switches_the_farmer_position_gains_most() -> None:
    """The farmer is paid A by every bust (F-17) and pays nobody when busted (F2 = exempt)."""
    tally, _ = analysis.simulate(make_game("farmer", seats=4), 1500, 50, 12, seed=3)
    means = [tally.mean_ci(i) for i in range(4)]
    farmer, others = means[-1], means[:-1]
    assert all(farmer[0] - farmer[1] > m + half for m, half in others)
    assert tally.n == 1500 and sum(tally.farm_won) <= 1500


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--seats", "9"), "Farmer seats 2 to 8"),
        (("--deals", "1"), "--deals is 2 to"),
        (("--hit-below", "30"), "--hit-below is 2 to 17"),
        (("--switch", "F9=x"), "unknown Farmer switch"),
    ],
)
def test_bad_settings_are_refused_plainly(argv: tuple[str, ...], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        analysis.run(parse(*argv, "--no-progress"))
