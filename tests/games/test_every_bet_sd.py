"""Every game's analyses give, in ``--json`` under ``bets``, each bet's edge and standard
deviation (the floor's band needs both), and every bet the game's theory declares is among them."""

from __future__ import annotations

import json
import math

import pytest

from table_controller.cli import main
from table_controller.games import game_ids, record

QUICK = {  # short runs for the simulated analyses (their defaults are the full runs)
    "farmer": ["--deals", "2000"],
    "split-decision": ["--games", "200"],
}


@pytest.mark.parametrize("game_id", [g for g in game_ids() if record(g).analyses])
def test_every_analysis_gives_each_bets_edge_and_sd(game_id: str, capsys) -> None:
    game = record(game_id)
    bets: dict[str, dict] = {}
    for analysis in game.analyses:
        assert main(["analyse", analysis.name, *QUICK.get(analysis.name, []), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["bets"], analysis.name
        for name, row in out["bets"].items():
            assert math.isfinite(row["edge"]) and row["sd"] > 0 and row["per"], (name, row)
            assert row["exact"] or row["edge_ci95"] > 0, (name, row)
        bets.update(out["bets"])
    if game.theory is not None:
        assert set(game.theory(game.build())) <= set(bets)
