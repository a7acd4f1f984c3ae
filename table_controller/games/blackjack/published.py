"""The seed's published Dead Man's Hand figures (``../shared/seeds/003_d63ad57ba21ca343.txt``,
rules document section 9) beside ours, and what the program can say about where they differ.

Pure: the published tables are data; the comparison reruns :func:`side_math.analyse` under the
pays and readings it tries.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from table_controller.games.blackjack.paytables import OUTCOME_WORDS, Paytable
from table_controller.games.blackjack.side_math import SideBetFigures, SideBetRules, analyse

DECKS = (1, 2, 5, 6, 8)
PUBLISHED_HOLD = {
    "PT1": (8.57, 8.10, 7.81, 7.77, 7.73),
    "PT2": (8.08, 7.71, 7.48, 7.45, 7.42),
    "PT3": (7.96, 7.56, 7.30, 7.27, 7.23),
    "PT4": (9.52, 9.36, 9.25, 9.24, 9.22),
    "PT5": (6.60, 6.17, 5.89, 5.86, 5.82),
}
PUBLISHED_HIT = (28.66, 28.53, 28.45, 28.44, 28.43)
PUBLISHED_PAYOUT = {
    "PT1": (91.43, 91.90, 92.19, 92.23, 92.27),
    "PT2": (91.92, 92.29, 92.52, 92.55, 92.58),
    "PT3": (92.04, 92.44, 92.70, 92.73, 92.77),
    "PT4": (90.48, 90.64, 90.75, 90.76, 90.78),
    "PT5": (93.40, 93.83, 94.11, 94.14, 94.18),
}
ROUNDING = 0.005  # the seed prints percent to two places
# the pays the seed prints anywhere in its five paytables: a refit tries only these
PRINTED_PAYS = frozenset(
    Fraction(p) for p in ("500", "250", "50", "25", "14", "5", "4", "3", "2", "3/2")
)


@dataclass(frozen=True)
class Cell:
    published: float
    ours: float

    @property
    def difference(self) -> float:
        return self.ours - self.published


@dataclass(frozen=True)
class Refit:
    """A pay the program tried in place of the printed one, and how near it brings the column."""

    outcome: str
    printed: Fraction
    needed: tuple[float, ...]  # the pay that would make each published cell come out exactly
    tried: Fraction
    worst: float  # the largest |ours - published| over the deck counts with ``tried``


@dataclass(frozen=True)
class Reading:
    """Another reading of the house rules, and how near it brings the column."""

    words: str
    worst: float


def hold_cells(table: Paytable, rules: SideBetRules) -> tuple[Cell, ...]:
    return tuple(
        Cell(pub, _at(rules, table, d).hold_pct)
        for d, pub in zip(DECKS, PUBLISHED_HOLD[table.name], strict=False)
    )


def payout_cells(table: Paytable, rules: SideBetRules) -> tuple[Cell, ...]:
    return tuple(
        Cell(pub, _at(rules, table, d).payout_pct)
        for d, pub in zip(DECKS, PUBLISHED_PAYOUT[table.name], strict=False)
    )


def hit_cells(table: Paytable, rules: SideBetRules) -> tuple[Cell, ...]:
    return tuple(
        Cell(pub, _at(rules, table, d).hit_pct)
        for d, pub in zip(DECKS, PUBLISHED_HIT, strict=False)
    )


def _at(rules: SideBetRules, table: Paytable, decks: int) -> SideBetFigures:
    return analyse(replace(rules, decks=decks, paytable=table))


def refits(table: Paytable, rules: SideBetRules) -> list[Refit]:
    """For each paid row: the pay each published hold needs, and the nearest pay the seed
    prints somewhere, tried at every deck count; best first."""
    out = []
    columns = [_at(rules, table, d) for d in DECKS]
    for outcome in (o.id for o in columns[-1].outcomes if o.pays > 0):
        printed = table.pay(outcome)
        assert printed is not None
        needed = tuple(
            float(_needed_pay(fig, outcome, pub))
            for fig, pub in zip(columns, PUBLISHED_HOLD[table.name], strict=False)
        )
        tried = _round_pay(sum(needed) / len(needed))
        if tried == printed or tried not in PRINTED_PAYS:
            out.append(Refit(outcome, printed, needed, tried, float("inf")))
            continue
        other = replace(table, pays={**table.pays, outcome: tried})
        worst = max(abs(c.difference) for c in hold_cells(other, rules))
        out.append(Refit(outcome, printed, needed, tried, worst))
    return sorted(out, key=lambda r: r.worst)


def _needed_pay(figures: SideBetFigures, outcome: str, published_hold: float) -> Fraction:
    """Hold is linear in each pay: the pay of ``outcome`` that makes our hold the published one."""
    gap = Fraction(figures.hold_pct - published_hold) / 100  # > 0: we hold more than published
    return figures.rules.paytable.pay(outcome) + gap / figures.probability(outcome)  # type: ignore[operator]


def _round_pay(value: float) -> Fraction:
    """The nearest pay a paytable would print: a half below 3 to 1, a whole number above."""
    return Fraction(round(value * 2), 2) if value < 3 else Fraction(round(value))


def readings(table: Paytable, rules: SideBetRules) -> list[Reading]:
    """Other readings of the house rules the seed leaves open, each as near as it brings the
    published hold column; best first."""
    tries = [
        ("as this program reads the rules (the switches given)", rules, table),
        ("eights re-split to 3 hands at most", rules, replace(table, max_hands_eights=3)),
        ("eights split once (2 hands)", rules, replace(table, max_hands_eights=2)),
        ("aces re-split like eights", rules, replace(table, max_hands_aces=table.max_hands_eights)),
        ("no hole card (B3 = enhc)", replace(rules, peek=not rules.peek), table),
        ("pairs never split (DMH-4b only)", replace(rules, split=not rules.split), table),
    ]
    out = [
        Reading(words, max(abs(c.difference) for c in hold_cells(t, r))) for words, r, t in tries
    ]
    return sorted(out, key=lambda r: r.worst)


def explain(table: Paytable, rules: SideBetRules) -> list[str]:
    """Plain sentences, from the program's own figures, on where one paytable's published hold
    column differs from ours and what would make it come out."""
    diffs = [c.difference for c in hold_cells(table, rules)]
    low, high = min(diffs), max(diffs)
    where = "below" if high < 0 else "above" if low > 0 else "around"
    lines = [
        f"{table.name}: our hold lies {_span(low, high)} points {where} the published at 1 to 8 decks."
    ]
    if max(abs(low), abs(high)) <= ROUNDING:
        return [*lines, "  That is within the seed's rounding to two places: the figures agree."]
    fits = refits(table, rules)
    best = fits[0] if fits else None
    if best is not None and best.worst <= max(abs(low), abs(high)) / 4:
        lines.append(
            f"  The published column comes out if '{OUTCOME_WORDS[best.outcome]}' ({best.outcome}) paid "
            f"{_pay_span(best.needed)} to 1, that is {_odds(best.tried)}, not the {_odds(best.printed)} printed: "
            f"with {_odds(best.tried)} ours lies within {best.worst:.2f} points of every published cell."
        )
    else:
        near = ", ".join(
            f"{r.outcome} would need {_pay_span(r.needed)} to 1 instead of {_odds(r.printed)}"
            for r in sorted(fits, key=lambda r: abs(r.needed[0] - float(r.printed)))[:2]
        )
        lines.append(
            "  No pay the seed prints, put in one row, makes it come out"
            + (f" ({near})" if near else "")
            + "."
        )
        best_reading = readings(table, rules)[0]
        grows = abs(diffs[-1]) > abs(diffs[0])
        lines.append(
            f"  Of the readings tried, the nearest is '{best_reading.words}' (within "
            f"{best_reading.worst:.3f} points)"
            + (
                "; the gap grows with the decks, as a difference of model rather than of pay would"
                if grows
                else ""
            )
            + " (the seed does not say how its "
            "figures were made)."
        )
    return lines


def _span(low: float, high: float) -> str:
    a, b = sorted((abs(low), abs(high)))
    return f"{a:.2f}" if f"{a:.2f}" == f"{b:.2f}" else f"{a:.2f} to {b:.2f}"


def _pay_span(values: tuple[float, ...]) -> str:
    low, high = f"{min(values):.3f}", f"{max(values):.3f}"
    return low if low == high else f"{low}-{high}"


def _odds(pay: Fraction) -> str:
    return (
        f"{pay.numerator} to {pay.denominator}" if pay.denominator != 1 else f"{pay.numerator} to 1"
    )
