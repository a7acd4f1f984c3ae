"""The game interface every table game implements, and the data it speaks.

A game is a pure state machine, in the manner of OpenSpiel's ``State``::

    state = game.new_hand()                      # awaiting a freshly shuffled deck
    state, effects = game.apply(state, event)    # no I/O, clock or randomness
    game.expected(state)                         # what must happen next
    game.prompts(state)                          # what the dealer and each seat see

:class:`Expected` says, as data, whether the dealer must deal a card to a named spot, which
seats may choose among which actions (two at once right after a stand-pat window opens in
Missouri City Backhand), which controls are needed (a new deck, a pit boss), or that the hand
is over. Prompts are a pure function of the state, so replaying a hand's events reproduces
every prompt exactly.

Games to come fit the same shape:

- blackjack: a seat's split hands are deciding "seats" of their own ("seat2/h1", "seat2/h2");
  the dealer's hole card is a :class:`DealTo` with purpose ``hole``; the Dead Man's Hand side
  bet is settled from the first two cards into ``SeatResult.details``; a multi-deck shoe is
  ``Shoe.fresh(decks)``, and the cut card is a dealer control (like ``new_deck``) that the
  shoe's ``cut_card`` report prompts;
- Vingt-un: staking on the first card is a decision with an amount before the second deal; the
  double, a division and gathering the layout are confirmed with the dealer's ``done``; a loss of
  a double stake is a :class:`Payment` with ``owed``; cards face down are kept from the public
  display by the game's ``public_prompts(state)`` (the console gets ``prompts(state)``);
- Red Dog / Split Decision: jokers are cards (``JK``) and ``Shoe.fresh(decks, jokers=2)``;
  the table's own figures (the spread and its odds, the cards-remaining board) are
  ``TablePrompts.figures``; Luck of the Draw's Devil is the card ``DV``, which no shoe holds.
- Farmer: the players pay one another, so a :class:`Payment` names its ``payee`` (a seat, the
  ``farm``, the ``side_pot``) or ``payer`` instead of the house; the stripped 45-card deck is
  ``Shoe.fresh(1, 0, stripped)``; the farm and the farmer's seat pass from deal to deal through
  ``next_hand`` and the deal's log header, like blackjack's shoe and bets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from table_controller.events import Event


@dataclass(frozen=True, slots=True)
class DealTo:
    """The dealer must put the next card on ``spot``.

    ``purpose`` is one of: show, initial, ace_replacement, push, hit, forced_hit, backhand,
    play_push. ``label`` is the plain-words name of the spot ("GREEN, column 2").
    ``face_down``: the card goes on its spot face down (blackjack's hole card, a burn card,
    Vingt-un's cards, Farmer's first card), so only the dealer's console may be told which card
    it is; every other screen gets it as a back, whatever the game.
    """

    spot: str
    seat: str | None
    purpose: str
    label: str
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class Payment:
    """One settlement of one bet, as the engine computed it; the dealer makes it and confirms
    (control ``paid``). Amounts are integer cents. Every stake is settled exactly once, so a
    round balances: the sum of ``staked`` is the sum of ``collected`` plus ``returned``.

    - a losing bet: ``collected = staked`` (late surrender: ``collected = staked - returned``);
    - a push: ``returned = staked``;
    - a winning bet: ``returned = staked`` and ``paid`` = the winnings (3:2 on 1000 pays 1500);
    - a loss of more than the stake (Vingt-un's double stake): ``owed`` is what the seat hands over
      beyond its stake, so ``staked + owed = collected + returned`` and ``net = -collected``;
    - a void undoing a settlement already made (blackjack, Red Dog): ``staked = 0``; a collected bet
      handed back is ``paid``, a win taken back is ``owed`` and ``collected``, so the void round's
      nets are 0 (``rule`` VOID; RD-15 in Red Dog).
    """

    seat: str
    bet: str  # one of the game's declared bets: main, side, insurance, double, split, ante, ...
    staked: int
    collected: int
    returned: int
    paid: int
    reason: str  # plain words for the dealer: "side bet, ace-eight, 4 to 1"
    rule: str  # the rules document's id: BJ-13, DMH-3, ...
    hand: int | None = None  # a seat's hand after splits (1, 2, ...), where the game has them
    owed: int = (
        0  # collected beyond the stake (left out of to_dict when 0: other games' logs unchanged)
    )
    banker: str | None = (
        None  # the seat that banks this bet (Vingt-un's seat bank); None: the house
    )
    # Where the players pay one another (Farmer), the money does not come from or go to the
    # house: ``payee`` receives what is collected (a seat, ``farm``, ``side_pot``) and ``payer``
    # gives what is paid; ``seat`` may then be a pot (``side_pot`` paying its remainder).
    # ``None`` is the house, as in every banked game; left out of to_dict() when None.
    payee: str | None = None
    payer: str | None = None

    @property
    def net(self) -> int:
        """What the seat gained (+) or lost (-) on this bet."""
        return self.paid - self.collected

    def moves(self) -> tuple[tuple[str, int], ...]:
        """Who gained (+) and lost (-) what, the house as ``house``: always sums to zero."""
        return (
            (self.seat, self.net),
            (self.payee or "house", self.collected),
            (self.payer or "house", -self.paid),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "bet": self.bet,
            "staked": self.staked,
            "collected": self.collected,
            "returned": self.returned,
            "paid": self.paid,
            "net": self.net,
            "reason": self.reason,
            "rule": self.rule,
        }
        if self.hand is not None:
            out["hand"] = self.hand
        if self.owed:
            out["owed"] = self.owed
        if self.banker is not None:
            out["banker"] = self.banker
        if self.payee is not None:
            out["payee"] = self.payee
        if self.payer is not None:
            out["payer"] = self.payer
        return out


@dataclass(slots=True)
class Expected:
    """A value (not ``frozen`` only for speed: a game builds one per state it is asked about).

    ``payment``: the dealer must make this payment or collection next and confirm it (control
    ``paid``); games without money leave it ``None``.
    """

    deal: DealTo | None = None
    decisions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    controls: tuple[str, ...] = ()
    hand_over: bool = False
    payment: Payment | None = None


@dataclass(frozen=True, slots=True)
class Spot:
    """A named place on the layout a game declares, for the display, the camera's calibration
    and the simulated camera: ``dealer/up``, ``dealer/hole``, ``seat3/bet``, ``seat3/h2/card1``.

    ``x`` and ``y`` place its centre on a normalised table as the display draws it, the dealer
    at the top: x from 0 (left edge) to 1 (right edge), y from 0 (the dealer's edge) to 1 (the
    players' rail).
    ``kind`` is ``card`` or ``bet``; ``seat`` the seat it belongs to, if any.
    ``size`` (width, height), where a game marks a card spot's extent on the cloth, is the
    camera's place for it (:mod:`table_controller.camera_places`); None: as far as the
    neighbouring places allow.
    """

    name: str
    x: float
    y: float
    kind: str
    seat: str | None
    label: str
    size: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class SeatPrompt:
    """What one seat's panel shows."""

    seat: str
    status: str  # waiting | acting | finished
    on_turn: bool
    player_total: int | None
    dealer_total: int | None
    total_hand_value: int | None
    legal_actions: tuple[str, ...]
    outcome: str | None  # successful | unsuccessful | stalemate (once finished)
    method: str | None
    cards: tuple[str, ...]  # the current hand (initial cards then hit cards), as codes
    columns: tuple[str | None, ...]  # post-initial cards by column 1..3 (backhand card included)
    note: str = ""
    # a game's own figures for this seat, as data (blackjack: each hand's cards, total, soft or
    # hard, bets, what was paid); left out of to_dict() when empty, so games without any keep
    # their logged prompts byte for byte
    figures: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "status": self.status,
            "on_turn": self.on_turn,
            "player_total": self.player_total,
            "dealer_total": self.dealer_total,
            "total_hand_value": self.total_hand_value,
            "legal_actions": list(self.legal_actions),
            "outcome": self.outcome,
            "method": self.method,
            "cards": list(self.cards),
            "columns": list(self.columns),
            "note": self.note,
            **({"figures": self.figures} if self.figures else {}),
        }


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An open irregularity: the hand waits for a pit boss."""

    kind: str  # unexpected_card | impossible_card | misplaced_card | hardware
    reason: str
    cards: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "reason": self.reason, "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class SeatResult:
    outcome: str  # successful | unsuccessful | stalemate (a blackjack game adds win/lose/push)
    method: str | None
    player_total: int | None
    dealer_total: int | None
    total_hand_value: int | None
    decided_by: str
    details: dict[str, Any] = field(default_factory=dict)  # game-specific: side bets, payouts


@dataclass(frozen=True, slots=True)
class HandResult:
    winner: str | None
    decided_by: str  # a rule id from the rules document: W-4, SP-W2, MC-17, VOID, ...
    explanation: str
    seats: dict[str, SeatResult]
    void: bool = False
    details: dict[str, Any] = field(
        default_factory=dict
    )  # game-specific, e.g. side-bet settlements


def result_to_dict(result: HandResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "winner": result.winner,
        "decided_by": result.decided_by,
        "explanation": result.explanation,
        "void": result.void,
        "seats": {seat: _seat_result(r) for seat, r in result.seats.items()},
    }
    if result.details:
        out["details"] = result.details
    return out


def _seat_result(r: SeatResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "outcome": r.outcome,
        "method": r.method,
        "player_total": r.player_total,
        "dealer_total": r.dealer_total,
        "total_hand_value": r.total_hand_value,
        "decided_by": r.decided_by,
    }
    if r.details:
        out["details"] = r.details
    return out


@dataclass(frozen=True, slots=True)
class TablePrompts:
    """Everything the display shows, derived from the state alone."""

    game: str
    dealer_instruction: str
    seats: tuple[SeatPrompt, ...]
    show_cards: tuple[str | None, ...]
    irregularity: Irregularity | None
    result: HandResult | None
    # the table's own figures, as data (Red Dog: the spread and its odds; Split Decision: the
    # cards-remaining board); left out of to_dict() when empty, so other games' logged prompts
    # stay byte for byte
    figures: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "dealer_instruction": self.dealer_instruction,
            "seats": [s.to_dict() for s in self.seats],
            "show_cards": list(self.show_cards),
            "irregularity": self.irregularity.to_dict() if self.irregularity else None,
            "result": result_to_dict(self.result) if self.result else None,
            **({"figures": self.figures} if self.figures else {}),
        }


def place_of(spot_name: str) -> str:
    """The camera's place a spot lies on: ``seat3/h2/card1`` -> ``seat3``; ``dealer/up`` ->
    ``dealer``; ``red.hand`` -> ``red.hand``."""
    return spot_name.split("/", 1)[0]


def hand_of(spot_name: str) -> str:
    """The hand a card spot holds a card of: its name less the card's own part
    (``seat3/h2/card1`` -> ``seat3/h2``); a spot named in one or two parts is its place's one
    hand (``dealer/up`` -> ``dealer``, ``seat1/offer`` -> ``seat1``, ``red.hand``)."""
    return spot_name.rsplit("/", 1)[0] if spot_name.count("/") >= 2 else place_of(spot_name)


def split_places(layout: Sequence[Spot]) -> dict[str, tuple[str, ...]]:
    """Each place whose card spots belong to more than one hand (a seat's split hands), with
    its hands as they lie across it, left to right: the camera names a card there by its hand."""
    across: dict[str, dict[str, list[float]]] = {}
    for spot in layout:
        if spot.kind == "card":
            hands = across.setdefault(place_of(spot.name), {})
            hands.setdefault(hand_of(spot.name), []).append(spot.x)
    return {
        place: tuple(sorted(hands, key=lambda hand: sum(hands[hand]) / len(hands[hand])))
        for place, hands in across.items()
        if len(hands) > 1
    }


def layout_cards(prompts: TablePrompts) -> dict[str, tuple[str, ...]]:
    """Which face-up cards the prompts show on which layout spot (``S1``, ``seat1.hand``,
    ``seat1.col2``: spot names as in the calibration): what the camera witness compares."""
    spots: dict[str, tuple[str, ...]] = {
        f"S{n}": (code,) for n, code in enumerate(prompts.show_cards, start=1) if code
    }
    for seat in prompts.seats:
        in_columns = {code for code in seat.columns if code}
        spots[f"{seat.seat}.hand"] = tuple(c for c in seat.cards if c not in in_columns)
        for k, code in enumerate(seat.columns, start=1):
            if code:
                spots[f"{seat.seat}.col{k}"] = (code,)
    return {spot: cards for spot, cards in spots.items() if cards}


# Effects: what one event did, besides changing the state.
@dataclass(frozen=True, slots=True)
class Refused:
    """The event was not applied; the state is unchanged. ``reason`` is for the dealer."""

    reason: str
    legal: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Applied:
    """The event was applied. ``note`` describes it in plain words for the log."""

    note: str


@dataclass(frozen=True, slots=True)
class IrregularityOpened:
    irregularity: Irregularity


@dataclass(frozen=True, slots=True)
class HandEnded:
    result: HandResult


@dataclass(frozen=True, slots=True)
class Settled:
    """The dealer confirmed a payment or collection: the log's record of money moving."""

    payment: Payment


Effect = Refused | Applied | IrregularityOpened | HandEnded | Settled


def step_effects(
    state: Any, note: str | Irregularity, settled_from: int | None, ended: HandResult | None
) -> tuple[Effect, ...]:
    """What one applied event did, the same for every game: ``note`` is the plain words of what
    happened, or an irregularity that now holds ``state`` for the pit boss; the payments confirmed
    since ``state.settled[settled_from]`` (a game with money); the result if the hand ``ended``."""
    effects: list[Effect] = []
    if isinstance(note, Irregularity):
        state.irregularity = note
        effects.append(IrregularityOpened(note))
    else:
        effects.append(Applied(note))
    if settled_from is not None:
        effects.extend(Settled(p) for p in state.settled[settled_from:])
    if ended is not None:
        effects.append(HandEnded(ended))
    return tuple(effects)


def impossible_card(effects: tuple[Effect, ...]) -> Irregularity | None:
    """The impossible card (one the shoe cannot hold) an event opened, if it opened one: a
    scenario that deals it asks for a card no shoe of its game gives, an invalid input file."""
    return next(
        (
            e.irregularity
            for e in effects
            if isinstance(e, IrregularityOpened) and e.irregularity.kind == "impossible_card"
        ),
        None,
    )


def void_words(settled: list[Payment], returned: str) -> str:
    """A void round in words: its bets returned, and (if any were paid before the void) its wins
    taken back: a void round moves no money."""
    taken = any(p.collected and not p.staked for p in settled)  # a win paid before the void, undone
    return f"round void: {returned}" + (
        "; every win paid before the void taken back" if taken else ""
    )


class Refusal(Exception):  # noqa: N818 (the rules' word: a refused event is not a fault)
    """An event that is not legal now, raised inside a game's step: the state stays as it was and
    the dealer is told why (``reason``) and, where it helps, what is legal now (``legal``)."""

    def __init__(self, reason: str, legal: tuple[str, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.legal = legal


def stepped(
    state: Any, event: Event, step: Callable[[Any, Event], tuple[Effect, ...]]
) -> tuple[Any, tuple[Effect, ...]]:
    """A game's apply, the same for every game: ``step`` works on a copy of ``state`` (its note
    cleared) and returns its effects; a Refusal leaves ``state`` as it was, Refused."""
    new = state.clone()
    new.note = ""
    try:
        effects = step(new, event)
    except Refusal as refusal:
        return state, (Refused(refusal.reason, refusal.legal),)
    return new, effects


# The game interface itself (every member a game offers the shell, and its defaults) is
# table_controller.contract.Game; a game's record, table_controller.contract.GameRecord.
