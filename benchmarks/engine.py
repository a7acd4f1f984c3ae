"""Complete Missouri City hands per second on one core, random legal play.

Each hand: a fresh shuffled deck; the driver asks ``game.expected`` what is due, picks a
random legal decision or deals the next card, and applies it with ``game.apply``. The second
figure also builds the prompts the display shows after every event (``game.prompts``), which
the live table does once per event and a replay or audit does not need.

    .venv/bin/python benchmarks/engine.py [--hands 20000]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from table_controller.cards import standard_deck
from table_controller.events import NEW_DECK, CardArrived, Control, Decision
from table_controller.games import make_game


def shuffled_decks(n: int, seed: int = 1) -> list[list]:
    """The shuffles are made before the clock starts: the figure is the engine's, not random's."""
    rng = random.Random(seed)
    decks = []
    for _ in range(n):
        deck = list(standard_deck())
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def play_hands(decks: list[list], prompts: bool, seed: int = 2) -> int:
    rng = random.Random(seed)
    game = make_game("missouri-city")
    events = 0
    for deck in decks:
        deck = deck[:]
        state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
        while True:
            exp = game.expected(state)
            if exp.hand_over:
                break
            if exp.deal is not None and (not exp.decisions or rng.random() < 0.5):
                state, _ = game.apply(state, CardArrived(deck.pop()))
            else:
                seat = rng.choice(list(exp.decisions))
                state, _ = game.apply(state, Decision(seat, rng.choice(exp.decisions[seat])))
            if prompts:
                game.prompts(state)
            events += 1
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    decks = shuffled_decks(args.hands)
    play_hands(decks[:500], False)  # warm up
    for prompts in (False, True):
        runs = []
        for _ in range(args.repeat):  # best of N, as timeit does: the others were disturbed
            start, cpu_start = time.perf_counter(), time.process_time()
            events = play_hands(decks, prompts)
            runs.append((time.perf_counter() - start, time.process_time() - cpu_start))
        elapsed, cpu = min(runs)
        what = "engine + prompts after every event" if prompts else "engine (apply + expected)"
        print(f"missouri-city, {what}: {args.hands} hands, {events} events, best of {args.repeat}, one core:")
        print(f"  {args.hands / elapsed:,.0f} hands/s wall ({elapsed / events * 1e6:.1f} us/event), "
              f"{args.hands / cpu:,.0f} hands/s CPU")

if __name__ == "__main__":
    main()
