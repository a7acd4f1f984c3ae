"""Farmer between deals: seats leaving and joining (F-21) and the pit boss closing the game with
money in the farm (F-22), in the engine and through the table's runtime and hand log."""

from __future__ import annotations

from pathlib import Path

from table_controller.engine import Refused
from table_controller.events import CLOSE_GAME, NEW_DECK, PAID, Control, Decision
from table_controller.games.farmer.prompts import seat_net
from tests.games.farmer_table import Trail, apply, brief, deal_from, game_of, play
from tests.games.test_farmer_examples import EXAMPLE_6


def after_example_6(game):
    return play(game, deal_from(game, "seat6", 500), *EXAMPLE_6, Trail())


def test_the_farmer_leaves_and_the_seat_on_its_left_becomes_the_farmer():
    game = game_of(6)
    nxt = game.next_hand(after_example_6(game))
    assert nxt.farmer == "seat6" and nxt.farm == 1102
    assert [s.seat for s in game.prompts(nxt).seats if "leave" in s.legal_actions] == list(
        game.seats
    )
    nxt, _ = apply(game, nxt, Decision("seat6", "leave"))
    assert nxt.farmer == "seat1" and nxt.seats == ("seat1", "seat2", "seat3", "seat4", "seat5")
    assert (
        game.prompts(nxt).seats[5].legal_actions == ("join",)
        and game.prompts(nxt).seats[5].note == "not seated"
    )
    nxt, _ = apply(game, nxt, Control(NEW_DECK))
    assert [p.seat for p in nxt.queue] == [
        "seat2",
        "seat3",
        "seat4",
        "seat5",
        "seat1",
    ]  # antes from seat1's left
    same, effects = game.apply(nxt, Decision("seat6", "join"))
    assert same is nxt and effects[0].reason == "seats join or leave only between deals (F-21)"


def test_a_seat_that_joins_antes_at_the_next_deal():
    game = game_of(3)
    state = deal_from(game, "seat1", 0)
    state, _ = apply(game, state, Decision("seat2", "leave"))
    state, _ = apply(game, state, Decision("seat2", "join"))
    assert state.seats == ("seat1", "seat2", "seat3")
    state, _ = apply(game, state, Control(NEW_DECK))
    assert [p.seat for p in state.queue] == ["seat2", "seat3", "seat1"]


def test_a_deal_needs_two_seats():
    game = game_of(2)
    state, _ = apply(game, deal_from(game, "seat1", 0), Decision("seat2", "leave"))
    _same, effects = game.apply(state, Control(NEW_DECK))
    assert (
        isinstance(effects[0], Refused)
        and effects[0].reason == "a deal needs at least two seats (F-21)"
    )


def test_closing_divides_the_farm_among_the_last_deals_seats_from_the_farmers_left():
    game = game_of(6)
    state = game.next_hand(after_example_6(game))
    state, _ = apply(
        game, state, Decision("seat3", "leave")
    )  # a seat that leaves still had a place in the last deal
    state, _ = apply(game, state, Control(CLOSE_GAME, by="pit boss"))
    assert game.prompts(state).dealer_instruction == (
        "Pay SEAT 1 $1.84 from the farm: the farm divided on closing the game ($11.02) (farm $9.18)"
    )
    trail = []
    while game.expected(state).payment is not None:
        state, effects = apply(game, state, Control(PAID))
        trail += [
            {**e.payment.to_dict(), "farm": state.farm} for e in effects if hasattr(e, "payment")
        ]
    assert brief(trail) == [
        ("farm", "seat1", 184, "F-22", 918),
        ("farm", "seat2", 184, "F-22", 734),
        ("farm", "seat3", 184, "F-22", 550),
        ("farm", "seat4", 184, "F-22", 366),
        ("farm", "seat5", 183, "F-22", 183),
        ("farm", "seat6", 183, "F-22", 0),
    ]
    result = game.result(state)
    assert (
        result.decided_by == "F-22"
        and result.winner is None
        and state.farm == 0
        and sum(seat_net(state, s) for s in game.seats) == 1102
    )
    assert (
        game.prompts(state).dealer_instruction
        == "Game closed: the farm is divided. A new game starts by choosing its farmer"
    )
    fresh = game.next_hand(state)
    assert (
        fresh.phase == "choose_shuffle"
        and fresh.farmer is None
        and fresh.farm == 0
        and "seat3" not in fresh.seats
    )


def test_seats_and_closing_through_the_runtime_are_logged_and_replay(tmp_path: Path) -> None:
    from drivers.registry import open_source
    from table_controller import autopilot
    from table_controller.cli import main
    from table_controller.games import make_game
    from table_controller.hand_log import HandLog
    from table_controller.hand_log.reader import iter_hands
    from table_controller.hand_log.store import open_store
    from table_controller.runtime import TableSession

    db, key = tmp_path / "farmer.db", tmp_path / "farmer.key"
    log = HandLog.open(str(db), key_path=key)
    try:
        with open_source("sim://?seed=9&strip=8S,8H,8D,8C,6S,6D,6C") as shoe:
            session = TableSession(
                make_game("farmer", seats=4), log=log, source_url=shoe.url, simulated=True
            )
            autopilot.drive(session, shoe, hands=3)
            session.submit(
                Decision("seat2", "leave"), source="console:dealer"
            )  # starts the fourth deal
            assert session.state.seats == ("seat1", "seat3", "seat4") and session.hands_played == 3
            shoe.new_deck()
            session.submit(Control(NEW_DECK), source="console:dealer")
            autopilot.drive(session, shoe, hands=1)
            farm = session.state.farm
            session.submit(Control(CLOSE_GAME, by="pit boss"), source="console:pit_boss")
            while session.expected().payment is not None:
                session.submit(Control(PAID), source="console:dealer")
            assert session.expected().hand_over and session.state.farm == 0
    finally:
        log.close()
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    assert len(hands) == 5
    assert hands[3].header["deal"]["seats"] == [
        "seat1",
        "seat2",
        "seat3",
        "seat4",
    ]  # the deal the leave began
    assert hands[3].result["details"]["seats_in_deal"] == ["seat1", "seat3", "seat4"]
    closing = hands[4]
    assert closing.result["decided_by"] == "F-22"
    assert sum(p["paid"] for p in closing.result["details"]["settlements"]) == farm
