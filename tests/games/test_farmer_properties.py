"""Farmer: random 45-card shoes, random seats and switches, random legal play (with now and then
a stripped card, a card nobody asked for, or a void), several deals in a session: every deal
finishes, no card is dealt twice, no cent is lost or invented (the seats' nets and the farm's
change sum to zero, the house is never a party), refusals change nothing, and replaying a
deal's events from its header gives the same prompts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from table_controller.engine import Refused
from table_controller.events import (
    CLOSE_GAME,
    DONE,
    NEW_DECK,
    PAID,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    HardwareIrregularity,
)
from table_controller.games import make_game
from table_controller.games.farmer.cards import STRIPPED, farmer_deck
from table_controller.games.farmer.prompts import seat_net
from table_controller.games.farmer.switches import SWITCH_VALUES

SWITCHES = st.fixed_dictionaries(
    {}, optional={k: st.sampled_from(v) for k, v in SWITCH_VALUES.items()}
)


def next_event(game, state, rng: random.Random, shoe: list):
    exp = game.expected(state)
    if state.irregularity is not None:
        return Control(rng.choice(exp.controls), by="pit boss")
    if exp.payment is not None:
        return Control(PAID)
    if NEW_DECK in exp.controls:
        return between_deals(game, state, rng) or Control(NEW_DECK)
    if DONE in exp.controls and rng.random() < 0.9:
        return Control(VOID_HAND) if rng.random() < 0.02 else Control(DONE)
    roll = rng.random()
    if roll < 0.01:
        return CardArrived(rng.choice(STRIPPED))
    if roll < 0.015:
        return HardwareIrregularity("sequence gap")
    if roll < 0.02 and state.hands:  # the camera reads a dealt card at its spot, rightly or not
        seat = rng.choice(sorted(state.hands))
        k = rng.randrange(len(state.hands[seat]))
        card = state.hands[seat][k] if rng.random() < 0.7 else rng.choice(farmer_deck())
        return CardArrived(card, f"{seat}/card{k + 1}")
    if exp.decisions:
        if roll < 0.03 and shoe:
            return CardArrived(shoe.pop(0))  # a card nobody asked for
        seat = next(iter(exp.decisions))
        return Decision(seat, rng.choice(("hit", "stay")))
    if not shoe:  # the stock ran out (F-23): only the reveal or a void is left
        return Control(exp.controls[0])
    return CardArrived(shoe.pop(0))


def between_deals(game, state, rng: random.Random):
    """Now and then a seat leaves or joins (F-21), or the pit boss closes the game (F-22)."""
    roll = rng.random()
    if roll < 0.04 and CLOSE_GAME in game.expected(state).controls:
        return Control(CLOSE_GAME, by="pit boss")
    if roll < 0.2:
        seat = rng.choice(game.seats)
        if seat not in state.seats:
            return Decision(seat, "join")
        if len(state.seats) > 2:
            return Decision(seat, "leave")
    return None


def play_deal(game, state, rng: random.Random):
    shoe = list(farmer_deck())
    rng.shuffle(shoe)
    start = state
    farm_before = state.farm
    events, logged = [], []
    for _ in range(500):
        if game.expected(state).hand_over:
            break
        event = next_event(game, state, rng, shoe)
        if isinstance(event, Control) and event.control == NEW_DECK:
            shoe = list(farmer_deck())
            rng.shuffle(shoe)
        before = game.prompts(state).to_dict()
        new, effects = game.apply(state, event)
        if any(isinstance(e, Refused) for e in effects):
            assert new is state and game.prompts(state).to_dict() == before
            continue
        events.append(event)
        logged.append(game.prompts(new).to_dict())
        state = new
    else:
        raise AssertionError(f"a deal never ended: {game.prompts(state).dealer_instruction}")
    return start, state, events, logged, farm_before


def check_deal(game, start, state, events, logged, farm_before) -> None:
    dealt = [c.code for cards in state.hands.values() for c in cards]
    assert len(dealt) == len(set(dealt)), dealt
    assert not set(dealt) & {c.code for c in STRIPPED}
    assert not state.queue and state.side_pot == 0
    ledger: dict[str, int] = {}
    for p in state.settled:
        assert p.staked == p.collected + p.returned
        for party, delta in p.moves():
            ledger[party] = ledger.get(party, 0) + delta
    assert ledger.get("house", 0) == 0
    assert ledger.get("side_pot", 0) == 0
    assert ledger.get("farm", 0) == state.farm - farm_before
    assert sum(seat_net(state, s) for s in game.seats) + state.farm - farm_before == 0
    if state.void:
        assert all(seat_net(state, s) == 0 for s in game.seats) and state.farm == farm_before
    replay = game.hand_from_header(game.round_header(start))
    for event, prompts in zip(events, logged, strict=True):
        replay, effects = game.apply(replay, event)
        assert not any(isinstance(e, Refused) for e in effects)
        assert game.prompts(replay).to_dict() == prompts


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32), seats=st.integers(2, 8), switches=SWITCHES, deals=st.integers(1, 4)
)
def test_random_sessions_finish_balance_and_replay(seed, seats, switches, deals):
    game = make_game("farmer", seats=seats, switches=switches)
    rng = random.Random(seed)
    state = game.new_hand()
    for _ in range(deals):
        start, state, events, logged, farm_before = play_deal(game, state, rng)
        check_deal(game, start, state, events, logged, farm_before)
        result = game.result(state)
        assert result is not None
        assert state.next_farmer in state.seats or state.void or state.closed
        if state.closed:
            assert state.farm == 0 and result.decided_by == "F-22"
        assert 2 <= len(state.seats) and set(state.hands) <= set(state.seats)
        state = game.next_hand(state)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_eight_seats_hitting_to_the_end_of_the_stock(seed):
    """F-23: eight seats that always hit under F1 = may_hit run the 45 cards out; each F6 ends the deal."""
    for f6 in SWITCH_VALUES["F6"]:
        game = make_game("farmer", seats=8, switches={"F1": "may_hit", "F6": f6})
        rng = random.Random(seed)
        state = game.hand_from_header({"deal": {"farm": 0, "farmer": "seat1", "phase": "shuffle"}})
        shoe = list(farmer_deck())
        rng.shuffle(shoe)
        start, farm = state, state.farm
        events, logged = [], []
        while not game.expected(state).hand_over:
            exp = game.expected(state)
            if exp.payment is not None or (exp.controls and not exp.deal and not exp.decisions):
                event = Control(exp.controls[0])
            elif exp.decisions:
                event = Decision(next(iter(exp.decisions)), "hit")
            else:
                event = CardArrived(shoe.pop(0))
            state, effects = game.apply(state, event)
            assert not any(isinstance(e, Refused) for e in effects)
            events.append(event)
            logged.append(game.prompts(state).to_dict())
        assert state.shoe.remaining == 0  # always hitting, eight seats run the stock out
        assert state.void if f6 == "void" else state.stock_out and not state.void
        check_deal(game, start, state, events, logged, farm)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(
    extra=st.dictionaries(
        st.sampled_from(["seats", "switches", "farmer", "farm", "deck", "decisions", "other"]),
        JSONISH,
        max_size=4,
    )
)
def test_any_farmer_scenario_is_played_or_refused_plainly(extra):
    from table_controller.errors import RuleViolation, ScenarioError
    from table_controller.scenario import run_scenario

    data = {"game": "farmer", "seats": 2, "deck": ["KS", "6H", "2C", "3C", "4C", "5C"], **extra}
    try:
        trace = run_scenario(data)
    except (ScenarioError, RuleViolation) as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert trace["game"] == "farmer"
