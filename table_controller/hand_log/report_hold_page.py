"""The report's hold against theory as it reads: each row's cells, the games' figures per bet,
each bet's hit rate beside its figure, and the dealers' error rates on the table and in
training. The figures themselves are :mod:`report_hold`'s."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from table_controller.contract import BetTheory
from table_controller.errors import HandLogError
from table_controller.hand_log.account import dealer_name
from table_controller.hand_log.declared import Declared
from table_controller.hand_log.reader import RecordedHand
from table_controller.hand_log.records import EVENT
from table_controller.hand_log.report_hold import (
    HoldRow,
    Key,
    Theories,
    configuration,
    house_bets,
)
from table_controller.hand_log.store import LogStore
from table_controller.money import money


# ----- the dealers' error rates ------------------------------------------------------------------
def table_errors(hands: Iterable[RecordedHand]) -> dict[str, tuple[int, int]]:
    """Per dealer: (entries refused plus irregularities, events) over the hands they dealt."""
    out: dict[str, tuple[int, int]] = {}
    for hand in hands:
        events = [r for r in hand.records if r.kind == EVENT]
        wrong = sum(
            e.get("type") in ("refused", "irregularity")
            for r in events
            for e in (r.payload.get("effects") or [])
        )
        errors, count = out.get(dealer_name(hand.header), (0, 0))
        out[dealer_name(hand.header)] = (errors + wrong, count + len(events))
    return out


def training_errors(store: LogStore) -> dict[str, tuple[int, int]]:
    """Per trainee: (errors, steps) over their drills, from the training tables in the same
    database; none where the database holds no training."""
    try:
        rows = store.execute(
            "SELECT trainee, SUM(errors), SUM(steps) FROM training_attempts GROUP BY trainee"
        )
    except HandLogError:  # no training tables in this log: nothing to count
        return {}
    return {str(t): (int(e or 0), int(s or 0)) for t, e, s in rows}


def rate(counts: tuple[int, int] | None, unit: str) -> str:
    if not counts or not counts[1]:
        return f"no {unit}"
    errors, of = counts
    return f"{100 * errors / of:.1f}% ({errors} in {of} {unit})"


# ----- the page's section -------------------------------------------------------------------------
def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}%"


def row_cells(row: HoldRow) -> tuple[str, ...]:

    if not row.drop:
        theory = band = "-"
        flag = "no house bets"
    elif row.theory is None:
        theory = band = "no figure"
        flag = "no figure: " + "; ".join(row.missing)
    else:
        theory = _pct(row.pct(row.theory)) + (" (simulated)" if row.simulated else "")
        band = f"{_pct(row.pct(row.low))} to {_pct(row.pct(row.high))}"
        flag = "OUTSIDE: investigate" if row.outside else "inside"
        if row.missing:
            flag += (
                f"; the bets with figures: drop {money(row.covered_drop)}, hold "
                f"{_pct(row.pct(row.covered_win))}; {money(row.drop - row.covered_drop)} has no "
                f"figure ({'; '.join(row.missing)})"
            )
    return (
        row.name,
        str(row.hands),
        money(row.drop),
        money(row.win),
        _pct(row.hold_pct),
        theory,
        band,
        flag,
        str(row.irregularities),
        str(row.voids),
    )


HEADINGS = (
    "hands",
    "drop",
    "win",
    "hold",
    "theoretical hold",
    "95% band",
    "against theory",
    "irregularities",
    "voids",
)


def figures_rows(
    hands: Iterable[RecordedHand], theories: Theories, declared: Declared | None = None
) -> list[tuple[str, ...]]:
    """Each game configuration's bets (those it declares figures for, and those its hands
    settled) with their figures: exact or simulated, on what basis, or why there is none; each
    bet in the words its game declares."""
    words = _bet_words(declared or Declared())
    bets: dict[str, set[str]] = {}
    titles: dict[str, str] = {}
    for hand in hands:
        config = configuration(hand.header)
        titles[config] = str(hand.header.get("title") or hand.header.get("game"))
        bets.setdefault(config, set()).update(str(p["bet"]) for p in house_bets(hand))
    rows: list[tuple[str, ...]] = []
    for config, seen in sorted(bets.items()):
        figures, game = theories(config), titles[config]
        if isinstance(figures, str):
            rows.append((game, ", ".join(sorted(seen)) or "-", "no figure", "-", "-", figures))
            continue
        for bet in sorted(seen | set(figures)):
            f = figures.get(bet)
            if f is None or f.edge is None or f.sd is None:
                why = f.basis if f else "the game declares no figure for it"
                rows.append((game, words(config, bet), "no figure", "-", "-", why))
                continue
            how = "exact" if f.exact else f"simulated, +-{100 * (f.interval or 0):.2f}% (95%)"
            edge = f"{100 * f.edge:.4f}%"
            rows.append((game, words(config, bet), edge, f"{f.sd:.4f}", how, basis(f)))
    return rows


def basis(figure: BetTheory) -> str:
    """What a figure assumes, and how its bets move with the round's others (the band's unit)."""
    if not figure.together:
        return f"{figure.basis}; taken as independent of the round's other bets"
    moves = ", ".join(f"{bet} {rho:.2f}" for bet, rho in sorted(figure.together.items()))
    return f"{figure.basis}; correlation with another bet of the round: {moves}"


def hit_rows(
    hands: Iterable[RecordedHand], theories: Theories, declared: Declared | None = None
) -> list[tuple[str, ...]]:
    """Per game configuration and bet whose figures give a hit chance: the house bets settled
    (a void's returns left out), how many were paid, and the hit rate beside the chance."""
    words = _bet_words(declared or Declared())
    counts: dict[Key, list[int]] = {}
    titles: dict[str, str] = {}
    for hand in hands:
        config = configuration(hand.header)
        titles[config] = str(hand.header.get("title") or hand.header.get("game"))
        for p in house_bets(hand):
            tally = counts.setdefault((config, str(p["bet"])), [0, 0])
            tally[0] += 1
            tally[1] += int(p.get("paid") or 0) > 0
    rows: list[tuple[str, ...]] = []
    for (config, bet), (n, paid) in sorted(counts.items()):
        figures = theories(config)
        figure = figures.get(bet) if isinstance(figures, dict) else None
        if figure is None or figure.hit is None:
            continue
        how = "exact" if figure.exact else "simulated"
        expected = f"{100 * figure.hit:.2f}% ({how})"
        rows.append(
            (
                titles[config],
                words(config, bet),
                str(n),
                str(paid),
                f"{100 * paid / n:.2f}%",
                expected,
                figure.basis,
            )
        )
    return rows


def _bet_words(declared: Declared) -> Callable[[str, str], str]:
    """A bet of a game configuration (:func:`configuration`) in its declared words."""
    return lambda config, bet: declared.bet_words(json.loads(config), bet)
