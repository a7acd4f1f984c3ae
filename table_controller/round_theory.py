"""How a round's bets move together, from rounds simulated through a game's engine: the
correlations a game declares in ``BetTheory.together`` so the hold report's band takes a round,
not a bet, as its independent unit.

The report's model of one round: each settled bet ``i`` of ``s_i`` cents wins ``edge * s_i``
give or take ``sd * s_i``, and two bets of one round correlate by ``rho`` (by their bet names).
A round's variance is then ``sum_i sum_j rho_ij sd_i sd_j s_i s_j`` (``rho_ii`` = 1). The
correlations below are the ones that make that model's variance, summed over the simulated
rounds, equal to the rounds' own spread about the declared edge: for one bet name,
``rho = (sum D^2 / sd^2 - sum Q) / (sum S^2 - sum Q)``; for two, ``rho = sum D_b D_c /
(sd_b sd_c sum S_b S_c)``, where per round ``S`` is the stake on the bet, ``Q`` the sum of its
stakes squared and ``D`` its win less ``edge * S``. An estimate below zero is taken as none:
within its noise, and a band should not narrow on noise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from table_controller.contract import BetTheory

Settlement = tuple[str, int, int]  # (the bet, its stake in cents, the house's win in cents)


@dataclass
class _Sums:
    cross: dict[str, float] = field(default_factory=dict)  # other bet -> sum of D_b * D_c
    stakes: dict[str, float] = field(default_factory=dict)  # other bet -> sum of S_b * S_c
    squares: float = 0.0  # sum over rounds of Q


def correlations(
    rounds: Iterable[Sequence[Settlement]], figures: Mapping[str, BetTheory]
) -> dict[str, dict[str, float]]:
    """Per bet with a figure, its correlation with each bet with a figure, over ``rounds``."""
    priced = {b: f for b, f in figures.items() if f.edge is not None and f.sd}
    sums = {bet: _Sums() for bet in priced}
    for settled in rounds:
        staked = {b: float(sum(s for bet, s, _ in settled if bet == b)) for b in priced}
        off = {
            b: sum(w - (priced[b].edge or 0.0) * s for bet, s, w in settled if bet == b)
            for b in priced
        }
        for b, into in sums.items():
            into.squares += sum(float(s) * s for bet, s, _ in settled if bet == b)
            for c in priced:
                into.cross[c] = into.cross.get(c, 0.0) + off[b] * off[c]
                into.stakes[c] = into.stakes.get(c, 0.0) + staked[b] * staked[c]
    return {b: _rhos(b, sums[b], priced) for b in priced}


def _rhos(bet: str, sums: _Sums, priced: Mapping[str, BetTheory]) -> dict[str, float]:
    out = {}
    for other, cross in sums.cross.items():
        sd_b, sd_c = priced[bet].sd or 0.0, priced[other].sd or 0.0
        if other == bet:
            pairs = sums.stakes[bet] - sums.squares  # stakes of distinct bets, multiplied
            rho = (cross / sd_b**2 - sums.squares) / pairs if pairs > 0 else 0.0
        else:
            stakes = sums.stakes[other]
            rho = cross / (sd_b * sd_c * stakes) if stakes > 0 else 0.0
        out[other] = round(min(1.0, max(0.0, rho)), 4)
    return out


def declared(
    figures: Mapping[str, BetTheory], rounds: Iterable[Sequence[Settlement]]
) -> dict[str, BetTheory]:
    """``figures`` with the correlations ``rounds`` show declared in each one's ``together``."""
    rhos = correlations(rounds, figures)
    return {bet: replace(f, together=rhos.get(bet, {})) for bet, f in figures.items()}
