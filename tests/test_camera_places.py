"""The camera's places come from the layout the game declares: blackjack's the dealer and each
seat, reaching to their neighbours; the Backhand series' the rectangles its spots mark, where
existing calibrations, staged scenes and the vision tests have always had them."""

from __future__ import annotations

import pytest

from hardware_sim.decks import shuffled_deck
from table_controller.camera_places import camera_places, place_of
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games import make_game
from vision.calibration import calibrate

# the Backhand series' places as vision/calibration.py held them before Backhand declared its
# layout: LAYOUT.json files saved since, and the simulated camera's scenes, have these
MISSOURI_CITY = {
    "S1": (0.29, 0.05, 0.41, 0.31),
    "S2": (0.44, 0.05, 0.56, 0.31),
    "S3": (0.59, 0.05, 0.71, 0.31),
    "red.hand": (0.03, 0.36, 0.31, 0.62),
    "red.col1": (0.03, 0.68, 0.15, 0.94),
    "red.col2": (0.18, 0.68, 0.30, 0.94),
    "red.col3": (0.33, 0.68, 0.45, 0.94),
    "green.hand": (0.69, 0.36, 0.97, 0.62),
    "green.col1": (0.55, 0.68, 0.67, 0.94),
    "green.col2": (0.70, 0.68, 0.82, 0.94),
    "green.col3": (0.85, 0.68, 0.97, 0.94),
}


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_missouri_city_declares_the_places_the_camera_always_had() -> None:
    places = camera_places(make_game("missouri-city"))
    assert places == MISSOURI_CITY and list(places) == list(MISSOURI_CITY)


def test_a_lone_backhand_seat_plays_under_the_show_cards_and_a_backhand_table_has_its_seats() -> (
    None
):
    lone = camera_places(make_game("buffalo-bayou"))
    assert list(lone) == ["S1", "S2", "S3", "player.hand", *(f"player.col{k}" for k in (1, 2, 3))]
    for k in (1, 2, 3):  # each column lies under the show card it is played against
        assert lone[f"player.col{k}"][::2] == lone[f"S{k}"][::2]
    assert sorted(camera_places(make_game("backhand", seats=3))) == sorted(
        f"seat{n}.{where}" for n in (1, 2, 3) for where in ("hand", "col1", "col2", "col3")
    )


@pytest.mark.parametrize(
    ("game_id", "seats"),
    [("missouri-city", 2), ("buffalo-bayou", 1), ("backhand", 1), ("backhand", 4)],
)
def test_every_spot_a_backhand_game_deals_to_and_places_cards_on_is_a_declared_place(
    game_id: str, seats: int
) -> None:
    game = make_game(game_id, seats=seats)
    places, declared = camera_places(game), {s.name for s in game.layout(None)}
    assert set(places) == declared
    dealt_to: set[str] = set()
    for seed in range(20):
        deck = iter(shuffled_deck(seed, game.shoe.decks))
        state, _ = game.apply(game.new_hand(), Control(NEW_DECK, by="dealer"))
        while game.result(state) is None:
            deal = game.expected(state).deal
            if deal is not None:
                dealt_to.add(deal.spot)
                state, _ = game.apply(state, CardArrived(next(deck), deal.spot))
            else:
                event = game.strategy(state)
                assert event is not None
                state, _ = game.apply(state, event)
            assert set(game.placed_cards(state)) <= declared
    assert dealt_to <= declared and len(dealt_to) > 1


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
