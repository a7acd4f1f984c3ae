"""How a card read at its two index corners is judged: the two-corner threshold under two
models of a card's two corners, on held-back rendered corners (no photograph plays a part).

    .venv/bin/python benchmarks/two_corners.py [--cards 8000] [--seed 2029] [--workers 2]

The shipped calibration (scripts/train-index-reader) pairs two renders of the same card,
each printed in its own held-back face and photographed alone: a card whose two corners were
printed in two typefaces. A real card prints one index twice, so here each card is also
printed once and photographed twice (vision.corner_camera.sample_pair: the outline, light,
blur, noise and JPEG drawn anew), and both pairings are read by the shipped networks and
joined as the table joins them (vision.reading.read_card). Printed for each: cards, those
read at one corner only (the other unreadable: the table holds those to the one-corner
threshold), the largest confidence of a wrong card read at two corners (the threshold the
pairing would set), right and wrong at the shipped threshold, and how far the two corners
agree (the sum over cards of the geometric mean of their chances, 1 when they name the
same card alike) for right readings at the shipped threshold and for the surest wrong ones.
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table_controller.cards import standard_deck
from vision.corner_camera import sample, sample_pair
from vision.corner_render import NONE, Faces, installed_faces, split_faces
from vision.learned import RANKS, SUITS, CornerRead, calibrated_thresholds, shipped_reader
from vision.reading import DeckIndex, corner_chances, read_card


def _printed_apart(
    job: tuple[int, int, Faces],
) -> list[tuple[tuple[np.ndarray, np.ndarray], int, int]]:
    seed, count, faces = job
    rng = np.random.default_rng(seed)
    singles = [sample(rng, faces) for _ in range(2 * count)]
    by_truth: dict[tuple[int, int], list[np.ndarray]] = {}
    for patch, rank, suit in singles:
        by_truth.setdefault((rank, suit), []).append(patch)
    return [
        ((a, b), rank, suit)
        for (rank, suit), ps in by_truth.items()
        for a, b in zip(ps[0::2], ps[1::2], strict=False)
    ]


def _printed_once(
    job: tuple[int, int, Faces],
) -> list[tuple[tuple[np.ndarray, np.ndarray], int, int]]:
    seed, count, faces = job
    rng = np.random.default_rng(seed)
    return [sample_pair(rng, faces) for _ in range(count)]


def _figures(name: str, cards: list[tuple[tuple[np.ndarray, np.ndarray], int, int]]) -> None:
    reader, deck = shipped_reader(), DeckIndex.of(standard_deck())
    threshold = calibrated_thresholds()[0]
    flat = [p for two, _, _ in cards for p in two]
    reads: list[CornerRead] = [
        r for i in range(0, len(flat), 256) for r in reader.read(flat[i : i + 256])
    ]
    one_corner, rows = 0, []
    for n, (_, rank, suit) in enumerate(cards):
        a, b = reads[2 * n], reads[2 * n + 1]
        reading = read_card({0: a, 2: b}, deck)
        if reading is None:
            continue
        if reading.corners != 2:
            one_corner += 1
            continue
        truth = None if rank == NONE else (RANKS[rank], SUITS[suit])
        agreement = float(
            np.sqrt(
                corner_chances(a, deck, strike=False) * corner_chances(b, deck, strike=False)
            ).sum()
        )
        said = f"{'none' if truth is None else ''.join(truth)} read {reading.card.code}"
        rows.append(
            (
                reading.confidence,
                agreement,
                truth == (reading.card.rank, str(reading.card.suit)),
                said,
            )
        )
    conf, agree, right, said = (np.array(c) for c in zip(*rows, strict=True))
    right = right.astype(bool)
    wrong = np.sort(conf[~right])
    sure_right = agree[right & (conf >= threshold)]
    surest_wrong = sorted(
        zip(conf[~right], agree[~right], said[~right], strict=True), reverse=True
    )[:6]
    print(f"{name}: {len(cards)} cards, {one_corner} read at one corner only; read at two:")
    print(
        f"  largest wrong {wrong[-1]:.4f} (the threshold it sets: {min(0.999, np.ceil(1000 * wrong[-1]) / 1000):.3f}); "
        f"at the shipped {threshold}: right {int((right & (conf >= threshold)).sum())}, wrong "
        f"{int((~right & (conf >= threshold)).sum())}"
    )
    print(
        f"  agreement, right at {threshold}: least {sure_right.min():.3f}, 0.1% {np.quantile(sure_right, 0.001):.3f}, "
        f"1% {np.quantile(sure_right, 0.01):.3f}, median {np.median(sure_right):.3f}"
    )
    print(
        "  surest wrong (confidence, agreement): "
        + ", ".join(f"{s} ({c:.3f}, {a:.3f})" for c, a, s in surest_wrong),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=8000)
    parser.add_argument(
        "--seed",
        type=int,
        default=2029,
        help="neither the training's (17, 18) nor the calibration's",
    )
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    faces = split_faces(installed_faces())[1]
    per = 250
    jobs = [
        (args.seed * 1000 + i, min(per, args.cards - i * per), faces)
        for i in range((args.cards + per - 1) // per)
    ]
    with Pool(args.workers) as pool:
        apart = [c for part in pool.map(_printed_apart, jobs) for c in part]
        once = [c for part in pool.map(_printed_once, jobs) for c in part]
    _figures("two corners printed apart (the shipped calibration's pairing)", apart)
    _figures("one corner printed once, photographed twice", once)


if __name__ == "__main__":
    main()
