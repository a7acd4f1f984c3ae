"""Blackjack on the page, as a dealer plays it: the layout the game declares (bet circles, split
hands side by side on each seat's place on the arc) fits 1280x800 and 1920x1080 with seven seats;
whole stacked rounds are played by clicking and by keyboard, every prompt and amount on screen
checked against the engine's."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from table_controller.games import make_game
from tests.dealer_display.blackjack_rounds import ROUND_A, api_play
from tests.dealer_display.live import live_table
from tests.dealer_display.screen import FITS, OVERFLOWS, open_console, shot

PLACES = """() => {
  const felt = document.querySelector('#layout .felt').getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const out = {felt: box(document.querySelector('#layout .felt')), hands: {}, circles: {}, cards: {}};
  for (const hand of document.querySelectorAll('#layout .bj-hand')) out.hands[hand.dataset.spot] = box(hand);
  for (const hand of document.querySelectorAll('#layout .bj-hand')) out.cards[hand.dataset.spot] = box(hand.querySelector('.fan'));
  for (const c of document.querySelectorAll('#layout .bet-circle')) {
    const r = c.getBoundingClientRect();
    out.circles[c.dataset.spot] = {...box(c), cx: (r.x + r.width / 2 - felt.x) / felt.width, cy: (r.y + r.height / 2 - felt.y) / felt.height};
  }
  return out;
}"""


def overlapping(boxes: dict[str, dict[str, float]]) -> list[tuple[str, str]]:
    names = sorted(boxes)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
            if _overlap(boxes[a], boxes[b])]


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["w"] - 1 and b["x"] < a["x"] + a["w"] - 1 and a["y"] < b["y"] + b["h"] - 1 and b["y"] < a["y"] + a["h"] - 1


def inside(box: dict[str, float], felt: dict[str, float]) -> bool:
    return box["x"] >= felt["x"] - 1 and box["y"] >= felt["y"] - 1 and \
        box["x"] + box["w"] <= felt["x"] + felt["w"] + 1 and box["y"] + box["h"] <= felt["y"] + felt["h"] + 1


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_seven_seats_with_split_hands_are_drawn_where_the_game_declares_and_fit(
        browser: Browser, tmp_path: Path, width: int, height: int) -> None:
    game = make_game("blackjack", seats=7)
    three_hands = lambda s: len(s.state.plays["seat1"].hands) == 3 and s.expected().decisions.get("seat2")  # noqa: E731
    with live_table(f"sim://?deck={ROUND_A.deck_file(tmp_path)}", game=game) as table:
        api_play(table, ROUND_A, until=three_hands)
        page = open_console(browser, table, width, height)
        page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")
        assert page.errors == []  # type: ignore[attr-defined]
        shot(page, f"blackjack-7-seats-split-{width}x{height}.png")
        assert page.evaluate(FITS), "the page scrolls"
        assert page.evaluate(OVERFLOWS) == [], "the layout or a seat panel runs under the console"
        places = page.evaluate(PLACES)
        spots = {s["name"]: s for s in table.session.snapshot()["layout"]}
        for name, circle in places["circles"].items():  # each bet circle on its declared spot
            assert abs(circle["cx"] - spots[name]["x"]) < 0.01 and abs(circle["cy"] - spots[name]["y"]) < 0.01, name
        assert sorted(places["hands"]) == ["seat1/h1", "seat1/h2", "seat1/h3"] + [f"seat{n}/h1" for n in range(2, 8)]
        seat1 = [places["cards"][f"seat1/h{k}"] for k in (1, 2, 3)]
        assert seat1[0]["x"] > seat1[1]["x"] > seat1[2]["x"] or seat1[0]["x"] < seat1[1]["x"] < seat1[2]["x"]
        assert overlapping(places["cards"]) == [], "two hands' cards lie on each other"
        assert overlapping({k: v for k, v in places["circles"].items()}) == [], "two bet circles lie on each other"
        assert all(inside(box, places["felt"]) for box in [*places["hands"].values(), *places["circles"].values()])
        assert min(box["h"] for box in places["cards"].values()) >= (40 if width == 1280 else 60), "cards too small to read"
        page.close()
