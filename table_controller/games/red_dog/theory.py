"""What Red Dog's bets should hold, from its exact odds (``analysis.red_dog_odds``).

A seat's ante and raise are settled as one bet ("ante", or "ante+raise" when raised): the house
edge per initial ante over the average stake per ante (the ante plus the raise made where raising
gains), exact; the standard deviation per ante over the same stake. Both settlements carry that
one figure, so the theory over many rounds is the seat's, whatever share of them was raised.
One shared set of cards serves every seat and every seat raises on the same spreads, so two
seats' results in one round are the same per ante: they correlate fully (``together`` 1).
"""

from __future__ import annotations

from functools import cache

from table_controller.contract import BetTheory
from table_controller.games.red_dog.machine import RedDogGame
from table_controller.games.red_dog.switches import PayTable


def theory(game: RedDogGame) -> dict[str, BetTheory]:
    figure = _ante(game.switches.decks, game.paytable)
    return {"ante": figure, "ante+raise": figure}


@cache
def _ante(decks: int, table: PayTable) -> BetTheory:
    from table_controller.games.red_dog.analysis import red_dog_odds

    odds = red_dog_odds(decks, table)
    staked = float(odds.average_wager)
    raises = ", ".join(str(line.spread) for line in odds.spreads if line.raises)
    return BetTheory(
        together={"ante": 1.0, "ante+raise": 1.0},
        edge=float(odds.house_edge) / staked,
        sd=float(odds.variance) ** 0.5 / staked,
        basis=(
            f"exact, {decks} decks, {table.name} pay table, a full raise on spreads {raises}: "
            f"{100 * float(odds.house_edge):.4f}% of the ante over {staked:.4f} units staked"
        ),
    )
