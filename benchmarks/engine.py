"""Complete Missouri City hands per second on one core, random legal play.

Each hand: a fresh shuffled deck, every card and decision applied through ``game.apply``,
and the prompts the display would show computed after every event (``--no-prompts`` leaves
that out, to show what the state machine alone costs).

    .venv/bin/python benchmarks/engine.py [--hands 20000] [--no-prompts]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from table_controller.cards import standard_deck
from table_controller.events import NEW_DECK, CardArrived, Control, Decision
from table_controller.games import make_game


def play_hands(n: int, prompts: bool, seed: int = 1) -> int:
    rng = random.Random(seed)
    game = make_game("missouri-city")
    base = list(standard_deck())
    events = 0
    for _ in range(n):
        deck = base[:]
        rng.shuffle(deck)
        state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
        while True:
            exp = game.expected(state)
            if exp.hand_over:
                break
            choices = [(s, a) for s, acts in exp.decisions.items() for a in acts]
            if exp.deal is not None and (not choices or rng.random() < 0.5):
                state, _ = game.apply(state, CardArrived(deck.pop()))
            else:
                state, _ = game.apply(state, Decision(*rng.choice(choices)))
            if prompts:
                game.prompts(state)
            events += 1
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--no-prompts", action="store_true")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    play_hands(500, not args.no_prompts)  # warm up
    start = time.perf_counter()
    events = play_hands(args.hands, not args.no_prompts)
    elapsed = time.perf_counter() - start
    print(f"missouri-city: {args.hands} hands, {events} events in {elapsed:.2f} s on one core")
    print(f"  {args.hands / elapsed:,.0f} hands/s, {events / elapsed:,.0f} events/s, "
          f"{elapsed / events * 1e6:.1f} us/event ({'with' if not args.no_prompts else 'without'} prompts)")


if __name__ == "__main__":
    main()
