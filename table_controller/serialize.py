"""Plain-JSON forms of engine values, for the scenario trace, the display and the hand log."""

from __future__ import annotations

from typing import Any

from table_controller.engine import (
    Applied,
    Effect,
    HandEnded,
    HandResult,
    IrregularityOpened,
    Refused,
    Settled,
)


def result_to_dict(result: HandResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "winner": result.winner,
        "decided_by": result.decided_by,
        "explanation": result.explanation,
        "void": result.void,
        "seats": {seat: _seat_result(r) for seat, r in result.seats.items()},
    }
    if result.details:
        out["details"] = result.details
    return out


def _seat_result(r: Any) -> dict[str, Any]:
    out = {
        "outcome": r.outcome,
        "method": r.method,
        "player_total": r.player_total,
        "dealer_total": r.dealer_total,
        "total_hand_value": r.total_hand_value,
        "decided_by": r.decided_by,
    }
    if r.details:
        out["details"] = r.details
    return out


def effect_to_dict(effect: Effect) -> dict[str, Any]:
    if isinstance(effect, Refused):
        return {"type": "refused", "reason": effect.reason, "legal": list(effect.legal)}
    if isinstance(effect, Applied):
        return {"type": "applied", "note": effect.note}
    if isinstance(effect, IrregularityOpened):
        return {"type": "irregularity", **effect.irregularity.to_dict()}
    if isinstance(effect, HandEnded):
        return {
            "type": "hand_ended",
            "winner": effect.result.winner,
            "decided_by": effect.result.decided_by,
        }
    if isinstance(effect, Settled):
        return {"type": "settled", **effect.payment.to_dict()}
    raise TypeError(f"not an effect: {effect!r}")
