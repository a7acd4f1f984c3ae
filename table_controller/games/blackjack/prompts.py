"""What the dealer and each seat see in a blackjack round: pure functions of the round.

The hole card is never shown, not even in the dealer's instruction, before it is turned.
"""

from __future__ import annotations

from typing import Any

from table_controller.engine import Expected, SeatPrompt
from table_controller.games.blackjack.hands import total
from table_controller.games.blackjack.round import Phase, Round, seat_words
from table_controller.money import money

PLAY_WORDS = {
    "hit": "hit",
    "stand": "stand",
    "double": "double",
    "split": "split",
    "surrender": "surrender",
    "insurance": "insurance",
    "even_money": "even money",
    "no_insurance": "no insurance",
}


def instruction(r: Round, exp: Expected) -> str:
    lead = f"{r.note} " if r.note else ""
    if r.irregularity is not None:
        return f"IRREGULARITY: {r.irregularity.reason}. Hold the round and call the pit boss: VOID HAND or ACCEPT CARD"
    if exp.hand_over:
        return (
            lead
            + ("Round void: every bet returned. " if r.void else "Round over: collect the cards. ")
            + (
                "The cut card came out: shuffle before the next round"
                if r.cut_reached
                else "Take the next round's bets"
            )
        )
    if exp.payment is not None:
        return lead + r.instruction_for(exp.payment)
    if "new_deck" in exp.controls and r.phase == Phase.SHUFFLE:
        return lead + "Shuffle: load a freshly shuffled shoe and place the cut card"
    if "reshuffle_discards" in exp.controls:
        return lead + "Shoe empty: shuffle the discards and continue"
    if exp.deal is not None:
        if exp.deal.purpose == "burn":
            return lead + "Burn one card"
        return lead + f"Deal {exp.deal.label}"
    if exp.decisions:
        seat, acts = next(iter(exp.decisions.items()))
        if r.phase == Phase.INSURANCE:
            return lead + f"{seat_words(seat)}: {' or '.join(PLAY_WORDS[a] for a in acts)}?"
        seat, index = r.turn  # type: ignore[misc]
        hand = r.plays[seat].hands[index]
        value, soft = total(hand.cards)
        return (
            lead
            + f"{r._hand_words(seat, index)} ({'soft ' if soft else ''}{value}): "
            + ", ".join(PLAY_WORDS[a] for a in acts)
        )
    if r.phase == Phase.BETTING:
        return lead + "Take the bets: each seat's main bet and side bet"
    return lead + "Wait"


def seat_prompt(r: Round, seat: str) -> SeatPrompt:
    play = r.plays.get(seat)
    decisions = r.decisions()
    on_turn = seat in decisions or (r.turn is not None and r.turn[0] == seat)
    if play is None or play.main == 0:
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
            {"main": 0, "side": 0, "hands": []},
        )
    hands = []
    for index, hand in enumerate(play.hands):
        value, soft = total(hand.cards)
        hands.append(
            {
                "hand": index + 1,
                "cards": [c.code for c in hand.cards],
                "total": value if hand.cards else None,
                "soft": soft,
                "total_words": hand_words(hand, value, soft),
                "bet": hand.stake,
                "doubled": hand.doubled,
                "outcome": hand.outcome,
                "net": hand.net,
                "on_turn": r.turn == (seat, index),
            }
        )
    finished = r.phase == Phase.OVER or (play.turn_over and all(h.settled for h in play.hands))
    status = "finished" if finished else ("acting" if on_turn else "waiting")
    net = sum(p.net for p in r.settled if p.seat == seat)
    figures = {
        "main": play.main,
        "side": play.side,
        "insurance": play.insurance or 0,
        "side_outcome": play.side_outcome,
        "side_net": play.side_net,
        "hands": hands,
        "net": net,
        "bets_words": f"main {money(play.main)}"
        + (f", side {money(play.side)}" if play.side else ""),
    }
    cards = tuple(c.code for h in play.hands for c in h.cards)
    outcome = (
        None
        if not finished
        else "void"
        if r.void
        else ("win" if net > 0 else "lose" if net < 0 else "push")
    )
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
        "",
        figures,
    )


def hand_words(hand: Any, value: int, soft: bool) -> str:
    """A hand's total as the dealer says it: "blackjack", "soft 17", "17"; "" before its first card."""
    if not hand.cards:
        return ""
    if hand.blackjack:
        return "blackjack"
    return f"soft {value}" if soft else str(value)
