"""The event-level simulated shoe behind ``sim://``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from drivers.registry import open_source
from hardware_sim.decks import shuffled_deck, write_deck_file
from hardware_sim.shoe import SimShoe
from table_controller.cards import Card, parse_card
from table_controller.errors import ConfigError
from tests.drivers.contract import CardSourceContract, read_cards


@dataclass
class SimRig:
    source: SimShoe

    def draw(self, count: int) -> list[Card]:
        cards = [self.source.deal_next() for _ in range(count)]
        assert all(cards)
        return cards  # type: ignore[return-value]


class TestSimShoeContract(CardSourceContract):
    @pytest.fixture
    def rig(self) -> Iterator[SimRig]:
        source = open_source("sim://?seed=42&decks=1")
        assert isinstance(source, SimShoe)
        with source:
            yield SimRig(source)


def test_same_seed_same_order_and_simulated() -> None:
    with open_source("sim://?seed=42") as a, open_source("sim://?seed=42") as b:
        assert a.simulated is True
        assert [a.deal_next() for _ in range(52)] == list(shuffled_deck(42))  # type: ignore[attr-defined]
        assert [b.deal_next() for _ in range(52)] == list(shuffled_deck(42))  # type: ignore[attr-defined]


def test_new_deck_takes_the_next_seed_and_seq_carries_on() -> None:
    with SimShoe("sim://?seed=42&decks=2") as shoe:
        assert shoe.cards_left == 104
        shoe.deal_next()
        shoe.new_deck()
        assert shoe.seed == 43 and shoe.cards_left == 104
        assert shoe.deal_next() == shuffled_deck(43, 2)[0]
        assert [e.seq for e in read_cards(shoe, 2)] == [1, 2]


def test_empty_shoe_reports_once() -> None:
    with SimShoe("sim://?seed=1") as shoe:
        for _ in range(52):
            shoe.deal_next()
        assert shoe.deal_next() is None and shoe.deal_next() is None
        kinds = []
        while (event := shoe.read_event(timeout=0.01)) is not None:
            kinds.append(event.kind)
        assert kinds.count("card") == 52 and kinds.count("shoe_empty") == 1


def test_stacked_deck_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    write_deck_file(path, [parse_card(c) for c in ("AS", "10H", "QC")])
    with open_source(f"sim://?deck={path}") as shoe:
        assert [shoe.deal_next() for _ in range(4)] == [  # type: ignore[attr-defined]
            parse_card("AS"),
            parse_card("10H"),
            parse_card("QC"),
            None,
        ]
        shoe.new_deck()
        assert shoe.deal_next() == parse_card("AS")  # type: ignore[attr-defined]


def test_card_drawn_while_locked_is_reported() -> None:
    with SimShoe("sim://?seed=3") as shoe:
        shoe.set_locked(True)
        card = shoe.deal_next()
        first, second = shoe.read_event(0.1), shoe.read_event(0.1)
        assert first and first.kind == "drawn_while_locked" and first.card == card
        assert second and second.kind == "card" and second.detail["drawn_while_locked"] is True


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("sim://?sede=4", "no option 'sede'; accepted: seed"),
        ("sim://?decks=0", "out of range 1..8"),
        ("sim://?seed=x", "not a whole number"),
        ("sim://?seed=1&seed=2", "given twice"),
        ("sim://?seed=1&deck=x.txt", "not both"),
        ("sim://somewhere", "takes no path"),
        ("sim://?deck=/no/such/file", "cannot read deck file"),
    ],
)
def test_bad_sim_urls_are_one_line_errors(url: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        open_source(url)


def test_bad_card_in_deck_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("AS\n# comment\nZZ\n")
    with pytest.raises(ConfigError, match=r"deck.txt:3: not a card code"):
        open_source(f"sim://?deck={path}")
