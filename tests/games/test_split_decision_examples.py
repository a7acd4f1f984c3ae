"""The rules document's Split Decision worked examples (red-dog.md B3) with every row checked: the
seat, the card, the legal decisions, the decision or result, the slots and chips after; and D1's
refusals."""

from __future__ import annotations

from typing import Any

import pytest

from table_controller.cards import parse_card
from table_controller.events import DONE, CardArrived, Control, Decision
from table_controller.games import make_game
from table_controller.games.split_decision.hand import Placed
from table_controller.scenario import run_scenario


def play(deck: str, decisions: str, seats: int = 3, **switches: Any) -> dict[str, Any]:
    items = [
        dict(zip(("seat", "action"), d.split(), strict=True))
        for d in decisions.split(",")
        if d.strip()
    ]
    return run_scenario(
        {
            "game": "split-decision",
            "seats": seats,
            "switches": switches,
            "deck": deck.replace("|", " ").split(),
            "decisions": items,
        }
    )


def rows(round_: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (
            r["seat"],
            r["card"],
            tuple(r["legal"]),
            r.get("decision") or r["result"],
            r["slots"],
            r["chips"],
        )
        for r in round_["rows"]
    ]


def test_sd_a_three_seats_round_1() -> None:
    t = play(
        "9S KD JK 5C | 3H 7D 5H AC QS 2D 3C 4S",
        "seat1 refuse, seat1 keep_high, seat2 keep_low, seat3 keep_low, seat1 place_low, seat2 place_high",
    )
    (only,) = t["rounds"]
    head = ("keep_high", "keep_low", "refuse")
    assert rows(only) == [
        ("seat1", "9S", head, "refuse", "-/-", 2),
        ("seat1", "KD", head, "keep_high", "K/-", 2),
        ("seat2", "JK", head, "keep_low", "-/A(1)", 2),
        ("seat3", "5C", head, "keep_low", "-/5", 2),
        ("seat1", "3H", ("place_low", "discard"), "place_low", "K/3", 2),
        ("seat2", "7D", ("place_high", "discard"), "place_high", "7/A(1)", 2),
        ("seat3", "5H", (), "Push: move the 5H to the discard", "-/5", 2),
        (
            "seat1",
            "AC",
            (),
            "SEAT 1 uses a discard chip (1 left): move the AC to the discard",
            "K/3",
            1,
        ),
        (
            "seat2",
            "QS",
            (),
            "SEAT 2 uses a discard chip (1 left): move the QS to the discard",
            "7/A(1)",
            1,
        ),
        (
            "seat3",
            "2D",
            (),
            "SEAT 3 uses a discard chip (1 left): move the 2D to the discard",
            "-/5",
            1,
        ),
        ("seat1", "3C", (), "Push: move the 3C to the discard", "K/3", 1),
        ("seat2", "4S", (), "SEAT 2 wins the round: move the 4S to seat2/middle", "7/A(1)", 1),
    ]
    assert (
        only["winner"] == "seat2"
        and only["decided_by"] == "SD-5"
        and only["wins"] == {"seat1": 0, "seat2": 1, "seat3": 0}
    )
    assert only["cards_remaining"] == 42  # the "cards remaining" board after the round
    assert t["steps"][0]["dealer"] == "Offer SEAT 1 a head-start card (seat1/offer)"
    assert "SEAT 3: the 7D" not in str(
        t["steps"]
    ) and "SEAT 2: the 7D: place it high, or use a discard chip?" in [
        s["dealer"] for s in t["steps"]
    ]


def test_sd_b_two_seats_a_whole_game() -> None:
    t = play(
        "2C QH | 9D 4S JK || 6D AD | 9C 10H KS 2S 8H",
        "seat1 keep_low, seat2 keep_high, seat1 place_high, seat2 place_low, "
        "seat2 keep_high, seat1 keep_high, seat1 place_low",
        seats=2,
    )
    one, two = t["rounds"]
    assert rows(one) == [
        ("seat1", "2C", ("keep_high", "keep_low", "refuse"), "keep_low", "-/2", 2),
        ("seat2", "QH", ("keep_high", "keep_low", "refuse"), "keep_high", "Q/-", 2),
        ("seat1", "9D", ("place_high", "discard"), "place_high", "9/2", 2),
        ("seat2", "4S", ("place_low", "discard"), "place_low", "Q/4", 2),
        ("seat1", "JK", (), "SEAT 1 wins the round: move the JK to seat1/middle", "9/2", 2),
    ]
    assert one["winner"] == "seat1" and one["wins"] == {"seat1": 1, "seat2": 0}
    assert two["first_seat"] == "seat2"  # SD1 = rotate
    assert rows(two) == [
        ("seat2", "6D", ("keep_high", "keep_low", "refuse"), "keep_high", "6/-", 2),
        ("seat1", "AD", ("keep_high", "keep_low", "refuse"), "keep_high", "A(14)/-", 2),
        (
            "seat2",
            "9C",
            (),
            "SEAT 2 uses a discard chip (1 left): move the 9C to the discard",
            "6/-",
            1,
        ),
        ("seat1", "10H", ("place_low", "discard"), "place_low", "A(14)/10", 2),
        (
            "seat2",
            "KS",
            (),
            "SEAT 2 uses a discard chip (0 left): move the KS to the discard",
            "6/-",
            0,
        ),
        (
            "seat1",
            "2S",
            (),
            "SEAT 1 uses a discard chip (1 left): move the 2S to the discard",
            "A(14)/10",
            1,
        ),
        (
            "seat2",
            "8H",
            (),
            "SEAT 2 is out of the round: move its cards and the 8H to the discard",
            "-/-",
            0,
        ),
    ]
    assert (
        two["winner"] == "seat1"
        and two["decided_by"] == "SD-14"
        and two["wins"] == {"seat1": 2, "seat2": 0}
    )
    assert t["game_winner"] == "seat1"
    assert (
        t["steps"][-1]["dealer"]
        == "SEAT 1 wins round 2 and the game, 2 : 0. Collect the cards; shuffle for the next game"
    )


def sd_c(sd2: str) -> tuple[Any, Any]:
    """seat1 Q/4 with 0 chips, on turn; seat2 9/2 with 1 chip; seat3 K/- with 2 chips."""
    game = make_game("split-decision", seats=3, switches={"SD2": sd2})
    state = game.hand_from_header(
        {"round": {"phase": "head_start", "drawn": ["QD", "4D", "9D", "2D", "KD"]}}
    )
    state.head, state.phase, state.turn, state.taker = [], "turns", "seat1", "seat1"

    def slot(code: str, value: int) -> Placed:
        return Placed(parse_card(code), value)

    state.hands["seat1"].high, state.hands["seat1"].low, state.hands["seat1"].chips = (
        slot("QD", 12),
        slot("4D", 4),
        0,
    )
    state.hands["seat2"].high, state.hands["seat2"].low, state.hands["seat2"].chips = (
        slot("9D", 9),
        slot("2D", 2),
        1,
    )
    state.hands["seat3"].high = slot("KD", 13)
    return game, state


@pytest.mark.parametrize(
    ("sd2", "choice", "card", "words"),
    [
        ("off", None, "5S", "SEAT 1 wins the round: move the 5S to seat1/middle"),
        ("on", "keep", "5S", "SEAT 1 wins the round: move the 5S to seat1/middle"),
        ("on", "pass_to_seat2", "5S", "SEAT 2 wins the round: move the 5S to seat2/middle"),
        (
            "on",
            "keep",
            "KH",
            "SEAT 1 is out of the round: move its cards and the KH to the discard",
        ),
        ("on", "pass_to_seat3", "KH", "Push: move the KH to the discard"),
        (
            "on",
            "pass_to_seat2",
            "KH",
            "SEAT 2 uses a discard chip (0 left): move the KH to the discard",
        ),
    ],
)
def test_sd_c_no_peek(sd2: str, choice: str | None, card: str, words: str) -> None:
    game, state = sd_c(sd2)
    if sd2 == "on":
        assert game.expected(state).decisions == {
            "seat1": ("keep", "pass_to_seat2", "pass_to_seat3")
        }
        assert (
            game.prompts(state).dealer_instruction
            == "SEAT 1 has no chips: keep the next card unseen, or pass it to a seat?"
        )
        state, _ = game.apply(state, Decision("seat1", choice))
    taker = "seat1" if choice in (None, "keep") else choice.removeprefix("pass_to_")
    assert game.expected(state).deal.spot == f"{taker}/offer"
    state, _ = game.apply(state, CardArrived(parse_card(card)))
    assert game.prompts(state).dealer_instruction == f"{words}, then DONE"
    state, _ = game.apply(state, Control(DONE))
    if "wins" not in words:
        assert state.turn == "seat2" or (
            state.turn == "seat2" and state.hands["seat1"].out
        )  # on from the passer


def test_refusals_name_the_reason_and_change_nothing() -> None:
    game, state = sd_c("off")
    state, _ = game.apply(state, Control(DONE)) if state.move else (state, ())
    state.hands["seat1"].low, state.hands["seat1"].chips = None, 0
    state, _ = game.apply(
        state, CardArrived(parse_card("KH"))
    )  # seat1 Q/- : KH above the high: not placeable low
    assert state.move is not None and "out of the round" in state.move.words
    game, state = sd_c("off")
    state.hands["seat1"].low = None
    state, _ = game.apply(state, CardArrived(parse_card("3C")))
    assert game.expected(state).decisions == {"seat1": ("place_low",)}
    for action, words in [
        ("discard", "no discard chips left (SD-11)"),
        ("pass_to_seat2", "SD2 is off"),
        ("place_high", "SEAT 1's high slot already holds the Q (SD-4)"),
    ]:
        new, effects = game.apply(state, Decision("seat1", action))
        assert new is state and words in effects[0].reason, (action, effects)
    new, effects = game.apply(state, Decision("seat2", "place_low"))
    assert new is state and "SEAT 2 has no decision now" in effects[0].reason


def test_an_ace_against_a_placed_ace_sd3() -> None:
    for sd3, legal in (("push", None), ("choose", ("place_low", "push"))):
        game = make_game("split-decision", seats=2, switches={"SD3": sd3})
        state = game.hand_from_header({"round": {"phase": "head_start", "drawn": ["AD"]}})
        state.head, state.phase, state.turn, state.taker = [], "turns", "seat1", "seat1"
        state.hands["seat1"].high = Placed(parse_card("AD"), 14)
        state, _ = game.apply(state, CardArrived(parse_card("AS")))
        if legal is None:
            assert state.move.words == "Push: move the AS to the discard"
        else:
            assert game.expected(state).decisions == {"seat1": legal}
            state, _ = game.apply(state, Decision("seat1", "place_low"))
            assert state.hands["seat1"].slots_words == "A(14)/A(1)"


def test_an_ace_offered_against_a_placed_low_ace_may_go_high_under_sd3_choose() -> None:
    # SD-16 either way round: seat1 keeps the AS low, seat2 keeps the KD high; seat1 is offered the
    # AC and may place it high (14 over 1, SD-2, SD-13) or take the push
    game = make_game("split-decision", seats=2, switches={"SD3": "choose"})
    state, _ = game.apply(game.new_hand(), Control("new_deck"))
    for event in (
        CardArrived(parse_card("AS")),
        Decision("seat1", "keep_low"),
        Control(DONE),
        CardArrived(parse_card("KD")),
        Decision("seat2", "keep_high"),
        Control(DONE),
        CardArrived(parse_card("AC")),
    ):
        state, effects = game.apply(state, event)
        assert not any(type(e).__name__ == "Refused" for e in effects), effects
    assert game.expected(state).decisions == {"seat1": ("place_high", "push")}
    state, _ = game.apply(state, Decision("seat1", "place_high"))
    assert state.hands["seat1"].slots_words == "A(14)/A(1)"


def test_a_card_dealt_twice_and_a_devil_from_the_shoe_are_impossible() -> None:
    game = make_game("split-decision", seats=2)
    state, _ = game.apply(game.new_hand(), Control("new_deck"))
    state, _ = game.apply(state, CardArrived(parse_card("5C")))
    state, _ = game.apply(state, Decision("seat1", "refuse"))
    state, _ = game.apply(state, Control(DONE))
    held, _effects = game.apply(state, CardArrived(parse_card("5C")))
    assert (
        held.irregularity.kind == "impossible_card"
        and "already dealt since the shuffle" in held.irregularity.reason
    )
    assert game.expected(held).controls == ("burn_card", "void_hand")
    state, _ = game.apply(state, CardArrived(parse_card("JK")))
    state, _ = game.apply(state, Decision("seat1", "refuse"))
    state, _ = game.apply(state, Control(DONE))
    state, _ = game.apply(state, CardArrived(parse_card("JK")))
    state, _ = game.apply(state, Decision("seat2", "refuse"))
    state, _ = game.apply(state, Control(DONE))
    third, _ = game.apply(state, CardArrived(parse_card("JK")))
    assert third.irregularity.kind == "impossible_card"
    late, _ = game.apply(state, Decision("seat2", "keep_low"))
    assert late is state or late.irregularity is None
