"""Layout calibration: where each spot of the table layout lies in the camera image.

The layout is drawn in its own coordinates, a unit square from its far-left corner (0, 0) to
its near-right corner (1, 1) as the dealer faces it. Marking the layout's four corners in the
image once gives a homography; every spot's rectangle is then mapped through it. The result is
stored as JSON with the table's settings::

    {"format": "table-layout/1", "image_size": [1280, 720],
     "corners": [[x, y], ...], "spots": {"dealer": [[x, y], ...], "seat1": [...], ...}}
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from table_controller.camera_places import strips
from table_controller.errors import ConfigError

LAYOUT_FORMAT = "table-layout/1"

# A card is about 0.09 x 0.20 layout units (the simulated layout is drawn 1400 x 900). The spots
# are the game's places (table_controller.camera_places): rectangles in layout units, (left,
# top, right, bottom).
Rect = tuple[float, float, float, float]
HAND_SLOT_PITCH = 0.14  # a hand spot's cards lie this far apart, centre to centre
# The layout's width over its depth on the table (drawn 1400 x 900 by hardware_sim.render; a
# card, 0.09 x 0.20 layout units to a 63 x 88 mm card, is of that shape).
LAYOUT_ASPECT = 14 / 9
_UNIT = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])


@dataclass(frozen=True)
class Layout:
    """Spot polygons in image pixels, and the image corners they were computed from."""

    image_size: tuple[int, int]
    corners: tuple[tuple[float, float], ...]
    spots: dict[str, tuple[tuple[float, float], ...]]

    def spot_at(self, point: tuple[float, float]) -> str | None:
        """The spot whose area holds ``point`` (a card's centre), or None off every spot."""
        for spot, polygon in self.spots.items():
            contour = np.float32(polygon).reshape(-1, 1, 2)
            if cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0:
                return spot
        return None

    def misfit(self, frame: np.ndarray) -> str | None:
        """Why the layout does not fit ``frame`` (a picture of another size than the one it was
        calibrated on), or None when it does."""
        size = (frame.shape[1], frame.shape[0])
        if tuple(self.image_size) == size:
            return None
        return f"{size[0]}x{size[1]}, the layout was calibrated on {self.image_size[0]}x{self.image_size[1]}"

    def overhead(self) -> np.ndarray:
        """The homography from the camera's frame to the layout seen from straight above (as
        large as in the frame): how a card lying on it is seen at a slant, for laying out one
        found by its index alone (:meth:`vision.recogniser.Recogniser.recognise`)."""
        quad = np.float32(self.corners)
        depth = float(np.sqrt(cv2.contourArea(quad) / LAYOUT_ASPECT))
        width = LAYOUT_ASPECT * depth
        return cv2.getPerspectiveTransform(
            quad, np.float32([[0, 0], [width, 0], [width, depth], [0, depth]])
        )

    def split(self, hands: Mapping[str, Sequence[str]]) -> Layout:
        """This layout with each place of ``hands`` cut into one strip per hand, named as its
        hands, left to right as the layout lies (a seat's split hands:
        :func:`table_controller.engine.split_places`); the other places as they are."""
        homography = layout_homography(np.float32(self.corners))
        to_units = np.linalg.inv(homography)
        spots: dict[str, tuple[tuple[float, float], ...]] = {}
        for name, polygon in self.spots.items():
            if len(hands.get(name, ())) < 2:
                spots[name] = polygon
                continue
            points = np.float32(polygon).reshape(-1, 1, 2)
            units = cv2.perspectiveTransform(points, to_units).reshape(-1, 2)
            (left, top), (right, bottom) = units.min(axis=0), units.max(axis=0)
            rect = (float(left), float(top), float(right), float(bottom))
            for hand, strip in zip(hands[name], strips(rect, len(hands[name])), strict=True):
                spots[hand] = _map_rect(homography, strip)
        return Layout(self.image_size, self.corners, spots)

    def to_json(self) -> dict[str, object]:
        return {
            "format": LAYOUT_FORMAT,
            "image_size": list(self.image_size),
            "corners": [list(c) for c in self.corners],
            "spots": {name: [list(p) for p in poly] for name, poly in self.spots.items()},
        }

    def save(self, path: Path) -> None:
        """Write the layout file whole or not at all: a camera reading it never sees half."""
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        try:
            with partial.open("w", encoding="utf-8") as file:
                file.write(json.dumps(self.to_json(), indent=1) + "\n")
                file.flush()
                os.fsync(file.fileno())
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)


def calibrate(
    corners: list[tuple[float, float]],
    image_size: tuple[int, int],
    spots: Mapping[str, Rect],
) -> Layout:
    """The layout seen through a camera whose image shows the layout's corners at ``corners``.

    ``spots`` are the rectangles of the game's places in layout units
    (:func:`table_controller.camera_places.camera_places`); none for a camera whose layout only
    lays cards out as they lie (:meth:`Layout.overhead`).

    Raises:
        ConfigError: not four corners, or corners that do not make a convex quadrilateral.
    """
    if len(corners) != 4:
        raise ConfigError(f"a layout has 4 corners, got {len(corners)}")
    quad = np.float32(corners)
    if not cv2.isContourConvex(quad.reshape(-1, 1, 2)) or cv2.contourArea(quad) < 100:
        raise ConfigError(
            "the 4 corners must go round the layout (far-left, far-right, "
            "near-right, near-left) and enclose some area"
        )
    if _winding(quad) < 0:  # a camera turns the layout but never mirrors it
        raise ConfigError(
            "the corners go round the wrong way: far-left, far-right, near-right, "
            "near-left run clockwise in the camera's picture"
        )
    homography = layout_homography(quad)
    mapped = {name: _map_rect(homography, rect) for name, rect in spots.items()}
    return Layout(image_size, tuple((float(x), float(y)) for x, y in quad), mapped)


def _winding(quad: np.ndarray) -> float:
    """Twice the signed area: positive when the corners run clockwise on screen (y down)."""
    x, y = quad[:, 0].astype(np.float64), quad[:, 1].astype(np.float64)
    return float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def layout_homography(corners: np.ndarray) -> np.ndarray:
    """The 3x3 map from layout units to image pixels."""
    return cv2.getPerspectiveTransform(_UNIT, np.float32(corners))


def _map_rect(homography: np.ndarray, rect: Rect) -> tuple[tuple[float, float], ...]:
    left, top, right, bottom = rect
    points = np.float32([[left, top], [right, top], [right, bottom], [left, bottom]]).reshape(
        -1, 1, 2
    )
    mapped = cv2.perspectiveTransform(points, homography).reshape(-1, 2)
    return tuple((round(float(x), 2), round(float(y), 2)) for x, y in mapped)


def load_layout(path: Path) -> Layout:
    """Read a LAYOUT.json; raise ConfigError naming the file when it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != LAYOUT_FORMAT:
            raise ValueError(f"expected format {LAYOUT_FORMAT!r}")
        spots = {
            name: tuple((float(x), float(y)) for x, y in poly)
            for name, poly in data["spots"].items()
        }
        corners = tuple((float(x), float(y)) for x, y in data["corners"])
        width, height = data["image_size"]
        return Layout((int(width), int(height)), corners, spots)
    except RecursionError:  # JSON nested thousands deep
        raise ConfigError(f"{path} is not a layout file: its JSON nests too deep") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ConfigError(f"{path} is not a layout file: {exc}") from exc
