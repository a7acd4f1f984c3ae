"""Layout calibration: spots land where the layout's corners say, and survive a save/load."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from table_controller.camera_places import camera_places
from table_controller.errors import ConfigError
from table_controller.games import make_game
from vision.calibration import LAYOUT_ASPECT, calibrate, load_layout

SQUARE = [(0.0, 0.0), (1000.0, 0.0), (1000.0, 1000.0), (0.0, 1000.0)]
PLACES = camera_places(make_game("missouri-city"))


def test_spot_centres_map_back_to_their_spot() -> None:
    layout = calibrate([(200, 100), (1100, 120), (1250, 700), (40, 690)], (1280, 720), PLACES)
    for spot in PLACES:
        polygon = layout.spots[spot]
        centre = (sum(x for x, _ in polygon) / 4, sum(y for _, y in polygon) / 4)
        assert layout.spot_at(centre) == spot


def test_a_point_between_spots_is_on_no_spot() -> None:
    layout = calibrate(SQUARE, (1000, 1000), PLACES)
    assert layout.spot_at((425.0, 100.0)) is None  # between S1 and S2
    assert layout.spot_at((500.0, 200.0)) == "S2"


def test_layout_file_roundtrip(tmp_path: Path) -> None:
    layout = calibrate(SQUARE, (1000, 1000), PLACES)
    layout.save(tmp_path / "layout.json")
    assert load_layout(tmp_path / "layout.json") == layout


def test_bad_layout_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "layout.json").write_text("[]")
    with pytest.raises(ConfigError, match="not a layout file"):
        load_layout(tmp_path / "layout.json")


def test_the_overhead_view_puts_the_layout_back_square() -> None:
    # A camera beside the table sees the layout as a trapezoid; the overhead view maps it back to
    # a rectangle of the layout's shape, so a card on it is a card's shape again.
    layout = calibrate([(330, 180), (950, 180), (1250, 650), (30, 650)], (1280, 720), {})
    flat = cv2.perspectiveTransform(
        np.float32(layout.corners).reshape(-1, 1, 2), layout.overhead()
    ).reshape(4, 2)
    width, depth = flat[1, 0] - flat[0, 0], flat[3, 1] - flat[0, 1]
    assert width / depth == pytest.approx(LAYOUT_ASPECT, rel=1e-4)
    assert np.allclose(flat[:, 0], [0, width, width, 0], atol=0.01) and np.allclose(
        flat[:, 1], [0, 0, depth, depth], atol=0.01
    )


def test_a_layout_seen_straight_down_has_an_overhead_view_that_only_scales() -> None:
    layout = calibrate(
        [
            (100, 100),
            (100 + 700 * LAYOUT_ASPECT, 100),
            (100 + 700 * LAYOUT_ASPECT, 800),
            (100, 800),
        ],
        (1280, 1000),
        {},
    )
    view = layout.overhead() / layout.overhead()[2, 2]
    assert np.allclose(view[2, :2], 0, atol=1e-9) and view[0, 1] == pytest.approx(0, abs=1e-9)
    assert view[0, 0] == pytest.approx(view[1, 1], rel=1e-6)
