"""Where the camera looks for cards: the places of the layout a game declares, as rectangles.

A game declares its layout (``game.layout(state)``: named ``Spot``s, centres on a normalised
table): a card spot ``X/...`` lies on the place ``X`` (``seat3``, ``dealer``). The camera's
calibration, the simulated camera and the camera witness use these places; a game that
declares no card spots has none. Where the layout of a hand in play puts several hands on one
place (a seat's split hands, ``seat3/h1/...`` and ``seat3/h2/...``), the place is cut into one
strip per hand (:func:`split_hands`) and the camera names each card by its hand (``seat3/h2``).

A spot that marks its extent on the cloth (``Spot.size``) is its own place, that rectangle.
Any other place is a band a card's height round its spots' centres (cards are about 0.09 x 0.20
of the layout), as wide as its row allows: it reaches half way to the neighbouring place on its
row.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from table_controller.contract import Game
from table_controller.engine import place_of

__all__ = [
    "Rect",
    "camera_places",
    "cards_on_places",
    "default_places",
    "place_of",
    "split_hands",
    "strips",
]

Rect = tuple[float, float, float, float]  # left, top, right, bottom in layout units
CARD_HALF_HEIGHT = 0.12
REACH = 1.0  # how far a place reaches before its neighbours cut it back
GAP = 0.01  # between neighbouring places, so a card is found on one of them only


def camera_places(game: Game) -> dict[str, Rect]:
    """The game's card places as rectangles, in the order the game declares them."""
    marked: dict[str, Rect] = {}
    centres: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for spot in (s for s in game.layout(None) if s.kind == "card"):
        place = place_of(spot.name)
        if spot.size is not None:
            marked[place] = _union(marked.get(place), _extent(spot.x, spot.y, spot.size))
        centres[place].append((spot.x, spot.y))
    boxes = {name: marked.get(name) or _around(points) for name, points in centres.items()}
    return {
        name: _inside(box) if name in marked else _apart(name, box, boxes, marked)
        for name, box in boxes.items()
    }


def split_hands(places: dict[str, Rect], hands: Mapping[str, Sequence[str]]) -> dict[str, Rect]:
    """``places`` with each place of ``hands`` (:func:`~table_controller.engine.split_places`:
    a seat's split hands) cut into one strip per hand, left to right, in its place's stead."""
    out: dict[str, Rect] = {}
    for name, box in places.items():
        if len(hands.get(name, ())) < 2:
            out[name] = box
            continue
        out |= dict(zip(hands[name], strips(box, len(hands[name])), strict=True))
    return out


def strips(rect: Rect, count: int) -> list[Rect]:
    """``rect`` cut across into ``count`` strips of one width, left to right."""
    left, top, right, bottom = rect
    width = (right - left) / count
    return [
        (round(left + k * width, 4), top, round(left + (k + 1) * width, 4), bottom)
        for k in range(count)
    ]


def default_places() -> dict[str, Rect]:
    """The places of the registry's default game: a camera told of no game looks at these."""
    from table_controller.games import DEFAULT_GAME, make_game

    return camera_places(make_game(DEFAULT_GAME))


def _extent(x: float, y: float, size: tuple[float, float]) -> Rect:
    width, height = size
    return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)


def _union(box: Rect | None, more: Rect) -> Rect:
    if box is None:
        return more
    return (min(box[0], more[0]), min(box[1], more[1]), max(box[2], more[2]), max(box[3], more[3]))


def _around(points: list[tuple[float, float]]) -> Rect:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (
        min(xs) - REACH,
        min(ys) - CARD_HALF_HEIGHT,
        max(xs) + REACH,
        max(ys) + CARD_HALF_HEIGHT,
    )


def _apart(name: str, box: Rect, boxes: dict[str, Rect], marked: dict[str, Rect]) -> Rect:
    """``box`` cut back from any place it overlaps: half way each, or to the edge of a place a
    game marked; inside the layout."""
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
            edge = o_left if other in marked else (box[2] + o_left) / 2
            right = min(right, edge - GAP / 2)
        else:
            edge = o_right if other in marked else (o_right + box[0]) / 2
            left = max(left, edge + GAP / 2)
    return _inside((left, top, right, bottom))


def _inside(box: Rect) -> Rect:
    """``box`` clipped to the layout, to a ten-thousandth of it."""
    left, top, right, bottom = box
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
