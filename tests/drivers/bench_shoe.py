"""The card-source contract against a real bench shoe, when a technician asks for it.

Set ``TABLE_TEST_SHOE_URL`` (``serial:///dev/ttyUSB0?baud=9600``) and the serial shoe's
contract runs a second time, as ``[bench]``, against that shoe; unset, it is simply not in
the parametrisation. The shoe is loaded with a stacked deck, ``TABLE_TEST_SHOE_DECK`` (card
codes one a line, the top card first), and nothing is drawn before the run. Each time a test
needs cards the rig asks for them, ``draw N``, on ``TABLE_TEST_SHOE_PROMPT`` (default: the
technician's terminal, ``/dev/tty``; a file for a harness that draws, such as
``table sim-shoe --manual`` reading it through ``tail -f``), and waits up to
``TABLE_TEST_SHOE_WAIT`` seconds (60) for them. The cards expected are the next ones of the
stacked deck, so a card misread, lost, doubled or out of order fails the run.
See ``docs/shoe-protocol.md``, "Testing against a bench shoe".
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from drivers.base import CardSource
from drivers.registry import open_source
from hardware_sim.decks import read_deck_file
from table_controller.cards import Card
from table_controller.errors import TableError

URL_VARIABLE = "TABLE_TEST_SHOE_URL"
DECK_VARIABLE = "TABLE_TEST_SHOE_DECK"
PROMPT_VARIABLE = "TABLE_TEST_SHOE_PROMPT"
WAIT_VARIABLE = "TABLE_TEST_SHOE_WAIT"


def bench_url() -> str:
    return os.environ.get(URL_VARIABLE, "").strip()


def shoe_rigs() -> list[str]:
    """The serial contract's rigs: the simulated shoe on a pty, and the bench shoe if asked."""
    return ["sim-pty", *(["bench"] if bench_url() else [])]


@dataclass
class BenchDealer:
    """Where the run stands in the stacked deck; shared by every test of the run."""

    url: str
    deck: tuple[Card, ...]
    prompt: Path
    wait: float
    drawn: int = 0

    @classmethod
    def from_environment(cls) -> BenchDealer:
        deck_file = os.environ.get(DECK_VARIABLE, "")
        if not deck_file:
            pytest.fail(
                f"{URL_VARIABLE} is set but {DECK_VARIABLE} is not: name the stacked "
                "deck loaded in the bench shoe (card codes one a line, top card first)"
            )
        try:
            deck = read_deck_file(deck_file)
            wait = float(os.environ.get(WAIT_VARIABLE, "60"))
        except (TableError, ValueError) as exc:
            pytest.fail(f"bench shoe settings: {exc}")
        return cls(bench_url(), deck, Path(os.environ.get(PROMPT_VARIABLE, "/dev/tty")), wait)

    def draw(self, count: int) -> list[Card]:
        cards = list(self.deck[self.drawn : self.drawn + count])
        if len(cards) < count:
            pytest.fail(f"the stacked deck {DECK_VARIABLE} holds too few cards for this run")
        self.drawn += count
        codes = " ".join(card.code for card in cards)
        try:
            with self.prompt.open("a", encoding="utf-8") as prompt:
                prompt.write(f"draw {count}  # bench shoe: draw {count} now: {codes}\n")
        except OSError as exc:
            pytest.fail(f"cannot ask for cards on {self.prompt} ({exc}); set {PROMPT_VARIABLE}")
        return cards


@dataclass
class BenchRig:
    source: CardSource
    dealer: BenchDealer

    @property
    def card_wait(self) -> float:
        return self.dealer.wait

    def draw(self, count: int) -> list[Card]:
        return self.dealer.draw(count)


def bench_rig(dealer: BenchDealer) -> Iterator[BenchRig]:
    with open_source(dealer.url) as source:
        yield BenchRig(source, dealer)
