"""The dealer's final totals on a finite shoe, exactly, for any composition of the cards left.

Every way the dealer can draw from an up card to a stop (17 or more, H17/S17, or a bust) is
enumerated once per up card. The chance of one draw sequence depends only on the multiset of cards
it takes, not their order: prod over ranks of n_r (n_r - 1) ... (n_r - d_r + 1), over
N (N - 1) ... (N - m + 1). So the sequences are grouped by (multiset, final total) with the number of
orderings, and a shoe's final totals are one vectorised product per group (NumPy). Sequences whose
hole card makes a dealer blackjack are left out: a vector's sum is P(no dealer blackjack), and the
blackjack is counted apart by the caller (peek: the round ends; no hole card: B4 decides).

Ranks are indexed 0..9 for ace, 2, ..., 9, ten-value; a shoe is ten counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

FINALS = (17, 18, 19, 20, 21)  # vector index 0..4; index 5 is the dealer's bust
BUST_INDEX = 5


def rank_value(index: int) -> int:
    return index + 1  # ace counts 1 here; a soft total adds 10 where it fits


def blackjack_partner(up: int) -> int | None:
    """The rank index whose hole card makes a blackjack with ``up`` (ace 0 <-> ten 9)."""
    return {0: 9, 9: 0}.get(up)


@dataclass(frozen=True)
class DealerTable:
    """Every stop the dealer can reach from one up card, grouped by the multiset of cards drawn."""

    drawn: np.ndarray  # (K, 10) cards of each rank drawn after the up card
    drawn_total: np.ndarray  # (K,) cards drawn
    orderings: np.ndarray  # (K,) draw orders with this multiset and final
    final: np.ndarray  # (K,) index into FINALS, or BUST_INDEX
    deepest: int  # most cards of one rank in any multiset

    def finals(self, shoe: np.ndarray) -> np.ndarray:
        """P(final total, and no dealer blackjack) for the cards left in ``shoe`` (six values)."""
        return self.weigh(tuple(int(n) for n in shoe)).finals(
            np.zeros((1, 10), dtype=np.int64), np.zeros(1, dtype=np.int64)
        )[0]

    def weigh(self, shoe: tuple[int, ...]) -> ShoeWeights:
        """Falling factorials for every multiset, for shoes that are ``shoe`` less a few cards."""
        total = sum(shoe)
        rows = []
        for r, n in enumerate(shoe):
            out = np.arange(n + 1)[:, None]  # cards of rank r already out
            steps = np.arange(self.deepest + 1)[None, :]
            falling = np.cumprod(
                np.concatenate(
                    [np.ones((n + 1, 1)), np.maximum(n - out - steps[:, :-1], 0)], axis=1
                ),
                axis=1,
            )  # falling[h, k] = (n - h)(n - h - 1) ... k terms
            rows.append(np.ascontiguousarray(falling[:, self.drawn[:, r]]))
        depth = int(self.drawn_total.max()) + 1
        out_total = np.arange(total + 1)[:, None]
        steps = np.arange(depth)[None, :]
        falling_total = np.cumprod(
            np.concatenate(
                [np.ones((total + 1, 1)), np.maximum(total - out_total - steps[:, :-1], 0)], axis=1
            ),
            axis=1,
        )
        with np.errstate(divide="ignore", invalid="ignore"):
            per_ordering = np.where(falling_total > 0, 1.0 / falling_total, 0.0)
        scale = self.orderings[None, :] * per_ordering[:, self.drawn_total]
        onehot = np.zeros((len(self.final), 6))
        onehot[np.arange(len(self.final)), self.final] = 1.0
        return ShoeWeights(rows, scale, onehot)


@dataclass(frozen=True)
class ShoeWeights:
    """A dealer table weighed for one shoe: the final totals for many removals at once."""

    rows: list[np.ndarray]  # per rank: (cards of the rank out + 1, K)
    scale: np.ndarray  # (cards out + 1, K): orderings / N (N - 1) ... for the multiset's size
    onehot: np.ndarray  # (K, 6)

    def finals(self, out: np.ndarray, cards_out: np.ndarray) -> np.ndarray:
        """(B, 6) final-total chances for B removals: ``out`` (B, 10) cards out per rank."""
        ways = self.scale[cards_out]
        for r, row in enumerate(self.rows):
            ways = ways * row[out[:, r]]
        return ways @ self.onehot


@cache
def dealer_table(up: int, h17: bool) -> DealerTable:
    groups: dict[tuple[tuple[int, ...], int], int] = {}
    partner = blackjack_partner(up)

    def draw(counts: list[int], hard: int, ace: bool, first: bool) -> None:
        for r in range(10):
            if first and r == partner:
                continue  # a blackjack: counted apart
            counts[r] += 1
            new_hard, new_ace = hard + rank_value(r), ace or r == 0
            stop = _stop(new_hard, new_ace, h17)
            if stop is None:
                draw(counts, new_hard, new_ace, False)
            else:
                key = (tuple(counts), stop)
                groups[key] = groups.get(key, 0) + 1
            counts[r] -= 1

    draw([0] * 10, rank_value(up), up == 0, True)
    keys = list(groups)
    drawn = np.array([k[0] for k in keys], dtype=np.int64)
    return DealerTable(
        drawn,
        drawn.sum(axis=1),
        np.array([groups[k] for k in keys], dtype=float),
        np.array([k[1] for k in keys], dtype=np.int64),
        int(drawn.max()),
    )


def _stop(hard: int, ace: bool, h17: bool) -> int | None:
    """Where the dealer stops with this hand (a FINALS index or BUST_INDEX), or None to draw."""
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 21:
        return BUST_INDEX
    if total > 17 or (total == 17 and not (soft and h17)):
        return total - 17
    return None
