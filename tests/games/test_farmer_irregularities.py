"""Farmer's irregularities (rules section 8) and refusals (F-24, F-25): held, resolved, logged."""

from __future__ import annotations

from table_controller.cards import parse_card
from table_controller.engine import IrregularityOpened, Refused
from table_controller.events import (
    ACCEPT_CARD,
    BURN_CARD,
    DONE,
    NEW_DECK,
    PAID,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
)
from table_controller.games.farmer.prompts import seat_net
from tests.games.farmer_table import apply, deal_from, game_of


def dealt(game, codes: str, farmer: str = "seat1"):
    """A deal of three seats past its antes, with ``codes`` dealt."""
    state = deal_from(game, farmer, 0)
    state, _ = apply(game, state, Control(NEW_DECK))
    for _ in game.seats:
        state, _ = apply(game, state, Control(PAID))
    for code in codes.split():
        state, _ = apply(game, state, CardArrived(parse_card(code)))
    return state


def test_a_stripped_card_is_impossible_and_burned_unused():
    game = game_of(3)
    state = dealt(game, "2S 3S")
    state, effects = game.apply(state, CardArrived(parse_card("8D")))
    opened = next(e for e in effects if isinstance(e, IrregularityOpened)).irregularity
    assert opened.kind == "impossible_card"
    assert "stripped out of the 45-card deck" in opened.reason
    assert game.expected(state).controls == (BURN_CARD, VOID_HAND)
    assert game.prompts(state).dealer_instruction.startswith(
        "IRREGULARITY: F-1: the 8 of diamonds (8D)"
    )
    _, effects = game.apply(state, Decision("seat2", "hit"))
    assert isinstance(effects[0], Refused) and "BURN CARD or VOID HAND" in effects[0].reason
    state, _ = apply(game, state, Control(BURN_CARD, by="pit boss"))
    assert state.irregularity is None and game.expected(state).deal.spot == "seat1/card1"


def test_a_6h_twice_is_impossible():
    game = game_of(3)
    state = dealt(game, "6H")
    state, _effects = game.apply(state, CardArrived(parse_card("6H")))
    assert state.irregularity.kind == "impossible_card"


def test_an_unexpected_card_accepted_as_the_hit_of_the_seat_on_turn():
    game = game_of(3)
    state = dealt(game, "2S 3S 4S 5S")  # seat2, seat3, seat1 face down; seat2's required draw
    assert game.expected(state).decisions == {"seat2": ("hit", "stay")}
    state, _effects = game.apply(state, CardArrived(parse_card("7C")))
    assert state.irregularity.kind == "unexpected_card"
    state, _ = apply(game, state, Control(ACCEPT_CARD, by="pit boss"))
    assert [c.code for c in state.hands["seat2"]] == ["2S", "5S", "7C"] and state.score(
        "seat2"
    ) == 14
    assert game.expected(state).decisions == {"seat2": ("hit", "stay")}


def test_an_unexpected_card_after_a_bust_cannot_be_accepted_only_burned():
    game = game_of(3)
    state = dealt(game, "10S 3S 4S 9S")  # seat2 has 19
    state, _ = game.apply(state, CardArrived(parse_card("7C")))
    same, effects = game.apply(state, Control(ACCEPT_CARD, by="pit boss"))
    assert same is state and isinstance(effects[0], Refused)
    state, _ = apply(game, state, Control(BURN_CARD, by="pit boss"))
    assert parse_card("7C") in state.shoe.burned and state.shoe.remaining == 45 - 5


def test_a_decision_out_of_turn_is_refused():
    game = game_of(3)
    state = dealt(game, "2S 3S 4S 5S")
    same, effects = game.apply(state, Decision("seat3", "stay"))
    assert same is state and "SEAT 2 is on turn" in effects[0].reason


def test_void_returns_every_ante_and_the_same_farmer_deals_again():
    game = game_of(3)
    state = dealt(game, "2S 3S 4S 5S")
    state, _ = apply(game, state, Control(VOID_HAND, by="pit boss"))
    assert (
        game.prompts(state).dealer_instruction
        == "Return SEAT 2's ante, $1.00, from the farm: the deal is void"
    )
    while game.expected(state).payment is not None:
        state, _ = apply(game, state, Control(PAID))
    assert game.expected(state).hand_over and state.void and state.farm == 0
    assert all(seat_net(state, s) == 0 for s in game.seats)
    assert game.next_hand(state).farmer == "seat1"


def test_void_is_refused_once_the_payments_have_begun():
    game = game_of(2, F4="pay_winner")  # two payments: the farm, then seat1's 14 to seat2
    state = dealt(game, "10S 9S 6H")  # seat2 16
    state, _ = apply(game, state, Decision("seat2", "stay"))
    state, _ = apply(game, state, CardArrived(parse_card("5H")))  # seat1 14
    state, _ = apply(game, state, Decision("seat1", "stay"))
    state, _ = apply(game, state, Control(DONE))
    state, _ = apply(game, state, Control(PAID))
    same, effects = game.apply(state, Control(VOID_HAND, by="pit boss"))
    assert same is state and "F-25" in effects[0].reason


def test_a_card_at_the_wrong_spot_is_placed_once_moved():
    game = game_of(3)
    state = dealt(game, "2S")
    state, _ = game.apply(state, CardArrived(parse_card("3S"), "seat1/card1"))
    assert state.irregularity.kind == "wrong_spot" and state.irregularity.cards == ()
    assert (
        "3S" not in game.prompts(state).dealer_instruction
    )  # a face-down card stays unnamed (F-6)
    state, _ = apply(game, state, Control(ACCEPT_CARD, by="pit boss"))
    assert [c.code for c in state.hands["seat3"]] == ["3S"]


def test_a_face_down_card_seen_face_up_before_the_reveal_is_exposed_and_accepted_as_public():
    game = game_of(3)
    state = dealt(game, "2S 3S 4S 5S")  # seat2 2S (down) 5S; seat3 3S; seat1 4S
    state, _effects = game.apply(state, CardArrived(parse_card("3S"), "seat3/card1"))
    assert state.irregularity.kind == "exposed_card" and game.expected(state).controls == (
        ACCEPT_CARD,
        VOID_HAND,
    )
    assert (
        "SEAT 3's face-down card 3S is seen face up at seat3/card1 before the reveal"
        in state.irregularity.reason
    )
    state, _ = apply(game, state, Control(ACCEPT_CARD, by="pit boss"))
    seat3 = game.prompts(state).seats[2]
    assert seat3.cards == ("3S",) and seat3.figures["cards"][0] == {
        "spot": "seat3/card1",
        "code": "3S",
        "face": "up",
    }
    assert game.prompts(state).seats[1].figures["cards"][0]["code"] is None  # the others stay down
    state, _effects = game.apply(state, CardArrived(parse_card("3S"), "seat3/card1"))
    assert state.irregularity is None  # seen again: public already
    assert game.expected(state).decisions == {"seat2": ("hit", "stay")}


def test_a_face_down_card_that_reads_differently_at_the_reveal_voids_the_deal():
    game = game_of(2)
    state = dealt(game, "10S 9S 6H")
    state, _ = apply(game, state, Decision("seat2", "stay"))
    state, _ = apply(game, state, CardArrived(parse_card("5H")))
    state, _ = apply(game, state, Decision("seat1", "stay"))
    state, effects = game.apply(
        state, CardArrived(parse_card("10S"), "seat2/card1")
    )  # as the shoe read it
    assert state.irregularity is None and effects[0].note == "10S seen at seat2/card1"
    state, _ = game.apply(state, CardArrived(parse_card("JS"), "seat1/card1"))
    assert state.irregularity.kind == "mismatch" and state.irregularity.cards == (
        "JS",
    )  # 9S is not named yet
    assert (
        state.irregularity.reason
        == "the camera reads JS at seat1/card1, not the card the shoe read there"
    )
    assert game.expected(state).controls == (VOID_HAND,)
    state, _ = apply(game, state, Control(VOID_HAND, by="pit boss"))
    while game.expected(state).payment is not None:
        state, _ = apply(game, state, Control(PAID))
    assert state.void and state.farm == 0


def test_a_mismatch_once_the_payments_have_begun_lets_them_stand():
    game = game_of(2, F4="pay_winner")
    state = dealt(game, "10S 9S 6H")
    state, _ = apply(game, state, Decision("seat2", "stay"))
    state, _ = apply(game, state, CardArrived(parse_card("5H")))
    state, _ = apply(game, state, Decision("seat1", "stay"))
    state, _ = apply(game, state, Control(DONE))
    state, _ = apply(game, state, Control(PAID))  # the farm to seat2
    state, _ = game.apply(state, CardArrived(parse_card("JS"), "seat1/card1"))
    assert state.irregularity.kind == "mismatch" and game.expected(state).controls == (ACCEPT_CARD,)
    state, _ = apply(game, state, Control(ACCEPT_CARD, by="pit boss"))
    state, _ = apply(game, state, Control(PAID))
    assert game.expected(state).hand_over and not state.void


def test_a_face_up_card_read_again_at_its_spot_is_seen_and_one_read_otherwise_is_a_mismatch():
    game = game_of(3)
    state = dealt(game, "2S 3S 4S 5S")
    state, effects = game.apply(state, CardArrived(parse_card("5S"), "seat2/card2"))
    assert state.irregularity is None and effects[0].note == "5S seen at seat2/card2"
    state, _ = game.apply(state, CardArrived(parse_card("9S"), "seat2/card2"))
    assert state.irregularity.kind == "mismatch"


def test_a_void_deal_is_not_voided_twice_and_a_hardware_hold_can_be_accepted():
    from table_controller.events import HardwareIrregularity

    game = game_of(3)
    state = dealt(game, "2S 3S 4S 5S")
    state, _ = apply(game, state, HardwareIrregularity("sequence gap"))
    assert game.expected(state).controls == (VOID_HAND, ACCEPT_CARD)
    state, _ = apply(game, state, Control(ACCEPT_CARD, by="pit boss"))
    assert state.irregularity is None and game.expected(state).decisions
    state, _ = apply(game, state, Control(VOID_HAND, by="pit boss"))
    state, _ = apply(game, state, Control(PAID))
    same, effects = game.apply(state, Control(VOID_HAND, by="pit boss"))
    assert (
        same is state
        and effects[0].reason == "the deal is void already: its antes are being returned"
    )
