"""Farmer on the table: the terminal autopilot on a simulated 45-card shoe, every ante and payment
in the hand log, each deal balancing, the farm and the farmer's seat carried from deal to deal,
the audit's replay and report, and the scenario through the CLI."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.games.farmer.cards import STRIPPED
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.store import open_store

EXAMPLE_1 = {
    "game": "farmer",
    "seats": 4,
    "deck": ["KS", "3D", "6H", "9C", "10H", "5H", "7D", "7S", "4D", "5S", "3C", "KD", "2S", "4C"],
    "decisions": [
        {"seat": "seat4", "action": "stay"},
        {"seat": "seat1", "action": "hit"},
        {"seat": "seat1", "action": "stay"},
        {"seat": "seat2", "action": "hit"},
        {"seat": "seat2", "action": "stay"},
        {"seat": "seat3", "action": "hit"},
        {"seat": "seat3", "action": "stay"},
    ],
}


def run_deals(tmp_path: Path, hands: int, *extra: str) -> tuple[Path, Path]:
    db, key = tmp_path / "farmer.db", tmp_path / "farmer.key"
    assert (
        main(
            [
                "run",
                "--game",
                "farmer",
                "--seats",
                "6",
                "--autopilot",
                "--hands",
                str(hands),
                "--log",
                str(db),
                "--key",
                str(key),
                "--quiet",
                *extra,
            ]
        )
        == 0
    )
    return db, key


def ledger(settled: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in settled:
        for party, delta in (
            (p["seat"], p["net"]),
            (p.get("payee") or "house", p["collected"]),
            (p.get("payer") or "house", -p["paid"]),
        ):
            out[party] = out.get(party, 0) + delta
    return out


def test_deals_in_the_terminal_log_every_payment_balance_and_pass_the_farmer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key = run_deals(tmp_path, 12, "--switch", "ante=250")
    out = capsys.readouterr().out
    assert "12 hands played" in out
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    assert "every hand replayed" in capsys.readouterr().out
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    assert len(hands) == 12
    assert hands[0].header["deal"] == {
        "farm": 0,
        "farmer": None,
        "phase": "choose_shuffle",
        "seats": [f"seat{n}" for n in range(1, 7)],
        "last_seats": [],
    }
    stripped = {c.code for c in STRIPPED}
    for before, after in itertools.pairwise(hands):
        details = before.result["details"]
        assert after.header["deal"]["farmer"] == details["next_farmer"]
        assert after.header["deal"]["farm"] == details["farm"]
    for hand in hands:
        events = [r.payload for r in hand.records if r.kind == "event"]
        cards = [p["event"]["card"] for p in events if p["event"]["type"] == "card"]
        assert not set(cards) & stripped
        settled = [e for p in events for e in p["effects"] if e["type"] == "settled"]
        money = ledger(settled)
        assert money.get("house", 0) == 0 and money.get("side_pot", 0) == 0
        assert money.get("farm", 0) == hand.result["details"]["farm"] - hand.header["deal"]["farm"]
        antes = [s for s in settled if s["bet"] == "ante"]
        assert len(antes) == 6 and all(s["collected"] == 250 for s in antes)
        assert hand.result["details"]["settlements"] == [
            {k: v for k, v in s.items() if k != "type"} for s in settled
        ]


def test_the_report_covers_farmer(tmp_path: Path) -> None:
    db, key = run_deals(tmp_path, 5)
    out = tmp_path / "report.html"
    assert main(["audit", "report", str(db), "--key", str(key), "--out", str(out)]) == 0
    text = out.read_text()
    assert "Farmer" in text and "<h3>Between players</h3>" in text
    assert "$6.00" in text or "antes into the farm" in text
    assert "<th>win</th>" not in text  # no house result for a game the house does not bank


def test_a_farmer_scenario_prints_each_step_payment_and_net(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "farmer.json"
    path.write_text(json.dumps(EXAMPLE_1))
    assert main(["scenario", str(path)]) == 0
    trace = json.loads(capsys.readouterr().out)
    assert (
        trace["farmer"] == "seat3"
        and trace["next_farmer"] == "seat4"
        and trace["decided_by"] == "F-15"
    )
    assert {s: v["net"] for s, v in trace["seats"].items()} == {
        "seat1": -200,
        "seat2": -200,
        "seat3": 100,
        "seat4": 300,
    }
    assert [
        (s["seat"], s.get("payee"), s.get("payer"), s["rule"]) for s in trace["settlements"][4:]
    ] == [
        ("seat4", None, "farm", "F-15"),
        ("seat1", "seat3", None, "F-17"),
        ("seat2", "seat3", None, "F-17"),
    ]
    steps = trace["steps"]
    assert steps[3]["spot"] == "seat3/select" and steps[3]["dealer"].startswith(
        "SEAT 3 has the 6\u2665"
    )
    assert [s["farm"] for s in steps if s["event"].get("control") == "paid"][:4] == [
        100,
        200,
        300,
        400,
    ]
    assert steps[-1]["scores"] == {"seat1": 19, "seat2": 18, "seat3": 13, "seat4": 16}


def test_a_farmer_scenario_with_a_stripped_card_or_a_hit_after_a_bust_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "farmer.json"
    path.write_text(json.dumps({**EXAMPLE_1, "deck": ["KS", "8D"]}))
    assert main(["scenario", str(path)]) == 2
    assert (
        "deck card 2: the 8 of diamonds (8D) is not in Farmer's 45-card deck (F-1)"
        in capsys.readouterr().err
    )
    busted = dict(
        EXAMPLE_1, decisions=[*EXAMPLE_1["decisions"][:2], {"seat": "seat1", "action": "hit"}]
    )
    path.write_text(json.dumps(busted))
    assert main(["scenario", str(path)]) == 1
    assert "SEAT 1 must stay" in capsys.readouterr().err


def test_audit_show_names_who_paid_whom(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, _key = run_deals(tmp_path, 2)
    with open_store(str(db), create=False) as store:
        second = iter_hands(store)[1]
    capsys.readouterr()
    assert main(["audit", "show", str(db), second.hand_id]) == 0
    out = capsys.readouterr().out
    farmer = second.header["deal"]["farmer"]
    first_ante = (
        f"SEAT {int(farmer[4:]) % 6 + 1} paid the farm $1.00 (F-10)"  # from the farmer's left
    )
    assert first_ante in out and ("paid the farm" in out.split(first_ante)[0]) is False


def test_a_deal_is_resumed_after_a_crash_where_it_stood(tmp_path: Path) -> None:
    """Two deals, then the table dies mid-deal: a new process rebuilds it from the log alone (its
    header carries the farm and the farmer) and plays it out; the audit replays all three."""
    from drivers.registry import open_source
    from table_controller import autopilot
    from table_controller.games import make_game
    from table_controller.hand_log import HandLog
    from table_controller.running import resume_unfinished
    from table_controller.runtime import TableSession

    db, key = tmp_path / "farmer.db", tmp_path / "farmer.key"
    url = "sim://?seed=5&strip=8S,8H,8D,8C,6S,6D,6C"
    log = HandLog.open(str(db), key_path=key)
    with open_source(url) as shoe:
        session = TableSession(
            make_game("farmer", seats=5), log=log, source_url=shoe.url, simulated=True
        )
        autopilot.drive(session, shoe, hands=2)
        calls = iter(range(25))
        autopilot.drive(session, shoe, hands=None, should_stop=lambda: next(calls, None) is None)
    crashed = session.prompts().to_dict()
    assert not session.expected().hand_over and session.state.hands
    log.close()
    log = HandLog.open(str(db), key_path=key)
    try:
        again = TableSession(make_game("farmer", seats=5), log=log, source_url=url)
        resume_unfinished(again, log)
        assert again.prompts().to_dict() == crashed
        with open_source(url) as other:
            other.set_aside(list(again.state.shoe.drawn))
            assert autopilot.drive(again, other, hands=1) == 1
    finally:
        log.close()
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0


def test_a_simulated_shoe_of_full_decks_is_refused_for_farmer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(
            [
                "run",
                "--game",
                "farmer",
                "--autopilot",
                "--hands",
                "1",
                "--no-log",
                "--cards",
                "sim://?seed=3",
            ]
        )
        == 2
    )
    assert (
        "Farmer deals from its own deck: add &strip=8S,8H,8D,8C,6S,6D,6C to sim://?seed=3"
        in capsys.readouterr().err
    )
