"""Every play's value for one up card on a finite shoe, with the cards dealt taken out of it.

A hand is a multiset of ranks packed in one integer (six bits a rank), so a hand and the cards it
took from the shoe are the same key. Values are per unit of the hand's bet and count only the
rounds where the dealer has no blackjack (the "unconditioned" form): by exchangeability the hole
card may be drawn after every player card, so a player card's chance is the plain chance from the
shoe, and the dealer's vectors leave the blackjack out (``shoe_dealer``). A bust is therefore worth
-P(no dealer blackjack | the cards out), not -1. The caller adds the dealer-blackjack rounds.

Plays are composition-dependent (each hand's best play for its exact cards), or total-dependent:
one play per (total, soft, up card) for hits and stands after the first decision (``fixed``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from table_controller.games.blackjack.shoe_dealer import BUST_INDEX, blackjack_partner, dealer_table

# the result of standing on a total (index) against each dealer final 17..21 and the dealer's bust
PAYOFF = {t: np.array([(t > f) - (t < f) for f in range(17, 22)] + [1.0]) for t in range(4, 22)}
BITS = 6
MASK = (1 << BITS) - 1
ONE = tuple(1 << (BITS * r) for r in range(10))


def count(code: int, r: int) -> int:
    return (code >> (BITS * r)) & MASK


def pack(counts: dict[int, int]) -> int:
    return sum(n << (BITS * r) for r, n in counts.items())


class UpCardSolver:
    """Play values against one up card, the shoe being ``shoe`` less the up card."""

    def __init__(self, shoe: tuple[int, ...], up: int, h17: bool) -> None:
        self.base = np.array(shoe, dtype=float)
        self.base[up] -= 1
        self.base_counts = tuple(int(n) for n in self.base)
        self.base_total = int(self.base.sum())
        self.up = up
        self.partner = blackjack_partner(up)
        self.weights = dealer_table(up, h17).weigh(self.base_counts)
        self._finals: dict[int, np.ndarray] = {}
        self._stand: dict[tuple[int, int], float] = {}
        self._best: dict[tuple[int, int], float] = {}
        self._square: dict[tuple[int, int], float] = {}
        self.fixed: Callable[[int, bool], str] | None = None  # total-dependent hit/stand, when set

    # ----- the shoe -------------------------------------------------------------------------------
    def left(self, out: int, r: int) -> int:
        return self.base_counts[r] - count(out, r)

    def left_total(self, cards_out: int) -> int:
        return self.base_total - cards_out

    def no_blackjack(self, out: int, cards_out: int) -> float:
        """P(the hole card is not the up card's blackjack partner | the cards out)."""
        if self.partner is None:
            return 1.0
        return 1.0 - self.left(out, self.partner) / self.left_total(cards_out)

    def finals(self, out: int) -> np.ndarray:
        vector = self._finals.get(out)
        if vector is None:
            self.prefetch([out])
            vector = self._finals[out]
        return vector

    def prefetch(self, outs: list[int]) -> None:
        """The dealer's finals for many removals in one vectorised pass."""
        outs = [o for o in outs if o not in self._finals]
        if not outs:
            return
        counts = np.array([[count(o, r) for r in range(10)] for o in outs], dtype=np.int64)
        vectors = self.weights.finals(counts, counts.sum(axis=1))
        self._finals.update(zip(outs, vectors, strict=True))

    def prefetch_hits(self, out: int, hard: int) -> None:
        """Every removal a hand (hard total ``hard``, its cards in ``out``) can reach by hitting."""
        found: list[int] = []

        def walk(o: int, h: int, lowest: int) -> None:  # each multiset once: ranks added in order
            found.append(o)
            for r in range(lowest, 10):
                if h + r + 1 <= 21 and self.left(o, r):
                    walk(o + ONE[r], h + r + 1, r)

        walk(out, hard, 0)
        self.prefetch(found)

    # ----- plays ----------------------------------------------------------------------------------
    def stand(self, out: int, total: int) -> float:
        key = (out, total)
        value = self._stand.get(key)
        if value is None:
            v = self.finals(out)
            if total < 17:
                value = v[BUST_INDEX] - v[:5].sum()
            else:
                above = total - 17
                value = v[BUST_INDEX] + v[:above].sum() - v[above + 1 : 5].sum()
            self._stand[key] = value = float(value)
        return value

    def draws(self, out: int, cards_out: int):
        """(rank, chance) of the next card."""
        left = self.left_total(cards_out)
        for r in range(10):
            n = self.left(out, r)
            if n:
                yield r, n / left

    def best(self, hand: int, out: int, cards_out: int, hard: int, ace: bool) -> float:
        """The value of a hand that may still hit or stand (its cards in ``hand`` and ``out``)."""
        total = hard + 10 if ace and hard <= 11 else hard
        if total > 21:
            return -self.no_blackjack(out, cards_out)
        if total == 21:
            return self.stand(out, 21)
        key = (hand, out)
        value = self._best.get(key)
        if value is None:
            stand = self.stand(out, total)
            if self.fixed is not None:
                value = (
                    stand
                    if self.fixed(total, ace and hard <= 11) == "S"
                    else self.hit(hand, out, cards_out, hard, ace)
                )
            else:
                value = max(stand, self.hit(hand, out, cards_out, hard, ace))
            self._best[key] = value
        return value

    def hit(self, hand: int, out: int, cards_out: int, hard: int, ace: bool) -> float:
        base, best, value = self.base_counts, self.best, 0.0
        for r in range(10):  # inlined draws(): this loop is most of the analysis's time
            n = base[r] - ((out >> (BITS * r)) & MASK)
            if n:
                value += n * best(
                    hand + ONE[r], out + ONE[r], cards_out + 1, hard + r + 1, ace or r == 0
                )
        return value / (self.base_total - cards_out)

    def stands(self, hand: int, out: int, cards_out: int, hard: int, ace: bool) -> bool:
        """Whether the strategy stands on this hand (a bust or 21 stands)."""
        total = hard + 10 if ace and hard <= 11 else hard
        if total >= 21:
            return True
        if self.fixed is not None:
            return self.fixed(total, ace and hard <= 11) == "S"
        return self.stand(out, total) >= self.hit(hand, out, cards_out, hard, ace)

    def stand_square(self, out: int, cards_out: int, total: int) -> float:
        """E[result squared, no dealer blackjack] standing on ``total`` (a bust: -1 squared)."""
        if total > 21:
            return self.no_blackjack(out, cards_out)
        v = self.finals(out)
        return float(v.sum() - (v[total - 17] if total >= 17 else 0.0))

    def square(self, hand: int, out: int, cards_out: int, hard: int, ace: bool) -> float:
        """E[result squared, no dealer blackjack] of a hand played on by the strategy."""
        total = hard + 10 if ace and hard <= 11 else hard
        if self.stands(hand, out, cards_out, hard, ace):
            return self.stand_square(out, cards_out, total)
        key = (hand, out)
        value = self._square.get(key)
        if value is None:
            value = sum(
                p
                * self.square(
                    hand + ONE[r], out + ONE[r], cards_out + 1, hard + r + 1, ace or r == 0
                )
                for r, p in self.draws(out, cards_out)
            )
            self._square[key] = value
        return value

    def by_dealer(
        self, hand: int, out: int, cards_out: int, hard: int, ace: bool, play: str = "on"
    ) -> np.ndarray:
        """E[result, and the dealer ends on each of 17..21 or busts] for a hand that stands, doubles,
        or plays ``on`` by the strategy: six values summing to the hand's value."""
        total = hard + 10 if ace and hard <= 11 else hard
        if total > 21:
            return -self.finals(out)
        if play == "stand" or (play == "on" and self.stands(hand, out, cards_out, hard, ace)):
            return self.finals(out) * PAYOFF[total]
        then, scale = ("stand", 2.0) if play == "double" else ("on", 1.0)
        return scale * sum(
            p
            * self.by_dealer(
                hand + ONE[r], out + ONE[r], cards_out + 1, hard + r + 1, ace or r == 0, then
            )
            for r, p in self.draws(out, cards_out)
        )

    def double_square(self, out: int, cards_out: int, hard: int, ace: bool) -> float:
        value = 0.0
        for r, p in self.draws(out, cards_out):
            h, a = hard + r + 1, ace or r == 0
            value += p * self.stand_square(
                out + ONE[r], cards_out + 1, h + 10 if a and h <= 11 else h
            )
        return 4 * value

    def double(self, out: int, cards_out: int, hard: int, ace: bool) -> float:
        value = 0.0
        for r, p in self.draws(out, cards_out):
            h, a = hard + r + 1, ace or r == 0
            total = h + 10 if a and h <= 11 else h
            after = out + ONE[r]
            value += p * (
                -self.no_blackjack(after, cards_out + 1) if total > 21 else self.stand(after, total)
            )
        return 2 * value

    def hit_and_stand(self, out: int, cards_out: int, hard: int, ace: bool) -> tuple[float, float]:
        """(stand, hit) for a hand whose cards are all in ``out`` (the hand's own values)."""
        total = hard + 10 if ace and hard <= 11 else hard
        return self.stand(out, total), self.hit(out, out, cards_out, hard, ace)
