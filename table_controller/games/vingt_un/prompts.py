"""What the dealer and each seat see in a Vingt-un round: pure functions of the round.

Two views (V-9, V-10): the dealer's console sees every card, each one the public may not see
marked ``hidden``; the public view (:func:`public`) has ``None`` where a card lies face down,
never a total for a hand with a card down, never the first two cards of an over-drawn hand nor
the withheld last card, and an instruction that names no hidden card.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from table_controller.cards import Card
from table_controller.engine import Expected, Payment, SeatPrompt, TablePrompts
from table_controller.games.vingt_un.hands import Hand, total
from table_controller.games.vingt_un.round import HOUSE, Phase, Round, seat_words
from table_controller.money import money

PLAY_WORDS = {
    "draw": "draw",
    "stand": "stand",
    "divide": "divide",
    "stake": "stake",
    "double": "double",
    "no_double": "no double",
    "take_bank": "take the bank",
    "decline_bank": "decline the bank",
    "sit_in": "sit in",
    "sit_out": "sit out",
}


def payment_words(p: Payment, r: Round | None = None) -> str:
    who = seat_words(p.seat)
    if p.banker is not None:  # a seat banks: the dealer moves the chips between the seats
        return _seat_bank_words(p, who, r)
    if r is not None and p.hand is not None and len(r.plays[p.seat].hands) > 1:
        who += f" hand {p.hand}"
    if p.collected:
        return f"Collect {money(p.collected)} from {who} ({p.reason})"
    if p.paid == 0:
        return f"{who}: no money changes hands ({p.reason})"
    return f"Pay {who} {money(p.paid)} ({p.reason})"


def _seat_bank_words(p: Payment, who: str, r: Round | None) -> str:
    if r is not None and p.hand is not None and len(r.plays[p.seat].hands) > 1:
        who += f" hand {p.hand}"
    bank = f"the banker {seat_words(p.banker or '')}"
    if p.collected:
        return f"Collect {money(p.collected)} from {who} for {bank} ({p.reason})"
    if p.paid == 0:
        return f"{who}: no money changes hands ({p.reason})"
    return f"Pay {who} {money(p.paid)} from {bank} ({p.reason})"


def instruction(r: Round, exp: Expected, public: bool = False) -> str:
    """The dealer's words; ``public``: as the watching screen shows them, with no total of a
    hand whose cards lie down (nor of an over-drawn hand: its first two cards stay secret)."""
    lead = f"{r.note} " if r.note else ""
    if r.irregularity is not None:
        ways = ", ".join(c.upper().replace("_", " ") for c in exp.controls)
        return (
            f"IRREGULARITY: {r.irregularity.reason}. Hold the round and call the pit boss: {ways}"
        )
    if exp.hand_over:
        who = "the house" if r.bank_after() == HOUSE else f"{seat_words(r.bank_after())}"
        return (
            lead
            + ("Round void: unsettled stakes returned. " if r.void else "Round over. ")
            + f"Next round: mark the seats in; the bank is with {who}"
        )
    if exp.payment is not None:
        words = payment_words(exp.payment, r)
        return lead + (re.sub(r"over-drawn with \d+", "over-drawn", words) if public else words)
    if "done" in exp.controls:
        return lead + r.confirm
    if "new_deck" in exp.controls:
        return lead + "Shuffle the pack, have it cut, load the shoe"
    if "reshuffle_discards" in exp.controls:
        return lead + "Shuffle the pone pile, have it cut, load the shoe (V-27)"
    if exp.deal is not None:
        if exp.deal.purpose == "withhold":
            return lead + "Withhold the last card: slide it unexposed onto the pone pile"
        return lead + f"Deal {exp.deal.label} ({exp.deal.spot})"
    if "void_hand" in exp.controls and not exp.decisions and r.phase != Phase.SEATS:
        return lead + "The stock and the pone pile are both empty: the round is void (V-28)"
    return lead + decision_words(r, exp, public)


def decision_words(r: Round, exp: Expected, public: bool = False) -> str:
    if r.phase == Phase.SEATS:
        return "Mark the seats playing this round, then SEATS IN"
    if not exp.decisions:
        return "Wait"
    seat, acts = next(iter(exp.decisions.items()))
    if r.phase == Phase.STAKES:
        return (
            f"{seat_words(seat)}: look at your card and stake ({money(r.limits.min_stake)} to "
            f"{money(r.limits.max_stake)})"
        )
    if r.phase == Phase.PLAY and r.turn is not None:
        hand = r.plays[seat].hands[r.turn[1]]
        total_words = "" if public and any(hand_hidden(hand)) else f" ({_total_words(hand.cards)})"
        return (
            f"{r.hand_words(seat, r.turn[1])}{total_words}: "
            + " or ".join(PLAY_WORDS[a] for a in acts)
            + "?"
        )
    if r.phase == Phase.BANKER:
        return f"The banker {seat_words(seat)} ({_total_words(r.banker_cards)}): draw or stand?"
    if r.phase == Phase.DOUBLE:
        return f"The banker {seat_words(seat)}: look at banker/card1, then double or no double?"
    return f"{seat_words(seat)}: " + " or ".join(PLAY_WORDS[a] for a in acts) + "?"


def _total_words(cards: list[Card]) -> str:
    value, soft = total(cards)
    return f"soft {value}" if soft else str(value)


# ----- cards: which the public may see ------------------------------------------------------------
def hand_hidden(hand: Hand) -> list[bool]:
    """Per card: hidden from the public. card1 and card2 lie down until the hand is turned up;
    an over-drawn hand's are never turned up (V-9)."""
    return [i < 2 and not hand.turned_up for i in range(len(hand.cards))]


def banker_hidden(r: Round) -> list[bool]:
    return [i < 2 and not r.banker_up for i in range(len(r.banker_cards))]


def hand_figure(r: Round, seat: str, index: int, hand: Hand) -> dict[str, Any]:
    hidden = hand_hidden(hand)
    value, soft = total(hand.cards)
    words = (f"soft {value}" if soft else str(value)) if hand.cards else ""
    if hand.over:
        words = f"over-drawn ({value})"
    elif hand.is_natural:
        words = "natural"
    return {
        "hand": index + 1,
        "cards": [c.code for c in hand.cards],
        "hidden": hidden,
        "total": value if hand.cards else None,
        "total_words": words,
        "bet": hand.stake,
        "bet_word": "stake",
        "doubled": r.doubled,
        "outcome": hand.outcome,
        "net": hand.net,
        "on_turn": r.turn == (seat, index),
        "natural": hand.natural,
    }


def voided(r: Round, play: Any) -> bool:
    """A void round's seat whose every stake was returned; a seat with a settlement made before
    the void keeps its result (V-36: settlements already made stand)."""
    return r.void and all(h.outcome == "void" for h in play.hands)


def seat_prompt(r: Round, seat: str) -> SeatPrompt:
    play = r.plays.get(seat)
    decisions = r.decisions()
    on_turn = seat in decisions and r.phase != Phase.SEATS
    if seat == r.banker:
        return SeatPrompt(
            seat,
            "acting" if on_turn else "waiting",
            on_turn,
            None,
            None,
            None,
            decisions.get(seat, ()),
            None,
            None,
            (),
            (),
            "the banker",
            {"main": 0, "hands": [], "banker": True},
        )
    if play is None:
        note = "in" if seat in r.seats_in else "out"
        return SeatPrompt(
            seat,
            "waiting",
            False,
            None,
            None,
            None,
            decisions.get(seat, ()),
            None,
            None,
            (),
            (),
            note,
            {"main": 0, "hands": []},
        )
    hands = [hand_figure(r, seat, i, h) for i, h in enumerate(play.hands)]
    net = sum(p.net for p in r.settled if p.seat == seat)
    finished = r.phase == Phase.OVER or (
        bool(play.hands)
        and all(h.settled for h in play.hands)
        and not any(p.seat == seat for p in r.queue)
    )
    status = "finished" if finished else ("acting" if on_turn else "waiting")
    stake = sum(h.stake for h in play.hands)
    figures = {
        "main": stake,
        "hands": hands,
        "net": net,
        "bets_words": f"stake {money(stake)}" if stake else "no stake yet",
    }
    outcome = (
        None
        if not finished
        else "void"
        if voided(r, play)
        else ("win" if net > 0 else "lose" if net < 0 else "push")
    )
    cards = tuple(c.code for h in play.hands for c in h.cards)
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


def table_prompts(r: Round, game_id: str, exp: Expected, result: Any) -> TablePrompts:
    seats = tuple(seat_prompt(r, s) for s in r.seats)
    shown = tuple(c.code for c in r.banker_cards)
    return TablePrompts(game_id, instruction(r, exp), seats, shown, r.irregularity, result)


# ----- the public view ------------------------------------------------------------------------------
def public(r: Round, prompts: TablePrompts, exp: Expected) -> TablePrompts:
    """The watching page's view: every hidden card a back (None), no total while a card is down."""
    seats = tuple(_public_seat(p) for p in prompts.seats)
    shown = tuple(
        None if hide else code
        for code, hide in zip(prompts.show_cards, banker_hidden(r), strict=False)
    )
    words = public_instruction(r, instruction(r, exp, public=True))
    return replace(
        prompts,
        dealer_instruction=words,
        seats=seats,
        show_cards=shown,
        irregularity=_public_irregularity(prompts),
    )


def _public_seat(p: SeatPrompt) -> SeatPrompt:
    hands = []
    for h in p.figures.get("hands", []):
        down = any(h["hidden"])
        cards = [
            None if hide else code for code, hide in zip(h["cards"], h["hidden"], strict=False)
        ]
        hidden = list(h["hidden"])
        if (
            str(h["outcome"]) == "over-drawn"
        ):  # thrown on the pile unexposed: only its drawn cards were seen
            cards, hidden = (
                [code for code in cards if code is not None],
                [False] * (len(cards) - sum(hidden)),
            )
        hands.append(
            {
                **h,
                "cards": cards,
                "hidden": hidden,
                "total": None if down else h["total"],
                "total_words": ("over-drawn" if h["outcome"] == "over-drawn" else "")
                if down
                else h["total_words"],
            }
        )
    figures = {**p.figures, "hands": hands} if p.figures else p.figures
    shown = tuple(c for h in hands for c in h["cards"] if c is not None)
    return replace(p, cards=shown, figures=figures)


def public_instruction(r: Round, words: str) -> str:
    """The dealer's words with every card the public may not see taken out."""
    for card in secret_cards(r):
        words = re.sub(rf"(?<![A-Za-z0-9]){card.code}(?![A-Za-z0-9])", "a card", words)
    return words


def secret_cards(r: Round) -> list[Card]:
    """Cards the public may not see now: those lying down, the held card, and a withheld last
    card unless it came out of the new stock face up since (it is a new deal then)."""
    cards = [c for c, hide in zip(r.banker_cards, banker_hidden(r), strict=False) if hide]
    shown = [c for c, hide in zip(r.banker_cards, banker_hidden(r), strict=False) if not hide]
    for play in r.plays.values():
        for hand in play.hands:
            cards += [c for c, hide in zip(hand.cards, hand_hidden(hand), strict=False) if hide]
            shown += [c for c, hide in zip(hand.cards, hand_hidden(hand), strict=False) if not hide]
    cards += [c for c in r.withheld if c not in shown]
    if r.held_card is not None:
        cards.append(r.held_card)
    return cards


def _public_irregularity(prompts: TablePrompts) -> Any:
    irr = prompts.irregularity
    return None if irr is None else replace(irr, reason="held for the pit boss", cards=())
