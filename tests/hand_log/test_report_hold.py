"""Hold against theory and the regulator's daily sheet, against figures computed by hand.

A game of the tests (High Card, registered with figures the test states) deals a few known hands
on two tables; every drop, win, hold, theoretical hold and band below is worked out by hand.
"""

from __future__ import annotations

import csv
import io
import math
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from table_controller.cli import main
from table_controller.hand_log import HandLog, open_store
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.report_hold import HoldSettings, game_theory, hold_rows
from tests.hand_log.fixtures import _data_dir
from tests.hand_log.held_card import settled, stated_game, write_hand

__all__ = ["_data_dir", "stated_game"]

# 2026-12-07 15:00 UTC: the swing shift of gaming day 2026-12-07 (UTC, the day from 06:00)
T0 = datetime(2026, 12, 7, 15, 0, tzinfo=UTC).timestamp()


def two_tables(tmp_path: Path) -> Path:
    """table-1: three hands (one with an irregularity, one voided); table-2: twenty hands the
    house loses $10.00 each."""
    db = tmp_path / "floor.db"
    with HandLog.open(str(db), key_path=tmp_path / "k", table_id="table-1") as log:
        irregular = {"type": "irregularity", "kind": "wrong_spot", "reason": "card to seat 3"}
        write_hand(
            log,
            "a1",
            T0,
            [settled("seat1", "main", 1000, 1000, 0), settled("seat2", "main", 2000, 0, 2000)],
            irregular=[irregular],
        )
        write_hand(
            log,
            "a2",
            T0 + 60,
            [settled("seat1", "main", 1000, 1000, 0), settled("seat1", "side", 500, 500, 0)],
        )
        write_hand(log, "a3", T0 + 120, [settled("seat1", "main", 1000, 0, 0, "VOID")], void=True)
    with HandLog.open(str(db), key_path=tmp_path / "k2", table_id="table-2") as log:
        for n in range(20):
            write_hand(log, f"b{n}", T0 + 9 * 3600 + n, [settled("seat1", "main", 1000, 0, 1000)])
    return db


def rows_by_name(db: Path) -> dict[str, dict[str, Any]]:
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    return {
        grouping: {r.name: r for r in rows}
        for grouping, rows in hold_rows(hands, HoldSettings(), game_theory).items()
    }


def test_hold_theory_and_band_as_computed_by_hand(tmp_path: Path, stated_game: None) -> None:
    rows = rows_by_name(two_tables(tmp_path))
    one = rows["table"]["table-1"]
    # drop 10 + 20 + 10 + 5 (the void's returned $10 is in nothing); win 10 - 20 + 10 + 5
    assert (one.hands, one.drop, one.win, one.irregularities, one.voids) == (3, 4500, 500, 1, 1)
    assert one.hold_pct == pytest.approx(100 * 500 / 4500)  # 11.11%
    # the side bet has no figure: the comparison covers the main bets only
    assert (one.covered_drop, one.covered_win) == (4000, 0)
    assert one.missing == ("side: the game declares no figure for it",)
    assert one.theory == pytest.approx(0.05 * 4000)  # $2.00, 5.00% of the covered drop
    half = 1.959963984540054 * math.sqrt(1000**2 + 2000**2 + 1000**2)  # 4800.9 cents
    assert (one.low, one.high) == (pytest.approx(200 - half), pytest.approx(200 + half))
    assert one.pct(one.low) == pytest.approx(-115.02, abs=0.01) and not one.outside

    two = rows["table"]["table-2"]
    assert (two.drop, two.win, two.theory) == (20000, -20000, pytest.approx(1000))
    half = 1.959963984540054 * math.sqrt(20 * 1000**2)  # 8765.1 cents
    assert two.low == pytest.approx(1000 - half) and two.outside  # -$200 < -$77.65

    # the game and the day hold both tables: drop 245.00, win -195.00, outside its band
    day = rows["gaming day"]["2026-12-07"]
    assert (day.drop, day.win, day.covered_drop) == (24500, -19500, 24000)
    half = 1.959963984540054 * math.sqrt(22 * 1000**2 + 2000**2)
    assert day.high == pytest.approx(1200 + half) and day.outside
    # 15:00 and 00:00 the next night: a shift is named by the gaming day it belongs to
    assert set(rows["shift"]) == {"2026-12-07 swing", "2026-12-07 grave"}
    assert rows["shift"]["2026-12-07 grave"].hands == 20
    assert set(rows["gaming day"]) == {"2026-12-07"}  # 00:00 is still the day begun at 06:00
    assert set(rows["month to date"]) == {"2026-12-01 to 2026-12-07"}


def test_the_casino_clock_is_a_setting() -> None:
    chicago = HoldSettings.parse("America/Chicago", 8, "early=8,late=20")
    at = datetime(2026, 12, 8, 13, 30, tzinfo=UTC).timestamp()  # 07:30 in Chicago
    assert chicago.gaming_day(at) == "2026-12-07" and chicago.shift(at) == "2026-12-07 late"
    assert chicago.shift(at + 3600) == "2026-12-08 early"


def test_the_daily_sheet_as_csv_and_html(
    tmp_path: Path, stated_game: None, capsys: pytest.CaptureFixture[str]
) -> None:
    db = two_tables(tmp_path)
    assert main(["audit", "daily", str(db), "--format", "csv"]) == 0
    out = capsys.readouterr().out
    sheet = list(csv.DictReader(io.StringIO(out)))
    assert [r["table"] for r in sheet] == ["table-1", "table-2", "all tables"]
    assert sheet[0] | {} == {
        "gaming day": "2026-12-07",
        "table": "table-1",
        "games": "held-card",
        "hands": "3",
        "drop": "45.00",
        "win": "5.00",
        "hold %": "11.11",
        "irregularities": "1",
        "voids": "1",
        "theoretical hold %": "5.00",
        "band low %": "-115.02",
        "band high %": "125.02",
        "figures": "exact",
        "against theory": "inside",
    }
    assert sheet[1]["hold %"] == "-100.00" and sheet[1]["against theory"].startswith("OUTSIDE")
    assert sheet[2]["drop"] == "245.00" and sheet[2]["win"] == "-195.00"
    page = tmp_path / "daily.html"
    assert main(["audit", "daily", str(db), "--day", "2026-12-07", "--out", str(page)]) == 0
    text = page.read_text()
    assert "gaming day 2026-12-07" in text and text.count('class="outside"') == 2
    assert main(["audit", "daily", str(db), "--day", "2026-12-06", "--format", "csv"]) == 0
    assert capsys.readouterr().out.strip().count("\n") == 0  # the header alone
    assert main(["audit", "daily", str(db), "--shifts", "day"]) == 2
    assert "--shifts takes NAME=HOUR" in capsys.readouterr().err


def test_the_report_flags_what_is_outside_its_band(
    tmp_path: Path, stated_game: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from table_controller.training.records import TrainingRecords
    from table_controller.training.score import Summary

    db, page = two_tables(tmp_path), tmp_path / "report.html"
    with TrainingRecords(str(db)) as school:  # ann's drills: 2 errors in 10 steps
        school.start(
            "d1", trainee="ann", drill="procedure", kind="procedure", game="g", mode="test", at=T0
        )
        school.progress("d1", Summary(steps=10, right=8, errors=2, seconds=3.0))
    main(["audit", "report", str(db), "--out", str(page), "--key", str(tmp_path / "k")])
    text = page.read_text()
    flagged = text.split("Flagged for investigation", 1)[1].split("</table>", 1)[0]
    assert "table-2" in flagged and "table-1" not in flagged and "OUTSIDE" in flagged
    # beside each flag, its dealers' error rates at the table and in training
    assert "ann: 4.3% (1 in 23 events); 20.0% (2 in 10 drill steps)" in flagged
    assert "stated by the test" in text and "no figure" in text
    # ann's error rates: one irregularity in 23 events at the table, 2 errors in 10 drill steps
    assert "4.3% (1 in 23 events)" in text and "20.0% (2 in 10 drill steps)" in text


def test_the_hold_section_and_the_daily_sheet_read_at_1280_px(
    tmp_path: Path, stated_game: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from playwright.sync_api import sync_playwright

    from tests.dealer_display.screen import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS

    db, report, daily = two_tables(tmp_path), tmp_path / "report.html", tmp_path / "daily.html"
    main(["audit", "report", str(db), "--out", str(report), "--key", str(tmp_path / "k")])
    assert main(["audit", "daily", str(db), "--out", str(daily)]) == 0
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(report.as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        flagged = page.locator("table.flagged tr").all_inner_texts()
        # the heading, then table-2, the game, the dealer, table-2's shift, the day, the month
        assert len(flagged) == 1 + 6 and "table-1" not in " ".join(flagged)
        heading = page.locator("h2", has_text="Hold against theory")
        heading.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "audit-report-hold-1280.png"), full_page=True)
        page.goto(daily.as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        outside = page.locator("tr.outside")
        assert outside.count() == 2 and "table-2" in outside.first.inner_text()
        colour = outside.first.locator("td").first.evaluate(
            "e => getComputedStyle(e).backgroundColor"
        )
        assert colour == "rgb(255, 221, 221)"  # marked, not only worded
        page.screenshot(path=str(ARTIFACTS / "audit-daily-1280.png"), full_page=True)
        browser.close()


def test_the_games_figures_are_kept_between_runs(tmp_path: Path, stated_game: None) -> None:
    from table_controller.contract import BetTheory
    from table_controller.hand_log.report_figures import kept_on_disk
    from table_controller.hand_log.report_hold import configuration

    asked: list[str] = []

    def compute(config: str) -> dict[str, BetTheory] | str:
        asked.append(config)
        return {"main": BetTheory(0.05, 1.0, exact=False, interval=0.01, basis="b", hit=0.4)}

    config = configuration({"game": "held-card", "seats": ["seat1"], "switches": {}})
    first = kept_on_disk(compute, tmp_path)(config)
    again = kept_on_disk(compute, tmp_path)(config)  # another run: read, not computed
    assert first == again and len(asked) == 1
    (kept,) = tmp_path.glob("*.json")
    assert kept.stat().st_mode & 0o777 == 0o600
    other = configuration({"game": "held-card", "seats": ["seat1", "seat2"], "switches": {}})
    kept_on_disk(compute, tmp_path)(other)
    assert len(asked) == 2  # another configuration is computed
    kept.write_text("{not json")
    assert kept_on_disk(compute, tmp_path)(config) == first and len(asked) == 3
    assert kept_on_disk(lambda _c: "no figures", tmp_path)(configuration({"game": "x"})) == (
        "no figures"
    )  # an answer without figures is not kept
    assert len(list(tmp_path.glob("*.json"))) == 2
