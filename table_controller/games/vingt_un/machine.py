"""Vingt-un as a pure game: ``apply`` copies the round, steps the copy with one event
(:mod:`handle`, :mod:`flow`) and hands the copy out; nothing handed out ever changes.

The pack lasts the session: :meth:`VingtUnGame.next_hand` starts the next round on the same
stock and pone pile, with the same seats in and the bank where the last round left it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from table_controller.contract import Bet
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
    NEW_DECK,
    RESHUFFLE,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Event,
    HardwareIrregularity,
)
from table_controller.games.rounds import RoundGame, hands_line, seat_names, stakes_line
from table_controller.games.vingt_un import handle
from table_controller.games.vingt_un.flow import DONE, SEATS_IN
from table_controller.games.vingt_un.prompts import hand_hidden, public, table_prompts, voided
from table_controller.games.vingt_un.round import HOUSE, Phase, Round, seat_words
from table_controller.games.vingt_un.switches import RULES_VERSION, Limits, Switches
from table_controller.money import signed
from table_controller.shoe import Shoe, shoe_from_header, shoe_header

ACTIONS = (
    "sit_in",
    "sit_out",
    "stake",
    "double",
    "no_double",
    "draw",
    "stand",
    "divide",
    "take_bank",
    "decline_bank",
)


class VingtUnGame(RoundGame):
    game_id = "vingt-un"
    title = "Vingt-un"
    actions = ACTIONS
    bets = ("stake",)
    rules_version = RULES_VERSION
    over_phase = Phase.OVER
    over_words = "the round is over: the next round starts with its seats (SEATS IN)"
    switches: Switches
    needs_reading_shoe = True  # cards lie face down: a camera alone cannot run the table (V-8)

    def __init__(self, switches: Switches, seats: int = 7, limits: Limits | None = None) -> None:
        self.switches = switches
        self.seats = seat_names(seats)
        self.limits = limits or Limits()

    # ----- rounds ----------------------------------------------------------------------------------
    def new_hand(self) -> Round:
        """The session's first round: the pack is shuffled first (V-11); every seat in."""
        return Round(
            self.switches, self.limits, self.seats, Shoe.fresh(1), seats_in=list(self.seats)
        )

    def next_hand(self, finished: Round) -> Round:
        """The round after ``finished``: the same stock and pone pile (V-26), the same seats in
        ("same as last round", V-12), the bank where the round left it (V-33)."""
        changed = finished.bank_round < 0
        banker = finished.bank_after()
        nxt = Round(
            self.switches,
            self.limits,
            self.seats,
            finished.shoe,
            phase=Phase.SEATS,
            banker=banker,
            bank_round=0 if changed else finished.bank_round + 1,
            seats_in=[s for s in finished.seats_in if s != banker],
        )
        return nxt

    def starts_next_hand(self, event: Event) -> bool:
        """After a finished round, the next one starts with its seats marked (or a shuffle)."""
        if isinstance(event, Control):
            return event.control in (SEATS_IN, NEW_DECK)
        return isinstance(event, Decision) and event.action in ("sit_in", "sit_out")

    def header(self, state: Round) -> dict[str, Any]:
        """Where a round starts: the stock and pone pile, the seats in, the bank, so a logged
        round replays on its own."""
        return {
            "phase": state.phase.value,
            **shoe_header(state.shoe, pile="pile"),
            "seats_in": list(state.seats_in),
            "banker": state.banker,
            "bank_round": state.bank_round,
        }

    def from_header(self, start: dict[str, Any]) -> Round:
        shoe = shoe_from_header(Shoe.fresh(1), start, pile="pile")
        return Round(
            self.switches,
            self.limits,
            self.seats,
            shoe,
            phase=Phase(str(start.get("phase", Phase.SEATS))),
            banker=str(start.get("banker", HOUSE)),
            bank_round=int(start.get("bank_round", 0)),
            seats_in=[str(s) for s in start.get("seats_in", self.seats)],
        )

    # ----- the engine interface ----------------------------------------------------------------------
    def step(self, r: Round, event: Event) -> str | Irregularity:
        if isinstance(event, CardArrived):
            note: str | Irregularity = handle.card(r, event)
        elif isinstance(event, Decision):
            if r.irregularity is not None:
                raise Refusal("the round is held for the pit boss: resolve it first")
            note = handle.decide(r, event)
        elif isinstance(event, Control):
            note = handle.control(r, event)
        elif isinstance(event, HardwareIrregularity):
            note = Irregularity("hardware", event.reason)
        else:
            raise Refusal(f"not an event of this game: {event!r}")
        return note

    def resolutions(self, state: Round) -> tuple[str, ...]:
        return handle.resolutions(state)

    def expected_in_play(self, state: Round) -> Expected:
        r = state
        if r.confirm:
            return Expected(controls=(DONE,))
        if r.phase == Phase.SHUFFLE:
            return Expected(controls=(NEW_DECK,))
        if r.phase == Phase.SEATS:
            return Expected(decisions=r.decisions(), controls=(SEATS_IN,))
        if r.must_shuffle or (r.next_deal() is not None and r.shoe.remaining == 0):
            empty = not r.must_shuffle and not r.shoe.discarded
            return Expected(controls=(VOID_HAND,) if empty else (RESHUFFLE,))
        return Expected(deal=r.deal_now(), decisions=r.decisions(), controls=(VOID_HAND,))

    def prompts(self, state: Round) -> TablePrompts:
        """The dealer's console: every card, hidden ones marked (V-10)."""
        return table_prompts(state, self.game_id, self.expected(state), self.result(state))

    def public_prompts(self, state: Round) -> TablePrompts:
        """The public display (V-9): no card that lies face down, no hidden total."""
        prompts = self.prompts(state)
        out = public(state, prompts, self.expected(state))
        if out.result is not None:
            out = replace(out, result=self.hand_result(state, public=True))
        return out

    def hand_result(self, r: Round, public: bool = False) -> HandResult:
        seats: dict[str, SeatResult] = {}
        for seat in r.deal_order():
            play = r.plays.get(seat)
            if play is None:
                continue
            net = sum(p.net for p in r.settled if p.seat == seat)
            outcome = (
                "void" if voided(r, play) else ("win" if net > 0 else "lose" if net < 0 else "push")
            )
            hands = []
            for h in play.hands:
                cards = [
                    c.code
                    for c, hide in zip(h.cards, hand_hidden(h), strict=False)
                    if not (public and hide)
                ]
                hands.append(
                    {
                        "cards": cards,
                        "total": None if public and any(hand_hidden(h)) else h.total,
                        "outcome": h.outcome,
                        "stake": h.stake,
                        "net": h.net,
                    }
                )
            method = ", ".join(h.outcome or "" for h in play.hands)
            rule = "VOID" if outcome == "void" else "V-19"
            seats[seat] = SeatResult(
                outcome, method, None, None, None, rule, {"net": net, "hands": hands}
            )
        banker_net = -sum(p.net for p in r.settled)
        banker = [c.code for c in r.banker_cards] if (r.banker_up or not public) else []
        who = "house" if r.banker == HOUSE else seat_words(r.banker)
        words = (
            void_words(seats)
            if r.void
            else (
                f"banker ({who}) {' '.join(banker) or 'not turned up'} {signed(banker_net)}; "
                + "; ".join(f"{seat_words(s)} {signed(v.details['net'])}" for s, v in seats.items())
            )
        )
        return HandResult(
            None,
            "VOID" if r.void else "V-19",
            words,
            seats,
            void=r.void,
            details={
                "banker": banker,
                "bank": r.banker,
                "banker_net": banker_net,
                "settlements": [p.to_dict() for p in r.settled],
            },
        )

    @property
    def bet_specs(self) -> tuple[Bet, ...]:
        """The stake, placed by a seat's decision within the table's limits."""
        lim = self.limits
        return (Bet("stake", "stake", "stake", lim.min_stake, lim.max_stake, on_form=False),)

    def seat_line(self, seat: SeatPrompt) -> str:
        return stakes_line(seat) or hands_line(seat) or super().seat_line(seat)

    def described(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "decks": 1,
            "first_dealt": None,
            "dealer_label": "BANKER",
            "buttons": "legal",
            "limits": {"min_stake": self.limits.min_stake, "max_stake": self.limits.max_stake},
        }

    # ----- declared layout and play ------------------------------------------------------------------
    def layout(self, state: Round | None = None) -> tuple[Spot, ...]:
        """The rules' spots: the shoe and the pone pile, the banker's cards across the top, each
        seat's stake and hands h1..h4 along the rail (seat1 on the dealer's left)."""
        spots = [
            Spot("shoe", 0.12, 0.1, "card", None, "the shoe (the stock)"),
            Spot("pone/pile", 0.88, 0.1, "card", None, "the pone pile"),
        ]
        spots += [
            Spot(
                f"banker/card{n}",
                0.36 + 0.06 * (n - 1),
                0.14,
                "card",
                None,
                f"the banker's card {n}",
            )
            for n in range(1, 8)
        ]
        count = len(self.seats)
        for i, seat in enumerate(self.seats):
            x = 0.92 - 0.84 * (i / max(1, count - 1)) if count > 1 else 0.5
            hands = len(state.plays[seat].hands) if state is not None and seat in state.plays else 1
            for k in range(1, hands + 1):
                hx = x + 0.025 * (k - 1)
                spots.append(
                    Spot(
                        f"{seat}/h{k}/stake",
                        hx,
                        0.92,
                        "bet",
                        seat,
                        f"{seat_words(seat)} hand {k} stake",
                    )
                )
                for m in range(1, 6):
                    spots.append(
                        Spot(
                            f"{seat}/h{k}/card{m}",
                            hx + 0.01 * (m - 1),
                            0.78 - 0.02 * (m - 1),
                            "card",
                            seat,
                            f"{seat_words(seat)} hand {k} card {m}",
                        )
                    )
        return tuple(spots)

    def strategy(self, state: Round) -> Event | None:
        from table_controller.games.vingt_un.strategy import next_event

        return next_event(self, state)


def void_words(seats: dict[str, SeatResult]) -> str:
    """A void round's result in words: the stakes returned, and which settlements stand (V-36)."""
    stand = [
        f"{seat_words(s)} {signed(v.details['net'])}"
        for s, v in seats.items()
        if v.outcome != "void"
    ]
    return "round void: unsettled stakes returned" + (
        f"; settlements made before the void stand (V-36): {', '.join(stand)}" if stand else ""
    )
