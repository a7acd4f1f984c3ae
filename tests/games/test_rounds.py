"""The round skeleton (table_controller.games.rounds), tested once on a game of its own: two
cards make a round, a payment is confirmed with PAID, a cut card still counts after the end."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import pytest

from table_controller.cards import parse_card
from table_controller.contract import Game
from table_controller.engine import (
    Applied,
    DealTo,
    Expected,
    HandEnded,
    HandResult,
    Irregularity,
    IrregularityOpened,
    Payment,
    Refusal,
    Refused,
    Settled,
)
from table_controller.events import (
    PAID,
    VOID_HAND,
    CardArrived,
    Control,
    Event,
    HardwareIrregularity,
)
from table_controller.games import make_game, records
from table_controller.games.rounds import RoundGame, seat_names

CUT_CARD = "cut_card"


class Phase(StrEnum):
    DEAL = "deal"
    OVER = "over"


@dataclass
class Pair:
    phase: Phase = Phase.DEAL
    cards: list[str] = field(default_factory=list)
    cut: bool = False
    irregularity: Irregularity | None = None
    note: str = ""
    settled: list[Payment] = field(default_factory=list)
    queue: list[Payment] = field(default_factory=list)

    def clone(self) -> Pair:
        return copy.deepcopy(self)


def win(seat: str) -> Payment:
    return Payment(seat, "main", 100, 0, 100, 100, "two cards win", "P-1")


class PairGame(RoundGame):
    game_id = "pair"
    title = "Pair"
    rules_version = "pair.md 1"
    over_phase = Phase.OVER
    over_words = "the round is over: deal the next"
    after_over = frozenset({CUT_CARD})

    def __init__(self, seats: int = 2) -> None:
        self.seats = seat_names(seats)

    def new_hand(self) -> Pair:
        return Pair()

    def step(self, r: Pair, event: Event) -> str | Irregularity:
        if isinstance(event, HardwareIrregularity):
            return Irregularity("hardware", event.reason)
        if isinstance(event, Control) and event.control == CUT_CARD:
            r.cut = True
            return "the cut card came out"
        if isinstance(event, Control) and event.control == PAID and r.queue:
            r.settled.append(r.queue.pop(0))
            r.phase = Phase.OVER
            return "paid"
        if isinstance(event, CardArrived) and r.irregularity is None:
            r.cards.append(event.card.code)
            if len(r.cards) == 2:
                r.queue.append(win("seat1"))
            return f"{event.card.code} dealt"
        raise Refusal("not now")

    def resolutions(self, state: Pair) -> tuple[str, ...]:
        return (VOID_HAND,)

    def expected_in_play(self, state: Pair) -> Expected:
        return Expected(deal=DealTo(f"card{len(state.cards) + 1}", None, "initial", "next card"))

    def hand_result(self, state: Pair) -> HandResult:
        return HandResult("seat1", "P-1", " ".join(state.cards), {})

    def described(self) -> dict[str, Any]:
        return {"seats": list(self.seats)}

    def header(self, state: Pair) -> dict[str, Any]:
        return {"phase": state.phase.value, "cards": list(state.cards)}

    def from_header(self, start: dict[str, Any]) -> Pair:
        return Pair(Phase(start["phase"]), list(start["cards"]))


def card(code: str) -> CardArrived:
    return CardArrived(parse_card(code))


def play(game: PairGame, *events: Event) -> tuple[Pair, tuple[Any, ...]]:
    state, effects = game.new_hand(), ()
    for event in events:
        state, effects = game.apply(state, event)
    return state, effects


def test_a_round_game_is_a_game_on_a_lasting_shoe() -> None:
    game = PairGame(3)
    assert isinstance(game, Game)
    assert game.lasting_shoe
    assert game.seats == ("seat1", "seat2", "seat3")
    assert game.describe() == {
        "game": "pair",
        "title": "Pair",
        "rules_version": "pair.md 1",
        "switches": {},
        "seats": ["seat1", "seat2", "seat3"],
    }


def test_an_event_steps_a_copy_and_a_refusal_leaves_the_round_as_it_was() -> None:
    game = PairGame()
    first = game.new_hand()
    second, effects = game.apply(first, card("AS"))
    assert effects == (Applied("AS dealt"),)
    assert first.cards == [] and second.cards == ["AS"]
    third, effects = game.apply(second, Control(VOID_HAND))
    assert third is second and effects == (Refused("not now"),)


def test_what_is_expected_first_the_end_the_hold_then_a_payment() -> None:
    game = PairGame()
    state = game.new_hand()
    assert game.expected(state).deal is not None
    held, effects = game.apply(state, HardwareIrregularity("shoe jammed"))
    assert effects == (IrregularityOpened(Irregularity("hardware", "shoe jammed")),)
    assert game.expected(held) == Expected(controls=(VOID_HAND,))
    owed, _ = play(game, card("AS"), card("KD"))
    assert game.expected(owed) == Expected(controls=(PAID,), payment=win("seat1"))
    assert game.result(owed) is None


def test_the_round_ends_once_with_its_payments_and_refuses_what_follows() -> None:
    game = PairGame()
    over, effects = play(game, card("AS"), card("KD"), Control(PAID))
    result = HandResult("seat1", "P-1", "AS KD", {})
    assert effects == (Applied("paid"), Settled(win("seat1")), HandEnded(result))
    assert game.expected(over) == Expected(hand_over=True)
    assert game.result(over) == result
    assert game.apply(over, card("2C")) == (over, (Refused("the round is over: deal the next"),))
    cut, effects = game.apply(over, Control(CUT_CARD))  # a control it still takes: no second end
    assert cut.cut and effects == (Applied("the cut card came out"),)


def test_a_game_that_reports_its_result_again_says_so() -> None:
    game = PairGame()
    game.result_again = True
    over, _ = play(game, card("AS"), card("KD"), Control(PAID))
    _, effects = game.apply(over, Control(CUT_CARD))
    assert effects == (Applied("the cut card came out"), HandEnded(game.hand_result(over)))


def test_a_round_starts_again_from_its_log_header() -> None:
    game = PairGame()
    state, _ = play(game, card("AS"))
    header = game.round_header(state)
    assert header == {"round": {"phase": "deal", "cards": ["AS"]}}
    assert type(header["round"]["phase"]) is str  # the log holds the word, not the enum
    assert game.hand_from_header(header) == state
    assert game.hand_from_header({}) == Pair()
    game.header_key = "deal"
    assert game.hand_from_header({"round": header["round"]}) == Pair()


LASTING = [rec for rec in records().values() if rec.build().lasting_shoe]


@pytest.mark.parametrize("rec", LASTING, ids=lambda r: r.id)
def test_every_lasting_shoe_game_is_a_round_game_with_enum_phases(rec: Any) -> None:
    game = rec.build()
    assert isinstance(game, RoundGame)
    state = game.new_hand()
    assert isinstance(state.phase, StrEnum) and state.phase in type(game.over_phase)
    again = game.hand_from_header(game.round_header(state))
    assert again.phase == state.phase and type(again.phase) is type(state.phase)
    after = make_game(rec.id).apply(state, card("2C"))[1]
    assert after  # every event is answered: applied, refused or held
