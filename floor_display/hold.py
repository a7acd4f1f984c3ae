"""Each table's gaming day against theory, as the floor sees it: a fold of its finished hands
(:class:`DayHold`, pure), and the games' figures computed away from the page's thread
(:class:`TheoryCache`: blackjack's exact edge takes seconds the first time a rule set is seen).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from table_controller.contract import BetTheory
from table_controller.hand_log.reader import RecordedHand
from table_controller.hand_log.records import HEADER, RESULT, HandRecord
from table_controller.hand_log.report_hold import (
    HoldSettings,
    HoldTally,
    Theories,
    game_theory,
    hold_row,
)


@dataclass
class DayHold:
    """A table's finished hands of its latest gaming day, summed as the report sums them."""

    settings: HoldSettings = field(default_factory=HoldSettings)
    day: str = ""
    tally: HoldTally = field(default_factory=HoldTally)
    _header: HandRecord | None = None
    _records: list[HandRecord] = field(default_factory=list)

    def take(self, record: HandRecord) -> None:
        if record.kind == HEADER:
            self._header, self._records = record, []
            return
        if self._header is None or record.hand_id != self._header.hand_id:
            return
        self._records.append(record)
        if record.kind == RESULT:
            hand = RecordedHand(record.table, record.hand_id, self._header, self._records)
            day = self.settings.gaming_day(self._header.at)
            if day != self.day:
                self.day, self.tally = day, HoldTally()
            self.tally.add(hand)
            self._header, self._records = None, []

    def to_dict(self, theories: Theories, now: float) -> dict[str, Any]:
        today = self.settings.gaming_day(now)
        tally = self.tally if self.day == today else HoldTally()
        row = hold_row(today, tally, theories)
        pct = row.pct
        return {
            "day": today,
            "hands": row.hands,
            "drop": row.drop,
            "win": row.win,
            "hold_pct": row.hold_pct,
            "theory_pct": pct(row.theory),
            "low_pct": pct(row.low),
            "high_pct": pct(row.high),
            "simulated": row.simulated,
            "outside": row.outside,
            "missing": list(row.missing),
            "irregularities": row.irregularities,
            "voids": row.voids,
        }


class TheoryCache:
    """The games' figures per configuration, each computed once in a thread of its own;
    asked before it is ready, it says so, and ``on_ready`` is called when it is."""

    def __init__(
        self,
        on_ready: Callable[[], None],
        compute: Callable[[str], dict[str, BetTheory] | str] = game_theory,
    ) -> None:
        self.on_ready, self.compute = on_ready, compute
        self.kept: dict[str, dict[str, BetTheory] | str] = {}
        self.lock = threading.Lock()

    def __call__(self, config: str) -> dict[str, BetTheory] | str:
        with self.lock:
            if config in self.kept:
                return self.kept[config]
            self.kept[config] = "the game's figures are being computed"
        threading.Thread(target=self._work, args=(config,), daemon=True).start()
        return self.kept[config]

    def _work(self, config: str) -> None:
        try:
            figures = self.compute(config)
        except Exception as exc:  # a game's math that fails is said on the card, not a dead thread
            figures = f"the game's figures could not be computed ({type(exc).__name__}: {exc})"
        with self.lock:
            self.kept[config] = figures
        self.on_ready()
