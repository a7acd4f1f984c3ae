"""A dealt table filmed at 30 frames a second, read as the camera driver reads it: the time from a
card's landing to its name, CPU per frame at rest and while dealing, cards named and invented.

    .venv/bin/python benchmarks/vision_video.py [--seeds N]       (or benchmarks/vision.py --only video)

The video (rendered here): the simulated table's layout (hardware_sim/render.py; the Backhand
series' 13 spots, its own deck, calibrated) under one steady light, fresh camera noise in every
frame; a dealer's hand (a skin-coloured ellipse with a soft shadow, motion-blurred while it moves)
carries each card in from the dealer's side, lays it on its spot and goes back; the table rests
between cards. Read frame by frame through vision.incremental.IncrementalReader and
vision.tracking.SpotTracker (3 still frames), as camera:// reads a live camera, on one core;
time runs as the camera's: a frame is read when the reader is free, the newest filmed by then
(latest frame wins, drivers/camera_frames.py), so a slow read drops frames and delays names.

Not yet (issue 42): the real photographs' card crops on felt and wood, seven-seat blackjack
with splits, Red Dog and Vingt-un rounds; those need the games' camera places.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FPS = 30
CARRY, LEAVE, REST = 10, 8, 12  # frames: the hand carrying a card in, going back, the table at rest
SKIN = (120, 150, 200)  # BGR


@dataclass
class Deal:
    card: object
    spot: str
    landed: int  # the frame it lies on the table from
    named: int | None = None  # the frame filmed whose read named it


def film(seed: int) -> tuple[list[np.ndarray], list[Deal], np.ndarray, list[bool]]:
    """Frames of one dealt layout, the deals, the layout's corners, and which frames are at rest."""
    from hardware_sim.render import _seen_from, default_corners, place_on_spot
    from table_controller.camera_places import default_places
    from table_controller.cards import standard_deck

    rng, places = np.random.default_rng(seed), default_places()  # the default game's
    corners = default_corners(rng)
    deck = iter(rng.permutation(np.array(standard_deck(), dtype=object)))
    order = [(spot, slot) for spot in places for slot in range(2 if spot.endswith(".hand") else 1)]
    to_frame = cv2.getPerspectiveTransform(np.float32([[0, 0], [1, 0], [1, 1], [0, 1]]), corners)
    light = _light(rng)
    frames, deals, resting, lying = [], [], [], []
    empty = _seen_from([], corners, places)
    for _ in range(REST):
        frames.append(_camera(empty, light, rng))
        resting.append(True)
    table = empty
    for spot, slot in order:
        placed = place_on_spot(next(deck), spot, rng, slot, places=places)
        target = cv2.perspectiveTransform(np.float32([[placed.centre]]), to_frame)[0, 0]
        start = np.float32([640 + rng.uniform(-200, 200), 760])
        for k in range(CARRY):  # the hand comes in over the table
            frames.append(
                _camera(
                    _with_hand(table, start + (target - start) * (k + 1) / CARRY, moving=True),
                    light,
                    rng,
                )
            )
            resting.append(False)
        lying.append(placed)
        table = _seen_from(lying, corners, places)
        deals.append(Deal(placed.card, spot, len(frames)))
        for k in range(LEAVE):  # lays the card and goes back
            frames.append(
                _camera(
                    _with_hand(table, target + (start - target) * k / LEAVE, moving=k > 0),
                    light,
                    rng,
                )
            )
            resting.append(False)
        for _ in range(REST):
            frames.append(_camera(table, light, rng))
            resting.append(True)
    return frames, deals, corners, resting


def _light(rng: np.random.Generator) -> np.ndarray:
    h, w = 720, 1280
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    tilt = rng.uniform(-0.2, 0.2, 2)
    return 1.0 + tilt[0] * (xs / w - 0.5) + tilt[1] * (ys / h - 0.5)


def _camera(scene: np.ndarray, light: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    lit = cv2.GaussianBlur(scene.astype(np.float32) * light[..., None], (0, 0), 0.8)
    lit += rng.normal(0, 3.0, lit.shape).astype(np.float32)
    return np.clip(lit, 0, 255).astype(np.uint8)


def _with_hand(scene: np.ndarray, at: np.ndarray, moving: bool) -> np.ndarray:
    """A hand over the table at ``at`` (its palm over the card it carries), its shadow beside it."""
    out = scene.astype(np.float32)
    shadow = np.zeros(scene.shape[:2], np.float32)
    cv2.ellipse(shadow, (int(at[0] + 25), int(at[1] + 30)), (90, 130), 15, 0, 360, 1.0, -1)
    out *= 1 - 0.45 * cv2.GaussianBlur(shadow, (0, 0), 15)[..., None]
    hand = np.zeros(scene.shape[:2], np.float32)
    cv2.ellipse(hand, (int(at[0]), int(at[1] + 60)), (70, 120), 10, 0, 360, 1.0, -1)
    if moving:  # the camera's shutter smears what moves
        hand = cv2.filter2D(hand, -1, np.full((1, 15), 1 / 15, np.float32))
    hand = hand[..., None]
    return (out * (1 - hand) + np.float32(SKIN) * hand).astype(np.uint8)


def play(
    frames: list[np.ndarray],
    deals: list[Deal],
    corners: np.ndarray,
    resting: list[bool],
    incremental: bool = True,
) -> dict:
    """Read the video as a live camera would on one core; the deals get the frame that named them.
    ``incremental`` False: every frame read whole (camera:// before issue 42, incremental=0)."""
    from hardware_sim.sim_deck import sim_deck
    from table_controller.camera_places import default_places
    from vision.calibration import calibrate
    from vision.incremental import IncrementalReader
    from vision.recogniser import Recogniser
    from vision.tracking import SEEN, SpotTracker

    layout = calibrate([(float(x), float(y)) for x, y in corners], (1280, 720), default_places())
    overhead = layout.overhead()
    recogniser = Recogniser(sim_deck())
    reader, tracker = IncrementalReader(recogniser), SpotTracker(layout, 3)
    read = reader.read if incremental else recogniser.recognise
    rest_ms, deal_ms, named, dropped = [], [], [], 0
    clock, n = 0.0, 0  # seconds of the camera's time; the frame being read
    while n < len(frames):
        started = time.process_time()
        sightings = tracker.update(read(frames[n], overhead))
        spent = time.process_time() - started
        (rest_ms if resting[n] else deal_ms).append(1000 * spent)
        for s in sightings:
            if s.kind == SEEN:
                named.append((s.card, s.spot))
                deal = next((d for d in deals if d.card == s.card and d.named is None), None)
                if deal is not None:
                    deal.named = n
        clock = (
            max(clock, n / FPS) + spent
        )  # the reader is free again then; the newest frame filmed by then is next
        following = max(n + 1, int(clock * FPS))
        dropped += following - n - 1
        n = following
    invented = [c for c, _ in named if c not in {d.card for d in deals}]
    return {
        "rest": rest_ms,
        "deal": deal_ms,
        "dropped": dropped,
        "invented": invented,
        "frames": len(frames),
        "counts": reader.counts,
    }


def run(seeds: int = 2) -> None:
    from table_controller.cli import one_blas_thread

    cv2.setNumThreads(1)
    one_blas_thread()
    for incremental in (False, True):
        print(
            "every frame read whole (camera:// before issue 42):"
            if not incremental
            else "read by what changed (vision.incremental, camera:// now):",
            flush=True,
        )
        _run(seeds, incremental)


def _run(seeds: int, incremental: bool) -> None:
    latencies, rest, deal, all_deals, invented, dropped, frames = [], [], [], 0, 0, 0, 0
    for seed in range(seeds):
        video, deals, corners, resting = film(seed)
        got = play(video, deals, corners, resting, incremental)
        latencies += [(d.named - d.landed) * 1000 / FPS for d in deals if d.named is not None]
        all_deals += len(deals)
        rest += got["rest"]
        deal += got["deal"]
        invented += len(got["invented"])
        dropped += got["dropped"]
        frames += got["frames"]
        print(
            f"    seed {seed}: {sum(d.named is not None for d in deals)}/{len(deals)} named, "
            f"invented {len(got['invented'])}, "
            f"frames read whole {got['counts'].whole}, in part {got['counts'].in_part}, skipped "
            f"{got['counts'].skipped}, "
            f"dropped {got['dropped']} of {got['frames']}",
            flush=True,
        )
    lat = np.array(latencies)
    print(
        f"  dealt layouts filmed at {FPS} fps ({seeds} seeds, 13 cards each, a hand carrying each card in), one core:"
    )
    print(
        f"    named {len(lat)}/{all_deals}, invented {invented}; landing to name: median {np.median(lat):.0f} ms, "
        f"p90 {np.percentile(lat, 90):.0f}, max {lat.max():.0f} (3 still frames needed: 100 ms at the least)"
    )
    print(
        f"    CPU per frame read: at rest median {np.median(rest):.2f} ms (p99 {np.percentile(rest, 99):.1f}), "
        f"while dealing median {np.median(deal):.1f} ms (p90 {np.percentile(deal, 90):.1f}, max {max(deal):.1f}); "
        f"frames dropped {dropped} of {frames}"
    )
    seconds = frames / FPS
    print(f"    a second of this play costs {(sum(rest) + sum(deal)) / seconds:.0f} ms of one core")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2)
    run(parser.parse_args().seeds)


if __name__ == "__main__":
    main()
