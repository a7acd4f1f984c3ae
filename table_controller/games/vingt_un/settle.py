"""Settlement of the standing hands (V-19 and its table) and passing the bank (V-32, V-33)."""

from __future__ import annotations

from table_controller.games.vingt_un.hands import total
from table_controller.games.vingt_un.round import HOUSE, Phase, Round, seat_words


def settle_standing(r: Round) -> None:
    """R10: each standing hand, in deal order, turned up and settled against the banker."""
    banker = total(r.banker_cards)[0]
    for seat, index, hand in r.standing():
        hand.turned_up = True
        net, why = hand_against_banker(hand.total, banker, hand.stake)
        hand.outcome = "win" if net > 0 else "lose"
        r.pay(seat, index, net, f"turn it up: {why}", "V-19")
    r.after = "gather"


def hand_against_banker(player: int, banker: int, stake: int) -> tuple[int, str]:
    """The settlement table's R10 rows: (the seat's net, the words)."""
    if banker > 21:
        if player == 21:
            return (
                2 * stake,
                f"drawn vingt-un against the banker's over-draw ({banker}): double stake",
            )
        return stake, f"{player}: the banker over-draws with {banker}"
    if banker == 21:
        if player == 21:
            return -stake, "drawn vingt-un against the banker's drawn vingt-un: single stake"
        return -2 * stake, f"{player} against the banker's drawn vingt-un: double stake"
    if player == 21:
        return 2 * stake, f"drawn vingt-un against {banker}: double stake"
    if player > banker:
        return stake, f"{player} beats {banker}"
    return (
        -stake,
        f"{player} against {banker}: the banker wins ties"
        if player == banker
        else f"the banker's {banker} beats {player}",
    )


def bank_after_round(r: Round) -> str | None:
    """V-32: whether this round puts the banker out, and the position first offered the bank."""
    if r.sw.V1 == "house" or r.void or not r.naturals_paid:
        return None
    if r.bank_round == 0 and r.sw.V2 == "keeps_bank":
        r.note = "A natural in the bank's first round: the banker stays (V2)."
        return None
    if r.sw.V1 == "pass_to_holder":
        return r.naturals_paid[0]
    return next_position(r, r.banker)


def positions(r: Round) -> list[str]:
    """The house and the seats at the table this round, clockwise from the house."""
    return [HOUSE] + [s for s in r.seats if s in r.seats_in or s == r.banker]


def next_position(r: Round, after: str) -> str:
    ring = positions(r)
    return ring[(ring.index(after) + 1) % len(ring)] if after in ring else HOUSE


def offer_next(r: Round, target: str) -> None:
    """Offer the bank to ``target``; the house never declines (V-33)."""
    if target != HOUSE and not [s for s in positions(r) if s not in (HOUSE, target)]:
        target = HOUSE  # no other seat would be left to play against it (V-12)
    if target == HOUSE:
        r.note = "The bank passes to the house."
        take_bank(r, HOUSE)
        return
    r.phase = Phase.BANK
    r.offer = target
    r.note = f"The bank passes: offer it to {seat_words(target)}."


def take_bank(r: Round, seat: str) -> None:
    r.next_banker = seat
    r.bank_round = -1  # the next round is the new bank's first (next_hand adds one)
    r.offer = None
    r.after = "end"
