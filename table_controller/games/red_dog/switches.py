"""Red Dog's rule switches RD1-RD4 and its pay table (../shared/rules/red-dog.md, A3 and D2), defaults first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table_controller.contract import SwitchSet, switch_list
from table_controller.errors import ConfigError, ScenarioError
from table_controller.jsonfile import read_json_file

RULES_VERSION = "red-dog.md 2026-11 (RD1-RD4)"
SWITCH_VALUES: dict[str, tuple[str, ...]] = {
    "RD1": ("6", "1", "2", "3", "4", "5", "7", "8"),
    "RD2": ("standard", "ante_even", "custom"),
    "RD3": ("up_to_ante", "equal_ante"),
    "RD4": ("cut_card", "every_round"),
}
SWITCHES = switch_list(SWITCH_VALUES, "red-dog.md Part A")
STANDARD_SPREADS = (5, 4, 2, 1, 1, 1, 1, 1, 1, 1, 1)  # spread 1 to 11, x to 1
STANDARD_TRIPS = 11


@dataclass(frozen=True)
class Switches(SwitchSet):
    declared = SWITCHES
    game = "Red Dog"

    RD1: str = "6"
    RD2: str = "standard"
    RD3: str = "up_to_ante"
    RD4: str = "cut_card"

    @property
    def decks(self) -> int:
        return int(self.RD1)


@dataclass(frozen=True)
class PayTable:
    """The odds x (x to 1) for each spread 1 to 11 and for three of a kind (A3); under
    ``ante_even`` a win pays the raise at the spread's odds and the ante at 1 to 1."""

    spreads: tuple[int, ...] = STANDARD_SPREADS
    three_of_a_kind: int = STANDARD_TRIPS
    ante_even: bool = False
    name: str = "standard"

    def odds(self, spread: int) -> int:
        return self.spreads[spread - 1]

    def win(self, spread: int, ante: int, raised: int) -> int:
        """What a winning ante and raise are paid (RD-12), in cents."""
        if self.ante_even:
            return ante + raised * self.odds(spread)
        return (ante + raised) * self.odds(spread)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "spreads": {str(n): x for n, x in enumerate(self.spreads, 1)},
            "three_of_a_kind": self.three_of_a_kind,
            "ante_even": self.ante_even,
        }


def pay_table(switches: Switches, custom: str | dict[str, Any] | None = None) -> PayTable:
    """The pay table RD2 names; ``custom`` (a dict, or a JSON file's name) only with RD2 = custom."""
    if switches.RD2 != "custom":
        if custom is not None:
            raise ConfigError("a custom Red Dog pay table goes with switch RD2=custom")
        return PayTable(ante_even=switches.RD2 == "ante_even", name=switches.RD2)
    if custom is None:
        raise ConfigError("switch RD2=custom needs a pay table (--paytable FILE)")
    if isinstance(custom, str):
        try:
            custom = read_json_file(custom, what="pay table")
        except ScenarioError as exc:
            raise ConfigError(str(exc)) from None
    return custom_pay_table(custom)


def custom_pay_table(data: Any) -> PayTable:
    """``{"spreads": {"1": 5, ..., "11": 1}, "three_of_a_kind": 11}``: each an integer x, x to 1."""
    shape = 'a pay table is {"spreads": {"1": x, ..., "11": x}, "three_of_a_kind": x}, each x a whole number (x to 1)'
    if not isinstance(data, dict) or set(data) - {
        "spreads",
        "three_of_a_kind",
        "name",
        "ante_even",
    }:
        raise ConfigError(shape)
    spreads = data.get("spreads")
    if not isinstance(spreads, dict) or sorted(map(str, spreads)) != sorted(
        str(n) for n in range(1, 12)
    ):
        raise ConfigError(shape)
    values = [spreads.get(str(n), spreads.get(n)) for n in range(1, 12)]  # type: ignore[call-overload]
    trips = data.get("three_of_a_kind")
    for x in [*values, trips]:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 1000:
            raise ConfigError(shape + f" from 0 to 1000 (got {x!r})")
    assert isinstance(trips, int)  # checked with the values above
    return PayTable(tuple(x for x in values if isinstance(x, int)), trips, False, "custom")
