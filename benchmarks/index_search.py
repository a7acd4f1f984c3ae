"""The index search on held-back rendered corners: indices found and named, with and without
faint ink joining pieces of a glyph (vision/indices.py, Ink.faint_joined).

    .venv/bin/python benchmarks/index_search.py [--corners 8000] [--workers 2]

Each corner is rendered as the reader's training corners are (vision/corner_camera.py), in the
faces held back from its training (every fifth), then photographed whole: shrunk so its rank
stands 9-22 px tall, lit unevenly, blurred, noisy, JPEG, the table and card carried on round
it. The index search (vision.indices.read_indices) runs on that photo, and an index counts as
named when the recogniser would name it on its own (Recogniser._sure_index: the same card
through every look, sure enough). Corners without an index are left out (some of them hold an
index on its side or upside down, which the search rightly reads). Printed: corners read right,
gained and lost by faint joining; the other cards named, as the index of the neighbouring card
drawn beside the corner (a quarter of the corners show one: rightly named) or wrongly (a
misreading); and names given only with faint joining or only without.
No photograph plays a part here, so this is a figure on data that played no part in writing
the faint-ink rule (which was written after looking at three photographs).
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision.indices as indices
from table_controller.cli import one_blas_thread
from vision.corner_camera import CARD_H_PX, _corner, _light
from vision.corner_render import (
    NONE,
    RANK_CLASSES,
    SUIT_CLASSES,
    Faces,
    installed_faces,
    jpeg,
    split_faces,
)
from vision.recogniser import Recogniser

PAD = 60  # px of table and card carried on round the rendered corner


def photograph(rng: np.random.Generator, faces: Faces) -> tuple[np.ndarray, str | None, str | None]:
    """A corner photographed whole, its card's code (None for a corner without an index) and
    the code of the neighbouring card's index drawn beside it (None without one)."""
    canvas, rank, suit, rank_height, _, neighbour = _corner(rng, faces, 0.15)
    scale = rng.uniform(9, 22) / (rank_height * CARD_H_PX)
    image = _light(cv2.resize(canvas, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), rng)
    if rng.random() < 0.6:
        image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.3, 1.0))
    image = np.clip(image + rng.normal(0, rng.uniform(0, 8), image.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        image = jpeg(image, int(rng.integers(30, 95)))
    image = cv2.copyMakeBorder(image, PAD, PAD, PAD, PAD, cv2.BORDER_REPLICATE)
    return image, None if rank == NONE else RANK_CLASSES[rank] + SUIT_CLASSES[suit], neighbour


def named(recogniser: Recogniser, image: np.ndarray) -> set[str]:
    found = indices.read_indices(image, recogniser.reader, recogniser.deck_index)
    return {f.reading.card.code for f in found if recogniser._sure_index(image, f)}


def job(task: tuple[int, int]) -> list[tuple[str, str | None, set[str], set[str]]]:
    seed, count = task
    cv2.setNumThreads(1)
    one_blas_thread()
    faces = split_faces(installed_faces())[1]
    rng = np.random.default_rng(seed)
    recogniser = Recogniser()
    faint_joined = indices.Ink.faint_joined
    out = []
    for _ in range(count):
        image, truth, neighbour = photograph(rng, faces)
        if truth is None:
            continue
        indices.Ink.faint_joined = lambda self, around: 0  # type: ignore[method-assign]
        without = named(recogniser, image)
        indices.Ink.faint_joined = faint_joined  # type: ignore[method-assign]
        out.append((truth, neighbour, without, named(recogniser, image)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corners", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    parts = 8
    with Pool(args.workers) as pool:
        results = [
            r
            for part in pool.map(job, [(900_001 + k, args.corners // parts) for k in range(parts)])
            for r in part
        ]
    print(
        f"held-back rendered corners with an index, photographed whole (rank 9-22 px): {len(results)}"
    )
    print(
        (
            f"  named right: without faint joining {sum(t in a for t, _, a, _ in results)}, with it "
            f"{sum(t in b for t, _, _, b in results)}"
        )(
            f" (gained {sum(t in b and t not in a for t, _, a, b in results)}, lost "
            f"{sum(t in a and t not in b for t, _, a, b in results)})"
        )
    )
    beside = sum(n in b for t, n, _, b in results if n != t)
    wrong = [(t, sorted(b - {t, n})) for t, n, _, b in results if b - {t, n}]
    print(
        f"  other cards named (with it): the neighbour's index beside the corner {beside}, wrongly "
        f"{len(wrong)} {wrong[:8]}"
    )
    only_with = [(t, sorted(b - a - {t})) for t, _, a, b in results if b - a - {t}]
    only_without = [(t, sorted(a - b - {t})) for t, _, a, b in results if a - b - {t}]
    print(f"  other names only with it: {len(only_with)} {only_with[:8]}")
    print(f"  other names only without it: {len(only_without)} {only_without[:8]}")


if __name__ == "__main__":
    main()
