"""Blackjack on the finite shoe: the dealer's finals held to the Wizard of Odds' tables and to an
independent recursion in exact fractions; the house edge held to published combinatorial figures."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from table_controller.games.blackjack.basic_strategy import Rules
from table_controller.games.blackjack.finite_shoe import analyse, first_deals, shoe_counts
from table_controller.games.blackjack.paytables import builtin_paytable
from table_controller.games.blackjack.published_edges import PUBLISHED_EDGES
from table_controller.games.blackjack.shoe_dealer import dealer_table
from table_controller.games.blackjack.switches import Switches

ONE_DECK_S17 = Rules(h17=False, aces_max=2, eights_max=4, max_hands=4)


def _finals_by_recursion(shoe: list[int], up: int, h17: bool) -> list[Fraction]:
    """The dealer's finals drawn card by card in exact fractions, blackjacks left out: another way."""
    out = [Fraction(0)] * 6

    def draw(hard: int, ace: bool, chance: Fraction, first: bool) -> None:
        soft = ace and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if not first and (total > 21 or total > 17 or (total == 17 and not (soft and h17))):
            out[5 if total > 21 else total - 17] += chance
            return
        left = sum(shoe)
        for r, n in enumerate(shoe):
            if n == 0 or (first and {r, up} == {0, 9}):
                continue
            shoe[r] -= 1
            draw(hard + r + 1, ace or r == 0, chance * Fraction(n, left), False)
            shoe[r] += 1

    draw(up + 1, up == 0, Fraction(1), True)
    return out


def test_dealer_finals_match_the_wizard_of_odds_appendix_2b_one_deck_s17() -> None:
    shoe = np.array(shoe_counts(1))
    shoe[1] -= 1  # a 2 up
    two = dealer_table(1, h17=False).finals(shoe)
    assert two == pytest.approx(
        [0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0.352973], abs=6e-7
    )
    shoe = np.array(shoe_counts(1))
    shoe[0] -= 1  # an ace up: blackjack 0.313726, left out of the vector
    ace = dealer_table(0, h17=False).finals(shoe)
    assert ace == pytest.approx(
        [0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.11654], abs=6e-7
    )
    assert 1 - ace.sum() == pytest.approx(16 / 51)


@pytest.mark.parametrize(("up", "h17"), [(0, True), (5, True), (9, False)])
def test_dealer_finals_equal_a_card_by_card_recursion_in_fractions_on_a_depleted_shoe(
    up: int, h17: bool
) -> None:
    shoe = [2, 1, 3, 4, 0, 2, 4, 1, 3, 9]  # a one-deck shoe well into play, the up card already out
    exact = _finals_by_recursion(list(shoe), up, h17)
    assert dealer_table(up, h17).finals(np.array(shoe)) == pytest.approx(
        [float(f) for f in exact], rel=1e-12
    )


def test_first_deals_cover_every_deal_once() -> None:
    assert sum(first_deals(shoe_counts(1)).values()) == pytest.approx(1.0, abs=1e-13)
    assert first_deals(shoe_counts(1))[(0, 0, 9)] == pytest.approx(
        Fraction(4, 52) * Fraction(3 * 16 * 2, 51 * 50)
    )


@pytest.fixture(scope="module")
def one_deck() -> dict[str, float]:
    return {s: analyse(ONE_DECK_S17, 1, s).house_edge_pct for s in ("cd", "td")}


def test_one_deck_s17_das_composition_dependent_is_the_wizard_of_odds_figure(one_deck) -> None:
    # Appendix 9, 1 deck S17 (1ds17r4): expected return of game +0.001839
    assert one_deck["cd"] == pytest.approx(-0.1839, abs=0.0005)


def test_the_total_dependent_strategy_costs_a_little_on_one_deck(one_deck) -> None:
    assert 0.01 < one_deck["td"] - one_deck["cd"] < 0.06


def test_no_hole_card_with_only_the_original_bet_lost_is_the_peek_game() -> None:
    # a dealer blackjack then takes one unit whatever the play: the same decisions, the same edge
    rules = replace(ONE_DECK_S17, h17=True)
    peek = analyse(rules, 1, "cd").expected_return
    enhc = analyse(replace(rules, peek=False, lose_all=False), 1, "cd").expected_return
    assert enhc == pytest.approx(peek, abs=1e-12)


def test_six_decks_h17_das_edge_and_variance_beside_the_wizard_of_odds_appendix_4() -> None:
    # Appendix 4 (wizardofodds.com/games/blackjack/appendix/4/), 6 decks, H17, DAS, no surrender, no
    # re-split aces, by simulation of a cut-card game: expected value -0.00628, variance 1.346
    result = analyse(Rules(h17=True, aces_max=2, eights_max=4, max_hands=4), 6, "td")
    assert result.house_edge_pct == pytest.approx(0.618, abs=0.001)
    assert result.sd**2 == pytest.approx(1.346, abs=0.01)


@pytest.mark.parametrize(
    "published",
    [p for p in PUBLISHED_EDGES if int(p.switches["B1"]) >= 6],
    ids=lambda p: p.words,
)
def test_every_published_six_and_eight_deck_figure_within_the_issues_hundredth(published) -> None:
    # issue 43: within 0.01 points at six and eight decks (Appendix 9, composition-dependent);
    # ours lies within 0.0004 of each
    switches = Switches.from_dict(published.switches)
    rules = Rules.from_switches(switches, builtin_paytable("PT2"))
    ours = analyse(rules, switches.decks, "cd").house_edge_pct
    assert ours == pytest.approx(published.house_edge_pct, abs=0.0005)
