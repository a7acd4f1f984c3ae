"""Stacked decks for rules tests: ranks in deal order, suits assigned so no card repeats."""

from __future__ import annotations

from typing import Any

from table_controller.cards import SUITS
from table_controller.scenario import run_scenario


def deck(ranks: str) -> list[str]:
    """``"10 6 5 | 10 2"`` -> ["10S", "6S", "5S", "10H", "2S"]; ``|`` is only for reading."""
    used: dict[str, int] = {}
    out = []
    for rank in ranks.replace("|", " ").split():
        n = used.get(rank, 0)
        used[rank] = n + 1
        out.append(f"{rank}{SUITS[n]}")
    return out


def play(game: str, ranks: str, decisions: str = "", **extra: Any) -> dict[str, Any]:
    """``decisions`` like ``"red hit, green hit, red backhand"``."""
    items = [d.split() for d in decisions.split(",") if d.strip()]
    scenario = {"game": game, "deck": deck(ranks), "decisions": [{"seat": s, "action": a} for s, a in items]}
    scenario.update(extra)
    return run_scenario(scenario)


def plays(trace: dict[str, Any]) -> list[tuple[str, str, Any, Any, Any]]:
    """One row per card dealt to a seat's column, and per stand pat, as in the rules
    document's example tables: (seat, card or STAND PAT, DT, PT, THV)."""
    rows = []
    for step in trace["steps"]:
        event = step["event"]
        if event["type"] == "card" and ".col" in step.get("spot", ""):
            seat, what = step["spot"].split(".")[0], event["card"]
        elif event["type"] == "decision" and event["action"] == "stand_pat":
            seat, what = event["seat"], "STAND PAT"
        else:
            continue
        s = step["seats"][seat]
        rows.append((seat, what, s["dealer_total"], s["player_total"], s["total_hand_value"]))
    return rows
