"""Who pays whom at the end of a deal (F-15 to F-19, in the order section 5 gives), as payments.

Every amount moves between players and pots; the house is never a party. A payment is built
with :func:`transfer` (``payer`` -> a seat or pot: collected from the payer) or
:func:`receive` (a pot -> a seat: paid to the seat), so its ledger always balances.
"""

from __future__ import annotations

from dataclasses import dataclass

from table_controller.cards import Card
from table_controller.engine import Payment
from table_controller.games.farmer.cards import GOAL, SIX_OF_HEARTS, score, seat_words
from table_controller.games.farmer.switches import Switches
from table_controller.money import money

FARM, SIDE_POT = "farm", "side_pot"


def transfer(payer: str, payee: str, amount: int, bet: str, reason: str, rule: str) -> Payment:
    return Payment(payer, bet, amount, amount, 0, 0, reason, rule, payee=payee)


def receive(seat: str, source: str, amount: int, bet: str, reason: str, rule: str) -> Payment:
    return Payment(seat, bet, 0, 0, 0, amount, reason, rule, payer=source)


@dataclass(frozen=True)
class Settlement:
    payments: tuple[Payment, ...]
    winner: str | None  # who took the farm
    decided_by: str  # F-15 T1..T4, F-15 (a single 16), F-16 (nobody at 16)
    next_farmer: str


def farm_winner(
    sixteens: list[str], hands: dict[str, list[Card]], farmer: str
) -> tuple[str, str, str]:
    """F-15: (the winner, the test that decided, plain words)."""
    if len(sixteens) == 1:
        return sixteens[0], "F-15", "the only 16"
    holder = [s for s in sixteens if SIX_OF_HEARTS in hands[s]]
    if len(holder) == 1:
        return holder[0], "F-15 T1", "T1: a 16 holding the 6\u2665"
    fewest = min(len(hands[s]) for s in sixteens)
    tied = [s for s in sixteens if len(hands[s]) == fewest]
    if len(tied) == 1:
        return tied[0], "F-15 T2", f"T2: the 16 with the fewest cards ({fewest})"
    if farmer in tied:
        return farmer, "F-15 T3", f"T3: the farmer is among the 16s with {fewest} cards"
    return (
        tied[0],
        "F-15 T4",
        f"T4: the first from the farmer's left of the 16s with {fewest} cards",
    )


def settle(
    sw: Switches, order: tuple[str, ...], hands: dict[str, list[Card]], farmer: str, farm: int
) -> Settlement:
    """Every payment of D7, in order: the farm; the closest or the side pot; the busts."""
    a = sw.ante
    scores = {s: score(hands[s]) for s in order}
    bust = {s: scores[s] > GOAL for s in order}
    payments: list[Payment] = []
    sixteens = [s for s in order if scores[s] == GOAL]
    winner, decided_by, next_farmer = None, "F-16", farmer
    if sixteens:
        winner, decided_by, words = farm_winner(sixteens, hands, farmer)
        next_farmer = winner
        payments.append(receive(winner, FARM, farm, "farm", f"the farm, {words}", decided_by))
        if sw.F4 == "pay_winner":
            payments += [
                transfer(
                    s, winner, a, "lower", f"{seat_words(s)} scored {scores[s]}, under 16", "F-19"
                )
                for s in order
                if not bust[s] and scores[s] < GOAL
            ]
    else:
        payments += _closest_payments(sw, order, scores, bust)
    for s in order:
        if not bust[s]:
            continue
        if s != farmer:
            payments.append(transfer(s, farmer, a, "bust", f"{seat_words(s)} passed 16", "F-17"))
        elif sw.F2 == "pays_farm":
            payments.append(transfer(s, FARM, a, "bust", "the farmer passed 16 (F2)", "F-17"))
    return Settlement(tuple(payments), winner, decided_by, next_farmer)


def _closest_payments(
    sw: Switches, order: tuple[str, ...], scores: dict[str, int], bust: dict[str, bool]
) -> list[Payment]:
    """F-16 and F-18: nobody at 16. Lower scores (and under F3 also busts) pay the closest."""
    standing = [s for s in order if not bust[s]]
    if not standing:
        return []  # every seat busted: no closest seat
    best = max(scores[s] for s in standing)
    closest = [s for s in standing if scores[s] == best]
    payers = [
        s
        for s in order
        if (not bust[s] and scores[s] < best) or (bust[s] and sw.F3 == "also_closest")
    ]
    why = {
        s: f"{seat_words(s)} passed 16" if bust[s] else f"{seat_words(s)} scored {scores[s]}"
        for s in payers
    }
    rule = {s: "F-18" if bust[s] else "F-16" for s in payers}
    a = sw.ante
    if len(closest) == 1:
        return [
            transfer(
                s,
                closest[0],
                a,
                "closest",
                f"{why[s]}; {seat_words(closest[0])} is closest with {best}",
                rule[s],
            )
            for s in payers
        ]
    out = [
        transfer(
            s,
            SIDE_POT,
            a,
            "closest",
            f"{why[s]}; {len(closest)} seats share the closest, {best}",
            rule[s],
        )
        for s in payers
    ]
    pot = a * len(payers)
    k = len(closest)
    share = pot // k if sw.F5 == "cent" else pot // (k * a) * a
    if share:
        out += [
            receive(
                s,
                SIDE_POT,
                share,
                "side_pot",
                f"a share of the side pot {money(pot)} among {k}",
                "F-16",
            )
            for s in closest
        ]
    if pot - k * share:
        out.append(
            transfer(
                SIDE_POT,
                FARM,
                pot - k * share,
                "remainder",
                f"the side pot's remainder (F5 = {sw.F5})",
                "F-16",
            )
        )
    return out


def close_shares(order: tuple[str, ...], farm: int) -> list[tuple[str, int]]:
    """F-22: the farm divided among the last deal's seats, the odd cents one each from the
    farmer's left."""
    n = len(order)
    base, extra = divmod(farm, n)
    return [(s, base + (1 if i < extra else 0)) for i, s in enumerate(order)]


def instruction_for(p: Payment, farm: int, side_pot: int, farmer: str | None) -> str:
    """The dealer's words for one payment; ``farm`` and ``side_pot`` before it is made."""
    amount = money(p.collected or p.paid)
    if p.payee == FARM and p.bet == "ante":
        return f"Take an ante of {amount} from {seat_words(p.seat)} into the farm (farm {money(farm + p.collected)})"
    if p.payer == FARM:
        if p.rule == "VOID":
            return f"Return {seat_words(p.seat)}'s ante, {amount}, from the farm: the deal is void"
        return f"Pay {seat_words(p.seat)} {amount} from the farm: {p.reason} (farm {money(farm - p.paid)})"
    if p.payer == SIDE_POT:
        return f"Pay {seat_words(p.seat)} {amount} from the side pot: {p.reason}"
    if p.seat == SIDE_POT:
        return f"Put the side pot's remainder, {amount}, into the farm (farm {money(farm + p.collected)})"
    if p.payee == SIDE_POT:
        return (
            f"{seat_words(p.seat)} pays {amount} into the side pot (side pot "
            f"{money(side_pot + p.collected)}): {p.reason}"
        )
    if p.payee == FARM:
        return f"{seat_words(p.seat)} pays {amount} into the farm (farm {money(farm + p.collected)}): {p.reason}"
    payee = seat_words(p.payee or "") + (", the farmer" if p.payee == farmer else "")
    return f"{seat_words(p.seat)} pays {amount} to {payee}: {p.reason}"
