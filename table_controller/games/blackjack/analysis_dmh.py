"""The Dead Man's Hand side bet: every outcome's exact probability, pay and share, hit %, hold % and payout %.

    table analyse dead-mans-hand --paytable PT1..PT5|FILE --decks D [--switch B3=enhc ...]
                                 [--no-split] [--json] [--published] [--simulate N [--seed S]]

Exact: the shoe enumerated without replacement in fractions (the seat's two cards, the dealer's
up and hole cards, then the split cards). Default play: aces and eights split whenever the
paytable's limits allow; a pair facing a dealer blackjack is paid 50 to 1 (peek game). Switches
B3 (peek/enhc), B15 (PT4's no-set row) and B16 (sets beyond the paytable) give the other readings.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from table_controller.errors import ConfigError
from table_controller.games.blackjack.paytables import (
    OUTCOME_WORDS,
    PAYTABLES,
    Paytable,
    builtin_paytable,
    load_paytable,
)
from table_controller.games.blackjack.side_math import SideBetFigures, SideBetRules, analyse
from table_controller.games.blackjack.switches import Switches
from table_controller.simulation import SimulationRun, add_simulation_arguments, bet_figures
from table_controller.simulation import simulate as run_simulation


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--paytable",
        default="PT2",
        metavar="PT1..PT5|FILE",
        help="a published paytable or a custom paytable file (JSON, as the table loads it); default PT2",
    )
    parser.add_argument(
        "--decks",
        type=int,
        default=6,
        choices=range(1, 9),
        metavar="D",
        help="decks in the shoe, 1-8 (default 6)",
    )
    parser.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help="a blackjack rule switch: B3=enhc, B15=2to1, B16=lose_excess (repeatable)",
    )
    parser.add_argument(
        "--no-split", action="store_true", help="the seat never splits its pair (DMH-4b)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")
    parser.add_argument(
        "--published",
        action="store_true",
        help="the seed's hold, hit and payout tables beside ours, cell by cell, and why they differ",
    )
    add_simulation_arguments(parser)


@dataclass(frozen=True)
class Setup:
    switches: Switches
    rules: SideBetRules


def setup(args: argparse.Namespace) -> Setup:
    from table_controller.games import parse_switches

    given = parse_switches(args.switch)
    clash = {k.upper() for k in given} & {"B1", "B14"}
    if clash:
        raise ConfigError(
            f"give the decks with --decks and the paytable with --paytable, not {', '.join(sorted(clash))}"
        )
    name = args.paytable.strip()
    builtin = name.upper() in PAYTABLES or (
        name.upper().startswith("PT") and not Path(name).exists()
    )
    switches = Switches.from_dict(given)
    table = builtin_paytable(name, pt4_s0=switches.B15) if builtin else load_paytable(name)
    switches = replace(switches, B1=str(args.decks), B14=table.name if builtin else "custom")
    return Setup(switches, paytable_rules(switches, table, split=not args.no_split))


def paytable_rules(switches: Switches, table: Paytable, *, split: bool = True) -> SideBetRules:
    return SideBetRules(
        switches.decks,
        table,
        peek=switches.peek,
        lose_excess=switches.B16 == "lose_excess",
        split=split,
    )


def run(args: argparse.Namespace) -> int:
    chosen = setup(args)
    figures = analyse(chosen.rules)
    simulated = simulate(chosen, args) if args.simulate else None
    if args.json:
        out = figures_dict(figures, chosen.switches)
        if simulated is not None:
            out["simulated"] = simulated_dict(simulated, figures)
        if args.published:
            from table_controller.games.blackjack.analysis_published import published_dict

            out["published"] = published_dict(chosen.rules)
        print(json.dumps(out, indent=2))
        return 0
    print_figures(figures, simulated)
    if args.published:
        from table_controller.games.blackjack.analysis_published import print_published

        print()
        print_published(chosen.rules)
    return 0


# ----- the exact figures ----------------------------------------------------------------------------
def describe(rules: SideBetRules) -> str:
    t = rules.paytable
    play = (
        f"aces split to {t.max_hands_aces} hands, eights to {t.max_hands_eights}"
        if rules.split
        else "pairs never split"
    )
    game = "peek game" if rules.peek else "no hole card (B3 = enhc)"
    return f"Dead Man's Hand, {t.name}, {rules.decks} deck{'s' if rules.decks > 1 else ''}: {game}, {play}"


def print_figures(figures: SideBetFigures, simulated: SimulationRun | None = None) -> None:
    print(describe(figures.rules))
    head = f"{'outcome':<9} {'':<27} {'probability':>12} {'1 in':>12} {'pays':>10} {'contribution':>13}"
    print(head + ("   simulated (95% interval)" if simulated else ""))
    for o in figures.outcomes:
        line = (
            f"{o.id:<9} {OUTCOME_WORDS.get(o.id, o.id):<27} {float(o.probability):>12.8f} "
            f"{_one_in(o.probability):>12} {_pays(o.pays):>10} {float(100 * o.contribution):>+12.4f}%"
        )
        if simulated is not None:
            line += f"   {_share_interval(simulated, o.id)}"
        print(line)
    print(
        f"hit {figures.hit_pct:.4f}% ({figures.hit.numerator}/{figures.hit.denominator})   "
        f"hold {figures.hold_pct:.4f}%   payout {figures.payout_pct:.4f}%"
    )
    if simulated is not None:
        print_simulated(figures, simulated)


def _pays(pay: Fraction) -> str:
    if pay < 0:
        return "loses"
    return (
        f"{pay.numerator} to {pay.denominator}" if pay.denominator != 1 else f"{pay.numerator} to 1"
    )


def figures_dict(figures: SideBetFigures, switches: Switches) -> dict[str, Any]:
    rules = figures.rules
    return {
        "game": "dead-mans-hand",
        "decks": rules.decks,
        "paytable": rules.paytable.to_dict(),
        "switches": {k: switches.to_dict()[k] for k in ("B1", "B3", "B14", "B15", "B16")},
        "play": "split aces and eights to the paytable's limits" if rules.split else "never split",
        "hit_pct": figures.hit_pct,
        "hold_pct": figures.hold_pct,
        "payout_pct": figures.payout_pct,
        "hit": str(figures.hit),
        "player_return": str(figures.player_return),
        "sd": figures.sd,
        "variance_exact": str(figures.variance),
        "bets": {"side": bet_figures(figures.hold_pct / 100, figures.sd, "side bet", True)},
        "outcomes": [
            {
                "id": o.id,
                "words": OUTCOME_WORDS.get(o.id, o.id),
                "probability": float(o.probability),
                "probability_exact": str(o.probability),
                "pays": float(o.pays),
                "pays_exact": str(o.pays),
                "contribution_pct": float(100 * o.contribution),
            }
            for o in figures.outcomes
        ],
    }


# ----- the simulation ---------------------------------------------------------------------------
def simulate(chosen: Setup, args: argparse.Namespace) -> SimulationRun:
    from table_controller.games.blackjack.simulate import Job
    from table_controller.simulation import chunks

    rules = chosen.rules
    if not rules.split:
        raise ConfigError(
            "--simulate plays basic strategy, which splits aces and eights: leave out --no-split"
        )
    jobs = [Job(chosen.switches, rules.paytable, n, args.seed, i) for i, n in chunks(args.simulate)]
    return run_simulation(jobs, args.simulate, args.workers)


def _share_interval(run: SimulationRun, outcome: str) -> str:
    tally = run.tally
    bets = tally.rounds * tally.seats
    p = tally.outcomes.get(outcome, 0) / bets
    half = 1.959963984540054 * (p * (1 - p) / bets) ** 0.5
    return f"{p:.6f} \u00b1 {half:.6f}"


def print_simulated(figures: SideBetFigures, run: SimulationRun) -> None:
    tally = run.tally
    bets = tally.rounds * tally.seats
    hold, hold_hw = -100 * tally.side_return.mean, 100 * tally.side_return.half_width
    hit, hit_hw = 100 * tally.side_hits.mean, 100 * tally.side_hits.half_width
    print(
        f"simulated: {tally.rounds:,} rounds through the engine, {bets:,} side bets ({tally.seats} seats), "
        f"{run.rounds_per_second:,.0f} rounds/s on {run.processes} process{'es' if run.processes > 1 else ''}"
    )
    for name, exact, sim, hw in (
        ("hit", figures.hit_pct, hit, hit_hw),
        ("hold", figures.hold_pct, hold, hold_hw),
        ("payout", figures.payout_pct, 100 - hold, hold_hw),
    ):
        inside = "inside" if abs(sim - exact) <= hw else "OUTSIDE"
        print(
            f"  {name:<7} simulated {sim:8.4f}% \u00b1 {hw:.4f}   exact {exact:8.4f}%   ({inside} the 95% interval)"
        )


def simulated_dict(run: SimulationRun, figures: SideBetFigures) -> dict[str, Any]:
    tally = run.tally
    bets = tally.rounds * tally.seats
    return {
        "rounds": tally.rounds,
        "side_bets": bets,
        "seats": tally.seats,
        "rounds_per_second": run.rounds_per_second,
        "processes": run.processes,
        "hit_pct": 100 * tally.side_hits.mean,
        "hit_pct_ci95": 100 * tally.side_hits.half_width,
        "hold_pct": -100 * tally.side_return.mean,
        "hold_pct_ci95": 100 * tally.side_return.half_width,
        "payout_pct": 100 + 100 * tally.side_return.mean,
        "outcomes": {k: v / bets for k, v in sorted(tally.outcomes.items())},
    }


def _one_in(probability: Fraction) -> str:
    odds = float(1 / probability)
    return f"{odds:,.1f}" if odds < 1000 else f"{odds:,.0f}"
