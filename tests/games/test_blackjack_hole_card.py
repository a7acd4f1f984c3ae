"""The dealer's hole card on the screens (issue 40): the public page gets a back where it lies,
the dealer's console its face (marked hidden by the display), and both the dealer's total so far.
The logged prompts are as they were, so hands logged before still replay byte for byte."""

from __future__ import annotations

from table_controller.cards import parse_card
from table_controller.events import NEW_DECK, CardArrived, Control, Decision, Wager
from table_controller.games import make_game
from tests.dealer_display.live import live_table

# SEAT 1 8S KD (18), SEAT 2 10H 6H (16), dealer up 7C, hole 5D; SEAT 2 hits KS and busts
DECK = "8S 10H 7C KD 6H 5D KS 9C"


def dealt_to_the_decisions():
    game = make_game("blackjack", switches={"B13": "0"}, seats=2)
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
    for seat in ("seat1", "seat2"):
        state, _ = game.apply(state, Wager(seat, "main", 1000))
    cards = [parse_card(c) for c in DECK.split()]
    while game.expected(state).deal is not None:
        state, _ = game.apply(state, CardArrived(cards.pop(0)))
    return game, state


def test_the_hole_card_is_a_back_in_public_and_a_face_on_the_console() -> None:
    game, state = dealt_to_the_decisions()
    assert game.prompts(state).show_cards == ("7C",)  # the logged prompts: as before
    console, public = game.console_prompts(state), game.public_prompts(state)
    assert console.show_cards == ("7C", "5D")
    assert public.show_cards == ("7C", None)
    assert console.figures == public.figures == {"dealer_total": "7 showing", "settled": {}}
    assert "5D" not in public.dealer_instruction and "5" not in public.figures["dealer_total"]


def test_once_turned_every_screen_shows_the_dealer_hand_and_its_total() -> None:
    game, state = dealt_to_the_decisions()
    state, _ = game.apply(state, Decision("seat1", "stand"))
    state, _ = game.apply(state, Decision("seat2", "stand"))
    cards = [parse_card(c) for c in ("KS", "9C")]
    while game.expected(state).deal is not None:
        state, _ = game.apply(state, CardArrived(cards.pop(0)))
    shown = game.prompts(state).show_cards
    assert shown[:2] == ("7C", "5D")
    assert game.public_prompts(state).show_cards == game.console_prompts(state).show_cards == shown
    assert game.public_prompts(state).figures["dealer_total"] == "bust 22"


def test_the_display_marks_the_hole_card_hidden_for_the_console_only() -> None:
    game, state = dealt_to_the_decisions()
    with live_table("sim://?seed=1", game=game) as live:
        live.session.state = state
        display = live.app.state.table
        console, public = display.state(console=True), display.state(console=False)
    assert console["state"]["prompts"]["show_cards"] == ["7C", "5D"]
    assert console["state"]["hidden_show_cards"] == [False, True]
    assert public["state"]["prompts"]["show_cards"] == ["7C", None]
    assert "5D" not in str(public)
