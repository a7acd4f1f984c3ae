"""What Luck of the Draw's wager should hold, from its exact figures (``luck_analysis``): a
hand from a fresh deck played with the best high and low; the house's edge is negative."""

from __future__ import annotations

from functools import cache

from table_controller.contract import BetTheory, Game


def theory(game: Game) -> dict[str, BetTheory]:
    return {"wager": _wager()}


@cache
def _wager() -> BetTheory:
    from table_controller.games.split_decision.luck_analysis import analyse

    figures = analyse()
    return BetTheory(
        float(-figures.player_return),
        float(figures.variance) ** 0.5,
        basis="exact, a hand from a fresh 54-card deck, the best high and low",
    )
