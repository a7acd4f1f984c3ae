"""Recogniser figures, leave one deck out: accuracy on the shared photographs, ms per frame.

    .venv/bin/python benchmarks/vision.py [--cards ../shared/data/cards] \
        [--only accuracy|variants|simulated|backs|speed]

The index reader and its confidence threshold are made from rendered corners only
(scripts/train-index-reader): no deck's photos were used in making them, so every figure below
is a leave-one-deck-out figure. Per deck and pooled, over cards whose corner index is visible:
- unenrolled: every photo of the deck read with the reader alone;
- enrolled: the deck enrolled from its single-card photos and its other photos read (a deck
  without single-card photos: enrolled from every other photo, read on the rest, and the other
  way round; vision.scoring.enrolment_folds), with how many labelled cards enrolment could read;
  the enrolled deck is said to hold every card labelled in the deck (a casino knows its deck).
Right means rank and suit both right; invented is a card named that the photo does not hold;
unreadable counts faces reported unnamed (the dealer is asked to straighten them).
Variants: every photo re-taken synthetically (vision/variants.py: turned, nearer or farther,
blurred, lit otherwise, colour-cast, saved again as a coarse JPEG), read unenrolled, and read
enrolled with each deck enrolled from its photos as taken: how far the figures hold for photos
unlike these.
Simulated: the simulated camera's table (its own deck, enrolled), seeds 0-19, every spot filled
(13 cards), 3 frames each, its layout calibrated as the camera driver has it: card-frames read
right, unreadable, invented.
Backs: staged cards lying face down (patterned backs: a hole card, a burn card): how many are
named, every one of them invented.
Slanted: staged hands (stepped, fanned, a pair, apart) seen by a camera at a slant, the
table's depth shortened to 1 (straight down), 0.8, 0.64 (some 50 degrees off) and 0.5: a card
found by its index alone is laid out square to the frame, so its window keeps the slant; and
calibrated, the camera's layout known (vision.calibration.Layout.overhead, as `table vision
calibrate` gives a live table): the window laid out as the card lies on the table.
Typefaces: staged scenes (cards apart, stepped as a blackjack hand lies, fanned) whose ranks print in
typefaces the reader never saw, neither trained nor calibrated on (Debian font packages that
scripts/setup --test installs; vision.staged.UNSEEN_TYPEFACES), read unenrolled: square on,
small, and seen 35 degrees off overhead.
Speed: a 1280x720 simulated frame with six cards, one core (cv2.setNumThreads(1), one BLAS thread as the table runs).
Realspeed: every shared photo at its own size and scaled to 1280x720, and staged scenes: CPU per
frame (median, p90, p99, max) and where the time goes (benchmarks/vision_speed.py).
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

from hardware_sim.render import default_corners, place_on_spot, render_frame
from table_controller.camera_places import default_places
from table_controller.cards import Card, parse_card
from table_controller.cli import one_blas_thread
from vision.deck import Deck
from vision.enrol import enrol, read_labels
from vision.recogniser import Recogniser
from vision.scoring import Tally, enrolment_folds, score_frame
from vision.staged import hand, stage
from vision.variants import VARIANTS

Photos = dict[Path, list[Card]]


def enrol_photos(photos: Photos, folder: Path) -> Deck:
    csv = folder / "enrol.csv"
    rows = [f"{p},{c.rank},{c.suit}" for p, cards in photos.items() for c in cards]
    csv.write_text("file,rank,suit\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return enrol(csv)


def tally(recogniser: Recogniser, photos: Photos) -> Tally:
    total = Tally()
    for path, cards in photos.items():
        guesses = recogniser.recognise(cv2.imread(str(path)))
        total += score_frame((g.card for g in guesses), cards)
    return total


def line(name: str, t: Tally, extra: str = "") -> str:
    return (
        f"  {name:<11} right {t.right:>3}/{t.labelled:<3} ({100 * t.accuracy:5.1f}%)  "
        f"missed {t.missed:>3}  invented {t.invented:>3}  unreadable {t.unreadable:>3}{extra}"
    )


def decks_in(labels: Photos) -> list[str]:
    return sorted({p.parent.name for p in labels})


def enrolled_folds(photos: Photos) -> list[tuple[Deck, Photos, Photos]]:
    """One deck's (enrolled deck, photos enrolled from, photos to read) per enrolment fold; the
    enrolled deck holds every card labelled in the deck (a casino knows its deck's cards)."""
    holds = tuple(sorted({c for cards in photos.values() for c in cards}, key=lambda c: c.code))
    folds = []
    for enrol_from, read in enrolment_folds(photos):
        with tempfile.TemporaryDirectory() as tmp:
            folds.append((enrol_photos(enrol_from, Path(tmp)).holding(holds), enrol_from, read))
    return folds


def accuracy(cards_dir: Path) -> None:
    labels = read_labels(cards_dir / "labels.csv")
    pooled = {"unenrolled": Tally(), "enrolled": Tally()}
    enrolled_cards = labelled_cards = 0
    generic = Recogniser()
    for deck in decks_in(labels):
        mine = {p: c for p, c in labels.items() if p.parent.name == deck}
        unenrolled = tally(generic, mine)
        enrolled, got, wanted = Tally(), 0, 0
        for design, enrol_from, read in enrolled_folds(mine):
            got += sum(len(c) for c in enrol_from.values()) - len(design.unread)
            wanted += sum(len(c) for c in enrol_from.values())
            enrolled += tally(Recogniser(design), read)
        print(f"{deck}:")
        print(line("unenrolled", unenrolled, "  (all photos)"))
        print(
            line(
                "enrolled",
                enrolled,
                f"  (other photos; enrolment read {got}/{wanted} labelled cards)",
            )
        )
        pooled["unenrolled"] += unenrolled
        pooled["enrolled"] += enrolled
        enrolled_cards, labelled_cards = enrolled_cards + got, labelled_cards + wanted
    print("pooled over the decks:")
    print(line("unenrolled", pooled["unenrolled"]))
    print(
        line(
            "enrolled", pooled["enrolled"], f"  (enrolment read {enrolled_cards}/{labelled_cards})"
        )
    )


def variants(cards_dir: Path) -> None:
    labels = read_labels(cards_dir / "labels.csv")
    generic = Recogniser()
    readers: dict[
        Path, list[Recogniser]
    ] = {}  # each photo's deck, enrolled from its other photos as taken
    for deck in decks_in(labels):
        for design, _, read in enrolled_folds(
            {p: c for p, c in labels.items() if p.parent.name == deck}
        ):
            recogniser = Recogniser(design)
            for path in read:
                readers.setdefault(path, []).append(recogniser)
    print(
        "every photo re-taken (vision/variants.py), six decks pooled; enrolled: from the photos as taken,"
    )
    print("the other photos re-taken (a deck enrolled in one light and played in another):")
    for name, variant in VARIANTS.items():
        unenrolled, adapted = Tally(), Tally()
        for path, cards in labels.items():
            image = variant(cv2.imread(str(path)))
            unenrolled += score_frame((g.card for g in generic.recognise(image)), cards)
            for recogniser in readers.get(path, []):
                adapted += score_frame((g.card for g in recogniser.recognise(image)), cards)
        print(line(name.ljust(20), unenrolled, "  unenrolled"), flush=True)
        print(line("".ljust(20), adapted, "  enrolled"), flush=True)


def simulated(seeds: int = 20, frames: int = 3) -> None:
    from hardware_sim.render import place_on_spot
    from hardware_sim.sim_deck import sim_deck
    from table_controller.camera_places import default_places
    from table_controller.cards import standard_deck
    from vision.calibration import calibrate

    recogniser, total, places = Recogniser(sim_deck()), Tally(), default_places()
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        deck = iter(rng.permutation(np.array(standard_deck(), dtype=object)))
        placements = [
            place_on_spot(next(deck), spot, rng, slot, places=places)
            for spot in places
            for slot in range(2 if spot.endswith(".hand") else 1)
        ]
        corners = default_corners(rng)
        overhead = calibrate([(float(x), float(y)) for x, y in corners], (1280, 720), {}).overhead()
        for _ in range(frames):
            frame = render_frame(placements, corners, rng, places)
            guesses = recogniser.recognise(frame, overhead)
            total += score_frame((g.card for g in guesses), [p.card for p in placements])
    print(f"simulated table (its deck enrolled), seeds 0-{seeds - 1}, {frames} frames each:")
    print(line("enrolled", total, "  (card-frames)"))


def backs(seeds: int = 100) -> None:
    from vision.staged import SURFACES, detection_score, face_down

    generic, staged, found, named = Recogniser(), 0, 0, []
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        for backdrop in SURFACES[:3]:
            scene = face_down(4, backdrop, rng)
            guesses = generic.recognise(scene.image)
            staged += len(scene.outlines)
            found += detection_score(
                [np.float32(g.corners) for g in guesses], scene.outlines, scene.image.shape[:2]
            )[0]
            named += [
                f"{g.card.code} {g.confidence:.3f} (seed {seed}, {backdrop})"
                for g in guesses
                if g.card is not None
            ]
    print(
        "face-down cards (vision.staged.face_down: patterned backs, four apart on felt, wood or "
        f"cloth), seeds 0-{seeds - 1}:"
    )
    print(
        f"  staged {staged}, outlines found {found}, named (invented) {len(named)}"
        + (": " + ", ".join(named[:12]) if named else "")
    )


def slanted(scenes: int = 12, slants: tuple[float, ...] = (1.0, 0.8, 0.64, 0.5)) -> None:
    from hardware_sim.sim_deck import sim_deck
    from vision.staged import COUNTS, SURFACES

    print(
        f"staged hands seen at a slant (vision.staged.stage: the table's depth shortened to the slant; "
        f"{scenes} scenes each, felt, wood, cloth; square: windows laid out square to the frame, "
        f"calibrated: as the card lies on the table, the camera's layout known):"
    )
    for name, recogniser in (
        ("unenrolled", Recogniser()),
        ("drawn deck enrolled", Recogniser(sim_deck())),
    ):
        for arrangement in ("stepped", "fanned", "pair", "apart"):
            for calibrated in (False, True):
                figures = []
                for slant in slants:
                    rng, total = np.random.default_rng(31), Tally()
                    for k in range(scenes):
                        scene = stage(
                            hand(COUNTS[arrangement], rng),
                            arrangement,
                            SURFACES[k % 3],
                            rng,
                            slant=slant,
                        )
                        guesses = recogniser.recognise(
                            scene.image, scene.overhead if calibrated else None
                        )
                        total += score_frame((g.card for g in guesses), scene.cards)
                    figures.append(
                        f"{slant:.2f}: {total.right:3d}/{total.labelled} invented {total.invented}"
                    )
                how = "calibrated" if calibrated else "square"
                print(
                    f"  {name:19s} {arrangement:9s} {how:10s}  " + "   ".join(figures), flush=True
                )


def typefaces(scenes: int = 4) -> None:
    from vision.staged import KEPT_BACK_TYPEFACES, UNSEEN_TYPEFACES, unseen_typefaces

    for group, names in (
        ("UNSEEN_TYPEFACES", UNSEEN_TYPEFACES),
        ("KEPT_BACK_TYPEFACES", KEPT_BACK_TYPEFACES),
    ):
        print(
            f"staged scenes printed in typefaces the reader never saw (vision.staged.{group}, "
            f"{len(names)}), unenrolled, "
            f"{scenes} scenes each per typeface, felt, wood, cloth; right of labelled, invented, unreadable:"
        )
        _typefaces(unseen_typefaces(names), scenes)


def _typefaces(faces: list[Path], scenes: int) -> None:
    from vision.staged import COUNTS, SURFACES

    settings = (
        ("square on", 150.0, 1.0),
        ("small (rank ~16 px)", 90.0, 1.0),
        ("35 degrees off", 150.0, 0.8),
    )
    reader = Recogniser()
    for setting, width, slant in settings:
        pooled: dict[str, Tally] = {}
        wrong: list[str] = []
        for face in faces:
            for arrangement in ("apart", "stepped", "fanned"):
                rng = np.random.default_rng(41)
                for k in range(scenes):
                    scene = stage(
                        hand(COUNTS[arrangement], rng),
                        arrangement,
                        SURFACES[k % 3],
                        rng,
                        card_width=width,
                        slant=slant,
                        typeface=face,
                    )
                    named = [g.card for g in reader.recognise(scene.image)]
                    pooled[arrangement] = pooled.get(arrangement, Tally()) + score_frame(
                        named, scene.cards
                    )
                    wrong += [
                        f"{c.code} ({face.name}, {arrangement} {k})"
                        for c in named
                        if c is not None and c not in scene.cards
                    ]
        figures = "   ".join(
            f"{a} {t.right}/{t.labelled} invented {t.invented} unreadable {t.unreadable}"
            for a, t in pooled.items()
        )
        print(
            f"  {setting:20s} {figures}" + (f"\n    invented: {', '.join(wrong)}" if wrong else ""),
            flush=True,
        )


def speed(repeat: int) -> None:
    cv2.setNumThreads(1)
    one_blas_thread()  # as the table runs it (table_controller/cli.py)
    rng, places = np.random.default_rng(1), default_places()
    spots = ("S1", "S2", "S3", "red.col1", "green.col2", "green.col3")
    cards = ("QH", "10S", "AD", "7C", "KS", "3H")
    placements = [
        place_on_spot(parse_card(c), s, rng, places=places)
        for c, s in zip(cards, spots, strict=True)
    ]
    corners = default_corners(rng)
    frame = render_frame(placements, corners, rng, places)
    from hardware_sim.sim_deck import sim_deck
    from vision.calibration import calibrate
    from vision.staged import layout_seen

    overhead = calibrate(
        [(float(x), float(y)) for x, y in corners], (1280, 720), {}
    ).overhead()  # as the camera driver reads
    for name, recogniser in (
        ("unenrolled", Recogniser()),
        ("its deck enrolled", Recogniser(sim_deck())),
    ):
        _time_frame(f"speed ({name}): 1280x720", frame, recogniser, repeat, overhead)
    # Cards lying apart on the simulated layout are the cheapest frame there is. Dealt over each
    # other (a blackjack hand, each card's index showing) or held fanned, paper is not card-shaped
    # and the cards under others are looked for too (staged scenes: vision/staged.py, on felt).
    staged_rng = np.random.default_rng(5)
    for arrangement in ("stepped", "fanned"):
        scene = stage(hand(6, staged_rng), arrangement, "felt", staged_rng)
        _time_frame(
            f"speed (unenrolled, six cards dealt {arrangement} on felt, staged): 1280x720",
            scene.image,
            Recogniser(),
            repeat,
        )
    scene = stage(hand(6, staged_rng), "stepped", "felt", staged_rng, slant=0.5)
    _time_frame(
        "speed (unenrolled, six cards stepped on felt, staged, 60 degrees off overhead, "
        "calibrated): 1280x720",
        scene.image,
        Recogniser(),
        repeat,
        layout_seen(0.5).overhead(),
    )


def _time_frame(
    title: str,
    frame: np.ndarray,
    recogniser: Recogniser,
    repeat: int,
    overhead: np.ndarray | None = None,
) -> None:
    found = recogniser.recognise(frame, overhead)
    times, cpu = [], []
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        recogniser.recognise(frame, overhead)
        times.append(1000 * (time.perf_counter() - started))
        cpu.append(1000 * (time.process_time() - started_cpu))
    read = sorted(g.card.code for g in found if g.card)
    # CPU time is what the frame costs the core; the wall clock also counts other jobs on it.
    # On a shared machine the least is the steadiest figure (others' jobs only ever add).
    print(
        f"{title}, {len(found)} cards found ({len(read)} read: {' '.join(read)}), one core: "
        f"median {np.median(cpu):.1f} ms CPU/frame, least {min(cpu):.1f} (wall "
        f"{np.median(times):.1f} ms, p90 {np.percentile(times, 90):.1f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    repo = Path(__file__).resolve().parents[1]
    default = next(
        (p for p in (repo.parent / "shared", repo.parent.parent / "shared") if p.is_dir()),
        repo.parent / "shared",
    )
    default = default / "data" / "cards"
    parser.add_argument("--cards", type=Path, default=default)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument(
        "--only",
        choices=(
            "accuracy",
            "variants",
            "simulated",
            "backs",
            "slanted",
            "typefaces",
            "speed",
            "realspeed",
            "video",
        ),
        help="one part of the figures",
    )
    args = parser.parse_args()
    if args.only in (None, "accuracy"):
        accuracy(args.cards)
    if args.only in (None, "variants"):
        variants(args.cards)
    if args.only in (None, "simulated"):
        simulated()
    if args.only in (None, "backs"):
        backs()
    if args.only in (None, "slanted"):
        slanted()
    if args.only in (None, "typefaces"):
        typefaces()
    if args.only in (None, "speed"):
        speed(args.repeat)
    if args.only in (
        None,
        "realspeed",
    ):  # the photographs as taken and at 1280x720, staged scenes; where the time goes
        from vision_speed import run

        run(args.cards, every=1, repeat=1, stages=True)
    if args.only in (None, "video"):  # a dealt table filmed at 30 fps, read as camera:// reads
        from vision_video import run as video
        from vision_video_tables import run as tables

        video(seeds=2)
        print("the games' rounds with real cards (vision_video_tables):", flush=True)
        tables(args.cards)


if __name__ == "__main__":
    main()
