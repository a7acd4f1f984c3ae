"""The Dead Man's Hand side bet's paytables (rules document section 6), as data.

A paytable maps each outcome id (DMH-S4 ... DMH-BJ) to its net pay "X to 1" as an exact
:class:`~fractions.Fraction` (``None``: the paytable has no such row), with the house's limits
on the hands a seat may hold after splitting aces and eights. The five published paytables are
built in; a house's own is the same data in a JSON file (:func:`load_paytable`), which both the
table (switch B14 = ``custom``) and ``table analyse`` read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from table_controller.errors import ConfigError

# outcome ids, highest first (DMH-5: only the highest outcome is paid)
SETS = ("DMH-S4", "DMH-S3", "DMH-S2", "DMH-S1")
OUTCOMES = ("DMH-S4", "DMH-S3", "DMH-S2", "DMH-S1", "DMH-S0", "DMH-ONE", "DMH-BJ")
OUTCOME_WORDS = {
    "DMH-S4": "four sets of ace-eight",
    "DMH-S3": "three sets of ace-eight",
    "DMH-S2": "two sets of ace-eight",
    "DMH-S1": "ace-eight",
    "DMH-S0": "pair with no ace-eight",
    "DMH-ONE": "one ace or eight",
    "DMH-BJ": "pair and dealer blackjack",
    "DMH-LOSE": "no ace or eight",
}
MAX_PAY = Fraction(10_000)  # a typo guard on custom files: no side bet pays more than 10,000 to 1


@dataclass(frozen=True)
class Paytable:
    name: str
    pays: dict[str, Fraction | None]  # outcome id -> net pay to 1, None where there is no row
    max_hands_aces: int  # most hands a seat may hold after splitting aces (2 = split once)
    max_hands_eights: int

    def pay(self, outcome: str) -> Fraction | None:
        return self.pays.get(outcome)

    def max_hands(self, rank: str) -> int:
        """``rank`` is ``A`` or ``8``."""
        return self.max_hands_aces if rank == "A" else self.max_hands_eights

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "pays": {k: (None if v is None else _fraction_text(v)) for k, v in self.pays.items()},
            "max_hands": {"aces": self.max_hands_aces, "eights": self.max_hands_eights},
        }


def _fraction_text(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def _table(
    name: str, s4: int | None, s3: int | None, s2: int, s1: int, s0: int, one: Fraction, aces: int
) -> Paytable:
    pays = {
        "DMH-S4": None if s4 is None else Fraction(s4),
        "DMH-S3": None if s3 is None else Fraction(s3),
        "DMH-S2": Fraction(s2),
        "DMH-S1": Fraction(s1),
        "DMH-S0": Fraction(s0),
        "DMH-ONE": one,
        "DMH-BJ": Fraction(50),
    }
    return Paytable(name, pays, aces, 4)


PAYTABLES: dict[str, Paytable] = {
    "PT1": _table("PT1", None, None, 50, 14, 3, Fraction(3, 2), 2),
    "PT2": _table("PT2", None, None, 25, 4, 4, Fraction(2), 2),
    "PT3": _table("PT3", None, None, 50, 4, 4, Fraction(2), 2),
    "PT4": _table("PT4", 500, 250, 25, 4, 4, Fraction(2), 4),
    "PT5": _table("PT5", 500, 250, 50, 5, 4, Fraction(2), 4),
}


def builtin_paytable(name: str, *, pt4_s0: str = "as_printed") -> Paytable:
    """One of PT1..PT5. ``pt4_s0`` is switch B15: PT4's DMH-S0 row 4 to 1 as printed, or 2 to 1."""
    try:
        table = PAYTABLES[name.upper()]
    except KeyError:
        raise ConfigError(
            f"unknown paytable {name!r} (paytables: {', '.join(PAYTABLES)}, or a file)"
        ) from None
    if table.name == "PT4" and pt4_s0 == "2to1":
        return Paytable("PT4", {**table.pays, "DMH-S0": Fraction(2)}, 4, 4)
    if pt4_s0 not in ("as_printed", "2to1"):
        raise ConfigError(f"B15 is as_printed or 2to1 (got {pt4_s0!r})")
    return table


def paytable_from_dict(data: Any, *, where: str = "paytable") -> Paytable:
    """A custom paytable from decoded JSON::

        {"name": "house 7", "pays": {"DMH-S2": "30", "DMH-S1": "5", "DMH-S0": "3",
         "DMH-ONE": "3/2", "DMH-BJ": "50"}, "max_hands": {"aces": 2, "eights": 4}}

    Rows left out (or null) do not exist. Pays are whole numbers or fractions "X/Y" to 1.
    """
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: a paytable is a JSON object with 'pays' and 'max_hands'")
    unknown = set(data) - {"name", "pays", "max_hands"}
    if unknown:
        raise ConfigError(f"{where}: unknown keys {', '.join(sorted(map(str, unknown)))}")
    pays_in = data.get("pays")
    if not isinstance(pays_in, dict):
        raise ConfigError(
            f'{where}: \'pays\' is an object of outcome id -> pay, e.g. {{"DMH-ONE": "2"}}'
        )
    bad = set(pays_in) - set(OUTCOMES)
    if bad:
        raise ConfigError(
            f"{where}: unknown outcomes {', '.join(sorted(map(str, bad)))} (outcomes: {', '.join(OUTCOMES)})"
        )
    pays = {key: _pay(pays_in.get(key), f"{where}: {key}") for key in OUTCOMES}
    if all(v is None for v in pays.values()):
        raise ConfigError(f"{where}: a paytable pays at least one outcome")
    limits = data.get("max_hands", {"aces": 2, "eights": 4})
    if not isinstance(limits, dict) or set(limits) != {"aces", "eights"}:
        raise ConfigError(f'{where}: \'max_hands\' is {{"aces": N, "eights": N}} (N from 1 to 4)')
    aces, eights = (_limit(limits[k], f"{where}: max_hands.{k}") for k in ("aces", "eights"))
    return Paytable(str(data.get("name", "custom"))[:40], pays, aces, eights)


def load_paytable(path: str | Path) -> Paytable:
    """A custom paytable file; any fault is a :class:`ConfigError` naming the file."""
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text)
    except OSError as exc:
        raise ConfigError(f"{where}: cannot read the paytable ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ConfigError(f"{where}: not a JSON paytable ({type(exc).__name__})") from None
    return paytable_from_dict(data, where=where)


def _pay(value: Any, where: str) -> Fraction | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ConfigError(
            f'{where}: a pay is a whole number or a fraction such as "3/2" (got {value!r})'
        )
    text = str(value).strip()
    if (
        len(text) > 20
        or not all(c.isascii() and (c.isdigit() or c == "/") for c in text)
        or text.count("/") > 1
    ):
        raise ConfigError(
            f'{where}: a pay is a whole number or a fraction such as "3/2" (got {value!r})'
        )
    try:
        pay = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ConfigError(
            f'{where}: a pay is a whole number or a fraction such as "3/2" (got {value!r})'
        ) from None
    if not 0 < pay <= MAX_PAY:
        raise ConfigError(f"{where}: a pay lies above 0 and at most {MAX_PAY} to 1 (got {value!r})")
    return pay


def _limit(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 4:
        raise ConfigError(f"{where}: a whole number from 1 (no split) to 4 (got {value!r})")
    return value
