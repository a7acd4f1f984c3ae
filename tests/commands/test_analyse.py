"""``table analyse dead-mans-hand``: the figures a games manager reads, as text and JSON, the seed's
tables beside ours, a simulation through the engine, and bad input refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from table_controller.cli import main


def _json(capsys, *args: str) -> dict:
    assert main(["analyse", "dead-mans-hand", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_gives_hit_hold_and_payout_in_percent_and_every_outcome(capsys) -> None:
    out = _json(capsys, "--paytable", "PT1", "--decks", "1")
    assert out["hit_pct"] == pytest.approx(100 * 190 / 663)
    assert Fraction(out["hit"]) == Fraction(190, 663)
    assert out["hold_pct"] + out["payout_pct"] == pytest.approx(100)
    assert 8.5 < out["hold_pct"] < 8.55  # the seed publishes 8.57
    rows = {o["id"]: o for o in out["outcomes"]}
    assert rows["DMH-S1"]["pays"] == 14 and rows["DMH-ONE"]["pays_exact"] == "3/2"
    assert sum(Fraction(o["probability_exact"]) for o in out["outcomes"]) == 1
    assert sum(o["contribution_pct"] for o in out["outcomes"]) == pytest.approx(-out["hold_pct"])


def test_a_custom_paytable_file_is_the_tables_own(tmp_path, capsys) -> None:
    path = tmp_path / "house.json"
    path.write_text(
        json.dumps(
            {
                "name": "house 7",
                "pays": {
                    "DMH-S2": "30",
                    "DMH-S1": "5",
                    "DMH-S0": "3",
                    "DMH-ONE": "2",
                    "DMH-BJ": "50",
                },
                "max_hands": {"aces": 2, "eights": 4},
            }
        )
    )
    out = _json(capsys, "--paytable", str(path), "--decks", "8")
    assert out["paytable"]["name"] == "house 7" and out["switches"]["B14"] == "custom"
    assert out["hit_pct"] == pytest.approx(100 * 118 / 415)


def test_switches_give_the_other_readings(capsys) -> None:
    printed = _json(capsys, "--paytable", "PT4", "--decks", "6")["hold_pct"]
    two_to_one = _json(capsys, "--paytable", "PT4", "--decks", "6", "--switch", "B15=2to1")[
        "hold_pct"
    ]
    assert abs(two_to_one - 9.24) < 0.06 < 1.4 < 9.24 - printed
    enhc = _json(capsys, "--paytable", "PT5", "--switch", "B3=enhc")
    assert enhc["switches"]["B3"] == "enhc"
    assert _json(capsys, "--no-split")["hold_pct"] > _json(capsys)["hold_pct"]


def test_published_prints_the_seeds_tables_beside_ours_and_says_why(capsys) -> None:
    assert main(["analyse", "dead-mans-hand", "--published"]) == 0
    out = capsys.readouterr().out
    assert "House hold %" in out and "Payout %" in out and "Total hit %" in out
    assert "9.52  8.0542 -1.466" in out  # PT4 at one deck: published, ours, the difference
    assert (
        "The published column comes out if 'pair with no ace-eight' (DMH-S0) paid 1.936-1.973 to 1, "
        "that is 2 to 1, not the 4 to 1 printed"
    ) in out
    assert "PT1: our hold lies 0.05 to 0.09 points below the published" in out


def test_published_as_json(capsys) -> None:
    out = _json(capsys, "--published")["published"]
    assert out["decks"] == [1, 2, 5, 6, 8]
    assert out["hold_pct"]["PT2"][0]["published"] == 8.08
    assert out["hit_pct"][0]["ours"] == pytest.approx(100 * 190 / 663)
    assert any("2 to 1" in line for line in out["why"]["PT4"])


def test_simulate_deals_through_the_engine_on_two_processes(capsys) -> None:
    assert (
        main(
            [
                "analyse",
                "dead-mans-hand",
                "--decks",
                "2",
                "--simulate",
                "1000",
                "--seed",
                "5",
                "--workers",
                "2",
                "--json",
            ]
        )
        == 0
    )
    printed = capsys.readouterr()
    out, sim = json.loads(printed.out), json.loads(printed.out)["simulated"]
    assert sim["rounds"] == 1000 and sim["side_bets"] == 7000 and sim["processes"] == 2
    assert abs(sim["hit_pct"] - out["hit_pct"]) <= sim["hit_pct_ci95"]
    assert (
        "dealing through the engine on 2 processes [" in printed.err
        and "100% 1,000/1,000 rounds" in printed.err
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--paytable", "PT9"], "unknown paytable 'PT9'"),
        (["--paytable", "/nonexistent.json"], "cannot read the paytable"),
        (["--switch", "B1=2"], "give the decks with --decks"),
        (["--switch", "B3=maybe"], "switch B3 is one of peek, enhc"),
        (["--decks", "9"], "invalid choice"),
        (["--simulate", "0"], "at least 1"),
        (["--simulate", "10", "--no-split"], "leave out --no-split"),
    ],
)
def test_bad_input_gets_one_clear_line(args, message) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", "analyse", "dead-mans-hand", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2, proc.stderr
    assert message in proc.stderr and "Traceback" not in proc.stderr


# ----- table analyse blackjack ------------------------------------------------------------------
def test_blackjack_prints_the_derived_strategy_the_edge_and_each_switch(capsys) -> None:
    assert main(["analyse", "blackjack", "--switch", "B2=s17"]) == 0
    out = capsys.readouterr().out
    assert "Blackjack: 6 decks, S17, peek, blackjack pays 3:2" in out
    assert "Basic strategy derived for 6 decks" in out
    assert "16     S  S  S  S  S  H  H  H  H  H" in out
    assert "11     D  D  D  D  D  D  D  D  D  H" in out  # S17 on six decks: hit 11 against an ace
    # issue 43: combinatorial analyses of six decks, S17, DAS give about 0.40% (the infinite shoe: 0.512%)
    assert "House edge on the 6-deck shoe (combinatorial analysis): 0.4057%" in out
    assert "strategy: total-dependent basic strategy derived for this shoe" in out
    assert "House edge on an infinite shoe (computed): 0.512%" in out
    assert (
        "B2     s17 -> h17         0.731%  +0.219   (published: +0.20 thecolorofblackjack.com"
        in out
    )
    assert "B5     3:2 -> 6:5" in out


def test_blackjack_json_on_eight_decks_is_the_published_combinatorial_figure(capsys) -> None:
    assert (
        main(
            [
                "analyse",
                "blackjack",
                "--json",
                "--switch",
                "B1=8",
                "--switch",
                "B3=enhc",
                "--strategy",
                "cd",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    # Wizard of Odds, Blackjack Appendix 9, euro-8dh17r4: expected return of game -0.007562
    assert out["house_edge_pct"] == pytest.approx(0.7562, abs=0.0005)
    assert out["house_edge_pct_infinite_shoe"] == pytest.approx(0.842, abs=0.001)
    assert out["method"]["strategy"] == "cd" and "approximate" in out["method"]["splits"]
    assert out["strategy"]["pairs"][0] == [
        "A,A",
        ["P"] * 9 + ["H"],
    ]  # no hole card: aces are not split against an ace


def test_blackjack_json_simulated_through_the_engine_and_published(capsys, monkeypatch) -> None:
    from table_controller.games.blackjack import analysis_blackjack
    from table_controller.games.blackjack.published_edges import PUBLISHED_EDGES

    monkeypatch.setattr(
        analysis_blackjack, "PUBLISHED_EDGES", PUBLISHED_EDGES[:1]
    )  # one deck: quick to compute
    assert (
        main(
            [
                "analyse",
                "blackjack",
                "--json",
                "--simulate",
                "300",
                "--seed",
                "2",
                "--published",
                "--switch",
                "B1=1",
                "--switch",
                "B2=s17",
            ]
        )
        == 0
    )
    printed = capsys.readouterr()
    out = json.loads(printed.out)
    sim = out["simulated"]
    assert sim["rounds"] == 300 and sim["seats"] == 7 and sim["rounds_per_second"] > 0
    assert abs(sim["house_edge_pct"] - out["house_edge_pct"]) <= sim["house_edge_pct_ci95"]
    # control variates (the first deals' exact values, the dealer's final): a narrower interval, still holding it
    assert sim["house_edge_pct_controlled_ci95"] < 0.75 * sim["house_edge_pct_ci95"]
    assert (
        abs(sim["house_edge_pct_controlled"] - out["house_edge_pct"])
        <= sim["house_edge_pct_controlled_ci95"]
    )
    row = out["published"][0]
    assert (
        row["rules"] == "1 deck, S17, DAS"
        and row["published_pct"] == -0.1839
        and "simulated" in row
    )
    assert "appendix/9/1ds17r4/" in row["source"]
    assert row["finite_shoe_pct"] == pytest.approx(-0.1839, abs=0.0005)
    assert {r["switch"] for r in out["per_switch"]} >= {"B2", "B5", "B6", "B7", "B10"}
    assert "100% 300/300 rounds" in printed.err


def test_blackjack_bad_switch_is_one_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", "analyse", "blackjack", "--switch", "B2=x"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (
        proc.returncode == 2
        and "switch B2 is one of h17, s17" in proc.stderr
        and "Traceback" not in proc.stderr
    )


@pytest.mark.parametrize(
    "args",
    [
        ["analyse", "--help"],
        ["analyse", "dead-mans-hand", "--help"],
        ["analyse", "blackjack", "--help"],
        ["analyse", "farmer", "--help"],
    ],
)
def test_help_names_every_analysis(args) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0 and "usage: table analyse" in proc.stdout, proc.stderr
    assert "``" not in proc.stdout and ":data:" not in proc.stdout  # issue 38: no docstring markup
    if args == ["analyse", "--help"]:
        assert (
            "dead-mans-hand" in proc.stdout
            and "blackjack" in proc.stdout
            and "hold %" in proc.stdout
        )
        helps = " ".join(proc.stdout.split())
        assert (
            "farmer Farmer: each seat position's expectation per deal, by simulation. options:"
            in helps
        )
        assert "luck-of-the-draw Luck of the Draw: the player's exact expectation" in helps
        assert "red-dog Red Dog's exact house edge per deck count (red-dog.md Part A). " in helps


def test_red_dog_is_analysed_through_the_table_command(capsys) -> None:
    from table_controller.cli import main

    assert main(["analyse", "red-dog", "--decks", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["house_edge_pct"] == pytest.approx(3.1554, abs=1e-4)
