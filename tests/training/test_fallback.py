"""A game with no ``training`` module of its own still runs in every procedure drill: the drills
use only what it declares, with the engine's own words (the case of a game added tomorrow)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from table_controller.contract import GameRecord, SeatRange
from table_controller.games import make_game, register, unregister
from table_controller.training.dealing import Dealing, ScriptedSignals
from table_controller.training.drill_file import drill_table
from table_controller.training.gamehooks import hooks, spots
from table_controller.training.procedure import ProcedureDrill
from tests.training.helpers import EXAMPLES, play_right, play_until


class PlainGame:
    """A real game under an id of its own, whose record declares no training hooks."""

    game_id = "plain"

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


@pytest.fixture(autouse=True)
def plain_record() -> Iterator[None]:
    register(GameRecord("plain", "Plain", "none", SeatRange(1, 1, 1), (), make=lambda s: None))  # type: ignore[arg-type, return-value]
    yield
    unregister("plain")


def plain_drill(name: str) -> ProcedureDrill:
    from table_controller.training.drill_file import load_drill

    game, deck, wagers, decisions = drill_table(load_drill(EXAMPLES / f"{name}.json").scenario)
    return ProcedureDrill(
        Dealing(PlainGame(game), deck, ScriptedSignals(wagers, decisions)), started_at=0.0
    )


def test_a_game_without_hooks_is_scored_in_the_engines_words() -> None:
    d = plain_drill("stand-pat-window")
    assert hooks(d.dealing.game).cite is None and hooks(make_game("blackjack")).cite is not None
    # without spots of its own in its training hooks, the drill offers the game's declared card
    # spots (the expected one among them)
    offered = [name for name, _ in spots(d.dealing.game, d.dealing.state, d.dealing.right_step)]
    declared = [s.name for s in d.dealing.game.layout(d.dealing.state) if s.kind == "card"]
    assert offered == declared and "S3" in offered
    wrong = d.enter("deal S1", 1.0)
    assert (wrong.cite.rule, wrong.cite.words) == ("", "the card goes to show card S3")
    at = play_until(d, "decision", at=2.0)
    illegal = d.enter("green push", at + 1)
    assert (illegal.cite.rule, illegal.cite.words) == (
        "",
        "GREEN cannot PUSH now; GREEN may HIT or BACKHAND",
    )
    play_right(d, start=at + 2)
    assert d.finished


def test_payments_cite_the_rule_the_payment_carries() -> None:
    d = plain_drill("dealer-blackjack-insurance")
    at = play_until(d, "payment")
    wrong = d.enter("collect seat4 2", at + 1)
    assert wrong.cite.rule == "DMH-1" and "no ace or eight" in wrong.cite.words
