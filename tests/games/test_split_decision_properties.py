"""Split Decision: random 54-card decks, random legal decisions, random switches and seats, games
of rounds on one deck (the stock reshuffled or the round voided when it runs out): every round
finishes, no card comes twice, every card is on the layout, in the discard or in the stock, a game
ends when a seat has two wins, refusals change nothing, and replay (from the round's log header
too) gives the same prompts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from table_controller.cards import standard_deck
from table_controller.engine import Refused
from table_controller.events import DONE, NEW_DECK, RESHUFFLE, CardArrived, Control, Decision
from table_controller.games import make_game
from table_controller.games.split_decision.switches import SWITCH_VALUES

SWITCHES = st.fixed_dictionaries(
    {}, optional={k: st.sampled_from(v) for k, v in SWITCH_VALUES.items()}
)


def next_event(rng: random.Random, game, state, stock: list):
    exp = game.expected(state)
    if NEW_DECK in exp.controls:
        stock[:] = list(standard_deck(jokers=2))
        rng.shuffle(stock)
        return Control(NEW_DECK)
    if DONE in exp.controls:
        return Control(DONE)
    if RESHUFFLE in exp.controls:
        if (
            state.sw.SD4 == "reshuffle"
        ):  # under void_round the round ends; a full shuffle comes next
            stock[:] = list(state.shoe.discarded)
            rng.shuffle(stock)
        return Control(RESHUFFLE)
    if exp.decisions:
        seat, acts = next(iter(exp.decisions.items()))
        return Decision(seat, rng.choice(acts))
    if exp.deal is not None:
        return CardArrived(stock.pop(0))
    raise AssertionError(f"stuck: {game.prompts(state).dealer_instruction}")


def play_round(rng: random.Random, game, state, stock: list):
    start, events, trace = state, [], []
    for _ in range(600):
        if game.expected(state).hand_over:
            return start, state, events, trace
        event = next_event(rng, game, state, stock)
        if isinstance(event, Decision):
            wrong = Decision(
                event.seat, "discard" if state.hands[event.seat].chips == 0 else "no_such_play"
            )
            same, effects = game.apply(state, wrong)
            assert same is state and isinstance(effects[0], Refused)
        before = game.prompts(state).to_dict()
        new, effects = game.apply(state, event)
        assert not any(isinstance(e, Refused) for e in effects), (
            event,
            effects,
            game.prompts(state).dealer_instruction,
        )
        assert new.irregularity is None, new.irregularity
        assert game.prompts(state).to_dict() == before
        state = new
        events.append(event)
        trace.append(game.prompts(state).to_dict())
        check_cards(state, stock)
    raise AssertionError("the round did not finish in 600 events")


def check_cards(state, stock: list) -> None:
    """The 54 cards are each in one place: the stock, the layout or the discard (or not yet dealt)."""
    drawn = [c.code for c in state.shoe.drawn]
    assert len(drawn) == len(set(drawn)) + max(
        0, drawn.count("JK") - 1
    )  # each card once, two jokers
    on_layout = [c.code for c in state.layout_cards()]
    assert sorted(on_layout + [c.code for c in state.shoe.discarded]) == sorted(drawn)
    assert len(stock) == state.shoe.remaining


def check_replay(game, start, events, trace) -> None:
    state, replayed = start, []
    for event in events:
        state, _ = game.apply(state, event)
        replayed.append(game.prompts(state).to_dict())
    assert replayed == trace
    state = game.hand_from_header(game.round_header(start))
    for event in events:
        state, _ = game.apply(state, event)
    assert game.prompts(state).to_dict() == trace[-1]


@settings(max_examples=50, deadline=None)
@given(SWITCHES, st.integers(2, 3), st.integers(0, 2**32))
def test_random_games_finish_and_replay(switches, seats, seed) -> None:
    rng = random.Random(seed)
    game = make_game("split-decision", switches=switches, seats=seats)
    state, stock = game.new_hand(), []
    games_won = 0
    for _ in range(10):
        start, state, events, trace = play_round(rng, game, state, stock)
        check_replay(game, start, events, trace)
        result = game.result(state)
        assert result.void or result.winner in game.seats
        if result.details["game_over"]:
            games_won += 1
            assert max(result.details["wins"].values()) == 2
        late, effects = game.apply(state, Control(DONE))
        assert late is state and isinstance(effects[0], Refused)
        nxt = game.next_hand(state)
        if nxt.phase != "shuffle":
            for card in state.layout_cards():
                assert card in nxt.shoe.discarded
        state = nxt
    assert games_won >= 1 or seats == 3
