"""Reading a JSON file a person handed us, with every way it can be wrong said in one line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from table_controller.errors import ScenarioError

MAX_BYTES = 16 * 2**20  # a scenario or paytable is a few KiB; 16 MiB is plenty and bounded


def read_json_file(name: str, *, what: str) -> Any:
    """The decoded JSON of file ``name`` (``-``: standard input). Raises :class:`ScenarioError`
    for a file that cannot be read, is not UTF-8 text, is not JSON, nests too deep or holds a
    number too long to convert."""
    try:
        if name == "-":
            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with Path(name).open("rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"cannot read {name}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a name with a NUL byte in it
        raise ScenarioError(f"cannot read {name!r}: {exc}") from None
    if len(raw) > MAX_BYTES:
        raise ScenarioError(
            f"{name} is larger than a {what} file can be ({MAX_BYTES // 2**20} MiB)"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ScenarioError(
            f"{name} is not UTF-8 text (byte {exc.start}): a {what} file is JSON"
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{name} is not JSON: {exc}") from None
    except RecursionError:
        raise ScenarioError(f"{name}: the JSON nests too deep for a {what}") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise ScenarioError(f"{name}: {exc}".split(";")[0]) from None
