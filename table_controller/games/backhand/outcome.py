"""Who won: the MC-W and MC-SPW winner tables, and the per-seat results of BBB and Backhand."""

from __future__ import annotations

from dataclasses import replace

from table_controller.engine import HandResult, SeatResult
from table_controller.games.backhand.hand import (
    BACKHAND,
    FIVE_CARD,
    PLAY_PUSH,
    STAND_PAT,
    SUCCESSFUL,
    SeatHand,
)

RULE_TEXT: dict[str, str] = {
    "W-1": "neither seat has a successful hand: game stalemate",
    "W-2": "only one seat has a successful hand",
    "W-3": "both successful by different methods: the lower total hand value wins",
    "W-4": "both successful backhands: the lower player total wins, then the lower total hand value",
    "W-5": "both played the push successfully: the lower player total wins, then the lower total hand value",
    "W-6": "both successful five-card hands: the lower total hand value wins",
    "SP-W1": "stand pat against an unsuccessful or stalemate hand: the stand-pat seat wins",
    "SP-W2": "stand pat against a successful backhand: the stand-pat total hand value against the "
    "other's player total, lower wins",
    "SP-W3": "stand pat against a successful play-the-push: the stand-pat total hand value against "
    "the other's player total, lower wins",
    "SP-W4": "stand pat against a successful five-card hand: the five-card hand wins",
    "SP-W5": "both stood pat: the lower player total wins, then the lower total hand value",
    "MC-17": "the deck ran out: the game is void and counts as a stalemate",
    "VOID": "the hand was voided by the pit boss",
    "B-7": "play the push: one hit card, 21 or less wins",
    "B-10": "hit: over 21 loses, a fifth card at 21 or less wins",
    "B-11": "backhand: the backhand card must take the total hand value past 21",
    "BB-9": "the ending card: the method must succeed with player total advantage",
    "BB-10": "a hit that busts loses",
    "MC-16": "stood pat",
    "B-13": "each seat plays its own hand against the stock",
}


def seat_result(hand: SeatHand, default_rule: str = "MC-17") -> SeatResult:
    return SeatResult(
        outcome=hand.status if hand.finished else "stalemate",
        method=hand.method,
        player_total=hand.pt,
        dealer_total=hand.dt,
        total_hand_value=hand.thv,
        decided_by=hand.decided_by or default_rule,
    )


def _lower(
    a: tuple[int | None, ...], b: tuple[int | None, ...], names: tuple[str, str]
) -> str | None:
    """Compare tie-break keys in order; the lower wins; all equal is a stalemate (None)."""
    for x, y in zip(a, b, strict=True):
        if x != y:
            return names[0] if (x or 0) < (y or 0) else names[1]
    return None


def missouri_city_winner(red: SeatHand, green: SeatHand) -> tuple[str | None, str]:
    """MC-W and MC-SPW. Returns (winner seat or None, rule id)."""
    hands = {red.seat: red, green.seat: green}
    stood = [h for h in hands.values() if h.method == STAND_PAT]
    if len(stood) == 2:
        return _lower((red.pt, red.thv), (green.pt, green.thv), (red.seat, green.seat)), "SP-W5"
    if len(stood) == 1:
        sp = stood[0]
        other = green if sp is red else red
        return _stand_pat_against(sp, other)
    winners = [h for h in hands.values() if h.status == SUCCESSFUL]
    if not winners:
        return None, "W-1"
    if len(winners) == 1:
        return winners[0].seat, "W-2"
    names = (red.seat, green.seat)
    if red.method != green.method:
        return _lower((red.thv,), (green.thv,), names), "W-3"
    if red.method == BACKHAND:
        return _lower((red.pt, red.thv), (green.pt, green.thv), names), "W-4"
    if red.method == PLAY_PUSH:
        return _lower((red.pt, red.thv), (green.pt, green.thv), names), "W-5"
    return _lower((red.thv,), (green.thv,), names), "W-6"


def _stand_pat_against(sp: SeatHand, other: SeatHand) -> tuple[str | None, str]:
    if other.status != SUCCESSFUL:
        return sp.seat, "SP-W1"
    if other.method == FIVE_CARD:
        return other.seat, "SP-W4"
    rule = "SP-W2" if other.method == BACKHAND else "SP-W3"
    return _lower((sp.thv,), (other.pt,), (sp.seat, other.seat)), rule


def explain(rule: str, winner: str | None) -> str:
    text = RULE_TEXT.get(rule, rule)
    who = f"{winner.upper()} wins" if winner else "no winner"
    return f"{who} ({rule}: {text})"


def hand_result(
    hands: tuple[SeatHand, ...], *, head_to_head: bool, void_rule: str | None = None
) -> HandResult:
    seats = {h.seat: seat_result(h) for h in hands}
    if void_rule == "VOID":  # voided by the pit boss: no seat's hand counts, whatever it reached
        seats = {seat: replace(r, outcome="void", decided_by="VOID") for seat, r in seats.items()}
    if void_rule is not None:
        return HandResult(None, void_rule, explain(void_rule, None), seats, void=True)
    if head_to_head:
        winner, rule = missouri_city_winner(hands[0], hands[1])
        return HandResult(winner, rule, explain(rule, winner), seats)
    if len(hands) == 1:
        rule = seats[hands[0].seat].decided_by
        outcome = seats[hands[0].seat].outcome
        text = {"successful": "the player wins", "unsuccessful": "the dealer wins"}.get(
            outcome, "stalemate: the bet is returned"
        )
        return HandResult(None, rule, f"{text} ({rule}: {RULE_TEXT.get(rule, rule)})", seats)
    from table_controller.games.backhand.prompts import seat_name

    won = [h.seat for h in hands if h.status == SUCCESSFUL]
    text = ", ".join(seat_name(s) for s in won) if won else "no seat"
    return HandResult(None, "B-13", f"{text} won against the stock (B-13)", seats)
