"""Luck of the Draw's exact figure: every reveal's chosen high and low settled card by card by the
engine's own ``luck_round.outcome``, and the rules document's +39.6%."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from table_controller.cards import parse_card, standard_deck
from table_controller.games.split_decision import luck_analysis as la
from table_controller.games.split_decision.luck_round import LDHand, LDLimits, outcome
from table_controller.games.split_decision.luck_strategy import BOARD

RANK = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}


def test_the_chosen_plays_settled_by_the_engine_give_the_exact_fraction() -> None:
    deck = [*list(standard_deck()), parse_card("JK"), parse_card("JK")]
    assert len(deck) == 54
    cards = [parse_card(code) for code in BOARD]
    total, second = Fraction(0), Fraction(0)
    reveals = list(itertools.combinations(range(15), 4))
    for picks in reveals:
        revealed = [cards[p] for p in picks]
        ranks = tuple(
            la.DEVIL
            if c.rank == "DV"
            else 1
            if c.is_ace
            else int({"J": 11, "Q": 12, "K": 13}.get(c.rank, c.rank))
            for c in revealed
        )
        best = la.best_choice(ranks)
        high = next(
            p
            for p, r in zip(picks, ranks, strict=True)
            if r == (1 if best.high == 14 else best.high)
        )
        low = next(p for p, r in zip(picks, ranks, strict=True) if r == best.low and p != high)
        hand = LDHand(
            LDLimits(),
            None,
            picks=list(picks),
            board={p: cards[p] for p in picks},
            high=high,
            low=low,
        )
        net = Fraction(0)
        for card in deck:
            hand.draw = card
            result = {"win": 1, "push": 0, "lose": -1, "devil": -1}[outcome(hand)]
            net += result
            second += result * result
        assert net / 54 == best.win - best.lose
        total += net / 54
    figures = la.analyse()
    assert figures.player_return == total / len(reveals) == Fraction(14603, 36855)
    assert figures.second_moment == second / (54 * len(reveals))
    assert float(100 * figures.player_return) == pytest.approx(
        39.6, abs=0.05
    )  # red-dog.md, key decision 4
