"""The game contract: what a game is, as every part of the shell reads it.

A game package exports ``RECORDS``: one :class:`GameRecord` per game it deals. The record says
what the game is before one is built (its id and title, seat range, switches, analyses, scenario
reader, training hooks, the display's drawing); ``record.make(Setup(...))`` builds a configured
:class:`Game`, which says what the game is at the table (its seats, bets, plays, shoe, layout, what
the public may never see, how rounds follow one another) and plays it as a pure state machine.

Everything a game may or may not offer is declared here: a member a game has no use for keeps
:class:`GameBase`'s default (a game deals a fresh hand each round, shows the public what the
console shows, places no bets), so the shell asks, never probes. The registry
(:mod:`table_controller.games`) is the one place that lists the games; the shell reads records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar, Protocol, Self, cast, runtime_checkable

from table_controller.engine import (
    Effect,
    Expected,
    HandResult,
    SeatPrompt,
    Spot,
    TablePrompts,
    hand_of,
    layout_cards,
    place_of,
    split_places,
)
from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, CardArrived, Control, Event, Wager


@dataclass(frozen=True, slots=True)
class SeatRange:
    """How many seats a game deals to: ``low`` to ``high``, ``default`` when none is asked for."""

    low: int
    high: int
    default: int

    def count(self, seats: object, title: str) -> int:
        """``seats`` checked against the range (None is the default); anything else, including
        ``True`` and ``"3"``, is a ConfigError that says what the game takes."""
        if seats is None:
            return self.default
        if (
            isinstance(seats, bool)
            or not isinstance(seats, int)
            or not self.low <= seats <= self.high
        ):
            if self.low == self.high:
                raise ConfigError(
                    f"{title} has exactly {self.low} seat{'s' * (self.low > 1)} (got {seats!r})"
                )
            raise ConfigError(f"{title} seats {self.low} to {self.high} players (got {seats!r})")
        return seats


@dataclass(frozen=True, slots=True)
class Switch:
    """One named interpretation the rules document offers: ``values`` with the default first;
    ``rule`` where the document defines it ("blackjack.md section 2, B2")."""

    id: str
    values: tuple[str, ...]
    rule: str

    @property
    def default(self) -> str:
        return self.values[0]

    @property
    def choices(self) -> str:
        """The values in words: a run of ten or more whole numbers as ``low..high``."""
        numbers = sorted(int(v) for v in self.values if v.isdigit())
        run = (
            len(numbers) == len(self.values) >= 10 and numbers[-1] - numbers[0] == len(numbers) - 1
        )
        return f"{numbers[0]}..{numbers[-1]}" if run else ", ".join(self.values)

    def value_of(self, given: object) -> str:
        """``given`` as one of the values (as text, in any case: ``pt2`` is ``PT2``); anything
        else is a ConfigError naming the choices."""
        text = str(given).strip().lower()
        for value in self.values:
            if value.lower() == text:
                return value
        raise ConfigError(f"switch {self.id} is one of {self.choices} (got {given!r})")


def switch_list(values: Mapping[str, tuple[str, ...]], document: str) -> tuple[Switch, ...]:
    """A game's switches from its ``{id: (default, other values...)}`` table."""
    return tuple(
        Switch(key, tuple(allowed), f"{document}, {key}") for key, allowed in values.items()
    )


def chosen(
    values: Mapping[str, Any] | None,
    switches: Sequence[Switch],
    title: str,
    settings: Mapping[str, Callable[[Any], Any]] | None = None,
) -> dict[str, Any]:
    """Switch settings from ``{"V1": "pass_left"}`` (ids and values in any case, values as text)
    checked against the declared ``switches``; an unknown id or value is a ConfigError naming the
    choices. ``settings`` are a game's table settings kept with its switches (Farmer's ``ante``),
    by lower-case name, each read (and checked) by its own function. Only the ids given are in
    the result (a game fills in its defaults)."""
    declared = {s.id: s for s in switches}
    extra = dict(settings or {})
    out: dict[str, Any] = {}
    for key, value in (values or {}).items():
        name = str(key).strip()
        if name.lower() in extra:
            out[name.lower()] = extra[name.lower()](value)
            continue
        name = name.upper()
        if name not in declared:
            known = ", ".join([*declared, *extra])
            raise ConfigError(f"unknown {title} switch {name!r} (switches: {known})")
        out[name] = declared[name].value_of(value)
    return out


class SwitchSet:
    """The base of a game's switches, a frozen dataclass with one field per switch (its default
    the switch's default) and any table settings kept with them: the class declares
    ``declared`` (its :class:`Switch` list), ``game`` (its name in messages) and ``settings``
    (see :func:`chosen`); reading them from a dict is the same for every game."""

    __slots__ = ()
    declared: ClassVar[tuple[Switch, ...]] = ()
    game: ClassVar[str] = "game"
    settings: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}

    @classmethod
    def from_dict(cls, values: Mapping[str, Any] | None) -> Self:
        """Switches from ``{"B1": 6, "b2": "S17"}``; an unknown id or value is a ConfigError."""
        return cls(**chosen(values, cls.declared, cls.game, cls.settings))

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(cast(Any, self))}


@dataclass(frozen=True, slots=True)
class ShoeSpec:
    """The cards a game deals from: ``decks`` packs, each with ``jokers`` and less ``stripped``
    (codes); the simulated shoe is opened with :meth:`sim_options`."""

    decks: int = 1
    jokers: int = 0
    stripped: tuple[str, ...] = ()

    def sim_options(self) -> dict[str, str]:
        """The simulated shoe's URL options that deal this shoe (decks are the table's choice)."""
        out: dict[str, str] = {}
        if self.jokers:
            out["jokers"] = str(self.jokers)
        if self.stripped:
            out["strip"] = ",".join(self.stripped)
        return out


@dataclass(frozen=True, slots=True)
class Setup:
    """What the table asks of a game: its switches, seats, the first seat dealt (a head-to-head
    game), a pay table (a file's path or its contents, where a switch chooses a custom one)."""

    switches: Mapping[str, Any] | None = None
    seats: int | None = None
    first_dealt: str | None = None
    paytable: str | dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Bet:
    """One bet a seat puts money on, by the name its wagers and settlements give it
    (``Wager.bet``, ``Payment.bet``).

    ``kind`` is what it is at the table (main, side, ante, raise, insurance, stake, wager ...);
    ``words`` how the console and the audit name it; ``low`` and ``high`` its limits in cents as
    the configured game enforces them (None: no limit of its own, or one another bet sets, as
    insurance's half the main bet); ``on_form`` placed on the console's bet form before the deal
    (False: a seat's decision places it, or the game settles under this name); ``pot`` where it
    goes when the players pay one another (a name from the game's ``pots``; "": the house covers
    it)."""

    name: str
    kind: str
    words: str
    low: int | None = None
    high: int | None = None
    on_form: bool = True
    pot: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "words": self.words,
            "low": self.low,
            "high": self.high,
            "on_form": self.on_form,
        }


AMOUNT_BOXES = ("typed", "up_to", "offered")


@dataclass(frozen=True, slots=True)
class Amount:
    """How the console takes a decision's amount, in cents; money goes only where it is typed.

    - ``box="typed"``: the console's amount box, cleared once sent (nothing typed sends 0, and
      the engine says why not);
    - ``box="up_to"``: a box labelled with the decision's words; nothing typed sends the seat's
      figure ``limit`` (the most it may stake now), or 0 where none is named;
    - ``box="offered"``: a box of its own that offers the seat's figure ``limit`` divided by
      ``part`` (insurance: half the main bet); the dealer may type another amount, the decision's
      key puts the cursor in the box and Enter sends it.
    """

    box: str = "typed"
    limit: str = ""  # a figure of the seat's prompt, in cents
    part: int = 1

    def __post_init__(self) -> None:
        needs_limit = {"typed": False, "offered": True}.get(self.box, bool(self.limit))
        if self.box not in AMOUNT_BOXES or self.part < 1 or needs_limit != bool(self.limit):
            raise ConfigError(f"an amount is typed, up_to a limit or offered (got {self!r})")

    def to_dict(self) -> dict[str, Any]:
        return {"box": self.box, "limit": self.limit, "part": self.part}


@dataclass(frozen=True, slots=True)
class Decision:
    """One play a seat makes, as the console offers it: ``name`` (an action of the game),
    ``key`` the console's key for it ("" none: the button's only), ``words`` what the console
    calls it (the name in words when not given), ``amount`` how it takes money (None: it takes
    none)."""

    name: str
    key: str = ""
    words: str = ""
    amount: Amount | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "key": self.key,
            "words": self.words or self.name.replace("_", " "),
            "amount": None if self.amount is None else self.amount.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class SpotContent:
    """What lies on one declared spot now: its ``cards`` (codes in the order dealt; a card in
    ``face_down`` is named here and the shell shows the public its back) and, on a bet spot, the
    ``amount`` in cents; once that bet is settled, ``settled`` is what the seat won on it (> 0:
    paid beside the stake), lost (< 0: the chips taken, the circle empty) or got back (0)."""

    cards: tuple[str, ...] = ()
    face_down: tuple[bool, ...] = ()
    amount: int = 0
    settled: int | None = None


@runtime_checkable
class Game(Protocol):
    """What every configured game offers the shell. Every method is pure: the state in, a new
    state or a value out; no I/O, clock or randomness. :class:`GameBase` gives the defaults."""

    @property
    def game_id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def actions(self) -> tuple[str, ...]:
        """Every play a seat can make in this game (the console's buttons)."""

    @property
    def bets(self) -> tuple[str, ...]:
        """The bets a seat may place (``Wager.bet``); () in a game without money."""

    @property
    def bet_specs(self) -> tuple[Bet, ...]:
        """Every bet of the game declared (those of ``bets`` and any the game settles under a
        name of its own): kind, words, limits as this configured game enforces them."""

    @property
    def pots(self) -> Mapping[str, str]:
        """Where money goes when the players pay one another, name -> words (Farmer's farm)."""

    @property
    def shoe(self) -> ShoeSpec: ...
    @property
    def lasting_shoe(self) -> bool:
        """Rounds follow one another on one shoe (``next_hand``, ``round_header``)."""

    @property
    def hides_from_public(self) -> bool:
        """No seat's figures, refusals or notes on the public page (Farmer, F-6)."""

    @property
    def needs_reading_shoe(self) -> bool:
        """Cards lie face down: a camera alone cannot run the table (Vingt-un, V-8)."""

    @property
    def head_to_head(self) -> bool:
        """The seats play one another: the session counts winners, not each seat's outcome."""

    @property
    def hardware_controls(self) -> Mapping[str, str]:
        """A shoe's report the game takes as one of its controls (blackjack's cut card)."""

    def new_hand(self) -> Any: ...

    def apply(self, state: Any, event: Event) -> tuple[Any, tuple[Effect, ...]]: ...

    def expected(self, state: Any) -> Expected: ...

    def prompts(self, state: Any) -> TablePrompts: ...

    def public_prompts(self, state: Any) -> TablePrompts: ...

    def console_prompts(self, state: Any) -> TablePrompts: ...

    def result(self, state: Any) -> HandResult | None: ...

    def describe(self) -> dict[str, Any]: ...

    def layout(self, state: Any) -> tuple[Spot, ...]: ...

    def placed_cards(self, state: Any) -> dict[str, tuple[str, ...]]: ...

    def on_spots(self, state: Any) -> Mapping[str, SpotContent]: ...

    def bets_open(self, state: Any) -> bool: ...

    def strategy(self, state: Any) -> Event | None: ...

    def next_hand(self, finished: Any) -> Any: ...

    def round_header(self, state: Any) -> dict[str, Any]: ...

    def hand_from_header(self, header: dict[str, Any]) -> Any: ...

    def starts_next_hand(self, event: Event) -> bool: ...

    def seat_line(self, seat: SeatPrompt) -> str: ...

    def stakes_words(self, figures: Mapping[str, Any]) -> str: ...


class GameBase:
    """The defaults of the contract, for a game to inherit: a fresh hand each round from one
    pack, no bets, the public sees what the console sees. A game overrides what it has."""

    game_id: str
    title: str
    seats: tuple[str, ...]
    actions: tuple[str, ...] = ()
    bets: tuple[str, ...] = ()
    shoe: ShoeSpec = ShoeSpec()
    lasting_shoe: bool = False
    hides_from_public: bool = False
    needs_reading_shoe: bool = False
    head_to_head: bool = False
    hardware_controls: ClassVar[Mapping[str, str]] = {}
    pots: ClassVar[Mapping[str, str]] = {}

    @property
    def bet_specs(self) -> tuple[Bet, ...]:
        """Each of ``bets`` by its name, without limits of its own (a game declares its own)."""
        return tuple(Bet(name, name, name.replace("_", " ")) for name in self.bets)

    def seat_line(self, seat: SeatPrompt) -> str:
        """A seat in one line for the terminal: its cards, and its total where the prompt gives
        one."""
        line = f"{seat.seat.upper()}[{' '.join(seat.cards) or '-'}]"
        return line if seat.player_total is None else f"{line} total={seat.player_total}"

    def stakes_words(self, figures: Mapping[str, Any]) -> str:
        """A seat's bets in words from its prompt's figures (logged or live), as the layout shows
        them for the audit's unfinished hands: "main $10.00"; "" none."""
        return ""

    def new_hand(self) -> Any:
        raise NotImplementedError

    def prompts(self, state: Any) -> TablePrompts:
        raise NotImplementedError

    def public_prompts(self, state: Any) -> TablePrompts:
        """What the public page shows: the console's prompts unless the game hides some."""
        return self.prompts(state)

    def console_prompts(self, state: Any) -> TablePrompts:
        """What the dealer's console shows: the prompts, and any card lying face down that only
        the dealer sees (blackjack's hole card). Not logged: the log's prompts stay ``prompts``."""
        return self.prompts(state)

    def layout(self, state: Any) -> tuple[Spot, ...]:
        """Every spot in play for ``state`` (None: the layout before a hand)."""
        return ()

    def placed_cards(self, state: Any) -> dict[str, tuple[str, ...]]:
        """Which face-up cards lie on which camera place, for the camera witness: by default
        the face-up cards :meth:`on_spots` puts on the card spots of :meth:`layout`, by place
        (``seat3/card`` lies on ``seat3``), or by hand on a place the layout splits among
        several (``seat3/h2/card1`` on ``seat3/h2``: :func:`~table_controller.engine.split_places`);
        for a game that puts nothing on its spots, as the prompts show them (``S1``,
        ``seat1.hand``, ``seat1.col2``)."""
        on_spots = self.on_spots(state)
        if not on_spots:
            return layout_cards(self.prompts(state))
        layout = self.layout(state)
        card_spots = {spot.name for spot in layout if spot.kind == "card"}
        split = split_places(layout)
        placed: dict[str, tuple[str, ...]] = {}
        for name, content in on_spots.items():
            hidden = content.face_down
            face_up = tuple(
                code for k, code in enumerate(content.cards) if not (k < len(hidden) and hidden[k])
            )
            if name in card_spots and face_up:
                where = hand_of(name) if place_of(name) in split else place_of(name)
                placed[where] = placed.get(where, ()) + face_up
        return placed

    def on_spots(self, state: Any) -> Mapping[str, SpotContent]:
        """The cards and bets on the spots of :meth:`layout`, by spot name, for the display's
        one renderer (a spot not given is empty)."""
        return {}

    def bets_open(self, state: Any) -> bool:
        """Whether the dealer may enter bets (``Wager``) on the bet form now: the console shows
        the form only then. False by default: a game that takes bets says when."""
        return False

    def strategy(self, state: Any) -> Event | None:
        """The autopilot's next play (a wager, a decision, a confirmed payment); None lets
        the dealer deal on."""
        return None

    def next_hand(self, finished: Any) -> Any:
        """The round after ``finished``: a fresh hand unless rounds share a shoe."""
        return self.new_hand()

    def round_header(self, state: Any) -> dict[str, Any]:
        """Where a round on a lasting shoe starts from, for its log header."""
        return {}

    def hand_from_header(self, header: dict[str, Any]) -> Any:
        """The state a logged round started from, rebuilt from its header."""
        return self.new_hand()

    def starts_next_hand(self, event: Event) -> bool:
        """Which event, after a finished hand, begins the next: a NEW DECK; on a lasting shoe
        also the next round's bets and its first card."""
        if isinstance(event, Control) and event.control == NEW_DECK:
            return True
        return self.lasting_shoe and isinstance(event, (Wager, CardArrived))


def lazy(path: str) -> Callable[..., Any]:
    """``"package.module:function"`` as a callable that imports its module when first called, so
    a record can name its game's code without loading it (nor the code it stands on)."""
    module, _, name = path.partition(":")

    def call(*args: Any, **kwargs: Any) -> Any:
        import importlib

        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__qualname__ = call.__name__ = name
    call.__doc__ = f"{path}, imported when called"
    return call


@dataclass(frozen=True, slots=True)
class Analysis:
    """``table analyse NAME``: a module with ``add_arguments(parser)`` and ``run(args) -> int``
    (its docstring's first sentence is its help)."""

    name: str
    module: str


@dataclass(frozen=True, slots=True)
class TrainingHooks:
    """What a game offers its drills beyond the engine; whatever is None, the drills do without
    (the engine's own refusal words, the expected spot, the action's name).

    - ``cite(game, state, right, entered) -> RuleCite | None``: the rule a wrong step breaks;
    - ``spots(game, state) -> [(spot, label)]``: where a card may go now;
    - ``signals``: action -> what a player does at the table to make it;
    - ``payout_cases(game, rng, count)`` and ``totals_questions(game, rng, count)``: questions;
    - ``drill_table(data) -> (game, deck, bets, decisions)``: a trainer's scenario read as a game.
    """

    cite: Callable[..., Any] | None = None
    spots: Callable[..., Any] | None = None
    signals: Mapping[str, str] = field(default_factory=dict)
    payout_cases: Callable[..., Any] | None = None
    totals_questions: Callable[..., Any] | None = None
    drill_table: Callable[..., Any] | None = None


@dataclass(frozen=True, slots=True)
class Display:
    """A game's own drawing for the display page, in ``folder`` beside the game's code and
    served at ``/games/<game id>/<file>``: ``module``, a JavaScript module that exports
    ``drawLayout(state, kit)`` (and ``seatTotals(seat, kit)`` where its seat panels show figures
    of their own), and the ``styles`` (CSS files) it needs."""

    folder: Path
    module: str
    styles: tuple[str, ...] = ()

    @classmethod
    def beside(cls, source: str, module: str, *styles: str) -> Display:
        """The drawing in the ``static`` folder beside ``source`` (a record's ``__file__``)."""
        return cls(Path(source).resolve().parent / "static", module, styles)


@dataclass(frozen=True, slots=True)
class BetTheory:
    """What one bet type should hold, from the game's own math, per unit staked on it (the drop):
    ``edge`` the house's expected win (negative: the house loses), ``sd`` the standard deviation
    of one bet's result. ``exact`` False: the figure is simulated and ``interval`` is the 95%
    half-width of its ``edge``. ``basis`` says what the figure assumes (the strategy, the shoe);
    ``hit`` the chance one bet is paid, where the math gives it. Where the math gives no figure,
    ``edge`` and ``sd`` are None and ``basis`` says why. ``together``: the correlation of this
    bet's result per unit staked with another settled bet's in the same round (another seat's,
    a split hand's), by that bet's name: seats facing one dealer hand move together, so a round,
    not a bet, is the independent unit; a bet not named is taken as independent of this one."""

    edge: float | None
    sd: float | None
    exact: bool = True
    interval: float | None = None
    basis: str = ""
    hit: float | None = None
    together: Mapping[str, float] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game, declared: the one object its package exports for the shell (in ``RECORDS``).

    ``make`` builds the configured game (a ConfigError for anything the game does not take);
    ``scenario`` plays a scenario file of the game's own shape (None: the common shape, a deck
    and decisions); ``analyses`` are its ``table analyse`` commands; ``display`` the game's own
    drawing for the display page (:class:`Display`; None: the one renderer draws the declared
    layout); ``rules`` the rules document it implements; ``action_keys`` the console's key for
    each of its plays (``{"hit": "H"}``, older than ``decisions``); ``theory`` what each of its
    bets should hold; ``decisions`` its plays as the console offers them (:class:`Decision`).
    """

    id: str
    title: str
    rules: str
    seats: SeatRange
    switches: tuple[Switch, ...]
    make: Callable[[Setup], Game]
    scenario: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    analyses: tuple[Analysis, ...] = ()
    training: TrainingHooks = TrainingHooks()
    display: Display | None = None
    takes_first_dealt: bool = False
    takes_paytable: str | None = None  # the switch that picks a custom pay table ("B14")
    action_keys: Mapping[str, str] = field(default_factory=dict)
    # the house's theoretical hold per bet, as its settlements name it, for a configured game;
    # None: no figures (a game without house bets); expensive figures are kept per rule set
    theory: Callable[[Game], Mapping[str, BetTheory]] | None = None
    # the plays the console offers (keys, words, amounts); ``action_keys`` still adds keys
    decisions: tuple[Decision, ...] = ()

    def keys(self) -> dict[str, str]:
        """The console's key for each play: the decisions' and any ``action_keys``."""
        return {
            **dict(self.action_keys),
            **{d.name: d.key for d in self.decisions if d.key},
        }

    def build(self, setup: Setup | None = None) -> Game:
        return self.make(setup or Setup())
