"""Missouri City Backhand turn rules (MC-5..MC-16) and switches C1, C3, C7, C9, C12."""

import pytest

from table_controller.cards import parse_card
from table_controller.engine import Refused
from table_controller.games.backhand.hand import SeatHand
from table_controller.games.backhand.outcome import missouri_city_winner
from tests.games.stacked import Table, play, plays


def test_c1_left_to_right_puts_the_first_card_on_s1():
    trace = play(
        "missouri-city",
        "5 6 10 | 10 2 | 7 5 | 4 4 8 9",
        "red hit, green hit, red backhand, green backhand",
        first_dealt="green",
        switches={"C1": "left_to_right"},
    )
    assert [s["spot"] for s in trace["steps"][1:4]] == ["S1", "S2", "S3"]
    assert plays(trace)[2] == ("red", "8S", 14, 16, 24)
    assert (trace["winner"], trace["decided_by"]) == ("red", "W-4")


def test_ace_rule_after_both_hands_second_dealt_resolves_first_mc5():
    t = Table("missouri-city", "4 3 2 | A 5 | 9 A | 7 8", first_dealt="red")
    t.deal_all()
    assert t.spots[-2:] == ["green.hand", "red.hand"]
    assert (t.seat("green").cards, t.seat("green").total_hand_value) == (("9S", "7S"), 16)
    assert (t.seat("red").cards, t.seat("red").total_hand_value) == (("8S", "5S"), 13)


def test_ace_rule_immediate_c3():
    t = Table(
        "missouri-city",
        "4 3 2 | A 5 | 7 | 9 A | 8",
        first_dealt="red",
        switches={"C3": "immediate"},
    )
    t.deal_all()
    assert t.seat("red").cards == ("7S", "5S")
    assert t.seat("green").cards == ("9S", "8S")
    assert t.expected.decisions == {"green": ("push", "play_push")}  # 17: green's push hand first


def test_no_push_hand_second_dealt_acts_first_mc8():
    t = Table("missouri-city", "4 3 2 | 10 3 | 10 4", first_dealt="green")
    t.deal_all()
    assert t.expected.decisions == {"red": ("hit", "backhand")}


def test_both_push_hands_second_dealt_acts_first_mc8():
    t = Table("missouri-city", "4 3 2 | 10 8 | 10 9", first_dealt="red")
    t.deal_all()
    assert t.expected.decisions == {"green": ("push", "play_push")}


@pytest.mark.parametrize(
    ("c12", "first"), [("second_dealt", "green.col1"), ("ace_holder", "red.col1")]
)
def test_first_to_act_with_an_initial_ace_c12(c12, first):
    t = Table("missouri-city", "4 3 2 | A 5 | 9 2 | 4 5", first_dealt="red", switches={"C12": c12})
    t.deal_all()  # both seats are at 11 or less: forced hits, no decisions
    assert t.spots[7] == "red.hand"  # the ace replacement
    assert t.spots[8] == first


def test_forced_hits_alternate_single_cards_mc9():
    t = Table("missouri-city", "4 3 2 | 2 3 | 4 3 | A A A A", first_dealt="red")
    t.deal(7)
    assert t.expected.deal.purpose == "forced_hit"
    assert t.expected.decisions == {}
    t.deal(4)
    assert t.spots[7:] == ["green.col1", "red.col1", "green.col2", "red.col2"]


@pytest.mark.parametrize(("c7", "expected"), [("whole_turn", "green.col1"), ("keeps_turn", None)])
def test_push_is_a_whole_turn_c7(c7, expected):
    t = Table("missouri-city", "4 3 2 | 10 8 | 5 6 | J 7", first_dealt="red", switches={"C7": c7})
    t.deal_all()
    assert t.expected.decisions == {"red": ("push", "play_push")}
    t.decide("red", "push")
    t.deal(2)
    if expected is None:
        assert t.expected.decisions == {"red": ("push", "play_push")}
    else:
        assert t.expected.deal.spot == expected


def _open_green_window() -> Table:
    # S1=2, S2=8, S3=9; red (10,3) first dealt; green (10,4) acts first.
    t = Table("missouri-city", "9 8 2 | 10 3 | 10 4 | 2 10 3 5", first_dealt="red")
    t.deal_all()
    t.decide("green", "hit")
    t.deal()  # green: PT 14, DT 4, THV 16: window open
    return t


def test_stand_pat_is_offered_out_of_turn_right_after_the_qualifying_hit_mc15():
    t = _open_green_window()
    assert t.expected.decisions == {"red": ("hit", "backhand"), "green": ("stand_pat",)}
    assert "GREEN may STAND PAT first" in t.game.prompts(t.state).dealer_instruction


def test_the_offer_ends_when_the_opponent_plays_but_the_window_stays_open_for_the_next_turn():
    t = _open_green_window()
    t.decide("red", "hit")
    effects = t.decide("green", "stand_pat")
    assert isinstance(effects[0], Refused)
    t.cards.pop(0)  # not the 10: give red a 3 instead
    t.deal()
    assert t.seat("red").total_hand_value == 16
    assert t.expected.decisions["green"] == ("hit", "backhand", "stand_pat")


def test_opponent_failing_closes_the_window_sp6():
    t = _open_green_window()
    t.decide("red", "hit")
    t.deal()  # red takes the 10: 23, bust
    assert t.seat("red").outcome == "unsuccessful"
    assert t.expected.decisions == {"green": ("hit", "backhand")}


def test_making_another_play_closes_the_window_mc14():
    t = _open_green_window()
    t.decide("red", "hit")
    t.cards.pop(0)
    t.deal()  # red 3: PTA
    t.decide("green", "hit")  # green gives up its stand pat
    t.deal()  # green 5: col2 8+5 = 13 < PT 16... DT 13, PT 16: window reopens
    assert t.seat("green").note == "may stand pat"


@pytest.mark.parametrize(("c9", "offered"), [("closes", False), ("stays_open", True)])
def test_opponent_stalemate_and_the_window_c9(c9, offered):
    # S1=3; green (10,4) hits 2 (window); red (10,3) backhands 10 in column 1: PT 13, DT 3+10 = 13: stalemate.
    t = Table("missouri-city", "9 8 3 | 10 3 | 10 4 | 2 10", first_dealt="red", switches={"C9": c9})
    t.deal_all()
    t.decide("green", "hit")
    t.deal()
    t.decide("red", "backhand")
    t.deal()
    assert t.seat("red").outcome == "stalemate"
    assert ("stand_pat" in t.expected.decisions["green"]) is offered


def test_stand_pat_not_allowed_on_an_untouched_hand():
    t = Table("missouri-city", "4 3 2 | 10 3 | 10 4", first_dealt="red")
    t.deal_all()
    before = t.state
    effects = t.decide("green", "stand_pat")
    assert isinstance(effects[0], Refused)
    assert "GREEN may HIT or BACKHAND" in effects[0].reason
    assert t.state is before


def _done(seat, status, method=None, pt=None, thv=None):
    return SeatHand(seat, status=status, method=method, pt=pt, thv=thv or 0)


@pytest.mark.parametrize(
    ("red", "green", "winner", "rule"),
    [
        (("unsuccessful",), ("unsuccessful",), None, "W-1"),
        (("stalemate",), ("unsuccessful",), None, "W-1"),
        (("successful", "backhand", 14, 23), ("stalemate",), "red", "W-2"),
        (("successful", "five_card", 12, 20), ("successful", "backhand", 14, 23), "red", "W-3"),
        (("successful", "play_push", 17, 21), ("successful", "backhand", 14, 21), None, "W-3"),
        (("successful", "backhand", 16, 24), ("successful", "backhand", 16, 25), "red", "W-4"),
        (("successful", "backhand", 17, 24), ("successful", "backhand", 16, 25), "green", "W-4"),
        (("successful", "backhand", 16, 24), ("successful", "backhand", 16, 24), None, "W-4"),
        (("successful", "play_push", 18, 20), ("successful", "play_push", 17, 21), "green", "W-5"),
        (("successful", "five_card", 15, 19), ("successful", "five_card", 16, 18), "green", "W-6"),
        (("successful", "stand_pat", 14, 15), ("unsuccessful",), "red", "SP-W1"),
        (("successful", "stand_pat", 14, 15), ("stalemate",), "red", "SP-W1"),
        (("successful", "stand_pat", 14, 15), ("successful", "backhand", 16, 22), "red", "SP-W2"),
        (("successful", "stand_pat", 14, 17), ("successful", "backhand", 16, 22), "green", "SP-W2"),
        (("successful", "stand_pat", 14, 16), ("successful", "backhand", 16, 22), None, "SP-W2"),
        (
            ("successful", "stand_pat", 12, 18),
            ("successful", "play_push", 17, 20),
            "green",
            "SP-W3",
        ),
        (
            ("successful", "stand_pat", 14, 15),
            ("successful", "five_card", 11, 16),
            "green",
            "SP-W4",
        ),
        (("successful", "stand_pat", 13, 16), ("successful", "stand_pat", 14, 15), "red", "SP-W5"),
        (
            ("successful", "stand_pat", 13, 16),
            ("successful", "stand_pat", 13, 15),
            "green",
            "SP-W5",
        ),
    ],
)
def test_winner_tables(red, green, winner, rule):
    assert missouri_city_winner(_done("red", *red), _done("green", *green)) == (winner, rule)


def test_deck_running_out_voids_the_game_c10():
    # One deck cannot run out in Missouri City (push hands need two cards of 7 or more), so
    # the rule is tested by emptying the shoe model under a hand that needs a card.
    t = Table("missouri-city", "4 3 2 | 10 3 | 10 4 | 5", first_dealt="red")
    t.deal_all()
    from dataclasses import replace

    shoe = t.state.shoe
    for card in (c for c in _full_deck() if shoe.can_hold(c)):
        shoe = shoe.draw(card)
    t.state = replace(t.state, shoe=shoe)
    t.decide("green", "hit")
    result = t.game.result(t.state)
    assert (result.winner, result.decided_by, result.void) == (None, "MC-17", True)


def test_deck_running_out_with_reshuffle_c10():
    from dataclasses import replace

    from table_controller.events import RESHUFFLE, Control

    t = Table(
        "missouri-city",
        "4 3 2 | 10 8 | 5 6 | 2 3 9",
        first_dealt="red",
        switches={"C10": "reshuffle"},
    )
    t.deal_all()
    t.decide("red", "push")
    shoe = t.state.shoe
    for card in (c for c in _full_deck() if shoe.can_hold(c) and c.code not in ("2H", "3H", "9H")):
        shoe = shoe.draw(card)
    t.state = replace(t.state, shoe=shoe)
    t.cards = [parse_card(x) for x in ("2H", "3H", "9H")]
    t.deal(3)  # the push's two cards, then green's forced hit (the last card)
    assert t.state.shoe.remaining == 0
    t.deal_all()
    assert t.expected.controls == ("reshuffle_discards", "void_hand")
    t.apply(Control(RESHUFFLE))
    assert t.state.shoe.remaining == 2  # red's pushed 10 and 8 are back in the shoe
    assert t.expected.deal is not None or t.expected.decisions


def _full_deck():
    from table_controller.cards import standard_deck

    return standard_deck()
