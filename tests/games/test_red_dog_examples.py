"""The rules document's Red Dog worked examples (red-dog.md A5), each as a scenario with every
intermediate state (the spread, its odds, the wagers) and every payment, in order, checked."""

from __future__ import annotations

from typing import Any

import pytest

from table_controller.cards import parse_card
from table_controller.events import DONE, NEW_DECK, PAID, CardArrived, Control, Decision, Wager
from table_controller.games import make_game
from table_controller.scenario import run_scenario

ANTES = {"seat1": {"ante": 1000}, "seat2": {"ante": 2500}, "seat3": {"ante": 500}}


def play(deck: str, decisions: str = "", *, burn: bool = False, **switches: Any) -> dict[str, Any]:
    """``decisions`` like ``"seat1 raise 1000, seat3 call"``."""
    items = []
    for words in (d.split() for d in decisions.split(",") if d.strip()):
        items.append(
            {
                "seat": words[0],
                "action": words[1],
                **({"amount": int(words[2])} if len(words) > 2 else {}),
            }
        )
    return run_scenario(
        {
            "game": "red-dog",
            "switches": {"RD1": 6, **switches},
            "seats": ANTES,
            "deck": deck.split(),
            "decisions": items,
            "burn": burn,
        }
    )


def payments(t: dict[str, Any]) -> list[tuple[str, int]]:
    """(seat, net) of every settlement, in the order the dealer made them."""
    return (
        [(p["seat"], p["net"]) for p in t["rounds"][-1]["settlements"]]
        if len(t["rounds"]) == 1
        else [(p["seat"], p["net"]) for r in t["rounds"] for p in r["settlements"]]
    )


def step_after(t: dict[str, Any], card: str) -> dict[str, Any]:
    return next(s for s in t["steps"] if s["event"] == {"type": "card", "card": card})


def instructions(t: dict[str, Any]) -> list[str]:
    return [s["dealer"] for s in t["steps"]]


def test_rd_a_fresh_shoe_spread_5_wins_at_1_to_1() -> None:
    t = play("10S 5H JC 9D", "seat1 raise 1000, seat2 raise 1000, seat3 call", burn=True)
    # 1: the burn card, face down: never shown
    burn = step_after(t, "10S")
    assert burn["table"] == {"cards": {}} and burn["dealer"] == "Take antes ($5.00 to $500.00)"
    # 2: 5H, JC: spread 5, 1 to 1
    two = step_after(t, "JC")
    assert two["table"] == {
        "cards": {"card1": "5H", "card2": "JC"},
        "kind": "spread",
        "spread": 5,
        "odds": "1 to 1",
    }
    assert two["dealer"] == "Spread 5 pays 1 to 1. SEAT 1: raise up to $10.00 or call"
    # 3: the raises: wagers $20, $35, $5
    raised = [s for s in t["steps"] if s["event"]["type"] == "decision"]
    assert [s["wagers"] for s in raised] == [
        {"seat1": 2000, "seat2": 2500, "seat3": 500},
        {"seat1": 2000, "seat2": 3500, "seat3": 500},
        {"seat1": 2000, "seat2": 3500, "seat3": 500},
    ]
    # 4: 9D between 5 and J: a win; 5: paid from seat3 down to seat1
    assert step_after(t, "9D")["table"]["outcome"] == "win"
    assert payments(t) == [("seat3", 500), ("seat2", 3500), ("seat1", 2000)]
    assert "Pay SEAT 2 $35.00 (ante $25.00 + raise $10.00 at 1 to 1)" in instructions(t)
    assert t["net"] == {"seat1": 2000, "seat2": 3500, "seat3": 500}
    assert instructions(t)[-2:] == [
        "Clear the cards to the discard rack, then DONE",
        "Round over. Take the next round's antes",
    ]


def test_rd_b_spread_1_a_tie_loses() -> None:
    t = play("7S 9C 9H", "seat1 call, seat2 raise 2500, seat3 raise 500")
    assert step_after(t, "9C")["table"] == {
        "cards": {"card1": "7S", "card2": "9C"},
        "kind": "spread",
        "spread": 1,
        "odds": "5 to 1",
    }
    assert [s["wagers"] for s in t["steps"] if s["event"]["type"] == "decision"][-1] == {
        "seat1": 1000,
        "seat2": 5000,
        "seat3": 1000,
    }
    assert payments(t) == [("seat3", -1000), ("seat2", -5000), ("seat1", -1000)]
    assert (
        "Collect $50.00 from SEAT 2 (ante $25.00 + raise $25.00: 9 is not between 7 and 9)"
        in instructions(t)
    )


@pytest.mark.parametrize(
    ("table", "won"), [("standard", [5000, 25000, 5000]), ("ante_even", [3000, 15000, 1000])]
)
def test_rd_b_had_the_third_card_been_an_eight(table: str, won: list[int]) -> None:
    t = play("7S 9C 8H", "seat1 call, seat2 raise 2500, seat3 raise 500", RD2=table)
    assert payments(t) == [("seat3", won[0]), ("seat2", won[1]), ("seat1", won[2])]


def test_rd_c_consecutive_then_three_of_a_kind_then_a_pair_without() -> None:
    t = play("KD QS 4C 4H 4S 2D 2C JH")
    consecutive, trips, pair = t["rounds"]
    # 1: KD QS: consecutive, no third card, antes returned from seat3 down
    assert consecutive["cards"] == ["KD", "QS"] and consecutive["kind"] == "consecutive"
    assert [(p["seat"], p["net"], p["returned"]) for p in consecutive["settlements"]] == [
        ("seat3", 0, 500),
        ("seat2", 0, 2500),
        ("seat1", 0, 1000),
    ]
    assert (
        step_after(t, "QS")["dealer"]
        == "Consecutive: push. Push: return SEAT 3's $5.00 (consecutive: push)"
    )
    # 2: 4C 4H: a pair, the third card at once (no raise), 4S: three of a kind at 11 to 1
    four = step_after(t, "4H")
    assert four["dealer"] == "Pair: deal the third card. Deal dealer/card3"
    assert four["table"] == {
        "cards": {"card1": "4C", "card2": "4H"},
        "kind": "pair",
        "odds": "11 to 1",
    }
    assert trips["outcome"] == "three_of_a_kind"
    assert [(p["seat"], p["net"]) for p in trips["settlements"]] == [
        ("seat3", 5500),
        ("seat2", 27500),
        ("seat1", 11000),
    ]
    # 3: 2D 2C: a pair; JH: antes returned
    assert pair["outcome"] == "pair" and [(p["seat"], p["net"]) for p in pair["settlements"]] == [
        ("seat3", 0),
        ("seat2", 0),
        ("seat1", 0),
    ]
    assert t["net"] == {"seat1": 11000, "seat2": 27500, "seat3": 5500}


def test_rd_d_equal_ante_spread_3_at_2_to_1() -> None:
    t = play("3D 7H 5S", "seat1 raise 1000, seat2 call, seat3 raise 500", RD3="equal_ante")
    assert (
        step_after(t, "7H")["table"]["spread"] == 3
        and step_after(t, "7H")["table"]["odds"] == "2 to 1"
    )
    assert step_after(t, "7H")["dealer"] == "Spread 3 pays 2 to 1. SEAT 1: raise $10.00 or call"
    assert [s["wagers"] for s in t["steps"] if s["event"]["type"] == "decision"][-1] == {
        "seat1": 2000,
        "seat2": 2500,
        "seat3": 1000,
    }
    assert payments(t) == [("seat3", 2000), ("seat2", 5000), ("seat1", 4000)]


def at_raise(**switches: Any) -> tuple[Any, Any]:
    game = make_game("red-dog", switches=switches)
    state = game.hand_from_header({"round": {"phase": "antes"}})
    for event in (
        Wager("seat1", "ante", 1000),
        Wager("seat2", "ante", 2500),
        Control(DONE),
        CardArrived(parse_card("3D")),
        CardArrived(parse_card("7H")),
    ):
        state, _ = game.apply(state, event)
    return game, state


@pytest.mark.parametrize(("rd3", "legal"), [("up_to_ante", True), ("equal_ante", False)])
def test_rd_d_a_raise_of_4_dollars(rd3: str, legal: bool) -> None:
    game, state = at_raise(RD3=rd3)
    new, effects = game.apply(state, Decision("seat1", "raise", 400))
    if legal:
        assert new.raises == {"seat1": 400}
    else:
        assert (
            new is state
            and "a raise equals the ante, $10.00 (RD-11); got $4.00" in effects[0].reason
        )


def test_rd_14_refusals_change_nothing() -> None:
    game, state = at_raise()
    for event, words in [
        (Decision("seat1", "raise", 1001), "up to the ante, $10.00"),
        (Decision("seat2", "call"), "SEAT 1 decides now, in seat order"),
        (Decision("seat1", "raise"), "a raise is from $0.01 up to the ante"),
        (Wager("seat3", "ante", 1000), "antes are locked"),
    ]:
        new, effects = game.apply(state, event)
        assert new is state and words in effects[0].reason, effects
    pair = game.hand_from_header({"round": {"phase": "antes"}})
    for event in (
        Wager("seat1", "ante", 1000),
        Control(DONE),
        CardArrived(parse_card("4C")),
        CardArrived(parse_card("4H")),
    ):
        pair, _ = game.apply(pair, event)
    new, effects = game.apply(pair, Decision("seat1", "raise", 1000))
    assert new is pair and "no seat may raise after a pair (RD-10)" in effects[0].reason


def test_antes_within_limits_and_at_least_one() -> None:
    game = make_game("red-dog")
    state = game.hand_from_header({"round": {"phase": "antes"}})
    new, effects = game.apply(state, Control(DONE))
    assert new is state and "at least one ante" in effects[0].reason
    new, effects = game.apply(state, Wager("seat1", "ante", 499))
    assert new is state and "an ante lies from $5.00 to $500.00" in effects[0].reason


def test_a_fresh_table_shuffles_and_burns_first() -> None:
    game = make_game("red-dog")
    state = game.new_hand()
    assert game.expected(state).controls == (NEW_DECK,)
    assert game.prompts(state).dealer_instruction == "Shuffle, place the cut card, load the shoe"
    state, _ = game.apply(state, Control(NEW_DECK))
    assert (
        game.expected(state).deal.spot == "discard" and game.expected(state).deal.purpose == "burn"
    )
    state, _ = game.apply(state, CardArrived(parse_card("10S")))
    assert state.shoe.burned == (parse_card("10S"),) and game.prompts(state).show_cards == ()
    assert game.expected(state).controls == (NEW_DECK,)  # no DONE before an ante
    assert PAID not in game.expected(state).controls
