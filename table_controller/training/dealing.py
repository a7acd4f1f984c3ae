"""A game driven for a drill: the cards come from a deck (stacked or shuffled), the seats signal
their decisions (a trainer's list, or the game's own autopilot), and the engine says the right
step. Bets, new decks and the pit boss's ruling are applied for the trainee; every step a dealer
makes at the table (a card to a spot, a seat's decision, a payment, a call to the pit boss) is
left to the trainee.

Pure: the deck and the seats' signals are inputs; nothing here reads a clock or draws at random.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from table_controller.cards import Card
from table_controller.contract import Game
from table_controller.engine import IrregularityOpened, Refused
from table_controller.errors import TableError
from table_controller.events import (
    DONE,
    NEW_DECK,
    PAID,
    RESHUFFLE,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Event,
    Wager,
)
from table_controller.training.steps import Step

# The controls the drill gives for the trainee, none of them a step it scores: a new deck, a
# reshuffle, the cut card, DONE once the bets are down.
AUTO_CONTROLS = (NEW_DECK, RESHUFFLE, "cut_card", DONE)


class DrillError(TableError):
    """The drill cannot go on (its deck ran out, a trainer's decision is never legal)."""


class Signals(Protocol):
    """What the seats signal: the next wager or decision (None: nothing yet), and that one used."""

    def next(self, game: Game, state: Any) -> Event | None: ...

    def used(self, event: Event) -> None: ...


class ScriptedSignals:
    """A trainer's list: each decision is signalled as soon as it is legal (as ``table scenario``
    applies them), bets are placed before the first card."""

    def __init__(self, wagers: list[Wager], decisions: list[Decision]) -> None:
        self.wagers = list(wagers)
        self.decisions = list(decisions)

    def next(self, game: Game, state: Any) -> Event | None:
        if self.wagers:
            return self.wagers[0]
        if self.decisions:
            d = self.decisions[0]
            if d.action in game.expected(state).decisions.get(d.seat, ()):
                return d
        return None

    def used(self, event: Event) -> None:
        if self.wagers and event is self.wagers[0]:
            self.wagers.pop(0)
        elif self.decisions and event is self.decisions[0]:
            self.decisions.pop(0)


class AutopilotSignals:
    """The seats play as the table's autopilot would (the game's own strategy where it has one)."""

    def next(self, game: Game, state: Any) -> Event | None:
        from table_controller.autopilot import next_event

        event = next_event(game, state)
        return event if isinstance(event, (Wager, Decision)) else None

    def used(self, event: Event) -> None:
        pass


@dataclass
class Dealing:
    """One drill's table. ``deck`` is the cards in the order they come out, top first."""

    game: Game
    deck: list[Card]
    signals: Signals
    pit_ruling: str = VOID_HAND
    reshuffle: Callable[[], list[Card]] | None = None  # a fresh shoe, for drills of many hands
    live: bool = (
        False  # the cards come from a real (or simulated) shoe as they are drawn: see card_read
    )
    state: Any = None
    pos: int = 0
    hand_start: int = 0  # where in the deck this hand's cards begin
    notes: list[str] = field(
        default_factory=list
    )  # what the drill did for the trainee, latest last
    _right: Step | None = None
    _event: Event | None = None

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.game.new_hand()
        self.settle()

    # ----- what the trainee must do ------------------------------------------------------------
    @property
    def hand_over(self) -> bool:
        return bool(self.game.expected(self.state).hand_over)

    @property
    def right_step(self) -> Step | None:
        return self._right

    @property
    def waiting_for_card(self) -> bool:
        """A live table whose next step is a card not yet drawn from the shoe."""
        return self.live and self._right is None and not self.hand_over

    @property
    def wants_fresh_deck(self) -> bool:
        """A live table about to draw a hand's first card in a game played from a fresh deck
        each hand (no rounds on one shoe): a simulated shoe shuffles a new deck first."""
        return (
            self.live
            and not self.game.lasting_shoe
            and self.pos == self.hand_start
            and len(self.deck) == self.pos
        )

    def card_read(self, card: Card) -> None:
        """A live shoe read ``card``: it is the next card to place (the drill works out where)."""
        self.deck.append(card)
        if self.waiting_for_card:
            self.settle()

    @property
    def next_card(self) -> Card | None:
        return self.deck[self.pos] if self.pos < len(self.deck) else None

    def apply_right(self) -> None:
        """Make the right step (the trainee entered it) and go on to the next."""
        if self._event is None:
            raise DrillError("the hand is over")
        self._apply(self._event)
        if isinstance(self._event, CardArrived):
            self.pos += 1
        self.signals.used(self._event)
        self.settle()

    def next_hand(self) -> None:
        """The next hand: on the same shoe where the game deals rounds from one (until its cut
        card, three quarters in), else on a fresh shoe from ``reshuffle``."""
        game = self.game
        spent = self.pos > len(self.deck) * 0.75
        if self.reshuffle is not None and (spent or not game.lasting_shoe):
            self.deck, self.pos = self.reshuffle(), 0
            self.state = game.new_hand()
        else:
            self.state = game.next_hand(self.state)
        self.hand_start = self.pos
        self.settle()

    # ----- the drill's own moves -----------------------------------------------------------------
    def settle(self) -> None:
        """Apply what the trainee does not do (bets, a new deck, the pit boss's ruling) until a
        dealer's step is due or the hand is over; then work out that step."""
        for _ in range(1000):
            auto = self._automatic()
            if auto is None:
                break
            self._apply(auto)
            self.signals.used(auto)
        self._right, self._event = self._dealer_step()

    def _automatic(self) -> Event | None:
        exp = self.game.expected(self.state)
        if exp.hand_over:
            return None
        if self.game.prompts(self.state).irregularity is not None:
            ruling = self.pit_ruling if self.pit_ruling in exp.controls else VOID_HAND
            self.notes.append(f"the pit boss rules: {ruling.replace('_', ' ')}")
            return Control(ruling, by="pit_boss")
        if exp.payment is not None:
            return None
        signal = self.signals.next(self.game, self.state)
        control = next((c for c in AUTO_CONTROLS if c in exp.controls), None)
        if isinstance(signal, Wager) and (control is None or self._takes(signal)):
            return signal  # a bet the game never takes is the drill's error (_apply says why)
        if control is not None and exp.deal is None and not exp.decisions:
            if signal is None or isinstance(signal, Wager):  # a bet waits for a new deck
                self.notes.append(f"the drill: {control.replace('_', ' ')}")
                return Control(control, by="training")
        return None

    def _takes(self, wager: Wager) -> bool:
        _, effects = self.game.apply(self.state, wager)  # pure: asks, changes nothing
        return not any(isinstance(e, Refused) for e in effects)

    def _dealer_step(self) -> tuple[Step | None, Event | None]:
        exp = self.game.expected(self.state)
        if exp.hand_over:
            return None, None
        if exp.payment is not None:
            p = exp.payment
            verb = "pay" if p.paid else ("collect" if p.collected else "push")
            amount = p.paid or p.collected
            return Step("payment", seat=p.seat, verb=verb, amount=amount), Control(
                PAID, by="trainee"
            )
        signal = self.signals.next(self.game, self.state)
        if isinstance(signal, Decision):
            return Step("decision", seat=signal.seat, action=signal.action), signal
        if exp.deal is not None:
            card = self.next_card
            if card is None and self.live:
                return None, None  # the trainee draws it from the shoe first
            if card is None:
                raise DrillError(f"the drill's deck ran out; {exp.deal.label} needs a card")
            event = CardArrived(card)
            _, effects = self.game.apply(self.state, event)
            opened = next(
                (e.irregularity for e in effects if isinstance(e, IrregularityOpened)), None
            )
            if opened is not None:
                return Step("pit_boss", action=opened.kind), event
            return Step("deal", spot=exp.deal.spot), event
        if exp.decisions:
            legal = "; ".join(f"{s}: {', '.join(a)}" for s, a in exp.decisions.items())
            raise DrillError(f"no decision is signalled and the engine waits for one ({legal})")
        raise DrillError(
            f"the drill cannot go on: the engine waits for {', '.join(exp.controls) or 'nothing'}"
        )

    def _apply(self, event: Event) -> None:
        state, effects = self.game.apply(self.state, event)
        refused = next((e for e in effects if isinstance(e, Refused)), None)
        if refused is not None:
            raise DrillError(
                f"the engine refused the drill's {type(event).__name__}: {refused.reason}"
            )
        self.state = state
