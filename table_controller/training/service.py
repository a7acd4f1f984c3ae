"""One trainee at the console: the drill in progress, each entry checked and written to the
records as it comes. The shell around the pure drills: the clock and the random seed are given
here (``clock`` is the server's), and nothing below reads either.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from table_controller.cards import standard_deck
from table_controller.contract import Game
from table_controller.errors import ConfigError
from table_controller.games import TRAINING_GAME, make_game
from table_controller.training.dealing import AutopilotSignals, Dealing
from table_controller.training.drill_file import load_drill
from table_controller.training.procedure import MODES, ProcedureDrill
from table_controller.training.questions import QuestionDrill, payout_questions, totals_questions
from table_controller.training.records import TrainingRecords
from table_controller.training.score import DEFAULT_STANDARDS
from table_controller.training.steps import EntryError

KINDS = ("procedure", "payouts", "totals")
EXAMPLES = Path(__file__).resolve().parent / "examples"


def drill_path(drill: str) -> Path | None:
    """A drill file: a path, or the name of a shipped example; None for a built-in kind."""
    if drill in KINDS:
        return None
    path = Path(drill)
    if path.is_file():
        return path
    example = EXAMPLES / f"{drill.removesuffix('.json')}.json"
    if example.is_file():
        return example
    names = ", ".join(sorted(p.stem for p in EXAMPLES.glob("*.json")))
    raise ConfigError(
        f"--drill is procedure, payouts, totals, a drill file or an example ({names}); no {drill!r}"
    )


@dataclass
class TrainingSettings:
    trainee: str = "trainee"
    game: str = TRAINING_GAME
    drill: str = "procedure"
    mode: str = "learn"
    seats: int | None = None
    switches: dict[str, Any] = field(default_factory=dict)
    hands: int = 3
    questions: int = 20
    seed: int | None = None
    live: bool = False  # the procedure drill's cards come from the table's shoe or camera

    def __post_init__(self) -> None:
        name = self.trainee.strip()
        if not name or len(name) > 60 or not name.isprintable():
            raise ConfigError("--trainee is a name of 1 to 60 printable characters")
        if self.mode not in MODES:
            raise ConfigError(f"--mode is learn or test (got {self.mode!r})")
        if not 1 <= self.hands <= 100 or not 1 <= self.questions <= 500:
            raise ConfigError("--hands is 1 to 100 and --questions 1 to 500")
        drill_path(self.drill)
        if self.live and self.drill != "procedure":
            raise ConfigError("--cards (a real or simulated shoe) is for the procedure drill")


class Trainer:
    """The console's trainee and the drill in progress (a new attempt with :meth:`start`)."""

    def __init__(
        self,
        settings: TrainingSettings,
        records: TrainingRecords | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.records = records
        self.clock = clock
        self.rng = random.Random(settings.seed)
        self.drill: Any = None
        self.attempt_id = ""
        self.drill_name = ""
        self.last: dict[str, Any] | None = None
        self.standards = dict(DEFAULT_STANDARDS)
        # the page may start these: the kinds, the shipped examples and the drill given at start
        # (never any other file on this computer)
        self.drills = (*KINDS, *sorted(p.stem for p in EXAMPLES.glob("*.json")), settings.drill)
        self.start()

    def start(self, drill: str | None = None, mode: str | None = None) -> None:
        s = self.settings
        if drill is not None:
            if drill not in self.drills:
                raise ConfigError(
                    f"no drill {drill[:60]!r} here (drills: {', '.join(dict.fromkeys(self.drills))})"
                )
            s.drill = drill
        if mode is not None:
            if mode not in MODES:
                raise ConfigError(f"mode is learn or test (got {mode!r})")
            s.mode = mode
        at = self.clock()
        self.drill, self.drill_name, kind = self._build(at)
        self.attempt_id = f"{int(at)}-{secrets.token_hex(4)}"
        self.last = None
        self._errors_written: dict[int, int] = {}
        self._steps_written: set[int] = set()
        if self.records is not None:
            self.records.start(
                self.attempt_id,
                trainee=s.trainee,
                drill=self.drill_name,
                kind=kind,
                game=self.drill.view()["game"],
                mode=s.mode,
                at=at,
                limit=getattr(self.drill, "limit", None),
            )

    def _build(self, at: float) -> tuple[Any, str, str]:
        s = self.settings
        path = drill_path(s.drill)
        if path is not None:
            d = load_drill(path)
            return (
                ProcedureDrill(
                    d.dealing(), started_at=at, mode=s.mode, title=d.title, notes=d.notes
                ),
                f"scenario:{d.name}",
                "scenario",
            )
        game = make_game(s.game, switches=s.switches or None, seats=s.seats)
        if s.drill == "procedure":
            if s.live:
                dealing = Dealing(game, [], AutopilotSignals(), live=True)
            else:
                dealing = Dealing(
                    game,
                    self._shuffled(game),
                    AutopilotSignals(),
                    reshuffle=lambda: self._shuffled(game),
                )
            return (
                ProcedureDrill(
                    dealing,
                    started_at=at,
                    hands=s.hands,
                    mode=s.mode,
                    title=f"Procedure: {s.hands} hand(s) of {game.describe().get('title', s.game)}",
                ),
                "procedure",
                "procedure",
            )
        if s.drill == "payouts":
            questions = payout_questions(game, self.rng, s.questions)
            limit = DEFAULT_STANDARDS["payouts"].seconds
        else:
            questions = totals_questions(game, self.rng, s.questions)
            limit = DEFAULT_STANDARDS["totals"].seconds
        return (
            QuestionDrill(s.drill, game, questions, started_at=at, mode=s.mode, limit=limit),
            s.drill,
            s.drill,
        )

    def _shuffled(self, game: Game) -> list[Any]:
        cards = [c for _ in range(game.describe()["decks"]) for c in standard_deck()]
        self.rng.shuffle(cards)
        return cards

    @property
    def game(self) -> Game:
        """The game of the drill in progress."""
        return (
            self.drill.dealing.game if isinstance(self.drill, ProcedureDrill) else self.drill.game
        )

    # ----- the trainee's entries -------------------------------------------------------------------
    def enter(self, line: str) -> dict[str, Any]:
        """Check one console line. An unreadable line raises :class:`EntryError` (not scored)."""
        at = self.clock()
        if isinstance(self.drill, ProcedureDrill):
            answer = self.drill.enter(line, at).to_dict()
        else:
            answer = self.drill.answer(line, at)
        self._sync(at)
        self.last = answer
        return answer

    def card_read(self, card: Any, spot: str | None = None) -> dict[str, Any] | None:
        """The table's shoe (or a camera, which says where the card went) read ``card``."""
        drill = self.drill
        if not isinstance(drill, ProcedureDrill) or not drill.dealing.live:
            return None
        at = self.clock()
        answer = drill.card_read(card, at, spot)
        self._sync(at)
        if answer is not None:
            self.last = answer.to_dict()
        return self.last if answer is not None else None

    def _sync(self, at: float) -> None:
        """Write what the last entry changed: new errors, answered steps, the attempt's figures
        (an entry changes at most the step it answered and the one it put next)."""
        if self.records is None:
            return
        for record in self.drill.steps[-2:]:
            written = self._errors_written.get(record.n, 0)
            for n, error in enumerate(record.errors[written:], written + 1):
                self.records.error(self.attempt_id, error, n)
            self._errors_written[record.n] = len(record.errors)
            if record.done and record.n not in self._steps_written:
                self.records.step(self.attempt_id, record)
                self._steps_written.add(record.n)
        self.records.progress(
            self.attempt_id, self.drill.summary(), finished_at=at if self.drill.finished else None
        )

    def view(self) -> dict[str, Any]:
        s = self.settings
        return {
            "trainee": s.trainee,
            "attempt": self.attempt_id,
            "drill_name": self.drill_name,
            "drills": list(dict.fromkeys(self.drills)),
            "last": self.last,
            **self.drill.view(),
        }


__all__ = ["EntryError", "Trainer", "TrainingSettings", "drill_path"]
