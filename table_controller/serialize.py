"""Plain-JSON forms of engine values, for the scenario trace, the display and the hand log."""

from __future__ import annotations

from typing import Any

from table_controller.engine import (
    Applied,
    Effect,
    HandEnded,
    IrregularityOpened,
    Refused,
    Settled,
    result_to_dict,
)

__all__ = ["effect_to_dict", "result_to_dict"]  # result_to_dict lives with HandResult


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
