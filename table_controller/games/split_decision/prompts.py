"""What the dealer and each seat see in Split Decision (red-dog.md B2's prompts, SD-6): pure
functions of the round. Every card is face up; the public display shows each seat's slots and
chips and the "cards remaining" board."""

from __future__ import annotations

from typing import Any

from table_controller.engine import Expected, SeatPrompt
from table_controller.games.split_decision.round import WINS_NEEDED, Phase, SDRound, seat_words

WORDS = {
    "keep_high": "keep high",
    "keep_low": "keep low",
    "refuse": "refuse",
    "place_high": "place it high",
    "place_low": "place it low",
    "discard": "use a discard chip",
    "push": "take the push",
    "keep": "keep",
}


def score(r: SDRound) -> str:
    return " : ".join(str(r.wins.get(s, 0)) for s in r.seats)


def instruction(r: SDRound, exp: Expected) -> str:
    lead = f"{r.note} " if r.note else ""
    if r.irregularity is not None:
        fix = " or ".join(c.upper().replace("_", " ") for c in exp.controls)
        return f"IRREGULARITY: {r.irregularity.reason}. Hold the round and call the pit boss: {fix}"
    if exp.hand_over:
        return lead + over_words(r)
    if r.phase == Phase.SHUFFLE:
        if r.new_game:
            return lead + "Shuffle the 54 cards with both jokers, cut, load the shoe"
        return lead + "Shuffle every card, both jokers included, cut, load the shoe (SD-17)"
    if r.move is not None:
        return lead + f"{r.move.words}, then DONE"
    if "reshuffle_discards" in exp.controls:
        if r.sw.SD4 == "void_round":
            return lead + "The stock is empty: the round ends with no winner (RESHUFFLE)"
        return (
            lead
            + "The stock is empty: shuffle every card not on the layout into a new stock (RESHUFFLE)"
        )
    if exp.deal is not None:
        verb = "Offer" if exp.deal.purpose == "head_start" else "Deal"
        return lead + f"{verb} {exp.deal.label}"
    if exp.decisions:
        seat, acts = next(iter(exp.decisions.items()))
        who = seat_words(seat)
        if "keep" in acts:
            return lead + f"{who} has no chips: keep the next card unseen, or pass it to a seat?"
        code = r.offer.code if r.offer else ""
        return lead + f"{who}: the {code}: " + ", or ".join(WORDS.get(a, a) for a in acts) + "?"
    return lead + "Wait"


def over_words(r: SDRound) -> str:
    if r.void:
        return f"Round {r.round_no} void: it counts for no seat ({score(r)}). " + (
            "Shuffle every card before the next round"
            if r.sw.SD4 == "void_round" and r.shoe.remaining == 0
            else "Deal the next round"
        )
    who = seat_words(r.winner or "")
    if max(r.wins.values(), default=0) >= WINS_NEEDED:
        return f"{who} wins round {r.round_no} and the game, {score(r)}. Collect the cards; shuffle for the next game"
    return f"{who} wins round {r.round_no} ({score(r)}). Collect the cards; deal round {r.round_no + 1}"


def seat_prompt(r: SDRound, seat: str) -> SeatPrompt:
    hand = r.hands.get(seat)
    decisions = r.decisions()
    wins = r.wins.get(seat, 0)
    if hand is None:
        return SeatPrompt(
            seat, "waiting", False, None, None, None, (), None, None, (), (), "", {"wins": wins}
        )
    offer = (
        r.offer.code
        if r.offer is not None
        and (r.taker == seat or (r.head and r.head[0] == seat and r.phase == Phase.HEAD_START))
        else None
    )
    figures: dict[str, Any] = {
        "high": hand.high.card.code if hand.high else None,
        "high_value": hand.high.value if hand.high else None,
        "low": hand.low.card.code if hand.low else None,
        "low_value": hand.low.value if hand.low else None,
        "slots_words": hand.slots_words,
        "chips": hand.chips,
        "out": hand.out,
        "wins": wins,
        "offer": offer,
        "middle": hand.middle.code if hand.middle else None,
    }
    cards = tuple(c for c in (figures["high"], figures["low"], figures["middle"], offer) if c)
    on_turn = seat in decisions or r.taker == seat
    over = r.phase == Phase.OVER
    status = "finished" if over or hand.out else ("acting" if on_turn else "waiting")
    outcome = None if not over else ("void" if r.void else "won" if r.winner == seat else "lost")
    note = "out of the round" if hand.out else ""
    return SeatPrompt(
        seat,
        status,
        on_turn,
        None,
        None,
        None,
        decisions.get(seat, ()),
        outcome,
        None,
        cards,
        (),
        note,
        figures,
    )


def table_figures(r: SDRound) -> dict[str, Any]:
    left = r.remaining()
    return {
        "game": r.game_no,
        "round": r.round_no,
        "wins": {s: r.wins.get(s, 0) for s in r.seats},
        "first_seat": r.order[0] if r.order else None,
        "remaining": left,
        "remaining_count": len(left),
    }
