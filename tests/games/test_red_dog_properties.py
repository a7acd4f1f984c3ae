"""Red Dog: random shoes, random legal play and bets, random switches, many rounds on one shoe:
every round finishes, no card is used twice, no cent is lost or invented, an illegal raise
changes nothing, and replaying a round's events gives the same prompts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from table_controller.cards import standard_deck
from table_controller.engine import Refused, Settled
from table_controller.events import DONE, NEW_DECK, PAID, CardArrived, Control, Decision, Wager
from table_controller.games import make_game
from table_controller.games.red_dog.switches import SWITCH_VALUES

SWITCHES = st.fixed_dictionaries(
    {},
    optional={
        k: st.sampled_from([v for v in vals if v != "custom"]) for k, vals in SWITCH_VALUES.items()
    },
)


def fresh_shoe(rng: random.Random, decks: int) -> list:
    cards = list(standard_deck()) * decks
    rng.shuffle(cards)
    return cards


def choose(rng: random.Random, game, state) -> Decision:
    seat = next(iter(game.expected(state).decisions))
    if rng.random() < 0.5:
        return Decision(seat, "call")
    least, most = state.raise_limits(seat)
    return Decision(seat, "raise", rng.randint(least, most))


def next_event(rng: random.Random, game, state, shoe: list, seats_in: list[str]):
    exp = game.expected(state)
    if exp.payment is not None:
        return Control(PAID)
    if state.phase == "antes":
        missing = [s for s in seats_in if s not in state.antes]
        if missing:
            return Wager(missing[0], "ante", rng.randint(500, 50_000))
        return Control(DONE)
    if exp.decisions:
        return choose(rng, game, state)
    if exp.deal is not None:
        return CardArrived(shoe.pop(0))
    if NEW_DECK in exp.controls:
        return Control(NEW_DECK)
    if DONE in exp.controls:
        return Control(DONE)
    raise AssertionError(f"stuck: {game.prompts(state).dealer_instruction}")


def play_round(rng: random.Random, game, state, shoe: list, used: list[str]):
    seats_in = rng.sample(list(game.seats), rng.randint(1, len(game.seats)))
    start, events, trace, settled = state, [], [], []
    for _ in range(100):
        if game.expected(state).hand_over:
            return start, state, events, trace, settled
        if NEW_DECK in game.expected(state).controls and state.phase == "shuffle":
            shoe[:] = fresh_shoe(rng, game.switches.decks)
            used.clear()
        event = next_event(rng, game, state, shoe, seats_in)
        if isinstance(event, Decision) and event.action == "raise":
            too_much = Decision(event.seat, "raise", state.raise_limits(event.seat)[1] + 1)
            same, effects = game.apply(state, too_much)
            assert same is state and isinstance(effects[0], Refused)
        if isinstance(event, CardArrived):
            used.append(event.card.code)
        before = game.prompts(state).to_dict()
        new, effects = game.apply(state, event)
        assert not any(isinstance(e, Refused) for e in effects), (
            effects,
            game.prompts(state).dealer_instruction,
        )
        assert new.irregularity is None, new.irregularity
        assert game.prompts(state).to_dict() == before  # the state handed out did not change
        settled += [e.payment for e in effects if isinstance(e, Settled)]
        state = new
        events.append(event)
        trace.append(game.prompts(state).to_dict())
    raise AssertionError("the round did not finish in 100 events")


def check_money(game, state, settled) -> None:
    staked = sum(state.wager(s) for s in state.playing_seats())
    assert sum(p.staked for p in settled) == staked
    assert sum(p.collected + p.returned for p in settled) == staked
    assert all(p.collected >= 0 and p.returned >= 0 and p.paid >= 0 for p in settled)
    assert sorted(p.seat for p in settled) == sorted(
        state.playing_seats()
    )  # each seat settled once
    assert sum(r.details["net"] for r in game.result(state).seats.values()) == sum(
        p.net for p in settled
    )


def check_replay(game, start, events, trace) -> None:
    state, replayed = start, []
    for event in events:
        state, _ = game.apply(state, event)
        replayed.append(game.prompts(state).to_dict())
    assert replayed == trace
    header_start = game.hand_from_header(game.round_header(start))
    state = header_start
    for event in events:
        state, _ = game.apply(state, event)
    assert game.prompts(state).to_dict() == trace[-1]


@settings(max_examples=80, deadline=None)
@given(SWITCHES, st.integers(1, 7), st.integers(0, 2**32))
def test_random_rounds_finish_balance_and_replay(switches, seats, seed) -> None:
    rng = random.Random(seed)
    game = make_game("red-dog", switches=switches, seats=seats)
    shoe = fresh_shoe(rng, game.switches.decks)
    used: list[str] = []
    state = game.new_hand()
    for _ in range(12):
        start, state, events, trace, settled = play_round(rng, game, state, shoe, used)
        check_money(game, state, settled)
        check_replay(game, start, events, trace)
        per_card = {code: used.count(code) for code in used}
        assert (
            max(per_card.values(), default=0) <= game.switches.decks
        )  # no card more often than the shoe holds
        late, effects = game.apply(state, Decision("seat1", "call"))
        assert late is state and isinstance(effects[0], Refused)
        state = game.next_hand(state)
