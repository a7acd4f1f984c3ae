"""Luck of the Draw as a pure game (red-dog.md Part C): one seat's wager against the house, hands
of a session on one 54-card deck (:meth:`LuckOfTheDrawGame.next_hand`), each payment a dealer
prompt confirmed with ``paid``.

LD-4's even money favours the player heavily (section 0, item 4): the engine runs it as the seed
describes it; a house must not offer it for money at 1 to 1.
"""

from __future__ import annotations

from typing import Any

from table_controller.contract import Bet, ShoeSpec
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
    ACCEPT_CARD,
    BURN_CARD,
    NEW_DECK,
    PAID,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Event,
    HardwareIrregularity,
)
from table_controller.games.rounds import RoundGame, stakes_line
from table_controller.games.split_decision import luck_round as ld
from table_controller.games.split_decision.luck_round import Phase
from table_controller.money import money
from table_controller.shoe import Shoe, shoe_from_header, shoe_header

RULES_VERSION = "red-dog.md 2026-11 (Part C)"
ACTIONS = ("stop", "wager", *(f"{k}_{p}" for k in ("pick", "high", "low") for p in ld.POSITIONS))


class LuckOfTheDrawGame(RoundGame):
    game_id = "luck-of-the-draw"
    title = "Luck of the Draw"
    actions = ACTIONS
    bets = ("wager",)
    seats = (ld.SEAT,)
    rules_version = RULES_VERSION
    over_phase = Phase.OVER
    over_words = "the hand is over: the next hand starts with the board laid"
    shoe = ShoeSpec(jokers=2)  # the 54-card deck

    def __init__(self, limits: ld.LDLimits | None = None) -> None:
        self.limits = limits or ld.LDLimits()

    # ----- hands of a session ---------------------------------------------------------------------
    def new_hand(self) -> ld.LDHand:
        return ld.LDHand(self.limits, Shoe.fresh(1, jokers=2))

    def next_hand(self, finished: ld.LDHand) -> ld.LDHand:
        """The next hand of the session on the same deck, or a new session (a fresh shuffle)."""
        if finished.phase == Phase.SHUFFLE:
            return finished
        shoe = finished.shoe.discard(finished.draw) if finished.draw is not None else finished.shoe
        if finished.outcome == "stop" or finished.hand_no >= self.limits.hands_per_session:
            return ld.LDHand(self.limits, shoe)
        return ld.LDHand(self.limits, shoe, hand_no=finished.hand_no + 1, phase=Phase.START)

    @staticmethod
    def starts_next_hand(event: Event) -> bool:
        """After a hand, the board laid (or the seat's stop, or a new session's shuffle) begins the next one."""
        return (isinstance(event, Control) and event.control in (ld.BOARD_LAID, NEW_DECK)) or (
            isinstance(event, Decision) and event.action == "stop"
        )

    def header(self, state: ld.LDHand) -> dict[str, Any]:
        return {
            "phase": state.phase.value,
            "hand_no": state.hand_no,
            **shoe_header(state.shoe, burned=False),
        }

    def from_header(self, start: dict[str, Any]) -> ld.LDHand:
        shoe = shoe_from_header(Shoe.fresh(1, jokers=2), start)
        return ld.LDHand(
            self.limits,
            shoe,
            hand_no=int(start.get("hand_no", 1)),
            phase=Phase(str(start.get("phase", Phase.SHUFFLE))),
        )

    # ----- the engine interface --------------------------------------------------------------------
    def step(self, r: ld.LDHand, event: Event) -> str | Irregularity:
        if r.irregularity is not None and not isinstance(event, (Control, HardwareIrregularity)):
            raise Refusal(
                "the hand is held for the pit boss: "
                + " or ".join(self.expected(r).controls).upper()
            )
        if isinstance(event, CardArrived):
            note: str | Irregularity = ld.card(r, event.card, event.spot)
        elif isinstance(event, Decision):
            note = ld.decide(r, event.seat, event.action, event.amount)
        elif isinstance(event, Control):
            note = self._control(r, event)
        elif isinstance(event, HardwareIrregularity):
            note = Irregularity("hardware", event.reason)
        else:
            raise Refusal(f"not an event of this game: {event!r}")
        if isinstance(note, str) and r.irregularity is not None and r.phase == Phase.REST:
            note = r.irregularity  # LD-5 found the board incomplete as the last card came up
        return note

    def _control(self, r: ld.LDHand, event: Control) -> str:
        name = event.control
        if name == NEW_DECK:
            if r.phase != Phase.SHUFFLE:
                raise Refusal("the deck is shuffled fresh at the start of a session (LD-1)")
            r.shoe, r.phase = Shoe.fresh(1, jokers=2), Phase.START
            return "a fresh 54-card deck with both jokers is loaded: lay the board"
        if name == ld.BOARD_LAID:
            if r.phase != Phase.START:
                raise Refusal("the board is laid before the picks")
            r.phase = Phase.PICK
            return "the board is laid on board/1 to board/15"
        if name == PAID:
            if not r.queue:
                raise Refusal("there is no payment to confirm now")
            payment = r.queue.pop(0)
            r.settled.append(payment)
            r.phase = Phase.OVER
            return f"{self._payment_words(payment)}: done"
        if name == VOID_HAND:
            return self._void(r, event.by)
        if name in (BURN_CARD, ACCEPT_CARD):
            if r.irregularity is None or name not in self.resolutions(r):
                raise Refusal("there is no irregularity this control resolves")
            held, r.irregularity, r.held_card = r.held_card, None, None
            return f"{held.code if held else 'the hold'} cleared by {event.by}"
        raise Refusal(f"{name} is not a control of this game")

    def _void(self, r: ld.LDHand, by: str) -> str:
        if r.phase in (Phase.OVER, Phase.SHUFFLE, Phase.START):
            raise Refusal("no hand is in play to void")
        r.irregularity, r.held_card, r.queue, r.void = None, None, [], True
        if r.wager:
            r.queue.append(
                ld.Payment(
                    ld.SEAT,
                    "wager",
                    r.wager,
                    0,
                    r.wager,
                    0,
                    "hand void: the wager returned",
                    "VOID",
                )
            )
            r.phase = Phase.PAY
        else:
            r.phase = Phase.OVER
        return f"hand void by {by}"

    def resolutions(self, r: ld.LDHand) -> tuple[str, ...]:
        kind = r.irregularity.kind if r.irregularity else ""
        if kind in ("board_incomplete", "wrong_spot"):
            return (VOID_HAND,)
        if kind == "hardware":
            return (ACCEPT_CARD, VOID_HAND)
        return (BURN_CARD, VOID_HAND)

    def expected_in_play(self, state: ld.LDHand) -> Expected:
        if state.phase == Phase.SHUFFLE:
            return Expected(controls=(NEW_DECK,))
        if state.phase == Phase.START:
            return Expected(decisions=state.decisions(), controls=(ld.BOARD_LAID,))
        return Expected(deal=state.next_deal(), decisions=state.decisions(), controls=(VOID_HAND,))

    # ----- what is shown --------------------------------------------------------------------------------
    def prompts(self, state: ld.LDHand) -> TablePrompts:
        exp = self.expected(state)
        board = {str(p): c.code for p, c in sorted(state.board.items())}
        figures = {
            "hand": state.hand_no,
            "hands_per_session": self.limits.hands_per_session,
            "board": board,
            "picks": list(state.picks),
            "devil": state.devil_revealed(),
            "draw": state.draw.code if state.draw else None,
            "high": state.high,
            "low": state.low,
            "outcome": state.outcome or None,
        }
        net = sum(p.net for p in state.settled)
        seat = SeatPrompt(
            ld.SEAT,
            "finished" if state.phase == Phase.OVER else ("acting" if exp.decisions else "waiting"),
            bool(exp.decisions),
            None,
            None,
            None,
            exp.decisions.get(ld.SEAT, ()),
            ("void" if state.void else state.outcome or None)
            if state.phase == Phase.OVER
            else None,
            None,
            (),
            (),
            "",
            {
                "wager": state.wager,
                "net": net if state.settled else None,
                "bets_words": f"wager {money(state.wager)}" if state.wager else "no wager",
            },
        )
        return TablePrompts(
            self.game_id,
            self._instruction(state, exp),
            (seat,),
            (),
            state.irregularity,
            self.result(state),
            figures,
        )

    def _instruction(self, r: ld.LDHand, exp: Expected) -> str:
        if r.irregularity is not None:
            fix = " or ".join(c.upper().replace("_", " ") for c in exp.controls)
            return (
                f"IRREGULARITY: {r.irregularity.reason}. Hold the hand and call the pit boss: {fix}"
            )
        if exp.hand_over:
            if r.outcome == "stop":
                return (
                    "SEAT 1 stopped: the session is over. Shuffle a fresh deck for the next session"
                )
            last = r.hand_no >= self.limits.hands_per_session
            return f"Hand {r.hand_no} over." + (
                " The session is over: a fresh deck next" if last else " Next hand"
            )
        if exp.payment is not None:
            return self._payment_words(exp.payment)
        if r.phase == Phase.SHUFFLE:
            return "Shuffle the 54 cards with both jokers, load the shoe"
        if r.phase == Phase.START:
            stop = "; or SEAT 1 stops" if exp.decisions else ""
            return f"Hand {r.hand_no}: shuffle the board and lay it on board/1 to board/15 (BOARD LAID){stop}"
        if r.phase == Phase.PICK:
            return f"SEAT 1: pick four board positions ({len(r.picks)} picked)"
        if r.phase == Phase.REVEAL:
            return "Turn up " + ", ".join(f"board/{p}" for p in r.picks if p not in r.board)
        if r.phase in (Phase.HIGH, Phase.LOW):
            return f"SEAT 1: choose the {r.phase}" + (
                f" (high {r.board[r.high].rank})" if r.high else ""
            )
        if r.phase == Phase.WAGER:
            return f"SEAT 1: wager ({money(self.limits.min_bet)} to {money(self.limits.max_bet)})"
        if r.phase == Phase.DRAW:
            return "Deal the bonus card to ld/draw"
        if r.phase == Phase.REST:
            return f"Turn up the other board cards: {exp.deal.spot if exp.deal else ''}"
        return "Wait"

    @staticmethod
    def _payment_words(p: Any) -> str:
        if p.paid:
            return f"Pay SEAT 1 {money(p.paid)} ({p.reason})"
        if p.collected:
            return f"Collect {money(p.collected)} from SEAT 1 ({p.reason})"
        return f"Push: the wager stays ({p.reason})"

    def hand_result(self, r: ld.LDHand) -> HandResult:
        net = sum(p.net for p in r.settled)
        outcome = (
            "void"
            if r.void
            else "stop"
            if r.outcome == "stop"
            else "win"
            if net > 0
            else "lose"
            if net < 0
            else "push"
        )
        rule = "VOID" if r.void else "LD-4"
        seat = SeatResult(
            outcome, r.outcome or None, None, None, None, rule, {"net": net, "wager": r.wager}
        )
        return HandResult(
            None,
            rule,
            self._result_words(r, net),
            {ld.SEAT: seat},
            void=r.void,
            details={
                "hand": r.hand_no,
                "settlements": [p.to_dict() for p in r.settled],
                "board": {str(p): c.code for p, c in r.board.items()},
            },
        )

    @staticmethod
    def _result_words(r: ld.LDHand, net: int) -> str:
        if r.outcome == "stop":
            return "SEAT 1 stops"
        if r.void:
            return f"hand {r.hand_no}: void"
        high = r.board[r.high].rank if r.high else "-"
        low = r.board[r.low].rank if r.low else "-"
        sign = "+" if net > 0 else "-" if net < 0 else ""
        return (
            f"hand {r.hand_no}: {r.draw.code if r.draw else '-'} against high {high}, low {low}: "
            f"{r.outcome} ({sign}{money(abs(net))})"
        )

    @property
    def bet_specs(self) -> tuple[Bet, ...]:
        """The wager, placed by the seat's decision within the table's limits."""
        lim = self.limits
        return (Bet("wager", "wager", "wager", lim.min_bet, lim.max_bet, on_form=False),)

    def seat_line(self, seat: SeatPrompt) -> str:
        return stakes_line(seat) or super().seat_line(seat)

    def described(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "decks": 1,
            "jokers": 2,
            "first_dealt": None,
            "limits": {
                "min_bet": self.limits.min_bet,
                "max_bet": self.limits.max_bet,
                "hands_per_session": self.limits.hands_per_session,
            },
        }

    def layout(self, state: ld.LDHand | None = None) -> tuple[Spot, ...]:
        spots = [
            Spot(
                f"board/{p}",
                0.1 + 0.8 * ((p - 1) % 5) / 4,
                0.15 + 0.15 * ((p - 1) // 5),
                "card",
                None,
                f"board {p}",
            )
            for p in ld.POSITIONS
        ]
        return (
            *spots,
            Spot("ld/draw", 0.5, 0.68, "card", ld.SEAT, "the bonus card"),
            Spot("seat1/wager", 0.5, 0.88, "bet", ld.SEAT, "SEAT 1 wager"),
        )

    def strategy(self, state: ld.LDHand) -> Event | None:
        from table_controller.games.split_decision.luck_strategy import next_event

        return next_event(self, state)
