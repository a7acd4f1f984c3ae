"""Split Decision through the CLI: `table scenario` plays the worked example SD-b, a whole game;
`table run --game split-decision --autopilot --hands N` deals rounds from a simulated 54-card shoe
(two jokers) into the hand log, which verifies and replays; `table audit report` covers it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.store import open_store

SD_B = {
    "game": "split-decision",
    "seats": 2,
    "deck": "2C QH 9D 4S JK 6D AD 9C 10H KS 2S 8H".split(),
    "decisions": [
        {"seat": s, "action": a}
        for s, a in (
            ("seat1", "keep_low"),
            ("seat2", "keep_high"),
            ("seat1", "place_high"),
            ("seat2", "place_low"),
            ("seat2", "keep_high"),
            ("seat1", "keep_high"),
            ("seat1", "place_low"),
        )
    ],
}


def scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict
) -> tuple[int, str, str]:
    path = tmp_path / "sd.json"
    path.write_text(json.dumps(data))
    code = main(["scenario", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_scenario_plays_example_sd_b(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = scenario(tmp_path, capsys, SD_B)
    assert code == 0
    trace = json.loads(out)
    assert trace["game_winner"] == "seat1" and [r["winner"] for r in trace["rounds"]] == [
        "seat1",
        "seat1",
    ]


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (
            {
                "decisions": [
                    {"seat": "seat1", "action": "keep_high"},
                    {"seat": "seat1", "action": "keep_low"},
                ]
            },
            1,
            "SEAT 1 has no decision now",
        ),
        ({"seats": 4}, 2, "Split Decision seats 2 to 3 players"),
        ({"switches": {"SD2": "maybe"}}, 2, "switch SD2 is one of off, on"),
        ({"deck": ["2C", "2C"]}, 2, "already dealt since the shuffle"),
        ({"deck": ["2C", "DV"]}, 2, "the Devil is a board card, never in the deck"),
    ],
)
def test_scenario_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict, code: int, words: str
) -> None:
    got, _, err = scenario(tmp_path, capsys, {**SD_B, **change})
    assert got == code and words in err and len(err.strip().splitlines()) == 1


def test_autopilot_games_into_the_log_verify_and_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key = tmp_path / "sd.db", tmp_path / "sd.key"
    assert (
        main(
            [
                "run",
                "--game",
                "split-decision",
                "--seats",
                "3",
                "--autopilot",
                "--hands",
                "12",
                "--log",
                str(db),
                "--key",
                str(key),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Offer SEAT 1 a head-start card (seat1/offer)" in out and "12 hands played" in out
    assert "and the game" in out
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    assert "every hand replayed" in capsys.readouterr().out
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    assert (
        hands[0].header["shoe"].endswith("jokers=2")
        and hands[0].header["round"]["phase"] == "shuffle"
    )
    assert all(h.result["winner"] in ("seat1", "seat2", "seat3") for h in hands)
    page = tmp_path / "report.html"
    assert main(["audit", "report", str(db), "--out", str(page), "--key", str(key)]) == 0
    assert "Split Decision (12)" in page.read_text()


def test_luck_of_the_draw_sessions_in_the_terminal_and_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key = tmp_path / "ld.db", tmp_path / "ld.key"
    assert (
        main(
            [
                "run",
                "--game",
                "luck-of-the-draw",
                "--autopilot",
                "--hands",
                "7",
                "--log",
                str(db),
                "--key",
                str(key),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert (
        "Hand 1: shuffle the board and lay it on board/1 to board/15 (BOARD LAID)" in out
        and "7 hands played" in out
    )
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    assert [h.header["round"]["hand_no"] for h in hands] == [
        1,
        2,
        3,
        4,
        5,
        1,
        2,
    ]  # five hands a session
    for hand in hands:
        settled = [
            e
            for r in hand.records
            if r.kind == "event"
            for e in r.payload["effects"]
            if e["type"] == "settled"
        ]
        assert (
            len(settled) == 1
            and settled[0]["staked"] == settled[0]["collected"] + settled[0]["returned"] == 1000
        )


@pytest.mark.parametrize(
    ("game_id", "shoe", "seats"),
    [("red-dog", "sim://?seed=5&decks=6", 4), ("split-decision", "sim://?seed=5&jokers=2", 3)],
)
def test_a_round_is_resumed_after_a_crash_where_it_stood(
    tmp_path: Path, game_id: str, shoe: str, seats: int
) -> None:
    """Two rounds, then the table dies in the middle of the third: a new table process rebuilds
    that round from the log alone (its header carries the shoe, and Split Decision's score) and
    plays it out; the log verifies."""
    from drivers.registry import open_source
    from table_controller import autopilot
    from table_controller.games import make_game
    from table_controller.hand_log import HandLog
    from table_controller.running import resume_unfinished
    from table_controller.runtime import TableSession

    db, key = tmp_path / "t.db", tmp_path / "t.key"
    log = HandLog.open(str(db), key_path=key)
    with open_source(shoe) as source:
        session = TableSession(
            make_game(game_id, seats=seats), log=log, source_url=source.url, simulated=True
        )
        autopilot.drive(session, source, hands=2)
        calls = iter(range(9))
        autopilot.drive(session, source, hands=None, should_stop=lambda: next(calls, None) is None)
        crashed = session.prompts().to_dict()
        assert not session.expected().hand_over
        log.close()  # the process dies: no result for the third round
        log = HandLog.open(str(db), key_path=key)
        try:
            again = TableSession(
                make_game(game_id, seats=seats), log=log, source_url=shoe, simulated=True
            )
            resume_unfinished(again, log)
            assert again.prompts().to_dict() == crashed
            assert autopilot.drive(again, source, hands=1) == 1  # the same shoe deals on
        finally:
            log.close()
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
