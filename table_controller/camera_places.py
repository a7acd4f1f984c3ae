"""Where the camera looks for cards: the places of the layout a game declares, as rectangles.

A game that declares its layout (``game.layout(state)``: named ``Spot``s, centres on a
normalised table) has card places: a card spot ``X/...`` lies on the place ``X`` (``seat3``,
``dealer``), so a seat's split hands are all on its place however many it has. The camera's
calibration, the simulated camera
and the camera witness use these places; a game that declares no layout (the Backhand series)
keeps the places of :data:`vision.calibration.LAYOUT_SPOTS`.

A place is a band a card's height round its spots' centres (cards are about 0.09 x 0.20 of the
layout), as wide as its row allows: it reaches half way to the neighbouring place on its row.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

Rect = tuple[float, float, float, float]  # left, top, right, bottom in layout units
CARD_HALF_HEIGHT = 0.12
REACH = 1.0  # how far a place reaches before its neighbours cut it back
GAP = 0.01  # between neighbouring places, so a card is found on one of them only


def place_of(spot_name: str) -> str:
    """``seat3/h2/card1`` -> ``seat3``; ``dealer/up`` -> ``dealer``."""
    return spot_name.split("/", 1)[0]


def camera_places(game: Any) -> dict[str, Rect]:
    """The game's card places as rectangles (the Backhand series' layout for a game that
    declares none)."""
    spots = game.layout(None)
    if not spots:
        from vision.calibration import LAYOUT_SPOTS

        return dict(LAYOUT_SPOTS)
    centres: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for spot in spots:
        if spot.kind == "card":
            centres[place_of(spot.name)].append((spot.x, spot.y))
    boxes = {name: _around(points) for name, points in centres.items()}
    return {name: _apart(name, box, boxes) for name, box in boxes.items()}


def _around(points: list[tuple[float, float]]) -> Rect:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (
        min(xs) - REACH,
        min(ys) - CARD_HALF_HEIGHT,
        max(xs) + REACH,
        max(ys) + CARD_HALF_HEIGHT,
    )


def _apart(name: str, box: Rect, boxes: dict[str, Rect]) -> Rect:
    """``box`` cut back, half way each, from any place it overlaps; inside the layout."""
    left, top, right, bottom = box
    for other, (o_left, o_top, o_right, o_bottom) in boxes.items():
        if (
            other == name
            or o_top >= bottom
            or o_bottom <= top
            or o_left >= right
            or o_right <= left
        ):
            continue
        middle, o_middle = (box[0] + box[2]) / 2, (o_left + o_right) / 2
        if o_middle > middle:
            right = min(right, (box[2] + o_left) / 2 - GAP / 2)
        else:
            left = max(left, (o_right + box[0]) / 2 + GAP / 2)
    return (
        round(max(0.0, left), 4),
        round(max(0.0, top), 4),
        round(min(1.0, right), 4),
        round(min(1.0, bottom), 4),
    )


def cards_on_places(session: Any) -> dict[str, tuple[str, ...]]:
    """Which face-up cards the engine has on which place: the game's own account
    (``game.placed_cards(state)``)."""
    game = session.game
    return {place: cards for place, cards in game.placed_cards(session.state).items() if cards}
