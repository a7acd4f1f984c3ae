"""The procedure drill: whole hands, every dealer's step entered by the trainee and checked
against the engine. A wrong step is not applied: it is a scored error naming the rule it breaks,
and (in learn mode, or after three tries) the right step is shown.

Times are inputs (the server's clock): :meth:`ProcedureDrill.enter` takes the time of the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table_controller.cards import Card
from table_controller.training import gamehooks
from table_controller.training.dealing import Dealing
from table_controller.training.score import StepRecord, Summary, error_for, summarise
from table_controller.training.steps import EntryError, RuleCite, Step, parse_entry, same_step

MODES = ("learn", "test")
SHOW_AFTER = 3  # tries after which even test mode shows the right step


@dataclass(frozen=True)
class Answer:
    """What one entry did: ``right`` or an error citing ``cite``; ``show`` is the right step where
    the mode shows it."""

    right: bool
    step: int
    cite: RuleCite | None = None
    show: str | None = None
    finished: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "right": self.right,
            "step": self.step,
            "rule": self.cite.rule if self.cite else None,
            "words": self.cite.words if self.cite else None,
            "cite": str(self.cite) if self.cite else None,
            "show": self.show,
            "finished": self.finished,
        }


class ProcedureDrill:
    kind = "procedure"

    def __init__(
        self,
        dealing: Dealing,
        *,
        started_at: float,
        hands: int = 1,
        mode: str = "learn",
        title: str = "",
        notes: tuple[str, ...] = (),
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode is learn or test (got {mode!r})")
        self.dealing = dealing
        self.mode = mode
        self.hands_wanted = max(1, hands)
        self.hands_done = 0
        self.started_at = started_at
        self.title = title
        self.notes = notes
        self.steps: list[StepRecord] = []
        self._present(started_at)

    # ----- the trainee's entries -------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.hands_done >= self.hands_wanted

    @property
    def current(self) -> StepRecord | None:
        return self.steps[-1] if self.steps and not self.steps[-1].done else None

    def enter(self, entry: str | Step, at: float) -> Answer:
        """Check one entry; a right step is applied, a wrong one scored. A line that is not a step
        at all raises :class:`~table_controller.training.steps.EntryError` (not scored)."""
        step = parse_entry(entry) if isinstance(entry, str) else entry
        record, right = self.current, self.dealing.right_step
        if self.dealing.waiting_for_card:
            raise EntryError("draw the next card from the shoe first")
        if record is None or right is None:
            return Answer(False, len(self.steps), RuleCite("", "the drill is over"), finished=True)
        if same_step(step, right):
            record.answered_at = at
            self.dealing.apply_right()
            self._after_right(at)
            return Answer(True, record.n, finished=self.finished)
        cite = gamehooks.cite(self.dealing.game, self.dealing.state, right, step)
        record.errors.append(error_for(record, at, step, right, cite))
        show = right.words() if self.mode == "learn" or len(record.errors) >= SHOW_AFTER else None
        return Answer(False, record.n, cite, show)

    def card_read(self, card: Card, at: float, spot: str | None = None) -> Answer | None:
        """A live table's shoe (or camera) read ``card``. A camera says where the trainee put it:
        that is the trainee's entry. A card drawn while a decision or payment is due is an error
        (the card waits as the next one to place)."""
        waiting = self.dealing.waiting_for_card
        record, right = self.current, self.dealing.right_step
        self.dealing.card_read(card)
        if not waiting and record is not None and right is not None:
            drawn = Step("deal", spot=spot or "?")
            cite = gamehooks.cite(self.dealing.game, self.dealing.state, right, drawn)
            record.errors.append(
                error_for(record, at, f"drew {card.code} from the shoe", right, cite)
            )
            return Answer(False, record.n, cite, right.words() if self.mode == "learn" else None)
        if waiting:
            self._present(at)
        if spot is not None and self.dealing.right_step is not None:
            return self.enter(Step("deal", spot=spot), at)
        return None

    def _after_right(self, at: float) -> None:
        if self.dealing.hand_over:
            self.hands_done += 1
            if not self.finished:
                self.dealing.next_hand()
        self._present(at)

    def _present(self, at: float) -> None:
        right = self.dealing.right_step
        if right is None or self.finished:
            return
        instruction = self.dealing.game.prompts(self.dealing.state).dealer_instruction
        self.steps.append(
            StepRecord(len(self.steps) + 1, right.kind, right.words(), at, prompt=instruction)
        )

    # ----- what the page shows ---------------------------------------------------------------------
    def summary(self) -> Summary:
        return summarise(self.steps, hands=self.hands_done, started_at=self.started_at)

    def view(self) -> dict[str, Any]:
        d = self.dealing
        prompts = d.game.prompts(d.state).to_dict()
        for seat in prompts["seats"]:  # the seat's bets in the game's own words
            seat["stakes_words"] = d.game.stakes_words(seat.get("figures") or {})
        learn = self.mode == "learn"
        if not learn:
            prompts["dealer_instruction"] = ""
        right = d.right_step
        record = self.current
        out: dict[str, Any] = {
            "drill": self.kind,
            "title": self.title,
            "notes": list(self.notes) if learn else [],
            "mode": self.mode,
            "game": d.game.game_id,
            "prompts": prompts,
            "finished": self.finished,
            "hand": min(self.hands_done + 1, self.hands_wanted),
            "hands": self.hands_wanted,
            "step": record.n if record else None,
            "card": d.next_card.code
            if right is not None and right.kind in ("deal", "pit_boss") and d.next_card
            else None,
            "signal": None,
            "spots": [],
            "summary": self.summary().to_dict(),
            "drill_notes": d.notes[-3:],
            "live": d.live,
            "waiting_for_card": d.waiting_for_card,
        }
        if out["card"] is not None and not d.waiting_for_card:  # a card in hand: where it may go
            # (not while a decision or payment is due: a number key there dealt at the wrong moment)
            out["spots"] = [
                {"spot": s, "label": label} for s, label in gamehooks.spots(d.game, d.state, right)
            ]
        if right is not None:
            if right.kind == "decision":
                out["signal"] = {
                    "seat": right.seat,
                    "words": gamehooks.signal_words(d.game, right.action or ""),
                }
        return out
