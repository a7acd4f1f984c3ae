"""``table analyse vingt-un``: the banker's edge over a seat, simulated through the engine, with its
interval, the method and the strategy named."""

from __future__ import annotations

import json

from table_controller.cli import main


def test_the_house_bankers_edge_is_simulated_through_the_engine_with_its_interval(capsys) -> None:
    assert main(["analyse", "vingt-un", "--rounds", "400", "--seats", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (
        out["method"] == "simulated through the rules engine (not exact)"
        and "not derived" in out["strategy"]
    )
    house = out["banker"]["house"]
    assert house["rounds"] == 400 and 0 < house["banker_edge_pct_ci95"] < 20
    assert 1 < house["sd_per_stake"] < 3
    # the seed's banker wins ties, calls double on an ace or a ten and collects double from a natural
    assert house["banker_edge_pct"] - house["banker_edge_pct_ci95"] > 0


def test_the_same_seed_gives_the_same_figure(capsys) -> None:
    main(["analyse", "vingt-un", "--rounds", "150", "--seed", "4"])
    first = capsys.readouterr().out
    main(["analyse", "vingt-un", "--rounds", "150", "--seed", "4"])
    assert (
        capsys.readouterr().out.splitlines()[1:] == first.splitlines()[1:]
    )  # the first line ends with CPU time
    assert "banker the house: edge over a seat" in first


def test_a_seat_banker_is_tallied_apart_from_the_house(capsys) -> None:
    # V1 = pass_left: a seat's natural takes the bank; the other seats sit in and play against it
    assert (
        main(["analyse", "vingt-un", "--rounds", "300", "--switch", "V1=pass_left", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert set(out["banker"]) == {"house", "seat"}
    assert sum(row["rounds"] for row in out["banker"].values()) == 300
