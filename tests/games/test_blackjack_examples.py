"""The rules document's eight worked examples (blackjack.md section 8), each as a scenario with
every payment, in order, and the totals along the way checked."""

from __future__ import annotations

from typing import Any

from table_controller.scenario import run_scenario


def play(
    deck: str, seats: dict[str, Any], decisions: list[dict[str, Any]] = (), **switches: Any
) -> dict[str, Any]:
    return run_scenario(
        {
            "game": "blackjack",
            "switches": switches,
            "seats": seats,
            "deck": deck.split(),
            "decisions": list(decisions),
        }
    )


def payments(trace: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(seat, bet, net) of every settlement, in the order the dealer made them."""
    return [(p["seat"], p["bet"], p["net"]) for p in trace["settlements"]]


def totals_seen(trace: dict[str, Any], seat: str) -> list[list[str]]:
    """The seat's hand totals after each step where they changed."""
    seen: list[list[str]] = []
    for step in trace["steps"]:
        now = [h["total"] for h in step["seats"].get(seat, [])]
        if now and (not seen or seen[-1] != now):
            seen.append(now)
    return seen


def instructions(trace: dict[str, Any]) -> list[str]:
    return [s["dealer"] for s in trace["steps"]]


def test_example_1_a_dealer_bust_and_one_eight() -> None:
    t = play(
        "8H 6D 9C 10S 7C",
        {"seat1": {"bet": 1000, "side_bet": 500}},
        [{"seat": "seat1", "action": "stand"}],
    )
    assert totals_seen(t, "seat1") == [["8"], ["17"]]
    assert "Pay SEAT 1 side bet, one ace or eight, 2 to 1: $10.00" in instructions(t)
    assert payments(t) == [("seat1", "side", 1000), ("seat1", "main", 1000)]
    assert t["dealer"] == {"cards": ["6D", "10S", "7C"], "total": 23, "soft": False}
    assert t["seats"]["seat1"]["net"] == 2000 and t["seats"]["seat1"]["side_bet"] == {
        "outcome": "DMH-ONE",
        "net": 1000,
    }


def test_example_2_insurance_dealer_blackjack_eights_paid_50_to_1() -> None:
    t = play(
        "8S 10H AC 8D 9S KD",
        {"seat1": {"bet": 2000, "side_bet": 500}, "seat2": {"bet": 1000}},
        [
            {"seat": "seat1", "action": "no_insurance"},
            {"seat": "seat2", "action": "insurance", "amount": 500},
        ],
    )
    assert payments(t) == [
        ("seat2", "main", -1000),
        ("seat2", "insurance", 1000),
        ("seat1", "main", -2000),
        ("seat1", "side", 25000),
    ]
    assert "Pay SEAT 1 side bet, pair and dealer blackjack, 50 to 1: $250.00" in instructions(t)
    assert any(i.startswith("Dealer has blackjack: turn the hole card.") for i in instructions(t))
    assert t["seats"]["seat1"]["net"] == 23000 and t["seats"]["seat2"]["net"] == 0


def test_example_3_eights_split_and_re_split_two_sets_pt5() -> None:
    t = play(
        "8C 7H 8S 10C AD 8H AS 3D 9D",
        {"seat1": {"bet": 1000, "side_bet": 500}},
        [
            {"seat": "seat1", "action": "split"},
            {"seat": "seat1", "hand": 1, "action": "stand"},
            {"seat": "seat1", "hand": 2, "action": "split"},
            {"seat": "seat1", "hand": 2, "action": "stand"},
            {"seat": "seat1", "hand": 3, "action": "hit"},
            {"seat": "seat1", "hand": 3, "action": "stand"},
        ],
        B14="PT5",
    )
    assert totals_seen(t, "seat1")[-1] == ["soft 19", "soft 19", "20"]
    assert ["8", "8"] in totals_seen(t, "seat1") and ["soft 19", "8", "8"] in totals_seen(
        t, "seat1"
    )
    assert ["soft 19", "soft 19", "11"] in totals_seen(t, "seat1")
    assert "Pay SEAT 1 side bet, two sets of ace-eight, 50 to 1: $250.00" in instructions(t)
    assert payments(t) == [
        ("seat1", "side", 25000),
        ("seat1", "main", 1000),
        ("seat1", "main", 1000),
        ("seat1", "main", 1000),
    ]
    assert [p["hand"] for p in t["settlements"][1:]] == [3, 2, 1]  # right to left, last hand first
    assert t["dealer"]["total"] == 17 and t["seats"]["seat1"]["net"] == 28000


def test_example_4_aces_split_once_one_set_pt2() -> None:
    t = play(
        "AH 9C AD 7S 8C AS 5H",
        {"seat1": {"bet": 1000, "side_bet": 500}},
        [{"seat": "seat1", "action": "split"}],
    )
    hands = t["seats"]["seat1"]["hands"]
    assert [h["cards"] for h in hands] == [["AH", "8C"], ["AD", "AS"]]
    assert [h["total"] for h in hands] == [19, 12]
    assert payments(t) == [
        ("seat1", "side", 2000),
        ("seat1", "main", -1000),
        ("seat1", "main", -1000),
    ]
    assert t["dealer"] == {"cards": ["9C", "7S", "5H"], "total": 21, "soft": False}
    assert t["seats"]["seat1"]["net"] == 0


def test_example_5_a_pair_of_eights_stood() -> None:
    t = play(
        "8D 10H 8C 9H",
        {"seat1": {"bet": 1000, "side_bet": 500}},
        [{"seat": "seat1", "action": "stand"}],
    )
    assert any(i.startswith("No blackjack: play on.") for i in instructions(t))
    assert payments(t) == [("seat1", "side", 2000), ("seat1", "main", -1000)]
    assert t["seats"]["seat1"]["side_bet"] == {"outcome": "DMH-S0", "net": 2000}
    assert t["seats"]["seat1"]["net"] == 1000


def test_example_6_six_to_five_rounds_cents_down_and_the_dealer_draws_nothing() -> None:
    t = play("AS 9D KC 7C", {"seat1": {"bet": 1234}}, B5="6:5")
    assert payments(t) == [("seat1", "main", 1480)]
    assert t["dealer"] == {"cards": ["9D", "7C"], "total": 16, "soft": False}


def test_example_7_no_hole_card_a_double_lost_to_a_dealer_blackjack() -> None:
    seats = {"seat1": {"bet": 1000, "side_bet": 500}}
    decisions = [{"seat": "seat1", "action": "no_insurance"}, {"seat": "seat1", "action": "double"}]
    t = play("6H AD 5C 9S KH", seats, decisions, B3="enhc", B4="all")
    assert totals_seen(t, "seat1") == [["6"], ["11"], ["20"]]
    assert payments(t) == [("seat1", "side", -500), ("seat1", "main", -2000)]
    assert t["seats"]["seat1"]["net"] == -2500
    t = play("6H AD 5C 9S KH", seats, decisions, B3="enhc", B4="original")
    assert t["seats"]["seat1"]["net"] == -1500
    assert t["settlements"][-1]["collected"] == 1000 and t["settlements"][-1]["returned"] == 1000


def test_example_8_late_surrender() -> None:
    t = play(
        "10S 10D 6H 7S",
        {"seat1": {"bet": 1000}},
        [{"seat": "seat1", "action": "surrender"}],
        B10="late",
    )
    assert payments(t) == [("seat1", "main", -500)]
    assert t["dealer"] == {"cards": ["10D", "7S"], "total": 17, "soft": False}


def test_an_odd_cent_of_a_surrender_goes_to_the_house() -> None:
    t = play(
        "10S 10D 6H 7S",
        {"seat1": {"bet": 1001}},
        [{"seat": "seat1", "action": "surrender"}],
        B10="late",
    )
    assert t["settlements"] == [
        {
            "seat": "seat1",
            "bet": "main",
            "staked": 1001,
            "collected": 501,
            "returned": 500,
            "paid": 0,
            "net": -501,
            "reason": "late surrender: half the bet returned",
            "rule": "BJ-10",
            "hand": 1,
        }
    ]


def test_three_to_two_on_an_odd_bet_rounds_down() -> None:
    t = play("AS 9D KC 7C", {"seat1": {"bet": 1275}})
    assert payments(t) == [("seat1", "main", 1912)]
