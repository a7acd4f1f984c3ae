"""``table audit`` on real autopilot logs, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from table_controller.cards import standard_deck
from table_controller.cli import main
from table_controller.events import NEW_DECK, CardArrived, Control, event_to_dict
from table_controller.games import make_game
from table_controller.games.backhand.strategy import choose
from table_controller.hand_log import HandLog
from table_controller.serialize import effect_to_dict, result_to_dict
from tests.hand_log.fixtures import _data_dir, key_path, log_target, pg_server_url

__all__ = ["_data_dir", "key_path", "log_target", "pg_server_url"]


def play(target: str, key: Path, hands: int, seed: int = 42) -> None:
    code = main(
        [
            "run",
            "--autopilot",
            "--hands",
            str(hands),
            "--log",
            target,
            "--key",
            str(key),
            "--cards",
            f"sim://?seed={seed}",
            "--quiet",
            "--dealer",
            "dealer-ann",
        ]
    )
    assert code == 0


def audit(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["audit", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_of_many_autopilot_hands_equals_the_log(
    log_target: str, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed in (1, 2, 3):
        play(log_target, key_path, 8, seed)
    code, out, _ = audit(capsys, "verify", log_target, "--key", str(key_path))
    assert code == 0, out
    assert "24 hands" in out.splitlines()[-1] and "every hand replayed" in out


def _log_hand_with_a_wrong_total(log: HandLog) -> int:
    """A recorder that logged one prompt wrong: the chain is sound, the replay is not."""
    game = make_game("missouri-city")
    state = game.new_hand()
    log.begin_hand("bad-hand", {**game.describe(), "table": log.table_id, "dealer": "x"}, at=1.0)
    deck = iter(standard_deck())
    wrong_seq = 0
    event = Control(NEW_DECK, "dealer")
    for step in range(60):
        state, effects = game.apply(state, event)
        prompts = game.prompts(state).to_dict()
        if step == 6:
            prompts["seats"][0]["total_hand_value"] = 99
        seq = log.append(
            "bad-hand",
            "event",
            {
                "event": event_to_dict(event),
                "prompts": prompts,
                "effects": [effect_to_dict(e) for e in effects],
            },
            source="test",
            at=2.0 + step,
        )
        wrong_seq = seq if step == 6 else wrong_seq
        if game.result(state) is not None:
            log.append(
                "bad-hand", "result", result_to_dict(game.result(state)), source="engine", at=99.0
            )
            return wrong_seq
        event = choose(game, state) or CardArrived(next(deck))
    raise AssertionError("the hand did not end")


def test_verify_names_the_hand_and_event_whose_prompts_differ(
    log_target: str, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play(log_target, key_path, 2)
    with HandLog.open(log_target, key_path=key_path) as log:
        wrong_seq = _log_hand_with_a_wrong_total(log)
    code, out, err = audit(capsys, "verify", log_target, "--key", str(key_path))
    assert code == 1
    line, counted = out.strip().splitlines()
    assert counted.startswith("checked ") and " rows: " in counted
    assert line.startswith(
        f"table table-1, hand bad-hand, record {wrong_seq}: prompts differ from the replay: "
        "prompts.seats[0].total_hand_value: logged 99, replay gives "
    )
    assert "FAILED: 1 problems in 1 hands" in err
    code, out, _ = audit(capsys, "verify", log_target, "--key", str(key_path), "--no-replay")
    assert code == 0


def test_verify_fails_on_a_tampered_log(
    log_target: str, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play(log_target, key_path, 3)
    from tests.hand_log.raw import raw_sql

    (hand,) = raw_sql(log_target, "SELECT hand_id FROM hand_records WHERE seq = 20")[0]
    raw_sql(log_target, "UPDATE hand_records SET source = 'me' WHERE seq = 20")
    code, out, _ = audit(capsys, "verify", log_target, "--key", str(key_path))
    assert code == 1
    assert f"hand {hand}, record 20: record was altered" in out


def test_show_hands_export_and_report(
    log_target: str, key_path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    play(log_target, key_path, 4)
    code, out, err = audit(capsys, "hands", log_target, "--dealer", "dealer-ann")
    assert code == 0 and err.strip() == "4 hands"
    assert out.splitlines()[0].split()[:4] == ["BEGAN", "(UTC)", "TABLE", "HAND"]
    first = out.splitlines()[1].split()[3]
    code, out, _ = audit(capsys, "show", log_target, first)
    assert code == 0
    assert out.startswith(f"Hand {first}") and "NEW DECK" in out and "card " in out
    assert "totals: RED:" in out and "Result: " in out and "decided by rule W-" in out
    assert "(None)" not in out

    code, out, _ = audit(capsys, "export", log_target, "--format", "jsonl")
    hands = [json.loads(line) for line in out.splitlines()]
    assert next(h["hand"] for h in hands) == first and len(hands) == 4
    assert all(h["records"][-1]["kind"] == "result" for h in hands)
    csv_file = tmp_path / "hands.csv"
    assert audit(capsys, "export", log_target, "--format", "csv", "--out", str(csv_file))[0] == 0
    rows = csv_file.read_text().splitlines()
    assert rows[0].startswith("table,hand,seq,kind,source,at,at_epoch") and len(rows) - 1 == sum(
        len(h["records"]) for h in hands
    )
    assert rows[1].split(",")[5].endswith("Z") and rows[1].split(",")[5][10] == "T"  # ISO 8601 UTC

    page = tmp_path / "report.html"
    code, _, err = audit(capsys, "report", log_target, "--out", str(page), "--key", str(key_path))
    assert code == 0 and "log verified" in err
    text = page.read_text()
    for heading in (
        "Hands per table",
        "Hands per dealer",
        "Hands by outcome",
        "Irregularities",
        "verified: chain, signatures",
        "dealer-ann",
        first,
        "Period",
        "PIN attempts",
        "<svg",
    ):
        assert heading in text


def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = audit(capsys, "verify", str(tmp_path / "none.db"))
    assert code == 1 and err.strip() == f"table audit: error: no hand log at {tmp_path}/none.db"
    with pytest.raises(SystemExit) as stop:
        main(["audit", "hands", "x.db", "--from", "last tuesday"])
    assert stop.value.code == 2
    assert "is not a time" in capsys.readouterr().err


def test_the_report_reads_at_1280_px_with_every_hand_open(
    log_target: str, key_path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from playwright.sync_api import sync_playwright

    from tests.dealer_display.screen import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS

    play(log_target, key_path, 3)
    page_file = tmp_path / "report.html"
    assert (
        audit(capsys, "report", log_target, "--out", str(page_file), "--key", str(key_path))[0] == 0
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(page_file.as_uri())
        page.evaluate("document.querySelectorAll('details').forEach((d) => d.open = true)")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280  # nothing cut off
        assert (
            page.locator("svg[role=img]").count() == 3
        )  # outcomes, winners by seat, hands per hour
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "audit-report-1280.png"), full_page=True)
        browser.close()


def _first_settled_payment(target: str) -> tuple[int, str, int]:
    """(seq, payload text, index of the effect) of the first logged payment that is more than
    nothing: a settlement stored as ``[seat, bet, hand, staked, net, rule]`` with a net won."""
    from tests.hand_log.raw import raw_sql

    for seq, text in raw_sql(
        target, "SELECT seq, payload FROM hand_records WHERE kind = 'event' ORDER BY seq"
    ):
        for i, effect in enumerate(json.loads(text).get("effects") or []):
            if isinstance(effect, list) and effect[4] > 0:
                return int(seq), str(text), i
    raise AssertionError("no payment in the log")


def test_a_forged_payment_re_hashed_and_re_signed_with_the_key_fails_the_replay(
    log_target: str, key_path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 38: a settled effect's ``paid`` raised tenfold, the chain re-hashed and re-signed
    and the head written with the key, passed verify and then read as the forged amount."""
    from tests.hand_log.forge import reseal_from

    assert (
        main(
            [
                "run",
                "--game",
                "blackjack",
                "--autopilot",
                "--hands",
                "3",
                "--log",
                log_target,
                "--key",
                str(key_path),
                "--cards",
                "sim://?seed=42",
                "--quiet",
            ]
        )
        == 0
    )
    seq, text, index = _first_settled_payment(log_target)
    payload = json.loads(text)
    paid = payload["effects"][index][4]  # the net won: what was paid
    payload["effects"][index][4] = paid * 10
    reseal_from(
        log_target,
        key_path,
        "table-1",
        seq,
        json.dumps(payload, sort_keys=True, separators=(",", ":")),
    )

    assert (
        audit(capsys, "verify", log_target, "--key", str(key_path), "--no-replay")[0] == 0
    )  # the chain holds
    code, out, err = audit(capsys, "verify", log_target, "--key", str(key_path))
    assert code == 1 and "FAILED" in err
    assert (
        f"record {seq}: effects differ from the replay: effects[{index}][4]: logged {paid * 10}, "
        f"replay gives {paid}" in out
    )
    code, _, err = audit(
        capsys, "report", log_target, "--out", str(tmp_path / "r.html"), "--key", str(key_path)
    )
    assert code == 1 and "NOT verified" in err


def test_an_event_record_with_a_field_the_table_never_writes_fails_the_replay(
    log_target: str, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.hand_log.forge import reseal_from
    from tests.hand_log.raw import raw_sql

    play(log_target, key_path, 1)
    seq, text = raw_sql(
        log_target,
        "SELECT seq, payload FROM hand_records WHERE kind = 'event' ORDER BY seq LIMIT 1",
    )[0]
    payload = {**json.loads(text), "paid_out": 20000}
    reseal_from(
        log_target,
        key_path,
        "table-1",
        int(seq),
        json.dumps(payload, sort_keys=True, separators=(",", ":")),
    )
    code, out, _ = audit(capsys, "verify", log_target, "--key", str(key_path))
    assert (
        code == 1
        and f"record {seq}: the event record holds fields the table never writes: paid_out" in out
    )


def test_a_header_whose_decks_are_not_the_game_s_fails_the_replay(
    log_target: str, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report's side-bet hit rate reads the header's decks: a header re-signed with other
    decks than its switches give is caught."""
    from tests.hand_log.forge import reseal_from
    from tests.hand_log.raw import raw_sql

    assert (
        main(
            [
                "run",
                "--game",
                "blackjack",
                "--autopilot",
                "--hands",
                "1",
                "--log",
                log_target,
                "--key",
                str(key_path),
                "--cards",
                "sim://?seed=42",
                "--quiet",
            ]
        )
        == 0
    )
    seq, text = raw_sql(
        log_target, "SELECT seq, payload FROM hand_records WHERE kind = 'hand' ORDER BY seq LIMIT 1"
    )[0]
    payload = json.loads(text)
    payload["header"]["decks"] = 1
    reseal_from(
        log_target,
        key_path,
        "table-1",
        int(seq),
        json.dumps(payload, sort_keys=True, separators=(",", ":")),
    )
    code, out, _ = audit(capsys, "verify", log_target, "--key", str(key_path))
    assert code == 1
    assert (
        f"record {seq}: the header differs from the game it names: decks: logged 1, replay gives 6"
        in out
    )
