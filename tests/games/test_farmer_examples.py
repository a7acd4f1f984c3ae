"""Farmer: the rules document's worked examples (farmer.md section 9), each dealt from its stacked
deck with every card's spot and the score after it, every decision, every payment in order with
the farm after it, each seat's net, the farm and the next farmer checked."""

from __future__ import annotations

import pytest

from table_controller.cards import parse_card
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games.farmer.prompts import seat_net
from tests.games.farmer_table import Trail, apply, brief, deal_from, game_of, play

A = 100


def nets(game, state) -> dict[str, int]:
    return {seat: seat_net(state, seat) for seat in game.seats}


def example_1_deal(game):
    state = game.new_hand()
    assert (
        game.prompts(state).dealer_instruction
        == "Shuffle all 45 cards and load the shoe to choose the first farmer"
    )
    state, _ = apply(game, state, Control(NEW_DECK))
    spots = []
    for code in ("KS", "3D", "6H"):
        spots.append(game.expected(state).deal.spot)
        state, _ = apply(game, state, CardArrived(parse_card(code)))
    assert spots == ["seat1/select", "seat2/select", "seat3/select"]
    assert state.farmer == "seat3"
    assert [(s, c.code) for s, c in state.chosen_by] == [
        ("seat1", "KS"),
        ("seat2", "3D"),
        ("seat3", "6H"),
    ]
    assert game.prompts(state).dealer_instruction == (
        "SEAT 3 has the 6\u2665 and is the first farmer. Gather every card; shuffle all 45 cards and load the shoe"
    )
    return state


def test_example_1_choosing_the_farmer_a_single_16_two_silent_busts():
    game = game_of(4)
    state = example_1_deal(game)
    trail = Trail()
    state = play(
        game,
        state,
        "9C 10H 5H 7D | 7S | 4D 5S | 3C KD | 2S 4C",
        [
            ("seat4", "stay"),
            ("seat1", "hit"),
            ("seat1", "stay"),
            ("seat2", "hit"),
            ("seat2", "stay"),
            ("seat3", "hit"),
            ("seat3", "stay"),
        ],
        trail,
    )
    assert trail.cards == [
        ("seat4/card1", "9C", 9),
        ("seat1/card1", "10H", 10),
        ("seat2/card1", "5H", 5),
        ("seat3/card1", "7D", 7),
        ("seat4/card2", "7S", 16),
        ("seat1/card2", "4D", 14),
        ("seat1/card3", "5S", 19),
        ("seat2/card2", "3C", 8),
        ("seat2/card3", "KD", 18),
        ("seat3/card2", "2S", 9),
        ("seat3/card3", "4C", 13),
    ]
    assert brief(trail.payments) == [
        ("seat4", "farm", A, "F-10", 100),
        ("seat1", "farm", A, "F-10", 200),
        ("seat2", "farm", A, "F-10", 300),
        ("seat3", "farm", A, "F-10", 400),
        ("farm", "seat4", 400, "F-15", 0),
        ("seat1", "seat3", A, "F-17", 0),
        ("seat2", "seat3", A, "F-17", 0),
    ]
    assert nets(game, state) == {"seat1": -200, "seat2": -200, "seat3": 100, "seat4": 300}
    assert state.farm == 0 and state.next_farmer == "seat4"
    assert "Take an ante of $1.00 from SEAT 3 into the farm (farm $4.00)" in trail.instructions
    assert "Deal SEAT 4 a card face down (seat4/card1)" in trail.instructions
    assert "Deal SEAT 4 a card face up (seat4/card2): its required draw" in trail.instructions
    assert "Turn up every face-down card, starting with SEAT 4" in trail.instructions
    assert "SEAT 1 pays $1.00 to SEAT 3, the farmer: SEAT 1 passed 16" in trail.instructions
    assert game.next_hand(state).farmer == "seat4"


def test_example_1_busts_are_silent_until_the_reveal():
    """F-6, F-13: after seat1 passes 16 nothing public says so; a hit is refused on the console only."""
    game = game_of(4)
    state = deal_from(game, "seat3", 0)
    state, _ = apply(game, state, Control(NEW_DECK))
    for _ in range(4):
        state, _ = apply(game, state, Control("paid"))
    for code in ("9C", "10H", "5H", "7D", "7S"):
        state, _ = apply(game, state, CardArrived(parse_card(code)))
    from table_controller.events import Decision

    state, _ = apply(game, state, Decision("seat4", "stay"))
    state, _ = apply(game, state, CardArrived(parse_card("4D")))
    state, _ = apply(game, state, Decision("seat1", "hit"))
    state, _ = apply(game, state, CardArrived(parse_card("5S")))
    prompts = game.prompts(state)
    seat1 = next(p for p in prompts.seats if p.seat == "seat1")
    assert prompts.dealer_instruction == "SEAT 1: hit or stay?"
    assert seat1.legal_actions == ("hit", "stay") and seat1.player_total is None
    assert seat1.cards == ("4D", "5S")  # card1 stays face down
    assert seat1.figures["score"] is None and seat1.figures["cards"][0] == {
        "spot": "seat1/card1",
        "code": None,
        "face": "down",
    }
    assert seat1.figures["console"] == {
        "card1": "10H",
        "score": 19,
        "note": "passed 16: do not announce",
    }
    same, effects = game.apply(state, Decision("seat1", "hit"))
    assert same is state and effects[0].reason == "SEAT 1 must stay"


def test_example_2_two_16s_the_6h_decides_a_busted_farmer():
    game = game_of(4)
    trail = Trail()
    state = play(
        game,
        deal_from(game, "seat4", 0),
        "6H 9D 2C KC | 10S | 7C | 3S QH | 9S",
        [
            ("seat1", "stay"),
            ("seat2", "stay"),
            ("seat3", "hit"),
            ("seat3", "stay"),
            ("seat4", "stay"),
        ],
        trail,
    )
    assert trail.cards == [
        ("seat1/card1", "6H", 6),
        ("seat2/card1", "9D", 9),
        ("seat3/card1", "2C", 2),
        ("seat4/card1", "KC", 10),
        ("seat1/card2", "10S", 16),
        ("seat2/card2", "7C", 16),
        ("seat3/card2", "3S", 5),
        ("seat3/card3", "QH", 15),
        ("seat4/card2", "9S", 19),
    ]
    assert brief(trail.payments)[4:] == [("farm", "seat1", 400, "F-15 T1", 0)]
    assert nets(game, state) == {"seat1": 300, "seat2": -100, "seat3": -100, "seat4": -100}
    assert state.next_farmer == "seat1" and state.farm == 0


def test_example_2_with_f2_pays_farm():
    game = game_of(4, F2="pays_farm")
    trail = Trail()
    state = play(
        game,
        deal_from(game, "seat4", 0),
        "6H 9D 2C KC | 10S | 7C | 3S QH | 9S",
        [
            ("seat1", "stay"),
            ("seat2", "stay"),
            ("seat3", "hit"),
            ("seat3", "stay"),
            ("seat4", "stay"),
        ],
        trail,
    )
    assert brief(trail.payments)[4:] == [
        ("farm", "seat1", 400, "F-15 T1", 0),
        ("seat4", "farm", A, "F-17", 100),
    ]
    assert nets(game, state)["seat4"] == -200 and state.farm == 100


def test_example_2_with_f4_pay_winner():
    game = game_of(4, F4="pay_winner")
    trail = Trail()
    state = play(
        game,
        deal_from(game, "seat4", 0),
        "6H 9D 2C KC | 10S | 7C | 3S QH | 9S",
        [
            ("seat1", "stay"),
            ("seat2", "stay"),
            ("seat3", "hit"),
            ("seat3", "stay"),
            ("seat4", "stay"),
        ],
        trail,
    )
    assert brief(trail.payments)[4:] == [
        ("farm", "seat1", 400, "F-15 T1", 0),
        ("seat3", "seat1", A, "F-19", 0),
    ]
    assert nets(game, state) == {"seat1": 400, "seat2": -100, "seat3": -200, "seat4": -100}


def test_example_3_three_16s_no_6h_the_farmer_among_the_fewest():
    game = game_of(5)
    trail = Trail()
    state = play(
        game,
        deal_from(game, "seat5", 200),
        "4S 9H 5C JS 9D | 5D 2H 3H | 7D | 4H 7H | 9C | 7S",
        [
            ("seat1", "hit"),
            ("seat1", "hit"),
            ("seat1", "stay"),
            ("seat2", "stay"),
            ("seat3", "hit"),
            ("seat3", "stay"),
            ("seat4", "stay"),
            ("seat5", "stay"),
        ],
        trail,
    )
    assert trail.cards == [
        ("seat1/card1", "4S", 4),
        ("seat2/card1", "9H", 9),
        ("seat3/card1", "5C", 5),
        ("seat4/card1", "JS", 10),
        ("seat5/card1", "9D", 9),
        ("seat1/card2", "5D", 9),
        ("seat1/card3", "2H", 11),
        ("seat1/card4", "3H", 14),
        ("seat2/card2", "7D", 16),
        ("seat3/card2", "4H", 9),
        ("seat3/card3", "7H", 16),
        ("seat4/card2", "9C", 19),
        ("seat5/card2", "7S", 16),
    ]
    assert brief(trail.payments) == [
        ("seat1", "farm", A, "F-10", 300),
        ("seat2", "farm", A, "F-10", 400),
        ("seat3", "farm", A, "F-10", 500),
        ("seat4", "farm", A, "F-10", 600),
        ("seat5", "farm", A, "F-10", 700),
        ("farm", "seat5", 700, "F-15 T3", 0),
        ("seat4", "seat5", A, "F-17", 0),
    ]
    assert nets(game, state) == {
        "seat1": -100,
        "seat2": -100,
        "seat3": -100,
        "seat4": -200,
        "seat5": 700,
    }
    assert state.farm == 0 and state.next_farmer == "seat5"
    assert (
        "Deal over (farm $0.00): gather every card to the discard. SEAT 5 stays the farmer"
        == trail.instructions[-1]
    )


def test_example_4_the_fewest_cards_tie_without_the_farmer():
    game = game_of(4)
    trail = Trail()
    state = play(
        game,
        deal_from(game, "seat2", 0),
        "10D 9C 7H 2C | AS 3D | 7C | 9S | 4D KS",
        [
            ("seat3", "hit"),
            ("seat3", "stay"),
            ("seat4", "stay"),
            ("seat1", "stay"),
            ("seat2", "hit"),
            ("seat2", "stay"),
        ],
        trail,
    )
    assert trail.cards == [
        ("seat3/card1", "10D", 10),
        ("seat4/card1", "9C", 9),
        ("seat1/card1", "7H", 7),
        ("seat2/card1", "2C", 2),
        ("seat3/card2", "AS", 11),
        ("seat3/card3", "3D", 14),
        ("seat4/card2", "7C", 16),
        ("seat1/card2", "9S", 16),
        ("seat2/card2", "4D", 6),
        ("seat2/card3", "KS", 16),
    ]
    assert brief(trail.payments)[4:] == [("farm", "seat4", 400, "F-15 T4", 0)]
    assert nets(game, state) == {"seat1": -100, "seat2": -100, "seat3": -100, "seat4": 300}
    assert state.next_farmer == "seat4"


EXAMPLE_5 = (
    "10C 5H QC 7S 3C | 5S | 7D | 9D | 7C | 2D 9H",
    [
        ("seat2", "stay"),
        ("seat3", "stay"),
        ("seat4", "stay"),
        ("seat5", "stay"),
        ("seat1", "hit"),
        ("seat1", "stay"),
    ],
)


def test_example_5_nobody_at_16_one_closest_seat():
    game = game_of(5)
    trail = Trail()
    state = play(game, deal_from(game, "seat1", 0), *EXAMPLE_5, trail)
    assert trail.cards == [
        ("seat2/card1", "10C", 10),
        ("seat3/card1", "5H", 5),
        ("seat4/card1", "QC", 10),
        ("seat5/card1", "7S", 7),
        ("seat1/card1", "3C", 3),
        ("seat2/card2", "5S", 15),
        ("seat3/card2", "7D", 12),
        ("seat4/card2", "9D", 19),
        ("seat5/card2", "7C", 14),
        ("seat1/card2", "2D", 5),
        ("seat1/card3", "9H", 14),
    ]
    assert brief(trail.payments)[5:] == [
        ("seat3", "seat2", A, "F-16", 500),
        ("seat5", "seat2", A, "F-16", 500),
        ("seat1", "seat2", A, "F-16", 500),
        ("seat4", "seat1", A, "F-17", 500),
    ]
    assert nets(game, state) == {
        "seat1": -100,
        "seat2": 200,
        "seat3": -200,
        "seat4": -200,
        "seat5": -200,
    }
    assert state.farm == 500 and state.next_farmer == "seat1" and state.decided_by == "F-16"


def test_example_5_with_f3_also_closest():
    game = game_of(5, F3="also_closest")
    trail = Trail()
    state = play(game, deal_from(game, "seat1", 0), *EXAMPLE_5, trail)
    assert brief(trail.payments)[5:] == [
        ("seat3", "seat2", A, "F-16", 500),
        ("seat4", "seat2", A, "F-18", 500),
        ("seat5", "seat2", A, "F-16", 500),
        ("seat1", "seat2", A, "F-16", 500),
        ("seat4", "seat1", A, "F-17", 500),
    ]
    assert nets(game, state)["seat2"] == 300 and nets(game, state)["seat4"] == -300


EXAMPLE_6 = (
    "10S 7H AC 3H 9S 4C | 5C | 3S 5D | 4S JD | 7C | QH | 9D",
    [
        ("seat1", "stay"),
        ("seat2", "hit"),
        ("seat2", "stay"),
        ("seat3", "hit"),
        ("seat3", "stay"),
        ("seat4", "stay"),
        ("seat5", "stay"),
        ("seat6", "stay"),
    ],
)


def test_example_6_a_three_way_tie_for_closest_the_side_pot_and_its_remainder():
    game = game_of(6)
    trail = Trail()
    state = play(game, deal_from(game, "seat6", 500), *EXAMPLE_6, trail)
    assert trail.cards == [
        ("seat1/card1", "10S", 10),
        ("seat2/card1", "7H", 7),
        ("seat3/card1", "AC", 1),
        ("seat4/card1", "3H", 3),
        ("seat5/card1", "9S", 9),
        ("seat6/card1", "4C", 4),
        ("seat1/card2", "5C", 15),
        ("seat2/card2", "3S", 10),
        ("seat2/card3", "5D", 15),
        ("seat3/card2", "4S", 5),
        ("seat3/card3", "JD", 15),
        ("seat4/card2", "7C", 10),
        ("seat5/card2", "QH", 19),
        ("seat6/card2", "9D", 13),
    ]
    assert brief(trail.payments)[6:] == [
        ("seat4", "side_pot", A, "F-16", 1100),
        ("seat6", "side_pot", A, "F-16", 1100),
        ("side_pot", "seat1", 66, "F-16", 1100),
        ("side_pot", "seat2", 66, "F-16", 1100),
        ("side_pot", "seat3", 66, "F-16", 1100),
        ("side_pot", "farm", 2, "F-16", 1102),
        ("seat5", "seat6", A, "F-17", 1102),
    ]
    assert nets(game, state) == {
        "seat1": -34,
        "seat2": -34,
        "seat3": -34,
        "seat4": -200,
        "seat5": -200,
        "seat6": -100,
    }
    assert state.farm == 1102 and state.side_pot == 0 and state.next_farmer == "seat6"
    assert "Put the side pot's remainder, $0.02, into the farm (farm $11.02)" in trail.instructions
    assert any(
        i.startswith("SEAT 6 pays $1.00 into the side pot (side pot $2.00)")
        for i in trail.instructions
    )


def test_example_6_with_f5_ante():
    game = game_of(6, F5="ante")
    trail = Trail()
    state = play(game, deal_from(game, "seat6", 500), *EXAMPLE_6, trail)
    assert brief(trail.payments)[6:] == [
        ("seat4", "side_pot", A, "F-16", 1100),
        ("seat6", "side_pot", A, "F-16", 1100),
        ("side_pot", "farm", 200, "F-16", 1300),
        ("seat5", "seat6", A, "F-17", 1300),
    ]
    assert [nets(game, state)[s] for s in ("seat1", "seat2", "seat3")] == [-100, -100, -100]
    assert state.farm == 1300


@pytest.mark.parametrize("farm", [0, 1, 7, 1102])
def test_f22_closing_divides_the_farm_from_the_farmers_left(farm):
    from table_controller.games.farmer.deal import order_from_left
    from table_controller.games.farmer.settle import close_shares

    order = order_from_left(("seat1", "seat2", "seat3", "seat4", "seat5"), "seat3")
    shares = close_shares(order, farm)
    assert [s for s, _ in shares] == ["seat4", "seat5", "seat1", "seat2", "seat3"]
    assert sum(c for _, c in shares) == farm
    assert max(c for _, c in shares) - min(c for _, c in shares) <= 1
    assert [c for _, c in shares] == sorted((c for _, c in shares), reverse=True)
