"""What the dealer and each seat see in a Red Dog round: pure functions of the round (A3, RD-6).

The burn card is never shown: it lies face down on the discard (RD-6)."""

from __future__ import annotations

from typing import Any

from table_controller.engine import Expected, SeatPrompt
from table_controller.games.red_dog.round import Phase, Round, seat_words
from table_controller.money import money


def instruction(r: Round, exp: Expected) -> str:
    lead = f"{r.note} " if r.note else ""
    if r.irregularity is not None:
        fix = " or ".join(c.upper().replace("_", " ") for c in exp.controls)
        return f"IRREGULARITY: {r.irregularity.reason}. Hold the round and call the pit boss: {fix}"
    if exp.hand_over:
        return (
            lead
            + ("Round void. " if r.void else "Round over. ")
            + (
                "Shuffle before the next round"
                if r.cut_reached or r.sw.RD4 == "every_round"
                else "Take the next round's antes"
            )
        )
    if exp.payment is not None:
        return lead + r.instruction_for(exp.payment)
    if r.phase == Phase.SHUFFLE:
        return lead + "Shuffle, place the cut card, load the shoe"
    if exp.deal is not None:
        if exp.deal.purpose == "burn":
            return lead + "Burn one card, face down to the discard"
        return lead + f"Deal {exp.deal.spot}"
    if exp.decisions:
        seat = next(iter(exp.decisions))
        least, most = r.raise_limits(seat)
        amount = f"raise {money(most)}" if least == most else f"raise up to {money(most)}"
        return lead + f"{seat_words(seat)}: {amount} or call"
    if r.phase == Phase.ANTES:
        taking = f"Take antes ({money(r.limits.min_bet)} to {money(r.limits.max_bet)})"
        return lead + taking + (", then DONE" if r.playing_seats() else "")
    if r.phase == Phase.CLEAR:
        return lead + "Clear the cards to the discard rack, then DONE"
    return lead + "Wait"


def seat_prompt(r: Round, seat: str) -> SeatPrompt:
    ante = r.antes.get(seat, 0)
    decisions = r.decisions()
    if not ante:
        return SeatPrompt(
            seat,
            "waiting",
            False,
            None,
            None,
            None,
            (),
            None,
            None,
            (),
            (),
            "",
            {"ante": 0, "raise": 0},
        )
    paid = [p for p in r.settled if p.seat == seat]
    net = sum(p.net for p in paid)
    finished = bool(paid) or r.phase == Phase.OVER
    status = "finished" if finished else ("acting" if seat in decisions else "waiting")
    outcome = (
        None
        if not finished
        else "void"
        if r.void
        else ("win" if net > 0 else "lose" if net < 0 else "push")
    )
    raised = r.raises.get(seat, 0)
    figures: dict[str, Any] = {
        "ante": ante,
        "raise": raised,
        "wager": ante + raised,
        "decision": r.decided.get(seat),
        "net": net if paid else None,
        "bets_words": f"ante {money(ante)}" + (f", raise {money(raised)}" if raised else ""),
    }
    if seat in decisions:
        least, most = r.raise_limits(seat)
        figures["raise_from"], figures["raise_to"] = least, most
    return SeatPrompt(
        seat,
        status,
        seat in decisions,
        None,
        None,
        None,
        decisions.get(seat, ()),
        outcome,
        None,
        (),
        (),
        "",
        figures,
    )


def table_figures(r: Round) -> dict[str, Any]:
    """What the public display shows of the round (RD-6): the cards, the spread and its odds."""
    out: dict[str, Any] = {"cards": {f"card{n}": c.code for n, c in enumerate(r.cards, 1)}}
    kind = r.kind
    if kind is not None:
        out["kind"] = kind
    if kind == "spread":
        spread = r.spread or 0
        out["spread"], out["odds"] = spread, f"{r.table.odds(spread)} to 1"
    elif kind == "pair":
        out["odds"] = f"{r.table.three_of_a_kind} to 1"
    if r.outcome:
        out["outcome"] = r.outcome
    return out
