"""The Dead Man's Hand side bet's exact figures (rules document section 9), against hand-computed
fractions and against an enumeration written another way: every ordered sequence of card kinds
of a fixed length, played out on the engine's own hands with the engine's settlement in cents."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from table_controller.cards import parse_card
from table_controller.games.blackjack.hands import (
    Hand,
    pair_outcome,
    sets_made,
    side_bet_at_deal,
    side_pay,
)
from table_controller.games.blackjack.paytables import (
    PAYTABLES,
    builtin_paytable,
    paytable_from_dict,
)
from table_controller.games.blackjack.side_math import SideBetRules, analyse

DECKS = (1, 2, 5, 6, 8)
# rules document section 9: 1 - C(44d, 2) / C(52d, 2)
HIT = {
    1: Fraction(190, 663),
    2: Fraction(382, 1339),
    5: Fraction(958, 3367),
    6: Fraction(1150, 4043),
    8: Fraction(118, 415),
}
PUBLISHED_HOLD = {
    "PT1": (8.57, 8.10, 7.81, 7.77, 7.73),
    "PT2": (8.08, 7.71, 7.48, 7.45, 7.42),
    "PT3": (7.96, 7.56, 7.30, 7.27, 7.23),
    "PT4": (9.52, 9.36, 9.25, 9.24, 9.22),
    "PT5": (6.60, 6.17, 5.89, 5.86, 5.82),
}


@pytest.mark.parametrize("decks", DECKS)
def test_hit_is_an_ace_or_an_eight_among_the_first_two_cards_exactly(decks: int) -> None:
    figures = analyse(SideBetRules(decks, builtin_paytable("PT2")))
    assert figures.hit == HIT[decks]
    cards, misses = 52 * decks, 44 * decks  # rules section 9: 1 - C(44d, 2) / C(52d, 2)
    closed_form = 100 * (1 - (misses * (misses - 1)) / (cards * (cards - 1)))
    assert figures.hit_pct == pytest.approx(closed_form, abs=1e-12)  # the report's expected hit


def test_one_deck_hit_is_190_of_663() -> None:
    assert analyse(SideBetRules(1, builtin_paytable("PT1"))).hit == Fraction(190, 663)


def test_probabilities_add_up_and_hold_plus_payout_is_100() -> None:
    figures = analyse(SideBetRules(6, builtin_paytable("PT5")))
    assert sum(o.probability for o in figures.outcomes) == 1
    assert figures.hold_pct + figures.payout_pct == pytest.approx(100)
    assert [o.id for o in figures.outcomes] == [
        "DMH-S4",
        "DMH-S3",
        "DMH-S2",
        "DMH-S1",
        "DMH-S0",
        "DMH-ONE",
        "DMH-BJ",
        "DMH-LOSE",
    ]


# ----- the independent enumeration ----------------------------------------------------------------
KIND_CARDS = {
    "A": parse_card("AS"),
    "8": parse_card("8S"),
    "T": parse_card("KS"),
    "X": parse_card("5S"),
}
PER_DECK = {"A": 4, "8": 4, "T": 16, "X": 28}
STAKE = 200  # cents: every pay in the five paytables is whole at this stake (3 to 2 pays 300)


def _sequence_weight(shoe: dict[str, int], kinds: tuple[str, ...]) -> int:
    """How many ordered ways ``kinds`` can come out of ``shoe`` (cards told apart)."""
    left, ways = dict(shoe), 1
    for kind in kinds:
        ways *= left[kind]
        left[kind] -= 1
    return ways


def _play_split(pair: str, tail: tuple[str, ...], limit: int) -> int:
    """Split the pair on the engine's hands, re-splitting a card of the pair's rank while the
    limit allows (the new hand goes after the last, BJ-11, as the engine appends it), and count the sets."""
    rank = KIND_CARDS[pair]
    hands = [Hand([rank], split=True), Hand([rank], split=True)]
    index, cards = 0, iter(tail)
    while index < len(hands):
        card = KIND_CARDS[next(cards)]
        if card.rank == pair and len(hands) < limit:
            hands.append(Hand([card], split=True))
            continue
        hands[index].cards.append(card)
        index += 1
    return sets_made(hands)


def _brute_player_return(decks: int, aces_limit: int, tables: list) -> dict[str, Fraction]:
    """Every ordered sequence of 4 + 6 card kinds (seat, up, seat, hole, then the split cards),
    weighted by its ordered count; the side bet settled by the engine's helpers in cents."""
    shoe = {k: n * decks for k, n in PER_DECK.items()}
    size, tail_len = 52 * decks, 6
    tail_ways = 1
    for i in range(tail_len):
        tail_ways *= size - 4 - i
    won = {t.name: 0 for t in tables}
    for first in itertools.product("A8TX", repeat=4):
        ways = _sequence_weight(shoe, first)
        if not ways:
            continue
        seat, dealer = [KIND_CARDS[first[0]], KIND_CARDS[first[2]]], {first[1], first[3]}
        at_deal = side_bet_at_deal(seat)
        if at_deal is not None or dealer == {"A", "T"}:
            outcome = at_deal or "DMH-BJ"
            for t in tables:
                net = side_pay(outcome, STAKE, t)[0] if outcome != "DMH-LOSE" else 0
                won[t.name] += ways * tail_ways * (net or -STAKE)
            continue
        left = dict(shoe)
        for kind in first:
            left[kind] -= 1
        for tail in itertools.product("A8TX", repeat=tail_len):
            tail_count = _sequence_weight(left, tail)
            if not tail_count:
                continue
            for t in tables:
                sets = _play_split(
                    first[0], tail, aces_limit if first[0] == "A" else t.max_hands_eights
                )
                net = side_pay(pair_outcome(sets, t, lose_excess=False), STAKE, t)[0]
                won[t.name] += ways * tail_count * (net or -STAKE)
    whole = STAKE * tail_ways
    for i in range(4):
        whole *= size - i
    return {name: Fraction(value, whole) for name, value in won.items()}


@pytest.mark.parametrize("decks", DECKS)
def test_hold_of_every_paytable_matches_a_brute_enumeration_exactly(decks: int) -> None:
    for aces in (2, 4):
        tables = [t for t in PAYTABLES.values() if t.max_hands_aces == aces]
        brute = _brute_player_return(decks, aces, tables)
        for table in tables:
            assert analyse(SideBetRules(decks, table)).player_return == brute[table.name], (
                table.name,
                decks,
            )


# ----- against the seed's published figures (rules document section 9) ---------------------------
@pytest.mark.parametrize("name", ["PT1", "PT2", "PT3", "PT5"])
def test_hold_lies_0_01_to_0_09_points_below_the_published(name: str) -> None:
    for decks, published in zip(DECKS, PUBLISHED_HOLD[name], strict=False):
        ours = analyse(SideBetRules(decks, builtin_paytable(name))).hold_pct
        assert 0.005 <= published - ours <= 0.095, (decks, ours, published)


def test_pt4_comes_out_with_2_to_1_for_a_pair_without_a_set() -> None:
    for decks, published in zip(DECKS, PUBLISHED_HOLD["PT4"], strict=False):
        as_printed = analyse(SideBetRules(decks, builtin_paytable("PT4"))).hold_pct
        two_to_one = analyse(SideBetRules(decks, builtin_paytable("PT4", pt4_s0="2to1"))).hold_pct
        assert 1.4 <= published - as_printed <= 1.9
        assert abs(published - two_to_one) <= 0.06


# ----- the other readings (switches) ---------------------------------------------------------------
def test_without_a_split_a_pair_is_paid_the_no_set_row() -> None:
    figures = analyse(SideBetRules(6, builtin_paytable("PT2"), split=False))
    pairs = Fraction(2 * 24 * 23, 312 * 311)
    assert figures.probability("DMH-S0") + figures.probability("DMH-BJ") == pairs
    assert figures.probability("DMH-S2") == 0


def test_no_hole_card_pays_the_higher_of_blackjack_and_the_sets() -> None:
    peek = analyse(SideBetRules(6, builtin_paytable("PT5")))
    enhc = analyse(SideBetRules(6, builtin_paytable("PT5"), peek=False))
    assert enhc.hit == peek.hit
    # sets made before the dealer's blackjack are paid 50 to 1 (DMH-BJ) or 250/500 to 1 (S3, S4)
    assert enhc.probability("DMH-S4") > peek.probability("DMH-S4")
    assert enhc.probability("DMH-BJ") < peek.probability("DMH-BJ")


def test_three_sets_without_a_row_lose_under_lose_excess() -> None:
    highest = analyse(SideBetRules(1, builtin_paytable("PT2")))
    lose = analyse(SideBetRules(1, builtin_paytable("PT2"), lose_excess=True))
    # PT2 splits aces once, eights to four hands: three or four sets need eights
    assert lose.probability("DMH-LOSE") > highest.probability("DMH-LOSE")
    assert lose.hold_pct > highest.hold_pct


def test_a_custom_paytable_without_a_row_loses_that_outcome() -> None:
    table = paytable_from_dict(
        {"pays": {"DMH-S1": "5", "DMH-ONE": "3/2"}, "max_hands": {"aces": 2, "eights": 2}}
    )
    figures = analyse(SideBetRules(2, table))
    assert {o.id for o in figures.outcomes} == {"DMH-S1", "DMH-ONE", "DMH-LOSE"}
    assert figures.hit < HIT[2]


def test_the_side_bets_standard_deviation_is_its_outcomes_spread() -> None:
    from table_controller.games.blackjack.paytables import PAYTABLES
    from table_controller.games.blackjack.side_math import SideBetRules, analyse

    figures = analyse(SideBetRules(6, PAYTABLES["PT2"]))
    second = sum(o.probability * o.pays**2 for o in figures.outcomes)
    assert figures.variance == second - figures.player_return**2
    assert 1.8 < figures.sd < 1.9  # 1.8648: most bets lose 1 or win 2; a few win 4 to 50
