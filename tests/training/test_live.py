"""The procedure drill on a live training table: cards come from the shoe as the trainee draws
them; a camera says where each went (the trainee's entry); a card drawn out of turn is an error."""

from __future__ import annotations

import pytest

from table_controller.cards import parse_card
from table_controller.games import make_game
from table_controller.training.dealing import AutopilotSignals, Dealing
from table_controller.training.procedure import ProcedureDrill
from table_controller.training.steps import EntryError


def live_drill(game_id: str = "blackjack", **kw: object) -> ProcedureDrill:
    game = make_game(
        game_id,
        seats=1 if game_id == "blackjack" else None,
        switches={"B13": "0"} if game_id == "blackjack" else None,
    )
    return ProcedureDrill(Dealing(game, [], AutopilotSignals(), live=True), started_at=0.0, **kw)  # type: ignore[arg-type]


def test_the_drill_waits_for_the_shoe_and_times_each_step_from_the_read() -> None:
    d = live_drill()
    assert d.dealing.waiting_for_card and d.view()["waiting_for_card"] and d.current is None
    with pytest.raises(EntryError, match="draw the next card"):
        d.enter("deal seat1/h1/card1", 1.0)
    assert d.card_read(parse_card("10S"), 5.0) is None
    assert d.view()["card"] == "10S" and not d.dealing.waiting_for_card
    assert d.enter("deal seat1/h1/card1", 7.5).right
    assert d.steps[0].presented_at == 5.0 and d.steps[0].seconds == pytest.approx(2.5)
    assert d.dealing.waiting_for_card  # the dealer's up card is next, not drawn yet


def test_a_camera_says_where_the_card_went() -> None:
    d = live_drill()
    assert d.card_read(parse_card("10S"), 1.0, spot="seat1/h1/card1").right
    wrong = d.card_read(parse_card("6H"), 2.0, spot="dealer/hole")
    assert not wrong.right and wrong.cite.rule == "BJ-4"
    assert d.enter("deal dealer/up", 3.0).right  # the card is moved to its place


def test_a_card_drawn_while_a_decision_is_due_is_an_error() -> None:
    d = live_drill()
    for n, (code, spot) in enumerate(
        [
            ("10S", "seat1/h1/card1"),
            ("6H", "dealer/up"),
            ("5D", "seat1/h1/card2"),
            ("9C", "dealer/hole"),
        ]
    ):
        assert d.card_read(parse_card(code), float(n), spot=spot).right
    while d.dealing.right_step.kind == "payment":  # the side bet is settled first
        assert d.enter(d.dealing.right_step, 5.0).right
    assert d.dealing.right_step.kind == "decision"  # seat1 holds 15 against a 6
    out_of_turn = d.card_read(parse_card("4C"), 10.0)
    assert not out_of_turn.right and out_of_turn.cite.rule == "BJ-10"
    assert d.current.errors[0].entered == "drew 4C from the shoe"
    assert d.enter(
        d.dealing.right_step, 11.0
    ).right  # the seat's decision; the 4C waits to be placed
    assert d.dealing.next_card.code == "4C" and not d.dealing.waiting_for_card


def test_a_backhand_hand_on_a_live_shoe() -> None:
    d = live_drill("missouri-city")
    for code, spot in [
        ("10S", "S3"),
        ("6H", "S2"),
        ("5D", "S1"),
        ("10H", "red.hand"),
        ("2C", "red.hand"),
        ("7S", "green.hand"),
        ("5C", "green.hand"),
    ]:
        assert d.card_read(parse_card(code), 1.0, spot=spot).right, code
    assert d.dealing.right_step.kind == "decision"


def test_a_game_dealt_from_a_fresh_deck_each_hand_asks_for_one_before_its_first_card() -> None:
    d = live_drill("buffalo-bayou", hands=2)
    assert d.dealing.wants_fresh_deck
    d.card_read(parse_card("10S"), 0.0)
    assert not d.dealing.wants_fresh_deck
    assert not live_drill("blackjack").dealing.wants_fresh_deck  # rounds on one shoe
