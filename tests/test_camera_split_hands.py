"""Split hands apart: a seat that splits has each hand's cards named on that hand's own strip of
the seat's place, as the game's layout lays the hands out (``seat3/h1`` on the dealer's left,
``seat3/h2`` beside it), at a seven-seat blackjack table filmed by the simulated camera."""

from __future__ import annotations

from pathlib import Path

from drivers.registry import open_source
from hardware_sim.decks import write_deck_file
from table_controller.camera_places import camera_places, split_hands
from table_controller.cards import parse_card
from table_controller.engine import split_places
from table_controller.events import NEW_DECK, Control, Wager
from table_controller.games import make_game
from table_controller.games.blackjack.hands import Hand, SeatPlay
from table_controller.running import RunningTable
from table_controller.runtime import TableSession
from tests.test_camera_witness_games import film

# seats 1 to 7, the dealer's 7 up, their second cards, the hole card; seat3's pair of 8s splits
# and each hand draws a 10; every other seat stands on 20, the dealer on 17
DECK = "KS KH 8S KC KD QS QH 7C QC QD 8D JS JH JC JD 10S 10H 10C".split()


def test_the_layout_of_a_split_seat_cuts_its_place_into_its_hands_strips() -> None:
    game = make_game("blackjack", seats=7, switches={"B13": "0"})
    state = game.new_hand()
    assert split_places(game.layout(state)) == {}
    state.plays["seat3"] = SeatPlay("seat3", main=1000, hands=[Hand(), Hand()])  # a split
    split = split_places(game.layout(state))
    assert split == {"seat3": ("seat3/h2", "seat3/h1")}  # hand 1 on the dealer's left
    whole = camera_places(game)
    places = split_hands(whole, split)
    assert list(places)[3:5] == ["seat3/h2", "seat3/h1"] and "seat3" not in places
    left, _, right, _ = whole["seat3"]
    assert places["seat3/h2"][0] == left and places["seat3/h1"][2] == right
    assert places["seat3/h2"][2] == places["seat3/h1"][0] == round((left + right) / 2, 4)


def test_each_split_hand_is_named_on_its_own_strip_at_a_seven_seat_table(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    write_deck_file(deck, [parse_card(c) for c in DECK])
    game = make_game("blackjack", seats=7, switches={"B13": "0"})
    session = TableSession(game, source_url="sim://")
    named = []
    with (
        open_source(f"sim://?deck={deck}") as shoe,
        open_source("sim-camera://?seed=4&frames=2") as camera,
    ):
        table = RunningTable(session, shoe, camera)
        session.submit(Control(NEW_DECK, by="dealer"), source="console:dealer")
        for seat in game.seats:
            session.submit(Wager(seat, "main", 1000), source="console:dealer")
        while game.result(session.state) is None:
            assert session.prompts().irregularity is None, session.prompts().dealer_instruction
            if game.expected(session.state).deal is not None:
                table.deal()
                table.deliver(shoe.read_event(timeout=1))  # type: ignore[arg-type]
                named += film(table)
            else:
                session.submit(game.strategy(session.state), source="console:dealer")  # type: ignore[arg-type]
        named += film(table, 6)
        assert sorted(camera.places)[3:5] == ["seat3/h1", "seat3/h2"]  # type: ignore[attr-defined]
    placed = game.placed_cards(session.state)
    assert placed["seat3/h1"] == ("8S", "10H") and placed["seat3/h2"] == ("8D", "10C")
    assert {("seat3/h1", "10H"), ("seat3/h2", "10C"), ("seat3/h2", "8D")} <= set(named)
    assert ("seat3/h1", "8S") in named or ("seat3", "8S") in named  # it never moved
    witness = table.witness
    assert witness is not None
    assert session.prompts().irregularity is None, session.prompts().dealer_instruction
    assert witness.mismatches == 0 and witness.to_dict()["unconfirmed"] == []
    assert {spot for spot, _ in named} >= {"dealer", *(f"seat{n}" for n in (1, 2, 4, 5, 6, 7))}
