"""The games' figures kept between runs: a report or the floor asks each game configuration's
math once, ever, per version of the game's code (blackjack's exact edge takes seconds, Vingt-un's
simulation more; a report run each gaming day should not pay that each time).

One JSON file per configuration under the data folder's ``theory/``, named by a hash of the
configuration and of the source of the game's package (so a change to a game's code computes
its figures afresh). A file that cannot be read or written is passed over: the figures are
computed, not taken on trust from a damaged file.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import asdict
from functools import cache
from pathlib import Path

from table_controller.contract import BetTheory
from table_controller.hand_log.report_hold import Theories

FOLDER = "theory"


def kept_on_disk(compute: Theories, folder: Path | None = None) -> Theories:
    """``compute`` with its answers kept in ``folder`` (default: the data folder's theory/)."""

    def lookup(config: str) -> dict[str, BetTheory] | str:
        from table_controller.hand_log.keys import data_dir

        where = (folder or data_dir() / FOLDER) / f"{_name(config)}.json"
        kept = _read(where)
        if kept is not None:
            return kept
        figures = compute(config)
        if isinstance(figures, dict):
            _write(where, figures)
        return figures

    return lookup


def _name(config: str) -> str:
    game = str(json.loads(config).get("game"))
    return hashlib.sha256(f"{config}\n{_code(game)}".encode()).hexdigest()[:32]


@cache
def _code(game: str) -> str:
    """A hash of the source of the package the game's record makes it from."""
    from table_controller.errors import TableError
    from table_controller.games import record

    try:
        module = sys.modules[record(game).make.__module__]
    except (TableError, KeyError):
        return "unknown"
    digest = hashlib.sha256()
    for path in sorted(Path(str(module.__file__)).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _read(path: Path) -> dict[str, BetTheory] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {str(bet): BetTheory(**fields) for bet, fields in data.items()}
    except (OSError, ValueError, TypeError, AttributeError):
        return None


def _write(path: Path, figures: dict[str, BetTheory]) -> None:
    from table_controller.private_files import open_private

    text = json.dumps({bet: asdict(f) for bet, f in figures.items()}, sort_keys=True)
    partial = path.with_suffix(f".{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with open_private(partial) as out:
            out.write(text)
        os.replace(partial, path)
    except OSError:
        partial.unlink(missing_ok=True)
