"""What the dealer and each seat see in a Farmer deal: pure functions of the deal.

F-6: before the reveal nothing public gives a score, a bust or a list of legal decisions; the
seat on turn is always asked "hit or stay". The face-down ``card1`` and every score are in a
seat's ``figures["console"]``, for the dealer's console only (F-7).
"""

from __future__ import annotations

from typing import Any

from table_controller.engine import Expected, SeatPrompt
from table_controller.games.farmer.cards import GOAL, seat_words
from table_controller.games.farmer.deal import Deal, Phase
from table_controller.games.farmer.seating import seating_actions
from table_controller.games.farmer.settle import instruction_for
from table_controller.money import money


def instruction(d: Deal, exp: Expected) -> str:
    lead = f"{d.note} " if d.note else ""
    if d.irregularity is not None:
        controls = " or ".join(c.replace("_", " ").upper() for c in exp.controls)
        return f"IRREGULARITY: {d.irregularity.reason}. Hold the deal and call the pit boss: {controls}"
    if exp.hand_over:
        return lead + (
            "Game closed: the farm is divided. A new game starts by choosing its farmer"
            if d.closed
            else over_words(d)
        )
    if exp.payment is not None:
        return lead + instruction_for(exp.payment, d.farm, d.side_pot, d.farmer)
    if d.phase == Phase.CHOOSE_SHUFFLE:
        return lead + "Shuffle all 45 cards and load the shoe to choose the first farmer"
    if d.phase == Phase.SHUFFLE:
        gather = "Gather every card; shuffle" if d.chosen_by else "Shuffle"
        return lead + f"{gather} all 45 cards and load the shoe"
    if exp.deal is not None:
        return lead + f"Deal {exp.deal.label}"
    if exp.decisions:
        seat = next(iter(exp.decisions))
        return lead + f"{seat_words(seat)}: hit or stay?"
    if d.phase == Phase.REVEAL:
        first = d.order()[0]
        return lead + f"Turn up every face-down card, starting with {seat_words(first)}"
    return lead + "Wait"


def over_words(d: Deal) -> str:
    nxt = d.next_farmer or d.farmer
    if d.void:
        return (
            f"Deal void: every ante returned. Gather every card; {seat_words(nxt or '')} deals again after a shuffle"
            if nxt
            else "Void: gather every card and choose the first farmer again"
        )
    keeps = "stays the farmer" if nxt == d.farmer else "is the next farmer"
    return f"Deal over (farm {money(d.farm)}): gather every card to the discard. {seat_words(nxt or '')} {keeps}"


def seat_prompt(d: Deal, seat: str) -> SeatPrompt:
    if seat not in d.seats:
        return SeatPrompt(
            seat,
            "waiting",
            False,
            None,
            None,
            None,
            seating_actions(d, seat),
            None,
            None,
            (),
            (),
            "not seated",
            {
                "farmer": False,
                "seated": False,
                "cards": [],
                "net": seat_net(d, seat),
                "ante": 0,
                "score": None,
                "farm": d.farm,
                "select": [],
            },
        )
    cards = d.hands.get(seat, [])
    revealed = d.revealed()
    public = [c.code for c in (cards if revealed or seat in d.exposed else cards[1:])]
    decisions = d.decisions()
    on_turn = d.seat_on_turn() == seat
    over = d.phase == Phase.OVER
    net = seat_net(d, seat)
    status = "finished" if over else ("acting" if on_turn else "waiting")
    outcome = (
        None
        if not over
        else ("void" if d.void else "win" if net > 0 else "lose" if net < 0 else "even")
    )
    value = d.score(seat) if cards else None
    return SeatPrompt(
        seat,
        status,
        on_turn,
        value if revealed else None,
        None,
        None,
        decisions.get(seat, ()) or seating_actions(d, seat),
        outcome,
        None,
        tuple(public),
        (),
        "",
        figures(d, seat, net, value),
    )


def figures(d: Deal, seat: str, net: int, value: int | None) -> dict[str, Any]:
    cards = d.hands.get(seat, [])
    up = d.revealed() or seat in d.exposed
    revealed = d.revealed()
    shown: list[dict[str, Any]] = [
        {
            "spot": f"{seat}/card{k}",
            "code": c.code if (k > 1 or up) else None,
            "face": "up" if (k > 1 or up) else "down",
        }
        for k, c in enumerate(cards, start=1)
    ]
    out: dict[str, Any] = {
        "farmer": seat == d.farmer,
        "seated": True,
        "cards": shown,
        "net": net,
        "ante": d.ante_of(seat),
        "score": value if revealed else None,
        "farm": d.farm,
        "select": [c.code for s, c in d.chosen_by if s == seat]
        if d.phase in (Phase.CHOOSE, Phase.SHUFFLE)
        else [],
    }
    if cards:
        passed = value is not None and value > GOAL
        out["console"] = {
            "card1": cards[0].code,
            "score": value,
            "note": "passed 16: do not announce" if passed and not revealed else "",
        }
    if d.phase == Phase.OVER and not d.void and seat == d.next_farmer:
        out["next_farmer"] = True
    return out


def seat_net(d: Deal, seat: str) -> int:
    """What the seat received less what it paid this deal, its ante included (section 6)."""
    return sum(delta for p in d.settled for party, delta in p.moves() if party == seat)
