"""``table vision enrol|identify|calibrate``: the camera card recogniser from the command line.

- ``enrol --labels LABELS.csv --out DECK.json`` learns a deck design from labelled photos.
- ``identify [--deck DECK.json] IMAGE...`` prints one JSON line per image:
  ``{"file": ..., "cards": [{"card": "QH", "confidence": 0.97, "corners": [...], "centre": [...]}]}``
  (``"card": null`` for a card seen but not read surely).
- ``calibrate --corners X,Y X,Y X,Y X,Y --size W,H --out LAYOUT.json`` maps the layout's spots
  to the camera image from the layout's four corners (far-left, far-right, near-right,
  near-left, as the camera sees them); ``--image FRAME`` or ``--camera URL`` instead of
  ``--size`` takes the size from the picture. The spots are the places of ``--game``'s declared
  layout (default: the registry's default game).
- ``calibrate --image FRAME|--camera URL --serve --out LAYOUT.json`` serves a page where the
  corners are clicked on the picture, the spots drawn over it, and Save (pit-boss PIN) writes it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from table_controller.errors import ConfigError
from table_controller.games import DEFAULT_GAME, game_ids

if TYPE_CHECKING:
    from dealer_display.calibration import Picture


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "vision", help="enrol a deck, identify cards in photos, calibrate"
    )
    actions = parser.add_subparsers(dest="vision_command", metavar="ACTION")
    actions.required = True

    enrol = actions.add_parser("enrol", help="learn a deck design from labelled photos")
    enrol.add_argument("--labels", required=True, type=Path, help="labels CSV (file,rank,suit,...)")
    enrol.add_argument("--out", required=True, type=Path, help="where to write DECK.json")
    enrol.set_defaults(func=run_enrol)

    identify = actions.add_parser("identify", help="print the cards seen in each image as JSON")
    identify.add_argument("--deck", type=Path, help="an enrolled DECK.json (default: any deck)")
    identify.add_argument(
        "--layout",
        type=Path,
        help="the camera's LAYOUT.json (table vision calibrate): a card found by its index "
        "alone is laid out as it lies on the table, as the camera driver does",
    )
    identify.add_argument("images", nargs="+", metavar="IMAGE")
    identify.set_defaults(func=run_identify)

    calibrate = actions.add_parser("calibrate", help="map the layout's spots to the camera image")
    calibrate.add_argument(
        "--corners",
        nargs=4,
        metavar="X,Y",
        help="the layout's corners in the image: far-left far-right near-right near-left",
    )
    calibrate.add_argument(
        "--size", metavar="W,H", help="the image size in pixels (with --corners)"
    )
    calibrate.add_argument("--image", type=Path, metavar="FRAME", help="a picture from the camera")
    calibrate.add_argument(
        "--camera", metavar="URL", help="take the picture from this camera, e.g. camera://0"
    )
    calibrate.add_argument(
        "--serve",
        action="store_true",
        help="serve a page to click the corners on the picture, see the spots, save",
    )
    calibrate.add_argument("--host", default="127.0.0.1", help="with --serve: address to serve on")
    calibrate.add_argument(
        "--port", type=int, default=8001, help="with --serve: port (default 8001)"
    )
    calibrate.add_argument(
        "--pit-boss-pin", help="with --serve: the PIN that saves ($TABLE_PIT_BOSS_PIN, else fresh)"
    )
    calibrate.add_argument("--out", required=True, type=Path, help="where to write LAYOUT.json")
    calibrate.add_argument(
        "--game",
        default=DEFAULT_GAME,
        metavar="GAME",
        help=f"the game whose declared layout's places are mapped: {', '.join(game_ids())} "
        f"(default {DEFAULT_GAME})",
    )
    calibrate.add_argument("--seats", type=int, default=None, help="with --game: its seats")
    calibrate.set_defaults(func=run_calibrate)


def run_enrol(args: argparse.Namespace) -> int:
    from vision.enrol import enrol

    deck = enrol(args.labels)
    deck.save(args.out)
    print(f"enrolled {len(deck.cards)} cards into {args.out}")
    for unread in deck.unread:
        print(f"not enrolled, no readable index: {unread}", file=sys.stderr)
    return 0


def run_identify(args: argparse.Namespace) -> int:

    from vision.calibration import load_layout
    from vision.deck import load_deck
    from vision.images import ImageError, read_image
    from vision.recogniser import Recogniser

    recogniser = Recogniser(load_deck(args.deck) if args.deck else None)
    layout = load_layout(args.layout) if args.layout else None
    failed = 0
    for name in args.images:
        try:
            image = read_image(name)
        except ImageError as exc:  # say so and go on with the other images
            print(f"table vision identify: error: {exc}", file=sys.stderr)
            failed += 1
            continue
        overhead, misfit = None, layout.misfit(image) if layout is not None else None
        if misfit is not None:
            print(f"table vision identify: {name} is {misfit}: read without it", file=sys.stderr)
        elif layout is not None:
            overhead = layout.overhead()
        cards = [guess.to_dict() for guess in recogniser.recognise(image, overhead)]
        print(json.dumps({"file": name, "cards": cards}), flush=True)
    return 2 if failed else 0


def run_calibrate(args: argparse.Namespace) -> int:
    if args.image is not None and args.camera is not None:
        raise ConfigError("give the picture as --image FRAME or --camera URL, not both")
    if args.serve == (args.corners is not None):
        raise ConfigError(
            "give --corners X,Y X,Y X,Y X,Y, or --serve to click them on the camera's picture"
        )
    if args.serve:
        return _serve_calibration(args)
    from vision.calibration import calibrate

    corners = [_pair(text, "--corners") for text in args.corners]
    layout = calibrate(corners, _picture_size(args), _places(args))
    layout.save(args.out)
    print(f"wrote {len(layout.spots)} spots to {args.out}")
    return 0


def _places(args: argparse.Namespace) -> dict[str, tuple[float, float, float, float]]:
    """The places of ``--game``'s declared layout (with ``--seats``)."""
    from table_controller.camera_places import camera_places
    from table_controller.games import make_game, record

    places = camera_places(make_game(args.game, seats=args.seats))
    if not places:
        raise ConfigError(
            f"{record(args.game).title} declares no card spots: the camera has nothing to look at"
        )
    return places


def _picture_size(args: argparse.Namespace) -> tuple[int, int]:
    """--size, else the size of the --image or --camera picture."""
    if args.size is not None:
        width, height = _pair(args.size, "--size")
        return int(width), int(height)
    if args.image is None and args.camera is None:
        raise ConfigError(
            "--corners needs the picture's size: --size W,H, --image FRAME or --camera URL"
        )
    with _picture(args) as picture:
        return picture.size


def _serve_calibration(args: argparse.Namespace) -> int:
    from dealer_display.calibration import CalibrationSettings
    from dealer_display.calibration_server import serve_calibration
    from dealer_display.settings import pit_boss_pin_from

    if args.image is None and args.camera is None:
        raise ConfigError("--serve needs a picture to mark: --image FRAME or --camera URL")
    settings = CalibrationSettings(
        out=args.out.resolve(),
        pit_boss_pin=pit_boss_pin_from(args.pit_boss_pin),
        host=args.host,
        port=args.port,
        places=_places(args),
    )
    with _picture(args) as picture:
        return serve_calibration(settings, picture)


def _picture(args: argparse.Namespace) -> contextlib.AbstractContextManager[Picture]:
    from dealer_display.calibration_server import picture_from_camera, picture_from_image

    if args.camera is not None:
        return picture_from_camera(args.camera)
    return contextlib.nullcontext(picture_from_image(args.image))


def _pair(text: str, option: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise ConfigError(f"{option} wants X,Y numbers, got {text!r}") from None
    return x, y
