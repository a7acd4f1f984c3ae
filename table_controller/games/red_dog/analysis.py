"""Red Dog's exact house edge per deck count (red-dog.md Part A).

Per initial ante, with the player raising the full ante exactly when raising gains (the raise's
own expectation at that spread is above zero). Every figure is an exact fraction over the cards
left after the first two are dealt from a full shoe of D decks (a card dealt leaves the shoe).

- the first two cards are a pair with probability 13 * 4D(4D-1) / (N(N-1)), N = 52D; the third
  card makes three of a kind with probability (4D-2) / (N-2), paid at the three-of-a-kind odds;
- two cards r1 != r2 lie at spread s = |r1 - r2| - 1 for 2(12 - s) ordered rank pairs, each of
  probability (4D)^2 / (N(N-1)); the third card wins with probability 4Ds / (N-2).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from table_controller.games.red_dog.switches import PayTable
from table_controller.simulation import bet_figures


@dataclass(frozen=True)
class SpreadLine:
    spread: int  # 0 consecutive, 1-11
    probability: Fraction  # of the first two cards lying at this spread
    win: Fraction  # of the third card winning, given the spread
    raise_gain: Fraction  # the raise's expectation per unit raised
    raises: bool


@dataclass(frozen=True)
class RedDogOdds:
    decks: int
    pair: Fraction
    three_of_a_kind: Fraction  # of the first three cards, unconditionally
    spreads: tuple[SpreadLine, ...]
    player_return: Fraction  # per initial ante
    average_wager: Fraction  # ante plus the expected raise, per initial ante
    second_moment: Fraction  # E[net^2], in initial antes squared

    @property
    def variance(self) -> Fraction:
        return self.second_moment - self.player_return**2

    @property
    def house_edge(self) -> Fraction:
        return -self.player_return

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "red-dog",
            "decks": self.decks,
            "house_edge_pct": round(float(self.house_edge) * 100, 6),
            "house_edge_per_total_wager_pct": round(
                float(self.house_edge / self.average_wager) * 100, 6
            ),
            "house_edge_exact": str(self.house_edge),
            "sd_per_ante": round(float(self.variance) ** 0.5, 6),
            "variance_exact": str(self.variance),
            "bets": {  # per initial ante, and per unit wagered (ante and raise) as the floor drops
                "ante": bet_figures(
                    float(self.house_edge), float(self.variance) ** 0.5, "initial ante", True
                ),
                "ante+raise": bet_figures(
                    float(self.house_edge / self.average_wager),
                    float(self.variance) ** 0.5 / float(self.average_wager),
                    "unit wagered (ante and raise; the sd the initial ante's over the average wager)",
                    True,
                ),
            },
            "raise_on_spreads": [line.spread for line in self.spreads if line.raises],
            "probabilities": {
                "pair": float(self.pair),
                "three_of_a_kind": float(self.three_of_a_kind),
                **{
                    ("consecutive" if line.spread == 0 else f"spread_{line.spread}"): float(
                        line.probability
                    )
                    for line in self.spreads
                },
            },
            "spreads": [
                {
                    "spread": line.spread,
                    "probability": float(line.probability),
                    "win": float(line.win),
                    "raise_gain": float(line.raise_gain),
                    "raise": line.raises,
                }
                for line in self.spreads
            ],
        }


def red_dog_odds(decks: int, table: PayTable | None = None) -> RedDogOdds:
    """The exact figures for a shoe of ``decks`` decks under ``table`` (standard by default)."""
    table = table or PayTable()
    per_rank, cards = 4 * decks, 52 * decks
    two = Fraction(1, cards * (cards - 1))
    pair = 13 * per_rank * (per_rank - 1) * two
    trips_given_pair = Fraction(per_rank - 2, cards - 2)
    player = pair * trips_given_pair * table.three_of_a_kind
    square = (
        pair * trips_given_pair * table.three_of_a_kind**2
    )  # a pair without trips and consecutive push
    wagered = Fraction(1)
    lines = []
    for spread in range(12):
        probability = 2 * (12 - spread) * per_rank * per_rank * two
        if spread == 0:
            lines.append(SpreadLine(0, probability, Fraction(0), Fraction(0), False))
            continue
        win = Fraction(per_rank * spread, cards - 2)
        odds = table.odds(spread)
        raise_gain = win * odds - (1 - win)
        ante_gain = win * (1 if table.ante_even else odds) - (1 - win)
        raises = raise_gain > 0
        player += probability * (ante_gain + (raise_gain if raises else 0))
        won = (1 if table.ante_even else odds) + (odds if raises else 0)
        square += probability * (win * won**2 + (1 - win) * (2 if raises else 1) ** 2)
        wagered += probability if raises else 0
        lines.append(SpreadLine(spread, probability, win, raise_gain, raises))
    return RedDogOdds(decks, pair, pair * trips_given_pair, tuple(lines), player, wagered, square)


# ----- table analyse red-dog ------------------------------------------------------------------------
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--decks", type=_decks, default=6, help="decks in the shoe, 1 to 8 (default 6, RD1)"
    )
    parser.add_argument(
        "--all-decks", action="store_true", help="every deck count from 1 to 8, one line each"
    )
    parser.add_argument(
        "--pay-table",
        choices=("standard", "ante_even"),
        default="standard",
        help="RD2: standard (default), or ante_even (the ante paid 1 to 1)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    table = PayTable(ante_even=args.pay_table == "ante_even", name=args.pay_table)
    counts = range(1, 9) if args.all_decks else (args.decks,)
    results = [red_dog_odds(d, table) for d in counts]
    if args.json:
        data: Any = (
            results[0].to_dict() if len(results) == 1 else {"decks": [r.to_dict() for r in results]}
        )
        print(json.dumps(data, indent=2))
        return 0
    for odds in results:
        print(_words(odds, args.pay_table))
    return 0


def _words(odds: RedDogOdds, table: str) -> str:
    d = odds.to_dict()
    lines = [
        f"Red Dog, {odds.decks} deck{'s' if odds.decks != 1 else ''}, {table} pay table: house edge "
        f"{d['house_edge_pct']:.4f}% per initial ante ({d['house_edge_per_total_wager_pct']:.4f}% per amount "
        f"wagered), raising on spreads {', '.join(map(str, d['raise_on_spreads']))}",
        f"  pair {float(odds.pair) * 100:.4f}% (three of a kind {float(odds.three_of_a_kind) * 100:.4f}%)",
    ]
    for line in odds.spreads:
        name = "consecutive" if line.spread == 0 else f"spread {line.spread:>2}"
        extra = (
            ""
            if line.spread == 0
            else (
                f"  wins {float(line.win) * 100:7.4f}%  raise "
                f"{float(line.raise_gain):+.4f}{'  RAISE' if line.raises else ''}"
            )
        )
        lines.append(f"  {name:<12} {float(line.probability) * 100:7.4f}%{extra}")
    return "\n".join(lines)


def _decks(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 8:
        raise argparse.ArgumentTypeError(f"decks are a whole number from 1 to 8 (got {text!r})")
    return int(text)
