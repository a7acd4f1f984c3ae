"""Detection figures: how many cards the detector finds, per deck of the shared photos and on staged scenes.

    .venv/bin/python benchmarks/vision_detect.py [--cards ../shared/data/cards] [--only photos|staged|speed]

The shared labels say which cards a photo holds, not where, so a card counts as found when an
outline the detector gives is read as that card (its corner index lies inside the outline):
each outline's best reading (rank and suit, at any confidence) with the deck enrolled from its
own single-card photos, or with the drawn glyphs. That is a lower bound: a card found but
misread counts as missed. "Outlines" counts what a frame's reader is handed (whole cards, and
cards underneath whose reading names a labelled card not found whole); "surplus" is outlines
beyond the labelled count (surely false cards), "unmatched" outlines read as no labelled card
(false cards, or real cards misread). Staged scenes (`vision/staged.py`, drawn cards on drawn
surfaces) know each card's outline: found = an outline overlapping the card by half (IoU).
Speed: a 1280x720 simulated frame with six cards, one core (cv2.setNumThreads(1)).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardware_sim.render import default_corners, place_on_spot, render_frame
from hardware_sim.sim_deck import sim_deck
from table_controller.camera_places import default_places
from table_controller.cards import Card, parse_card
from vision.detect import find_cards
from vision.enrol import enrol, read_labels
from vision.recogniser import Recogniser
from vision.scoring import Tally, score_frame
from vision.staged import ARRANGEMENTS, COUNTS, SURFACES, detection_score, filling, hand, stage

TUNED_ON = ("kentdoan", "ee326")  # the decks whose photos were looked at while tuning the detector


def photos(cards_dir: Path) -> None:
    labels = read_labels(cards_dir / "labels.csv")
    decks: dict[str, dict[Path, list[Card]]] = defaultdict(dict)
    for path, cards in labels.items():
        decks[path.parent.name][path] = cards
    drawn = Recogniser(min_confidence=0.0)
    print(
        "per deck: cards found (read as the labelled card) / labelled; outlines, surplus, unmatched"
    )
    pooled = np.zeros(5, int)
    with tempfile.TemporaryDirectory() as folder:
        for deck, shots in sorted(decks.items()):
            readers = [_enrolled(deck, shots, Path(folder)), drawn]
            total = np.zeros(5, int)
            for path, cards in shots.items():
                image = cv2.imread(str(path))
                total += _photo_figures(image, cards, [r for r in readers if r is not None])
            pooled += total
            note = "  (looked at while tuning)" if deck in TUNED_ON else ""
            print(_row(deck, total) + note)
    print(_row("pooled", pooled))


def _enrolled(deck: str, shots: dict[Path, list[Card]], folder: Path) -> Recogniser | None:
    rows = [f"{p},{c[0].rank},{c[0].suit}" for p, c in shots.items() if len(c) == 1]
    csv = folder / f"{deck}.csv"
    csv.write_text("file,rank,suit\n" + "\n".join(rows) + "\n", encoding="utf-8")
    try:
        return Recogniser(enrol(csv), min_confidence=0.0)
    except Exception as exc:  # a deck that cannot be enrolled is measured with drawn glyphs alone
        print(f"  {deck}: not enrolled ({exc})")
        return None


def _photo_figures(image: np.ndarray, cards: list[Card], readers: list[Recogniser]) -> np.ndarray:
    """found, labelled, outlines, surplus, unmatched for one photo."""
    outlines = find_cards(image)
    readings = [{r.read_outline(image, o).best_guess for r in readers} for o in outlines]
    left = list(cards)
    matched_whole = 0
    handed = 0
    for outline, read in sorted(zip(outlines, readings, strict=True), key=lambda p: p[0].partial):
        hit = next((c for c in left if c in read), None)
        if outline.partial and hit is None:
            continue  # a guessed corner that names nothing: the recogniser drops it
        handed += 1
        if hit is not None:
            left.remove(hit)
            matched_whole += 1
    found = len(cards) - len(left)
    return np.array(
        [found, len(cards), handed, max(0, handed - len(cards)), handed - matched_whole]
    )


def _row(name: str, t: np.ndarray) -> str:
    found, labelled, outlines, surplus, unmatched = (int(v) for v in t)
    return (
        f"  {name:20s} found {found:3d}/{labelled:3d} ({100 * found / max(labelled, 1):5.1f}%)  "
        f"outlines {outlines:3d}  surplus {surplus:3d}  unmatched {unmatched:3d}"
    )


def staged(scenes: int = 6) -> None:
    rng = np.random.default_rng(11)
    reader = Recogniser(sim_deck())
    print(
        f"staged scenes ({scenes} per row; outlines: found / cards, false outlines; "
        "read with the drawn deck enrolled: right, invented):"
    )
    for arrangement in ARRANGEMENTS:
        for backdrop in SURFACES:
            found = cards = false = 0
            read = Tally()
            for _ in range(scenes):
                scene = stage(hand(COUNTS[arrangement], rng), arrangement, backdrop, rng)
                f, x = detection_score(
                    [o.corners for o in find_cards(scene.image)],
                    scene.outlines,
                    scene.image.shape[:2],
                )
                found, cards, false = found + f, cards + len(scene.cards), false + x
                read += score_frame((g.card for g in reader.recognise(scene.image)), scene.cards)
            print(
                f"  {arrangement:9s} on {backdrop:8s}  {found:3d}/{cards:3d}  false {false:3d}   "
                f"read {read.right:3d}, invented {read.invented}"
            )
    for four in (False, True):
        for margin in (0.03, 0.0, -0.03):
            found = false = 0
            for _ in range(scenes):
                scene = filling(hand(1, rng)[0], rng, four_corners=four, margin=margin)
                f, x = detection_score(
                    [o.corners for o in find_cards(scene.image)],
                    scene.outlines,
                    scene.image.shape[:2],
                )
                found, false = found + f, false + x
            kind = "four-index card" if four else "card"
            print(
                f"  {kind} filling the photo, margin {margin:+.2f}: {found}/{scenes}  false {false}"
            )
    found = cards = false = 0
    for backdrop in SURFACES:
        for _ in range(scenes // 2):
            scene = stage(hand(5, rng), "apart", backdrop, rng, four_corners=True)
            f, x = detection_score(
                [o.corners for o in find_cards(scene.image)], scene.outlines, scene.image.shape[:2]
            )
            found, cards, false = found + f, cards + len(scene.cards), false + x
    print(f"  four-index cards apart, every surface: {found}/{cards}  false {false}")


def speed(repeat: int) -> None:
    cv2.setNumThreads(1)
    rng, places = np.random.default_rng(1), default_places()  # the default game's
    spots = ("S1", "S2", "S3", "red.col1", "green.col2", "green.col3")
    cards = ("QH", "10S", "AD", "7C", "KS", "3H")
    placements = [
        place_on_spot(parse_card(c), s, rng, places=places)
        for c, s in zip(cards, spots, strict=True)
    ]
    frame = render_frame(placements, default_corners(rng), rng, places)
    recogniser = Recogniser()
    for name, work in (
        ("detection", lambda: find_cards(frame)),
        ("detection and reading", lambda: recogniser.recognise(frame)),
    ):
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            work()
            times.append(1000 * (time.perf_counter() - started))
        print(
            f"speed, 1280x720 six-card frame, one core, {name}: median {np.median(times):.1f} ms, "
            f"best {min(times):.1f} ms ({len(find_cards(frame))} outlines)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "cards"
    parser.add_argument("--cards", type=Path, default=default)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--only", choices=("photos", "staged", "speed"))
    args = parser.parse_args()
    if args.only in (None, "speed"):
        speed(args.repeat)
    if args.only in (None, "staged"):
        staged()
    if args.only in (None, "photos"):
        photos(args.cards)


if __name__ == "__main__":
    main()
