"""Vingt-un: the banker's edge over a seat, exact for the first round off a full pack, and
simulated through the rules engine with its interval.

    table analyse vingt-un [--switch V3=never --switch V4=hit_soft_17 ...] [--json]
                           [--rounds N [--fresh-pack] [--seats S] [--seed S]]

Exact (analysis_exact): one seat against the banker in the first round off a full 52-card pack,
every deal weighed, the banker's hole card and draws from the pack less the seat's cards; the
seat's strategy derived for what it knows (its cards, whether double was called): draw, stand or
divide, by the exact composition of its cards. A divided hand is valued with the other pair card
out of the pack, not the cards drawn to the other hand (the usual approximation), and is not
divided again; the new hand's stake is the first stake as placed (V5). With the house as banker
(V3, V4 as switched) and with a seat as banker, whose doubling (the first cards it calls double
on) is derived against the seat's best reply and which draws as V4 says, whichever suits it.

--rounds N deals N rounds through the real engine, every seat playing the derived strategy: from
one pack dealt through, the bank passing as V1 says (the game as played: the later rounds of a
pack are not the first round's figure), or with --fresh-pack each round the first off a full pack,
half with the house banking and half with seat1 banking (the exact figures' rounds: they must
agree within the interval).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any

from table_controller.cards import Card, standard_deck
from table_controller.contract import Game
from table_controller.engine import Refused
from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, PAID, RESHUFFLE, CardArrived, Control, Decision
from table_controller.games.blackjack.simulate import Z95, Mean
from table_controller.games.vingt_un.analysis_exact import (
    ACE,
    RANK_NAMES,
    TEN,
    Banker,
    BankerFinals,
    Counts,
    Figure,
    seat_banker,
    seat_total,
    solve,
)
from table_controller.games.vingt_un.hands import total
from table_controller.games.vingt_un.round import Phase
from table_controller.games.vingt_un.strategy import STAKE
from table_controller.games.vingt_un.switches import Switches
from table_controller.simulation import bet_figures

HOUSE = "house"
METHOD = (
    "exact: one seat against the banker, the first round off a full pack (dividing by the usual "
    "approximation: the edge exact for the strategy played, the sd's two divided hands taken as "
    "independent given the banker's cards); every seat's figure, however many seats, while the "
    "pack lasts the round"
)


def _rounds(text: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise argparse.ArgumentTypeError(f"a whole number (got {text!r})")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rounds",
        type=_rounds,
        default=0,
        help="also deal N rounds through the engine (default 0: the exact figures only)",
    )
    parser.add_argument(
        "--fresh-pack",
        action="store_true",
        help="deal every simulated round off a full pack (the exact figures' round)",
    )
    parser.add_argument(
        "--seats",
        type=int,
        default=5,
        choices=range(1, 8),
        metavar="1..7",
        help="seats in play in the simulation (default 5)",
    )
    parser.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help="a Vingt-un rule switch (V1-V5), e.g. V1=pass_left (repeatable)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the shuffles' seed (default 1)")
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")


def run(args: argparse.Namespace) -> int:
    from table_controller.games import make_game, parse_switches

    switches = parse_switches(args.switch)
    game = make_game("vingt-un", seats=args.seats, switches=switches)
    sw = Switches.from_dict(dict(switches))
    start = time.process_time()
    derived = derive(sw)
    report = exact_figures(derived, sw, time.process_time() - start)
    if args.rounds:
        start = time.process_time()
        tallies = simulate(game, args.rounds, args.seed, derived, args.fresh_pack)
        report["simulated"] = simulated_figures(tallies, args, time.process_time() - start)
    print(json.dumps(report, indent=2) if args.json else words(report))
    return 0


@dataclass(frozen=True)
class Derived:
    """The exact figures and the strategies that earn them."""

    house: Banker
    house_figure: Figure
    seat: Banker  # a seat banker's derived doubling and drawing
    seat_figure: Figure


def house_banker(sw: Switches) -> tuple[Banker, Figure]:
    """The house's play as V3 and V4 say, and the seat's exact figures against it."""
    house = Banker(
        frozenset({ACE, TEN}) if sw.V3 == "ace_or_ten" else frozenset(), sw.V4 != "stand_17"
    )
    return house, solve(house, sw.V5 == "doubled", finals=BankerFinals(house.h17))


def derive(sw: Switches) -> Derived:
    divided_doubled = sw.V5 == "doubled"
    house, house_figure = house_banker(sw)
    options = [seat_banker(h17, divided_doubled, BankerFinals(h17)) for h17 in (False, True)]
    seat, seat_figure = min(options, key=lambda option: option[1].seat_ev)
    return Derived(house, house_figure, seat, seat_figure)


# ----- the derived strategy at the table -------------------------------------------------------------
def rank_index(card: Card) -> int:
    return card.value - 1  # ace 0, 2..9, ten-value 9


def counts(cards: list[Card]) -> Counts:
    out = [0] * 10
    for card in cards:
        out[rank_index(card)] += 1
    return tuple(out)


def choose(derived: Derived, r: Any, seat: str, acts: tuple[str, ...]) -> Decision:
    """The derived strategy's decision for ``seat`` (a seat's hand, or a seat banker's)."""
    if "stake" in acts:
        return Decision(seat, "stake", STAKE)
    if "take_bank" in acts:
        return Decision(seat, "take_bank")
    if "double" in acts:
        doubles = rank_index(r.banker_cards[0]) in derived.seat.doubles
        return Decision(seat, "double" if doubles else "no_double")
    if r.phase == Phase.BANKER:
        value, soft = total(r.banker_cards)
        draws = value < 17 or (value == 17 and soft and derived.seat.h17)
        return Decision(seat, "draw" if draws else "stand")
    hand = r.plays[seat].hands[r.turn[1]]
    pair = rank_index(hand.cards[0]) if hand.divided else None
    figure = derived.house_figure if r.banker == HOUSE else derived.seat_figure
    action = figure.actions.get((counts(hand.cards), pair, r.doubled))
    if action == "divide" and "divide" in acts:
        return Decision(seat, "divide", r.plays[seat].stake)
    if action not in ("draw", "stand"):  # a hand the derivation never reaches
        action = "draw" if hand.total < 17 else "stand"
    return Decision(seat, action)


# ----- the simulation through the engine ---------------------------------------------------------------
def simulate(game: Game, rounds: int, seed: int, derived: Derived, fresh: bool) -> dict[str, Any]:
    """The seats' mean net per first stake, per round (a Mean), and every seat's result (its
    SeatResults, under "<banker> seat"), by who banked it."""
    rng = random.Random(f"vingt-un:{seed}")
    tallies: dict[str, Any] = {}
    state: Any = fresh_round(game, 0) if fresh else game.new_hand()
    done = 0
    cards: list[Card] = []
    while done < rounds:
        exp = game.expected(state)
        if exp.hand_over:
            record(state, tallies)
            done += 1
            state = fresh_round(game, done) if fresh else game.next_hand(state)
            continue
        event, cards = next_event(game, state, exp, cards, rng, derived)
        state, effects = game.apply(state, event)
        if effects and isinstance(effects[0], Refused):
            raise ConfigError(
                f"the simulation stopped after {done} rounds: the engine refused {event!r}: "
                f"{effects[0].reason}"
            )
    return tallies


def fresh_round(game: Game, number: int) -> Any:
    """A round off a full pack: the house banks the even rounds, seat1 the odd ones (with at
    least one other seat in)."""
    first: Any = game.new_hand()
    if number % 2 == 0 or len(first.seats) < 2:
        return first
    return replace(first, banker="seat1", seats_in=[s for s in first.seats_in if s != "seat1"])


def next_event(
    game: Game,
    state: Any,
    exp: Any,
    cards: list[Card],
    rng: random.Random,
    derived: Derived | None = None,
) -> tuple[Any, list[Card]]:
    """The simulation's next event: the derived strategy's decisions (the autopilot's without)."""
    if exp.payment is not None:
        return Control(PAID, by="simulation"), cards
    if NEW_DECK in exp.controls and exp.deal is None:
        cards = list(standard_deck())
        rng.shuffle(cards)
        return Control(NEW_DECK, by="simulation"), cards
    if RESHUFFLE in exp.controls:
        cards = list(state.shoe.discarded)
        rng.shuffle(cards)
        return Control(RESHUFFLE, by="simulation"), cards
    for seat, acts in exp.decisions.items():  # a seat's bank: every other seat sits in
        if acts == ("sit_in",) and seat not in state.seats_in:
            return Decision(seat, "sit_in"), cards
    event = game.strategy(state)
    if isinstance(event, Decision) and derived is not None:
        event = choose(derived, state, event.seat, exp.decisions[event.seat])
    if event is not None:
        return event, cards
    return CardArrived(cards.pop()), cards


@dataclass
class SeatResults:
    """Every seat's result per first stake, summed by round: the rounds are the unit of the
    intervals (a round's seats share the banker's cards)."""

    rounds: list[tuple[int, float, float]] = field(default_factory=list)  # seats, sum, squares

    def add(self, results: list[float]) -> None:
        self.rounds.append((len(results), sum(results), sum(x * x for x in results)))

    @property
    def sd(self) -> float:
        seats = sum(n for n, _, _ in self.rounds)
        mean = sum(s for _, s, _ in self.rounds) / seats
        return max(0.0, sum(q for _, _, q in self.rounds) / seats - mean**2) ** 0.5

    @property
    def sd_half_width(self) -> float:
        """Half the 95% interval of :attr:`sd`, by the delta method over the rounds."""
        n = len(self.rounds)
        if n < 2 or not self.sd:
            return math.inf
        seats = sum(k for k, _, _ in self.rounds)
        mean = sum(s for _, s, _ in self.rounds) / seats
        second = sum(q for _, _, q in self.rounds) / seats
        spread = (
            sum(((q - second * k) - 2 * mean * (s - mean * k)) ** 2 for k, s, q in self.rounds)
            * n
            / (n - 1)
        )
        return Z95 * spread**0.5 / seats / (2 * self.sd)


def record(state: Any, tallies: dict[str, Any]) -> None:
    nets: dict[str, int] = {}
    for payment in state.settled:
        for party, amount in payment.moves():
            nets[party] = nets.get(party, 0) + amount
    seats = [s for s in state.seats_in if s != state.banker]
    if not seats:
        return
    banker = HOUSE if state.banker == HOUSE else "seat"
    results = [nets.get(s, 0) / STAKE for s in seats]
    tallies.setdefault(banker, Mean()).add(sum(results) / len(seats))
    tallies.setdefault(f"{banker} seat", SeatResults()).add(results)  # its sd per first stake


# ----- the report -------------------------------------------------------------------------------------
def exact_figures(derived: Derived, sw: Switches, cpu: float) -> dict[str, Any]:
    return {
        "game": "vingt-un",
        "switches": sw.to_dict(),
        "method": METHOD,
        "strategy": "derived: the seat draws, stands or divides by the exact cards it holds and "
        "whether double was called; a divided hand is not divided again",
        "banker": {
            HOUSE: _exact_row(derived.house, derived.house_figure),
            "seat": _exact_row(derived.seat, derived.seat_figure),
        },
        "bets": {
            "stake": bet_figures(
                derived.house_figure.banker_edge, derived.house_figure.sd, "first stake", True
            ),
            "stake, seat banker": bet_figures(
                derived.seat_figure.banker_edge, derived.seat_figure.sd, "first stake", True
            ),
        },
        "seat_ev_by_first_card": {
            RANK_NAMES[r]: round(v, 6)
            for r, v in sorted(derived.house_figure.by_first_card.items())
        },
        "seat_strategy": strategy_summary(derived.house_figure),
        "cpu_seconds": round(cpu, 2),
    }


def _exact_row(banker: Banker, figure: Figure) -> dict[str, Any]:
    return {
        "banker_edge_pct": round(100 * figure.banker_edge, 6),
        "sd_per_stake": round(figure.sd, 6),  # one seat's result, in first stakes
        "variance_per_stake": round(figure.sd**2, 6),
        "staked_per_stake": round(figure.staked, 6),  # units down a seat, doubles and divides
        "doubles_on": [RANK_NAMES[r] for r in sorted(banker.doubles)],
        "draws_soft_17": banker.h17,
    }


def strategy_summary(figure: Figure) -> dict[str, Any]:
    """The derived seat strategy in words: the totals it stands on, the pairs it divides."""
    summary: dict[str, Any] = {}
    for doubled in (False, True):
        plays = {k: a for k, a in figure.actions.items() if k[2] == doubled and k[1] is None}
        if not plays:
            continue
        stands: dict[str, int] = {}
        for soft in (False, True):
            totals = sorted(
                {
                    seat_total(own)
                    for own, _, _ in plays
                    if (seat_total(own) != sum((r + 1) * n for r, n in enumerate(own))) == soft
                }
            )
            standing = [t for t in totals if _share_standing(plays, t, soft) >= 0.5 and t >= 12]
            stands[f"{'soft' if soft else 'hard'}_stands_from"] = min(standing, default=21)
        divides = sorted(
            RANK_NAMES[next(r for r in range(10) if own[r] == 2)]
            for (own, _, _), a in plays.items()
            if a == "divide"
        )
        summary["doubled" if doubled else "not_doubled"] = {**stands, "divides": divides}
    return summary


def _share_standing(plays: dict[Any, str], value: int, soft: bool) -> float:
    keys = [
        k
        for k in plays
        if seat_total(k[0]) == value
        and (seat_total(k[0]) != sum((r + 1) * n for r, n in enumerate(k[0]))) == soft
    ]
    return sum(plays[k] == "stand" for k in keys) / len(keys) if keys else 0.0


def simulated_figures(
    tallies: dict[str, Any], args: argparse.Namespace, cpu: float
) -> dict[str, Any]:
    rows = {
        who: {
            "rounds": m.n,
            "banker_edge_pct": -100 * m.mean,
            "banker_edge_pct_ci95": 100 * m.half_width,
            "sd_per_stake": tallies[f"{who} seat"].sd,
            "sd_per_stake_ci95": tallies[f"{who} seat"].sd_half_width,
        }
        for who, m in sorted(tallies.items())
        if not who.endswith(" seat")
    }
    return {
        "method": "simulated through the rules engine, the derived strategy, "
        + ("every round off a full pack" if args.fresh_pack else "one pack dealt through"),
        "seats": args.seats,
        "rounds": args.rounds,
        "seed": args.seed,
        "banker": rows,
        "cpu_seconds": round(cpu, 2),
    }


def words(report: dict[str, Any]) -> str:
    lines = [f"Vingt-un, {report['method']}; {report['cpu_seconds']} s CPU", ""]
    for who, row in report["banker"].items():
        doubles = ", ".join(row["doubles_on"]) or "nothing"
        lines.append(
            f"  banker {'the house' if who == HOUSE else 'a seat'}: edge over a seat "
            f"{row['banker_edge_pct']:+.4f}% of the first stake, a seat's sd "
            f"{row['sd_per_stake']:.4f} stakes (doubles on {doubles}; "
            f"{'draws' if row['draws_soft_17'] else 'stands on'} a soft 17)"
        )
    lines.append(f"Strategy: {report['strategy']}.")
    for when, plays in report["seat_strategy"].items():
        lines.append(
            f"  {when.replace('_', ' ')}: stands on hard {plays['hard_stands_from']}+ and soft "
            f"{plays['soft_stands_from']}+ (most hands), divides {', '.join(plays['divides']) or 'nothing'}"
        )
    first = report["seat_ev_by_first_card"]
    lines.append(
        "The seat's expectation by its first card (stake on it): "
        + ", ".join(f"{card} {value:+.3f}" for card, value in first.items())
    )
    sim = report.get("simulated")
    if sim:
        lines.append("")
        lines.append(
            f"Simulated: {sim['method']}, {sim['seats']} seats, {sim['rounds']:,} rounds (seed "
            f"{sim['seed']}); {sim['cpu_seconds']} s CPU"
        )
        for who, row in sim["banker"].items():
            lines.append(
                f"  banker {'the house' if who == HOUSE else 'a seat'}: edge over a seat "
                f"{row['banker_edge_pct']:+.3f}% \u00b1 {row['banker_edge_pct_ci95']:.3f} (95%), "
                f"{row['rounds']:,} rounds; a seat's sd {row['sd_per_stake']:.3f} \u00b1 "
                f"{row['sd_per_stake_ci95']:.3f} stakes"
            )
    return "\n".join(lines)
