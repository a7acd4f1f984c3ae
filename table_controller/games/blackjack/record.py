"""Blackjack with the Dead Man's Hand as the registry knows it."""

from __future__ import annotations

from table_controller.contract import (
    Amount,
    Analysis,
    Decision,
    Display,
    GameRecord,
    SeatRange,
    Setup,
    TrainingHooks,
    lazy,
)
from table_controller.errors import ConfigError
from table_controller.games.blackjack.machine import BlackjackGame
from table_controller.games.blackjack.paytables import (
    builtin_paytable,
    load_paytable,
    paytable_from_dict,
)
from table_controller.games.blackjack.switches import SWITCHES, Switches
from table_controller.games.blackjack.training import SIGNALS

TRAINING = "table_controller.games.blackjack.training"


def _make(setup: Setup) -> BlackjackGame:
    sw = Switches.from_dict(dict(setup.switches or {}))
    n = RECORD.seats.count(setup.seats, RECORD.title)
    paytable = setup.paytable
    if sw.B14 == "custom":
        if paytable is None:
            raise ConfigError("switch B14=custom needs a paytable file (--paytable FILE)")
        table = (
            paytable_from_dict(paytable) if isinstance(paytable, dict) else load_paytable(paytable)
        )
    else:
        if paytable is not None:
            raise ConfigError("--paytable FILE goes with switch B14=custom")
        table = builtin_paytable(sw.B14, pt4_s0=sw.B15)
    return BlackjackGame(sw, table, n)


RECORD = GameRecord(
    id="blackjack",
    title="Blackjack \u00b7 Dead Man's Hand",
    rules="blackjack.md",
    seats=SeatRange(1, 7, 7),
    switches=SWITCHES,
    make=_make,
    scenario=lazy("table_controller.games.blackjack.scenario:run_blackjack_scenario"),
    analyses=(
        Analysis("dead-mans-hand", "table_controller.games.blackjack.analysis_dmh"),
        Analysis("blackjack", "table_controller.games.blackjack.analysis_blackjack"),
    ),
    training=TrainingHooks(
        cite=lazy(f"{TRAINING}:cite"),
        spots=lazy(f"{TRAINING}:spots"),
        signals=SIGNALS,
        payout_cases=lazy(f"{TRAINING}:payout_cases"),
        totals_questions=lazy(f"{TRAINING}:totals_questions"),
        drill_table=lazy(f"{TRAINING}:drill_table"),
    ),
    takes_paytable="B14",
    display=Display.beside(__file__, "blackjack.js", "blackjack.css"),
    decisions=(
        Decision("hit", "H"),
        Decision("stand", "S"),
        Decision("double", "X"),
        Decision("split", "P"),
        Decision("surrender", "U"),
        # up to half the main bet: offered, the dealer may type another amount
        Decision("insurance", "I", "Insure", Amount("offered", "main", 2)),
        Decision("even_money", "E"),
        Decision("no_insurance", "O"),
    ),
    theory=lazy("table_controller.games.blackjack.theory:theory"),
)
RECORDS = (RECORD,)
