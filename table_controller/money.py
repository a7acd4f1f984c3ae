"""Amounts of money as the people at the table read them. Every amount is integer cents."""

from __future__ import annotations


def money(cents: int) -> str:
    """$1,234.50; -$4.00 (the sign before the dollar sign)."""
    sign = "-" if cents < 0 else ""
    return f"{sign}${abs(cents) // 100:,}.{abs(cents) % 100:02d}"


def signed(cents: int) -> str:
    """A net, as a dealer reads a result: +$250.00, -$4.00, $0.00."""
    return ("+" if cents > 0 else "") + money(cents)
