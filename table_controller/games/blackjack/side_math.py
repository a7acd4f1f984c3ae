"""The Dead Man's Hand side bet's exact figures: every outcome's probability, pay and share of
the hold, by enumerating the shoe without replacement in exact fractions (rules document
sections 6 and 9).

Only four kinds of card matter to the side bet: aces, eights, ten-value cards (the dealer's
blackjack) and the rest. The seat's two cards and the dealer's up card (and, in the peek game,
the hole card) come first, all from one shoe; a pair of aces or eights facing no dealer
blackjack is split whenever the paytable's limit allows, and the split hands' second cards are
the next cards out of the shoe (DMH-4c). That last step reads the play of a split eight as
taking its hit cards after its neighbour's second card; the table deals a hand's hits first,
which moves the figures by far less than a simulation can see (``table analyse --simulate``).
Under B3 = ``enhc`` the dealer's second card comes after the split cards (DMH-6).

Pure: no I/O, no clock, no randomness.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from table_controller.games.blackjack.hands import pair_outcome
from table_controller.games.blackjack.paytables import OUTCOMES, Paytable

# the kinds of card, and how many of each one deck holds
ACE, EIGHT, TEN, OTHER = range(4)
PER_DECK = (4, 4, 16, 28)
LOSE = "DMH-LOSE"
ORDER = (*OUTCOMES, LOSE)  # outcome rows, highest first; the losing row last


@dataclass(frozen=True)
class SideBetRules:
    """What the side bet's figures depend on: decks (B1), the paytable (B14, B15 applied),
    the peek or no-hole-card game (B3), 3 or 4 sets without a row (B16), and whether the seat
    splits its pair (the default play does, to the paytable's limits; DMH-4b otherwise)."""

    decks: int
    paytable: Paytable
    peek: bool = True
    lose_excess: bool = False
    split: bool = True


@dataclass(frozen=True)
class Outcome:
    id: str  # DMH-S4 .. DMH-BJ, or DMH-LOSE
    probability: Fraction
    pays: Fraction  # net to 1; -1 for a losing side bet

    @property
    def contribution(self) -> Fraction:
        """What this outcome adds to the player's expected result per unit staked."""
        return self.probability * self.pays


@dataclass(frozen=True)
class SideBetFigures:
    rules: SideBetRules
    outcomes: tuple[Outcome, ...]  # in ORDER, rows with probability 0 left out

    @property
    def hit(self) -> Fraction:
        """The chance the side bet is paid."""
        return sum((o.probability for o in self.outcomes if o.pays > 0), Fraction(0))

    @property
    def player_return(self) -> Fraction:
        """The player's expected net result per unit staked (negative: the house's edge)."""
        return sum((o.contribution for o in self.outcomes), Fraction(0))

    @property
    def variance(self) -> Fraction:
        """The variance of one side bet's net result, in units of the bet squared."""
        return (
            sum((o.probability * o.pays**2 for o in self.outcomes), Fraction(0))
            - self.player_return**2
        )

    @property
    def sd(self) -> float:
        """The standard deviation of one side bet's result, in units of the bet."""
        return float(self.variance) ** 0.5

    @property
    def hit_pct(self) -> float:
        return float(100 * self.hit)

    @property
    def hold_pct(self) -> float:
        return float(-100 * self.player_return)

    @property
    def payout_pct(self) -> float:
        return float(100 * (1 + self.player_return))

    def probability(self, outcome: str) -> Fraction:
        return sum((o.probability for o in self.outcomes if o.id == outcome), Fraction(0))


def analyse(rules: SideBetRules) -> SideBetFigures:
    """The exact figures of the side bet under ``rules``."""
    chances = outcome_chances(
        rules.decks,
        rules.paytable.max_hands_aces,
        rules.paytable.max_hands_eights,
        rules.peek,
        rules.split,
    )
    rows: dict[str, Fraction] = {}
    for (event, sets, dealer_bj), chance in chances.items():
        outcome = settle(rules, event, sets, dealer_bj)
        rows[outcome] = rows.get(outcome, Fraction(0)) + chance
    outcomes = tuple(Outcome(o, rows[o], _pays(rules.paytable, o)) for o in ORDER if rows.get(o))
    return SideBetFigures(rules, outcomes)


def settle(rules: SideBetRules, event: str, sets: int, dealer_bj: bool) -> str:
    """The row paid for what the seat's cards did, as the engine settles it (BJ-6, DMH-1..6);
    a row the paytable lacks is a losing side bet."""
    table = rules.paytable
    if event in ("LOSE", "ONE", "A8"):
        outcome = {"LOSE": LOSE, "ONE": "DMH-ONE", "A8": "DMH-S1"}[event]
    elif dealer_bj and rules.peek:
        outcome = "DMH-BJ"
    else:
        outcome = pair_outcome(sets, table, lose_excess=rules.lose_excess)
        bj_pays = table.pay("DMH-BJ") if dealer_bj else None
        row_pays = None if outcome == LOSE else table.pay(outcome)
        if bj_pays is not None and (row_pays is None or bj_pays >= row_pays):
            outcome = "DMH-BJ"  # DMH-6: the higher of DMH-BJ and the sets' row
    return outcome if outcome != LOSE and table.pay(outcome) is not None else LOSE


def _pays(table: Paytable, outcome: str) -> Fraction:
    pay = table.pay(outcome) if outcome != LOSE else None
    return Fraction(-1) if pay is None else pay


# ----- the enumeration ---------------------------------------------------------------------------
Chances = dict[
    tuple[str, int, bool], Fraction
]  # (what the first two cards are, sets, dealer blackjack)


@lru_cache(maxsize=64)
def outcome_chances(
    decks: int, aces_limit: int, eights_limit: int, peek: bool, split: bool
) -> Chances:
    """P(first two cards' kind, sets made after splitting, dealer blackjack), exactly.

    The seat's two cards and the dealer's up card (and hole card when ``peek``) are drawn from
    the full shoe; a pair then takes its split cards; without a peek the dealer's second card
    comes last. The kinds: ``LOSE`` (no ace or eight), ``ONE``, ``A8``, ``AA``, ``88``."""
    shoe = tuple(n * decks for n in PER_DECK)
    out: Chances = {}
    for player, p_player, left in _draws(shoe, 2):
        kind = _kind(player)
        for dealer, p_dealer, rest in _draws(left, 2 if peek else 1):
            chance = p_player * p_dealer
            if kind not in ("AA", "88"):
                _add(out, (kind, 0, False), chance)
                continue
            if peek and _blackjack(dealer):
                _add(out, (kind, 0, True), chance)
                continue
            limit = aces_limit if kind == "AA" else eights_limit
            rank = ACE if kind == "AA" else EIGHT
            for (sets, bj), p in _pair_play(
                rest, rank, limit if split else 1, None if peek else dealer[0]
            ).items():
                _add(out, (kind, sets, bj), chance * p)
    return out


def _draws(
    shoe: tuple[int, ...], n: int
) -> list[tuple[tuple[int, ...], Fraction, tuple[int, ...]]]:
    """Every ordered draw of ``n`` kinds: (kinds, probability, the shoe left)."""
    if n == 0:
        return [((), Fraction(1), shoe)]
    out = []
    size = sum(shoe)
    for kind, count in enumerate(shoe):
        if count:
            left = (*shoe[:kind], count - 1, *shoe[kind + 1 :])
            for rest, p, after in _draws(left, n - 1):
                out.append(((kind, *rest), Fraction(count, size) * p, after))
    return out


def _kind(cards: tuple[int, ...]) -> str:
    hits = sorted(c for c in cards if c in (ACE, EIGHT))
    if not hits:
        return "LOSE"
    if len(hits) == 1:
        return "ONE"
    return "A8" if hits[0] != hits[1] else ("AA" if hits[0] == ACE else "88")


def _blackjack(dealer: tuple[int, ...]) -> bool:
    return sorted(dealer) == [ACE, TEN]


def _add(out: Chances, key: tuple[str, int, bool], chance: Fraction) -> None:
    out[key] = out.get(key, Fraction(0)) + chance


def _pair_play(
    shoe: tuple[int, ...], rank: int, limit: int, up: int | None
) -> dict[tuple[int, bool], Fraction]:
    """(sets, dealer blackjack) after splitting a pair of ``rank`` up to ``limit`` hands.

    ``limit`` 1: the seat does not split (DMH-4b). ``up``: the dealer's up card when the
    dealer's second card is still to come (no hole card), else None."""
    if limit < 2:
        return _dealer_second(shoe, up, 0)
    return _split(shoe, rank, limit, 2, 2, 0, up)


@cache
def _split(
    shoe: tuple[int, ...],
    rank: int,
    limit: int,
    pending: int,
    hands: int,
    sets: int,
    up: int | None,
) -> dict[tuple[int, bool], Fraction]:
    """``pending`` split hands still wait for their second card, ``hands`` exist."""
    if pending == 0:
        return _dealer_second(shoe, up, sets)
    size = sum(shoe)
    other = EIGHT if rank == ACE else ACE
    out: dict[tuple[int, bool], Fraction] = {}
    for kind, count in enumerate(shoe):
        if not count:
            continue
        left = (*shoe[:kind], count - 1, *shoe[kind + 1 :])
        if kind == rank and hands < limit:  # split again: this hand waits for another card
            after = _split(left, rank, limit, pending + 1, hands + 1, sets, up)
        else:
            after = _split(left, rank, limit, pending - 1, hands, sets + (kind == other), up)
        for key, p in after.items():
            out[key] = out.get(key, Fraction(0)) + Fraction(count, size) * p
    return out


def _dealer_second(
    shoe: tuple[int, ...], up: int | None, sets: int
) -> dict[tuple[int, bool], Fraction]:
    if up is None or up not in (ACE, TEN):
        return {(sets, False): Fraction(1)}
    makes = shoe[TEN] if up == ACE else shoe[ACE]
    bj = Fraction(makes, sum(shoe))
    return {k: v for k, v in (((sets, True), bj), ((sets, False), 1 - bj)) if v}
