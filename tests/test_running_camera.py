"""The camera witnesses blackjack as it does the Backhand series: the running table lays the
simulated camera out for the game's places, each card the shoe reads is confirmed where the
engine put it, and a switched card holds the round for the pit boss."""

from __future__ import annotations

from pathlib import Path

from drivers.registry import open_source
from hardware_sim.decks import write_deck_file
from table_controller.cards import parse_card
from table_controller.events import NEW_DECK, Control
from table_controller.games import make_game
from table_controller.running import RunningTable
from table_controller.runtime import TableSession

# two seats, the dealer's 9 up (no insurance, no peek), the hole card 10C face down
DECK = "10S 7H 9C 6D 8S 10C".split()


def film(table: RunningTable, frames: int = 4) -> None:
    """The camera films ``frames`` frames; what it reports goes to the witness."""
    camera = table.camera
    for _ in range(frames):
        camera.process_frame()  # type: ignore[union-attr]
    while camera._pending:  # type: ignore[union-attr]
        table.deliver_sighting(camera.read_event(timeout=0))  # type: ignore[union-attr]


def deal_round(table: RunningTable) -> None:
    session = table.session
    session.submit(Control(NEW_DECK, by="dealer"), source="console:dealer")
    for _seat in ("seat1", "seat2"):
        session.submit(session.game.strategy(session.state), source="console:dealer")  # main
        session.submit(session.game.strategy(session.state), source="console:dealer")  # side
    for _ in DECK:
        table.deal()
        table.deliver(table.source.read_event(timeout=1))
        film(table)


def test_every_card_of_a_blackjack_round_is_confirmed_on_its_place(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    write_deck_file(deck, [parse_card(c) for c in DECK])
    game = make_game("blackjack", seats=2, switches={"B13": "0"})
    session = TableSession(game, source_url="sim://")
    with (
        open_source(f"sim://?deck={deck}") as shoe,
        open_source("sim-camera://?seed=4&frames=2") as camera,
    ):
        table = RunningTable(session, shoe, camera)
        deal_round(table)
        film(table, 6)
        witness = table.witness.to_dict()  # type: ignore[union-attr]
        assert session.prompts().irregularity is None, session.prompts().dealer_instruction
        assert witness["mismatches"] == 0 and witness["unconfirmed"] == []
        assert witness["confirmed"] >= 5  # each face-up card: both seats' four and the up card
        assert {
            spot: [c.code for c in camera.cards_on(spot)] for spot in ("dealer", "seat1", "seat2")
        } == {
            "dealer": ["9C"],
            "seat1": ["10S", "6D"],
            "seat2": ["7H", "8S"],
        }  # the hole card unseen

        camera.take(
            "seat2", parse_card("8S")
        )  # a card swapped on the layout while the round is live
        camera.deal(parse_card("4D"), "seat2")
        film(table, 6)
    irregularity = session.prompts().irregularity
    assert irregularity is not None
    assert irregularity.reason in (
        "switched card? the camera sees 4D at seat2, where the shoe's 7H 8S was dealt",
        "8S left seat2 while the hand is live: count and check the cards on the layout",
    )
