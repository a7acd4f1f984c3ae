"""The training page on the display: the table's own app (:func:`dealer_display.app.create_app`:
its gate, its dealer token, its card source and static files) with the training routes added and
the trainee's drill in ``app.state.trainer``. The console's keyboard is the trainee's input.

On a live training table (``table train --cards URL``) the card source's reads go to the drill
instead of a hand of the table: :class:`TrainingTableSession` passes each card on.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from dealer_display.app import create_app
from dealer_display.routes import training
from dealer_display.settings import DisplaySettings
from table_controller.engine import Applied, Effect, Refused
from table_controller.events import CardArrived, Event
from table_controller.runtime import TableSession


class TrainingTableSession(TableSession):
    """The table's session on a training table: a card the source reads is the trainee's (the
    drill checks where it goes); nothing else is played here (no hand log: a drill is not a hand
    played for money)."""

    def __init__(self, trainer: Any, source_url: str) -> None:
        super().__init__(trainer.game, source_url=source_url)
        self.trainer = trainer

    def submit(self, event: Event, *, source: str, at: float | None = None) -> tuple[Effect, ...]:
        if not isinstance(event, CardArrived):
            return (Refused("on a training table every step is entered on the training page"),)
        with self.lock:
            self.trainer.card_read(event.card, event.spot)
        self._notify()
        return (Applied(f"{event.card.code} read for the drill"),)


def create_training_app(settings: DisplaySettings, trainer: Any, *, source: Any = None) -> FastAPI:
    """The display for a training table, with the training page at ``/train`` (``source``: the
    card source, already open, or None to open ``settings.cards_url`` as the app starts)."""
    app = create_app(settings, TrainingTableSession(trainer, settings.cards_url), source=source)
    app.state.trainer = trainer
    app.include_router(training.router)
    return app
