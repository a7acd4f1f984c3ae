"""``table analyse blackjack --finite-per-switch``: each rule switch's other value on the finite
shoe, exactly: the same figure as analysing that rule set on its own."""

from __future__ import annotations

import json

import pytest

from table_controller.cli import main
from table_controller.games.blackjack import analysis_blackjack


def test_each_switch_is_computed_on_the_finite_shoe_when_asked(capsys, monkeypatch) -> None:
    monkeypatch.setattr(analysis_blackjack, "RULE_SWITCHES", ("B2",))  # one switch: quick
    assert main(["analyse", "blackjack", "--switch", "B1=1", "--finite-per-switch", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (row,) = out["per_switch"]
    assert (row["switch"], row["from"], row["to"]) == ("B2", "h17", "s17")
    assert out["per_switch_shoe"] == "infinite and finite"
    assert main(["analyse", "blackjack", "--switch", "B1=1", "--switch", "B2=s17", "--json"]) == 0
    s17 = json.loads(capsys.readouterr().out)["house_edge_pct"]
    assert row["house_edge_pct_finite_shoe"] == pytest.approx(s17, abs=1e-12)
    assert row["change_pct_finite_shoe"] == pytest.approx(s17 - out["house_edge_pct"], abs=1e-12)
    assert row["cpu_seconds_finite_shoe"] > 0


def test_without_the_flag_the_table_says_it_is_the_infinite_shoe(capsys, monkeypatch) -> None:
    monkeypatch.setattr(analysis_blackjack, "RULE_SWITCHES", ("B2",))
    assert main(["analyse", "blackjack", "--switch", "B1=1"]) == 0
    text = capsys.readouterr().out
    assert "Each rule switch (infinite shoe)" in text and "--finite-per-switch" in text
