"""Random shuffles with random legal play: every game finishes, nothing raises, no card is
used twice, and replaying the recorded events gives the same trace."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from table_controller.cards import standard_deck
from table_controller.events import NEW_DECK, CardArrived, Control, Decision
from table_controller.games import make_game
from table_controller.games.backhand.switches import SWITCH_VALUES

GAMES = st.one_of(
    st.tuples(st.just("missouri-city"), st.sampled_from(["red", "green"]), st.none()),
    st.tuples(st.just("buffalo-bayou"), st.none(), st.none()),
    st.tuples(st.just("backhand"), st.none(), st.integers(1, 6)),
)
SWITCHES = st.fixed_dictionaries(
    {}, optional={k: st.sampled_from(v) for k, v in SWITCH_VALUES.items()}
)


def play_randomly(game, seed: int):
    rng = random.Random(seed)
    deck = list(standard_deck()) * game.variant.decks
    rng.shuffle(deck)
    state = game.new_hand()
    events, trace = [Control(NEW_DECK)], []
    state, _ = game.apply(state, events[0])
    trace.append(game.prompts(state).to_dict())
    states = [state]
    for _ in range(500):
        exp = game.expected(state)
        if exp.hand_over:
            assert (
                exp.controls == ()
            )  # the result stands: nothing to void; NEW DECK starts the next
            # No state the engine handed out was changed by a later transition.
            assert [game.prompts(s).to_dict() for s in states] == trace
            return state, events, trace, deck
        choices = [Decision(s, a) for s, acts in exp.decisions.items() for a in acts]
        if exp.deal is not None and (not choices or rng.random() < 0.5):
            event = CardArrived(deck.pop(0))
        elif choices:
            event = rng.choice(choices)
        else:
            event = Control("reshuffle_discards")
        state, effects = game.apply(state, event)
        assert not any(type(e).__name__ == "Refused" for e in effects), effects
        assert state.irregularity is None
        events.append(event)
        trace.append(game.prompts(state).to_dict())
        states.append(state)
    raise AssertionError("the hand did not finish in 500 events")


@settings(max_examples=300, deadline=None)
@given(GAMES, SWITCHES, st.integers(0, 2**32))
def test_random_legal_play_always_finishes_and_replays(game_spec, switches, seed):
    game_id, first, seats = game_spec
    game = make_game(game_id, switches=switches, first_dealt=first, seats=seats)
    state, events, trace, _ = play_randomly(game, seed)
    result = game.result(state)
    assert result is not None
    drawn = Counter(state.shoe.drawn)
    assert all(n <= game.variant.decks for n in drawn.values())  # no card used twice
    cards_in = [e.card for e in events if isinstance(e, CardArrived)]
    assert Counter(cards_in) == drawn
    for seat in result.seats.values():
        assert seat.outcome in ("successful", "unsuccessful", "stalemate")
    if game_id == "missouri-city" and not result.void:
        assert result.decided_by.startswith(("W-", "SP-W"))
    # The audit: the same events through a fresh game give the same prompts, byte for byte.
    replay_game = make_game(game_id, switches=switches, first_dealt=first, seats=seats)
    replay_state = replay_game.new_hand()
    replayed = []
    for event in events:
        replay_state, _ = replay_game.apply(replay_state, event)
        replayed.append(replay_game.prompts(replay_state).to_dict())
    assert replayed == trace
    assert replay_game.result(replay_state) == result
