"""The camera knows a game only by what it declares: High Card (tests/high_card.py), registered
here and nowhere else, is calibrated on its declared spots (the calibration API and ``table
vision calibrate --game``), the simulated camera lays its cards out on them, and the camera
witnesses a hand dealt from a simulated shoe, card by card, and a card switched on the layout."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from fastapi.testclient import TestClient

from dealer_display.calibration import CalibrationSettings, create_calibration_app
from dealer_display.calibration_server import picture_from_image
from drivers.base import CARD
from drivers.registry import open_source
from hardware_sim.camera import SimCamera
from hardware_sim.decks import write_deck_file
from table_controller import games
from table_controller.camera_places import camera_places, place_of
from table_controller.cards import parse_card
from table_controller.cli import main
from table_controller.contract import GameBase, SpotContent
from table_controller.crosscheck import CameraWitness
from table_controller.engine import Spot
from table_controller.events import DONE, NEW_DECK, CardArrived, Control, Wager
from table_controller.running import RunningTable
from table_controller.runtime import TableSession
from tests.dealer_display.live import PIT_BOSS_PIN
from tests.high_card import RECORD, HighCardGame
from vision.calibration import calibrate, layout_homography, load_layout

CORNERS = [(205.0, 58.0), (1075.0, 58.0), (1242.0, 684.0), (38.0, 684.0)]
DECK = "10S 7H 9C".split()  # seat1, seat2, then the dealer
Point = tuple[float, float]


@pytest.fixture(autouse=True)
def high_card() -> Iterator[None]:
    games.register(RECORD)
    yield
    games.unregister(RECORD.id)


def test_its_places_are_its_declared_card_spots() -> None:
    game = games.make_game(RECORD.id, seats=3)
    places = camera_places(game)
    assert list(places) == ["dealer", "seat1", "seat2", "seat3"]
    layout = calibrate(CORNERS, (1280, 720), places)
    to_pixels = _unit_to_frame(layout.corners)
    for spot in game.layout(None):
        if spot.kind == "card":  # each declared card spot lies on its place, in the picture too
            left, top, right, bottom = places[place_of(spot.name)]
            assert left < spot.x < right and top < spot.y < bottom, spot.name
            assert layout.spot_at(to_pixels(spot.x, spot.y)) == place_of(spot.name)


def test_the_calibration_api_maps_and_saves_its_spots(tmp_path: Path) -> None:
    places = camera_places(games.make_game(RECORD.id, seats=2))
    frame = tmp_path / "frame.png"
    cv2.imwrite(str(frame), SimCamera("sim-camera://?seed=2").frame())
    settings = CalibrationSettings(
        out=tmp_path / "layout.json", pit_boss_pin=PIT_BOSS_PIN, places=places
    )
    app = create_calibration_app(settings, picture_from_image(frame))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        answer = client.post("/api/calibration/spots", json={"corners": CORNERS})
        assert answer.status_code == 200
        assert list(answer.json()["spots"]) == ["dealer", "seat1", "seat2"]
        saved = client.post(
            "/api/calibration/save",
            json={"corners": CORNERS},
            headers={"X-Pit-Boss-Pin": PIT_BOSS_PIN},
        )
        assert saved.status_code == 200
    assert load_layout(settings.out) == calibrate(CORNERS, (1280, 720), places)


def test_table_vision_calibrate_takes_the_game_from_the_registry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "high-card.json"
    corners = [f"{x:g},{y:g}" for x, y in CORNERS]
    args = ["vision", "calibrate", "--corners", *corners, "--size", "1280,720", "--out", str(out)]
    assert main([*args, "--game", RECORD.id]) == 0
    assert "wrote 4 spots" in capsys.readouterr().out  # the dealer and the three seats it seats
    assert sorted(load_layout(out).spots) == ["dealer", "seat1", "seat2", "seat3"]
    assert main([*args, "--game", RECORD.id, "--seats", "9"]) == 2
    assert "High Card seats 1 to 7 players (got 9)" in capsys.readouterr().err


def test_a_game_that_declares_no_card_spots_is_told_so_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    class NoCardSpots(HighCardGame):
        def layout(self, state: object = None) -> tuple[Spot, ...]:
            return ()

    bare = replace(RECORD, id="no-card-spots", title="No Card Spots", make=lambda _: NoCardSpots(1))
    games.register(bare)
    try:
        args = ["vision", "calibrate", "--corners", *(f"{x:g},{y:g}" for x, y in CORNERS)]
        out = tmp_path / "layout.json"
        assert main([*args, "--size", "1280,720", "--out", str(out), "--game", bare.id]) == 2
    finally:
        games.unregister(bare.id)
    assert "No Card Spots declares no card spots" in capsys.readouterr().err
    assert not out.exists()


def test_a_games_face_up_cards_on_its_spots_are_on_its_camera_places_by_default() -> None:
    class ByItsSpots(HighCardGame):  # the contract's placed_cards, read from on_spots
        placed_cards = GameBase.placed_cards

    game, deck = ByItsSpots(2), iter(parse_card(code) for code in DECK)
    state = game.new_hand()
    events = [Control(NEW_DECK, by="dealer"), Wager("seat1", "main", 500)]
    events += [Wager("seat2", "main", 500), Control(DONE, by="dealer")]
    events += [CardArrived(next(deck)) for _ in DECK]
    for event in events:
        state, _ = game.apply(state, event)
        assert game.placed_cards(state) == HighCardGame.placed_cards(game, state)
    assert game.placed_cards(state) == {"seat1": ("10S",), "seat2": ("7H",), "dealer": ("9C",)}

    class FaceDown(ByItsSpots):
        def on_spots(self, state: object) -> dict[str, SpotContent]:
            return {
                "seat1/card": SpotContent(("KS",), (True,)),  # face down: the camera sees a back
                "dealer/card": SpotContent(("9C",)),
                "seat1/bet": SpotContent(amount=500),
            }

    assert FaceDown(1).placed_cards(state) == {"dealer": ("9C",)}


def film(table: RunningTable, frames: int = 4) -> list[tuple[str | None, str]]:
    """The camera films ``frames`` frames; what it reports goes to the witness (and is returned:
    the place and card of each card it reports)."""
    camera = table.camera
    assert camera is not None
    for _ in range(frames):
        camera.process_frame()  # type: ignore[attr-defined]
    seen = []
    while camera._pending:  # type: ignore[attr-defined]
        event = camera.read_event(timeout=0)
        assert event is not None
        if event.kind == CARD and event.card is not None:
            seen.append((event.spot, event.card.code))
        table.deliver_sighting(event)
    return seen


def test_the_camera_witnesses_a_high_card_hand_on_a_simulated_table(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    write_deck_file(deck, [parse_card(c) for c in DECK])
    game = games.make_game(RECORD.id, seats=2)
    session = TableSession(game, source_url="sim://")
    with (
        open_source(f"sim://?deck={deck}") as shoe,
        open_source("sim-camera://?seed=4&frames=2") as camera,
    ):
        table = RunningTable(session, shoe, camera)
        assert camera.places == camera_places(game)  # type: ignore[attr-defined]
        session.submit(Control(NEW_DECK, by="dealer"), source="console:dealer")
        for _ in ("seat1", "seat2", "done"):  # the bets, then DONE
            session.submit(game.strategy(session.state), source="console:dealer")  # type: ignore[arg-type]
        seen = []
        for _ in DECK:
            table.deal()
            table.deliver(table.source.read_event(timeout=1))  # type: ignore[arg-type]
            seen += film(table)
        seen += film(table, 6)
        assert session.prompts().irregularity is None, session.prompts().dealer_instruction
        assert sorted(set(seen)) == [("dealer", "9C"), ("seat1", "10S"), ("seat2", "7H")]
        witness = table.witness
        assert witness is not None
        assert witness.to_dict() == {
            "confirmed": len(seen),
            "mismatches": 0,
            "waiting": 0,
            "unconfirmed": [],
        }

        camera.take("seat2", parse_card("7H"))  # type: ignore[attr-defined]
        camera.deal(parse_card("KD"), "seat2")  # type: ignore[attr-defined]
        film(table, 6)
    assert witness.mismatches >= 1


def test_a_card_seen_on_the_place_to_be_dealt_before_the_shoe_reads_it_waits_for_the_shoe() -> None:
    session = TableSession(games.make_game(RECORD.id, seats=1), source_url="sim://")
    for event in (
        Control(NEW_DECK, by="dealer"),
        Wager("seat1", "main", 500),
        Control(DONE, by="dealer"),
    ):
        session.submit(event, source="console:dealer")
    assert session.expected().deal is not None and session.expected().deal.spot == "seat1/card"
    witness = CameraWitness(session)  # the game's own account of its places
    witness.seen("10S", "seat1", source="camera", at=1.0)  # the card lands before the read
    assert witness.to_dict()["waiting"] == 1 and witness.mismatches == 0
    session.submit(CardArrived(parse_card("10S")), source="sim://", at=2.0)
    witness.shoe_card_applied("10S", at=2.0)
    assert witness.to_dict() == {"confirmed": 1, "mismatches": 0, "waiting": 0, "unconfirmed": []}


def _unit_to_frame(corners: tuple[tuple[float, float], ...]) -> Callable[[float, float], Point]:
    """Layout units to the picture's pixels, for a layout whose corners lie at ``corners``."""
    homography = layout_homography(np.float32(corners))

    def to_pixels(x: float, y: float) -> Point:
        point = cv2.perspectiveTransform(np.float32([[[x, y]]]), homography)[0, 0]
        return float(point[0]), float(point[1])

    return to_pixels
