"""Each game declares its bets (kind, words, limits) and its decisions (key, words, amount): the
declarations name the game's own plays and bets, and the limits are the ones its rules enforce."""

from __future__ import annotations

import pytest

from table_controller.contract import Amount, Decision
from table_controller.engine import Refused
from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, Control, Wager
from table_controller.games import records
from tests.high_card import RECORD


def test_every_declared_decision_is_a_play_of_its_game_and_every_bet_is_declared() -> None:
    for game_id, record in records().items():
        game = record.build()
        names = {d.name for d in record.decisions}
        assert names <= set(game.actions) | {"stand_pat"}, game_id  # a variant may lack a play
        assert set(game.bets) <= {b.name for b in game.bet_specs}, game_id
        for bet in game.bet_specs:
            assert bet.words and (bet.low is None or bet.high is None or bet.low <= bet.high)
            assert not bet.pot or bet.pot in game.pots, (game_id, bet)


def test_an_amount_is_typed_up_to_a_limit_or_offered() -> None:
    assert Amount("offered", "main", 2).to_dict() == {"box": "offered", "limit": "main", "part": 2}
    for bad in (("offered",), ("typed", "main"), ("later",), ("up_to", "raise_to", 0)):
        with pytest.raises(ConfigError):
            Amount(*bad)  # type: ignore[arg-type]
    assert Decision("no_insurance").to_dict()["words"] == "no insurance"


def test_the_proof_game_s_declared_limits_are_the_ones_its_rules_enforce() -> None:
    game = RECORD.build()
    (main,) = game.bet_specs
    assert (main.kind, main.on_form, main.low, main.high) == ("main", True, 100, 100_000)
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK, by="test"))
    state, _ = game.apply(state, Wager("seat1", "main", main.low))
    for cents in (main.low - 1, main.high + 1):
        _, effects = game.apply(state, Wager("seat2", "main", cents))
        assert any(isinstance(e, Refused) for e in effects), cents
