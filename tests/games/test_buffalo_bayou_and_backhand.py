"""Buffalo Bayou Backhand (one seat against the dealer hand) and Backhand (against the stock)."""

import pytest

from table_controller.errors import ConfigError
from table_controller.games import make_game
from tests.games.stacked import Table, play, plays


def test_bb_a_the_red_hand_of_the_s1_example():
    trace = play("buffalo-bayou", "10 6 5 | 7 5 | 4 8", "player hit, player backhand")
    assert plays(trace) == [("player", "4S", 9, 12, 16), ("player", "8S", 14, 16, 24)]
    assert trace["winner"] is None
    assert trace["seats"]["player"] == {
        "outcome": "successful",
        "method": "backhand",
        "player_total": 16,
        "dealer_total": 14,
        "total_hand_value": 24,
        "decided_by": "BB-9",
    }


def test_bb_b_house_special_dealer_wins():
    trace = play("buffalo-bayou", "3 2 10 | 9 4 | 9", "player backhand")
    assert trace["seats"]["player"]["outcome"] == "unsuccessful"
    assert (trace["seats"]["player"]["dealer_total"], trace["seats"]["player"]["player_total"]) == (
        19,
        13,
    )
    assert "the dealer wins" in trace["explanation"]


def test_buffalo_bayou_a_play_the_push_card_past_21_is_decided_by_bb9():
    # IHV 18 (10 8), play the push: the 5 takes the THV to 23; the hand-ending card fails (BB-9)
    trace = play("buffalo-bayou", "10 6 5 | 10 8 | 5", "player play_push")
    seat = trace["seats"]["player"]
    ended = (seat["outcome"], seat["total_hand_value"], seat["decided_by"])
    assert ended == ("unsuccessful", 23, "BB-9")
    # base Backhand (no dealer hand) keeps citing B-7
    assert play("backhand", "10 8 | 5", "seat1 play_push")["seats"]["seat1"]["decided_by"] == "B-7"


def test_buffalo_bayou_has_no_stand_pat():
    t = Table("buffalo-bayou", "10 6 5 | 7 5 | 4")
    t.deal_all()
    t.decide("player", "hit")
    t.deal()  # PTA: PT 12 > DT 9, but no stand pat in BBB (BB-11)
    assert t.expected.decisions == {"player": ("hit", "backhand")}


def test_buffalo_bayou_push_keeps_the_show_cards_bb12():
    t = Table("buffalo-bayou", "10 6 5 | 10 8 | 9 2 | 4")
    t.deal_all()
    t.decide("player", "push")
    t.deal(2)
    assert t.game.prompts(t.state).show_cards == ("5S", "6S", "10S")
    assert t.seat("player").total_hand_value == 11
    assert t.expected.deal.spot == "player.col1" and t.expected.deal.purpose == "forced_hit"


def test_backhand_one_seat_no_dealer_totals():
    trace = play("backhand", "10 2 | 5 9", "seat1 hit, seat1 backhand")
    seat = trace["seats"]["seat1"]
    assert seat == {
        "outcome": "successful",
        "method": "backhand",
        "player_total": 17,
        "dealer_total": None,
        "total_hand_value": 26,
        "decided_by": "B-11",
    }


def test_backhand_exactly_21_loses():
    trace = play("backhand", "10 2 | 9", "seat1 backhand")
    assert trace["seats"]["seat1"]["outcome"] == "unsuccessful"


def test_backhand_seats_play_in_turn_and_aces_at_each_turn_b13():
    # Initial hands dealt first, two to each seat; seat1's ace replaced when its turn comes.
    t = Table("backhand", "A 5 | 10 3 | 9 | 10 | 8", seats=2)
    t.deal_all()
    assert t.spots == ["seat1.hand"] * 2 + ["seat2.hand"] * 2 + ["seat1.hand"]
    assert t.seat("seat1").cards == ("9S", "5S")
    t.decide("seat1", "backhand")
    t.deal()  # 10: 24, seat1 wins
    assert t.seat("seat1").outcome == "successful"
    assert t.expected.decisions == {"seat2": ("hit", "backhand")}


def test_only_missouri_citys_two_seats_play_one_another_mc9():
    assert make_game("missouri-city").head_to_head
    assert not make_game("backhand", seats=2).head_to_head  # two seats, each against the stock
    assert not make_game("buffalo-bayou").head_to_head
    trace = play("backhand", "A 5 | 10 3 | 9 | 10 | 8", "seat1 backhand, seat2 backhand", seats=2)
    assert all("decided_by" in seat for seat in trace["seats"].values())


def test_backhand_deck_count_is_one_per_two_seats():
    assert [make_game("backhand", seats=n).variant.decks for n in range(1, 7)] == [1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize("seats", [0, 7])
def test_backhand_seat_count_is_checked(seats):
    with pytest.raises(ConfigError):
        make_game("backhand", seats=seats)


def test_backhand_multi_seat_result_names_b13():
    trace = play("backhand", "10 2 | 10 3 | 10 | 9", "seat1 backhand, seat2 hit", seats=2)
    assert trace["decided_by"] == "B-13"
    assert trace["seats"]["seat1"]["outcome"] == "successful"
    assert trace["seats"]["seat2"]["outcome"] == "unsuccessful"  # hit 9: 22, bust
