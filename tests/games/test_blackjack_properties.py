"""Blackjack: random shoes, random legal play, random bets and switches, several rounds on one
shoe: every round finishes, no card is used twice, no cent is lost or invented, refusals change
nothing, and replaying the events gives the same prompts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from table_controller.cards import standard_deck
from table_controller.engine import Refused, Settled
from table_controller.events import NEW_DECK, PAID, CardArrived, Control, Decision, Wager
from table_controller.games import make_game
from table_controller.games.blackjack.switches import SWITCH_VALUES

SWITCHES = st.fixed_dictionaries(
    {}, optional={k: st.sampled_from(v) for k, v in SWITCH_VALUES.items() if k not in ("B14",)}
).map(lambda d: {**d, "B1": d.get("B1", "1")})
PAYTABLES = st.sampled_from(["PT1", "PT2", "PT3", "PT4", "PT5"])


def wagers(rng: random.Random, seats: tuple[str, ...]) -> list[Wager]:
    out = []
    for seat in seats:
        if rng.random() < 0.7:
            main = rng.randrange(500, 5001)
            out.append(Wager(seat, "main", main))
            if rng.random() < 0.6:
                out.append(Wager(seat, "side", rng.randrange(100, main + 1)))
    return out or [Wager(seats[0], "main", 1000)]


def choose(rng: random.Random, exp, state) -> Decision:
    seat, acts = next(iter(exp.decisions.items()))
    action = rng.choice(acts)
    amount = None
    if action == "insurance":
        amount = rng.randrange(1, state.plays[seat].main // 2 + 1)
    return Decision(seat, action, amount)


def play_rounds(game, seed: int, rounds: int):
    rng = random.Random(seed)
    shoe = list(standard_deck()) * game.switches.decks
    rng.shuffle(shoe)
    used: list[str] = []
    state = game.new_hand()
    state, _ = game.apply(state, Control(NEW_DECK))
    done = 0
    for _ in range(rounds):
        events, trace, states, settled = [], [], [], []
        start = state
        for wager in wagers(rng, game.seats):
            state, effects = game.apply(state, wager)
            events.append(wager)
        for _ in range(400):
            exp = game.expected(state)
            if exp.hand_over:
                break
            if exp.payment is not None:
                event = Control(PAID)
            elif exp.decisions:
                event = choose(rng, exp, state)
            elif exp.deal is not None:
                if not shoe:  # a fresh shoe's worth when the stacked one runs out
                    shoe = list(standard_deck()) * game.switches.decks
                    rng.shuffle(shoe)
                    state, _ = game.apply(state, Control("reshuffle_discards"))
                event = CardArrived(shoe.pop(0))
                used.append(event.card.code)
            elif "new_deck" in exp.controls:
                event = Control(NEW_DECK)
            elif "reshuffle_discards" in exp.controls:
                event = Control("reshuffle_discards")
            else:
                raise AssertionError(f"stuck: {game.prompts(state).dealer_instruction}")
            before = game.prompts(state).to_dict()
            new, effects = game.apply(state, event)
            assert not any(isinstance(e, Refused) for e in effects), (
                effects,
                game.prompts(state).dealer_instruction,
            )
            assert new.irregularity is None
            assert game.prompts(state).to_dict() == before  # the state handed out did not change
            settled += [e.payment for e in effects if isinstance(e, Settled)]
            state = new
            events.append(event)
            trace.append(game.prompts(state).to_dict())
            states.append(state)
        else:
            raise AssertionError("the round did not finish in 400 events")
        check_money(state, settled)
        check_replay(game, start, events, trace)
        # a decision or a card after the round is refused; the round stands
        late, effects = game.apply(state, Decision("seat1", "hit"))
        assert late is state and isinstance(effects[0], Refused)
        done += 1
        state = game.next_hand(state)
        if game.expected(state).controls == ("new_deck",):
            state, _ = game.apply(state, Control(NEW_DECK))
            shoe = list(standard_deck()) * game.switches.decks
            rng.shuffle(shoe)
    return done


def check_money(state, settled) -> None:
    """Every stake settled exactly once: staked = collected + returned, per round."""
    staked = 0
    for play in state.plays.values():
        if not play.main or not play.hands:
            continue
        staked += sum(h.stake for h in play.hands) + play.side + (play.insurance or 0)
    assert sum(p.staked for p in settled) == staked
    assert sum(p.collected + p.returned for p in settled) == staked
    assert all(p.collected >= 0 and p.returned >= 0 and p.paid >= 0 for p in settled)
    result_net = sum(r.details["net"] for r in state_result_seats(state))
    assert result_net == sum(p.net for p in settled)


def state_result_seats(state):
    from table_controller.games.blackjack.machine import BlackjackGame

    game = BlackjackGame(state.sw, state.paytable, len(state.seats), state.limits)
    return list(game.result(state).seats.values())


def check_replay(game, start, events, trace) -> None:
    state = start
    replayed = []
    for event in events:
        state, _ = game.apply(state, event)
        replayed.append(game.prompts(state).to_dict())
    assert replayed[-len(trace) :] == trace


@settings(max_examples=120, deadline=None)
@given(SWITCHES, PAYTABLES, st.integers(1, 7), st.integers(0, 2**32))
def test_random_rounds_finish_balance_and_replay(switches, paytable, seats, seed) -> None:
    game = make_game("blackjack", switches={**switches, "B14": paytable}, seats=seats)
    assert play_rounds(game, seed, rounds=4) == 4


def test_no_card_twice_and_an_impossible_card_is_held() -> None:
    game = make_game("blackjack", switches={"B1": "1", "B13": "0"}, seats=1)
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
    state, _ = game.apply(state, Wager("seat1", "main", 1000))
    from table_controller.cards import parse_card

    state, _ = game.apply(state, CardArrived(parse_card("AS")))
    state, effects = game.apply(state, CardArrived(parse_card("AS")))
    assert (
        type(effects[0]).__name__ == "IrregularityOpened"
        and "cannot come from this shoe" in effects[0].irregularity.reason
    )
    assert game.expected(state).controls == ("void_hand", "accept_card")
