"""Luck of the Draw (red-dog.md Part C): the worked example LD-a hand by hand with every payment,
the Devil, LD-5's board check, the refusals, and random sessions that finish, balance and replay."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from table_controller.cards import parse_card, standard_deck
from table_controller.engine import Refused, Settled
from table_controller.events import NEW_DECK, PAID, CardArrived, Control, Decision
from table_controller.games import make_game
from table_controller.games.split_decision.luck_round import BOARD_LAID
from table_controller.scenario import run_scenario

REST = ["AH", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "DV", "AS"]


def board(**at: str) -> list[str]:
    """A board with the given positions (``p2="AS"``), the rest of the set filled in order."""
    placed = {int(k[1:]): v for k, v in at.items()}
    rest = list(REST)
    for code in placed.values():
        rank = parse_card(code).rank
        rest.remove(next(c for c in rest if parse_card(c).rank == rank))
    return [placed.get(p) or rest.pop(0) for p in range(1, 16)]


LD_A = {
    "game": "luck-of-the-draw",
    "deck": ["4C", "2H", "JK"],
    "hands": [
        {
            "board": board(p2="AS", p5="4S", p9="DV", p13="JS"),
            "picks": [2, 5, 9, 13],
            "high": 2,
            "low": 5,
            "wager": 5000,
        },
        {
            "board": board(p1="KS", p6="2S", p10="AS", p15="9S"),
            "picks": [1, 6, 10, 15],
            "high": 10,
            "low": 6,
            "wager": 10000,
        },
        {
            "board": board(p3="7S", p4="QS", p8="5S", p12="AS"),
            "picks": [3, 4, 8, 12],
            "high": 4,
            "low": 12,
            "wager": 2500,
        },
        {"stop": True},
    ],
}


def test_ld_a_three_hands_then_stop() -> None:
    t = run_scenario(LD_A)
    one, two, three = t["hands"]
    assert [h["revealed"] for h in t["hands"]] == [
        ["AS", "4S", "DV", "JS"],
        ["KS", "2S", "AS", "9S"],
        ["7S", "QS", "5S", "AS"],
    ]
    assert (
        one["high"]["value"],
        one["low"]["value"],
        one["draw"],
        one["devil"],
        one["outcome"],
        one["net"],
    ) == (14, 4, "4C", True, "devil", -5000)
    assert (
        two["high"]["value"],
        two["low"]["value"],
        two["draw"],
        two["devil"],
        two["outcome"],
        two["net"],
    ) == (14, 2, "2H", False, "push", 0)
    assert (
        three["high"]["value"],
        three["low"]["value"],
        three["draw"],
        three["outcome"],
        three["net"],
    ) == (12, 1, "JK", "win", 2500)
    assert t["net"] == -2500
    dealer = [s["dealer"] for s in t["steps"]]
    assert "Collect $50.00 from SEAT 1 (a tie, and the Devil was revealed)" in dealer
    assert (
        "Push: the wager stays (a tie: push)" in dealer
        and "Pay SEAT 1 $25.00 (a joker: 1 to 1)" in dealer
    )
    assert "Turn up board/2, board/5, board/9, board/13" in dealer
    assert (
        t["steps"][-1]["dealer"]
        == "SEAT 1 stopped: the session is over. Shuffle a fresh deck for the next session"
    )


def at_choice(picks: list[int], laid: list[str]) -> tuple[Any, Any]:
    game = make_game("luck-of-the-draw")
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
    state, _ = game.apply(state, Control(BOARD_LAID))
    for p in picks:
        state, _ = game.apply(state, Decision("seat1", f"pick_{p}"))
    for p in picks:
        state, _ = game.apply(state, CardArrived(parse_card(laid[p - 1]), f"board/{p}"))
    return game, state


def test_refusals_and_the_devil_never_chosen() -> None:
    laid = board(p2="AS", p5="4S", p9="DV", p13="JS")
    game = make_game("luck-of-the-draw")
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
    state, _ = game.apply(state, Control(BOARD_LAID))
    state, _ = game.apply(state, Decision("seat1", "pick_2"))
    same, effects = game.apply(state, Decision("seat1", "pick_2"))
    assert same is state and "board/2 is already picked" in effects[0].reason
    game, state = at_choice([2, 5, 9, 13], laid)
    assert "high_9" not in game.expected(state).decisions["seat1"]  # the Devil
    same, effects = game.apply(state, Decision("seat1", "high_9"))
    assert same is state and "not the Devil" in effects[0].reason
    state, _ = game.apply(
        state, Decision("seat1", "high_5")
    )  # 4 high: only the ace (as 1) lies below
    assert game.expected(state).decisions == {"seat1": ("low_2",)}
    state, _ = game.apply(state, Decision("seat1", "low_2"))
    same, effects = game.apply(state, Decision("seat1", "wager", 400))
    assert same is state and "a wager lies from $5.00 to $500.00" in effects[0].reason


def test_an_incomplete_board_holds_the_hand_and_void_returns_the_wager() -> None:
    laid = board(p2="AS", p5="4S", p9="DV", p13="JS")
    laid[14] = "4H"  # a second four where the other ace should lie
    game, state = at_choice([2, 5, 9, 13], laid)
    for event in (
        Decision("seat1", "high_2"),
        Decision("seat1", "low_5"),
        Decision("seat1", "wager", 1000),
        CardArrived(parse_card("9C"), "ld/draw"),
    ):
        state, _ = game.apply(state, event)
    for p in range(1, 16):
        if p not in (2, 5, 9, 13):
            state, _effects = game.apply(state, CardArrived(parse_card(laid[p - 1]), f"board/{p}"))
    assert state.irregularity.kind == "board_incomplete" and game.expected(state).controls == (
        "void_hand",
    )
    state, _ = game.apply(state, Control("void_hand", by="pit boss"))
    assert game.expected(state).payment.returned == 1000 and game.expected(state).payment.net == 0
    state, _ = game.apply(state, Control("paid"))
    assert game.result(state).void
    assert game.prompts(state).seats[0].outcome == "void"  # the badge: VOID


def test_a_devil_or_a_repeated_card_from_the_deck_is_impossible() -> None:
    game, state = at_choice([2, 5, 9, 13], board(p2="AS", p5="4S", p9="DV", p13="JS"))
    for event in (
        Decision("seat1", "high_2"),
        Decision("seat1", "low_5"),
        Decision("seat1", "wager", 1000),
    ):
        state, _ = game.apply(state, event)
    held, _ = game.apply(state, CardArrived(parse_card("DV"), "ld/draw"))
    assert (
        held.irregularity.kind == "impossible_card"
        and "no shoe holds one" in held.irregularity.reason
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_random_sessions_finish_balance_and_replay(seed: int) -> None:
    rng = random.Random(seed)
    game = make_game("luck-of-the-draw")
    deck = list(standard_deck(jokers=2))
    rng.shuffle(deck)
    state = game.new_hand()
    for _ in range(7):
        start, events, trace, settled = state, [], [], []
        laid = list(REST)
        rng.shuffle(laid)
        for _ in range(80):
            exp = game.expected(state)
            if exp.hand_over:
                break
            if exp.payment is not None:
                event = Control(PAID)
            elif NEW_DECK in exp.controls:
                deck = list(standard_deck(jokers=2))
                rng.shuffle(deck)
                event = Control(NEW_DECK)
            elif BOARD_LAID in exp.controls:
                event = Control(BOARD_LAID) if rng.random() < 0.9 else Decision("seat1", "stop")
            elif exp.deal is not None:
                spot = exp.deal.spot
                event = CardArrived(
                    deck.pop(0) if spot == "ld/draw" else parse_card(laid[int(spot[6:]) - 1]), spot
                )
            else:
                acts = exp.decisions["seat1"]
                action = rng.choice(acts)
                event = Decision(
                    "seat1", action, rng.randint(500, 50_000) if action == "wager" else None
                )
            new, effects = game.apply(state, event)
            assert not any(isinstance(e, Refused) for e in effects) and new.irregularity is None, (
                effects
            )
            settled += [e.payment for e in effects if isinstance(e, Settled)]
            state = new
            events.append(event)
            trace.append(game.prompts(state).to_dict())
        assert game.expected(state).hand_over
        assert (
            sum(p.staked for p in settled)
            == state.wager
            == sum(p.collected + p.returned for p in settled)
        )
        replayed = game.hand_from_header(game.round_header(start))
        for event in events:
            replayed, _ = game.apply(replayed, event)
        assert game.prompts(replayed).to_dict() == trace[-1]
        state = game.next_hand(state)
