"""Layout calibration: spots land where the layout's corners say, and survive a save/load."""

from __future__ import annotations

from pathlib import Path

import pytest

from table_controller.errors import ConfigError
from vision.calibration import LAYOUT_SPOTS, calibrate, load_layout

SQUARE = [(0.0, 0.0), (1000.0, 0.0), (1000.0, 1000.0), (0.0, 1000.0)]


def test_spot_centres_map_back_to_their_spot() -> None:
    layout = calibrate([(200, 100), (1100, 120), (1250, 700), (40, 690)], (1280, 720))
    for spot in LAYOUT_SPOTS:
        polygon = layout.spots[spot]
        centre = (sum(x for x, _ in polygon) / 4, sum(y for _, y in polygon) / 4)
        assert layout.spot_at(centre) == spot


def test_a_point_between_spots_is_on_no_spot() -> None:
    layout = calibrate(SQUARE, (1000, 1000))
    assert layout.spot_at((425.0, 100.0)) is None  # between S1 and S2
    assert layout.spot_at((500.0, 200.0)) == "S2"


def test_layout_file_roundtrip(tmp_path: Path) -> None:
    layout = calibrate(SQUARE, (1000, 1000))
    layout.save(tmp_path / "layout.json")
    assert load_layout(tmp_path / "layout.json") == layout


def test_bad_layout_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "layout.json").write_text("[]")
    with pytest.raises(ConfigError, match="not a layout file"):
        load_layout(tmp_path / "layout.json")
