"""The camera's places come from the layout the game declares (blackjack: the dealer and each
seat); a game that declares none keeps the Backhand series' places."""

from __future__ import annotations

import pytest

from table_controller.camera_places import camera_places, place_of
from table_controller.games import make_game
from vision.calibration import LAYOUT_SPOTS, calibrate


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_a_game_without_a_declared_layout_keeps_the_backhand_places() -> None:
    assert camera_places(make_game("missouri-city")) == LAYOUT_SPOTS


@pytest.mark.parametrize("seats", [1, 3, 7])
def test_blackjack_places_hold_every_declared_card_spot_and_never_overlap(seats: int) -> None:
    game = make_game("blackjack", seats=seats)
    places = camera_places(game)
    assert sorted(places) == sorted(["dealer", *game.seats])
    names = sorted(places)
    assert [
        (a, b) for i, a in enumerate(names) for b in names[i + 1 :] if overlap(places[a], places[b])
    ] == []
    for spot in game.layout(None):
        if spot.kind == "card":
            left, top, right, bottom = places[place_of(spot.name)]
            assert left < spot.x < right and top < spot.y < bottom, spot.name
    assert all(0 <= v <= 1 for rect in places.values() for v in rect)


def test_the_calibration_maps_the_games_places() -> None:
    places = camera_places(make_game("blackjack", seats=3))
    layout = calibrate([(100, 50), (1180, 50), (1250, 700), (30, 700)], (1280, 720), places)
    assert sorted(layout.spots) == ["dealer", "seat1", "seat2", "seat3"]
    assert layout.spot_at((640, 90)) == "dealer"
    assert layout.spot_at((1000, 380)) == "seat1"  # seat1 at the dealer's left: the picture's right
