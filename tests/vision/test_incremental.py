"""Reading a live camera by what changed (vision/incremental.py), on rendered frames of the
simulated table under steady light with fresh camera noise in every frame: a still table is not
read again, a card that lands is read in its part of the frame only, a card moved or taken away
is seen so, and the cards elsewhere keep their reading."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from hardware_sim.render import _seen_from, place_on_spot, straight_corners
from hardware_sim.sim_deck import sim_deck
from table_controller.camera_places import camera_places
from table_controller.cards import parse_card
from table_controller.games import make_game
from vision.incremental import IncrementalReader
from vision.recogniser import Recogniser

PLACES = camera_places(make_game("missouri-city"))


class Counting(Recogniser):
    """The recogniser, counting the pixels it is asked to read."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.pixels: list[int] = []

    def recognise(self, image, overhead=None):
        self.pixels.append(image.shape[0] * image.shape[1])
        return super().recognise(image, overhead)


@pytest.fixture(scope="module")
def recogniser() -> Counting:
    return Counting(sim_deck())


def filmed(
    cards: dict[str, str], seed: int, moved: dict[str, tuple[float, float]] | None = None
) -> np.ndarray:
    """The table with ``cards`` (spot -> code) under one steady light, a fresh noise each call;
    each card where the dealer laid it on its spot, or pushed along the table by ``moved[spot]``."""
    placements = []
    for spot, code in cards.items():
        rng = np.random.default_rng(sum(map(ord, spot)))
        placed = place_on_spot(parse_card(code), spot, rng, places=PLACES)
        dx, dy = (moved or {}).get(spot, (0.0, 0.0))
        placements.append(
            type(placed)(placed.card, (placed.centre[0] + dx, placed.centre[1] + dy), placed.angle)
        )
    frame = _seen_from(placements, straight_corners(), PLACES).astype(np.float32)
    h, w = frame.shape[:2]
    light = 1.0 + 0.15 * (np.mgrid[0:h, 0:w][1] / w - 0.5)
    frame = cv2.GaussianBlur(frame * light[..., None], (0, 0), 0.8)
    frame += np.random.default_rng(seed).normal(0, 3.0, frame.shape).astype(np.float32)
    return np.clip(frame, 0, 255).astype(np.uint8)


def names(guesses) -> list[str]:
    return sorted(g.card.code for g in guesses if g.card is not None)


def test_a_still_table_is_read_once(recogniser: Counting) -> None:
    reader = IncrementalReader(recogniser)
    table = {"S1": "KH", "S3": "7C"}
    recogniser.pixels.clear()
    first = reader.read(filmed(table, seed=0))
    assert names(first) == ["7C", "KH"]
    for seed in range(1, 6):  # the camera's noise differs every frame; nothing on the table does
        assert names(reader.read(filmed(table, seed=seed))) == ["7C", "KH"]
    assert len(recogniser.pixels) == 1
    assert (reader.counts.whole, reader.counts.skipped, reader.counts.in_part) == (1, 5, 0)


def test_a_card_that_lands_is_read_in_its_part_of_the_frame_and_the_others_are_not_read_again(
    recogniser: Counting,
) -> None:
    reader = IncrementalReader(recogniser)
    reader.read(filmed({"S1": "KH"}, seed=0))
    recogniser.pixels.clear()
    landing = reader.read(filmed({"S1": "KH", "green.col3": "QS"}, seed=1))
    assert names(landing) == ["KH"] and reader.counts.waited == 1  # read once it lies still
    after = reader.read(filmed({"S1": "KH", "green.col3": "QS"}, seed=2))
    assert names(after) == ["KH", "QS"]
    assert reader.counts.in_part == 1 and len(recogniser.pixels) == 1
    assert recogniser.pixels[0] < 0.5 * 1280 * 720  # a part of the frame, not the whole
    x0, y0, x1, y1 = reader.last_box
    king = next(g for g in after if g.card == parse_card("KH"))
    assert not (
        x0 <= king.centre[0] <= x1 and y0 <= king.centre[1] <= y1
    )  # the king was not read again


def test_a_card_taken_away_is_gone_and_a_card_moved_is_where_it_lies_now(
    recogniser: Counting,
) -> None:
    reader = IncrementalReader(recogniser)
    table = {"S1": "KH", "green.col3": "QS"}
    before = reader.read(filmed(table, seed=0))
    queen_was = next(g.centre for g in before if g.card == parse_card("QS"))
    for seed in (1, 2):  # the push is read once the queen lies still again
        pushed = reader.read(filmed(table, seed=seed, moved={"green.col3": (0.03, 0.0)}))
    queen_now = next(g.centre for g in pushed if g.card == parse_card("QS"))
    assert queen_now[0] - queen_was[0] > 10  # read where it lies now
    for seed in (3, 4):
        taken = reader.read(filmed({"S1": "KH"}, seed=seed))
    assert names(taken) == ["KH"]  # the queen taken away
    assert reader.counts.whole == 1 and reader.counts.in_part == 2


def test_the_camera_driver_reads_a_still_table_once_and_reports_its_cards(tmp_path) -> None:
    from drivers.camera import CameraSource

    folder = tmp_path / "frames"
    folder.mkdir()
    for n in range(4):
        cv2.imwrite(str(folder / f"frame{n:03d}.png"), filmed({"S1": "KH", "S3": "7C"}, seed=n))
    with CameraSource(f"camera://{folder}?confidence=0.5") as source:
        events = []
        while (event := source.read_event(timeout=30)) is not None and event.kind != "status":
            events.append(event)
        assert sorted(e.card.code for e in events if e.kind == "card") == ["7C", "KH"]
        assert (source.reader.counts.whole, source.reader.counts.skipped) == (1, 3)


def with_hand(frame: np.ndarray, at: tuple[float, float]) -> np.ndarray:
    """A dealer's hand (a skin-coloured ellipse, a soft shadow beside it) lying still at ``at``."""
    out = frame.astype(np.float32)
    shadow = np.zeros(frame.shape[:2], np.float32)
    cv2.ellipse(shadow, (int(at[0] + 25), int(at[1] + 30)), (90, 130), 15, 0, 360, 1.0, -1)
    out *= 1 - 0.45 * cv2.GaussianBlur(shadow, (0, 0), 15)[..., None]
    hand = np.zeros(frame.shape[:2], np.float32)
    cv2.ellipse(hand, (int(at[0]), int(at[1])), (80, 120), 10, 0, 360, 1.0, -1)
    hand = cv2.GaussianBlur(hand, (0, 0), 2)[..., None]
    return (out * (1 - hand) + np.float32((120, 150, 200)) * hand).astype(np.uint8)


def test_a_card_covered_by_a_hand_is_kept_unread_and_one_taken_away_is_gone(
    recogniser: Counting,
) -> None:
    reader = IncrementalReader(recogniser)
    for seed in range(3):  # the bare table, long enough for its cells to settle
        reader.read(filmed({"S1": "KH"}, seed=seed))
    for seed in range(3, 10):
        landed = reader.read(filmed({"S1": "KH", "green.col3": "QS"}, seed=seed))
    queen = next(g for g in landed if g.card == parse_card("QS"))
    for seed in range(10, 16):  # a hand rests over the queen: she is not seen, and not gone
        covered = reader.read(
            with_hand(filmed({"S1": "KH", "green.col3": "QS"}, seed=seed), queen.centre)
        )
        assert names(covered) == ["KH", "QS"]
    assert reader.covered and reader.covered[0].card == parse_card("QS")
    assert names(reader.read(filmed({"S1": "KH", "green.col3": "QS"}, seed=16))) == [
        "KH",
        "QS",
    ]  # uncovered
    for seed in range(17, 20):
        gone = reader.read(filmed({"S1": "KH"}, seed=seed))  # taken away: the felt is bare again
    assert names(gone) == ["KH"]


def test_a_hand_passing_is_not_read_and_the_card_it_laid_is_read_alone_once_it_lies(
    recogniser: Counting,
) -> None:
    reader = IncrementalReader(recogniser)
    reader.read(filmed({"S1": "KH"}, seed=0))
    recogniser.pixels.clear()
    for n, x in enumerate(range(300, 900, 100)):  # a hand crossing the table, a step a frame
        passing = reader.read(with_hand(filmed({"S1": "KH"}, seed=n + 1), (x, 250)))
        assert names(passing) == ["KH"]
    assert recogniser.pixels == [] and reader.counts.waited == 6  # nothing read while it moves
    table = {"S1": "KH", "green.col3": "QS"}
    for seed in (10, 11, 12):  # the card it laid: read once it lies still, in its box alone
        landed = reader.read(filmed(table, seed=seed))
    assert names(landed) == ["KH", "QS"]
    assert len(recogniser.pixels) == 1 and recogniser.pixels[0] < 0.1 * 1280 * 720
