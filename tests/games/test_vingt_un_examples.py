"""The rules document's worked examples (vingt-un.md section 9), each a scenario with every
card's spot, every hidden and public total, every payment in order, and the house's net checked."""

from __future__ import annotations

from typing import Any

from table_controller.scenario import run_scenario


def play(deck: str, rounds: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return run_scenario(
        {"game": "vingt-un", "deck": deck.replace("|", " ").split(), "rounds": rounds, **extra}
    )


def rnd(seats: str, stakes: dict[str, int], decisions: str = "") -> dict[str, Any]:
    """``decisions`` like ``"seat1 draw, seat1 divide 1000"``."""
    out = []
    for item in (d.split() for d in decisions.split(",") if d.strip()):
        d: dict[str, Any] = {"seat": item[0], "action": item[1]}
        if len(item) > 2:
            d["amount"] = int(item[2])
        out.append(d)
    return {"seats": seats.split(), "stakes": stakes, "decisions": out}


def cards(t: dict[str, Any], r: int = 1) -> list[tuple[str, str]]:
    """(card, spot) of every card dealt in round r, in order."""
    return [
        (s["event"]["card"], s["spot"])
        for s in t["steps"]
        if s["round"] == r and s["event"]["type"] == "card"
    ]


def payments(t: dict[str, Any], r: int = 1) -> list[tuple[str, int | None, int]]:
    return [(p["seat"], p.get("hand"), p["net"]) for p in t["rounds"][r - 1]["settlements"]]


def after(t: dict[str, Any], card: str, r: int = 1) -> dict[str, Any]:
    """The step right after ``card`` was dealt in round r."""
    return next(s for s in t["steps"] if s["round"] == r and s["event"].get("card") == card)


def totals(step: dict[str, Any]) -> dict[str, list[str]]:
    return {seat: [h["total"] for h in hands] for seat, hands in step["seats"].items()}


def dealer_words(t: dict[str, Any]) -> list[str]:
    return [s["dealer"] for s in t["steps"]]


def test_example_1_stand_over_draw_drawn_vingt_un_and_a_tie_to_the_banker() -> None:
    t = play(
        "9S KH 5D 10C 7H 4C 6S 2H 8D 8C | 7D 9C 4S KD 3H",
        [
            rnd(
                "seat1 seat2 seat3 seat4",
                {"seat1": 1000, "seat2": 500, "seat3": 2000, "seat4": 1500},
                "seat1 draw, seat1 stand, seat2 draw, seat3 draw, seat3 draw, seat4 stand",
            )
        ],
    )
    assert cards(t)[:10] == [
        ("9S", "seat1/h1/card1"),
        ("KH", "seat2/h1/card1"),
        ("5D", "seat3/h1/card1"),
        ("10C", "seat4/h1/card1"),
        ("7H", "banker/card1"),
        ("4C", "seat1/h1/card2"),
        ("6S", "seat2/h1/card2"),
        ("2H", "seat3/h1/card2"),
        ("8D", "seat4/h1/card2"),
        ("8C", "banker/card2"),
    ]
    staked = next(
        s
        for s in t["steps"]
        if s["event"].get("action") == "stake" and s["event"]["seat"] == "seat4"
    )
    assert [h[0]["stake"] for h in staked["seats"].values()] == [1000, 500, 2000, 1500]
    assert staked["dealer"].startswith("No double.")  # step 7: banker/card1 is a 7
    second = after(t, "8C")
    assert totals(second) == {"seat1": ["13"], "seat2": ["16"], "seat3": ["7"], "seat4": ["18"]}
    assert second["banker"] == {"total": "15", "public": [None, None]}
    assert second["public_cards"] == {
        s: [[None, None]] for s in ("seat1", "seat2", "seat3", "seat4")
    }
    assert cards(t)[10:] == [
        ("7D", "seat1/h1/card3"),
        ("9C", "seat2/h1/card3"),
        ("4S", "seat3/h1/card3"),
        ("KD", "seat3/h1/card4"),
        ("3H", "banker/card3"),
    ]
    assert totals(after(t, "7D"))["seat1"] == ["20"]
    over = after(t, "9C")
    assert (
        over["dealer"]
        == "Collect $5.00 from SEAT 2 (over-drawn with 25: throw the hand on the pone pile unexposed)"
    )
    assert over["public_cards"]["seat2"] == [["9C"]]  # its first two cards are never shown
    assert (
        over["public"]
        == "Collect $5.00 from SEAT 2 (over-drawn: throw the hand on the pone pile unexposed)"
    )
    assert second["public"] == "SEAT 1: draw or stand?"  # no hidden total on the watching screen
    assert totals(after(t, "4S"))["seat3"] == ["11"]
    stood = after(t, "KD")
    assert (
        totals(stood)["seat3"] == ["21"] and stood["dealer"] == "SEAT 4 (18): draw or stand?"
    )  # stands at once
    assert after(t, "KD")["banker"]["public"] == [None, None]
    assert (
        "Turn up the banker's cards (15). Deal the banker card 3 face up (banker/card3)"
        in dealer_words(t)
    )
    assert after(t, "3H")["banker"] == {"total": "18", "public": ["7H", "8C", "3H"]}
    assert payments(t) == [
        ("seat2", 1, -500),
        ("seat1", 1, 1000),
        ("seat3", 1, 4000),
        ("seat4", 1, -1500),
    ]
    assert (
        "Collect $15.00 from SEAT 4 (turn it up: 18 against 18: the banker wins ties)"
        in dealer_words(t)
    )
    assert t["rounds"][0]["house"] == 3000 * -1


def test_example_2_the_double_and_a_banker_natural_against_a_seat_natural() -> None:
    t = play(
        "KC AS 9H AH 5D JD 9D KS",
        [rnd("seat1 seat2 seat3", {"seat1": 1000, "seat2": 2500, "seat3": 500})],
    )
    double = next(s for s in t["steps"] if s["dealer"].startswith("Banker calls DOUBLE"))
    assert (
        double["dealer"]
        == "Banker calls DOUBLE: every seat adds its stake again (SEAT 1 $20.00, SEAT 2 $50.00, SEAT 3 $10.00)"
    )
    assert [h[0]["stake"] for h in double["seats"].values()] == [2000, 5000, 1000]
    second = after(t, "KS")
    assert totals(second) == {"seat1": ["15"], "seat2": ["natural"], "seat3": ["18"]}
    assert second["banker"] == {"total": "soft 21", "public": ["AH", "KS"]}  # turned up
    assert second["dealer"] == (
        "Banker has a natural: turn it up. Collect $40.00 from SEAT 1 "
        "(the banker's natural: double stake)"
    )
    assert payments(t) == [("seat1", 1, -4000), ("seat2", 1, 0), ("seat3", 1, -2000)]
    assert (
        t["rounds"][0]["settlements"][0]["owed"] == 2000
    )  # four times $10: the $20 stake and $20 more
    tie = next(s for s in t["steps"] if s.get("settled") and s["settled"][0]["seat"] == "seat2")
    assert tie["public_cards"]["seat2"] == [["AS", "JD"]]  # seat2's natural is turned up
    assert tie["public_cards"]["seat3"] == [
        [None, None]
    ]  # its pair of 9s is never played, nor shown
    assert t["rounds"][0]["house"] == 6000
    assert not any(
        s["event"].get("type") == "decision" and s["event"]["action"] in ("draw", "stand")
        for s in t["steps"]
    )


def test_example_3_two_rounds_the_first_round_exception_and_the_bank_passing_left() -> None:
    t = play(
        "10C AD 6S 8C 9D QH 5H 9C | 10S || 7C 4H KH 5C 7D KC AC JS | 2S QS 3C",
        [
            rnd(
                "seat1 seat2 seat3",
                {"seat1": 1000, "seat2": 1000, "seat3": 1000},
                "seat1 stand, seat3 draw",
            ),
            rnd(
                "seat1 seat2 seat3",
                {"seat1": 1000, "seat2": 2000, "seat3": 500},
                "seat1 draw, seat1 stand, seat2 draw, seat1 take_bank",
            ),
        ],
        switches={"V1": "pass_left"},
    )
    second = after(t, "9C")
    assert totals(second) == {"seat1": ["19"], "seat2": ["natural"], "seat3": ["11"]}
    assert second["banker"]["total"] == "17"
    assert (
        second["dealer"]
        == "Pay SEAT 2 $20.00 (a natural, double stake: turn it up, then onto the pone pile)"
    )
    assert totals(after(t, "10S"))["seat3"] == ["21"]
    assert payments(t, 1) == [("seat2", 1, 2000), ("seat1", 1, 1000), ("seat3", 1, 2000)]
    assert (
        t["rounds"][0]["house"] == -5000 and t["rounds"][0]["bank_after"] == "house"
    )  # V2: the banker stays
    assert (
        after(t, "7C", 2)["stock"] == 52 - 9 - 1 and after(t, "7C", 2)["pile"] == 9
    )  # the stock continues
    r2 = after(t, "JS", 2)
    assert (
        totals(r2) == {"seat1": ["14"], "seat2": ["14"], "seat3": ["natural"]}
        and r2["banker"]["total"] == "15"
    )
    turn = next(s for s in t["steps"] if s["round"] == 2 and s["dealer"].startswith("SEAT 1 (14)"))
    assert turn["dealer"] == "SEAT 1 (14): draw or stand or divide?"  # it could have divided
    assert totals(after(t, "2S", 2))["seat1"] == ["16"]
    assert payments(t, 2) == [("seat3", 1, 1000), ("seat2", 1, -2000), ("seat1", 1, -1000)]
    assert after(t, "3C", 2)["banker"]["total"] == "18"
    assert t["rounds"][1]["house"] == 2000
    offer = next(s for s in t["steps"] if s["round"] == 2 and "offer it to SEAT 1" in s["dealer"])
    assert offer["dealer"].endswith("SEAT 1: take the bank or decline the bank?")
    assert t["rounds"][1]["bank_after"] == "seat1"
    # the round that put the house out is the house's round (V-33: the bank passes after it): its
    # summary names the house, keeps SEAT 1's hand and adds up
    r2 = t["rounds"][1]
    assert r2["banker"]["bank"] == "house"
    nets = {s: v["net"] for s, v in r2["seats"].items()}
    assert nets == {"seat1": -1000, "seat2": -2000, "seat3": 1000}
    assert sum(v["net"] for v in r2["seats"].values()) == -r2["house"]
    assert r2["explanation"] == (
        "banker (house) 5C JS 3C +$20.00; SEAT 1 -$10.00; SEAT 2 -$20.00; SEAT 3 +$10.00"
    )


def test_example_3_round_3_is_dealt_from_the_new_bankers_left() -> None:
    from table_controller.games import make_game
    from table_controller.games.vingt_un.round import Round

    game = make_game("vingt-un", switches={"V1": "pass_left"}, seats=3)
    finished = Round(
        game.switches,
        game.limits,
        game.seats,
        game.new_hand().shoe,
        phase="over",
        banker="seat1",
        bank_round=-1,
        seats_in=["seat1", "seat2", "seat3"],
    )
    nxt = game.next_hand(finished)
    assert nxt.deal_order() == ["seat2", "seat3"] and nxt.bank_round == 0


def test_example_3_under_pass_to_holder_seat3_is_offered_the_bank() -> None:
    t = play(
        "10C AD 6S 8C 9D QH 5H 9C | 10S || 7C 4H KH 5C 7D KC AC JS | 2S QS 3C",
        [
            rnd(
                "seat1 seat2 seat3",
                {"seat1": 1000, "seat2": 1000, "seat3": 1000},
                "seat1 stand, seat3 draw",
            ),
            rnd(
                "seat1 seat2 seat3",
                {"seat1": 1000, "seat2": 2000, "seat3": 500},
                "seat1 draw, seat1 stand, seat2 draw, seat3 take_bank",
            ),
        ],
        switches={"V1": "pass_to_holder"},
    )
    assert t["rounds"][1]["bank_after"] == "seat3"


def test_example_4_dividing_twice_and_the_banker_over_draws() -> None:
    t = play(
        "8S 10H 6C 8D 7S 10D | 8H 5C 3D KC 9S 10C 9D",
        [
            rnd(
                "seat1 seat2",
                {"seat1": 2000, "seat2": 1500},
                "seat1 divide 1000, seat1 divide 500, seat1 draw, seat1 stand, seat1 draw, seat1 stand, seat2 stand",
            )
        ],
    )
    assert (
        totals(after(t, "10D")) == {"seat1": ["16"], "seat2": ["17"]}
        and after(t, "10D")["banker"]["total"] == "16"
    )
    moved = next(s for s in t["steps"] if s["event"].get("amount") == 1000)
    assert (
        moved["dealer"]
        == "SEAT 1 divides: move hand 1's second card to seat1/h2/card1 and place $10.00 on its stake"
    )
    assert "8D" not in moved["public"]
    assert [h["stake"] for h in moved["seats"]["seat1"]] == [2000, 1000]
    assert cards(t)[6:] == [
        ("8H", "seat1/h1/card2"),
        ("5C", "seat1/h2/card2"),
        ("3D", "seat1/h1/card2"),
        ("KC", "seat1/h3/card2"),
        ("9S", "seat1/h1/card3"),
        ("10C", "seat1/h2/card3"),
        ("9D", "banker/card3"),
    ]
    assert totals(after(t, "5C"))["seat1"] == ["16", "13"]  # h1 8 8, a pair again
    assert totals(after(t, "KC"))["seat1"] == ["11", "13", "18"]
    assert totals(after(t, "9S"))["seat1"] == ["20", "13", "18"]
    over = after(t, "10C")
    assert (
        over["dealer"]
        == "Collect $10.00 from SEAT 1 hand 2 (over-drawn with 23: throw the hand on the pone pile unexposed)"
    )
    assert after(t, "9D")["banker"]["total"] == "25"
    assert payments(t) == [
        ("seat1", 2, -1000),
        ("seat1", 1, 2000),
        ("seat1", 3, 500),
        ("seat2", 1, 1500),
    ]
    assert t["rounds"][0]["seats"]["seat1"]["net"] == 1500 and t["rounds"][0]["house"] == -3000


def test_example_5_the_bankers_drawn_vingt_un_and_a_soft_total() -> None:
    t = play(
        "AC 10S 9C 5S 5H 6C 7D 6D | 5D 4C KH 4H 6H",
        [
            rnd(
                "seat1 seat2 seat3",
                {"seat1": 1000, "seat2": 2000, "seat3": 500},
                "seat1 draw, seat2 draw, seat2 stand, seat3 draw",
            )
        ],
    )
    second = after(t, "6D")
    assert totals(second) == {"seat1": ["soft 16"], "seat2": ["16"], "seat3": ["16"]}
    assert second["banker"]["total"] == "11"
    soft21 = after(t, "5D")
    assert totals(soft21)["seat1"] == ["soft 21"] and soft21["dealer"].startswith("SEAT 2 (16)")
    assert totals(after(t, "4C"))["seat2"] == ["20"]
    assert after(t, "KH")["dealer"].startswith("Collect $5.00 from SEAT 3 (over-drawn with 26")
    assert after(t, "4H")["banker"]["total"] == "15" and after(t, "6H")["banker"]["total"] == "21"
    assert payments(t) == [("seat3", 1, -500), ("seat1", 1, -1000), ("seat2", 1, -4000)]
    assert (
        "Collect $40.00 from SEAT 2 (turn it up: 20 against the banker's drawn vingt-un: double stake)"
        in dealer_words(t)
    )
    assert t["rounds"][0]["house"] == 5500


def test_example_6_the_last_card_is_withheld_mid_round() -> None:
    t = play(
        "JH 5C 9S 8D 6H 2C 7C 3S 10D KH",
        [rnd("seat1 seat2", {"seat1": 1000, "seat2": 1000}, "seat1 stand, seat2 draw, seat2 draw")],
        stock=["JH", "5C", "9S", "8D", "6H", "2C"],
    )
    assert after(t, "9S")["stock"] == 3
    assert after(t, "6H")["stock"] == 1
    withheld = after(t, "2C")
    assert withheld["spot"] == "pone/pile" and withheld["pile"] == 47
    assert withheld["dealer"] == "Shuffle the pone pile, have it cut, load the shoe (V-27)"
    shuffled = next(s for s in t["steps"] if s["event"].get("control") == "reshuffle_discards")
    assert shuffled["stock"] == 47 and shuffled["pile"] == 0
    assert after(t, "7C")["spot"] == "banker/card2" and after(t, "7C")["banker"]["total"] == "16"
    assert totals(after(t, "3S"))["seat2"] == ["14"]
    assert after(t, "10D")["dealer"].startswith("Collect $10.00 from SEAT 2 (over-drawn with 24")
    assert after(t, "KH")["banker"]["total"] == "26"
    assert payments(t) == [("seat2", 1, -1000), ("seat1", 1, 1000)]
    assert all("2C" not in s["public"] and "2C" not in str(s["public_cards"]) for s in t["steps"])


def test_example_6_jh_after_the_reshuffle_is_an_impossible_card() -> None:
    from table_controller.cards import parse_card
    from table_controller.events import CardArrived, Control, Decision
    from table_controller.games import make_game

    game = make_game("vingt-un", seats=2)
    state = game.hand_from_header(
        {"round": {"phase": "seats", "drawn": [], "pile": [], "seats_in": ["seat1", "seat2"]}}
    )
    from table_controller.events import NEW_DECK

    for event in [Control(NEW_DECK), Control("seats_in")] + [
        CardArrived(parse_card(c)) for c in ("JH", "5C", "9S")
    ]:
        state, _ = game.apply(state, event)
    state, _effects = game.apply(state, CardArrived(parse_card("JH")))
    assert game.expected(state).controls == ("burn_card", "void_hand")
    assert (
        state.irregularity.kind == "impossible_card"
        and "lies on the layout" in state.irregularity.reason
    )
    state, _ = game.apply(state, Decision("seat1", "stake", 1000))
    assert state.plays["seat1"].stake == 0  # refused while held


def test_example_3_round_3_under_seat1s_bank_the_money_moves_between_seats() -> None:
    t = play(
        "10C AD 6S 8C 9D QH 5H 9C | 10S || 7C 4H KH 5C 7D KC AC JS | 2S QS 3C || 9H 4D 6D 8H 6H JD | 9S 5D",
        [
            rnd(
                "seat1 seat2 seat3",
                {"seat1": 1000, "seat2": 1000, "seat3": 1000},
                "seat1 stand, seat3 draw",
            ),
            rnd(
                "seat1 seat2 seat3",
                {"seat1": 1000, "seat2": 2000, "seat3": 500},
                "seat1 draw, seat1 stand, seat2 draw, seat1 take_bank",
            ),
            rnd(
                "seat2 seat3",
                {"seat2": 1000, "seat3": 500},
                "seat1 no_double, seat2 stand, seat3 draw, seat3 stand, seat1 draw",
            ),
        ],
        switches={"V1": "pass_left"},
    )
    assert cards(t, 3) == [
        ("9H", "seat2/h1/card1"),
        ("4D", "seat3/h1/card1"),
        ("6D", "banker/card1"),
        ("8H", "seat2/h1/card2"),
        ("6H", "seat3/h1/card2"),
        ("JD", "banker/card2"),
        ("9S", "seat3/h1/card3"),
        ("5D", "banker/card3"),
    ]
    assert "The banker SEAT 1: look at banker/card1, then double or no double?" in dealer_words(t)
    assert (
        "Turn up the banker's cards (16). The banker SEAT 1 (16): draw or stand?" in dealer_words(t)
    )
    assert payments(t, 3) == [("seat2", 1, -2000), ("seat3", 1, -1000)]
    assert all(p["banker"] == "seat1" for p in t["rounds"][2]["settlements"])
    assert (
        "Collect $20.00 from SEAT 2 for the banker SEAT 1 (turn it up: 17 against the banker's "
        "drawn vingt-un: double stake)"
    ) in dealer_words(t)
    assert (
        t["rounds"][2]["house"] == 3000 and t["rounds"][2]["banker"]["bank"] == "seat1"
    )  # the seat banker's net
