"""Blackjack's house edge for a rule set on the shoe of B1 decks, and the basic strategy derived for it.

    table analyse blackjack [--switch B2=s17 --switch B5=6:5 ...] [--paytable FILE] [--strategy td|cd]
                            [--published] [--json] [--simulate N [--seed S] [--workers W]]

The house edge is computed by combinatorial analysis of the shoe of B1 decks: every first deal
with its cards out of the shoe, the player's hits too, the dealer's hole card conditioned on the
peek. The strategy is the total-dependent basic strategy derived for that shoe (--strategy cd:
each hand played by its exact cards). Splits: a split hand is valued with the pair cards out of
the shoe, not the cards drawn to the other split hands (the usual approximation).
The infinite-shoe edge and what each rule switch changes (infinite shoe) are printed beside it.
--simulate N deals N rounds through the real engine (seven seats, every payment confirmed) and
prints the house edge with its 95% interval; --published compares standard rule sets with
published combinatorial figures (docs/game-math.md). Split limits for aces and eights are the
Dead Man's Hand paytable's (B14, or --paytable FILE).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, replace
from typing import Any

from table_controller.games.blackjack.basic_strategy import UPS, Rules, chart, expected_return
from table_controller.games.blackjack.finite_shoe import STRATEGIES, ShoeAnalysis, analyse
from table_controller.games.blackjack.paytables import Paytable, builtin_paytable, load_paytable
from table_controller.games.blackjack.published_edges import PUBLISHED_EDGES, PUBLISHED_EFFECTS
from table_controller.games.blackjack.switches import SWITCH_VALUES, Switches
from table_controller.simulation import SimulationRun, add_simulation_arguments, bet_figures
from table_controller.simulation import simulate as run_simulation

RULE_SWITCHES = ("B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help="a blackjack rule switch, e.g. B2=s17, B5=6:5, B3=enhc (repeatable)",
    )
    parser.add_argument(
        "--paytable",
        default=None,
        metavar="FILE",
        help="a custom Dead Man's Hand paytable file whose split limits apply (with B14=custom)",
    )
    parser.add_argument(
        "--strategy",
        choices=STRATEGIES,
        default="td",
        help="td: total-dependent basic strategy (default); cd: each hand played by its exact cards",
    )
    parser.add_argument(
        "--finite-per-switch",
        action="store_true",
        help="each rule switch's other value on the finite shoe too, exactly (a few seconds each)",
    )
    parser.add_argument(
        "--published",
        action="store_true",
        help="standard rule sets beside published house edges (with --simulate: each one simulated)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")
    add_simulation_arguments(parser)


def setup(args: argparse.Namespace) -> tuple[Switches, Paytable]:
    from table_controller.errors import ConfigError
    from table_controller.games import parse_switches

    switches = Switches.from_dict(parse_switches(args.switch))
    if switches.B14 == "custom":
        if args.paytable is None:
            raise ConfigError("switch B14=custom needs a paytable file (--paytable FILE)")
        return switches, load_paytable(args.paytable)
    if args.paytable is not None:
        raise ConfigError("--paytable FILE goes with switch B14=custom")
    return switches, builtin_paytable(switches.B14, pt4_s0=switches.B15)


def house_edge(switches: Switches, paytable: Paytable) -> float:
    """The infinite-shoe house edge, percent of the initial bet."""
    return -100 * expected_return(Rules.from_switches(switches, paytable))


def per_switch(
    switches: Switches, paytable: Paytable, finite: FiniteShoe | None = None, strategy: str = "td"
) -> list[dict[str, Any]]:
    """What each other value of each rule switch does to the house edge: on the infinite shoe,
    and with ``finite`` (the rule set's own finite-shoe figure) on the finite shoe too."""
    base = house_edge(switches, paytable)
    rows = []
    for key in RULE_SWITCHES:
        now = getattr(switches, key)
        for value in SWITCH_VALUES[key]:
            if (
                value == now
                or (key == "B4" and switches.peek)
                or (key == "B10" and not switches.peek)
            ):
                continue
            other = replace(switches, **{key: value})
            edge = house_edge(other, paytable)
            published = PUBLISHED_EFFECTS.get((key, now, value)) or {
                s: -v for s, v in PUBLISHED_EFFECTS.get((key, value, now), {}).items()
            }
            rows.append(
                {
                    "switch": key,
                    "from": now,
                    "to": value,
                    "house_edge_pct": edge,
                    "change_pct": edge - base,
                    "published_change_pct": published,
                    **(_finite_row(other, paytable, finite, strategy) if finite else {}),
                }
            )
    return rows


def _finite_row(
    switches: Switches, paytable: Paytable, base: FiniteShoe, strategy: str
) -> dict[str, Any]:
    exact = finite_shoe(Rules.from_switches(switches, paytable), switches.decks, strategy)
    return {
        "house_edge_pct_finite_shoe": exact.analysis.house_edge_pct,
        "change_pct_finite_shoe": exact.analysis.house_edge_pct - base.analysis.house_edge_pct,
        "cpu_seconds_finite_shoe": round(exact.cpu_seconds, 2),
    }


@dataclass(frozen=True)
class FiniteShoe:
    analysis: ShoeAnalysis
    cpu_seconds: float


def finite_shoe(rules: Rules, decks: int, strategy: str) -> FiniteShoe:
    start = time.process_time()
    result = analyse(rules, decks, strategy)
    return FiniteShoe(result, time.process_time() - start)


STRATEGY_WORDS = {
    "td": "total-dependent basic strategy derived for this shoe (hits and stands by total; first "
    "decisions by the two cards)",
    "cd": "composition-dependent: each hand played by its exact cards",
}
SPLIT_WORDS = (
    "approximate, as the Wizard of Odds' Appendix 9: a split hand is valued with its own cards and the "
    "pair cards of every hand made out of the shoe, not the cards drawn to the other split hands; "
    "re-splits by the chance of the pair's rank from that shoe"
)
SD_WORDS = (
    "standard deviation of one round's result in initial bets, exact but for splits, whose hands are "
    "taken as independent given the dealer's final total"
)


def run(args: argparse.Namespace) -> int:
    switches, paytable = setup(args)
    rules = Rules.from_switches(switches, paytable)
    edge = house_edge(switches, paytable)
    exact = finite_shoe(rules, switches.decks, args.strategy)
    simulated = (
        simulate(switches, paytable, args.simulate, args, exact.analysis) if args.simulate else None
    )
    published = published_rows(paytable, args) if args.published else None
    if args.json:
        out: dict[str, Any] = {
            "game": "blackjack",
            "switches": switches.to_dict(),
            "paytable": paytable.name,
            "house_edge_pct": exact.analysis.house_edge_pct,
            "sd": exact.analysis.sd,
            "variance": exact.analysis.sd**2,
            "bets": {
                "main": bet_figures(
                    exact.analysis.house_edge_pct / 100, exact.analysis.sd, "initial bet", True
                )
            },
            "decks": switches.decks,
            "method": {
                "strategy": args.strategy,
                "strategy_words": STRATEGY_WORDS[args.strategy],
                "splits": SPLIT_WORDS,
                "sd": SD_WORDS,
                "cpu_seconds": exact.cpu_seconds,
            },
            "house_edge_pct_infinite_shoe": edge,
            "strategy": exact.analysis.chart(),
            "strategy_infinite_shoe": chart(rules),
            "per_switch": per_switch(
                switches, paytable, exact if args.finite_per_switch else None, args.strategy
            ),
            "per_switch_shoe": "infinite and finite"
            if args.finite_per_switch
            else "infinite (--finite-per-switch for the finite shoe)",
        }
        if simulated is not None:
            out["simulated"] = simulated_dict(simulated)
        if published is not None:
            out["published"] = published
        print(json.dumps(out, indent=2))
        return 0
    print_report(switches, paytable, edge, exact, simulated, args)
    if published is not None:
        print_published(published)
    return 0


# ----- text ------------------------------------------------------------------------------------
def describe(sw: Switches, table: Paytable) -> str:
    peek = (
        "peek"
        if sw.peek
        else f"no hole card ({'all' if sw.B4 == 'all' else 'original bet only'} lost to a blackjack)"
    )
    double = {"any": "double any two cards", "9-11": "double on 9-11", "10-11": "double on 10-11"}[
        sw.B6
    ]
    return (
        f"{sw.decks} deck{'s' if sw.decks > 1 else ''}, {sw.B2.upper()}, {peek}, blackjack pays {sw.B5}, {double}, "
        f"DAS {sw.B7}, pairs to {sw.B8} hands, aces to {table.max_hands_aces} and eights to "
        f"{table.max_hands_eights} ({table.name}), split aces {'may' if sw.B9 == 'yes' else 'may not'} be hit, "
        f"surrender {sw.B10}"
    )


def print_report(
    sw: Switches,
    table: Paytable,
    edge: float,
    exact: FiniteShoe,
    simulated: SimulationRun | None,
    args: argparse.Namespace,
) -> None:
    a = exact.analysis
    print(f"Blackjack: {describe(sw, table)}")
    print(
        f"\nBasic strategy derived for {sw.decks} deck{'s' if sw.decks > 1 else ''}: first decisions on two cards "
        "of different ranks (H hit, S stand, D double, P split, R surrender; columns: the dealer's up card)"
    )
    for name, rows in a.chart().items():
        print(f"{name:<6}" + " ".join(f"{'A' if u == 1 else u:>2}" for u in UPS))
        for label, row in rows:
            print(f"{label:<6}" + " ".join(f"{c:>2}" for c in row))
    print(
        f"\nHouse edge on the {sw.decks}-deck shoe (combinatorial analysis): {a.house_edge_pct:.4f}% of the initial bet"
        f" ({exact.cpu_seconds:.1f} s CPU)"
    )
    print(f"  standard deviation of a round: {a.sd:.4f} initial bets (variance {a.sd**2:.4f})")
    print(f"  strategy: {STRATEGY_WORDS[a.strategy]}\n  splits: {SPLIT_WORDS}")
    print(f"House edge on an infinite shoe (computed): {edge:.3f}% of the initial bet")
    if simulated is not None:
        t = simulated.tally
        gap = -100 * t.main_return.mean - a.house_edge_pct
        print(
            f"House edge through the engine, {sw.decks} decks: {-100 * t.main_return.mean:.3f}% "
            f"\u00b1 {100 * t.main_return.half_width:.3f} (95%), {t.rounds:,} rounds x {t.seats} seats, "
            f"{simulated.rounds_per_second:,.0f} rounds/s on {simulated.processes} process"
            f"{'es' if simulated.processes > 1 else ''}; engine - exact {gap:+.3f} "
            f"({'inside' if abs(gap) <= 100 * t.main_return.half_width else 'OUTSIDE'} the interval)"
        )
        if t.main_controlled.n:
            controlled = -100 * t.main_controlled.mean
            gap = controlled - a.house_edge_pct
            print(
                "  with control variates (the first deals' exact values, the dealer's final): "
                f"{controlled:.3f}% \u00b1 "
                f"{100 * t.main_controlled.half_width:.3f} (95%); engine - exact {gap:+.3f} "
                f"({'inside' if abs(gap) <= 100 * t.main_controlled.half_width else 'OUTSIDE'} the interval)"
            )
    finite = exact if args.finite_per_switch else None
    shoe = f"infinite shoe; the {sw.decks}-deck shoe exactly" if finite else "infinite shoe"
    print(f"\nEach rule switch ({shoe}): the house edge with the other value, and the change")
    for change in per_switch(sw, table, finite, args.strategy):
        pub = ", ".join(f"{v:+.2f} {s}" for s, v in change["published_change_pct"].items())
        exact_words = (
            f"   finite {change['house_edge_pct_finite_shoe']:7.4f}% "
            f"{change['change_pct_finite_shoe']:+.4f} ({change['cpu_seconds_finite_shoe']:.1f} s)"
            if finite
            else ""
        )
        print(
            f"  {change['switch']:<4}{change['from']:>6} -> {change['to']:<9} "
            f"{change['house_edge_pct']:7.3f}%  "
            f"{change['change_pct']:+.3f}" + exact_words + (f"   (published: {pub})" if pub else "")
        )
    if not finite:
        print("  (infinite shoe only: --finite-per-switch computes each on the finite shoe)")


# ----- simulation and published figures ------------------------------------------------------------
def simulate(
    switches: Switches,
    paytable: Paytable,
    rounds: int,
    args: argparse.Namespace,
    exact: ShoeAnalysis | None = None,
) -> SimulationRun:
    from table_controller.games.blackjack.simulate import DealControl, Job
    from table_controller.simulation import chunks

    control = None
    if exact is not None:
        from table_controller.games.blackjack.finite_shoe import dealer_chances

        values = {key: plays[exact.chosen[key]] for key, plays in exact.plays.items()}
        control = DealControl(
            values,
            exact.expected_return,
            dealer_chances(Rules.from_switches(switches, paytable), switches.decks),
        )
    jobs = [Job(switches, paytable, n, args.seed, i, control=control) for i, n in chunks(rounds)]
    return run_simulation(jobs, rounds, args.workers)


def simulated_dict(run: SimulationRun) -> dict[str, Any]:
    t = run.tally
    out = {
        "rounds": t.rounds,
        "seats": t.seats,
        "house_edge_pct": -100 * t.main_return.mean,
        "house_edge_pct_ci95": 100 * t.main_return.half_width,
        "rounds_per_second": run.rounds_per_second,
        "processes": run.processes,
    }
    if t.main_controlled.n:
        out["house_edge_pct_controlled"] = -100 * t.main_controlled.mean
        out["house_edge_pct_controlled_ci95"] = 100 * t.main_controlled.half_width
    return out


def published_rows(paytable: Paytable, args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    for pub in PUBLISHED_EDGES:
        sw = Switches.from_dict(pub.switches)
        table = builtin_paytable(
            "PT2"
        )  # the published figures split aces once, other pairs to four hands
        exact = finite_shoe(
            Rules.from_switches(sw, table), sw.decks, "cd"
        )  # the published figures are CD
        row: dict[str, Any] = {
            "rules": pub.words,
            "switches": pub.switches,
            "published_pct": pub.house_edge_pct,
            "source": f"{pub.source}, wizardofodds.com/games/blackjack/appendix/9/{pub.page}/",
            "infinite_shoe_pct": house_edge(sw, table),
            "finite_shoe_pct": exact.analysis.house_edge_pct,
            "cpu_seconds": exact.cpu_seconds,
        }
        if args.simulate:
            run = simulate(sw, table, args.simulate, args, exact.analysis)
            row["simulated"] = simulated_dict(run)
        rows.append(row)
    return rows


def print_published(rows: list[dict[str, Any]]) -> None:
    print("\nStandard rule sets beside published house edges (percent of the initial bet)")
    print(
        f"  {'rules':<46} {'published':>9} {'ours, exact':>11} {'ours - pub':>10} {'infinite shoe':>14} "
        f"{'through the engine (95%)':>26} {'engine - published':>19}"
    )
    for row in rows:
        sim = row.get("simulated")
        shown = (
            f"{sim['house_edge_pct']:.3f} \u00b1 {sim['house_edge_pct_ci95']:.3f}" if sim else "-"
        )
        gap = "-"
        if sim:
            diff = sim["house_edge_pct"] - row["published_pct"]
            gap = f"{diff:+.3f} ({'inside' if abs(diff) <= sim['house_edge_pct_ci95'] else 'OUTSIDE'})"
        print(
            f"  {row['rules']:<46} {row['published_pct']:>9.4f} {row['finite_shoe_pct']:>11.4f} "
            f"{row['finite_shoe_pct'] - row['published_pct']:>+10.4f} "
            f"{row['infinite_shoe_pct']:>14.3f} {shown:>26} {gap:>19}"
        )
    print(
        "  Published: Wizard of Odds, Blackjack Appendix 9 (combinatorial, composition-dependent, splits by the"
        " hands split only);\n  ours exact: the same method, composition-dependent (--strategy cd); the infinite"
        " shoe has every card 1/13;\n  the engine's figure plays the infinite-shoe strategy on the real shoe."
    )
