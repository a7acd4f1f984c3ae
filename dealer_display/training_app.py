"""The training page on the display: the table's own app (:func:`dealer_display.app.create_app`:
its gate, its dealer token, its static files) with the training routes added and the trainee's
drill in ``app.state.trainer``. The console's keyboard is the trainee's input."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from dealer_display.app import create_app
from dealer_display.routes import training
from dealer_display.settings import DisplaySettings
from table_controller.runtime import TableSession


def create_training_app(settings: DisplaySettings, trainer: Any) -> FastAPI:
    """The display for a training table: the drill's game on the table's session (no hand log:
    a drill is not a hand played for money), and the training page at ``/train``."""
    session = TableSession(trainer.game, source_url=settings.cards_url)
    app = create_app(settings, session)
    app.state.trainer = trainer
    app.include_router(training.router)
    return app

