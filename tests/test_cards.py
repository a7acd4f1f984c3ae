"""Card codes and the shoe model."""

import pytest

from table_controller.cards import Card, parse_card, standard_deck
from table_controller.errors import CardCodeError
from table_controller.shoe import Shoe, shoe_from_header, shoe_header


@pytest.mark.parametrize(
    ("code", "printed"),
    [
        ("AS", "AS"),
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("QC", "QC"),
        ("7d", "7D"),
        (" jk ", "JK"),
    ],
)
def test_codes_parse_and_print_canonically(code, printed):
    assert parse_card(code).code == printed


@pytest.mark.parametrize("code", ["", "ZZ", "1S", "11H", "AX", "10", "JKS", None])
def test_bad_codes_name_the_code(code):
    with pytest.raises(CardCodeError) as exc:
        parse_card(code)
    assert repr(code) in str(exc.value)


def test_cards_are_values():
    assert parse_card("TH") == Card("10", "H")
    assert {parse_card("AS"), Card("A", "S")} == {Card("A", "S")}
    assert (
        parse_card("KD").value == 10 and parse_card("AS").value == 1 and parse_card("JK").is_joker
    )
    assert parse_card("QC").name == "queen of clubs"
    assert sorted(c.index for c in standard_deck()) == list(range(52))


def test_a_one_deck_shoe_knows_a_second_ace_of_spades_cannot_exist():
    shoe = Shoe.fresh(1)
    ace = parse_card("AS")
    assert shoe.can_hold(ace)
    shoe = shoe.draw(ace)
    assert not shoe.can_hold(ace)
    assert (
        "ace of spades (AS) cannot come from this shoe: it holds 1 and 1 already came out"
        in shoe.why_impossible(ace)
    )
    assert shoe.remaining == 51


def test_multi_deck_counts_and_jokers():
    shoe = Shoe.fresh(2)
    ace = parse_card("AS")
    shoe = shoe.draw(ace).draw(ace)
    assert not shoe.can_hold(ace) and shoe.can_hold(parse_card("AH"))
    assert not shoe.can_hold(parse_card("JK"))
    assert "a joker cannot come from this shoe" in shoe.why_impossible(parse_card("JK"))
    assert Shoe.fresh(1, jokers=2).can_hold(parse_card("JK"))


def test_a_full_deck_empties_the_shoe():
    shoe = Shoe.fresh(1)
    for card in standard_deck():
        shoe = shoe.draw(card)
    assert shoe.remaining == 0
    assert not any(shoe.can_hold(c) for c in standard_deck())


def test_reshuffling_discards_puts_them_back():
    shoe = Shoe.fresh(1)
    ten, eight = parse_card("10S"), parse_card("8H")
    shoe = shoe.draw(ten).draw(eight).discard(ten, eight)
    again = shoe.reshuffle_discards()
    assert again.can_hold(ten) and again.can_hold(eight) and again.remaining == 52
    assert again.discarded == ()


@pytest.mark.parametrize(
    ("pile", "burned"), [("discarded", True), ("pile", True), ("discarded", False)]
)
def test_a_shoe_read_back_from_its_log_header_is_the_same_shoe(pile: str, burned: bool) -> None:
    # A logged round replays on its own from the cards its header says had left the shoe.
    shoe = Shoe.fresh(2)
    for code in ("AS", "KD", "AS", "7C", "2H"):
        shoe = shoe.draw(parse_card(code))
    shoe = shoe.discard(parse_card("KD"), parse_card("AS"))
    if burned:
        shoe = shoe.burn(parse_card("2H"))
    header = shoe_header(shoe, pile=pile, burned=burned)
    assert ("burned" in header) == burned and header[pile] == ["KD", "AS"]
    assert shoe_from_header(Shoe.fresh(2), header, pile=pile) == shoe
