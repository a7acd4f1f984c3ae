"""``table analyse vingt-un``: the banker's edge over a seat, exact for the first round off a full
pack (held to an independent brute-force computation), and simulated through the engine, which
must agree with it within its interval."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache

import pytest

from table_controller.cli import main
from table_controller.games.vingt_un.analysis_exact import (
    Banker,
    BankerFinals,
    seat_banker,
    seat_total,
    solve,
)

PACK = (4,) * 9 + (16,)  # ace, 2, ..., 9, ten-value


@cache
def banker_finals(deck: tuple[int, ...], hard: int, ace: bool, h17: bool) -> dict[int, float]:
    """The banker's final total (22 for an over-draw) by drawing card after card from ``deck``."""
    soft = ace and hard + 10 <= 21
    value = hard + 10 if soft else hard
    if value > 21:
        return {22: 1.0}
    if value > 17 or (value == 17 and not (soft and h17)):
        return {value: 1.0}
    out: dict[int, float] = {}
    left = sum(deck)
    for rank, n in enumerate(deck):
        if n:
            nxt = (*deck[:rank], n - 1, *deck[rank + 1 :])
            for final, p in banker_finals(nxt, hard + rank + 1, ace or rank == 0, h17).items():
                out[final] = out.get(final, 0.0) + p * n / left
    return out


def settle(seat: int, banker: int) -> int:
    """The rules' R10 rows, from the seat's side, per stake."""
    if banker == 22:
        return 2 if seat == 21 else 1
    if banker == 21:
        return -1 if seat == 21 else -2
    if seat == 21:
        return 2
    return 1 if seat > banker else -1


def take(deck: tuple[int, ...], rank: int) -> tuple[tuple[int, ...], float]:
    return (*deck[:rank], deck[rank] - 1, *deck[rank + 1 :]), deck[rank] / sum(deck)


def add(cards: tuple[int, ...], rank: int) -> tuple[int, ...]:
    return (*cards[:rank], cards[rank] + 1, *cards[rank + 1 :])


def hand_ends(draws, deck, own):
    """Every way a hand played card by card ends: (chance, the pack left, its total; 22 over)."""
    if seat_total(own) > 21:
        yield 1.0, deck, 22
    elif sum(own) == 1 or (seat_total(own) < 21 and draws(own)):
        for rank in range(10):
            if deck[rank]:
                rest, p = take(deck, rank)
                for q, left, final in hand_ends(draws, rest, add(own, rank)):
                    yield p * q, left, final
    else:
        yield 1.0, deck, seat_total(own)


def result(seat: int, banker: int) -> int:
    return -1 if seat == 22 else settle(seat, banker)


def brute_force(
    draws: Callable[[tuple[int, ...]], bool],
    doubles: set[int],
    h17: bool,
    divides: frozenset[int] = frozenset(),
    divided_doubled: bool = False,
) -> tuple[float, float]:
    """The seat's result's first and second moments per first stake, by dealing every card in
    turn: seat, banker, seat, banker, the seat's draws (a divided pair: the first hand's, then the
    second's, each from the pack the other left), the banker's draws."""

    def moments(deck, hands, stakes, banker_hard, banker_ace) -> tuple[float, float]:
        """Both hands played in turn, then the banker; ``hands`` the pair card(s) to play."""
        first, second = 0.0, 0.0
        for p1, d1, t1 in hand_ends(draws, deck, hands[0]):
            for p2, d2, t2 in hand_ends(draws, d1, hands[1]) if len(hands) > 1 else [(1, d1, 0)]:
                finals = banker_finals(d2, banker_hard, banker_ace, h17)
                for final, pf in finals.items():
                    x = stakes[0] * result(t1, final)
                    if len(hands) > 1:
                        x += stakes[1] * result(t2, final)
                    first += p1 * p2 * pf * x
                    second += p1 * p2 * pf * x * x
        return first, second

    ev = sq = 0.0
    for s1 in range(10):
        d1, p1 = take(PACK, s1)
        for b1 in range(10):
            d2, p2 = take(d1, b1)
            stake = 2 if b1 in doubles else 1
            for s2 in range(10):
                if not d2[s2]:
                    continue
                d3, p3 = take(d2, s2)
                for b2 in range(10):
                    if not d3[b2]:
                        continue
                    d4, p4 = take(d3, b2)
                    p = p1 * p2 * p3 * p4
                    seat_natural, banker_natural = {s1, s2} == {0, 9}, {b1, b2} == {0, 9}
                    if banker_natural:
                        x = 0 if seat_natural else -2 * stake
                        ev, sq = ev + p * x, sq + p * x * x
                    elif seat_natural:
                        ev, sq = ev + p * stake * 2, sq + p * 4 * stake * stake
                    else:
                        pair = add((0,) * 10, s1)
                        if s1 == s2 and s1 in divides:
                            hands, stakes = (pair, pair), (stake, stake if divided_doubled else 1)
                        else:
                            hands, stakes = (add(pair, s2),), (stake,)
                        m1, m2 = moments(d4, hands, stakes, b1 + b2 + 2, 0 in (b1, b2))
                        ev, sq = ev + p * m1, sq + p * m2
    return ev, sq


def draws_on_hard_eleven_or_less(own: tuple[int, ...]) -> bool:
    return sum((r + 1) * n for r, n in enumerate(own)) <= 11


@pytest.mark.parametrize(
    ("doubles", "h17"), [({0, 9}, False), (set(), True)], ids=["V3 ace_or_ten", "V3 never, V4 h17"]
)
def test_the_exact_figure_is_the_brute_force_deal_card_by_card(doubles, h17) -> None:
    def policy(own, pair, doubled):
        return "draw" if draws_on_hard_eleven_or_less(own) else "stand"

    banker = Banker(frozenset(doubles), h17)
    exact = solve(banker, policy=policy, finals=BankerFinals(h17))
    first, second = brute_force(draws_on_hard_eleven_or_less, doubles, h17)
    assert exact.mass == pytest.approx(1.0, abs=1e-12)
    assert exact.seat_ev == pytest.approx(first, abs=1e-12)
    # the second moment too: the standard deviation is exact where no pair is divided
    assert exact.seat_second == pytest.approx(second, abs=1e-12)
    assert exact.sd == pytest.approx((second - first**2) ** 0.5, abs=1e-12)


def test_a_divided_pairs_moments_against_the_hands_played_one_after_the_other() -> None:
    # eights and nines divided (the new hand doubled with the first stake), the hands played in
    # turn card by card. The expectation is exact (each hand's cards are exchangeable with the
    # other's); the cross moment takes the hands as independent given the banker's first card
    # and final total (the usual approximation): its size here is 0.00023 in E[X^2], 0.00006 in
    # the sd (nines and tens divided: 0.0034 and 0.0009)
    def policy(own, pair, doubled):
        if pair is None and sorted(own)[-1] == 2 and sum(own) == 2 and own.index(2) in (7, 8):
            return "divide"
        return "draw" if draws_on_hard_eleven_or_less(own) else "stand"

    exact = solve(Banker(frozenset({0, 9})), True, policy=policy, finals=BankerFinals(False))
    first, second = brute_force(
        draws_on_hard_eleven_or_less, {0, 9}, False, frozenset({7, 8}), True
    )
    assert exact.seat_ev == pytest.approx(first, abs=1e-12)
    assert exact.seat_second == pytest.approx(second, abs=0.001)
    assert exact.sd == pytest.approx((second - first**2) ** 0.5, abs=2e-4)
    assert exact.seat_second != pytest.approx(second, abs=1e-6)  # the approximation is one


def test_the_derived_strategy_beats_every_fixed_one_and_the_house_edge_is_its_figure() -> None:
    house = Banker(frozenset({0, 9}))
    derived = solve(house)
    autopilot_like = solve(
        house, policy=lambda own, pair, doubled: "draw" if seat_total(own) < 17 else "stand"
    )
    assert derived.seat_ev > autopilot_like.seat_ev
    assert 100 * derived.banker_edge == pytest.approx(27.0610, abs=5e-5)
    assert derived.by_first_card[0] > 0.7  # a seat holding an ace as first card is the favourite


def test_a_seat_bankers_figure_is_the_doubling_it_reports() -> None:
    # the best-reply steps cycle: the figure kept must be the one for the doubling set reported
    finals = BankerFinals(True)
    banker, figure = seat_banker(True, False, finals)
    assert solve(banker, finals=finals).seat_ev == pytest.approx(figure.seat_ev, abs=1e-12)
    assert figure.seat_ev < solve(Banker(frozenset({0, 9}), True), finals=finals).seat_ev


def test_the_exact_figures_and_the_strategy_are_reported(capsys) -> None:
    assert main(["analyse", "vingt-un", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["method"].startswith("exact")
    house, seat = out["banker"]["house"], out["banker"]["seat"]
    assert house["banker_edge_pct"] == pytest.approx(27.0610, abs=5e-5)
    # one seat's result per first stake: E[X] -0.270610, E[X^2] 3.700207 (house); the seat
    # banker's E[X] -0.281424, E[X^2] 5.816732
    assert house["sd_per_stake"] == pytest.approx(1.904462, abs=1e-6)
    assert house["variance_per_stake"] == pytest.approx(3.700207 - 0.270610**2, abs=2e-6)
    assert house["staked_per_stake"] == pytest.approx(1.399173, abs=1e-6)
    assert seat["sd_per_stake"] == pytest.approx(2.395315, abs=1e-6)
    assert house["doubles_on"] == ["A", "T"] and not house["draws_soft_17"]
    # a seat banker derives its doubling against the seat's best reply: it earns more than the house
    assert seat["banker_edge_pct"] > house["banker_edge_pct"] and "A" in seat["doubles_on"]
    assert "A" in out["seat_strategy"]["not_doubled"]["divides"]


def test_the_simulation_agrees_with_the_exact_figures_within_its_interval(capsys) -> None:
    args = ["analyse", "vingt-un", "--rounds", "1200", "--fresh-pack", "--seats", "7", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    for who in ("house", "seat"):
        exact = out["banker"][who]["banker_edge_pct"]
        sim = out["simulated"]["banker"][who]
        assert sim["rounds"] == 600 and 0 < sim["banker_edge_pct_ci95"] < 15
        assert abs(sim["banker_edge_pct"] - exact) <= sim["banker_edge_pct_ci95"]
        sd = out["banker"][who]["sd_per_stake"]
        assert 0 < sim["sd_per_stake_ci95"] < 0.2
        assert abs(sim["sd_per_stake"] - sd) <= sim["sd_per_stake_ci95"]


def test_the_same_seed_gives_the_same_simulated_figure(capsys) -> None:
    main(["analyse", "vingt-un", "--rounds", "150", "--seed", "4", "--json"])
    first = json.loads(capsys.readouterr().out)["simulated"]
    main(["analyse", "vingt-un", "--rounds", "150", "--seed", "4", "--json"])
    again = json.loads(capsys.readouterr().out)["simulated"]
    assert first["banker"] == again["banker"]


def test_a_seat_banker_is_tallied_apart_from_the_house_in_a_pack_dealt_through(capsys) -> None:
    # V1 = pass_left: a seat's natural takes the bank; the other seats sit in and play against it
    args = ["analyse", "vingt-un", "--rounds", "300", "--switch", "V1=pass_left", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)["simulated"]
    assert set(out["banker"]) == {"house", "seat"}
    assert sum(row["rounds"] for row in out["banker"].values()) == 300


def test_the_autopilot_sits_a_seat_in_when_a_seat_bank_leaves_nobody_in() -> None:
    # two seats, V1 = pass_left: when the bank moves from one seat to the other, no seat is in and
    # only a sit_in can start the round; the autopilot answers it instead of failing
    import random

    from table_controller.cards import standard_deck
    from table_controller.events import NEW_DECK, RESHUFFLE, CardArrived, Control, Decision
    from table_controller.games import make_game

    game = make_game("vingt-un", seats=2, switches={"V1": "pass_left", "V2": "passes"})
    rng = random.Random(5)
    state, cards, rounds, sat_in = game.new_hand(), [], 0, 0
    while rounds < 400:
        exp = game.expected(state)
        if exp.hand_over:
            rounds += 1
            state = game.next_hand(state)
            continue
        if exp.deal is None and (NEW_DECK in exp.controls or RESHUFFLE in exp.controls):
            cards = list(standard_deck() if NEW_DECK in exp.controls else state.shoe.discarded)
            rng.shuffle(cards)
        if exp.deal is None and NEW_DECK in exp.controls:
            event = Control(NEW_DECK, by="test")
        else:
            event = game.strategy(state) or CardArrived(cards.pop())
        sat_in += isinstance(event, Decision) and event.action == "sit_in"
        state, effects = game.apply(state, event)
        assert not effects or type(effects[0]).__name__ != "Refused", (event, effects[0])
    assert sat_in > 0


def test_the_house_stakes_theory_is_the_exact_figure_per_unit_staked() -> None:
    from table_controller.games import make_game
    from table_controller.games.vingt_un.theory import theory

    stake = theory(make_game("vingt-un", seats=3))["stake"]
    assert stake.exact and stake.interval is None and stake.basis.startswith("exact")
    assert stake.edge == pytest.approx(0.2706100 / 1.3991726, abs=1e-6)
    assert stake.sd == pytest.approx(1.9044624 / 1.3991726, abs=1e-6)
