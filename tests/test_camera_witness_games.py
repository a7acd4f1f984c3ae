"""The camera witnesses every game by the places the game declares: Red Dog's three dealer cards
on ``dealer``, Split Decision's high, low, middle and offered cards on each seat's place. A round
dealt from a simulated shoe and filmed by the simulated camera is confirmed card by card with no
false mismatch, and a wrong card laid on a place is found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from drivers.base import CARD
from drivers.registry import open_source
from hardware_sim.decks import shuffled_deck, write_deck_file
from table_controller.cards import parse_card
from table_controller.events import NEW_DECK, Control
from table_controller.games import make_game
from table_controller.running import RunningTable
from table_controller.runtime import TableSession


def film(table: RunningTable, frames: int = 4) -> list[tuple[str | None, str]]:
    """The camera films ``frames`` frames; what it reports goes to the witness (and is returned:
    the place and card of each card it names)."""
    camera = table.camera
    assert camera is not None
    for _ in range(frames):
        camera.process_frame()  # type: ignore[attr-defined]
    named = []
    while camera._pending:  # type: ignore[attr-defined]
        event = camera.read_event(timeout=0)
        assert event is not None
        if event.kind == CARD and event.card is not None:
            named.append((event.spot, event.card.code))
        table.deliver_sighting(event)
    return named


def deal_round(table: RunningTable, until: int | None = None) -> list[tuple[str | None, str]]:
    """The autopilot plays one round (or until ``until`` cards lie face up), the shoe dealing
    each card the engine asks for and the camera filming after each; what the camera named."""
    session, game = table.session, table.session.game
    session.submit(Control(NEW_DECK, by="dealer"), source="console:dealer")
    named = []
    while game.result(session.state) is None:
        assert session.prompts().irregularity is None, session.prompts().dealer_instruction
        if until is not None and sum(map(len, game.placed_cards(session.state).values())) >= until:
            return named
        if game.expected(session.state).deal is not None:
            table.deal()
            table.deliver(table.source.read_event(timeout=1))  # type: ignore[arg-type]
            named += film(table)
        else:
            event = game.strategy(session.state)
            assert event is not None, session.prompts().dealer_instruction
            session.submit(event, source="console:dealer")
    return named + film(table, 6)


def filmed_table(game_id: str, seed: int, folder: Path) -> tuple[RunningTable, Any, Any]:
    """A table of ``game_id`` dealt from a simulated shoe (``seed``'s order, no jokers: the
    camera reads a joker as unreadable, tests/test_camera_jokers.py) under the simulated
    camera: the table, its shoe and camera."""
    deck = folder / "deck.txt"
    write_deck_file(deck, list(shuffled_deck(seed)))
    session = TableSession(make_game(game_id), source_url="sim://")
    shoe = open_source(f"sim://?deck={deck}")
    camera = open_source("sim-camera://?seed=4&frames=2")
    shoe.open()
    camera.open()
    return RunningTable(session, shoe, camera), shoe, camera


GAMES = [("red-dog", 5), ("split-decision", 5), ("vingt-un", 5)]


@pytest.mark.parametrize(("game_id", "seed"), GAMES)
def test_a_round_is_confirmed_where_the_game_places_its_cards(
    game_id: str, seed: int, tmp_path: Path
) -> None:
    table, shoe, camera = filmed_table(game_id, seed, tmp_path)
    with shoe, camera:
        named = deal_round(table)
    session, witness = table.session, table.witness
    assert witness is not None
    assert session.prompts().irregularity is None, session.prompts().dealer_instruction
    assert witness.mismatches == 0 and witness.to_dict()["unconfirmed"] == []
    placed = session.game.placed_cards(session.state)
    lying = {(place, code) for place, codes in placed.items() for code in codes}
    assert len(lying) >= 3 and lying <= set(named)  # every card lying face up was named there
    assert witness.confirmed >= len(lying)


@pytest.mark.parametrize(("game_id", "seed"), GAMES)
def test_a_card_switched_on_its_place_holds_the_round(
    game_id: str, seed: int, tmp_path: Path
) -> None:
    table, shoe, camera = filmed_table(game_id, seed, tmp_path)
    with shoe, camera:
        named = deal_round(table, until=1)
        session = table.session
        ((place, (code, *_)),) = session.game.placed_cards(session.state).items()
        assert (place, code) in named
        stranger = next(c for c in shuffled_deck(seed + 1) if c.code not in dict(named).values())
        camera.take(place, parse_card(code))  # type: ignore[attr-defined]
        camera.deal(stranger, place)  # type: ignore[attr-defined]
        film(table, 6)
    irregularity = session.prompts().irregularity
    assert irregularity is not None
    assert irregularity.reason.startswith(  # the card laid, or the one taken, whichever first
        (f"switched card? the camera sees {stranger.code} at {place}", f"{code} left {place}")
    ), irregularity.reason
