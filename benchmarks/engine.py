"""Complete Missouri City hands, and blackjack rounds with seven seats, per second on one core, random legal play.

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
        print(
            f"missouri-city, {what}: {args.hands} hands, {events} events, best of {args.repeat}, one core:"
        )
        print(
            f"  {args.hands / elapsed:,.0f} hands/s wall ({elapsed / events * 1e6:.1f} us/event), "
            f"{args.hands / cpu:,.0f} hands/s CPU"
        )

    blackjack(max(200, args.hands // 5), args.repeat)


def play_blackjack_rounds(rounds: int, seed: int = 3) -> tuple[int, int]:
    """Seven seats with main and side bets, random legal decisions, every payment confirmed, on
    a six-deck shoe shuffled when the cut card comes out; (rounds, events)."""
    from table_controller.events import PAID, Wager

    rng = random.Random(seed)
    game = make_game("blackjack", seats=7)
    state, events, done = game.new_hand(), 0, 0
    shoe: list = []
    while done < rounds:
        exp = game.expected(state)
        if exp.hand_over:
            done += 1
            state = game.next_hand(state)
            continue
        if exp.payment is not None:
            event = Control(PAID)
        elif state.phase == "betting" and not state.betting_seats():
            for seat in game.seats:
                state, _ = game.apply(state, Wager(seat, "main", 1000))
                state, _ = game.apply(state, Wager(seat, "side", 500))
            continue
        elif "new_deck" in exp.controls and exp.deal is None:
            event = Control(NEW_DECK)
            shoe = list(standard_deck()) * 6
            rng.shuffle(shoe)
        elif exp.decisions:
            seat, acts = next(iter(exp.decisions.items()))
            action = rng.choice(acts)
            event = Decision(seat, action, 500 if action == "insurance" else None)
        else:
            event = CardArrived(shoe.pop())
        state, _ = game.apply(state, event)
        events += 1
    return done, events


def blackjack(rounds: int, repeat: int) -> None:
    play_blackjack_rounds(50)  # warm up
    runs = []
    for _ in range(repeat):
        start, cpu_start = time.perf_counter(), time.process_time()
        done, events = play_blackjack_rounds(rounds)
        runs.append((time.perf_counter() - start, time.process_time() - cpu_start))
    elapsed, cpu = min(runs)
    print(
        f"blackjack, 7 seats with side bets, engine (apply + expected): {done} rounds, {events} events, "
        f"best of {repeat}, one core:"
    )
    print(
        f"  {done / elapsed:,.0f} rounds/s wall ({elapsed / events * 1e6:.1f} us/event), {done / cpu:,.0f} rounds/s CPU"
    )


if __name__ == "__main__":
    main()
