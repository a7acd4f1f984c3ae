"""A trainer's drill file: a scenario (the format ``table scenario`` reads: game, switches, the
stacked deck, the seats' bets and decisions) plus the trainer's words::

    {"title": "Split eights that re-split", "notes": ["Eights are split up to four hands...", ...],
     "pit_boss": "void_hand",
     "game": "blackjack", "seats": {"seat1": {"bet": 1000, "side_bet": 500}},
     "deck": ["8C", "9H", "8D", "7S", ...], "decisions": [{"seat": "seat1", "action": "split"}, ...]}

The deck may hold a card the shoe cannot (a second ace of spades from one deck): the trainee
must hold that hand for the pit boss, whose ruling (``pit_boss``: ``void_hand`` or
``accept_card``) the drill then applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table_controller.errors import ConfigError, ScenarioError
from table_controller.events import ACCEPT_CARD, VOID_HAND, Decision, Wager
from table_controller.training.dealing import Dealing, ScriptedSignals

DRILL_KEYS = {"title", "notes", "pit_boss"}


@dataclass(frozen=True)
class DrillFile:
    name: str  # the file's stem: the drill's name in the records
    title: str
    notes: tuple[str, ...]
    pit_boss: str
    scenario: dict[str, Any]  # the rest: what ``table scenario`` reads

    def dealing(self) -> Dealing:
        game, deck, wagers, decisions = drill_table(self.scenario)
        return Dealing(
            game, list(deck), ScriptedSignals(wagers, decisions), pit_ruling=self.pit_boss
        )


def parse_drill(data: Any, name: str) -> DrillFile:
    if not isinstance(data, dict):
        raise ScenarioError(f"{name}: a drill is a JSON object")
    notes = data.get("notes", [])
    if isinstance(notes, str):
        notes = [notes]
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise ScenarioError(f"{name}: 'notes' is a list of paragraphs")
    ruling = data.get("pit_boss", VOID_HAND)
    if ruling not in (VOID_HAND, ACCEPT_CARD):
        raise ScenarioError(f"{name}: 'pit_boss' is {VOID_HAND} or {ACCEPT_CARD} (got {ruling!r})")
    scenario = {k: v for k, v in data.items() if k not in DRILL_KEYS}
    drill = DrillFile(name, str(data.get("title") or name), tuple(notes), ruling, scenario)
    drill.dealing()  # refuses a drill whose game, deck or decisions are not valid, now
    return drill


def load_drill(path: str | Path) -> DrillFile:
    from table_controller.jsonfile import read_json_file

    return parse_drill(read_json_file(str(path), what="drill"), Path(path).stem)


def drill_table(data: dict[str, Any]) -> tuple[Any, list[Any], list[Wager], list[Decision]]:
    """The scenario as a game, its deck (top first), its bets and its decisions: the game's own
    reading where it has one (``training.drill_table``), else the scenario format's."""
    from table_controller.games import make_game, record
    from table_controller.scenario import parse_scenario

    if not isinstance(data.get("game"), str):
        raise ScenarioError("a drill names its 'game'")
    try:
        own = record(data["game"]).training.drill_table
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    if own is not None:
        return own(data)  # type: ignore[no-any-return]
    scenario = parse_scenario(data)
    try:
        game = make_game(
            scenario.game_id,
            switches=scenario.switches,
            first_dealt=scenario.first_dealt,
            seats=scenario.seats,
        )
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    return game, list(scenario.deck), list(scenario.bets), list(scenario.decisions)
