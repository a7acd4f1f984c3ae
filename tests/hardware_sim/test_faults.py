"""The simulated shoe's fault script."""

from __future__ import annotations

import pytest

from hardware_sim.faults import Fault, parse_faults
from table_controller.errors import ConfigError


def test_spec_with_and_without_values() -> None:
    plan = parse_faults("3:garbage=40, 7:drop,7:dup,12:unplug")
    assert plan == {
        3: (Fault(3, "garbage", 40.0),),
        7: (Fault(7, "drop"), Fault(7, "dup")),
        12: (Fault(12, "unplug", 1.0),),
    }
    assert parse_faults("") == {}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("3:explode", "unknown fault 'explode'; accepted: garbage"),
        ("drop", "is not N:fault"),
        ("0:drop", "is not N:fault"),
        ("3:drop=2", "takes no value"),
        ("3:silence=long", "is not a number"),
        ("3:silence=-1", "cannot be negative"),
    ],
)
def test_bad_specs_are_one_line_errors(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_faults(spec)
