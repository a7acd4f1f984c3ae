"""An outline read at two corners under the two-corner threshold, read again through its looks
(vision/recogniser.py, Recogniser._two_corner_looks), on held-back rendered corners.

    .venv/bin/python benchmarks/two_corner_looks.py [--corners 16000] [--workers 2]

Corners are rendered as the calibration's index-search corners are (scripts/train-index-reader:
the faces held back from the reader's training, each corner photographed once and cut through
the reader's window and its two looks, vision.indices.LOOKS_AGAIN, the same light, blur and
noise in each cut; its seed), and paired by the card they show, as the calibration pairs its
two-corner cases (two renders of one card stand for its two index corners). Printed for the
pairs, with the window alone and with the rule (read from the floor, vision.indices.
AMBIGUOUS_FROM, under the threshold: every look at both corners names the card, the surest of
the three stands): how many are named right at the calibrated two-corner threshold, and how
many wrongly at it and at other levels. No photograph plays a part.
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table_controller.cards import standard_deck
from vision.corner_camera import sample_looks
from vision.corner_render import Faces, installed_faces, split_faces
from vision.indices import AMBIGUOUS_FROM, LOOKS_AGAIN
from vision.learned import N_RANK, RANKS, SUITS, IndexReader, calibrated_thresholds
from vision.reading import DeckIndex, read_card

SEED = 17 + 104_729  # the calibration's index-search corners (scripts/train-index-reader)
CHUNK = 2000


def render(job: tuple[int, int, Faces]) -> tuple[list[list[np.ndarray]], list[int], list[int]]:
    seed, count, faces = job
    rng = np.random.default_rng(seed)
    out = [sample_looks(rng, faces, LOOKS_AGAIN) for _ in range(count)]
    return [o[0] for o in out], [o[1] for o in out], [o[2] for o in out]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corners", type=int, default=16_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    held = split_faces(installed_faces())[1]
    jobs = [
        (SEED * 100_003 + i, min(CHUNK, args.corners - i * CHUNK), held)
        for i in range((args.corners + CHUNK - 1) // CHUNK)
    ]
    with Pool(args.workers) as pool:
        parts = pool.map(render, jobs)
    looks = [p for part in parts for p in part[0]]
    truths = [
        None if r == N_RANK - 1 else (RANKS[r], SUITS[s])
        for part in parts
        for r, s in zip(part[1], part[2], strict=True)
    ]
    reader, deck = IndexReader(), DeckIndex.of(standard_deck())
    flat = [w for ws in looks for w in ws]
    reads = [r for i in range(0, len(flat), 256) for r in reader.read(flat[i : i + 256])]
    per = 1 + len(LOOKS_AGAIN)
    threshold = calibrated_thresholds()[0]
    by_truth: dict[object, list[int]] = {}
    for n, truth in enumerate(truths):
        by_truth.setdefault(truth, []).append(n)
    alone, ruled, right = [], [], []
    for truth, ns in by_truth.items():
        for a, b in zip(ns[0::2], ns[1::2], strict=False):
            readings = [
                read_card({0: reads[a * per + k], 2: reads[b * per + k]}, deck) for k in range(per)
            ]
            own = readings[0]
            if own is None:
                continue
            confidence = own.confidence
            if AMBIGUOUS_FROM <= confidence < threshold and all(
                r is not None and r.card == own.card for r in readings
            ):
                confidence = max(r.confidence for r in readings if r is not None)
            alone.append(own.confidence)
            ruled.append(confidence)
            right.append(truth == (own.card.rank, str(own.card.suit)))
    with_index = sum(len(ns) // 2 for t, ns in by_truth.items() if t is not None)
    ok = np.bool_(right)
    print(f"{len(alone)} pairs read ({with_index} of a card), two-corner threshold {threshold}")
    for name, values in (("window alone", alone), ("with its looks", ruled)):
        s = np.float32(values)
        wrong = np.sort(s[~ok])
        levels = {t: int((~ok & (s >= t)).sum()) for t in (0.5, 0.8, 0.9, threshold, 0.95, 0.99)}
        print(
            f"  {name:<15} right at the threshold {(ok & (s >= threshold)).sum()}"
            f" ({(ok & (s >= threshold)).sum() / max(with_index, 1):.4f}); wrong at {levels};"
            f" largest wrong {float(wrong[-1]) if len(wrong) else None}"
        )


if __name__ == "__main__":
    main()
