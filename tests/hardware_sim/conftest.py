from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.drivers.leaks import no_thread_leaks


@pytest.fixture(autouse=True)
def _no_thread_leaks() -> Iterator[None]:
    yield from no_thread_leaks()
