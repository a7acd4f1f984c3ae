"""The basic strategy for a blackjack rule set, derived, not typed in: the expected value of every
play (stand, hit, double, split, surrender) is computed by recursion over an infinite shoe (each
card 1/13, ten-values 4/13) against the dealer's final-total probabilities for the up card, and
the best legal play is chosen. Rule switches: B2 (h17/s17), B3/B4 (peek or no hole card, what a
dealer blackjack takes), B5 (3:2 or 6:5), B6/B7 (doubling), B8 and the paytable's limits
(re-splits), B9 (hitting split aces), B10 (late surrender).

The same figures give the main game's expected return on an infinite shoe
(:func:`expected_return`); ``table analyse blackjack`` measures the finite shoe by simulation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from table_controller.games.blackjack.paytables import Paytable
from table_controller.games.blackjack.switches import Switches

# card values 1 (ace) .. 10 and their chances on an infinite shoe
CARDS = tuple((v, (4 if v == 10 else 1) / 13) for v in range(1, 11))
BUST = 22
PLAYS = ("stand", "hit", "double", "split", "surrender")


@dataclass(frozen=True)
class Rules:
    h17: bool = True
    peek: bool = True
    lose_all: bool = True  # B4, with no hole card: a dealer blackjack takes doubles and splits too
    blackjack_pays: float = 1.5
    double_on: str = "any"  # B6
    das: bool = True  # B7
    max_hands: int = 4  # B8: pairs other than aces and eights
    aces_max: int = 2  # the paytable's limits
    eights_max: int = 4
    hit_split_aces: bool = False  # B9
    surrender: bool = False  # B10 = late (peek game only)

    @classmethod
    def from_switches(cls, sw: Switches, paytable: Paytable) -> Rules:
        return cls(
            sw.B2 == "h17",
            sw.peek,
            sw.B4 == "all",
            1.2 if sw.B5 == "6:5" else 1.5,
            sw.B6,
            sw.B7 == "yes",
            int(sw.B8),
            paytable.max_hands_aces,
            paytable.max_hands_eights,
            sw.B9 == "yes",
            sw.B10 == "late" and sw.peek,
        )

    def split_limit(self, value: int) -> int:
        return self.aces_max if value == 1 else self.eights_max if value == 8 else self.max_hands

    def may_double(self, two_card_total: int, split: bool) -> bool:
        if split and not self.das:
            return False
        return {
            "any": True,
            "9-11": 9 <= two_card_total <= 11,
            "10-11": 10 <= two_card_total <= 11,
        }[self.double_on]


def hand_value(hard: int, ace: bool) -> int:
    """The total as the table counts it (an ace as 11 where that does not bust)."""
    return hard + 10 if ace and hard + 10 <= 21 else hard


@cache
def _dealer_from(hard: int, ace: bool, h17: bool) -> tuple[tuple[int, float], ...]:
    value = hand_value(hard, ace)
    soft = ace and hard + 10 <= 21
    if value > 21:
        return ((BUST, 1.0),)
    if value > 17 or (value == 17 and not (soft and h17)):
        return ((value, 1.0),)
    out: dict[int, float] = {}
    for card, p in CARDS:
        for final, q in _dealer_from(hard + card, ace or card == 1, h17):
            out[final] = out.get(final, 0.0) + p * q
    return tuple(sorted(out.items()))


@cache
def dealer_finals(up: int, h17: bool) -> tuple[float, tuple[tuple[int, float], ...]]:
    """(P(dealer blackjack), the dealer's final totals given no blackjack) for the up card."""
    ten_or_ace = {1: 10, 10: 1}.get(up)
    blackjack = dict(CARDS)[ten_or_ace] if ten_or_ace else 0.0
    out: dict[int, float] = {}
    for card, p in CARDS:
        if card == ten_or_ace:
            continue
        for final, q in _dealer_from(up + card, up == 1 or card == 1, h17):
            out[final] = out.get(final, 0.0) + p * q / (1 - blackjack)
    return blackjack, tuple(sorted(out.items()))


class Solver:
    """Expected values of each play, per unit of the hand's bet, given the dealer has no blackjack."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.stand = lru_cache(maxsize=None)(self._stand)
        self.hit = lru_cache(maxsize=None)(self._hit)
        self.split = lru_cache(maxsize=None)(self._split)

    def _stand(self, value: int, up: int) -> float:
        if value > 21:
            return -1.0
        return sum(
            p * (1.0 if final == BUST or final < value else 0.0 if final == value else -1.0)
            for final, p in dealer_finals(up, self.rules.h17)[1]
        )

    def best_after_hit(self, hard: int, ace: bool, up: int) -> float:
        value = hand_value(hard, ace)
        return -1.0 if value > 21 else max(self.stand(value, up), self.hit(hard, ace, up))

    def _hit(self, hard: int, ace: bool, up: int) -> float:
        return sum(p * self.best_after_hit(hard + card, ace or card == 1, up) for card, p in CARDS)

    def double(self, hard: int, ace: bool, up: int) -> float:
        return 2 * sum(
            p * self.stand(hand_value(hard + card, ace or card == 1), up) for card, p in CARDS
        )

    def plays(
        self,
        hard: int,
        ace: bool,
        up: int,
        *,
        split_hand: bool = False,
        split_aces: bool = False,
        pair: int | None = None,
        hands: int = 1,
        legal: tuple[str, ...] = PLAYS,
        two_cards: bool = True,
    ) -> dict[str, float]:
        """Each legal play's expected value (given no dealer blackjack) for a hand of ``hard``
        (aces as 1) on ``up``; ``pair``: the card value of a splittable pair; ``hands``: how many
        hands the seat already has; ``split_aces``: a hand made by splitting aces."""
        r = self.rules
        out = {"stand": self.stand(hand_value(hard, ace), up)}
        split_aces = split_aces and not r.hit_split_aces
        if "hit" in legal and not split_aces:
            out["hit"] = self.hit(hard, ace, up)
        if (
            two_cards
            and "double" in legal
            and not split_aces
            and r.may_double(hand_value(hard, ace), split_hand)
        ):
            out["double"] = self.double(hard, ace, up)
        if two_cards and pair is not None and "split" in legal and hands < r.split_limit(pair):
            out["split"] = self.split(pair, up, hands)
        if two_cards and "surrender" in legal and r.surrender and not split_hand:
            out["surrender"] = -0.5
        return out

    def _split(self, pair: int, up: int, hands: int) -> float:
        """Split a pair of ``pair`` when the seat has ``hands``; re-split while the limit allows.
        On an infinite shoe each hand is independent: the value is the expected number of hands
        ending with a non-pair second card times that hand's value, plus those ending at the limit
        with a second card of the pair times theirs."""
        limit = self.rules.split_limit(pair)
        q = dict(CARDS)[pair]
        other, at_limit = _split_counts(q, 2, hands + 1, limit)
        ev_other = sum(
            p * self._split_hand(pair, card, up) for card, p in CARDS if card != pair
        ) / (1 - q)
        return other * ev_other + at_limit * self._split_hand(pair, pair, up)

    def _split_hand(self, first: int, second: int, up: int) -> float:
        evs = self.plays(
            first + second,
            first == 1 or second == 1,
            up,
            split_hand=True,
            split_aces=first == 1,
            legal=("stand", "hit", "double"),
        )
        return max(evs.values())


@cache
def _split_counts(q: float, pending: int, hands: int, limit: int) -> tuple[float, float]:
    """Expected (hands ending with a second card not of the pair, hands ending at the limit with
    one of the pair), ``pending`` hands still to get their second card."""
    if pending == 0:
        return 0.0, 0.0
    done_other = _split_counts(q, pending - 1, hands, limit)
    if hands < limit:
        again = _split_counts(q, pending + 1, hands + 1, limit)
        return (
            q * again[0] + (1 - q) * (1 + done_other[0]),
            q * again[1] + (1 - q) * done_other[1],
        )
    return (
        (1 - q) * (1 + done_other[0]) + q * done_other[0],
        (1 - q) * done_other[1] + q * (1 + done_other[1]),
    )


# ----- a whole round -------------------------------------------------------------------------------
def with_blackjack(
    solver: Solver, evs: dict[str, float], up: int, hands_lost: dict[str, float]
) -> dict[str, float]:
    """Each play's value once a dealer blackjack is counted (no hole card: it comes after the play)."""
    r = solver.rules
    if r.peek:
        return evs
    bj, _ = dealer_finals(up, r.h17)
    return {
        play: (1 - bj) * ev + bj * -(hands_lost.get(play, 1.0) if r.lose_all else 1.0)
        for play, ev in evs.items()
    }


def best_two_card_play(solver: Solver, first: int, second: int, up: int) -> tuple[str, float]:
    """The basic strategy play and its value for the first two cards (not a blackjack)."""
    hard, ace = first + second, first == 1 or second == 1
    pair = first if first == second else None
    evs = solver.plays(hard, ace, up, pair=pair)
    hands_lost = {"double": 2.0, "split": _expected_split_hands(solver, pair) if pair else 2.0}
    evs = with_blackjack(solver, evs, up, hands_lost)
    play = max(evs, key=lambda k: evs[k])
    return play, evs[play]


def _expected_split_hands(solver: Solver, pair: int) -> float:
    other, at_limit = _split_counts(dict(CARDS)[pair], 2, 2, solver.rules.split_limit(pair))
    return other + at_limit


def expected_return(rules: Rules) -> float:
    """The player's expected result per initial bet on an infinite shoe, playing the derived
    basic strategy, never taking insurance (negative: the house edge)."""
    solver = Solver(rules)
    total = 0.0
    for up, p_up in CARDS:
        bj, _ = dealer_finals(up, rules.h17)
        for first, p1 in CARDS:
            for second, p2 in CARDS:
                natural = {first, second} == {1, 10}
                if natural:
                    value = (1 - bj) * rules.blackjack_pays
                elif rules.peek:
                    value = bj * -1.0 + (1 - bj) * best_two_card_play(solver, first, second, up)[1]
                else:
                    value = best_two_card_play(solver, first, second, up)[1]
                total += p_up * p1 * p2 * value
    return total


# ----- the chart and the table's player ------------------------------------------------------------
UPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
LETTERS = {"stand": "S", "hit": "H", "double": "D", "split": "P", "surrender": "R"}


def chart(rules: Rules) -> dict[str, list[tuple[str, list[str]]]]:
    """The strategy as the usual three tables (hard, soft, pairs), a letter per dealer up card."""
    solver = Solver(rules)

    def row(first: int, second: int) -> list[str]:
        return [LETTERS[best_two_card_play(solver, first, second, up)[0]] for up in UPS]

    hard = [(str(t), row(*_hard_cards(t))) for t in range(5, 21)]
    soft = [(f"A,{k}", row(1, k)) for k in range(2, 10)]
    pairs = [
        (f"{'A' if v == 1 else v},{'A' if v == 1 else v}", row(v, v))
        for v in (1, 10, 9, 8, 7, 6, 5, 4, 3, 2)
    ]
    return {"hard": hard, "soft": soft, "pairs": pairs}


def _hard_cards(total: int) -> tuple[int, int]:
    """Two different cards, no ace, making ``total``."""
    low = max(2, total - 10)
    first = low if low * 2 != total else low - 1 if low > 2 else low + 1
    return (first, total - first) if first != total - first else (first - 1, total - first + 1)


def basic_strategy_chooser(switches: Switches, paytable: Paytable) -> Callable[..., str]:
    """A player for the engine: declines insurance and even money, then plays the derived strategy."""
    rules = Rules.from_switches(switches, paytable)
    solver = Solver(rules)

    def choose(r, seat: str, acts: tuple[str, ...]) -> str:
        if "no_insurance" in acts:
            return "no_insurance"
        play = r.plays[seat]
        hand = play.hands[r.turn[1]]
        hard, ace = sum(c.value for c in hand.cards), any(c.rank == "A" for c in hand.cards)
        up = 1 if r.dealer[0].rank == "A" else min(10, r.dealer[0].value)
        two = len(hand.cards) == 2
        pair = hand.cards[0].value if two and hand.cards[0].rank == hand.cards[1].rank else None
        evs = solver.plays(
            hard,
            ace,
            up,
            split_hand=hand.split,
            split_aces=hand.split and hand.cards[0].rank == "A",
            pair=pair,
            hands=len(play.hands),
            legal=acts,
            two_cards=two,
        )
        evs = with_blackjack(solver, evs, up, {"double": 2.0, "split": 2.0})
        legal = {k: v for k, v in evs.items() if k in acts}
        return max(legal, key=lambda k: legal[k]) if legal else acts[0]

    return choose
