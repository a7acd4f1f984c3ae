"""One seat's hand in the Backhand series, and the pure rules that score it.

Terms are the rules document's: initial hand value (IHV), player total (PT), dealer total
(DT), total hand value (THV), player total advantage (PTA: PT > DT). Rule ids in comments
refer to ``shared/rules/backhand-series.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from table_controller.cards import Card
from table_controller.evolve import evolve as replace
from table_controller.games.backhand.switches import Switches

ACTIVE = "active"
SUCCESSFUL = "successful"
UNSUCCESSFUL = "unsuccessful"
STALEMATE = "stalemate"

HIT = "hit"
BACKHAND = "backhand"
STAND_PAT = "stand_pat"
PUSH = "push"
PLAY_PUSH = "play_push"
ACTIONS = (HIT, BACKHAND, STAND_PAT, PUSH, PLAY_PUSH)
FIVE_CARD = "five_card"


@dataclass(slots=True)
class SeatHand:
    """A seat's hand; a value, never changed once made (see :mod:`table_controller.evolve`).
    ``initial`` is the current initial hand (after any push), ``hits`` the
    post-initial cards added to it, ``backhand`` the backhand card (never part of the hand).
    ``pt``/``dt`` are the totals of the most recent post-initial card (None before one)."""

    seat: str
    initial: tuple[Card, ...] = ()
    hits: tuple[Card, ...] = ()
    backhand: Card | None = None
    aces_pending: tuple[int, ...] = ()  # initial-hand positions waiting for a replacement
    had_initial_ace: bool = False
    thv: int = 0
    pt: int | None = None
    dt: int | None = None
    status: str = ACTIVE
    method: str | None = None
    decided_by: str | None = None
    window: bool = False  # stand-pat window open (MC-15)
    window_blocked: bool = False  # the opponent failed: the window never opens again (SP-6)
    pushes: int = 0

    @property
    def finished(self) -> bool:
        return self.status != ACTIVE

    @property
    def columns_used(self) -> int:
        return len(self.hits) + (1 if self.backhand is not None else 0)

    @property
    def is_push_hand(self) -> bool:
        """An untouched initial hand of 17-20 (B-7)."""
        return not self.hits and self.backhand is None and 17 <= self.thv <= 20

    @property
    def card_count(self) -> int:
        return len(self.initial) + len(self.hits)


def dealer_value(show: Card, card: Card, switches: Switches) -> int:
    """DV (BB-7): the column total of show card Sk and the seat's k-th post-initial card.

    Each ace counts 11; under C4 = cap21 an ace drops to 1 while the total is above 21.
    """
    total = show.value + card.value
    aces = show.is_ace + card.is_ace
    total += 10 * aces
    if switches.C4 == "cap21":
        while total > 21 and aces:
            total -= 10
            aces -= 1
    return total


def legal_actions(hand: SeatHand, stand_pat_game: bool, switches: Switches) -> tuple[str, ...]:
    """The legal plays for a seat on turn, in the precedence of the MC legal-actions table."""
    if hand.finished:
        return ()
    if hand.is_push_hand:
        return (PUSH, PLAY_PUSH)
    stand = (STAND_PAT,) if stand_pat_game and hand.window else ()
    if hand.thv <= 11:
        return (HIT, *stand)
    return (HIT, BACKHAND, *stand)


def judge(pt: int, dt: int | None, switches: Switches) -> str:
    """The PTA test on an ending card (BB-9): no dealer hand means no test (base Backhand)."""
    if dt is None or pt > dt:
        return SUCCESSFUL
    if pt == dt and switches.C5 == "stalemate":
        return STALEMATE
    return UNSUCCESSFUL


def _finish(hand: SeatHand, status: str, method: str, rule: str) -> SeatHand:
    return replace(
        hand,
        status=status,
        method=method if status == SUCCESSFUL else None,
        decided_by=rule,
        window=False,
    )


def place_initial(hand: SeatHand, card: Card) -> SeatHand:
    initial = (*hand.initial, card)
    return replace(hand, initial=initial, thv=hand.thv + card.value)


def start_ace_rule(hand: SeatHand) -> SeatHand:
    """Mark every ace among the two initial cards for replacement, left first (B-5)."""
    positions = tuple(i for i, c in enumerate(hand.initial) if c.is_ace)
    if not positions:
        return hand
    return replace(hand, aces_pending=positions, had_initial_ace=True)


def replace_ace(hand: SeatHand, card: Card) -> tuple[SeatHand, Card]:
    """Discard the next pending ace and put ``card`` in its place; a replacement ace is kept."""
    pos, rest = hand.aces_pending[0], hand.aces_pending[1:]
    old = hand.initial[pos]
    initial = (*hand.initial[:pos], card, *hand.initial[pos + 1 :])
    thv = hand.thv - old.value + card.value
    return replace(hand, initial=initial, aces_pending=rest, thv=thv), old


def push(hand: SeatHand) -> SeatHand:
    """Discard the initial hand (B-7 PUSH); two new cards follow. No column is used (BB-12)."""
    return replace(hand, initial=(), thv=0, pt=None, dt=None, pushes=hand.pushes + 1)


def resolve_hit(
    hand: SeatHand,
    card: Card,
    show: Card | None,
    switches: Switches,
    *,
    forced: bool,
    play_push: bool,
) -> SeatHand:
    """HIT or PLAY THE PUSH with ``card`` (B-7, B-10, BB-9, BB-10, MC-13..15)."""
    pt = hand.thv
    dt = dealer_value(show, card, switches) if show is not None else None
    thv = hand.thv + card.value
    status, method, rule, window = ACTIVE, None, None, False
    if thv > 21:
        status, rule = UNSUCCESSFUL, _ending_rule(show, "B-7") if play_push else _bust_rule(show)
    elif play_push:
        status, method, rule = judge(pt, dt, switches), PLAY_PUSH, _ending_rule(show, "B-7")
    elif len(hand.initial) + len(hand.hits) == 4:
        status, method, rule = judge(pt, dt, switches), FIVE_CARD, _ending_rule(show, "B-10")
    elif dt is not None and switches.C6 == "loses" and dt >= pt:
        status, rule = UNSUCCESSFUL, "BB-10"
    else:
        window = (
            dt is not None
            and pt > dt
            and not hand.window_blocked
            and _window_may_open(thv, forced, switches)
        )
    return replace(
        hand,
        hits=(*hand.hits, card),
        thv=thv,
        pt=pt,
        dt=dt,
        status=status,
        method=method if status == SUCCESSFUL else None,
        decided_by=rule,
        window=window,
    )


def resolve_backhand(hand: SeatHand, card: Card, show: Card | None, switches: Switches) -> SeatHand:
    """BACKHAND (B-11): the card is not added to the hand; THV + card must pass 21."""
    pt = hand.thv
    dt = dealer_value(show, card, switches) if show is not None else None
    thv = hand.thv + card.value
    status = UNSUCCESSFUL if thv <= 21 else judge(pt, dt, switches)
    return replace(
        hand,
        backhand=card,
        thv=thv,
        pt=pt,
        dt=dt,
        status=status,
        method=BACKHAND if status == SUCCESSFUL else None,
        decided_by=_ending_rule(show, "B-11"),
        window=False,
    )


def stand_pat(hand: SeatHand) -> SeatHand:
    """STAND PAT (MC-13..16): finished as successful; keeps the qualifying hit's totals."""
    return _finish(hand, SUCCESSFUL, STAND_PAT, "MC-16")


def block_window(hand: SeatHand) -> SeatHand:
    """The opponent's hand failed: the stand-pat window closes for good (SP-6)."""
    return replace(hand, window=False, window_blocked=True)


def _window_may_open(thv: int, forced: bool, switches: Switches) -> bool:
    if not forced:
        return True
    return {"at_12": thv >= 12, "never": False, "any": True}[switches.C8]


def _bust_rule(show: Card | None) -> str:
    return "B-10" if show is None else "BB-10"


def _ending_rule(show: Card | None, base_rule: str) -> str:
    return base_rule if show is None else "BB-9"
