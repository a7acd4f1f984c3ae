"""Vingt-un: random packs, random switches and seats, random legal play and stakes over many
rounds on one pack dealt through (with withheld last cards and pone-pile reshuffles): every
round finishes, no card is dealt twice, no cent is lost or invented, refusals change nothing,
hidden cards never reach the public view, and replaying a round from its header gives the same
prompts."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table_controller.cards import standard_deck
from table_controller.engine import Refused
from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, PAID, RESHUFFLE, CardArrived, Control, Decision
from table_controller.games import make_game
from table_controller.games.vingt_un.prompts import banker_hidden, hand_hidden, secret_cards
from table_controller.games.vingt_un.switches import SWITCH_VALUES
from table_controller.money import signed

SWITCHES = st.fixed_dictionaries(
    {}, optional={k: st.sampled_from(v) for k, v in SWITCH_VALUES.items()}
)


class Dealer:
    """The physical pack: a stock dealt from the top and a pone pile the engine names."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.stock = list(standard_deck())
        rng.shuffle(self.stock)

    def reshuffle(self, state: Any) -> None:
        self.stock = list(state.shoe.discarded)  # the pone pile, as the engine holds it
        self.rng.shuffle(self.stock)


def choose(rng: random.Random, state: Any, exp: Any) -> Decision:
    seat, acts = next(iter(exp.decisions.items()))
    action = rng.choice(acts)
    amount = rng.randrange(500, 10_001) if action in ("stake", "divide") else None
    return Decision(seat, action, amount)


def next_event(rng: random.Random, game: Any, state: Any, dealer: Dealer) -> Any:
    exp = game.expected(state)
    if exp.payment is not None:
        return Control(PAID)
    if state.phase == "seats":
        if rng.random() < 0.3:
            seat = rng.choice(list(exp.decisions))
            return Decision(seat, exp.decisions[seat][0])
        return Control("seats_in")
    for control in ("done", RESHUFFLE):
        if control in exp.controls:
            if control == RESHUFFLE:
                dealer.reshuffle(state)
            return Control(control)
    if exp.deal is None and not exp.decisions:  # the stock and the pile both empty (V-28)
        assert (
            exp.controls == ("void_hand",) and not state.shoe.remaining and not state.shoe.discarded
        )
        return Control("void_hand")
    if exp.deal is not None:
        return CardArrived(dealer.stock.pop(0))
    return choose(rng, state, exp)


def face_up(state: Any) -> set[Any]:
    """Cards lying face up now (a card withheld or over-drawn earlier may be dealt again face up
    from the reshuffled pone pile: that is a new deal, and public)."""
    up = {c for c, hide in zip(state.banker_cards, banker_hidden(state), strict=False) if not hide}
    for play in state.plays.values():
        for hand in play.hands:
            up |= {c for c, hide in zip(hand.cards, hand_hidden(hand), strict=False) if not hide}
    return up


def check_public(game: Any, state: Any) -> None:
    """No card lying face down, withheld, or held for the pit boss is in the public view."""
    text = str(game.public_prompts(state).to_dict())
    for card in set(secret_cards(state)) - face_up(state):
        assert f"'{card.code}'" not in text and f" {card.code}" not in text, (card.code, text)


def play_round(rng: random.Random, game: Any, state: Any, dealer: Dealer) -> tuple[Any, list[Any]]:
    events: list[Any] = []
    for _ in range(600):
        if game.expected(state).hand_over:
            return state, events
        event = next_event(rng, game, state, dealer)
        new, effects = game.apply(state, event)
        if any(isinstance(e, Refused) for e in effects):
            assert new is state
            assert (
                isinstance(event, Control)
                and event.control == "seats_in"
                and not state.deal_order()
            ), (event, effects)
            event = Decision(next(iter(game.expected(state).decisions)), "sit_in")
            new, effects = game.apply(state, event)
        events.append(event)
        state = new
        check_public(game, state)
    raise AssertionError("the round did not finish in 600 events")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), switches=SWITCHES, seats=st.integers(1, 7))
def test_random_rounds_on_one_pack_finish_balance_and_replay(
    seed: int, switches: dict[str, str], seats: int
) -> None:
    rng = random.Random(seed)
    game = make_game("vingt-un", switches=switches, seats=seats)
    dealer = Dealer(rng)
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
    for n in range(12):
        if n:
            state = game.next_hand(state)
        header = game.round_header(state)
        start = game.hand_from_header(header)
        state, events = play_round(rng, game, state, dealer)
        result = game.result(state)
        settled = list(state.settled)
        # money: every payment balances, each hand settled once, the banker's net is minus the seats'
        assert all(p.staked + p.owed == p.collected + p.returned for p in settled)
        assert all(min(p.collected, p.returned, p.paid, p.owed) >= 0 for p in settled)
        hands = Counter((p.seat, p.hand) for p in settled)
        assert all(v == 1 for v in hands.values())
        assert len(hands) == sum(
            len(state.plays[s].hands) for s in state.plays if state.plays[s].hands[0].stake
        )
        assert result.details["banker_net"] == -sum(p.net for p in settled)
        # the result as the dealer reads it: every net in dollars (+$10.00), none in raw cents
        if not result.void:
            nets = [result.details["banker_net"]] + [
                v.details["net"] for v in result.seats.values()
            ]
            assert all(signed(net) in result.explanation for net in nets), result.explanation
            assert not re.search(r"[+-]\d", result.explanation), result.explanation
        # cards: the stock, the pile and nothing else make one pack; the layout is gathered
        shoe = state.shoe
        assert shoe.remaining == len(dealer.stock)
        assert sorted(c.index for c in shoe.discarded) + sorted(
            c.index for c in dealer.stock
        ) and len(set(shoe.discarded) | set(dealer.stock)) == 52 == len(shoe.discarded) + len(
            dealer.stock
        )
        # replay: the round from its header, event by event, gives the same prompts
        replayed = start
        for event in events:
            replayed, _ = game.apply(replayed, event)
        assert game.prompts(replayed).to_dict() == game.prompts(state).to_dict()
        assert [p.to_dict() for p in replayed.settled] == [p.to_dict() for p in settled]


def test_a_round_over_refuses_every_event() -> None:
    game = make_game("vingt-un", seats=1)
    rng = random.Random(3)
    dealer = Dealer(rng)
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
    state, _ = play_round(rng, game, state, dealer)
    for event in (Control(PAID), CardArrived(dealer.stock[0]), Decision("seat1", "draw")):
        new, effects = game.apply(state, event)
        assert new is state and isinstance(effects[0], Refused)


@pytest.mark.parametrize(
    ("switches", "words"),
    [
        ({"V9": "x"}, "unknown vingt-un switch 'V9' (switches: V1, V2, V3, V4, V5)"),
        ({"v4": "stand_16"}, "switch V4 is one of stand_17, hit_soft_17 (got 'stand_16')"),
    ],
)
def test_a_switch_it_does_not_know_is_refused_plainly(switches: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError) as refused:
        make_game("vingt-un", switches=switches)
    assert str(refused.value) == words


def test_switch_ids_in_any_case_and_values_with_spaces_are_taken() -> None:
    assert make_game("vingt-un", switches={"v1": " pass_left "}).switches.V1 == "pass_left"
