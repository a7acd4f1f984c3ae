"""The Backhand series' layout: where its cards lie on the cloth, as the camera calibrates on it.

Show cards S1-S3 along the far edge; each seat's initial hand (two cards side by side) with its
three columns (hit cards, backhand card) in front of it. A card is about 0.09 x 0.20 layout
units (the simulated layout is drawn 1400 x 900); each spot holds its cards with room to spare
and spots are 0.03 apart, so cards on neighbouring spots never touch and each is found as its
own outline. Two seats (Missouri City) sit left and right, their columns towards the middle; a
lone seat sits in the middle, its columns under the show cards they are played against. More
seats share the width; their spots reach as far as their neighbours allow.

Spot names are the engine's (``S1``, ``red.hand``, ``red.col1``): the cards
:func:`~table_controller.engine.layout_cards` reports lie on them, and the camera's places are these rectangles.
"""

from __future__ import annotations

from table_controller.engine import Spot
from table_controller.games.backhand.prompts import seat_name

Rect = tuple[float, float, float, float]  # left, top, right, bottom in layout units

SHOW: dict[str, Rect] = {
    "S1": (0.29, 0.05, 0.41, 0.31),
    "S2": (0.44, 0.05, 0.56, 0.31),
    "S3": (0.59, 0.05, 0.71, 0.31),
}
HAND_BAND, COLUMN_BAND = (0.36, 0.62), (0.68, 0.94)
# a seat's hand and its three columns, by seats at the table: (hand, columns) left and right
LONE_SEAT: tuple[tuple[float, float], tuple[tuple[float, float], ...]] = (
    (0.36, 0.64),
    ((0.29, 0.41), (0.44, 0.56), (0.59, 0.71)),
)
TWO_SEATS = (
    ((0.03, 0.31), ((0.03, 0.15), (0.18, 0.30), (0.33, 0.45))),
    ((0.69, 0.97), ((0.55, 0.67), (0.70, 0.82), (0.85, 0.97))),
)


def layout(seats: tuple[str, ...], show_cards: bool) -> tuple[Spot, ...]:
    """Every card spot of a Backhand-series table with ``seats``, show cards or not."""
    spots = [_marked(name, rect, None, f"show card {name}") for name, rect in SHOW.items()]
    spots = spots if show_cards else []
    if len(seats) <= 2:
        for seat, (hand, columns) in zip(
            seats, (LONE_SEAT,) if len(seats) == 1 else TWO_SEATS, strict=True
        ):
            spots += _seat_marked(seat, hand, columns)
    else:
        for i, seat in enumerate(seats):
            spots += _seat_shared(seat, i / len(seats), 1 / len(seats))
    return tuple(spots)


def _marked(name: str, rect: Rect, seat: str | None, label: str) -> Spot:
    left, top, right, bottom = rect
    size = (round(right - left, 4), round(bottom - top, 4))
    return Spot(name, (left + right) / 2, (top + bottom) / 2, "card", seat, label, size)


def _seat_marked(
    seat: str, hand: tuple[float, float], columns: tuple[tuple[float, float], ...]
) -> list[Spot]:
    name = seat_name(seat)
    rect = (hand[0], HAND_BAND[0], hand[1], HAND_BAND[1])
    spots = [_marked(f"{seat}.hand", rect, seat, f"{name}'s hand")]
    for k, (left, right) in enumerate(columns, start=1):
        rect = (left, COLUMN_BAND[0], right, COLUMN_BAND[1])
        spots.append(_marked(f"{seat}.col{k}", rect, seat, f"{name}, column {k}"))
    return spots


def _seat_shared(seat: str, left: float, width: float) -> list[Spot]:
    """A seat's spots in its share of the width (three seats or more)."""
    name, hand_y, column_y = seat_name(seat), sum(HAND_BAND) / 2, sum(COLUMN_BAND) / 2
    spots = [Spot(f"{seat}.hand", left + width / 2, hand_y, "card", seat, f"{name}'s hand")]
    for k in (1, 2, 3):
        x = left + width * (2 * k - 1) / 6
        spots.append(Spot(f"{seat}.col{k}", x, column_y, "card", seat, f"{name}, column {k}"))
    return spots
