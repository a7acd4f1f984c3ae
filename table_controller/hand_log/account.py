"""A hand as a readable account: each card, decision and control in order, the totals after
each step, and the result with the rule that decided it (``table audit show``)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from table_controller.hand_log.declared import Declared
from table_controller.hand_log.reader import RecordedHand, outcome_of
from table_controller.hand_log.records import EVENT, HARDWARE, NOTE, RESULT, HandRecord
from table_controller.hand_log.shown import shown_prompts


def clock(at: float) -> str:
    """A UTC timestamp with milliseconds, as the account prints it."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at)) + f".{int(at % 1 * 1000):03d}"


def describe_event(event: dict[str, Any]) -> str:
    kind = event.get("type")
    if kind == "card":
        spot = f" at {event['spot']}" if event.get("spot") else ""
        return f"card {event.get('card')}{spot}"
    if kind == "decision":
        amount = f" {cents(event['amount'])}" if isinstance(event.get("amount"), int) else ""
        return f"{seat_name(event.get('seat'))} chose {str(event.get('action', '')).upper().replace('_', ' ')}{amount}"
    if kind == "wager":
        return f"{seat_name(event.get('seat'))} {event.get('bet')} bet {cents(event.get('amount'))}"
    if kind == "control":
        return f"{str(event.get('control', '')).upper().replace('_', ' ')} by {event.get('by')}"
    if kind == "hardware_irregularity":
        return f"hardware irregularity: {event.get('reason')}"
    return f"unknown event {event!r}"


def describe_effects(effects: list[dict[str, Any]], pots: Mapping[str, str] | None = None) -> str:
    """The effects in words; ``pots`` the game's pots in words (:attr:`Game.pots`)."""
    words = []
    for effect in effects:
        kind = effect.get("type")
        if kind == "applied":
            words.append(str(effect.get("note")))
        elif kind == "refused":
            words.append(f"REFUSED: {effect.get('reason')}")
        elif kind == "irregularity":
            words.append(f"IRREGULARITY ({effect.get('kind')}): {effect.get('reason')}")
        elif kind == "hand_ended":
            words.append(f"hand over ({effect.get('decided_by')})")
        elif kind == "settled" and (effect.get("payee") or effect.get("payer")):
            words.append(between_players(effect, pots or {}))
        elif kind == "settled":
            moved = (
                f"paid {cents(effect.get('paid'))}"
                if effect.get("paid")
                else (
                    f"collected {cents(effect.get('collected'))}"
                    if effect.get("collected")
                    else "pushed"
                )
            )
            words.append(
                f"{seat_name(effect.get('seat'))} {effect.get('bet')} bet {moved} ({effect.get('rule')})"
            )
    return "; ".join(words)


def between_players(effect: dict[str, Any], pots: Mapping[str, str]) -> str:
    """A payment between players and the pots their game declares (Farmer's farm): who paid
    whom, how much, by which rule."""

    def party(name: object) -> str:
        return pots.get(str(name)) or seat_name(name)

    if effect.get("payer"):
        return (
            f"{party(effect.get('payer'))} paid {party(effect.get('seat'))} "
            f"{cents(effect.get('paid'))} ({effect.get('rule')})"
        )
    return (
        f"{party(effect.get('seat'))} paid {party(effect.get('payee'))} "
        f"{cents(effect.get('collected'))} ({effect.get('rule')})"
    )


TOTAL_WORDS = (
    ("player_total", "player total"),
    ("dealer_total", "dealer total"),
    ("total_hand_value", "total hand value"),
)


UNNAMED_DEALER = "dealer"  # what `table run` logs when no --dealer was given


def dealer_name(header: dict[str, Any]) -> str:
    """The hand's dealer by name, or that none was given (not "dealer dealer")."""
    name = str(header.get("dealer") or "")
    return name if name and name != UNNAMED_DEALER else "(not named)"


def seat_name(seat: object) -> str:
    """How every screen names a seat: RED, GREEN, SEAT 3."""
    text = str(seat)
    return f"SEAT {text[4:]}" if text.startswith("seat") and text[4:].isdigit() else text.upper()


def seat_totals(seat: dict[str, Any]) -> str:
    return ", ".join(
        f"{label} {seat[key]}" for key, label in TOTAL_WORDS if seat.get(key) is not None
    )


def cents(amount: object) -> str:
    return f"${amount // 100:,}.{amount % 100:02d}" if isinstance(amount, int) else str(amount)


def describe_totals(prompts: dict[str, Any] | None) -> str:
    parts = []
    for seat in (prompts or {}).get("seats", []):
        hands = (seat.get("figures") or {}).get("hands") or []
        numbers = seat_totals(seat) or " / ".join(
            h.get("total_words", "") for h in hands if h.get("total_words")
        )
        if numbers:
            parts.append(f"{seat_name(seat.get('seat'))}: {numbers}")
    return " | ".join(parts)


def switch_order(item: tuple[str, Any]) -> tuple[str, int, str]:
    """C1, C2, ..., C10: a switch id's letters, then its number as a number."""
    key = item[0]
    letters = key.rstrip("0123456789")
    digits = key[len(letters) :]
    return letters, int(digits) if digits else -1, key


def describe_record(
    record: HandRecord,
    asked: str = "",
    prompts: dict[str, Any] | None = None,
    pots: Mapping[str, str] | None = None,
) -> list[str]:
    """The record's lines; ``asked`` is the dealer's instruction before it (where the card
    went, for a card whose effect says only that it ended the hand); ``prompts`` what the
    screens showed after it (:func:`~table_controller.hand_log.shown.shown_prompts`); ``pots``
    the game's pots in words."""
    payload = record.payload
    head = f"  #{record.seq:<5} {clock(record.at)}  {record.source:<16} "
    if record.kind == EVENT:
        event = payload.get("event") or {}
        lines = [head + describe_event(event)]
        effect_list = payload.get("effects") or []
        effects = describe_effects(effect_list, pots)
        if (
            event.get("type") == "card"
            and asked
            and {e.get("type") for e in effect_list} == {"hand_ended"}
        ):
            effects = f"as asked: {asked}" + (f"; {effects}" if effects else "")
        if effects:
            lines.append(f"{'':10}-> {effects}")
        totals = describe_totals(prompts if prompts is not None else payload.get("prompts"))
        if totals:
            lines.append(f"{'':10}totals: {totals}")
        return lines
    if record.kind == HARDWARE:
        detail = ", ".join(f"{k}={v}" for k, v in sorted(payload.items()) if k != "type")
        return [head + f"hardware {payload.get('type')}" + (f" ({detail})" if detail else "")]
    if record.kind == NOTE:
        return [head + "note: " + ", ".join(f"{k}={v}" for k, v in sorted(payload.items()))]
    if record.kind == RESULT:
        return [head + f"RESULT: {describe_result(payload)}"]
    if record.kind in ("access_refused", "lockout", "lockout_lifted", "sign_in"):
        detail = ", ".join(f"{k} {v}" for k, v in sorted(payload.items()) if v is not None)
        return [head + f"{record.kind.replace('_', ' ')}: {detail}"]
    return [head + record.kind]


def describe_result(result: dict[str, Any]) -> str:
    outcome = outcome_of(result)
    who = {"void": "hand void", "no winner": "no winner", "settled": "settled"}.get(
        outcome, f"{outcome} wins"
    )
    return f"{who}, decided by rule {result.get('decided_by')}: {result.get('explanation', '')}"


def account(hand: RecordedHand) -> str:
    header = hand.header
    switches = ", ".join(
        f"{k}={v}" for k, v in sorted((header.get("switches") or {}).items(), key=switch_order)
    )
    lines = [
        f"Hand {hand.hand_id}  (table {hand.table})",
        f"  game {header.get('game')}, rules {header.get('rules_version')}, "
        f"dealer {dealer_name(header)}, shoe {header.get('shoe')}",
        f"  seats {', '.join(map(str, header.get('seats') or []))}; "
        + (f"first dealt {header.get('first_dealt')}; " if header.get("first_dealt") else "")
        + f"switches {switches or 'defaults'}",
        f"  began {clock(hand.header_record.at)} UTC",
    ]
    asked = ""
    shown = shown_prompts(hand)
    pots = Declared().pots(header)
    for record in hand.records:
        lines.extend(describe_record(record, asked, shown.get(record.seq), pots))
        if record.kind == EVENT:
            asked = str((shown.get(record.seq) or {}).get("dealer_instruction") or asked)
    result = hand.result
    lines.append(f"Result: {describe_result(result)}" if result else "Result: hand not finished")
    for seat, seat_result in sorted(((result or {}).get("seats") or {}).items()):
        how = f" ({seat_result['method']})" if seat_result.get("method") else ""
        totals = seat_totals(seat_result)
        lines.append(
            f"  {seat_name(seat)}: {seat_result.get('outcome')}{how}"
            f"{'; ' + totals if totals else ''}; rule {seat_result.get('decided_by')}"
        )
    return "\n".join(lines)
