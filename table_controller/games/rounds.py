"""The round skeleton the lasting-shoe games share: how an event is applied to a round (a copy
stepped, a refusal leaving the round as it was, nothing once the round is over), what is expected
first (the end of the round, the pit boss's hold, a payment to confirm), the result of a finished
round, the description's head and the log header a round starts from.

A game subclasses :class:`RoundGame`, declares its words and phases, and writes only what is its
own: :meth:`~RoundGame.step` (one event on the working copy), :meth:`~RoundGame.expected_in_play`,
:meth:`~RoundGame.hand_result`, :meth:`~RoundGame.described`, :meth:`~RoundGame.header` and
:meth:`~RoundGame.from_header`. Its round is any object with ``phase``, ``irregularity``,
``note``, ``clone()``, and (a game with money) ``settled`` and ``queue``.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar

from table_controller.contract import GameBase, SwitchSet
from table_controller.engine import (
    Effect,
    Expected,
    HandResult,
    Irregularity,
    Refused,
    SeatPrompt,
    step_effects,
    stepped,
)
from table_controller.events import PAID, Control, Event


def seat_names(count: int) -> tuple[str, ...]:
    """The seats of a table of ``count``: seat1 (the dealer's left) to seatN."""
    return tuple(f"seat{n}" for n in range(1, count + 1))


def stakes_line(seat: SeatPrompt) -> str | None:
    """A seat holding no cards yet, for the terminal, by its game's words for its stakes."""
    words = seat.figures.get("bets_words")
    return f"{seat.seat.upper()}[{words}]" if words and not seat.cards else None


def hands_line(seat: SeatPrompt) -> str | None:
    """A seat playing hands, for the terminal: its cards, then each hand's total in words."""
    hands = seat.figures.get("hands")
    if hands is None:
        return None
    totals = "/".join(h.get("total_words") or "-" for h in hands) or "-"
    return f"{seat.seat.upper()}[{' '.join(seat.cards) or '-'}] {totals}"


class RoundGame(GameBase):
    """A game whose rounds follow one another on one shoe (see the module's docstring)."""

    lasting_shoe = True
    rules_version: ClassVar[str]
    over_phase: ClassVar[StrEnum]  # the phase of a finished round (its Phase.OVER)
    over_words: ClassVar[str]  # the refusal of an event after the round is over
    after_over: ClassVar[frozenset[str]] = frozenset()  # controls a finished round still takes
    result_again: ClassVar[bool] = False  # a step after the end reports the result again
    has_money: ClassVar[bool] = True  # the round settles bets (``settled``, ``queue``)
    header_key: ClassVar[str] = "round"
    switches: SwitchSet | None = None

    # ----- what a game writes ----------------------------------------------------------------
    def stakes_words(self, figures: Mapping[str, Any]) -> str:
        """The round games with money say a seat's bets in their prompts (``bets_words``)."""
        return str(figures.get("bets_words") or "")

    def step(self, r: Any, event: Event) -> str | Irregularity:
        """One event on the working copy ``r``: what happened, or an irregularity that holds
        the round; a Refusal leaves the round as it was."""
        raise NotImplementedError

    def expected_in_play(self, state: Any) -> Expected:
        """What is expected of a round not over, not held and owing no payment."""
        raise NotImplementedError

    def resolutions(self, state: Any) -> tuple[str, ...]:
        """The controls that resolve the irregularity holding ``state``."""
        raise NotImplementedError

    def hand_result(self, state: Any) -> HandResult:
        """The result of a finished round."""
        raise NotImplementedError

    def described(self) -> dict[str, Any]:
        """What :meth:`describe` says after the game, its title, rules and switches."""
        return {}

    def header(self, state: Any) -> dict[str, Any]:
        """Where ``state`` starts from, for its log header (plain words and numbers)."""
        return {}

    def from_header(self, start: dict[str, Any]) -> Any:
        """The round a log header's ``start`` describes (:meth:`header`)."""
        return self.new_hand()

    # ----- the skeleton ------------------------------------------------------------------------
    def apply(self, state: Any, event: Event) -> tuple[Any, tuple[Effect, ...]]:
        if state.phase == self.over_phase and not (
            isinstance(event, Control) and event.control in self.after_over
        ):
            return state, (Refused(self.over_words),)
        return stepped(state, event, self._step)

    def _step(self, r: Any, event: Event) -> tuple[Effect, ...]:
        before = len(r.settled) if self.has_money else None
        was_over = r.phase == self.over_phase
        note = self.step(r, event)
        ends = r.phase == self.over_phase and (self.result_again or not was_over)
        return step_effects(r, note, before, self.hand_result(r) if ends else None)

    def expected(self, state: Any) -> Expected:
        if state.phase == self.over_phase:
            return self.expected_over(state)
        if state.irregularity is not None:
            return Expected(controls=self.resolutions(state))
        if self.has_money and state.queue:
            return Expected(controls=(PAID,), payment=state.queue[0])
        return self.expected_in_play(state)

    def expected_over(self, state: Any) -> Expected:
        """What a finished round expects: the next round (the shell starts it)."""
        return Expected(hand_over=True)

    def result(self, state: Any) -> HandResult | None:
        return self.hand_result(state) if state.phase == self.over_phase else None

    def describe(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "title": self.title,
            "rules_version": self.rules_version,
            "switches": self.switches.to_dict() if self.switches is not None else {},
            **self.described(),
        }

    def round_header(self, state: Any) -> dict[str, Any]:
        return {self.header_key: self.header(state)}

    def hand_from_header(self, header: dict[str, Any]) -> Any:
        start = header.get(self.header_key)
        return self.from_header(start) if isinstance(start, dict) else self.new_hand()
