"""One seat's scoring (rules B-3..B-11, BB-5..BB-10, MC-13..15), table-driven."""

import pytest

from table_controller.cards import parse_card
from table_controller.games.backhand import Switches
from table_controller.games.backhand import hand as rules
from table_controller.games.backhand.hand import SeatHand


def c(code: str):
    return parse_card(code)


def hand_of(*codes: str) -> SeatHand:
    h = SeatHand("red")
    for code in codes:
        h = rules.place_initial(h, c(code))
    return h


@pytest.mark.parametrize(
    ("show", "card", "c4", "dt"),
    [
        ("5S", "4H", "cap21", 9),  # S1 example
        ("6S", "8H", "cap21", 14),
        ("2S", "AH", "cap21", 13),  # a hit ace counts 11 for the dealer (example 3)
        ("AS", "5H", "cap21", 16),
        ("AS", "KH", "cap21", 21),
        ("AS", "AH", "cap21", 12),  # A+A = 12 under the cap (C4 default)
        ("AS", "AH", "max", 22),  # A+A = 22 always 11 (C4 = max)
        ("KS", "QH", "cap21", 20),
    ],
)
def test_dealer_value(show, card, c4, dt):
    assert rules.dealer_value(c(show), c(card), Switches(C4=c4)) == dt


def test_card_values_b3():
    assert [c(x).value for x in ("AS", "2H", "9D", "10C", "JS", "QH", "KD")] == [
        1,
        2,
        9,
        10,
        10,
        10,
        10,
    ]


def test_ace_rule_replaces_left_first_and_keeps_a_replacement_ace():
    h = rules.start_ace_rule(hand_of("AS", "AH"))
    assert h.aces_pending == (0, 1)
    h, old = rules.replace_ace(h, c("AD"))  # the replacement ace is kept, at 1
    assert old == c("AS") and h.initial == (c("AD"), c("AH"))
    h, old = rules.replace_ace(h, c("9C"))
    assert old == c("AH") and h.initial == (c("AD"), c("9C"))
    assert h.thv == 10 and h.aces_pending == ()


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        (("10S", "7H"), ("push", "play_push")),  # 17: push hand, no backhand (B-7)
        (("10S", "QH"), ("push", "play_push")),  # 20
        (("10S", "6H"), ("hit", "backhand")),  # 16
        (("9S", "2H"), ("hit",)),  # 11: forced hit (B-8)
        (("AS", "AH"), ("hit",)),  # two kept replacement aces: 2
    ],
)
def test_legal_actions(cards, legal):
    assert rules.legal_actions(hand_of(*cards), True, Switches()) == legal


def test_backhand_exactly_21_is_unsuccessful_c11():
    h = rules.resolve_backhand(hand_of("10S", "2H"), c("9D"), None, Switches())
    assert (h.status, h.thv, h.pt) == ("unsuccessful", 21, 12)


def test_backhand_past_21_without_dealer_succeeds_b11():
    h = rules.resolve_backhand(hand_of("10S", "2H"), c("10D"), None, Switches())
    assert (h.status, h.method, h.decided_by) == ("successful", "backhand", "B-11")
    assert h.hits == () and h.card_count == 2  # the backhand card is not part of the hand


def test_backhand_needs_pta_with_a_dealer_hand_bb_b():
    # Example BB-b: S1 = 10, player (9, 4); backhand 9: DT 19 > PT 13: the dealer wins.
    h = rules.resolve_backhand(hand_of("9S", "4H"), c("9D"), c("10C"), Switches())
    assert (h.pt, h.dt, h.thv, h.status) == (13, 19, 22, "unsuccessful")


@pytest.mark.parametrize(
    ("c5", "outcome"), [("stalemate", "stalemate"), ("unsuccessful", "unsuccessful")]
)
def test_tie_on_ending_card_c5(c5, outcome):
    # PT 13, DT = 3 + 10 = 13, THV 23 > 21: the method passes, totals tie.
    h = rules.resolve_backhand(hand_of("9S", "4H"), c("10D"), c("3C"), Switches(C5=c5))
    assert (h.pt, h.dt, h.status, h.method) == (13, 13, outcome, None)


def test_bust_reports_pt_before_the_card_and_the_column_dt():
    h = rules.resolve_hit(
        hand_of("10S", "5H"), c("9D"), c("4C"), Switches(), forced=False, play_push=False
    )
    assert (h.status, h.pt, h.dt, h.thv, h.method, h.decided_by) == (
        "unsuccessful",
        15,
        13,
        24,
        None,
        "BB-10",
    )


def test_non_ending_hit_without_pta_continues_c6_default_and_loses_under_c6_loses():
    base = hand_of("10S", "2H")
    h = rules.resolve_hit(base, c("3D"), c("10C"), Switches(), forced=False, play_push=False)
    assert (h.status, h.pt, h.dt, h.window) == ("active", 12, 13, False)
    h = rules.resolve_hit(
        base, c("3D"), c("10C"), Switches(C6="loses"), forced=False, play_push=False
    )
    assert h.status == "unsuccessful"


def test_hit_with_pta_opens_the_window():
    h = rules.resolve_hit(
        hand_of("10S", "2H"), c("4D"), c("5C"), Switches(), forced=False, play_push=False
    )
    assert (h.pt, h.dt, h.thv, h.window) == (12, 9, 16, True)


@pytest.mark.parametrize(("c8", "opens"), [("at_12", False), ("never", False), ("any", True)])
def test_forced_hit_to_11_and_the_window_c8(c8, opens):
    # Example 4 row 3: THV 9 -> 11, PT 9 > DT 4, but THV <= 11.
    h = rules.resolve_hit(
        hand_of("2S", "3H", "4D"), c("2C"), c("2D"), Switches(C8=c8), forced=True, play_push=False
    )
    assert (h.pt, h.dt, h.thv, h.window) == (9, 4, 11, opens)


@pytest.mark.parametrize(("c8", "opens"), [("at_12", True), ("never", False), ("any", True)])
def test_forced_hit_past_11_and_the_window_c8(c8, opens):
    h = rules.resolve_hit(
        hand_of("5S", "4H"), c("5D"), c("2D"), Switches(C8=c8), forced=True, play_push=False
    )
    assert (h.pt, h.dt, h.thv, h.window) == (9, 7, 14, opens)


def test_five_card_hand_b10():
    h = hand_of("2S", "3H")
    for card in ("4D", "2C"):
        h = rules.resolve_hit(h, c(card), None, Switches(), forced=True, play_push=False)
    h = rules.resolve_hit(h, c("5S"), None, Switches(), forced=True, play_push=False)
    assert (h.status, h.method, h.thv, h.decided_by) == ("successful", "five_card", 16, "B-10")


def test_play_the_push():
    h = rules.resolve_hit(
        hand_of("10S", "7H"), c("3D"), c("10C"), Switches(), forced=False, play_push=True
    )
    assert (h.status, h.method, h.pt, h.dt, h.thv) == ("successful", "play_push", 17, 13, 20)
    h = rules.resolve_hit(
        hand_of("10S", "7H"), c("5D"), c("10C"), Switches(), forced=False, play_push=True
    )
    assert (h.status, h.method, h.thv) == ("unsuccessful", None, 22)


def test_stand_pat_keeps_the_qualifying_totals():
    h = rules.resolve_hit(
        hand_of("9S", "5H"), c("AD"), c("2C"), Switches(), forced=False, play_push=False
    )
    h = rules.stand_pat(h)
    assert (h.status, h.method, h.pt, h.dt, h.thv) == ("successful", "stand_pat", 14, 13, 15)


def test_blocked_window_never_reopens_sp6():
    h = rules.block_window(hand_of("10S", "2H"))
    h = rules.resolve_hit(h, c("4D"), c("5C"), Switches(), forced=False, play_push=False)
    assert h.window is False
