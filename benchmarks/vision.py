"""Recogniser figures: accuracy on the shared photographs and milliseconds per frame.

    .venv/bin/python benchmarks/vision.py [--cards ../shared/data/cards] [--repeat 30]

Per deck and pooled, over cards whose corner index is visible:
- enrolled: the deck enrolled from its single-card photos, read on its multi-card scenes;
- other deck: enrolled from the *other* deck's photos, read on all of this deck's photos;
- unenrolled: drawn glyphs only, read on all of this deck's photos.
Right means rank and suit both right; invented is a card named that the photo does not hold.
Re-photographed: the enrolled scenes turned, scaled, blurred, lit otherwise and colour-cast
(`vision/variants.py`), each read with its deck enrolled from the untouched single-card photos.
Composed: each deck's cards cut from their single-card photos and laid on cloth apart, touching
and fanned (`vision/compose.py`), read with the deck enrolled from those photos.
Speed: a 1280x720 simulated frame with six cards, one core (cv2.setNumThreads(1)).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardware_sim.render import default_corners, place_on_spot, render_frame  # noqa: E402
from table_controller.cards import Card, parse_card  # noqa: E402
from vision.deck import Deck  # noqa: E402
from vision.enrol import enrol, read_labels  # noqa: E402
from vision.recogniser import Recogniser  # noqa: E402
from vision.scoring import Tally, score_frame  # noqa: E402
from vision.compose import STEPS, compose, cut_faces  # noqa: E402
from vision.variants import VARIANTS, Variant  # noqa: E402

DECKS = ("kentdoan", "ee326")
SUITS_WORDS = ("clubs", "diamonds", "hearts", "spades")


def is_single(path: Path) -> bool:
    return path.stem.endswith(SUITS_WORDS)


def enrol_singles(labels: dict[Path, list[Card]], deck: str, folder: Path) -> Deck:
    csv = folder / f"{deck}.csv"
    rows = [f"{p},{c[0].rank},{c[0].suit}" for p, c in labels.items() if p.parent.name == deck and is_single(p)]
    csv.write_text("file,rank,suit\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return enrol(csv)


def tally(recogniser: Recogniser, photos: dict[Path, list[Card]], variant: Variant | None = None) -> Tally:
    total = Tally()
    for path, cards in photos.items():
        image = cv2.imread(str(path))
        guesses = recogniser.recognise(variant(image) if variant else image)
        total += score_frame((g.card for g in guesses), cards)
    return total


def line(name: str, t: Tally) -> str:
    return (f"  {name:<24} right {t.right:>3}/{t.labelled:<3} ({100 * t.accuracy:5.1f}%)  "
            f"missed {t.missed:>3}  invented {t.invented:>3}  unreadable {t.unreadable:>3}")


def enrolled_decks(labels: dict[Path, list[Card]]) -> dict[str, Deck]:
    with tempfile.TemporaryDirectory() as tmp:
        return {d: enrol_singles(labels, d, Path(tmp)) for d in DECKS}


def accuracy(cards_dir: Path) -> None:
    labels = read_labels(cards_dir / "labels.csv")
    decks = enrolled_decks(labels)
    pooled: dict[str, Tally] = {"enrolled": Tally(), "other deck": Tally(), "unenrolled": Tally()}
    generic = Recogniser()
    for deck in DECKS:
        other = next(d for d in DECKS if d != deck)
        mine = {p: c for p, c in labels.items() if p.parent.name == deck}
        scenes = {p: c for p, c in mine.items() if not is_single(p)}
        rows = {
            "enrolled": tally(Recogniser(decks[deck]), scenes),
            "other deck": tally(Recogniser(decks[other]), mine),
            "unenrolled": tally(generic, mine),
        }
        print(f"{deck}:")
        for name, t in rows.items():
            print(line(f"{name} ({'scenes' if name == 'enrolled' else 'all photos'})", t))
            pooled[name] += t
    print("pooled:")
    for name, t in pooled.items():
        print(line(name, t))


def rephotographed(cards_dir: Path) -> None:
    labels = read_labels(cards_dir / "labels.csv")
    decks = enrolled_decks(labels)
    readers = {d: Recogniser(decks[d]) for d in DECKS}
    print("re-photographed enrolled scenes (pooled):")
    for name, variant in {"original": None, **VARIANTS}.items():
        total = Tally()
        for deck in DECKS:
            scenes = {p: c for p, c in labels.items() if p.parent.name == deck and not is_single(p)}
            total += tally(readers[deck], scenes, variant)
        print(line(name, total))


def composed(cards_dir: Path, scenes: int = 12) -> None:
    """Each deck's cards cut from their single-card photos and laid apart, touching, fanned."""
    labels = read_labels(cards_dir / "labels.csv")
    decks = enrolled_decks(labels)
    print(f"composed scenes, 4 cards each, {scenes} per arrangement and deck (pooled):")
    faces = {}
    for deck in DECKS:
        photos = {c[0]: cv2.imread(str(p)) for p, c in labels.items() if p.parent.name == deck and is_single(p)}
        faces[deck] = cut_faces(photos)
    for arrangement in STEPS:
        total = Tally()
        for deck in DECKS:
            rng = np.random.default_rng(7)
            reader = Recogniser(decks[deck])
            for _ in range(scenes):
                scene = compose(faces[deck], arrangement, 4, rng)
                total += score_frame((g.card for g in reader.recognise(scene.image)), scene.cards)
        print(line(arrangement, total))


def speed(repeat: int) -> None:
    cv2.setNumThreads(1)
    rng = np.random.default_rng(1)
    spots = ("S1", "S2", "S3", "red.col1", "green.col2", "green.col3")
    cards = ("QH", "10S", "AD", "7C", "KS", "3H")
    placements = [place_on_spot(parse_card(c), s, rng) for c, s in zip(cards, spots, strict=True)]
    frame = render_frame(placements, default_corners(rng), rng)
    recogniser = Recogniser()
    found = recogniser.recognise(frame)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        recogniser.recognise(frame)
        times.append(1000 * (time.perf_counter() - started))
    read = sorted(g.card.code for g in found if g.card)
    print(f"speed: 1280x720, {len(found)} cards found ({len(read)} read), one core: "
          f"median {np.median(times):.1f} ms/frame, p90 {np.percentile(times, 90):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "cards"
    parser.add_argument("--cards", type=Path, default=default)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--only", choices=("accuracy", "variants", "composed", "speed"), help="one part of the figures")
    args = parser.parse_args()
    if args.only in (None, "accuracy"):
        accuracy(args.cards)
    if args.only in (None, "variants"):
        rephotographed(args.cards)
    if args.only in (None, "composed"):
        composed(args.cards)
    if args.only in (None, "speed"):
        speed(args.repeat)


if __name__ == "__main__":
    main()
