"""Card-source URLs: ``scheme://path?option=value&...``, checked against what a source accepts.

Each source declares the options it accepts; a misspelt or unknown option is a one-line error
naming the accepted ones, never silently ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from table_controller.errors import ConfigError


@dataclass(frozen=True, slots=True)
class SourceURL:
    url: str
    scheme: str
    path: str  # netloc + path, e.g. "/dev/ttyUSB0" or "hands.db"
    options: dict[str, str]


def split_source_url(url: str, accepted: Mapping[str, str]) -> SourceURL:
    """Split ``url`` and check its options against ``accepted`` (name -> description).

    Raises:
        ConfigError: an option is unknown, repeated or empty.
    """
    parts = urlsplit(url)
    if not parts.scheme or "://" not in url:
        raise ConfigError(f"not a card-source URL: {url!r} (expected scheme://...)")
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    options: dict[str, str] = {}
    for name, value in pairs:
        if name not in accepted:
            raise ConfigError(
                f"{parts.scheme}:// has no option {name!r}; accepted: {describe_options(accepted)}"
            )
        if name in options:
            raise ConfigError(f"option {name!r} is given twice in {url!r}")
        if not value:
            raise ConfigError(f"option {name!r} needs a value in {url!r}")
        options[name] = value
    return SourceURL(url, parts.scheme, parts.netloc + parts.path, options)


def describe_options(accepted: Mapping[str, str]) -> str:
    return ", ".join(f"{name} ({about})" for name, about in accepted.items()) or "none"


def int_option(source: SourceURL, name: str, default: int, low: int, high: int) -> int:
    return _number_option(source, name, default, low, high, int, "a whole number")


def float_option(source: SourceURL, name: str, default: float, low: float, high: float) -> float:
    return _number_option(source, name, default, low, high, float, "a number")


def _number_option(
    source: SourceURL, name: str, default: Any, low: Any, high: Any, kind: Any, what: str
) -> Any:
    """An option's value as ``kind`` in ``low..high``; a clear ConfigError otherwise."""
    text = source.options.get(name)
    if text is None:
        return default
    try:
        value = kind(text)
    except ValueError:
        raise ConfigError(f"option {name}={text!r} is not {what}") from None
    if not low <= value <= high:
        raise ConfigError(f"option {name}={value} is out of range {low}..{high}")
    return value
