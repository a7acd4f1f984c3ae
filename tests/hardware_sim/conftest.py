from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.drivers.leaks import no_thread_leaks
from tests.hardware_sim.sim_shoe_process import start_shoe  # noqa: F401 - a fixture


@pytest.fixture(autouse=True)
def _no_thread_leaks() -> Iterator[None]:
    yield from no_thread_leaks()
