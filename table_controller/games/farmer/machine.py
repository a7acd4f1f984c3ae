"""Farmer as a pure game: ``apply`` copies the deal, steps the copy with one event (:mod:`flow`)
and hands the copy out; nothing handed out ever changes.

A session lasts many deals: the first chooses the farmer (F-8); :meth:`FarmerGame.next_hand`
starts the next deal from a finished one with the farm carried over and the farmer passed on
(F-20). A deal's log header carries the farm and the farmer, so a logged deal replays alone.
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
    SeatResult,
    Spot,
    TablePrompts,
)
from table_controller.events import (
    CLOSE_GAME,
    DONE,
    NEW_DECK,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Event,
    HardwareIrregularity,
)
from table_controller.games.farmer import flow
from table_controller.games.farmer.cards import STRIPPED, fresh_shoe, seat_words
from table_controller.games.farmer.deal import Deal, Phase
from table_controller.games.farmer.prompts import instruction, seat_net, seat_prompt
from table_controller.games.farmer.seating import SEATING
from table_controller.games.farmer.settle import FARM, SIDE_POT
from table_controller.games.farmer.sightings import resolutions
from table_controller.games.farmer.switches import RULES_VERSION, Switches
from table_controller.games.rounds import RoundGame, seat_names
from table_controller.money import money, signed

ACTIONS = ("hit", "stay", *SEATING)


class FarmerGame(RoundGame):
    game_id = "farmer"
    title = "Farmer"
    actions = ACTIONS
    bets = ("ante",)
    hides_from_public = True  # F-6: face-down cards, scores and busts only on the dealer's console
    rules_version = RULES_VERSION
    over_phase = Phase.OVER
    over_words = "the deal is over: the next deal starts with its shuffle (NEW DECK)"
    header_key = "deal"
    switches: Switches
    shoe = ShoeSpec(stripped=tuple(c.code for c in STRIPPED))  # the 45-card deck

    def __init__(self, switches: Switches, seats: int = 4) -> None:
        self.switches = switches
        self.seats = seat_names(seats)

    # ----- deals ---------------------------------------------------------------------------------
    def new_hand(self) -> Deal:
        """The first deal of a session: the farmer is chosen first (F-8)."""
        return Deal(
            self.switches, self.seats, fresh_shoe(), phase=Phase.CHOOSE_SHUFFLE, table=self.seats
        )

    def next_hand(self, finished: Deal) -> Deal:
        """F-20: the farm carried over, the farm's winner the farmer; every deal starts with a
        shuffle. After the game was closed (F-22) a new game starts by choosing its farmer."""
        if finished.closed:
            return Deal(
                self.switches,
                finished.seats,
                fresh_shoe(),
                phase=Phase.CHOOSE_SHUFFLE,
                table=self.seats,
            )
        farmer = finished.next_farmer or finished.farmer
        phase = Phase.SHUFFLE if farmer else Phase.CHOOSE_SHUFFLE
        return Deal(
            self.switches,
            finished.seats,
            fresh_shoe(),
            farm=finished.farm,
            farmer=farmer,
            phase=phase,
            table=self.seats,
            last_seats=finished.seats,
        )

    def starts_next_hand(self, event: Event) -> bool:
        """What, after a finished deal, begins the next: its shuffle, a seat joining or leaving
        (F-21), or the pit boss closing the game (F-22)."""
        if isinstance(event, Control):
            return event.control in (NEW_DECK, CLOSE_GAME)
        return isinstance(event, Decision) and event.action in SEATING

    def header(self, state: Deal) -> dict[str, Any]:
        return {
            "farm": state.farm,
            "farmer": state.farmer,
            "phase": state.phase.value,
            "seats": list(state.seats),
            "last_seats": list(state.last_seats),
        }

    def from_header(self, start: dict[str, Any]) -> Deal:
        farmer = start.get("farmer")
        seats = tuple(s for s in self.seats if s in (start.get("seats") or self.seats))
        last = tuple(s for s in self.seats if s in (start.get("last_seats") or ()))
        return Deal(
            self.switches,
            seats,
            fresh_shoe(),
            farm=int(start.get("farm") or 0),
            farmer=str(farmer) if farmer else None,
            phase=Phase(str(start.get("phase") or Phase.CHOOSE_SHUFFLE)),
            table=self.seats,
            last_seats=last,
        )

    # ----- the engine interface -----------------------------------------------------------------
    def step(self, d: Deal, event: Event) -> str | Irregularity:
        if d.irregularity is not None and not (
            isinstance(event, Control) and event.control in resolutions(d)
        ):
            if isinstance(event, CardArrived):
                d.shoe = (
                    d.shoe.draw(event.card).burn(event.card)
                    if d.shoe.can_hold(event.card)
                    else d.shoe
                )
                return (
                    f"{event.card.code} arrived while the deal is held for the pit boss; set aside"
                )
            allowed = " or ".join(c.replace("_", " ").upper() for c in resolutions(d))
            raise Refusal(f"the deal is held for the pit boss: {allowed}")
        if isinstance(event, CardArrived):
            note: str | Irregularity = flow.card(d, event)
        elif isinstance(event, Decision):
            note = flow.decide(d, event)
        elif isinstance(event, Control):
            note = flow.control(d, event)
        elif isinstance(event, HardwareIrregularity):
            note = Irregularity("hardware", event.reason)
        else:
            raise Refusal(f"not an event of this game: {type(event).__name__}")
        return note

    def expected_over(self, state: Deal) -> Expected:
        """The next deal begins with its shuffle, or the game is closed."""
        return Expected(hand_over=True, controls=() if state.closed else (NEW_DECK, CLOSE_GAME))

    def resolutions(self, state: Deal) -> tuple[str, ...]:
        return resolutions(state)

    def expected_in_play(self, state: Deal) -> Expected:
        if state.phase == Phase.SHUFFLE:
            return Expected(controls=(NEW_DECK, CLOSE_GAME))
        if state.phase == Phase.CHOOSE_SHUFFLE:
            return Expected(controls=(NEW_DECK,))
        if state.phase == Phase.REVEAL:
            return Expected(controls=(DONE, VOID_HAND))
        return Expected(deal=state.next_deal(), decisions=state.decisions(), controls=(VOID_HAND,))

    def prompts(self, state: Deal) -> TablePrompts:
        seats = tuple(seat_prompt(state, seat) for seat in self.seats)
        return TablePrompts(
            self.game_id,
            instruction(state, self.expected(state)),
            seats,
            (),
            state.irregularity,
            self.result(state),
        )

    def hand_result(self, d: Deal) -> HandResult:
        seats: dict[str, SeatResult] = {}
        for seat in (s for s in self.seats if s in d.seats or any(p.seat == s for p in d.settled)):
            net = seat_net(d, seat)
            outcome = "void" if d.void else ("win" if net > 0 else "lose" if net < 0 else "even")
            cards = d.hands.get(seat, [])
            seats[seat] = SeatResult(
                outcome,
                None,
                d.score(seat) if cards else None,
                None,
                None,
                d.decided_by or "VOID",
                {"net": net, "cards": [c.code for c in cards], "farmer": seat == d.farmer},
            )
        winner = next(
            (p.seat for p in d.settled if p.payer == "farm" and p.rule.startswith("F-15")), None
        )
        if d.closed:
            words = "game closed: the farm divided; " + "; ".join(
                f"{seat_words(s)} {signed(r.details['net'])}"
                for s, r in seats.items()
                if r.details["net"]
            )
        elif d.void:
            words = "deal void: every ante returned"
        else:
            took = f"{seat_words(winner)} takes the farm" if winner else "nobody scores 16"
            words = (
                f"{took}; "
                + "; ".join(f"{seat_words(s)} {signed(r.details['net'])}" for s, r in seats.items())
                + f"; farm {money(d.farm)}; next farmer {seat_words(d.next_farmer or '')}"
            )
        return HandResult(
            winner,
            "VOID" if d.void else d.decided_by,
            words,
            seats,
            void=d.void,
            details={
                "seats_in_deal": list(d.seats),
                "closed": d.closed,
                "farmer": d.farmer,
                "next_farmer": d.next_farmer,
                "farm": d.farm,
                "settlements": [p.to_dict() for p in d.settled],
                "chosen_by": [[s, c.code] for s, c in d.chosen_by],
            },
        )

    pots: ClassVar[Mapping[str, str]] = {FARM: "the farm", SIDE_POT: "the side pot"}

    @property
    def bet_specs(self) -> tuple[Bet, ...]:
        """The ante, the table's one amount, into the farm; what the seats pay one another."""
        ante = self.switches.ante
        return (
            Bet("ante", "ante", "ante", ante, ante, pot=FARM),
            Bet("farm", "farm", "the farm, to its winner", on_form=False),
            Bet("bust", "bust", "passed 16", on_form=False),
            Bet("lower", "lower", "under 16, to the winner", on_form=False),
            Bet("closest", "closest", "to the seat closest to 16", on_form=False),
            Bet("side_pot", "side_pot", "a share of the side pot", on_form=False),
            Bet("remainder", "remainder", "the side pot's remainder", on_form=False),
            Bet("close", "close", "the farm divided on closing", on_form=False),
        )

    def described(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "decks": 1,
            "deck": "45 cards: no 8s, no 6 but the 6\u2665",
            "first_dealt": None,
            "ante": self.switches.ante,
        }

    # ----- declared layout and play ----------------------------------------------------------------
    def layout(self, state: Deal | None = None) -> tuple[Spot, ...]:
        """The farm in the middle, the seats round the table from the dealer's left (the right
        of the picture), each with its select spot and its cards."""
        spots = [
            Spot("shoe", 0.2, 0.1, "card", None, "the shoe"),
            Spot("farm", 0.5, 0.35, "bet", None, "the farm"),
            Spot("discard", 0.8, 0.1, "card", None, "the discard"),
        ]
        count = len(self.seats)
        for i, seat in enumerate(self.seats):
            x = 0.92 - 0.84 * (i / max(1, count - 1)) if count > 1 else 0.5
            y = 0.7 + 0.12 * (1 - abs(2 * i / max(1, count - 1) - 1)) if count > 1 else 0.82
            held = len(state.hands.get(seat, ())) if state is not None else 2
            spots.append(
                Spot(f"{seat}/select", x, y - 0.16, "card", seat, f"{seat_words(seat)} select")
            )
            spots.append(Spot(f"{seat}/ante", x, y + 0.12, "bet", seat, f"{seat_words(seat)} ante"))
            spots += [
                Spot(
                    f"{seat}/card{k}",
                    x - 0.02 + 0.015 * (k - 1),
                    y,
                    "card",
                    seat,
                    f"{seat_words(seat)} card {k}",
                )
                for k in range(1, max(2, held) + 1)
            ]
        return tuple(spots)

    def strategy(self, state: Deal) -> Event | None:
        from table_controller.games.farmer.strategy import next_event

        return next_event(self, state)
