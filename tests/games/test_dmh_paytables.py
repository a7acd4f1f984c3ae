"""The Dead Man's Hand paytables as data: the five published ones and a house's own file."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from table_controller.errors import ConfigError
from table_controller.games.blackjack.paytables import (
    OUTCOMES,
    builtin_paytable,
    load_paytable,
    paytable_from_dict,
)

# rules document section 6, row by row (None: the paytable has no such row)
PUBLISHED = {
    "PT1": (None, None, 50, 14, 3, Fraction(3, 2), 50, 2, 4),
    "PT2": (None, None, 25, 4, 4, 2, 50, 2, 4),
    "PT3": (None, None, 50, 4, 4, 2, 50, 2, 4),
    "PT4": (500, 250, 25, 4, 4, 2, 50, 4, 4),
    "PT5": (500, 250, 50, 5, 4, 2, 50, 4, 4),
}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_each_published_paytable_is_the_rules_documents(name: str) -> None:
    table = builtin_paytable(name)
    *pays, aces, eights = PUBLISHED[name]
    assert [table.pay(o) for o in OUTCOMES] == [None if p is None else Fraction(p) for p in pays]
    assert (table.max_hands("A"), table.max_hands("8")) == (aces, eights)


def test_b15_reads_pt4s_pair_row_as_two_to_one() -> None:
    assert builtin_paytable("PT4").pay("DMH-S0") == 4
    assert builtin_paytable("PT4", pt4_s0="2to1").pay("DMH-S0") == 2
    assert builtin_paytable("PT2", pt4_s0="2to1").pay("DMH-S0") == 4  # B15 is PT4's alone


def test_a_custom_paytable_file_round_trips(tmp_path: Path) -> None:
    data = {
        "name": "house 7",
        "pays": {"DMH-S2": "30", "DMH-S1": "5", "DMH-ONE": "3/2", "DMH-BJ": 50},
        "max_hands": {"aces": 2, "eights": 3},
    }
    path = tmp_path / "pt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    table = load_paytable(path)
    assert table.pay("DMH-ONE") == Fraction(3, 2) and table.pay("DMH-S0") is None
    assert table.max_hands("8") == 3
    assert paytable_from_dict(table.to_dict()) == table


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "a paytable is a JSON object"),
        ({"pays": {"DMH-S9": "5"}}, "unknown outcomes DMH-S9"),
        ({"pays": {"DMH-ONE": "1.5"}}, "a pay is a whole number or a fraction"),
        ({"pays": {"DMH-ONE": "٣"}}, "a pay is a whole number or a fraction"),
        ({"pays": {"DMH-ONE": "3/0"}}, "a pay is a whole number or a fraction"),
        ({"pays": {"DMH-ONE": 0}}, "above 0"),
        ({"pays": {"DMH-ONE": True}}, "a pay is a whole number"),
        ({"pays": {}}, "pays at least one outcome"),
        ({"pays": {"DMH-ONE": "2"}, "max_hands": {"aces": 9, "eights": 4}}, "max_hands.aces"),
        ({"pays": {"DMH-ONE": "2"}, "extra": 1}, "unknown keys extra"),
    ],
)
def test_a_bad_paytable_is_refused_with_the_reason(data: object, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        paytable_from_dict(data)


@pytest.mark.parametrize("content", [b"\xff\xfe not utf-8", b"{", b"[" * 100_000])
def test_a_file_that_is_not_a_json_paytable_is_one_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ConfigError, match=r"bad\.json"):
        load_paytable(path)


def test_an_unknown_paytable_name_lists_the_known_ones() -> None:
    with pytest.raises(ConfigError, match="PT1, PT2, PT3, PT4, PT5"):
        builtin_paytable("PT9")
