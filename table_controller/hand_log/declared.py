"""The account lines a logged hand's game declares: each bet in its words, the pots the players
pay into, and a seat's stakes as the layout showed them, read from the game built from the
hand's header (its record in the registry). A hand whose game cannot be built (one this version
does not know) keeps the names as logged; the audit's verify says why."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from table_controller.contract import Bet, Game
from table_controller.errors import TableError
from table_controller.hand_log.replay_audit import build_game

BUILT_FROM = ("game", "switches", "seats", "first_dealt", "paytable")  # what build_game reads


class Declared:
    """The games of one report or account, each built once per configuration."""

    def __init__(self) -> None:
        self._games: dict[str, Game | None] = {}

    def game(self, header: Mapping[str, Any]) -> Game | None:
        config = json.dumps([header.get(k) for k in BUILT_FROM], sort_keys=True, default=str)
        if config not in self._games:
            try:
                self._games[config] = build_game(dict(header))
            except (TableError, KeyError, TypeError, ValueError):
                self._games[config] = None
        return self._games[config]

    def bet(self, header: Mapping[str, Any], name: str) -> Bet | None:
        game = self.game(header)
        return next((b for b in game.bet_specs if b.name == name), None) if game else None

    def bet_words(self, header: Mapping[str, Any], name: str) -> str:
        """The bet in its declared words, with the name the log gives it: ``main bet (main)``."""
        bet = self.bet(header, name)
        return name if bet is None or bet.words == name else f"{bet.words} ({name})"

    def pots(self, header: Mapping[str, Any]) -> Mapping[str, str]:
        game = self.game(header)
        return {} if game is None else game.pots

    def pot_of(self, header: Mapping[str, Any], name: str) -> str:
        """The pot the bet is staked into ("" the house, or a bet the game does not declare)."""
        bet = self.bet(header, name)
        return "" if bet is None else bet.pot

    def stake_pots(self, header: Mapping[str, Any]) -> set[str]:
        """The pots the game's bets are staked into (Farmer's farm)."""
        game = self.game(header)
        return set() if game is None else {b.pot for b in game.bet_specs if b.pot}

    def stakes_words(self, header: Mapping[str, Any], figures: Mapping[str, Any]) -> str:
        game = self.game(header)
        return "" if game is None else game.stakes_words(figures)
