"""Amounts as the table reads them: one formatter for every game, the display and the reports."""

from __future__ import annotations

import pytest

from table_controller.money import money, signed


@pytest.mark.parametrize(
    ("cents", "words"),
    [
        (0, "$0.00"),
        (5, "$0.05"),
        (1000, "$10.00"),
        (123456789, "$1,234,567.89"),
        (-5, "-$0.05"),
        (-4000, "-$40.00"),
        (-4150, "-$41.50"),  # (floor division once showed "$-42.50")
    ],
)
def test_an_amount_reads_in_dollars_and_cents(cents: int, words: str) -> None:
    assert money(cents) == words


@pytest.mark.parametrize(
    ("cents", "words"), [(2000, "+$20.00"), (-1000, "-$10.00"), (0, "$0.00"), (-1, "-$0.01")]
)
def test_a_net_carries_its_sign(cents: int, words: str) -> None:
    assert signed(cents) == words
