"""Red Dog irregularities (red-dog.md A4): states that hold the round for the pit boss, never crashes."""

from __future__ import annotations

from typing import Any

from table_controller.cards import parse_card
from table_controller.events import (
    ACCEPT_CARD,
    BURN_CARD,
    DONE,
    PAID,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Wager,
)
from table_controller.games import make_game


def table(*events: Any, **switches: Any) -> tuple[Any, Any]:
    game = make_game("red-dog", switches={"RD1": 1, **switches})
    state = game.hand_from_header({"round": {"phase": "antes"}})
    for event in events:
        state, effects = game.apply(state, event)
        assert not any(type(e).__name__ == "Refused" for e in effects), effects
    return game, state


def card(code: str, spot: str | None = None) -> CardArrived:
    return CardArrived(parse_card(code), spot)


ANTES = (Wager("seat1", "ante", 1000), Wager("seat2", "ante", 2000), Control(DONE))


def test_a_card_during_the_raise_decisions_accepted_as_the_third_card() -> None:
    game, state = table(
        *ANTES, card("5H"), card("JC"), Decision("seat1", "raise", 1000), card("9D")
    )
    assert state.irregularity.kind == "unexpected_card"
    assert game.expected(state).controls == (ACCEPT_CARD, BURN_CARD, VOID_HAND)
    assert game.prompts(state).dealer_instruction.startswith(
        "IRREGULARITY: 9D arrived while the table waits for the seats' raise decisions"
    )
    state, effects = game.apply(state, Control(ACCEPT_CARD, by="pit boss Ann"))
    assert "seats that had not decided call" in effects[0].note
    assert state.decided == {"seat1": "raise", "seat2": "call"} and [
        c.code for c in state.cards
    ] == ["5H", "JC", "9D"]
    assert [(p.seat, p.net) for p in state.queue] == [("seat2", 2000), ("seat1", 2000)]


def test_a_card_during_the_antes_is_burned_or_the_round_voided() -> None:
    game, state = table(Wager("seat1", "ante", 1000), card("5H"))
    assert state.irregularity.kind == "unexpected_card" and game.expected(state).controls == (
        BURN_CARD,
        VOID_HAND,
    )
    new, effects = game.apply(state, Control(ACCEPT_CARD))
    assert new is state and "resolved by burn_card or void_hand" in effects[0].reason
    burned, _ = game.apply(state, Control(BURN_CARD))
    assert (
        burned.irregularity is None
        and burned.shoe.burned[-1] == parse_card("5H")
        and burned.phase == "antes"
    )
    voided, effects = game.apply(state, Control(VOID_HAND, by="pit boss"))
    assert [(p.seat, p.returned) for p in voided.queue] == [("seat1", 1000)]
    voided, effects = game.apply(voided, Control(PAID))
    assert voided.phase == "over" and game.result(voided).void


def test_an_impossible_card_is_held_and_never_counted() -> None:
    game, state = table(*ANTES, card("AS"), card("AS"))
    assert (
        state.irregularity.kind == "impossible_card"
        and "holds 1 and 1 already came out" in state.irregularity.reason
    )
    _joker_game, joker = table(*ANTES, card("JK"))
    assert (
        joker.irregularity.kind == "impossible_card"
        and "a joker is not in a Red Dog shoe" in joker.irregularity.reason
    )
    burned, _ = game.apply(state, Control(BURN_CARD))
    assert (
        burned.shoe.drawn == (parse_card("AS"),)
        and game.expected(burned).deal.spot == "dealer/card2"
    )


def test_a_card_at_the_wrong_spot_clears_itself_when_moved() -> None:
    game, state = table(*ANTES, card("5H", "dealer/card2"))
    assert state.irregularity.kind == "wrong_spot" and game.expected(state).controls == (VOID_HAND,)
    state, _effects = game.apply(state, card("5H", "dealer/card1"))
    assert state.irregularity is None and [c.code for c in state.cards] == ["5H"]
    assert game.expected(state).deal.spot == "dealer/card2"


def test_void_returns_every_ante_and_raise_in_seat_order_down() -> None:
    game, state = table(*ANTES, card("5H"), card("JC"), Decision("seat1", "raise", 500))
    state, _ = game.apply(state, Control(VOID_HAND, by="pit boss"))
    assert [(p.seat, p.staked, p.returned, p.net) for p in state.queue] == [
        ("seat2", 2000, 2000, 0),
        ("seat1", 1500, 1500, 0),
    ]
    while state.queue:
        state, _ = game.apply(state, Control(PAID))
    state, _ = game.apply(state, Control(DONE))
    assert game.result(state).void and game.result(state).decided_by == "VOID"


def test_the_cut_card_completes_the_round_then_a_shuffle() -> None:
    game, state = table(
        *ANTES,
        card("5H"),
        Control("cut_card"),
        card("JC"),
        Decision("seat1", "call"),
        Decision("seat2", "call"),
        card("2C"),
        Control(PAID),
        Control(PAID),
        Control(DONE),
    )
    assert game.prompts(state).dealer_instruction == "Round over. Shuffle before the next round"
    assert game.expected(game.next_hand(state)).controls == ("new_deck",)


def test_every_round_shuffles_after_each_round() -> None:
    game, state = table(
        *ANTES,
        card("5H"),
        card("6H"),
        Control(PAID),
        Control(PAID),
        Control(DONE),
        RD4="every_round",
    )
    assert game.next_hand(state).phase == "shuffle"


def test_a_cut_card_reported_after_the_round_ends_nothing_again() -> None:
    game, state = table(*ANTES, card("5H"), card("6H"), Control(PAID), Control(PAID), Control(DONE))
    assert game.expected(state).hand_over
    after, effects = game.apply(state, Control("cut_card"))
    assert [type(e).__name__ for e in effects] == ["Applied"] and after.cut_reached
    assert game.next_hand(after).phase == "shuffle"


def test_a_void_during_the_payments_returns_the_ante_already_collected() -> None:
    # 5 J 2: both seats lose; one collection is made, then a stray card holds the round and the pit
    # boss voids it: RD-15 returns every ante, the one already collected too (each seat's net is 0).
    calls = (Decision("seat1", "call"), Decision("seat2", "call"))
    game, state = table(
        *ANTES, card("5H"), card("JC"), *calls, card("2C"), Control(PAID), card("9D")
    )
    [made] = state.settled
    state, _ = game.apply(state, Control(VOID_HAND, by="pit boss"))
    said = []
    while state.queue:
        said.append(game.prompts(state).dealer_instruction)
        state, _ = game.apply(state, Control(PAID))
    other = "seat1" if made.seat == "seat2" else "seat2"
    words = {"seat1": "SEAT 1", "seat2": "SEAT 2"}
    amount = {"seat1": "$10.00", "seat2": "$20.00"}
    assert said == [
        f"Push: return {words[other]}'s {amount[other]} (round void: returned)",
        f"Return {amount[made.seat]} to {words[made.seat]} (ante, collected)",
    ]
    assert [p.outcome for p in game.prompts(state).seats][:2] == ["void", "void"]
    state, _ = game.apply(state, Control(DONE))
    result = game.result(state)
    assert result.void and [s.details["net"] for s in result.seats.values()] == [0, 0]


def test_a_void_during_the_payments_takes_back_a_win_already_paid() -> None:
    # 5 J 9: a spread of 5, both seats win 1 to 1 (RD-12); one is paid, then the round is voided:
    # the win comes back to the house, so the void moves no money (every seat's net 0)
    calls = (Decision("seat1", "call"), Decision("seat2", "call"))
    game, state = table(
        *ANTES, card("5H"), card("JC"), *calls, card("9D"), Control(PAID), card("2S")
    )
    [made] = state.settled
    state, _ = game.apply(state, Control(VOID_HAND, by="pit boss"))
    said = []
    while state.queue:
        said.append(game.prompts(state).dealer_instruction)
        state, _ = game.apply(state, Control(PAID))
    who = {"seat1": "SEAT 1", "seat2": "SEAT 2"}[made.seat]
    assert said[-1] == f"Take back ${made.paid // 100}.00 from {who} (ante, paid)"
    state, _ = game.apply(state, Control(DONE))
    result = game.result(state)
    assert [s.details["net"] for s in result.seats.values()] == [0, 0]
    assert result.explanation == (
        "round void: every ante and raise returned; every win paid before the void taken back"
    )
