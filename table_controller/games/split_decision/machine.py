"""Split Decision as a pure game (red-dog.md Part B): one round is one hand of the table; the
game's rounds share one 54-card deck and a score (:meth:`SplitDecisionGame.next_hand`)."""

from __future__ import annotations

from typing import Any

from table_controller.contract import ShoeSpec
from table_controller.engine import (
    Expected,
    HandResult,
    Irregularity,
    Refusal,
    SeatPrompt,
    SeatResult,
    Spot,
    TablePrompts,
)
from table_controller.events import (
    DONE,
    NEW_DECK,
    RESHUFFLE,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Event,
    HardwareIrregularity,
)
from table_controller.games.rounds import RoundGame, seat_names
from table_controller.games.split_decision import flow
from table_controller.games.split_decision.prompts import (
    instruction,
    score,
    seat_prompt,
    table_figures,
)
from table_controller.games.split_decision.round import Phase, SDRound, seat_words
from table_controller.games.split_decision.switches import RULES_VERSION, Switches
from table_controller.shoe import Shoe, shoe_from_header, shoe_header

ACTIONS = (
    "keep_high",
    "keep_low",
    "refuse",
    "place_high",
    "place_low",
    "discard",
    "push",
    "keep",
    "pass_to_seat1",
    "pass_to_seat2",
    "pass_to_seat3",
)


class SplitDecisionGame(RoundGame):
    game_id = "split-decision"
    title = "Split Decision"
    actions = ACTIONS
    rules_version = RULES_VERSION
    over_phase = Phase.OVER
    over_words = "the round is over: the next round starts with its first card"
    has_money = False
    switches: Switches
    shoe = ShoeSpec(jokers=2)  # the 54-card deck

    def __init__(self, switches: Switches, seats: int = 3) -> None:
        self.switches = switches
        self.seats = seat_names(seats)

    # ----- rounds and games ------------------------------------------------------------------------
    def new_hand(self) -> SDRound:
        return SDRound(self.switches, self.seats, Shoe.fresh(1, jokers=2))

    def next_hand(self, finished: SDRound) -> SDRound:
        """The next round of the game on the same deck, or a new game after a shuffle."""
        if finished.phase == Phase.SHUFFLE:
            return finished
        shoe = finished.shoe.discard(*finished.layout_cards())
        if flow.game_over(finished):
            return SDRound(self.switches, self.seats, shoe, game_no=finished.game_no + 1)
        nxt = SDRound(
            self.switches,
            self.seats,
            shoe,
            game_no=finished.game_no,
            round_no=finished.round_no + 1,
            wins=dict(finished.wins),
            last_winner=finished.last_winner,
            new_game=False,
        )
        if finished.void and finished.shoe.remaining == 0 and self.switches.SD4 == "void_round":
            return nxt  # SD-17: a full reshuffle first, and the game goes on
        nxt.start()
        return nxt

    def header(self, state: SDRound) -> dict[str, Any]:
        return {
            "phase": state.phase.value,
            "new_game": state.new_game,
            "game_no": state.game_no,
            "round_no": state.round_no,
            "wins": dict(state.wins),
            "last_winner": state.last_winner,
            **shoe_header(state.shoe, burned=False),
        }

    def from_header(self, start: dict[str, Any]) -> SDRound:
        shoe = shoe_from_header(Shoe.fresh(1, jokers=2), start)
        r = SDRound(
            self.switches,
            self.seats,
            shoe,
            game_no=int(start.get("game_no", 1)),
            round_no=int(start.get("round_no", 1)),
            wins={str(k): int(v) for k, v in (start.get("wins") or {}).items()},
            last_winner=start.get("last_winner"),
            new_game=bool(start.get("new_game", True)),
        )
        if start.get("phase") != "shuffle":
            r.start()
        return r

    # ----- the engine interface ---------------------------------------------------------------------
    def step(self, r: SDRound, event: Event) -> str | Irregularity:
        if r.irregularity is not None and not isinstance(event, (Control, HardwareIrregularity)):
            note: str | Irregularity = self._while_held(r, event)
        elif isinstance(event, CardArrived):
            if r.shoe.remaining == 0 and r.next_deal() is not None:
                raise Refusal("the stock is empty: RESHUFFLE first (SD-17)")
            note = flow.card(r, event)
        elif isinstance(event, Decision):
            note = flow.decide(r, event)
        elif isinstance(event, Control):
            note = flow.control(r, event)
        elif isinstance(event, HardwareIrregularity):
            r.held_card = None
            note = Irregularity("hardware", event.reason)
        else:
            raise Refusal(
                f"Split Decision takes cards, decisions and controls (got {type(event).__name__})"
            )
        return note

    @staticmethod
    def _while_held(r: SDRound, event: Event) -> str:
        if isinstance(event, CardArrived):
            moved = flow.moved_into_place(r, event)
            if moved is not None:
                return moved
            if r.shoe.can_hold(event.card) and event.card != r.held_card:
                r.shoe = r.shoe.draw(event.card).discard(event.card)
            return f"{event.card.code} arrived while the round is held for the pit boss; set aside"
        raise Refusal(
            "the round is held for the pit boss: "
            + " or ".join(flow.resolutions(r)).upper().replace("_", " ")
        )

    def resolutions(self, state: SDRound) -> tuple[str, ...]:
        return flow.resolutions(state)

    def expected_in_play(self, state: SDRound) -> Expected:
        if state.phase == Phase.SHUFFLE:
            return Expected(controls=(NEW_DECK,))
        if state.move is not None:
            return Expected(controls=(DONE, VOID_HAND))
        deal = state.next_deal()
        if deal is not None and state.shoe.remaining == 0:
            return Expected(controls=(RESHUFFLE, VOID_HAND))
        return Expected(deal=deal, decisions=state.decisions(), controls=(VOID_HAND,))

    def prompts(self, state: SDRound) -> TablePrompts:
        seats = tuple(seat_prompt(state, seat) for seat in self.seats)
        return TablePrompts(
            self.game_id,
            instruction(state, self.expected(state)),
            seats,
            (),
            state.irregularity,
            self.result(state),
            table_figures(state),
        )

    def hand_result(self, r: SDRound) -> HandResult:
        game_won = flow.game_over(r)
        rule = (
            "VOID"
            if r.void
            else ("SD-14" if r.winner and r.hands[r.winner].middle is None else "SD-5")
        )
        seats = {
            s: SeatResult(
                "void" if r.void else "won" if s == r.winner else "lost",
                None,
                None,
                None,
                None,
                rule,
                {
                    "wins": r.wins.get(s, 0),
                    "slots": r.hands[s].slots_words if s in r.hands else "-/-",
                    "chips": r.hands[s].chips if s in r.hands else 2,
                    "out": r.hands[s].out if s in r.hands else False,
                },
            )
            for s in self.seats
        }
        if r.void:
            words = f"round {r.round_no} void ({score(r)})"
        else:
            words = (
                f"{seat_words(r.winner or '')} wins round {r.round_no}"
                + (" and the game" if game_won else "")
                + f" ({score(r)})"
            )
        return HandResult(
            r.winner,
            rule,
            words,
            seats,
            void=r.void,
            details={
                "game": r.game_no,
                "round": r.round_no,
                "wins": {s: r.wins.get(s, 0) for s in self.seats},
                "game_over": game_won,
                "game_winner": r.winner if game_won else None,
            },
        )

    def seat_line(self, seat: SeatPrompt) -> str:
        """A seat by its slots and its chips."""
        f = seat.figures
        if "slots_words" not in f:
            return super().seat_line(seat)
        return f"{seat.seat.upper()}[{f['slots_words']}]" + (
            f" chips={f['chips']}" if "chips" in f else ""
        )

    def described(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "decks": 1,
            "jokers": 2,
            "first_dealt": None,
        }

    def layout(self, state: SDRound | None = None) -> tuple[Spot, ...]:
        """Each seat's offer, high, low and middle spots along the rail, the shoe and the discard."""
        spots = [
            Spot("shoe", 0.12, 0.1, "card", None, "shoe"),
            Spot("discard", 0.88, 0.1, "card", None, "discard"),
        ]
        count = len(self.seats)
        for i, seat in enumerate(self.seats):
            x = 0.8 - 0.6 * i / (count - 1)
            who = seat_words(seat)
            spots += [
                Spot(f"{seat}/offer", x, 0.45, "card", seat, f"{who} offer"),
                Spot(f"{seat}/high", x - 0.06, 0.75, "card", seat, f"{who} high"),
                Spot(f"{seat}/middle", x, 0.75, "card", seat, f"{who} middle"),
                Spot(f"{seat}/low", x + 0.06, 0.75, "card", seat, f"{who} low"),
            ]
        return tuple(spots)

    def strategy(self, state: SDRound) -> Event | None:
        from table_controller.games.split_decision.strategy import next_event

        return next_event(self, state)
