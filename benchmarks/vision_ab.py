"""Two versions of the recogniser side by side in one run, frame by frame interleaved: CPU time
per frame (one core) and what each reads, on the same frames.

    .venv/bin/python benchmarks/vision_ab.py BEFORE_TREE AFTER_TREE [--set calibrated|photos|staged] \
        [--repeat R] [--every N]

Each tree (a checkout, e.g. ``git worktree add /tmp/vision-before 124a00a``) runs in a worker
process of its own with PYTHONPATH at it; the frames are made by each worker alike (seeded);
the workers take turns, frame by frame, the order swapped every frame, so the machine's load
falls on both alike. A frame's CPU time is the least of ``repeat`` reads after one unmeasured.
Sets: ``calibrated``: staged hands (stepped, fanned, a pair, apart) at slants 1, 0.8, 0.64 and
0.5, read with their calibration as the camera driver reads, plus the simulated table's six
cards; ``staged``: the same hands uncalibrated; ``photos``: the shared decks' photos at 1280x720.
Prints per set: both versions' median, p90, p99, max ms and right / invented cards, and every
frame whose cards differ.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

# This folder holds benchmarks/vision.py, which would hide the package ``vision`` of the tree
# under test (PYTHONPATH): looked in last.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE] + [str(HERE)]

SLANTS = (1.0, 0.8, 0.64, 0.5)


def frames(
    which: str, every: int
) -> list[tuple[str, np.ndarray, np.ndarray | None, list[str] | None]]:
    """(name, image, overhead, cards) for the set, made alike in every worker."""
    import cv2

    from vision.scoring import Tally  # noqa: F401 - the tree must have it

    out = []
    if which in ("calibrated", "staged"):
        from vision.staged import COUNTS, SURFACES, hand, stage

        for arrangement in ("stepped", "fanned", "pair", "apart"):
            for slant in SLANTS:
                rng = np.random.default_rng(31)
                for k in range(0, 12, every):
                    scene = stage(
                        hand(COUNTS[arrangement], rng),
                        arrangement,
                        SURFACES[k % 3],
                        rng,
                        slant=slant,
                    )
                    overhead = scene.overhead if which == "calibrated" else None
                    out.append(
                        (
                            f"{arrangement} {slant} {k}",
                            scene.image,
                            overhead,
                            [c.code for c in scene.cards],
                        )
                    )
    if which == "calibrated":
        from hardware_sim.render import default_corners, place_on_spot, render_frame
        from table_controller.camera_places import default_places
        from table_controller.cards import parse_card
        from vision.calibration import calibrate

        rng, places = np.random.default_rng(1), default_places()
        spots = ("S1", "S2", "S3", "red.col1", "green.col2", "green.col3")
        cards = ("QH", "10S", "AD", "7C", "KS", "3H")
        placements = [
            place_on_spot(parse_card(c), s, rng, places=places)
            for c, s in zip(cards, spots, strict=True)
        ]
        corners = default_corners(rng)
        overhead = calibrate([(float(x), float(y)) for x, y in corners], (1280, 720), {}).overhead()
        frame = render_frame(placements, corners, rng, places)
        out.append(("simulated six apart", frame, overhead, list(cards)))
    if which == "photos":
        from vision_speed import cover

        from vision.enrol import read_labels

        cards_dir = Path(os.environ.get("TABLE_CARDS_DIR", "/work/shared/data/cards"))
        labels = read_labels(cards_dir / "labels.csv")
        for path in sorted(labels)[::every]:
            out.append(
                (
                    str(path.relative_to(cards_dir)),
                    cover(cv2.imread(str(path))),
                    None,
                    [c.code for c in labels[path]],
                )
            )
    return out


def worker(which: str, every: int, repeat: int) -> None:
    """Reads frame numbers on stdin, answers each with one JSON line: CPU ms and the cards read."""
    import time

    import cv2

    from table_controller.cli import one_blas_thread
    from vision.recogniser import Recogniser

    cv2.setNumThreads(1)
    one_blas_thread()
    todo = frames(which, every)
    recogniser = Recogniser()
    print(json.dumps({"frames": len(todo)}), flush=True)
    for line in sys.stdin:
        name, image, overhead, cards = todo[int(line)]
        guesses = recogniser.recognise(image, overhead)
        best = float("inf")
        for _ in range(repeat):
            started = time.process_time()
            recogniser.recognise(image, overhead)
            best = min(best, time.process_time() - started)
        print(
            json.dumps(
                {
                    "name": name,
                    "ms": 1000 * best,
                    "read": sorted(g.card.code for g in guesses if g.card),
                    "cards": cards,
                }
            ),
            flush=True,
        )


def figures(rows: list[dict]) -> str:
    ms = np.array([r["ms"] for r in rows])
    right = invented = labelled = 0
    for r in rows:
        if r["cards"] is None:
            continue
        truth = list(r["cards"])
        labelled += len(truth)
        for code in r["read"]:
            if code in truth:
                truth.remove(code)
                right += 1
            else:
                invented += 1
    return (
        f"median {np.median(ms):6.1f}  p90 {np.percentile(ms, 90):6.1f}  p99 {np.percentile(ms, 99):6.1f}  "
        f"max {ms.max():6.1f} ms CPU/frame; right {right}/{labelled}, invented {invented}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument(
        "--set", dest="which", default="calibrated", choices=("calibrated", "staged", "photos")
    )
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.which, args.every, args.repeat)
        return
    workers = []
    for tree in (args.before, args.after):
        env = os.environ | {
            "PYTHONPATH": str(tree.resolve()),
            "OMP_NUM_THREADS": "1",
            "OPENBLAS_NUM_THREADS": "1",
        }
        cmd = [
            sys.executable,
            str(Path(__file__).resolve()),
            str(tree),
            str(tree),
            "--set",
            args.which,
            "--repeat",
            str(args.repeat),
            "--every",
            str(args.every),
            "--worker",
        ]
        workers.append(
            subprocess.Popen(
                cmd, env=env, cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
        )
    counts = [json.loads(w.stdout.readline())["frames"] for w in workers]
    assert counts[0] == counts[1], counts
    rows: list[list[dict]] = [[], []]
    for n in range(counts[0]):
        for k in (0, 1) if n % 2 == 0 else (1, 0):
            workers[k].stdin.write(f"{n}\n")
            workers[k].stdin.flush()
            rows[k].append(json.loads(workers[k].stdout.readline()))
        if (n + 1) % 10 == 0:  # (on a loaded machine a run takes long: how far it is)
            print(f"  {n + 1}/{counts[0]} frames", file=sys.stderr, flush=True)
    for w in workers:
        w.stdin.close()
        w.wait()
    print(f"{args.which}: {counts[0]} frames, one core, least of {args.repeat}, interleaved")
    for name, tree, got in zip(("before", "after"), (args.before, args.after), rows, strict=True):
        print(f"  {name:6s} ({tree}): {figures(got)}")
    for a, b in zip(*rows, strict=True):
        if a["read"] != b["read"]:
            print(
                f"  differs: {a['name']}: before {' '.join(a['read'])} | after "
                f"{' '.join(b['read'])} | truth {' '.join(a['cards'] or [])}"
            )


if __name__ == "__main__":
    main()
