"""One Luck of the Draw hand (red-dog.md Part C) as a mutable model, and what each event does to it.

A session is up to ``hands_per_session`` hands from one freshly shuffled 54-card deck (LD-1); each
hand is one hand of the table. The phases: ``shuffle``, ``start`` (``board_laid`` or ``stop``),
``pick`` (four ``pick_N``), ``reveal`` (the four picked board cards), ``high`` and ``low``
(``high_N``, ``low_N``), ``wager``, ``draw`` (the bonus card to ``ld/draw``), ``rest`` (the other
eleven board cards, LD-5), ``pay``, ``over``.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum

from table_controller.cards import DEVIL, Card
from table_controller.engine import DealTo, Irregularity, Payment, Refusal
from table_controller.games.split_decision.hand import face_value
from table_controller.money import money
from table_controller.shoe import Shoe

BOARD_LAID = "board_laid"  # dealer: the board is shuffled and laid face down on board/1..15
POSITIONS = range(1, 16)
BOARD_SET = Counter(
    {
        "A": 2,
        **dict.fromkeys(("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"), 1),
        DEVIL: 1,
    }
)
SEAT = "seat1"


class Phase(StrEnum):
    """A hand's phases, equal to the words its log headers and prompts hold."""

    SHUFFLE = "shuffle"
    START = "start"
    PICK = "pick"
    REVEAL = "reveal"
    HIGH = "high"
    LOW = "low"
    WAGER = "wager"
    DRAW = "draw"
    REST = "rest"
    PAY = "pay"
    OVER = "over"


@dataclass(frozen=True)
class LDLimits:
    min_bet: int = 500
    max_bet: int = 50_000
    hands_per_session: int = 5


@dataclass
class LDHand:
    limits: LDLimits
    shoe: Shoe
    hand_no: int = 1  # in the session
    phase: Phase = Phase.SHUFFLE
    picks: list[int] = field(default_factory=list)
    board: dict[int, Card] = field(default_factory=dict)  # the board cards turned up, by position
    high: int | None = None  # chosen positions
    low: int | None = None
    wager: int = 0
    draw: Card | None = None
    outcome: str = ""  # win, push, lose, devil (a push the Devil made a loss), stop
    queue: list[Payment] = field(default_factory=list)
    settled: list[Payment] = field(default_factory=list)
    note: str = ""
    irregularity: Irregularity | None = None
    held_card: Card | None = None
    held_drawn: bool = False
    void: bool = False

    def clone(self) -> LDHand:
        new = copy.copy(self)
        new.picks, new.board = list(self.picks), dict(self.board)
        new.queue, new.settled = list(self.queue), list(self.settled)
        return new

    # ----- queries ------------------------------------------------------------------------------
    def devil_revealed(self) -> bool:
        return any(self.board[p].rank == DEVIL for p in self.picks if p in self.board)

    def role_value(self, position: int, role: str) -> int:
        card = self.board[position]
        return (14 if role == "high" else 1) if card.is_ace else face_value(card)

    def choosable(self, role: str) -> list[int]:
        """LD-3 step 2: revealed non-Devil positions; the low below the chosen high."""
        out = [p for p in self.picks if self.board[p].rank != DEVIL and p != self.high]
        if role == "high":  # a high that leaves some low below it
            return [
                p
                for p in out
                if any(
                    self.role_value(q, "low") < self.role_value(p, "high") for q in out if q != p
                )
            ]
        if self.high is not None:
            top = self.role_value(self.high, "high")
            out = [p for p in out if self.role_value(p, "low") < top]
        return out

    def next_deal(self) -> DealTo | None:
        if self.irregularity is not None or self.queue:
            return None
        if self.phase == Phase.REVEAL:
            pos = next(p for p in self.picks if p not in self.board)
            return DealTo(f"board/{pos}", SEAT, "reveal", f"turn up board/{pos}")
        if self.phase == Phase.DRAW:
            return DealTo("ld/draw", SEAT, "bonus", "the bonus card to ld/draw")
        if self.phase == Phase.REST:
            pos = next(p for p in POSITIONS if p not in self.board)
            return DealTo(f"board/{pos}", None, "board", f"turn up board/{pos}")
        return None

    def decisions(self) -> dict[str, tuple[str, ...]]:
        if self.irregularity is not None or self.queue:
            return {}
        if self.phase == Phase.START:
            return {SEAT: ("stop",)}
        if self.phase == Phase.PICK:
            return {SEAT: tuple(f"pick_{p}" for p in POSITIONS if p not in self.picks)}
        if self.phase in (Phase.HIGH, Phase.LOW):
            return {SEAT: tuple(f"{self.phase}_{p}" for p in self.choosable(self.phase))}
        if self.phase == Phase.WAGER:
            return {SEAT: ("wager",)}
        return {}


# ----- events ------------------------------------------------------------------------------------------
def card(r: LDHand, c: Card, spot: str | None) -> str | Irregularity:
    deal = r.next_deal()
    from_shoe = deal is not None and deal.spot == "ld/draw"
    if from_shoe and not r.shoe.can_hold(c):
        r.held_card, r.held_drawn = c, False
        return Irregularity(
            "impossible_card",
            r.shoe.why_impossible(c)
            if c.rank == DEVIL
            else f"the {c.name} ({c.code}) was already dealt since the shuffle",
            (c.code,),
        )
    if deal is not None and not from_shoe and c.is_joker:
        r.held_card, r.held_drawn = c, False
        return Irregularity("impossible_card", "a joker is not a board card (LD-2)", (c.code,))
    if deal is None:
        r.held_card, r.held_drawn = c, False
        return Irregularity(
            "unexpected_card", f"{c.code} arrived while the table waits for a decision", (c.code,)
        )
    if spot is not None and spot != deal.spot:
        r.held_card, r.held_drawn = c, False
        return Irregularity(
            "wrong_spot", f"{c.code} is at {spot}; it belongs at {deal.spot}", (c.code,)
        )
    place(r, c, deal.spot)
    return f"{c.code} at {deal.spot}"


def place(r: LDHand, c: Card, spot: str) -> None:
    if spot == "ld/draw":
        r.shoe = r.shoe.draw(c)
        r.draw, r.phase = c, Phase.REST
        return
    r.board[int(spot.split("/")[1])] = c
    if r.phase == Phase.REVEAL and all(p in r.board for p in r.picks):
        r.phase = Phase.HIGH
    elif r.phase == Phase.REST and len(r.board) == 15:
        settle(r)


def outcome(r: LDHand) -> str:
    """LD-4: a joker wins; a non-ace strictly between wins; a tie is a push, or a loss with the
    Devil among the four revealed; anything else loses."""
    assert r.draw is not None and r.high is not None and r.low is not None
    high, low, d = r.board[r.high], r.board[r.low], r.draw
    if d.is_joker:
        return "win"
    if not d.is_ace and r.role_value(r.low, "low") < face_value(d) < r.role_value(r.high, "high"):
        return "win"
    if d.rank in (high.rank, low.rank):
        return "devil" if r.devil_revealed() else "push"
    return "lose"


def settle(r: LDHand) -> Irregularity | None:
    counts = Counter(c.rank for c in r.board.values())
    if counts != BOARD_SET:
        r.irregularity = Irregularity(
            "board_incomplete",
            "LD-5: the fifteen board cards are not the board set "
            f"(two aces, K to 2, the Devil): {' '.join(sorted(c.code for c in r.board.values()))}",
        )
        return r.irregularity
    r.outcome = outcome(r)
    r.phase = Phase.PAY
    w = r.wager
    if r.outcome == "win":
        why = (
            "a joker" if r.draw and r.draw.is_joker else f"{r.draw.rank if r.draw else ''} between"
        )
        r.queue.append(Payment(SEAT, "wager", w, 0, w, w, f"{why}: 1 to 1", "LD-4"))
    elif r.outcome == "push":
        r.queue.append(Payment(SEAT, "wager", w, 0, w, 0, "a tie: push", "LD-4"))
    else:
        why = "a tie, and the Devil was revealed" if r.outcome == "devil" else "outside"
        r.queue.append(Payment(SEAT, "wager", w, w, 0, 0, why, "LD-4"))
    return None


def decide(r: LDHand, seat: str, action: str, amount: int | None) -> str:
    legal = r.decisions().get(seat, ())
    name = action.split("_")[0]
    if action not in legal and not (action == "wager" and "wager" in legal):
        raise Refusal(_why_not(r, seat, action), legal)
    if action == "wager":
        lim = r.limits
        if amount is None or not lim.min_bet <= amount <= lim.max_bet:
            raise Refusal(f"a wager lies from {money(lim.min_bet)} to {money(lim.max_bet)}", legal)
        r.wager, r.phase = amount, Phase.DRAW
        return f"SEAT 1 wagers {money(amount)}"
    if amount is not None:
        raise Refusal(f"{action} takes no amount", legal)
    if action == "stop":
        r.phase, r.outcome = Phase.OVER, "stop"
        return "SEAT 1 stops: the session is over"
    pos = int(action.split("_")[1])
    if name == "pick":
        r.picks.append(pos)
        if len(r.picks) == 4:
            r.phase = Phase.REVEAL
        return f"SEAT 1 picks board/{pos}"
    setattr(r, name, pos)
    r.phase = Phase.LOW if name == "high" else Phase.WAGER
    return f"SEAT 1 chooses board/{pos} ({r.board[pos].rank}) as the {name}"


def _why_not(r: LDHand, seat: str, action: str) -> str:
    if seat != SEAT:
        return "Luck of the Draw has one seat, seat1 (LD-1)"
    if action.startswith("pick_") and action[5:].isdigit() and int(action[5:]) in r.picks:
        return f"board/{action[5:]} is already picked (D1)"
    if action.startswith("low_") and r.phase == Phase.LOW:
        return "the low must be a revealed card below the high, not the Devil (LD-3)"
    if action.startswith("high_") and r.phase == Phase.HIGH:
        return "the high must be a revealed card that is not the Devil (LD-3)"
    legal = r.decisions().get(SEAT, ())
    return f"SEAT 1 cannot {action} now; legal: {', '.join(legal) or 'none'}"
