"""Red Dog as a pure game (red-dog.md Part A): ``apply`` copies the round, steps the copy with one
event (:mod:`flow`) and hands the copy out; nothing handed out ever changes.

A shoe lasts many rounds: :meth:`RedDogGame.next_hand` starts the next round from a finished one
(the same shoe, its cards cleared to the discard), or from a new shuffle once the cut card came
out (RD4 = ``cut_card``) or after every round (RD4 = ``every_round``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from table_controller.contract import Bet, ShoeSpec, SpotContent
from table_controller.engine import (
    Expected,
    HandResult,
    Irregularity,
    Refusal,
    SeatPrompt,
    SeatResult,
    Spot,
    TablePrompts,
    void_words,
)
from table_controller.events import (
    DONE,
    NEW_DECK,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Event,
    HardwareIrregularity,
    Wager,
)
from table_controller.games.red_dog import flow
from table_controller.games.red_dog.prompts import instruction, seat_prompt, table_figures
from table_controller.games.red_dog.round import Limits, Phase, Round, seat_words
from table_controller.games.red_dog.switches import RULES_VERSION, PayTable, Switches
from table_controller.games.rounds import RoundGame, seat_names, stakes_line
from table_controller.money import money
from table_controller.shoe import Shoe, shoe_from_header, shoe_header

ACTIONS = ("raise", "call")


class RedDogGame(RoundGame):
    game_id = "red-dog"
    title = "Red Dog"
    actions = ACTIONS
    bets = ("ante", "raise")
    rules_version = RULES_VERSION
    over_phase = Phase.OVER
    over_words = "the round is over: the next round starts with its antes"
    after_over = frozenset({flow.CUT_CARD})  # a cut card reported after the round ends nothing
    switches: Switches
    # a card source's report that is one of this game's controls: the shoe's cut card (RD-13)
    hardware_controls: ClassVar[dict[str, str]] = {"cut_card": flow.CUT_CARD}

    def __init__(
        self, switches: Switches, table: PayTable, seats: int = 7, limits: Limits | None = None
    ) -> None:
        self.switches = switches
        self.shoe = ShoeSpec(decks=switches.decks)
        self.paytable = table
        self.seats = seat_names(seats)
        self.limits = limits or Limits()

    # ----- rounds --------------------------------------------------------------------------------
    def new_hand(self) -> Round:
        """The first round of a table: a shuffle first."""
        return Round(
            self.switches,
            self.paytable,
            self.limits,
            self.seats,
            Shoe.fresh(self.switches.decks),
            phase=Phase.SHUFFLE,
            needs_shuffle=True,
        )

    def next_hand(self, finished: Round) -> Round:
        """The round after ``finished``, on the same shoe, or after a shuffle (RD-13)."""
        shoe = finished.shoe.discard(*finished.cards)
        nxt = Round(self.switches, self.paytable, self.limits, self.seats, shoe)
        if (
            finished.cut_reached
            or self.switches.RD4 == "every_round"
            or finished.phase == Phase.SHUFFLE
        ):
            nxt.phase, nxt.needs_shuffle = Phase.SHUFFLE, True
        return nxt

    def header(self, state: Round) -> dict[str, Any]:
        """Where a round starts from, for its log header, so a logged round replays on its own."""
        return {
            "phase": state.phase.value,
            "needs_shuffle": state.needs_shuffle,
            **shoe_header(state.shoe),
            "antes": dict(state.antes),
        }

    def from_header(self, start: dict[str, Any]) -> Round:
        shoe = shoe_from_header(Shoe.fresh(self.switches.decks), start)
        r = Round(
            self.switches,
            self.paytable,
            self.limits,
            self.seats,
            shoe,
            phase=Phase(str(start.get("phase", Phase.ANTES))),
            needs_shuffle=bool(start.get("needs_shuffle")),
        )
        r.antes = {str(s): int(a) for s, a in (start.get("antes") or {}).items()}
        return r

    # ----- the engine interface ---------------------------------------------------------------------
    def step(self, r: Round, event: Event) -> str | Irregularity:
        note: str | Irregularity
        if r.irregularity is not None and not isinstance(event, (Control, HardwareIrregularity)):
            note = self._while_held(r, event)
        elif isinstance(event, Wager):
            note = flow.wager(r, event)
        elif isinstance(event, CardArrived):
            note = flow.card(r, event)
        elif isinstance(event, Decision):
            note = flow.decide(r, event)
        elif isinstance(event, Control):
            note = flow.control(r, event)
        elif isinstance(event, HardwareIrregularity):
            r.held_card = None
            note = Irregularity("hardware", event.reason)
        else:
            raise Refusal(f"not an event of this game: {event!r}")
        return note

    @staticmethod
    def _while_held(r: Round, event: Event) -> str:
        if isinstance(event, CardArrived):
            moved = flow.moved_into_place(r, event)
            if moved is not None:
                return moved
            if (
                r.shoe.can_hold(event.card)
                and not event.card.is_joker
                and event.card != r.held_card
            ):
                r.shoe = r.shoe.draw(event.card).burn(event.card)
            return f"{event.card.code} arrived while the round is held for the pit boss; set aside"
        raise Refusal(
            "the round is held for the pit boss: "
            + " or ".join(flow.resolutions(r)).upper().replace("_", " ")
        )

    def resolutions(self, state: Round) -> tuple[str, ...]:
        return flow.resolutions(state)

    def expected_in_play(self, state: Round) -> Expected:
        if state.phase == Phase.SHUFFLE:
            return Expected(controls=(NEW_DECK,))
        controls: list[str] = []
        if state.phase == Phase.ANTES:
            controls += ([DONE] if state.playing_seats() else []) + [NEW_DECK]
        elif state.phase == Phase.CLEAR:
            controls.append(DONE)
        if state.phase not in (Phase.BURN, Phase.ANTES, Phase.CLEAR):
            controls.append(VOID_HAND)
        return Expected(
            deal=state.next_deal(), decisions=state.decisions(), controls=tuple(controls)
        )

    def prompts(self, state: Round) -> TablePrompts:
        seats = tuple(seat_prompt(state, seat) for seat in self.seats)
        return TablePrompts(
            self.game_id,
            instruction(state, self.expected(state)),
            seats,
            tuple(c.code for c in state.cards),
            state.irregularity,
            self.result(state),
            table_figures(state),
        )

    def hand_result(self, r: Round) -> HandResult:
        seats: dict[str, SeatResult] = {}
        rule = (
            "VOID"
            if r.void
            else {"consecutive": "RD-9", "pair": "RD-10", "three_of_a_kind": "RD-10"}.get(
                r.outcome, "RD-12"
            )
        )
        for seat in r.playing_seats():
            net = sum(p.net for p in r.settled if p.seat == seat)
            outcome = "void" if r.void else ("win" if net > 0 else "lose" if net < 0 else "push")
            seats[seat] = SeatResult(
                outcome,
                r.outcome or None,
                None,
                None,
                None,
                rule,
                {
                    "net": net,
                    "ante": r.antes[seat],
                    "raise": r.raises.get(seat, 0),
                    "decision": r.decided.get(seat),
                },
            )
        cards = [c.code for c in r.cards]
        words = (
            void_words(r.settled, "every ante and raise returned")
            if r.void
            else (
                f"{' '.join(cards)} ({r.outcome.replace('_', ' ')}); "
                + "; ".join(
                    f"{seat_words(s)} {'+' if v.details['net'] > 0 else '-' if v.details['net'] < 0 else ''}"
                    f"{money(abs(v.details['net']))}"
                    for s, v in seats.items()
                )
            )
        )
        return HandResult(
            None,
            rule,
            words,
            seats,
            void=r.void,
            details={
                "cards": cards,
                "spread": r.spread,
                "settlements": [p.to_dict() for p in r.settled],
            },
        )

    @property
    def bet_specs(self) -> tuple[Bet, ...]:
        """The ante on the bet form (the table's limits), the raise by a seat's decision, and
        the two settled together."""
        lim = self.limits
        return (
            Bet("ante", "ante", "ante", lim.min_bet, lim.max_bet),
            Bet("raise", "raise", "raise", on_form=False),
            Bet("ante+raise", "ante", "ante and raise", on_form=False),
        )

    def seat_line(self, seat: SeatPrompt) -> str:
        return stakes_line(seat) or super().seat_line(seat)

    def described(self) -> dict[str, Any]:
        return {
            "paytable": self.paytable.to_dict(),
            "seats": list(self.seats),
            "decks": self.switches.decks,
            "first_dealt": None,
            "limits": {
                "min_bet": self.limits.min_bet,
                "max_bet": self.limits.max_bet,
                "penetration": self.limits.penetration,
            },
        }

    # ----- declared layout and play ----------------------------------------------------------------
    def layout(self, state: Round | None = None) -> tuple[Spot, ...]:
        """The three dealer cards across the top (the third between the first two), the shoe and
        the discard, and each seat's ante and raise along the rail (seat1 at the dealer's left:
        the right of the picture)."""
        spots = [
            Spot("shoe", 0.12, 0.1, "card", None, "shoe"),
            Spot("discard", 0.88, 0.1, "card", None, "discard"),
            Spot("dealer/card1", 0.38, 0.16, "card", None, "first card"),
            Spot("dealer/card3", 0.5, 0.16, "card", None, "third card"),
            Spot("dealer/card2", 0.62, 0.16, "card", None, "second card"),
        ]
        count = len(self.seats)
        for i, seat in enumerate(self.seats):
            x = 0.92 - 0.84 * (i / (count - 1)) if count > 1 else 0.5
            spots += [
                Spot(f"{seat}/ante", x, 0.82, "bet", seat, f"{seat_words(seat)} ante"),
                Spot(f"{seat}/raise", x, 0.7, "bet", seat, f"{seat_words(seat)} raise"),
            ]
        return tuple(spots)

    def bets_open(self, state: Round) -> bool:
        return state.phase in flow.BETS_OPEN

    def on_spots(self, state: Round) -> dict[str, SpotContent]:
        """The dealer's cards face up on their spots (``dealer/card1`` to ``card3``, in the
        order dealt) and each seat's ante and raise in their circles: what the camera witness
        compares with what it sees on ``dealer``."""
        out = {f"dealer/card{k}": SpotContent((c.code,)) for k, c in enumerate(state.cards, 1)}
        for bet, stakes in (("ante", state.antes), ("raise", state.raises)):
            out |= {f"{seat}/{bet}": SpotContent(amount=cents) for seat, cents in stakes.items()}
        return out

    def strategy(self, state: Round) -> Event | None:
        from table_controller.games.red_dog.strategy import next_event

        return next_event(self, state)
