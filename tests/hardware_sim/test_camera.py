"""sim-camera://: rendered frames through the real recogniser and tracker give card events."""

from __future__ import annotations

import pytest

from drivers.base import CARD
from drivers.registry import open_source
from hardware_sim.camera import SimCamera
from hardware_sim.render import FRAME_SIZE
from hardware_sim.sim_deck import enrolment_photos, sim_deck
from table_controller.cards import parse_card
from table_controller.errors import ConfigError
from vision.recogniser import Recogniser


def card_events(camera: SimCamera, frames: int) -> list:
    events = []
    for _ in range(frames):
        camera.process_frame()
    while camera._pending:  # everything the frames completed
        events.append(camera.read_event(timeout=0))
    return events


@pytest.mark.parametrize("seed", range(6))
def test_dealt_cards_become_card_events_at_their_spots_on_any_seed(seed: int) -> None:
    """A hand's first cards, on any seed: each is reported once at its spot, none invented
    (a card may read as unreadable for a frame, and such a frame counts for it only once it
    was read in two, so the camera gets a few frames more than the three it needs)."""
    with open_source(f"sim-camera://?seed={seed}") as camera:
        assert isinstance(camera, SimCamera) and camera.simulated
        dealt = {
            (spot, camera.deal_next(spot))
            for spot in ("S1", "S2", "S3", "red.hand", "red.hand", "green.hand")
        }
        events = card_events(camera, 8)
    assert {(e.spot, e.card) for e in events if e.kind == CARD} == dealt
    assert len([e for e in events if e.kind == CARD]) == len(dealt)


def test_the_simulated_deck_is_enrolled_and_reads_its_own_photos() -> None:
    deck = sim_deck()
    assert len(deck.cards) == 52
    reader = Recogniser(deck)
    for card, photo in enrolment_photos()[::7]:
        assert [g.card for g in reader.recognise(photo)] == [card]


def test_a_card_counts_only_after_lying_still_for_the_frames_asked() -> None:
    # A far spot, where the camera sees a card smallest: each frame reads it surely.
    with SimCamera("sim-camera://?seed=5&frames=4") as camera:
        camera.deal(parse_card("9D"), "S2")
        assert card_events(camera, 3) == []
        (event,) = card_events(camera, 1)
    assert (event.kind, event.card, event.spot) == (CARD, parse_card("9D"), "S2")


def test_a_card_taken_away_is_reported_gone_once() -> None:
    with SimCamera("sim-camera://?seed=7&frames=2") as camera:
        camera.deal(parse_card("9D"), "S1")
        assert [e.kind for e in card_events(camera, 2)] == [CARD]
        camera.take("S1")
        events = card_events(camera, 4)
    assert [(e.kind, e.detail["reason"], e.detail["card"]) for e in events] == [
        ("warning", "card_gone", "9D")
    ]


def test_same_seed_same_frames() -> None:
    with SimCamera("sim-camera://?seed=11") as one, SimCamera("sim-camera://?seed=11") as two:
        one.deal_next("S1")
        two.deal_next("S1")
        assert (one.frame() == two.frame()).all()
        assert one.frame().shape == (FRAME_SIZE[1], FRAME_SIZE[0], 3)


@pytest.mark.parametrize(
    ("url", "message"),
    [("sim-camera://?sede=3", "no option 'sede'"), ("sim-camera://x?seed=3", "takes no path")],
)
def test_bad_url_is_a_clear_error(url: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        SimCamera(url)


def test_dealing_to_an_unknown_spot_is_refused() -> None:
    with (
        SimCamera("sim-camera://?seed=1") as camera,
        pytest.raises(ConfigError, match="no spot 'S9'"),
    ):
        camera.deal_next("S9")


def test_laid_out_for_blackjack_the_camera_reports_cards_on_the_games_places() -> None:
    from table_controller.camera_places import camera_places
    from table_controller.games import make_game

    with SimCamera("sim-camera://?seed=2") as camera:
        camera.use_places(camera_places(make_game("blackjack", seats=3)))
        dealt = [
            ("seat1", "AS"),
            ("seat2", "8D"),
            ("dealer", "KC"),
            ("seat1", "7H"),
            ("seat2", "QS"),
        ]
        for spot, code in dealt:
            camera.deal(parse_card(code), spot)
        events = card_events(camera, 6)
        with pytest.raises(ConfigError, match="no spot 'S1'"):
            camera.deal(parse_card("2C"), "S1")  # the default game's places are gone
    assert sorted((e.spot, e.card.code) for e in events if e.kind == CARD) == sorted(dealt)
