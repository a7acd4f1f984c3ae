"""CPU time of the recogniser on real tables: the shared decks' photographs, each at its own size
and scaled to 1280x720, and staged scenes; one core; where the time goes.

    .venv/bin/python benchmarks/vision_speed.py [--cards DIR] [--every N] [--repeat R] [--stages]
    .venv/bin/python benchmarks/vision.py --only realspeed        (the same, every photo)

CPU time of one thread (time.process_time, cv2.setNumThreads(1), one BLAS thread as the table
runs), never wall time: the machine is shared. Each frame is read once unmeasured (caches,
pages), then ``repeat`` times; a frame's figure is its least (others' jobs only ever add).
Reported per set: median, p90, p99 and max over frames. ``--stages`` adds where the time goes,
by timers wrapped round the recogniser's steps (exclusive of the steps timed inside them):
finding outlines and its parts, reading the outlines' corners, the index search and its parts,
the slanted windows, the reader's networks. The timers cost a little; totals are from runs
without them.

A 1280x720 frame from a photo: scaled to cover 1280x720, keeping its proportions, and cut to it
round its middle (a camera's frame is that size; a card at the photo's edge may be cut).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FRAME = (1280, 720)


def cover(image: np.ndarray, size: tuple[int, int] = FRAME) -> np.ndarray:
    """``image`` scaled to cover ``size`` (width, height) with its proportions kept, cut round its middle."""
    w, h = size
    scale = max(w / image.shape[1], h / image.shape[0])
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    scaled = cv2.resize(
        image,
        (max(w, round(image.shape[1] * scale)), max(h, round(image.shape[0] * scale))),
        interpolation=interpolation,
    )
    y, x = (scaled.shape[0] - h) // 2, (scaled.shape[1] - w) // 2
    return np.ascontiguousarray(scaled[y : y + h, x : x + w])


def photo_sets(cards_dir: Path, every: int = 1) -> dict[str, list[tuple[str, np.ndarray]]]:
    """The shared decks' photos (every ``every``-th, by name), as taken and at 1280x720."""
    paths = sorted(
        {
            line.split(",", 1)[0]
            for line in (cards_dir / "labels.csv").read_text().splitlines()[1:]
            if line
        }
    )
    paths = paths[::every]
    own, scaled = [], []
    for name in paths:
        image = cv2.imread(str(cards_dir / name))
        if image is None:
            continue
        own.append((name, image))
        scaled.append((name, cover(image)))
    return {"photos as taken": own, "photos at 1280x720": scaled}


def staged_set(scenes: int = 12) -> list[tuple[str, np.ndarray]]:
    """Staged scenes at 1280x720 (vision/staged.py): cards apart, a dealt blackjack hand, a fanned
    hand, on felt, wood and cloth."""
    from vision.staged import COUNTS, SURFACES, hand, stage

    rng, out = np.random.default_rng(7), []
    for k in range(scenes):
        arrangement = ("apart", "stepped", "fanned")[k % 3]
        scene = stage(
            hand(COUNTS[arrangement], rng), arrangement, SURFACES[k % len(SURFACES[:3])], rng
        )
        out.append(
            (
                f"staged {arrangement} {k}",
                cv2.resize(scene.image, FRAME)
                if scene.image.shape[:2] != FRAME[::-1]
                else scene.image,
            )
        )
    return out


def cpu_ms(recognise: Callable[[np.ndarray], object], image: np.ndarray, repeat: int) -> float:
    """The least CPU time in ms of ``repeat`` reads of ``image`` (after one unmeasured)."""
    recognise(image)
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        recognise(image)
        best = min(best, time.process_time() - started)
    return 1000 * best


def summary(times: list[float]) -> str:
    t = np.asarray(times)
    return (
        f"median {np.median(t):6.1f}  p90 {np.percentile(t, 90):6.1f}  p99 {np.percentile(t, 99):6.1f}  "
        f"max {t.max():6.1f} ms CPU/frame  ({len(t)} frames)"
    )


class StageTimer:
    """CPU time per step of the recogniser, each step's own (the steps timed inside it taken out),
    by wrapping module functions; :meth:`installed` puts them back afterwards."""

    def __init__(self) -> None:
        self.own: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self.windows: dict[str, int] = defaultdict(int)  # windows the reader read, per label
        self._stack: list[list[float]] = []  # per open step: [started, time spent in steps inside]
        self._slanted = False

    def timed(self, label: str | Callable[[], str], fn: Callable) -> Callable:
        def wrapper(*args, **kwargs):
            name = label() if callable(label) else label
            if name.startswith("reader") and len(args) > 1:
                self.windows[name] += len(args[1])
            self._stack.append([time.process_time(), 0.0])
            try:
                return fn(*args, **kwargs)
            finally:
                started, inner = self._stack.pop()
                spent = time.process_time() - started
                self.own[name] += spent - inner
                self.calls[name] += 1
                if self._stack:
                    self._stack[-1][1] += spent

        return wrapper

    def _reader_label(self) -> str:
        slanted, self._slanted = self._slanted, False
        return "reader networks: slanted windows" if slanted else "reader networks"

    def _mark_slant(self, fn: Callable) -> Callable:
        def wrapper(*args, **kwargs):
            self._slanted = True
            return fn(*args, **kwargs)

        return wrapper

    @contextmanager
    def installed(self) -> Iterator[StageTimer]:
        import vision.detect as detect
        import vision.indices as indices
        import vision.learned as learned
        import vision.recogniser as recogniser

        patches: list[tuple[object, str, str | Callable[[], str]]] = [
            (recogniser, "white_balanced", "white balance"),
            (recogniser, "find_cards", "finding: rest"),
            (detect, "_opened_closed", "finding: levels (smoothing)"),
            (detect, "_evened", "finding: levels (evening the light)"),
            (detect, "_quads_at_level", "finding: levels (contours, quads)"),
            (detect, "_quads_from_edges", "finding: edges"),
            (detect, "choose_cards", "finding: choosing among quads"),
            (detect, "_joined_blobs", "finding: touching cards, hands"),
            (detect, "_quads_in_joined_blobs", "finding: touching cards, hands"),
            (detect, "_cards_underneath", "finding: cards underneath"),
            (detect, "with_filling_card", "finding: pieces, filling card"),
            (detect, "grown_pieces", "finding: pieces, filling card"),
            (recogniser.Recogniser, "readings", "outlines' corners (windows, reading)"),
            (recogniser, "paper_beyond", "index search: paper check"),
            (recogniser, "read_indices", "index search: rest"),
            (indices, "ink_blobs", "index search: ink blobs"),
            (indices, "_pairs_seen", "index search: pairing"),
            (indices, "_read_pairings", "index search: windows, readings"),
            (recogniser, "surest_look", "index search: looks again"),
            (learned.IndexReader, "read", self._reader_label),
        ]
        saved = [(owner, name, getattr(owner, name)) for owner, name, _ in patches]
        try:
            for owner, name, label in patches:
                setattr(owner, name, self.timed(label, getattr(owner, name)))
            saved.append((indices, "_widened", indices._widened))
            indices._widened = self._mark_slant(
                indices._widened
            )  # the next read is the slanted windows'
            yield self
        finally:
            for owner, name, fn in reversed(saved):
                setattr(owner, name, fn)

    def report(self, frames: int) -> list[str]:
        total = sum(self.own.values())
        rows = sorted(self.own.items(), key=lambda kv: -kv[1])
        return [
            f"    {name:42s} {1000 * t / frames:7.2f} ms/frame  {100 * t / total:5.1f}%"
            + (
                f"  ({self.windows[name] / frames:.0f} windows/frame)"
                if name in self.windows
                else ""
            )
            for name, t in rows
        ]


def run(
    cards_dir: Path, every: int = 1, repeat: int = 1, stages: bool = False, staged: bool = True
) -> None:
    from table_controller.cli import one_blas_thread
    from vision.recogniser import Recogniser

    cv2.setNumThreads(1)
    one_blas_thread()
    sets = photo_sets(cards_dir, every)
    if staged:
        sets["staged scenes at 1280x720"] = staged_set()
    recogniser = Recogniser()
    print(
        f"recogniser CPU time per frame, one core, no deck enrolled (least of {repeat} after one unmeasured):"
    )
    for name, frames in sets.items():
        times = [cpu_ms(recogniser.recognise, image, repeat) for _, image in frames]
        worst = sorted(zip(times, (n for n, _ in frames), strict=True), reverse=True)[:3]
        print(
            f"  {name:28s} {summary(times)}; slowest "
            + ", ".join(f"{n} {t:.0f}" for t, n in worst),
            flush=True,
        )
        if stages:
            timer = StageTimer()
            with timer.installed():
                for _, image in frames:
                    recogniser.recognise(image)
            print("\n".join(timer.report(len(frames))), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    repo = Path(__file__).resolve().parents[1]
    default = next(
        (p for p in (repo.parent / "shared", repo.parent.parent / "shared") if p.is_dir()),
        repo.parent / "shared",
    )
    parser.add_argument("--cards", type=Path, default=default / "data" / "cards")
    parser.add_argument("--every", type=int, default=1, help="every N-th photo only")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--stages", action="store_true", help="where the time goes")
    parser.add_argument("--no-staged", action="store_true")
    args = parser.parse_args()
    run(args.cards, args.every, args.repeat, args.stages, not args.no_staged)


if __name__ == "__main__":
    main()
