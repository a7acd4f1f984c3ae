"""Luck of the Draw: the player's exact expectation per unit wagered on a hand from a fresh deck.

red-dog.md Part C: the seat turns up four of the fifteen board cards (two aces, K down to 2, the
Devil), names a high and a low among them (a chosen ace high counts 14, low 1), and the top card
of a fresh 54-card deck (two jokers) settles it: a joker or a non-ace card strictly between wins
1 to 1; a card of the high's or the low's rank pushes (an ace equals a chosen ace), a loss if the
Devil was turned up; anything else loses (LD-3, LD-4). Every four-card reveal (1,365, equally
likely) is played with the high and low that gain most; the figures are exact fractions. Later
hands of a session draw from the same deck: by exchangeability a choice that ignores the cards
gone has the same expectation, so the first hand's figure is what a session's hand is worth at
least (a player who counts the cards gone can do a little better).
"""

from __future__ import annotations

import argparse
import itertools
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from table_controller.simulation import bet_figures

DEVIL = 0
BOARD = (1, 1, *range(2, 14), DEVIL)  # ranks: ace 1, 2..10, J 11, Q 12, K 13; the Devil 0
DECK = 54
JOKERS = 2
PER_RANK = 4


@dataclass(frozen=True)
class Choice:
    high: int  # 2..14 (14: a high ace)
    low: int  # 1..13 (1: a low ace)
    win: Fraction
    push: Fraction  # of the draw; a loss instead when the Devil is up
    lose: Fraction


def choice(high: int, low: int, devil: bool) -> Choice:
    between = sum(PER_RANK for r in range(2, 14) if low < r < high)
    tied_ranks = {1 if v in (1, 14) else v for v in (high, low)}
    tied = PER_RANK * len(tied_ranks)
    win = Fraction(JOKERS + between, DECK)
    push = Fraction(0 if devil else tied, DECK)
    return Choice(high, low, win, push, 1 - win - push)


def best_choice(revealed: tuple[int, ...]) -> Choice:
    """The high and low that gain most among the revealed non-Devil cards (aces high or low)."""
    devil = DEVIL in revealed
    cards = [r for r in revealed if r != DEVIL]
    options = []
    for i, j in itertools.permutations(range(len(cards)), 2):
        high = 14 if cards[i] == 1 else cards[i]
        low = cards[j]
        if high > low:
            options.append(choice(high, low, devil))
    return max(options, key=lambda c: c.win - c.lose)


@dataclass(frozen=True)
class LuckFigures:
    player_return: Fraction  # per unit wagered
    second_moment: Fraction

    @property
    def variance(self) -> Fraction:
        return self.second_moment - self.player_return**2

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "luck-of-the-draw",
            "method": "exact: every four-card reveal, the best high and low, a fresh 54-card deck",
            "player_return_pct": float(100 * self.player_return),
            "house_edge_pct": float(-100 * self.player_return),
            "player_return_exact": str(self.player_return),
            "sd": float(self.variance) ** 0.5,
            "variance_exact": str(self.variance),
            "bets": {
                "wager": bet_figures(
                    float(-self.player_return), float(self.variance) ** 0.5, "unit wagered", True
                )
            },
        }


def analyse() -> LuckFigures:
    reveals = list(itertools.combinations(range(len(BOARD)), 4))
    mean = square = Fraction(0)
    for positions in reveals:
        best = best_choice(tuple(BOARD[p] for p in positions))
        mean += best.win - best.lose
        square += best.win + best.lose
    return LuckFigures(mean / len(reveals), square / len(reveals))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")


def run(args: argparse.Namespace) -> int:
    figures = analyse().to_dict()
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(
        f"Luck of the Draw, one hand from a fresh deck, the best high and low ({figures['method']}):\n"
        f"  the player's expectation {figures['player_return_pct']:+.4f}% of the wager "
        f"(exact {figures['player_return_exact']}), standard deviation {figures['sd']:.4f} units;\n"
        f"  the house's edge {figures['house_edge_pct']:+.4f}%: at 1 to 1 the house loses (red-dog.md, key decision 4)"
    )
    return 0
