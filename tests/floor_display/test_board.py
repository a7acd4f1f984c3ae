"""The floor's board folded from records alone: what a pit boss reads on each table's card."""

from __future__ import annotations

from typing import Any

import pytest

from floor_display.board import Board
from table_controller.hand_log.records import seal

KEY = b"k" * 32
HOUR = 1_800_000_000.0 // 3600 * 3600


class Table:
    def __init__(self, board: Board, table: str = "t1") -> None:
        self.board, self.table, self.last = board, table, None

    def write(
        self,
        hand: str,
        kind: str,
        payload: dict[str, Any],
        source: str = "sim://",
        at: float = HOUR + 60,
    ) -> None:
        self.last = seal(KEY, self.last, self.table, hand, kind, payload, source, at)
        self.board.take(self.last)


def test_a_held_hand_shows_until_the_pit_boss_resolves_it_and_says_by_whom() -> None:
    board = Board()
    t = Table(board)
    t.write(
        "h1",
        "hand",
        {
            "header": {
                "game": "blackjack",
                "title": "Blackjack",
                "dealer": "ann",
                "seats": ["seat1"],
            }
        },
    )
    t.write(
        "h1",
        "event",
        {
            "event": {"type": "card", "card": "AS"},
            "effects": [
                {
                    "type": "irregularity",
                    "kind": "impossible_card",
                    "reason": "a second AS from one deck",
                }
            ],
        },
    )
    card = board.to_dict(HOUR + 120)["tables"][0]
    assert (
        card["open_irregularity"] == "a second AS from one deck"
        and card["hand_state"] == "dealing: card AS"
    )
    t.write(
        "h1",
        "event",
        {
            "event": {"type": "control", "control": "accept_card"},
            "effects": [{"type": "refused", "reason": "needs a pit boss"}],
        },
        source="console:dealer",
    )
    assert board.to_dict(HOUR)["tables"][0][
        "open_irregularity"
    ]  # a refused control resolves nothing
    t.write(
        "h1",
        "event",
        {"event": {"type": "control", "control": "accept_card"}, "effects": []},
        source="console:pit_boss:jortiz",
    )
    card = board.to_dict(HOUR)["tables"][0]
    assert card["open_irregularity"] == ""
    assert (
        card["last_resolved"] == "a second AS from one deck: accept card by console:pit_boss:jortiz"
    )


def test_alerts_come_and_go_with_the_reports_that_end_them() -> None:
    board = Board()
    t = Table(board)
    t.write("", "hardware", {"type": "disconnected", "source": "serial:///dev/ttyUSB0"})
    t.write(
        "", "hardware", {"type": "warning", "reason": "camera_mismatch", "source": "camera://0"}
    )
    t.write("", "lockout", {"console": "pit boss keypad"})
    assert board.to_dict(HOUR)["tables"][0]["alerts"] == [
        "PIN lockout (pit boss keypad)",
        "camera mismatch",
        "shoe disconnected",
    ]
    t.write("", "hardware", {"type": "reconnected", "source": "serial:///dev/ttyUSB0"})
    t.write("", "lockout_lifted", {})
    assert board.to_dict(HOUR)["tables"][0]["alerts"] == ["camera mismatch"]


def test_hands_this_hour_count_results_since_the_hour_began_and_a_record_read_twice_counts_once() -> (
    None
):
    board = Board()
    t = Table(board)
    for n, at in enumerate((HOUR - 10, HOUR + 5, HOUR + 50)):
        t.write(f"h{n}", "hand", {"header": {"game": "red-dog"}}, at=at)
        t.write(
            f"h{n}",
            "result",
            {"winner": None, "void": False, "details": {"settlements": []}},
            at=at,
        )
    board.take(t.last)  # the feed read it again (a notice and a catch-up)
    card = board.to_dict(HOUR + 100)["tables"][0]
    assert (card["hands_this_hour"], card["hand_state"], card["silent_seconds"]) == (
        2,
        "over: settled",
        50,
    )


def test_a_table_that_kept_its_records_through_an_outage_says_when_and_how_many() -> None:
    board = Board()
    t = Table(board)
    t.write(
        "",
        "hardware",
        {
            "type": "log_unreachable",
            "records": 37,
            "first_seq": 12,
            "began": HOUR + 62,
            "ended": HOUR + 305,
            "reason": "terminating connection",
        },
        source="hand_log",
    )
    outage = board.to_dict(HOUR + 400)["tables"][0]["log_outage"]
    assert outage == "hand log unreachable 08:01:02-08:05:05 UTC: 37 records kept at the table"


def test_a_tables_gaming_day_against_theory_flags_a_hold_outside_its_band() -> None:
    from table_controller.contract import BetTheory
    from table_controller.hand_log.report_hold import HoldSettings

    asked: list[str] = []

    def theories(config: str) -> dict[str, BetTheory]:
        asked.append(config)
        return {"main": BetTheory(0.05, 1.0)}

    board = Board(HoldSettings(day_starts=6), theories)
    t = Table(board)
    day = 1_800_000_000.0 // 86400 * 86400 + 7 * 3600  # 07:00 UTC: gaming day begun at 06:00
    for n in range(20):  # the house loses $10.00 a hand: -$200.00 on a $200.00 drop
        t.write(f"h{n}", "hand", {"header": {"game": "g", "seats": ["seat1"]}}, at=day + n)
        paid = {"type": "settled", "seat": "seat1", "bet": "main", "staked": 1000}
        paid |= {"collected": 0, "returned": 1000, "paid": 1000, "rule": "R"}
        t.write(f"h{n}", "event", {"event": {"type": "control"}, "effects": [paid]}, at=day + n)
        t.write(f"h{n}", "result", {"winner": None, "details": {}}, "engine", at=day + n)
    hold = board.to_dict(now=day + 600)["tables"][0]["hold"]
    # theory 5% of $200.00 = $10.00; band 1000 +- 1.96 * sqrt(20 * 1000^2) cents
    assert (hold["hands"], hold["drop"], hold["win"], hold["hold_pct"]) == (20, 20000, -20000, -100)
    assert hold["theory_pct"] == pytest.approx(5.0)
    assert hold["low_pct"] == pytest.approx(100 * (1000 - 1.959964 * 20**0.5 * 1000) / 20000)
    assert hold["outside"] and board.to_dict(now=day + 600)["outside_band"] == 1
    assert len(set(asked)) == 1  # one configuration
    # the next gaming day starts afresh
    tomorrow = board.to_dict(now=day + 86400)["tables"][0]["hold"]
    assert tomorrow["hands"] == 0 and not tomorrow["outside"]
