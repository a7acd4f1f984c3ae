"""Every game reads its switches from a dict one way (table_controller.contract.SwitchSet):
ids and values in any case, an unknown id or value refused in the same words, and its
declared switches' defaults are the ones it plays by. Its seats are counted one way too."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

from table_controller.contract import Setup, Switch, SwitchSet, chosen, switch_list
from table_controller.errors import ConfigError
from table_controller.games import make_game, records

WITH_SWITCHES = [rec for rec in records().values() if rec.switches]


@dataclass(frozen=True)
class Lamps(SwitchSet):
    declared = switch_list({"L1": ("on", "off"), "L2": ("PT1", "PT2", "custom")}, "lamps.md")
    game = "Lamps"

    L1: str = "on"
    L2: str = "PT1"


def test_a_switch_set_reads_ids_and_values_in_any_case() -> None:
    assert Lamps.from_dict(None) == Lamps()
    assert Lamps.from_dict({"l1": " OFF ", "L2": "pt2"}) == Lamps("off", "PT2")
    assert Lamps.from_dict({"L2": "Custom"}).to_dict() == {"L1": "on", "L2": "custom"}


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"L3": "on"}, "unknown Lamps switch 'L3' (switches: L1, L2)"),
        ({"l1": "dim"}, "switch L1 is one of on, off (got 'dim')"),
        ({"L1": True}, "switch L1 is one of on, off (got True)"),
    ],
)
def test_a_switch_set_refuses_plainly(given: dict[str, Any], words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        Lamps.from_dict(given)
    assert str(caught.value) == words


def test_a_long_run_of_numbers_is_shown_as_a_range() -> None:
    percent = Switch("P", ("75", *(str(n) for n in range(50, 91) if n != 75)), "x")
    assert percent.choices == "50..90"
    assert Switch("D", ("6", "1", "2", "3", "4", "5", "7", "8"), "x").choices.startswith("6, 1")
    with pytest.raises(ConfigError, match=r"switch P is one of 50\.\.90 \(got 91\)"):
        percent.value_of(91)


def test_a_setting_kept_with_the_switches_is_read_by_its_own_function() -> None:
    switches = switch_list({"L1": ("on", "off")}, "lamps.md")
    assert chosen({"ANTE": "5", "l1": "off"}, switches, "Lamps", {"ante": int}) == {
        "ante": 5,
        "L1": "off",
    }
    with pytest.raises(ConfigError, match=r"switches: L1, ante\)"):
        chosen({"pot": 1}, switches, "Lamps", {"ante": int})


@pytest.mark.parametrize("rec", WITH_SWITCHES, ids=lambda r: r.id)
def test_every_game_plays_by_its_declared_defaults(rec: Any) -> None:
    described = rec.build().describe()["switches"]
    assert {s.id: s.default for s in rec.switches}.items() <= described.items()
    first = rec.switches[0]
    other = first.values[-1]
    again = rec.build(Setup(switches={first.id.lower(): other.upper()})).describe()["switches"]
    assert again[first.id] == other


@pytest.mark.parametrize("rec", WITH_SWITCHES, ids=lambda r: r.id)
def test_every_game_refuses_a_switch_in_the_same_words(rec: Any) -> None:
    with pytest.raises(ConfigError, match=r"^unknown .* switch 'ZZ9' \(switches: "):
        rec.build(Setup(switches={"ZZ9": "x"}))
    first = rec.switches[0]
    with pytest.raises(ConfigError) as caught:
        rec.build(Setup(switches={first.id: "no-such-value"}))
    assert str(caught.value) == f"switch {first.id} is one of {first.choices} (got 'no-such-value')"


@pytest.mark.parametrize("rec", records().values(), ids=lambda r: r.id)
@pytest.mark.parametrize("seats", [True, "3", 0, 99, 2.0])
def test_every_game_counts_its_seats_one_way(rec: Any, seats: Any) -> None:
    with pytest.raises(ConfigError, match=rf"^{re.escape(rec.title)} (seats|has exactly)"):
        rec.build(Setup(seats=seats))


def test_blackjack_keeps_its_ways_with_b12_and_b14() -> None:
    game = make_game("blackjack", switches={"b14": "pt3", "B12": 60})
    assert game.describe()["switches"]["B14"] == "PT3"
    with pytest.raises(ConfigError, match=r"^switch B12 is one of 50\.\.90 \(got 91\)$"):
        make_game("blackjack", switches={"B12": 91})


def test_farmer_keeps_its_ante_with_its_switches() -> None:
    assert make_game("farmer", switches={"Ante": "500", "f1": "MAY_HIT"}).describe()["ante"] == 500
    with pytest.raises(ConfigError, match="the ante is a whole number of cents"):
        make_game("farmer", switches={"ante": True})
    with pytest.raises(ConfigError, match=r"switches: F1, F2, F3, F4, F5, F6, ante\)"):
        make_game("farmer", switches={"F9": "x"})
