"""The learned index reader on rendered corners (faces held back from its training)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from table_controller.cards import parse_card, standard_deck
from vision.adapt import DeckFeatures
from vision.corner_camera import CANVAS, _picture_frame, sample, sample_looks, sample_pair
from vision.corner_camera import _corner as rendered_corner
from vision.corner_render import (
    NONE,
    RANK_CLASSES,
    SUIT_CLASSES,
    card_queen,
    flat_topped,
    installed_faces,
    split_faces,
    text_ink,
)
from vision.learned import (
    INPUT_H,
    INPUT_W,
    MODEL,
    NONE_SURE,
    RANKS,
    SUITS,
    CornerRead,
    IndexReader,
    reader_inputs,
    shipped_models,
    shipped_reader,
)
from vision.learned import _load as _load_network
from vision.reading import DeckIndex, read_card
from vision.recogniser import calibrated_thresholds

DECK = DeckIndex.of(standard_deck())


def calibrated_min_confidence() -> float:
    return calibrated_thresholds()[1]  # one corner read


@pytest.fixture(scope="module")
def held_back() -> list[tuple[np.ndarray, int, int]]:
    faces = split_faces(installed_faces())[1]
    rng = np.random.default_rng(2024)  # not the seed the calibration used
    return [sample(rng, faces) for _ in range(400)]


def test_reads_most_corners_printed_in_faces_it_never_saw(held_back) -> None:
    reads = shipped_reader().read([p for p, _, _ in held_back])
    indexed = [
        (r, rank, suit) for r, (_, rank, suit) in zip(reads, held_back, strict=True) if rank != NONE
    ]
    right = sum(
        int(np.argmax(r.ranks)) == rank and int(np.argmax(r.suits)) == suit
        for r, rank, suit in indexed
    )
    assert right / len(indexed) >= 0.85, f"{right}/{len(indexed)}"


def test_at_the_default_threshold_it_names_almost_nothing_wrong(held_back) -> None:
    threshold = calibrated_min_confidence()
    reads = shipped_reader().read([p for p, _, _ in held_back])
    wrong = 0
    for read, (_, rank, suit) in zip(reads, held_back, strict=True):
        reading = read_card({0: read}, DECK)
        if reading is None or reading.confidence < threshold:
            continue
        truth = None if rank == NONE else (RANK_CLASSES[rank], SUIT_CLASSES[suit])
        wrong += truth != (reading.card.rank, str(reading.card.suit))
    assert wrong <= 1


def test_a_corners_looks_are_cut_from_one_photograph() -> None:
    # The calibration of the index search's looks (scripts/train-index-reader): the first cut is
    # the reader's window as a corner photographed alone gives it, a look that neither scales nor
    # turns is that window again, and the looks that do are other windows of the same corner.
    faces = split_faces(installed_faces())[1]
    other_width = 0
    for seed in range(6):
        alone = sample(np.random.default_rng(seed), faces)[0]
        cuts, _, _ = sample_looks(
            np.random.default_rng(seed), faces, ((1.0, 0.0), (1.12, 5.0), (0.9, -5.0))
        )
        assert np.array_equal(cuts[0], alone) and np.array_equal(cuts[1], alone)
        assert not np.array_equal(cuts[2], alone) and not np.array_equal(cuts[3], alone)
        # A slanted look (vision.indices.SLANT_LOOKS) cuts the window wider or narrower: the
        # same photograph, another window; as wide as it was, the window again.
        slanted, _, _ = sample_looks(
            np.random.default_rng(seed), faces, ((1.0, 0.0, 1.0), (1.0, 0.0, 1.4), (1.0, 0.0, 0.7))
        )
        assert np.array_equal(slanted[1], alone)
        other_width += not np.array_equal(slanted[2], alone) and not np.array_equal(
            slanted[3], alone
        )
    assert (
        other_width >= 5
    )  # (seed 1 is a corner without an index: plain paper, the same however wide)


def test_a_cards_two_corners_are_one_print_photographed_twice() -> None:
    # benchmarks/two_corners.py: a card prints one index at both corners, so the pair differs by
    # the camera (outline, light, blur, noise) and mostly reads alike; the same seed, the same pair.
    faces = split_faces(installed_faces())[1]
    rng = np.random.default_rng(11)
    pairs = [sample_pair(rng, faces) for _ in range(40)]
    again = sample_pair(np.random.default_rng(11), faces)
    assert (
        all(np.array_equal(a, b) for a, b in zip(pairs[0][0], again[0], strict=True))
        and pairs[0][1:] == again[1:]
    )
    assert all(not np.array_equal(a, b) for (a, b), _, _ in pairs)
    reads = shipped_reader().read([p for two, _, _ in pairs for p in two])
    indexed = [
        (reads[2 * n], reads[2 * n + 1]) for n, (_, rank, _) in enumerate(pairs) if rank != NONE
    ]
    alike = sum(int(np.argmax(a.ranks)) == int(np.argmax(b.ranks)) for a, b in indexed)
    assert len(indexed) > 25 and alike >= 0.8 * len(indexed)


def test_a_corner_without_an_index_is_not_named(held_back) -> None:
    blanks = [p for p, rank, _ in held_back if rank == NONE]
    reads = shipped_reader().read(blanks)
    named = [
        r
        for r in reads
        if (c := read_card({0: r}, DECK)) is not None
        and c.confidence >= calibrated_min_confidence()
    ]
    assert len(blanks) > 20 and len(named) == 0


def test_clear_red_ink_is_never_named_a_black_suit(held_back) -> None:
    red = [p for p, rank, suit in held_back if rank != NONE and SUIT_CLASSES[suit] in "HD"]
    for read in shipped_reader().read(red):
        reading = read_card({0: read}, DECK)
        if reading is not None and reading.confidence >= calibrated_min_confidence():
            assert str(reading.card.suit) in "HD"


def _corner(rank: str, suits: dict[str, float], colour: str | None) -> CornerRead:
    """A corner as the reader might make it: that rank surely, these suit chances, the ink judged so."""
    ranks = np.zeros(len(RANKS) + 1, np.float32)
    ranks[RANKS.index(rank)] = 1.0
    return CornerRead(
        ranks, np.float32([suits.get(s, 0.0) for s in SUITS]), np.zeros(4, np.float32), colour
    )


def test_a_suit_read_surely_in_ink_judged_the_other_colour_names_no_card() -> None:
    """A black eight beside a red picture, its ink judged red: the reader is 99.1% sure of the
    spade, and the diamond's 0.4% must not become a sure eight of diamonds (it was 0.99997)."""
    reading = read_card({0: _corner("8", {"S": 0.991, "D": 0.004, "C": 0.005}, "red")}, DECK)
    assert reading is not None and str(reading.card.suit) in "HD" and reading.confidence < 0.5


def test_clear_colour_decides_between_suits_the_reader_cannot_tell_apart() -> None:
    reading = read_card({0: _corner("7", {"S": 0.5, "H": 0.5}, "red")}, DECK)
    assert reading is not None and reading.card == parse_card("7H") and reading.confidence > 0.98


def test_one_corners_colour_does_not_overrule_the_other_corner() -> None:
    """Held-back rendered king of spades (Dutch H): one corner read as a diamond in ink judged red
    (a red picture beside it), the other a spade, its colour unclear. Striking the spade at the
    first corner before the two were combined named the king of diamonds at 0.9994."""
    first = _corner("K", {"S": 0.108, "H": 0.0006, "D": 0.816, "C": 0.075}, "red")
    second = _corner("K", {"S": 0.989, "D": 0.011}, None)
    reading = read_card({0: first, 2: second}, DECK)
    assert reading is not None and reading.confidence < calibrated_thresholds()[0]


def test_windows_are_the_size_the_reader_takes(held_back) -> None:
    assert all(p.shape == (INPUT_H, INPUT_W, 3) for p, _, _ in held_back)


def test_enrolled_features_favour_the_nearest_card() -> None:
    cards = (parse_card("AS"), parse_card("KH"))
    book = DeckFeatures(cards)
    book.add(cards[0], np.float32([1, 0, 0]))
    book.add(cards[1], np.float32([0, 1, 0]))
    even = np.float32([0.5, 0.5])
    near_ace = book.adapt(even, np.float32([0.99, 0.1, 0]) / np.hypot(0.99, 0.1))
    assert near_ace[0] > 0.8  # from an even 0.5: the enrolled ace is nearest
    like_neither = book.adapt(even, np.float32([0, 0, 1]))
    assert np.allclose(like_neither, even)  # a corner like no enrolled one is left to the reader
    again = DeckFeatures.from_json(cards, book.to_json())
    assert np.allclose(
        again.adapt(even, np.float32([0, 1, 0])), book.adapt(even, np.float32([0, 1, 0]))
    )


@pytest.mark.parametrize(
    "gains",
    [(1.0, 1.0, 1.0), (0.55, 0.55, 0.55), (0.75, 0.9, 1.1), (1.1, 0.95, 0.8)],
    ids=["even", "dim", "warm", "cool"],
)
def test_ink_colour_is_told_under_any_light(gains: tuple[float, float, float]) -> None:
    import cv2

    from vision.learned import ink_colour

    for ink, colour in (((40, 40, 200), "red"), ((30, 30, 30), "black")):
        patch = np.full((INPUT_H, INPUT_W, 3), 235, np.uint8)
        cv2.putText(patch, "7", (6, 24), cv2.FONT_HERSHEY_DUPLEX, 0.8, ink, 2)
        cv2.circle(patch, (13, 33), 5, ink, -1)
        lit = np.clip(patch * np.float32(gains), 0, 255).astype(np.uint8)
        assert ink_colour(lit) == colour


def test_felt_beside_an_index_leaves_its_colour_clear() -> None:
    """A window cut a little past the card's rim shows a strip of felt: its dark green is no
    ink, and a black index beside it is still black (the simulated camera once named a black
    4 of clubs, its club blurred, the 4 of diamonds)."""
    from vision.learned import ink_colour

    for ink, colour in (((40, 40, 200), "red"), ((30, 30, 30), "black")):
        patch = np.full((INPUT_H, INPUT_W, 3), 235, np.uint8)
        patch[:, :5] = (35, 100, 40)  # felt, BGR
        cv2.putText(patch, "4", (8, 24), cv2.FONT_HERSHEY_DUPLEX, 0.8, ink, 2)
        cv2.circle(patch, (15, 33), 5, ink, -1)
        assert ink_colour(patch) == colour
    green = np.full((INPUT_H, INPUT_W, 3), 235, np.uint8)  # a four-colour deck's green club
    cv2.putText(green, "4", (8, 24), cv2.FONT_HERSHEY_DUPLEX, 0.8, (40, 140, 30), 2)
    cv2.circle(green, (15, 33), 5, (40, 140, 30), -1)
    assert ink_colour(green) is None


def test_a_face_that_draws_its_spade_as_a_club_is_not_used_for_suits() -> None:
    suits = {p.name for p in installed_faces().suits}
    assert {"DejaVuSans.ttf", "FreeSerif.ttf"} <= suits
    assert "FreeSerifBold.ttf" not in suits  # its U+2660 is drawn as a club, its U+2663 as a spade


def test_a_flat_topped_three_has_a_bar_across_its_top() -> None:
    face = next(p for p in installed_faces().ranks if p.name == "DejaVuSans.ttf")
    three = text_ink(face, "3")
    flat = flat_topped(three, np.random.default_rng(1))
    assert flat.shape == three.shape
    top = (flat[: max(2, flat.shape[0] // 12)] > 127).any(axis=0).mean()
    assert top > 0.8 > (three[:2] > 127).any(axis=0).mean()


def test_a_card_queen_is_a_narrow_oval_crossed_at_its_foot_by_a_tail() -> None:
    """The queen card makers print (no typeface draws it): a closed bowl taller than wide, and a
    tail leaving it down to the right, below the bowl."""
    for seed in range(5):
        queen = card_queen(60, np.random.default_rng(seed)) > 127
        h, w = queen.shape
        assert 60 < h < 80 and w < h
        _, labels = cv2.connectedComponents(np.uint8(~queen))
        assert labels.max() >= 2  # a hole: the bowl is closed
        foot = queen[60:]  # below the bowl only the tail, on the right
        assert foot.any() and np.nonzero(foot.any(axis=0))[0].mean() > w / 2


def test_the_shipped_reader_averages_its_networks_where_the_first_sees_an_index(held_back) -> None:
    members = shipped_models()
    assert len(members) >= 2 and members[0] == MODEL
    patches = [p for p, _, _ in held_back[:24]]
    together = IndexReader().read(patches)
    alone = [IndexReader(m).read(patches) for m in members]
    asked = [n for n in range(len(patches)) if alone[0][n].ranks[-1] < NONE_SURE]
    assert 0 < len(asked) < len(patches)  # the held-back corners hold both kinds
    for n, read in enumerate(together):
        voters = alone if n in asked else alone[:1]  # where the first is sure of no index, it alone
        assert np.allclose(read.ranks, np.mean([a[n].ranks for a in voters], axis=0), atol=1e-5)
        assert np.allclose(read.suits, np.mean([a[n].suits for a in voters], axis=0), atol=1e-5)
        # Enrolment keeps the first two's features side by side (the second's only where asked).
        second = alone[1][n].feature if n in asked else np.zeros_like(alone[1][n].feature)
        assert np.allclose(
            read.feature, np.concatenate([alone[0][n].feature, second]) / np.sqrt(2), atol=1e-5
        )


def test_a_face_cards_picture_beside_an_index_reaching_past_the_corner_is_drawn() -> None:
    # A large index on its side can reach past the rendered corner; its picture lies beyond the
    # canvas then (the training renders once stopped there: "high - low < 0").
    canvas = np.full((CANVAS[1], CANVAS[0], 3), 200, np.float32)
    _picture_frame(canvas, np.random.default_rng(0), right=float(CANVAS[0] + 40), bottom=50.0)


def test_a_rendered_corner_says_which_neighbouring_index_it_drew() -> None:
    # benchmarks/index_search.py tells a neighbour's index named (rightly) from a misreading.
    faces = split_faces(installed_faces())[1]
    rng = np.random.default_rng(2)
    neighbours = [rendered_corner(rng, faces, 0.15)[5] for _ in range(200)]
    drawn = [n for n in neighbours if n is not None]
    assert 10 < len(drawn) < 150
    assert all(parse_card(code) in standard_deck() for code in drawn)


def test_the_training_scripts_default_network_is_the_shipped_one() -> None:
    # scripts/train-index-reader without options remakes the shipped weights (docs/vision.md,
    # "Retraining"): its default channels are the shipped networks' convolutions, in order.
    import importlib.machinery
    import importlib.util
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "scripts" / "train-index-reader"
    loader = importlib.machinery.SourceFileLoader("train_index_reader", str(script))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)  # (torch is imported only to train)
    for path in shipped_models():
        net = _load_network(path)  # (as the table reads it)
        convolutions = [
            net.getParam(name, 0).shape for name in net.getLayerNames() if name.endswith("/Conv")
        ]
        ins = (1, *module.CHANNELS[:-1])
        assert convolutions == [
            (out, cin, 3, 3) for cin, out in zip(ins, module.CHANNELS, strict=True)
        ], path


def _plain_reading(net: cv2.dnn.Net, batch: np.ndarray) -> np.ndarray:
    """The reader's scores computed from its own weights in numpy, plainly: every 3x3
    convolution (padded by one) and its ReLU, a 2x2 max-pool after each but the last, the
    features (a ReLU'd linear layer), the heads, then heads and features side by side."""
    names = net.getLayerNames()
    convolutions = [name for name in names if name.endswith("/Conv")]
    features, heads = (name for name in names if name.endswith("/Gemm"))
    x = batch.astype(np.float64)
    for k, name in enumerate(convolutions):
        weights, bias = net.getParam(name, 0), net.getParam(name, 1)
        padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
        windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(2, 3))
        x = np.maximum(
            np.einsum("nchwij,kcij->nkhw", windows, weights) + bias[None, :, None, None], 0
        )
        if k < len(convolutions) - 1:
            n, c, h, w = x.shape
            x = (
                x[:, :, : h // 2 * 2, : w // 2 * 2]
                .reshape(n, c, h // 2, 2, w // 2, 2)
                .max(axis=(3, 5))
            )
    feature = np.maximum(
        x.reshape(len(x), -1) @ net.getParam(features, 0).T + net.getParam(features, 1), 0
    )
    return np.concatenate(
        [feature @ net.getParam(heads, 0).T + net.getParam(heads, 1), feature], axis=1
    )


@pytest.mark.parametrize("size", [1, 2, 7, 12, 13])
def test_the_shipped_networks_compute_their_weights_plainly(size: int) -> None:
    # scripts/train-index-reader rewrites the exported networks for OpenCV (side_by_side: a
    # batch's narrow maps laid side by side, apart by zero columns); each window's scores must
    # stay those of its own weights alone, whatever the batch beside it.
    rng = np.random.default_rng(size)
    batch = reader_inputs(
        [rng.integers(0, 256, (INPUT_H, INPUT_W, 3), np.uint8) for _ in range(size)]
    )[:, None]
    batch[size // 2] = np.where(
        np.arange(INPUT_W) % 7 < 2, -0.5, 0.5
    )  # stripes: ink at every window's edge
    for path in shipped_models():
        net = _load_network(path)
        net.setInput(batch)
        read = np.asarray(net.forward()).reshape(size, -1)
        assert np.abs(read - _plain_reading(net, batch)).max() < 1e-3, path
