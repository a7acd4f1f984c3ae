"""Split Decision: each seat's chance to win a round and a game, simulated through the rules engine
with 95% intervals.

    table analyse split-decision [--seats 2|3] [--switch SD1=last_winner ...] [--games N]
                                 [--seed S] [--json]

red-dog.md Part B: no money passes between the seats, so a seat's figure is its chance to win,
here as the expectation of a bet on it that pays 1 when it wins the game (sd per bet: that bet's
standard deviation, sqrt(p(1 - p))), and its chance to win a round by its place in the turn order.
Every seat plays the autopilot's strategy (stated in the report). Not enumerated: a game plays one
54-card deck through several rounds, and a round's state (every seat's slots, chips, head-start
refusals, whose turn, the cards gone) is too large to enumerate here; it is simulated through the
real engine, the interval saying how far the figure may be off.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from table_controller.cards import Card, standard_deck
from table_controller.contract import Game
from table_controller.engine import Refused
from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, PAID, RESHUFFLE, CardArrived, Control
from table_controller.games.blackjack.simulate import Mean
from table_controller.simulation import bet_figures

STRATEGY = (
    "the autopilot's: keep a head-start card of 10 or more (an ace or a joker) high and of 5 or "
    "less low, refuse the rest; place a card where it leaves the widest spread; use a chip on a "
    "card that would leave fewer than four ranks between; keep a blind card"
)


def _games(text: str) -> int:
    if not text.isascii() or not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1 (got {text!r})")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=_games, default=5000, help="games to play (default 5000)")
    parser.add_argument(
        "--seats", type=int, default=3, choices=(2, 3), metavar="2|3", help="seats (default 3)"
    )
    parser.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help="a Split Decision rule switch (SD1-SD4), e.g. SD2=on (repeatable)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the shuffles' seed (default 1)")
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")


def run(args: argparse.Namespace) -> int:
    from table_controller.games import make_game, parse_switches

    game = make_game("split-decision", seats=args.seats, switches=parse_switches(args.switch))
    start = time.process_time()
    tallies = simulate(game, args.games, args.seed)
    report = figures(game, tallies, args, time.process_time() - start)
    print(json.dumps(report, indent=2) if args.json else words(report))
    return 0


def simulate(game: Game, games: int, seed: int) -> dict[str, Mean]:
    """Per seat: 1 for a game won, else 0 ("game seatN"); per place in a round's turn order: 1
    for a round won ("round N"); and void rounds."""
    rng = random.Random(f"split-decision:{seed}")
    tallies: dict[str, Mean] = {}
    state: Any = game.new_hand()
    stock: list[Card] = []
    done = 0
    while done < games:
        exp = game.expected(state)
        if exp.hand_over:
            over = record(state, tallies)
            done += over
            state = game.new_hand() if over else game.next_hand(state)
            continue
        if exp.payment is not None:
            event: Any = Control(PAID, by="simulation")
        elif exp.deal is None and (NEW_DECK in exp.controls or RESHUFFLE in exp.controls):
            event = Control(NEW_DECK if NEW_DECK in exp.controls else RESHUFFLE, by="simulation")
        else:
            event = game.strategy(state) or CardArrived(stock.pop())
        state, effects = game.apply(state, event)
        if effects and isinstance(effects[0], Refused):
            raise ConfigError(
                f"the simulation stopped after {done} games: the engine refused {event!r}: "
                f"{effects[0].reason}"
            )
        if isinstance(event, Control) and event.control in (NEW_DECK, RESHUFFLE):
            stock = shuffled_stock(state, rng)
    return tallies


def shuffled_stock(state: Any, rng: random.Random) -> list[Card]:
    """The cards the engine's shoe holds after a shuffle, in a random order (top card last)."""
    cards = [
        c for c in dict.fromkeys(standard_deck(jokers=2)) for _ in range(state.shoe.copies_left(c))
    ]
    rng.shuffle(cards)
    return cards


def record(state: Any, tallies: dict[str, Mean]) -> int:
    """Tally a finished round; 1 when it ended the game."""
    if state.void:
        tallies.setdefault("void", Mean()).add(1.0)
        return 0
    tallies.setdefault("void", Mean()).add(0.0)
    for place, seat in enumerate(state.order, start=1):
        tallies.setdefault(f"round {place}", Mean()).add(float(seat == state.winner))
    if not any(w >= 2 for w in state.wins.values()):
        return 0
    for seat in state.seats:
        tallies.setdefault(f"game {seat}", Mean()).add(float(state.wins.get(seat, 0) >= 2))
    return 1


def figures(
    game: Any, tallies: dict[str, Mean], args: argparse.Namespace, cpu: float
) -> dict[str, Any]:
    def row(m: Mean) -> dict[str, Any]:
        return {
            "win_pct": round(100 * m.mean, 3),
            "win_pct_ci95": round(100 * m.half_width, 3),
            "sd_per_bet": round((m.mean * (1 - m.mean)) ** 0.5, 4),
            "n": m.n,
        }

    return {
        "game": "split-decision",
        "seats": len(game.seats),
        "games": args.games,
        "seed": args.seed,
        "switches": game.switches.to_dict(),
        "method": "simulated through the rules engine (not enumerated)",
        "strategy": STRATEGY,
        "game_win": {s: row(tallies[f"game {s}"]) for s in game.seats},
        "bets": {  # no money passes between seats: a bet paying 1 when the seat wins, no stake
            f"{s} wins the game": bet_figures(
                -tallies[f"game {s}"].mean,
                (tallies[f"game {s}"].mean * (1 - tallies[f"game {s}"].mean)) ** 0.5,
                "unit paid when the seat wins the game (no stake; the edge is minus its chance)",
                False,
                tallies[f"game {s}"].half_width,
            )
            for s in game.seats
        },
        "round_win_by_turn_place": {
            k.split()[1]: row(m) for k, m in sorted(tallies.items()) if k.startswith("round ")
        },
        "void_round_pct": round(100 * tallies["void"].mean, 3) if "void" in tallies else 0.0,
        "cpu_seconds": round(cpu, 2),
    }


def words(report: dict[str, Any]) -> str:
    lines = [
        f"Split Decision, {report['seats']} seats, {report['games']:,} games (seed {report['seed']}), "
        f"{report['method']}; {report['cpu_seconds']} s CPU",
        f"Strategy: {report['strategy']}.",
    ]
    for seat, r in report["game_win"].items():
        lines.append(
            f"  {seat} wins the game {r['win_pct']:.2f}% \u00b1 {r['win_pct_ci95']:.2f} (95%); "
            f"sd of a 1-unit bet on it {r['sd_per_bet']:.3f}"
        )
    for place, r in report["round_win_by_turn_place"].items():
        lines.append(
            f"  the seat in turn place {place} wins the round {r['win_pct']:.2f}% "
            f"\u00b1 {r['win_pct_ci95']:.2f} (95%), {r['n']:,} rounds"
        )
    lines.append(f"  void rounds {report['void_round_pct']:.2f}%")
    return "\n".join(lines)
