"""Blackjack with the Dead Man's Hand side bet as a pure game: ``apply`` copies the round, steps
the copy with one event (:mod:`flow`) and hands the copy out; nothing handed out ever changes.

A shoe lasts many rounds: :meth:`BlackjackGame.next_hand` starts the next round from a finished
one (the same shoe, its cards collected), or from a new shuffle once the cut card came out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

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
    hand_of,
    void_words,
)
from table_controller.events import (
    ACCEPT_CARD,
    NEW_DECK,
    RESHUFFLE,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Event,
    HardwareIrregularity,
    Wager,
)
from table_controller.games.blackjack import flow
from table_controller.games.blackjack.hands import SeatPlay
from table_controller.games.blackjack.paytables import Paytable
from table_controller.games.blackjack.prompts import (
    console_view,
    instruction,
    public_view,
    seat_prompt,
)
from table_controller.games.blackjack.round import Limits, Phase, Round, seat_words
from table_controller.games.blackjack.switches import RULES_VERSION, Switches
from table_controller.games.rounds import RoundGame, hands_line, seat_names, stakes_line
from table_controller.money import money, signed
from table_controller.shoe import Shoe, shoe_from_header, shoe_header

ACTIONS = (
    "hit",
    "stand",
    "double",
    "split",
    "surrender",
    "insurance",
    "even_money",
    "no_insurance",
)


class BlackjackGame(RoundGame):
    game_id = "blackjack"
    title = "Blackjack \u00b7 Dead Man's Hand"
    actions = ACTIONS
    bets = ("main", "side")
    rules_version = RULES_VERSION
    over_phase = Phase.OVER
    over_words = "the round is over: the next round starts with its bets or its first card"
    after_over = frozenset({flow.CUT_CARD})
    switches: Switches
    # a card source's report that is one of this game's controls: the shoe's cut card (BJ-14)
    hardware_controls: ClassVar[dict[str, str]] = {"cut_card": flow.CUT_CARD}

    def __init__(
        self, switches: Switches, paytable: Paytable, seats: int = 7, limits: Limits | None = None
    ) -> None:
        self.switches = switches
        self.shoe = ShoeSpec(decks=switches.decks)
        self.paytable = paytable
        self.seats = seat_names(seats)
        self.limits = limits or Limits()

    # ----- rounds --------------------------------------------------------------------------------
    def new_hand(self) -> Round:
        """The first round of a table: a new shuffle is wanted first."""
        return Round(
            self.switches,
            self.paytable,
            self.limits,
            self.seats,
            Shoe.fresh(self.switches.decks),
            needs_shuffle=True,
            phase=Phase.SHUFFLE,
        )

    def next_hand(self, finished: Round) -> Round:
        """The round after ``finished``: its cards collected into the discards, the bets as they
        were (the dealer changes any before the first card), a shuffle first if the cut card came out."""
        shoe = finished.shoe
        laid = [
            c for p in finished.plays.values() for h in p.hands for c in h.cards
        ] + finished.dealer
        shoe = shoe.discard(*laid)
        nxt = Round(self.switches, self.paytable, self.limits, self.seats, shoe)
        for seat, play in finished.plays.items():
            if play.main:
                nxt.plays[seat] = SeatPlay(seat, play.main, play.side)
        if finished.cut_reached or (finished.needs_shuffle and finished.phase == Phase.SHUFFLE):
            nxt.needs_shuffle, nxt.phase = True, Phase.SHUFFLE
        return nxt

    def header(self, state: Round) -> dict[str, Any]:
        """What a round starts from, for its log header: the shoe since the shuffle and the
        bets carried over, so a logged round replays on its own."""
        return {
            "phase": state.phase.value,
            "needs_shuffle": state.needs_shuffle,
            **shoe_header(state.shoe),
            "bets": {seat: [p.main, p.side] for seat, p in state.plays.items() if p.main},
        }

    def from_header(self, start: dict[str, Any]) -> Round:
        """The round a log header says this hand started from (:meth:`round_header`)."""
        shoe = shoe_from_header(Shoe.fresh(self.switches.decks), start)
        r = Round(
            self.switches,
            self.paytable,
            self.limits,
            self.seats,
            shoe,
            needs_shuffle=bool(start.get("needs_shuffle")),
            phase=Phase(str(start.get("phase", Phase.BETTING))),
        )
        for seat, (main, side) in (start.get("bets") or {}).items():
            r.plays[seat] = SeatPlay(seat, int(main), int(side))
        return r

    # ----- the engine interface ---------------------------------------------------------------------
    def step(self, r: Round, event: Event) -> str | Irregularity:
        if r.irregularity is not None and not (
            isinstance(event, Control) and event.control in (VOID_HAND, ACCEPT_CARD)
        ):
            if isinstance(event, CardArrived):
                r.shoe = r.shoe.burn(event.card) if r.shoe.can_hold(event.card) else r.shoe
                return (
                    f"{event.card.code} arrived while the round is held for the pit boss; set aside"
                )
            raise Refusal("the round is held for the pit boss: VOID HAND or ACCEPT CARD")
        if isinstance(event, Wager):
            note: str | Irregularity = flow.wager(r, event)
        elif isinstance(event, CardArrived):
            if r.shoe.remaining == 0 and r.next_deal() is not None:
                raise Refusal("the shoe is empty: shuffle the discards and continue (RESHUFFLE)")
            note = flow.card(r, event)
        elif isinstance(event, Decision):
            note = flow.decide(r, event)
        elif isinstance(event, Control):
            note = flow.control(r, event)
        elif isinstance(event, HardwareIrregularity):
            note = Irregularity("hardware", event.reason)
        else:
            raise Refusal(f"not an event of this game: {event!r}")
        return note

    def resolutions(self, state: Round) -> tuple[str, ...]:
        return (VOID_HAND, ACCEPT_CARD)

    def expected_in_play(self, state: Round) -> Expected:
        controls: list[str] = []
        if state.phase == Phase.SHUFFLE:
            return Expected(controls=(NEW_DECK,))
        deal = state.next_deal()
        if deal is not None and state.shoe.remaining == 0:
            return Expected(controls=(RESHUFFLE,))
        if state.phase == Phase.BETTING:
            controls.append(NEW_DECK)
        if state.phase not in (Phase.SHUFFLE, Phase.BETTING, Phase.BURN):
            controls.append(VOID_HAND)
        return Expected(deal=deal, decisions=state.decisions(), controls=tuple(controls))

    def prompts(self, state: Round) -> TablePrompts:
        seats = tuple(seat_prompt(state, seat) for seat in self.seats)
        shown = tuple(
            c.code for c in state.dealer[: (len(state.dealer) if state.hole_turned else 1)]
        )
        return TablePrompts(
            self.game_id,
            instruction(state, self.expected(state)),
            seats,
            shown,
            state.irregularity,
            self.result(state),
        )

    def console_prompts(self, state: Round) -> TablePrompts:
        return console_view(self.prompts(state), state)

    def public_prompts(self, state: Round) -> TablePrompts:
        return public_view(self.prompts(state), state)

    def hand_result(self, r: Round) -> HandResult:
        seats: dict[str, SeatResult] = {}
        for seat in r.betting_seats():
            play = r.plays[seat]
            net = sum(p.net for p in r.settled if p.seat == seat)
            outcomes = [h.outcome or "" for h in play.hands]
            outcome = "void" if r.void else ("win" if net > 0 else "lose" if net < 0 else "push")
            rule = "VOID" if r.void else "BJ-13"
            seats[seat] = SeatResult(
                outcome,
                ", ".join(outcomes),
                None,
                None,
                None,
                rule,
                {
                    "net": net,
                    "hands": [
                        {
                            "cards": [c.code for c in h.cards],
                            "total": h.total,
                            "outcome": h.outcome,
                            "stake": h.stake,
                            "net": h.net,
                        }
                        for h in play.hands
                    ],
                    "side": None
                    if not play.side
                    else {"stake": play.side, "outcome": play.side_outcome, "net": play.side_net},
                },
            )
        dealer = [c.code for c in r.dealer]
        words = (
            void_words(r.settled, "every bet returned")
            if r.void
            else (
                f"dealer {' '.join(dealer)}; "
                + "; ".join(f"{seat_words(s)} {signed(v.details['net'])}" for s, v in seats.items())
            )
        )
        return HandResult(
            None,
            "VOID" if r.void else "BJ-13",
            words,
            seats,
            void=r.void,
            details={"dealer": dealer, "settlements": [p.to_dict() for p in r.settled]},
        )

    @property
    def bet_specs(self) -> tuple[Bet, ...]:
        """The main bet and the side bet on the bet form (the table's limits), insurance by
        a seat's decision (up to half the main bet)."""
        lim = self.limits
        return (
            Bet("main", "main", "main bet", lim.main_min, lim.main_max),
            Bet("side", "side", "Dead Man's Hand side bet", None, lim.side_max),
            Bet("insurance", "insurance", "insurance", on_form=False),
        )

    def seat_line(self, seat: SeatPrompt) -> str:
        return stakes_line(seat) or hands_line(seat) or super().seat_line(seat)

    def stakes_words(self, figures: Mapping[str, Any]) -> str:
        """The prompt's bets, and the insurance once a seat has taken it."""
        words = super().stakes_words(figures)
        insurance = figures.get("insurance") or 0
        return f"{words}, insurance {money(insurance)}" if words and insurance else words

    def described(self) -> dict[str, Any]:
        return {
            "paytable": self.paytable.to_dict(),
            "seats": list(self.seats),
            "decks": self.switches.decks,
            "first_dealt": None,
            "limits": {
                "main_min": self.limits.main_min,
                "main_max": self.limits.main_max,
                "side_max": self.limits.side_max,
            },
        }

    # ----- declared layout and play ----------------------------------------------------------------
    def layout(self, state: Round | None = None) -> tuple[Spot, ...]:
        """The dealer's cards at the top, the seats along the arc (seat1 at the dealer's left:
        the right of the picture; the middle seats nearest the rail), each seat's insurance
        place above its hands, its hands side by side (after a split) in its share of the arc
        (a seat's share is as wide as its hands), and its main and side bet circles below them."""
        spots = [
            Spot("dealer/up", 0.47, 0.14, "card", None, "dealer up card"),
            Spot("dealer/hole", 0.53, 0.14, "card", None, "dealer hole card"),
        ]
        spots += [
            Spot(f"dealer/card{n}", 0.53 + 0.04 * (n - 2), 0.14, "card", None, f"dealer card {n}")
            for n in range(3, 8)
        ]
        hands = [
            len(state.plays[s].hands) if state is not None and s in state.plays else 1
            for s in self.seats
        ]
        hands = [max(1, n) for n in hands]
        right = 1.0  # seat1 at the right end; each seat's share of the arc grows with its hands
        for i, seat in enumerate(self.seats):
            share = hands[i] / sum(hands)
            spots += seat_spots(seat, i, len(self.seats), hands[i], (right - share, right))
            right -= share
        return tuple(spots)

    def bets_open(self, state: Round) -> bool:
        return state.phase in flow.BETS_OPEN

    def placed_cards(self, state: Round) -> dict[str, tuple[str, ...]]:
        """The face-up cards on each of the camera's places (table_controller.camera_places):
        the dealer's shown cards on ``dealer``, each seat's on ``seatN``; a seat that split has
        each hand's on that hand (``seatN/h2``, as :meth:`layout` splits its place)."""
        places = {
            "dealer": tuple(code for code in self.prompts(state).show_cards if code is not None)
        }
        for seat, play in state.plays.items():
            if len(play.hands) <= 1:
                places[seat] = tuple(c.code for hand in play.hands for c in hand.cards)
                continue
            for k, hand in enumerate(play.hands, start=1):
                places[hand_of(f"{seat}/h{k}/card1")] = tuple(c.code for c in hand.cards)
        return places

    def strategy(self, state: Round) -> Event | None:
        from table_controller.games.blackjack.strategy import next_event

        return next_event(self, state)


def seat_spots(
    seat: str, index: int, count: int, hands: int, span: tuple[float, float]
) -> list[Spot]:
    """One seat's places within its span of the table's width (more hands, a wider span)."""
    left, right = span
    x = (left + right) / 2
    unit = (right - left) / hands  # one hand's share
    arc = 1 - abs(2 * index / (count - 1) - 1) if count > 1 else 1.0  # 0 at the ends, 1 mid-table
    hand_y = 0.5 + 0.08 * arc
    bet_y = hand_y + 0.27
    who = seat_words(seat)
    spots = [
        Spot(
            f"{seat}/insurance",
            round(x, 4),
            round(hand_y - 0.2, 4),
            "bet",
            seat,
            f"{who} insurance",
        ),
        Spot(
            f"{seat}/bet", round(x - 0.2 * unit, 4), round(bet_y, 4), "bet", seat, f"{who} main bet"
        ),
        Spot(
            f"{seat}/side",
            round(x + 0.22 * unit, 4),
            round(bet_y, 4),
            "bet",
            seat,
            f"{who} side bet",
        ),
    ]
    for k in range(1, hands + 1):  # hand 1 nearest the dealer's left, as the cards are dealt
        centre = right - (k - 0.5) * unit
        for m, offset in ((1, -0.12), (2, 0.12)):
            spots.append(
                Spot(
                    f"{seat}/h{k}/card{m}",
                    round(centre + offset * unit, 4),
                    round(hand_y, 4),
                    "card",
                    seat,
                    f"{who} hand {k} card {m}",
                )
            )
    return spots
