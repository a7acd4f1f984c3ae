"""What the dealer and each seat see in a blackjack round: pure functions of the round.

The hole card is never shown, not even in the dealer's instruction, before it is turned. The
screens draw it where it lies: the public page as a back (:func:`public_view`), the dealer's
console as its face marked hidden (:func:`console_view`); both say the dealer's total so far.
The logged prompts (``BlackjackGame.prompts``) are left as they were, so old logs replay.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from table_controller.engine import Expected, SeatPrompt, TablePrompts
from table_controller.games.blackjack.hands import total, total_words
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


def dealer_words(r: Round) -> str:
    """The dealer's total as the seats see it: "10 showing" while the hole card is down, then
    "soft 17", "blackjack", "bust 24"; "" before the first card."""
    if not r.dealer:
        return ""
    if not r.hole_turned:
        return f"{total_words(r.dealer[:1])} showing"
    value, soft = total(r.dealer)
    if len(r.dealer) == 2 and value == 21:
        return "blackjack"
    return f"bust {value}" if value > 21 else f"soft {value}" if soft else str(value)


def hole_down(r: Round) -> bool:
    """The hole card lies on the table face down."""
    return len(r.dealer) > 1 and not r.hole_turned


# the bet spot each settled bet lies on (a main bet's circle holds the first hand's stake)
BET_SPOTS = {"main": "bet", "side": "side", "insurance": "insurance"}


def settled_spots(r: Round) -> dict[str, int]:
    """Each bet circle's settled net so far, by spot (``seat1/side``: -500), from the payments
    the dealer has made: what the felt shows of a bet once settled (taken, paid or returned);
    a void's undoing of a settlement adds to it (lost, then handed back: 0)."""
    out: dict[str, int] = {}
    for payment in r.settled:
        spot = BET_SPOTS.get(payment.bet)
        if spot is None or payment.hand not in (None, 1):
            continue
        name = f"{payment.seat}/{spot}"
        out[name] = out.get(name, 0) + payment.net
    return out


def screen_figures(r: Round) -> dict[str, Any]:
    """The figures both screens show beside the seats': the dealer's total and the settled bets."""
    return {"dealer_total": dealer_words(r), "settled": settled_spots(r)}


def console_view(prompts: TablePrompts, r: Round) -> TablePrompts:
    """The dealer's console: the hole card's face too (the public sees its back), and the total."""
    shown = tuple(c.code for c in r.dealer) if hole_down(r) else prompts.show_cards
    return replace(prompts, show_cards=shown, figures=screen_figures(r))


def public_view(prompts: TablePrompts, r: Round) -> TablePrompts:
    """The public page: the hole card as a back (``None``) where it lies, and the total showing."""
    shown = (*prompts.show_cards, None) if hole_down(r) else prompts.show_cards
    return replace(prompts, show_cards=shown, figures=screen_figures(r))
