"""What a trainee enters at the console, read as a :class:`Step` (a step and the rule a wrong
one breaks live in :mod:`table_controller.dealer_steps`, which the games' hooks share).

The console takes one line per step (keyboard first)::

    deal seat2/h1/card2      a card to a spot (the spot names the game declares)
    pit                      hold the hand: call the pit boss
    seat3 hit                a seat's decision as signalled
    pay seat3 15             a payment (dollars, or 15.50); collect seat5 5; push seat1
"""

from __future__ import annotations

import re

from table_controller.dealer_steps import RuleCite, Step
from table_controller.errors import TableError

__all__ = ["EntryError", "RuleCite", "Step", "parse_amount", "parse_entry", "same_step"]

KINDS = ("deal", "pit_boss", "decision", "payment")
VERBS = ("pay", "collect", "push")


class EntryError(TableError, ValueError):
    """A console line that is not a step; the message is one line for the trainee."""


_AMOUNT = re.compile(r"^\$?(\d{1,7})(?:\.(\d{1,2}))?$")


def parse_amount(text: str) -> int:
    """``15`` / ``$15.5`` / ``15.50`` dollars -> cents; anything else is an :class:`EntryError`."""
    match = _AMOUNT.match(text.strip().replace(",", ""))
    if match is None:
        raise EntryError(f"an amount is dollars such as 15 or 15.50 (got {text.strip()[:20]!r})")
    cents = (match.group(2) or "0").ljust(2, "0")
    return int(match.group(1)) * 100 + int(cents)


def parse_entry(line: str) -> Step:
    """One console line as a :class:`Step`."""
    words = line.strip().split()
    if not words or len(line) > 200:
        raise EntryError(
            "type a step: deal SPOT, pit, SEAT ACTION, pay|collect SEAT AMOUNT, push SEAT"
        )
    head = words[0].lower()
    if head == "deal":
        if len(words) != 2:
            raise EntryError("deal takes one spot, e.g. deal seat1/h1/card1")
        return Step("deal", spot=words[1])
    if head in ("pit", "pitboss", "pit_boss"):
        return Step("pit_boss")
    if head in ("pay", "collect"):
        if len(words) != 3:
            raise EntryError(f"{head} takes a seat and an amount, e.g. {head} seat3 15")
        return Step("payment", seat=words[1].lower(), verb=head, amount=parse_amount(words[2]))
    if head == "push":
        if len(words) != 2:
            raise EntryError("push takes a seat, e.g. push seat1")
        return Step("payment", seat=words[1].lower(), verb="push", amount=0)
    if len(words) == 2:
        return Step("decision", seat=head, action=words[1].lower())
    raise EntryError(
        f"not a step: {line.strip()[:40]!r} (deal SPOT, pit, SEAT ACTION, pay SEAT AMOUNT)"
    )


def same_step(entered: Step, right: Step) -> bool:
    """A payment is right when its seat, verb and amount are; other steps when every field is."""
    if entered.kind != right.kind:
        return False
    if entered.kind == "pit_boss":
        return True
    if entered.kind == "deal":
        return (entered.spot or "").lower() == (right.spot or "").lower()
    if entered.kind == "payment":
        return (entered.seat, entered.verb, entered.amount or 0) == (
            right.seat,
            right.verb,
            right.amount or 0,
        )
    return entered == right
