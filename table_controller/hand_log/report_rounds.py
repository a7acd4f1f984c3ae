"""The report's rounds that are not ordinary: hands a pit boss voided and hands the table
stopped in the middle of. Both are kept out of the money figures that would mislead (a void
round's returned bets are neither drop nor win) and each is listed with what was staked.
"""

from __future__ import annotations

from typing import Any

from table_controller.hand_log.account import clock, dealer_name, seat_name
from table_controller.hand_log.declared import Declared
from table_controller.hand_log.reader import RecordedHand, outcome_of
from table_controller.hand_log.records import EVENT
from table_controller.hand_log.shown import shown_prompts
from table_controller.money import money

VOID_RULE = "VOID"
VOID_CONTROL = "void_hand"


def is_void(hand: RecordedHand) -> bool:
    """A round the pit boss voided: its logged result says so (``void``, or decided by VOID)."""
    result = hand.result
    return result is not None and (
        bool(result.get("void")) or result.get("decided_by") == VOID_RULE
    )


def settled_effects(hand: RecordedHand) -> list[dict[str, Any]]:
    """Every payment and collection of a hand, as logged (``settled`` effects)."""
    return [
        e
        for r in hand.records
        if r.kind == EVENT
        for e in (r.payload.get("effects") or [])
        if e.get("type") == "settled"
    ]


def _bet(payment: dict[str, Any]) -> tuple[object, object, object]:
    return payment.get("seat"), payment.get("bet"), payment.get("hand")


def standing_settlements(hand: RecordedHand) -> list[dict[str, Any]]:
    """The settlements of a hand that count in the money: all of them, save, in a void round,
    every bet the void returned or undid (a VOID payment names it: in blackjack and Red Dog every
    bet of the round); a settlement the void lets stand (Vingt-un, V-36) still counts."""
    paid = settled_effects(hand)
    if not is_void(hand):
        return paid
    voided = {_bet(p) for p in paid if p.get("rule") == VOID_RULE}
    return [p for p in paid if _bet(p) not in voided]


def voided_by(hand: RecordedHand) -> str:
    """Who gave the VOID HAND control (the last one, if several were tried)."""
    who = ""
    for record in hand.records:
        event = (record.payload.get("event") or {}) if record.kind == EVENT else {}
        if event.get("type") == "control" and event.get("control") == VOID_CONTROL:
            who = str(event.get("by") or record.source)
    return who or "not logged"


def outcome_kind(outcome: str) -> str:
    """The outcome as a kind, so a chart never mixes seats with outcomes (Farmer's winner)."""
    return {
        "open": "unfinished",
        "void": "void",
        "settled": "settled",
        "no winner": "no winner",
    }.get(outcome, "a seat won")


def void_rows(hands: list[RecordedHand]) -> list[tuple[Any, ...]]:
    rows = []
    for hand in hands:
        if not is_void(hand):
            continue
        paid = settled_effects(hand)
        returned = sum(int(p.get("returned") or 0) for p in paid if p.get("rule") == VOID_RULE)
        before = [p for p in paid if p.get("rule") != VOID_RULE]
        stand = standing_settlements(hand)
        moved = (
            (
                f"{len(before)} bets settled before the void, "
                f"{len(before) - len(stand)} of them undone by it; "
                f"{len(stand)} stand (counted in the money): collected "
                f"{money(sum(int(p.get('collected') or 0) for p in stand))}, paid "
                f"{money(sum(int(p.get('paid') or 0) for p in stand))}"
            )
            if before
            else "none"
        )
        rows.append(
            (
                clock(hand.header_record.at),
                hand.table,
                hand.hand_id,
                _game(hand),
                dealer_name(hand.header),
                voided_by(hand),
                money(sum(int(p.get("staked") or 0) for p in paid)),
                money(returned),
                moved,
                str((hand.result or {}).get("explanation") or ""),
            )
        )
    return rows


def unfinished_rows(hands: list[RecordedHand]) -> list[tuple[Any, ...]]:
    rows = []
    declared = Declared()
    for hand in hands:
        if outcome_of(hand.result) != "open":
            continue
        last = hand.records[-1] if hand.records else hand.header_record
        settled = settled_effects(hand)
        rows.append(
            (
                clock(hand.header_record.at),
                hand.table,
                hand.hand_id,
                _game(hand),
                dealer_name(hand.header),
                f"#{last.seq} at {clock(last.at)[11:]}",
                on_the_layout(hand, declared),
                f"{len(settled)} bets, staked "
                f"{money(sum(int(p.get('staked') or 0) for p in settled))}"
                if settled
                else "none",
            )
        )
    return rows


def layout_bets(hand: RecordedHand, declared: Declared | None = None) -> list[tuple[str, str]]:
    """(seat, its bets in words) as the display last showed them (the last event's prompts, as
    logged or, since the lean log, replayed), in the words the hand's game declares."""
    declared = declared or Declared()
    shown = shown_prompts(hand)
    for record in reversed(hand.records):
        if record.kind == EVENT:
            seats = (shown.get(record.seq) or {}).get("seats") or []
            said = [
                (str(s.get("seat")), declared.stakes_words(hand.header, s.get("figures") or {}))
                for s in seats
                if isinstance(s.get("figures"), dict)
            ]
            return [(seat, words) for seat, words in said if words]
    return []


def on_the_layout(hand: RecordedHand, declared: Declared | None = None) -> str:
    words = [f"{seat_name(seat)}: {bets}" for seat, bets in layout_bets(hand, declared)]
    return "; ".join(words) or "no bets (a game without stakes, or none placed yet)"


def _game(hand: RecordedHand) -> str:
    return str(hand.header.get("title") or hand.header.get("game"))
