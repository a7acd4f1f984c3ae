"""Stacked decks for rules tests: ranks in deal order, suits assigned so no card repeats."""

from __future__ import annotations

from typing import Any

from table_controller.cards import SUITS, parse_card
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
    scenario = {
        "game": game,
        "deck": deck(ranks),
        "decisions": [{"seat": s, "action": a} for s, a in items],
    }
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


class Table:
    """Drive a game event by event from a stacked deck (for turn-level rules tests)."""

    def __init__(self, game_id: str, ranks: str, **settings: Any) -> None:
        from table_controller.events import NEW_DECK, Control
        from table_controller.games import make_game

        self.game = make_game(game_id, **settings)
        self.cards = [parse_card(code) for code in deck(ranks)]
        self.state = self.game.new_hand()
        self.effects: tuple = ()
        self.spots: list[str] = []
        self.apply(Control(NEW_DECK))

    def apply(self, event: Any) -> tuple:
        self.state, self.effects = self.game.apply(self.state, event)
        return self.effects

    @property
    def expected(self) -> Any:
        return self.game.expected(self.state)

    def deal(self, n: int = 1) -> None:
        from table_controller.events import CardArrived

        for _ in range(n):
            self.spots.append(self.expected.deal.spot)
            self.apply(CardArrived(self.cards.pop(0)))

    def deal_all(self) -> None:
        """Deal while a card is expected (an out-of-turn stand-pat offer is passed over)."""
        while self.expected.deal is not None and self.cards:
            self.deal()

    def decide(self, seat: str, action: str) -> tuple:
        from table_controller.events import Decision

        return self.apply(Decision(seat, action))

    def seat(self, name: str) -> Any:
        return next(p for p in self.game.prompts(self.state).seats if p.seat == name)
