"""Picking a card source by URL."""

from __future__ import annotations

import pytest

from drivers.registry import SOURCES, open_source, source_class
from hardware_sim.shoe import SimShoe
from table_controller.errors import ConfigError, DriverUnavailableError


def test_sim_scheme_opens_the_simulator() -> None:
    with open_source("sim://?seed=42&decks=1") as source:
        assert isinstance(source, SimShoe)
        assert source.simulated


@pytest.mark.parametrize("url", ["camera0://x", "ttyUSB0", "/dev/ttyUSB0", "simulator://", ""])
def test_unknown_scheme_lists_the_accepted_ones_and_never_falls_back(url: str) -> None:
    with pytest.raises(ConfigError) as caught:
        open_source(url)
    message = str(caught.value)
    assert "\n" not in message
    for scheme in SOURCES:
        assert f"{scheme}://" in message


def test_backend_that_cannot_be_imported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SOURCES, "broken", ("drivers.no_such_module", "Nothing"))
    with pytest.raises(DriverUnavailableError, match="broken:// cannot be loaded"):
        source_class("broken://x")
