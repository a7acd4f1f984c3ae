"""Dealt rounds of the games filmed at 30 frames a second with real cards, read as camera:// reads
a live camera: the time from a card's landing to its name, cards named and invented, CPU per
frame at rest and while dealing, and what a second of play costs.

    .venv/bin/python benchmarks/vision_video_tables.py [--cards ../shared/data/cards] [--quick]
    (or benchmarks/vision.py --only video)

The rounds are the games' own: each game is dealt by its autopilot from a shuffled shoe (blackjack
at seven seats, one round with a pair split; Red Dog; Vingt-un at seven seats, its cards dealt
down left out until turned up), and every face-up card is laid where the game places
it (``game.placed_cards``, a split seat's hands on their own strips, ``engine.split_places``), as
the simulated dealer lays them (``hardware_sim.render.place_on_spot``). The card faces are crops of
the real photographs (one deck's single-card photos, read at run time from ``--cards``, never
copied), on green felt or on wood; a dealer's hand carries each card in from the dealer's side
(motion-blurred while it moves, its shadow beside it), the camera adds its light and noise. The
recogniser reads them as a deck it was never told of (no deck enrolled), through
vision.incremental and vision.tracking (3 still frames), on one core; time runs as the camera's:
a slow read drops frames and delays names (latest frame wins). A card counts as named when the
tracker names it on the place it was laid on (a card laid again on a split hand's strip lands
again there).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from vision_video import CARRY, FPS, LEAVE, REST, Deal, _camera, _light, _with_hand

DECK_FOLDER = "kentdoan"  # one photo of each of the 52 cards, on black cloth
# blackjack: the burn card, seven seats, seat3's 8s split (each hand draws a card), the dealer stands on 17
SPLIT_DECK = "2C KS KH 8S KC KD QS QH 7C QC QD 8D JS JH JC JD 10S 10H 10C".split()


def real_faces(cards: Path, folder: str = DECK_FOLDER) -> dict[str, np.ndarray]:
    """Each card's face cropped from its single-card photo, upright, at the renderer's size."""
    from hardware_sim.render import FACE_H, FACE_W
    from vision.detect import find_cards, rectify

    faces = {}
    with (cards / "labels.csv").open(encoding="utf-8") as file:
        rows = [r for r in csv.DictReader(file) if r["file"].startswith(folder + "/")]
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["file"]] = counts.get(row["file"], 0) + 1
    for row in rows:
        if counts[row["file"]] != 1:
            continue  # a scene: not a face to crop
        image = cv2.imread(str(cards / row["file"]))
        found = [o for o in find_cards(image) if not o.partial] if image is not None else []
        if found:
            face = rectify(image, found[0])
            faces[f"{row['rank']}{row['suit']}"] = cv2.resize(face, (FACE_W, FACE_H))
    return faces


def wood() -> np.ndarray:
    """A wooden table top, drawn: brown with its grain."""
    from hardware_sim.render import LAYOUT_H, LAYOUT_W

    rng = np.random.default_rng(7)
    ys, xs = np.mgrid[0:LAYOUT_H, 0:LAYOUT_W].astype(np.float32)
    grain = np.sin(ys / 9 + 3 * np.sin(xs / 160) + rng.uniform(0, 6)) * 0.5 + 0.5
    tone = 0.75 + 0.25 * grain + rng.normal(0, 0.03, grain.shape).astype(np.float32)
    return np.clip(np.float32([40, 80, 135]) * tone[..., None], 0, 255).astype(np.uint8)


@dataclass
class Round:
    """One game's round as the camera sees it: the places of each step and the cards laid."""

    title: str
    steps: list[tuple[dict[str, tuple[float, float, float, float]], dict[str, tuple[str, ...]]]]


def dealt_round(game_id: str, seats: int, seed: int, deck: list[str] | None = None) -> Round:
    """The autopilot deals a round of ``game_id``; after each card, the game's places and the
    face-up cards on them."""
    from hardware_sim.decks import shuffled_deck
    from table_controller.camera_places import camera_places, split_hands
    from table_controller.cards import parse_card
    from table_controller.engine import split_places
    from table_controller.events import NEW_DECK, CardArrived, Control, Wager
    from table_controller.games import make_game

    game = make_game(game_id, seats=seats)
    cards = iter([parse_card(c) for c in deck] if deck else shuffled_deck(seed))
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK, by="dealer"))
    if game.bets:
        for seat in game.seats:
            state, _ = game.apply(state, Wager(seat, game.bets[0], 1000))
    whole, steps = camera_places(game), []
    while game.result(state) is None and len(steps) < 40:
        deal = game.expected(state).deal
        event = CardArrived(next(cards), deal.spot) if deal else game.strategy(state)
        if event is None:
            break
        state, _ = game.apply(state, event)
        if deal is not None:
            places = split_hands(whole, split_places(game.layout(state)))
            steps.append((places, game.placed_cards(state)))
    return Round(f"{game.title}, {len(game.seats)} seats", steps)


def film(
    plan: Round, faces: dict[str, np.ndarray], cloth: np.ndarray | None, seed: int
) -> tuple[list[tuple[int, object, bool]], list[np.ndarray], list[Deal], np.ndarray, list]:
    """The round's video as recipes (table picture, hand position or None, moving), the table
    pictures, the deals, the layout's corners and each step's places from its frame on."""
    from hardware_sim.render import _layout_to_frame, default_corners, place_on_spot
    from table_controller.cards import parse_card

    rng = np.random.default_rng(seed)
    corners = default_corners(rng)
    to_frame = _layout_to_frame(corners)
    lying: dict[tuple[str, str], object] = {}
    tables = [_table({}, faces, cloth, corners, plan.steps[0][0])]
    recipes: list[tuple[int, object, bool]] = [(0, None, False)] * REST
    deals, changes = [], []
    for places, placed in plan.steps:
        changes.append((len(recipes), places))
        wanted = {(spot, code) for spot, codes in placed.items() for code in codes}
        for key in [k for k in lying if k not in wanted]:  # moved to a split hand's strip
            del lying[key]
        new = [(s, c) for s, codes in placed.items() for c in codes if (s, c) not in lying]
        for spot, code in new:
            slot = list(placed[spot]).index(code)
            lying[(spot, code)] = place_on_spot(parse_card(code), spot, rng, slot, places=places)
        if not new:
            continue
        spot, code = new[-1]
        centre = np.float32(lying[(spot, code)].centre) * np.float32([1400, 900])  # type: ignore[attr-defined]
        target = cv2.perspectiveTransform(np.float32([[centre]]), to_frame)[0, 0]
        start = np.float32([640 + rng.uniform(-200, 200), -60])  # from the dealer's side
        before = len(tables) - 1
        recipes += [
            (before, start + (target - start) * (k + 1) / CARRY, True) for k in range(CARRY)
        ]
        tables.append(_table(lying, faces, cloth, corners, places))
        deals += [Deal(parse_card(c), s, len(recipes)) for s, c in new]
        recipes += [
            (len(tables) - 1, target + (start - target) * k / LEAVE, k > 0) for k in range(LEAVE)
        ]
        recipes += [(len(tables) - 1, None, False)] * REST
    recipes += [(len(tables) - 1, None, False)] * (FPS - REST)  # a second at rest to end
    return recipes, tables, deals, corners, changes


def _table(
    lying: dict, faces: dict, cloth: np.ndarray | None, corners: np.ndarray, places: dict
) -> np.ndarray:
    """The table as the camera sees it: the cloth (felt with the places marked, or wood), the
    cards lying on it with their real faces."""
    from hardware_sim.render import (
        CARD_HEIGHT,
        FACE_H,
        FACE_W,
        FRAME_SIZE,
        LAYOUT_H,
        LAYOUT_W,
        _draw_layout,
        _face_to_layout,
        _layout_to_frame,
        draw_card_face,
    )

    flat = _draw_layout(places) if cloth is None else cloth.copy()
    spots = sorted({spot for spot, _ in lying}, key=lambda s: places[s][0])
    for spot in spots:
        for (where, code), placement in lying.items():
            if where != spot:
                continue
            matrix = _face_to_layout(placement, CARD_HEIGHT * LAYOUT_H / FACE_H)
            face = faces.get(code)
            face = face if face is not None else draw_card_face(placement.card)
            warped = cv2.warpAffine(face, matrix, (LAYOUT_W, LAYOUT_H), flags=cv2.INTER_AREA)
            mask = cv2.warpAffine(
                np.full((FACE_H, FACE_W), 255, np.uint8), matrix, (LAYOUT_W, LAYOUT_H)
            )
            flat[mask > 127] = warped[mask > 127]
    return cv2.warpPerspective(
        flat, _layout_to_frame(corners), FRAME_SIZE, borderValue=(30, 30, 30)
    )


def play(
    recipes: list,
    tables: list[np.ndarray],
    deals: list[Deal],
    corners: np.ndarray,
    changes: list,
    seed: int,
) -> dict:
    """Read the video as a live camera on one core (vision_video.play, places changing when a
    seat splits); the deals get the frame that named them."""
    from vision.calibration import calibrate
    from vision.incremental import IncrementalReader
    from vision.recogniser import Recogniser
    from vision.tracking import SEEN, SpotTracker

    rng = np.random.default_rng(seed)
    light = _light(rng)
    calibrated = [
        (start, calibrate([(float(x), float(y)) for x, y in corners], (1280, 720), places))
        for start, places in changes
    ]
    reader = IncrementalReader(Recogniser(None))
    tracker = SpotTracker(calibrated[0][1], 3)
    rest_ms, deal_ms, named, dropped = [], [], [], 0
    clock, n = 0.0, 0
    while n < len(recipes):
        tracker.layout = next(
            (lay for at, lay in reversed(calibrated) if at <= n), calibrated[0][1]
        )
        table, hand, moving = recipes[n]
        scene = tables[table] if hand is None else _with_hand(tables[table], hand, moving)
        frame = _camera(scene, light, rng)
        started = time.process_time()
        sightings = tracker.update(reader.read(frame, tracker.layout.overhead()))
        spent = time.process_time() - started
        (rest_ms if hand is None else deal_ms).append(1000 * spent)
        for s in sightings:
            if s.kind == SEEN:
                named.append((s.card, s.spot))
                deal = next(
                    (d for d in deals if (d.card, d.spot) == (s.card, s.spot) and d.named is None),
                    None,
                )
                if deal is not None:
                    deal.named = n
        clock = max(clock, n / FPS) + spent
        following = max(n + 1, int(clock * FPS))
        dropped += following - n - 1
        n = following
    dealt = {d.card for d in deals}
    return {
        "rest": rest_ms,
        "deal": deal_ms,
        "dropped": dropped,
        "invented": [c for c, _ in named if c not in dealt],
        "frames": len(recipes),
        "counts": reader.counts,
    }


def run(cards: Path, quick: bool = False, only: str | None = None) -> dict:
    from table_controller.cli import one_blas_thread

    cv2.setNumThreads(1)
    one_blas_thread()
    faces = real_faces(cards)
    print(f"  {len(faces)} card faces cropped from {DECK_FOLDER}'s photographs", flush=True)
    rounds = [dealt_round("blackjack", 7, 0, SPLIT_DECK), dealt_round("red-dog", 3, 1)]
    if not quick:
        rounds += [dealt_round("blackjack", 7, s) for s in (2, 3)] + [dealt_round("red-dog", 5, 4)]
        rounds += [dealt_round("vingt-un", 7, 5)]
    rounds = [r for r in rounds if only is None or r.title.startswith(only)]
    cloths = [("felt", None)] if quick else [("felt", None), ("wood", wood())]
    totals: dict = {
        "named": 0,
        "dealt": 0,
        "invented": 0,
        "latency": [],
        "rest": [],
        "deal": [],
        "frames": 0,
        "reads": {"whole": 0, "in_part": 0, "waited": 0, "skipped": 0},
    }
    for cloth_name, cloth in cloths:
        for k, plan in enumerate(rounds):
            recipes, tables, deals, corners, changes = film(plan, faces, cloth, k)
            got = play(recipes, tables, deals, corners, changes, k)
            late = [(d.named - d.landed) * 1000 / FPS for d in deals if d.named is not None]
            print(
                f"    {plan.title} on {cloth_name}: {len(late)}/{len(deals)} named, invented "
                f"{len(got['invented'])}, dropped {got['dropped']} of {got['frames']} frames",
                flush=True,
            )
            totals["named"] += len(late)
            totals["dealt"] += len(deals)
            totals["invented"] += len(got["invented"])
            totals["latency"] += late
            totals["rest"] += got["rest"]
            totals["deal"] += got["deal"]
            totals["frames"] += got["frames"]
            for kind in totals["reads"]:
                totals["reads"][kind] += getattr(got["counts"], kind, 0)
    report(totals)
    return totals


def report(t: dict) -> None:
    lat = np.array(t["latency"] or [np.nan])
    print(
        f"  real cards, {FPS} fps, one core: named {t['named']}/{t['dealt']}, invented {t['invented']}; "
        f"landing to name median {np.median(lat):.0f} ms, p90 {np.percentile(lat, 90):.0f}, "
        f"max {np.max(lat):.0f} (goal: at most 200)"
    )
    print(
        f"    CPU per frame: at rest median {np.median(t['rest']):.2f} ms, while dealing median "
        f"{np.median(t['deal']):.1f} ms (p90 {np.percentile(t['deal'], 90):.1f}); a second of this "
        f"play costs {(sum(t['rest']) + sum(t['deal'])) / (t['frames'] / FPS):.0f} ms of one core"
    )
    print(
        "    frames read: "
        + ", ".join(f"{kind.replace('_', ' ')} {n}" for kind, n in t["reads"].items())
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cards", type=Path, default=Path(__file__).resolve().parents[2] / "shared/data/cards"
    )
    parser.add_argument("--quick", action="store_true", help="two rounds on felt only")
    parser.add_argument("--game", help="only the rounds of this game (its title, e.g. Vingt-un)")
    args = parser.parse_args()
    run(args.cards, args.quick, args.game)


if __name__ == "__main__":
    main()
