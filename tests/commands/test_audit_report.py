"""What the compliance report and the sheet export say about rounds that are not ordinary: a
round the pit boss voided, a round the table stopped in, a game whose winner is a seat."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from table_controller import autopilot
from table_controller.cli import main
from table_controller.events import VOID_HAND, Control
from table_controller.games import make_game
from table_controller.hand_log import HandLog, open_store
from table_controller.hand_log.reader import iter_hands
from table_controller.runtime import TableSession
from tests.hand_log.fixtures import _data_dir

__all__ = ["_data_dir"]


def blackjack_log(tmp_path: Path, settled_first: int = 0) -> tuple[Path, Path]:
    """Two rounds; a third the pit boss voids once the cards are out (or once ``settled_first``
    bets are settled); a fourth the table stops in."""
    from drivers.registry import open_source

    db, key = tmp_path / "bj.db", tmp_path / "keys" / "bj.key"
    with HandLog.open(str(db), key_path=key) as log, open_source("sim://?seed=5&decks=6") as shoe:
        session = TableSession(
            make_game("blackjack", seats=3), log=log, source_url=shoe.url, simulated=True
        )
        assert autopilot.drive(session, shoe, hands=2) == 2
        if settled_first:
            autopilot.drive(
                session,
                shoe,
                hands=None,
                should_stop=lambda: (
                    not session.expected().hand_over and len(session.state.settled) >= settled_first
                ),
            )
        else:
            autopilot.drive(
                session,
                shoe,
                hands=None,
                should_stop=lambda: (
                    VOID_HAND in session.expected().controls and len(session.state.dealer) >= 1
                ),
            )
        session.submit(Control(VOID_HAND, by="pit:bob"), source="console:pit_boss")
        assert autopilot.drive(session, shoe, hands=1) == 1  # the returns are confirmed
        calls = iter(range(12))
        autopilot.drive(session, shoe, hands=None, should_stop=lambda: next(calls, None) is None)
        assert not session.expected().hand_over
    return db, key


@pytest.mark.parametrize("settled_first", [0, 2])
def test_void_and_unfinished_rounds_have_their_own_sections_and_stay_out_of_the_money(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], settled_first: int
) -> None:
    """A void round's bets, returned or (collected before the void) handed back, are no drop and
    no win, whether voided before any payment or during them."""
    db, key = blackjack_log(tmp_path, settled_first)
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    assert len(hands) == 4 and hands[2].result["void"] and hands[3].result is None
    page = tmp_path / "report.html"
    assert main(["audit", "report", str(db), "--key", str(key), "--out", str(page)]) == 0
    text = page.read_text()

    void_part = text[text.index("<h2>Void rounds</h2>") : text.index("<h2>Unfinished hands</h2>")]
    assert hands[2].hand_id in void_part and "pit:bob" in void_part
    assert hands[2].hand_id not in text[: text.index("<h2>Void rounds</h2>")]  # not in the money

    counted = [
        e
        for h in hands[:2] + hands[3:]
        for r in h.records
        if r.kind == "event"
        for e in r.payload["effects"]
        if e["type"] == "settled"
    ]
    drop = sum(p["staked"] for p in counted)
    money = text[text.index("<h2>Money</h2>") : text.index("<h2>Void rounds</h2>")]
    assert f"${drop // 100:,}.{drop % 100:02d}" in money  # void stakes are not drop
    assert "VOID" not in money
    if settled_first:
        assert (
            f"{settled_first} bets settled before the void, "
            f"{settled_first} of them undone by it; 0 stand" in void_part
        )

    unfinished = text[
        text.index("<h2>Unfinished hands</h2>") : text.index("<h2>Irregularities</h2>")
    ]
    assert hands[3].hand_id in unfinished and "SEAT 1: main $10.00" in unfinished
    assert "dealer dealer" not in text and "dealer (not named)" in text


def test_the_sheet_export_has_a_row_per_seat_and_bet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, _key = blackjack_log(tmp_path)
    sheet = tmp_path / "hands.csv"
    assert main(["audit", "export", str(db), "--format", "sheet", "--out", str(sheet)]) == 0
    rows = list(csv.DictReader(io.StringIO(sheet.read_text())))
    assert list(rows[0]) == [
        "time",
        "table",
        "game",
        "dealer",
        "hand",
        "seat",
        "bet",
        "staked",
        "collected",
        "returned",
        "paid",
        "net",
        "outcome",
        "rule",
    ]
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    voided = [r for r in rows if r["hand"] == hands[2].hand_id]
    assert voided and {r["outcome"] for r in voided if r["rule"] == "VOID"} == {"void"}
    assert all(r["staked"] == r["returned"] for r in voided if r["rule"] == "VOID")
    open_rows = [r for r in rows if r["hand"] == hands[3].hand_id]
    layout = [r for r in open_rows if r["outcome"] == "unfinished"]
    assert [(r["seat"], r["bet"]) for r in layout] == [
        (f"seat{n}", "on the layout: main $10.00, side $5.00") for n in (1, 2, 3)
    ]
    first = [r for r in rows if r["hand"] == hands[0].hand_id]
    assert first[0]["time"].endswith("Z") and first[0]["dealer"] == "(not named)"
    assert re.fullmatch(r"-?\d+\.\d\d", first[0]["staked"])
    settled = sum(
        len(
            [
                e
                for r in hands[0].records
                if r.kind == "event"
                for e in r.payload["effects"]
                if e["type"] == "settled"
            ]
        )
        for _ in [0]
    )
    assert len(first) == settled
    assert (
        main(["audit", "export", str(db), "--format", "csv", "--out", str(tmp_path / "raw.csv")])
        == 0
    )
    assert (
        (tmp_path / "raw.csv").read_text().startswith("table,hand,seq,kind")
    )  # the raw export stays


def test_farmer_s_outcome_chart_holds_outcomes_and_the_winners_have_their_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key = tmp_path / "f.db", tmp_path / "k" / "f.key"
    assert (
        main(
            [
                "run",
                "--game",
                "farmer",
                "--autopilot",
                "--hands",
                "6",
                "--log",
                str(db),
                "--key",
                str(key),
                "--cards",
                "sim://?seed=7&strip=8S,8H,8D,8C,6S,6D,6C",
                "--quiet",
            ]
        )
        == 0
    )
    page = tmp_path / "report.html"
    assert main(["audit", "report", str(db), "--key", str(key), "--out", str(page)]) == 0
    text = page.read_text()
    chart = re.search(r'aria-label="Hands by outcome".*?</svg>', text).group(0)
    labels = re.findall(r'text-anchor="end">([^<]*)</text>', chart)
    assert labels and set(labels) <= {"a seat won", "no winner", "settled", "void", "unfinished"}
    winners = re.search(r'aria-label="Hands won, by seat".*?</svg>', text).group(0)
    assert re.findall(r'text-anchor="end">SEAT \d</text>', winners)


def second_header(db: Path, key: Path) -> tuple[int, dict]:
    """The second hand's header record: its seq, and its payload as the table saw it (the whole
    header, as the log's reader rebuilds a lean one from the headers before)."""
    from tests.hand_log.raw import raw_sql

    ((seq, hand_id),) = raw_sql(
        str(db),
        "SELECT seq, hand_id FROM hand_records WHERE kind = 'hand' ORDER BY seq LIMIT 1 OFFSET 1",
    )
    with HandLog.open(str(db), key_path=key) as log:
        record = log.read_hand(hand_id).header_record
    return seq, dict(record.payload)


def test_a_round_whose_carried_bets_were_raised_and_re_signed_fails_the_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The next round on a blackjack shoe starts from the bets and shoe the round before left:
    a header re-signed with a carried bet raised is a round the table never dealt."""
    import json

    from tests.hand_log.forge import reseal_from

    db, key = blackjack_log(tmp_path)
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    seq, payload = second_header(db, key)  # stored whole, or as changes: forged whole
    assert payload["header"]["round"]["bets"]["seat1"] == [1000, 500]
    payload["header"]["round"]["bets"]["seat1"] = [100000, 500]
    reseal_from(
        str(db), key, "table-1", seq, json.dumps(payload, sort_keys=True, separators=(",", ":"))
    )
    capsys.readouterr()
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 1
    out = capsys.readouterr().out
    assert f"record {seq}: the round does not start where hand " in out
    assert "header.round.bets.seat1[0]: logged 100000, replay gives 1000" in out


def cut_card_log(tmp_path: Path) -> tuple[Path, Path, dict]:
    """A round, the shoe's cut card reported after its result, the next round: the log and the
    second round's header."""

    from drivers.registry import open_source

    db, key = tmp_path / "cut.db", tmp_path / "keys" / "cut.key"
    with HandLog.open(str(db), key_path=key) as log, open_source("sim://?seed=5&decks=6") as shoe:
        session = TableSession(
            make_game("blackjack", seats=3), log=log, source_url=shoe.url, simulated=True
        )
        assert autopilot.drive(session, shoe, hands=1) == 1
        session.hardware_event({"type": "cut_card"}, source="shoe")
        assert autopilot.drive(session, shoe, hands=2) == 2  # the one over, and the next
    return db, key, second_header(db, key)[1]["header"]["round"]


def test_a_cut_card_reported_between_rounds_shuffles_the_next_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key, second = cut_card_log(tmp_path)
    assert second["phase"] == "shuffle" and second["needs_shuffle"] is True
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0, capsys.readouterr().out


def test_a_log_whose_table_refused_the_cut_card_between_rounds_replays_as_dealt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before the fix the table refused the report (the round reported its result again): the
    note holds the refusal and the next round went on unshuffled. That log still checks."""
    from table_controller.games.blackjack.machine import BlackjackGame

    monkeypatch.setattr(BlackjackGame, "result_again", True, raising=False)
    db, key, second = cut_card_log(tmp_path)
    monkeypatch.undo()
    assert second["phase"] != "shuffle" and second["needs_shuffle"] is False
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0, capsys.readouterr().out
