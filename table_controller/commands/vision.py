"""``table vision enrol|identify|calibrate``: the camera card recogniser from the command line.

- ``enrol --labels LABELS.csv --out DECK.json`` learns a deck design from labelled photos.
- ``identify [--deck DECK.json] IMAGE...`` prints one JSON line per image:
  ``{"file": ..., "cards": [{"card": "QH", "confidence": 0.97, "corners": [...], "centre": [...]}]}``
  (``"card": null`` for a card seen but not read surely).
- ``calibrate --corners X,Y X,Y X,Y X,Y --size W,H --out LAYOUT.json`` maps the layout's spots
  to the camera image from the layout's four corners (far-left, far-right, near-right,
  near-left, as the camera sees them).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from table_controller.errors import ConfigError


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("vision", help="enrol a deck, identify cards in photos, calibrate")
    actions = parser.add_subparsers(dest="vision_command", metavar="ACTION")
    actions.required = True

    enrol = actions.add_parser("enrol", help="learn a deck design from labelled photos")
    enrol.add_argument("--labels", required=True, type=Path, help="labels CSV (file,rank,suit,...)")
    enrol.add_argument("--out", required=True, type=Path, help="where to write DECK.json")
    enrol.set_defaults(func=run_enrol)

    identify = actions.add_parser("identify", help="print the cards seen in each image as JSON")
    identify.add_argument("--deck", type=Path, help="an enrolled DECK.json (default: any deck)")
    identify.add_argument("images", nargs="+", metavar="IMAGE")
    identify.set_defaults(func=run_identify)

    calibrate = actions.add_parser("calibrate", help="map the layout's spots to the camera image")
    calibrate.add_argument("--corners", required=True, nargs=4, metavar="X,Y",
                           help="the layout's corners in the image: far-left far-right near-right near-left")
    calibrate.add_argument("--size", required=True, metavar="W,H", help="the image size in pixels")
    calibrate.add_argument("--out", required=True, type=Path, help="where to write LAYOUT.json")
    calibrate.set_defaults(func=run_calibrate)


def run_enrol(args: argparse.Namespace) -> int:
    from vision.enrol import enrol

    deck = enrol(args.labels)
    deck.save(args.out)
    print(f"enrolled {len(deck.cards)} cards into {args.out}")
    return 0


def run_identify(args: argparse.Namespace) -> int:
    import cv2

    from vision.deck import load_deck
    from vision.recogniser import Recogniser

    recogniser = Recogniser(load_deck(args.deck) if args.deck else None)
    failed = 0
    for name in args.images:
        image = cv2.imread(name) if Path(name).is_file() else None
        if image is None:  # say so and go on with the other images
            print(f"table vision identify: error: cannot read image {name}", file=sys.stderr)
            failed += 1
            continue
        cards = [guess.to_dict() for guess in recogniser.recognise(image)]
        print(json.dumps({"file": name, "cards": cards}), flush=True)
    return 2 if failed else 0


def run_calibrate(args: argparse.Namespace) -> int:
    from vision.calibration import calibrate

    corners = [_pair(text, "--corners") for text in args.corners]
    width, height = _pair(args.size, "--size")
    layout = calibrate(corners, (int(width), int(height)))
    layout.save(args.out)
    print(f"wrote {len(layout.spots)} spots to {args.out}")
    return 0


def _pair(text: str, option: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise ConfigError(f"{option} wants X,Y numbers, got {text!r}") from None
    return x, y
