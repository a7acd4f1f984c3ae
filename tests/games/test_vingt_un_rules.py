"""Vingt-un's irregularities (section 8), refusals (V-35), the switches' other values and the
public view (V-9), each from a stacked pack."""

from __future__ import annotations

from typing import Any

import pytest

from table_controller.cards import parse_card
from table_controller.engine import IrregularityOpened, Refused
from table_controller.errors import RuleViolation
from table_controller.events import NEW_DECK, PAID, CardArrived, Control, Decision
from table_controller.games import make_game
from table_controller.scenario import run_scenario

EXAMPLE_1 = "9S KH 5D 10C 7H 4C 6S 2H 8D 8C 7D 9C 4S KD 3H".split()
STAKES_1 = {"seat1": 1000, "seat2": 500, "seat3": 2000, "seat4": 1500}


def example_1_to_first_decision() -> tuple[Any, Any]:
    game = make_game("vingt-un", seats=4)
    state = game.new_hand()
    events = [Control(NEW_DECK), Control("seats_in")] + [
        CardArrived(parse_card(c)) for c in EXAMPLE_1[:5]
    ]
    events += [Decision(s, "stake", a) for s, a in STAKES_1.items()]
    events += [CardArrived(parse_card(c)) for c in EXAMPLE_1[5:10]]
    for event in events:
        state, effects = game.apply(state, event)
        assert not any(isinstance(e, Refused) for e in effects), effects
    return game, state


def apply(game: Any, state: Any, *events: Any) -> Any:
    for event in events:
        state, effects = game.apply(state, event)
        assert not any(isinstance(e, Refused) for e in effects), effects
    return state


def test_an_unexpected_7d_accepted_is_seat1s_draw() -> None:
    game, state = example_1_to_first_decision()
    state, effects = game.apply(state, CardArrived(parse_card("7D")))
    opened = next(e for e in effects if isinstance(e, IrregularityOpened))
    assert opened.irregularity.kind == "unexpected_card"
    assert (
        opened.irregularity.reason
        == "Card 7D was not asked for: leave it aside and call the pit boss"
    )
    assert game.expected(state).controls == ("accept_card", "burn_card", "void_hand")
    assert "7D" not in game.public_prompts(state).dealer_instruction
    state = apply(game, state, Control("accept_card", by="pit boss"))
    assert [c.code for c in state.plays["seat1"].hands[0].cards] == ["9S", "4C", "7D"]
    assert game.expected(state).decisions == {"seat1": ("draw", "stand")}


def test_an_unexpected_7d_burned_goes_to_the_pone_pile_and_seat1_draws_9c() -> None:
    game, state = example_1_to_first_decision()
    state, _ = game.apply(state, CardArrived(parse_card("7D")))
    state = apply(game, state, Control("burn_card", by="pit boss"))
    assert parse_card("7D") in state.shoe.discarded
    assert game.expected(state).decisions == {"seat1": ("draw", "stand")}
    state = apply(game, state, Decision("seat1", "draw"), CardArrived(parse_card("9C")))
    assert state.plays["seat1"].hands[0].total == 22 and state.queue[0].collected == 1000


@pytest.mark.parametrize(
    "event, words",
    [
        (Decision("seat2", "draw"), "SEAT 2 cannot DRAW now (V-35)"),
        (Decision("seat1", "divide", 1000), "SEAT 1 cannot DIVIDE now (V-35)"),
        (Decision("seat1", "stand", 500), "stand takes no amount"),
        (Control(PAID), "there is no payment to confirm now"),
        (Control("done"), "nothing waits for DONE now"),
    ],
)
def test_illegal_decisions_are_refused_with_a_reason_and_change_nothing(
    event: Any, words: str
) -> None:
    game, state = example_1_to_first_decision()
    new, effects = game.apply(state, event)
    assert new is state and isinstance(effects[0], Refused) and effects[0].reason.startswith(words)


def test_a_stake_outside_the_limits_is_refused() -> None:
    game = make_game("vingt-un", seats=1)
    state = apply(
        game,
        game.new_hand(),
        Control(NEW_DECK),
        Control("seats_in"),
        CardArrived(parse_card("9S")),
        CardArrived(parse_card("7H")),
    )
    for amount in (499, 10_001, None):
        new, effects = game.apply(state, Decision("seat1", "stake", amount))
        assert new is state and "a stake lies from $5.00 to $100.00" in effects[0].reason


def test_void_returns_every_unsettled_stake_and_payments_made_stand() -> None:
    game, state = example_1_to_first_decision()
    state = apply(
        game,
        state,
        Decision("seat1", "stand"),
        Decision("seat2", "draw"),
        CardArrived(parse_card("9C")),
        Control(PAID),
    )
    state, _effects = game.apply(state, Control("void_hand", by="pit boss"))
    state = apply(game, state, Control(PAID), Control(PAID), Control(PAID))
    result = game.result(state)
    assert result.void and [(p["seat"], p["net"]) for p in result.details["settlements"]] == [
        ("seat2", -500),
        ("seat1", 0),
        ("seat3", 0),
        ("seat4", 0),
    ]
    assert (
        state.shoe.remaining == 52 - 11 and len(state.shoe.discarded) == 11
    )  # the layout on the pile, no reshuffle
    # the record says so: SEAT 2's over-drawn hand stands (not "void"), the others' stakes came back
    assert [(s, v.outcome, v.decided_by, v.details["net"]) for s, v in result.seats.items()] == [
        ("seat1", "void", "VOID", 0),
        ("seat2", "lose", "V-19", -500),
        ("seat3", "void", "VOID", 0),
        ("seat4", "void", "VOID", 0),
    ]
    assert result.explanation == (
        "round void: unsettled stakes returned; "
        "settlements made before the void stand (V-36): SEAT 2 -$5.00"
    )
    assert [p.outcome for p in game.prompts(state).seats] == ["void", "lose", "void", "void"]


def scenario(
    deck: str, stakes: dict[str, int], decisions: list[dict[str, Any]], **switches: str
) -> dict[str, Any]:
    return run_scenario(
        {
            "game": "vingt-un",
            "switches": switches,
            "deck": deck.split(),
            "seats": list(stakes),
            "stakes": stakes,
            "decisions": decisions,
        }
    )


def test_v3_never_the_house_does_not_double_on_an_ace() -> None:
    t = scenario("KC AH 5D KS", {"seat1": 1000}, [], V3="never")
    assert [(p["seat"], p["net"]) for p in t["rounds"][0]["settlements"]] == [("seat1", -2000)]


def test_v4_hit_soft_17_the_house_draws_on_a_soft_17() -> None:
    t = scenario(
        "10C AH 9C 6S 2D",
        {"seat1": 1000},
        [{"seat": "seat1", "action": "stand"}],
        V4="hit_soft_17",
        V3="never",
    )
    assert t["rounds"][0]["banker"]["cards"] == ["AH", "6S", "2D"]
    assert [(p["seat"], p["net"]) for p in t["rounds"][0]["settlements"]] == [
        ("seat1", -1000)
    ]  # 19 against 19: a tie


def test_the_default_v4_the_house_stands_on_a_soft_17() -> None:
    t = scenario(
        "10C AH 9C 6S 2D", {"seat1": 1000}, [{"seat": "seat1", "action": "stand"}], V3="never"
    )
    assert t["rounds"][0]["banker"]["cards"] == ["AH", "6S"]
    assert [(p["seat"], p["net"]) for p in t["rounds"][0]["settlements"]] == [
        ("seat1", 1000)
    ]  # 19 beats soft 17


def test_v5_doubled_a_divided_hands_stake_is_doubled_after_a_double() -> None:
    t = scenario(
        "8C AH 8D 6S 3C 2D",
        {"seat1": 1000},
        [
            {"seat": "seat1", "action": "divide", "amount": 1000},
            {"seat": "seat1", "action": "stand"},
            {"seat": "seat1", "action": "stand"},
        ],
        V5="doubled",
    )
    hands = t["rounds"][0]["seats"]["seat1"]["hands"]
    assert [h["stake"] for h in hands] == [2000, 2000]


def test_the_default_v5_a_divided_hands_stake_is_as_placed() -> None:
    t = scenario(
        "8C AH 8D 6S 3C 2D",
        {"seat1": 1000},
        [
            {"seat": "seat1", "action": "divide", "amount": 1000},
            {"seat": "seat1", "action": "stand"},
            {"seat": "seat1", "action": "stand"},
        ],
    )
    assert [h["stake"] for h in t["rounds"][0]["seats"]["seat1"]["hands"]] == [2000, 1000]


def test_a_fifth_hand_is_never_offered() -> None:
    t = scenario(
        "8C 5H 8D 6S 8H 9C 8S 2C 3D 4D 2H 10S",
        {"seat1": 1000},
        [
            {"seat": "seat1", "action": "divide", "amount": 500},
            {"seat": "seat1", "action": "divide", "amount": 500},
            {"seat": "seat1", "action": "divide", "amount": 500},
        ]
        + [{"seat": "seat1", "action": "stand"}] * 4,
    )
    offers = [s["dealer"] for s in t["steps"] if "divide?" in s["dealer"]]
    assert len(t["rounds"][0]["seats"]["seat1"]["hands"]) == 4 and len(offers) == 3


def test_a_scenario_with_an_illegal_decision_names_the_step() -> None:
    with pytest.raises(RuleViolation, match="decision seat1 divide is not legal now"):
        scenario(
            "9S 7H 4C 8C", {"seat1": 1000}, [{"seat": "seat1", "action": "divide", "amount": 500}]
        )


def test_the_public_view_never_shows_a_hidden_card_and_the_console_marks_them() -> None:
    game, state = example_1_to_first_decision()
    console, public = game.prompts(state), game.public_prompts(state)
    seat1 = console.seats[0].figures["hands"][0]
    assert (
        seat1["cards"] == ["9S", "4C"] and seat1["hidden"] == [True, True] and seat1["total"] == 13
    )
    shown = public.seats[0].figures["hands"][0]
    assert shown["cards"] == [None, None] and shown["total"] is None and public.seats[0].cards == ()
    assert public.show_cards == (None, None) and console.show_cards == ("7H", "8C")


def test_a_card_read_while_the_round_is_held_is_set_aside_onto_the_pone_pile() -> None:
    game, state = example_1_to_first_decision()
    state, _ = game.apply(state, CardArrived(parse_card("7D")))
    state, effects = game.apply(state, CardArrived(parse_card("9C")))
    assert (
        "set it aside onto the pone pile" in effects[0].note
        and parse_card("9C") in state.shoe.discarded
    )
    state = apply(
        game,
        state,
        Control("burn_card", by="pit boss"),
        Decision("seat1", "draw"),
        CardArrived(parse_card("4S")),
    )
    assert state.plays["seat1"].hands[0].total == 17
