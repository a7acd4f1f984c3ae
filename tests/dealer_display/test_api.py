"""The display's HTTP API: reading, the dealer's token, the pit-boss PIN, refusals, validation."""

from __future__ import annotations

from pathlib import Path

from table_controller.hand_log import HandLog
from tests.dealer_display.conftest import DEALER, PIT_BOSS, deal, make_client, start_hand, state


def test_state_is_open_on_loopback_and_says_what_to_do(client):
    answer = client.get("/api/state")
    assert answer.status_code == 200
    body = answer.json()
    assert body["state"]["prompts"]["dealer_instruction"].startswith("Load a freshly shuffled deck")
    assert body["state"]["hardware"]["simulated"] is True
    assert body["console"] == {
        "actions": ["hit", "backhand", "stand_pat", "push", "play_push"],
        "can_deal": True,
        "bets_open": False,  # a game without bets never takes them
        "keys": {"hit": "H", "backhand": "B", "stand_pat": "S", "push": "P", "play_push": "L"},
        "decisions": [
            {"name": name, "key": key, "words": name.replace("_", " "), "amount": None}
            for name, key in (
                ("hit", "H"),
                ("backhand", "B"),
                ("stand_pat", "S"),
                ("push", "P"),
                ("play_push", "L"),
            )
        ],
    }


def test_reading_from_another_computer_needs_the_dealer_token(deck_file):
    with make_client(deck_file, client=("192.0.2.7", 40000)) as remote:
        refused = remote.get("/api/state")
        assert refused.status_code == 401
        assert "dealer token" in refused.json()["detail"]
        assert remote.get("/api/state", headers=DEALER).status_code == 200


def test_openapi_description_is_served(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/state", "/api/decision", "/api/control", "/api/deal", "/api/pit-boss"} <= set(
        paths
    )


def test_page_is_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "dealer instruction" in page.text
    assert client.get("/static/display.js").status_code == 200


def test_changes_need_the_dealer_token(client):
    missing = client.post("/api/control", json={"control": "new_deck"})
    wrong = client.post(
        "/api/control", json={"control": "new_deck"}, headers={"X-Dealer-Token": "not-the-token"}
    )
    assert (missing.status_code, wrong.status_code) == (401, 403)
    assert "X-Dealer-Token" in missing.json()["detail"] and "wrong" in wrong.json()["detail"]
    assert state(client)["expected"]["controls"] == ["new_deck"]  # nothing changed


def test_bad_requests_get_422_with_the_reason_never_500(client):
    cases = [
        ("/api/decision", {"seat": "red"}),
        ("/api/decision", {"seat": "red", "action": "hit", "extra": 1}),
        ("/api/decision", {"seat": "RED; drop", "action": "hit"}),
        ("/api/control", {"control": "void_hand"}),  # a pit-boss control on the dealer's route
        ("/api/pit-boss", {"control": "new_deck"}),
    ]
    for path, body in cases:
        headers = {**DEALER, **PIT_BOSS}
        answer = client.post(path, json=body, headers=headers)
        assert answer.status_code == 422, (path, body, answer.text)
        assert answer.json()["detail"][0]["msg"]
    garbage = client.post(
        "/api/decision",
        content=b"{not json",
        headers={**DEALER, "Content-Type": "application/json"},
    )
    assert garbage.status_code == 422


def test_an_illegal_decision_is_refused_with_the_engines_reason(client):
    start_hand(client)
    answer = client.post(
        "/api/decision", json={"seat": "red", "action": "backhand"}, headers=DEALER
    )
    assert answer.status_code == 409
    reason = answer.json()["detail"]
    assert reason.startswith("RED cannot BACKHAND now")
    assert state(client)["last_refusal"] == reason
    unknown = client.post(
        "/api/decision", json={"seat": "green", "action": "double"}, headers=DEALER
    )
    assert unknown.status_code == 409 and "not a play in this game" in unknown.json()["detail"]


def test_a_legal_decision_moves_the_hand_on(client):
    start_hand(client)
    assert state(client)["expected"]["decisions"] == {"green": ["hit", "backhand"]}
    answer = client.post("/api/decision", json={"seat": "green", "action": "hit"}, headers=DEALER)
    assert answer.status_code == 200
    assert answer.json() == {
        "applied": True,
        "instruction": "Deal one card to GREEN, column 1 - hit card",
    }
    assert deal(client) == "4S"
    assert state(client)["prompts"]["seats"][1]["columns"] == ["4S", None, None]


def test_pit_boss_actions_need_the_pin(client):
    start_hand(client, cards=3)
    for headers, status, words in (
        ({}, 401, "dealer token"),
        ({"X-Pit-Boss-Pin": "0000"}, 401, "dealer token"),  # only from the dealer's console
        (DEALER, 401, "PIN"),
        ({**DEALER, "X-Pit-Boss-Pin": "0000"}, 403, "PIN"),
    ):
        answer = client.post("/api/pit-boss", json={"control": "void_hand"}, headers=headers)
        assert answer.status_code == status
        assert words in answer.json()["detail"]
    assert state(client)["prompts"]["result"] is None
    assert (
        client.post("/api/pit-boss", json={"control": "void_hand"}, headers=PIT_BOSS).status_code
        == 200
    )
    result = state(client)["prompts"]["result"]
    assert result["void"] is True


def test_accept_with_nothing_to_accept_is_refused(client):
    start_hand(client, cards=2)
    answer = client.post("/api/pit-boss", json={"control": "accept_card"}, headers=PIT_BOSS)
    assert answer.status_code == 409
    assert answer.json()["detail"] == "there is no irregularity to accept"


def test_the_hand_log_records_who_did_what(deck_file: Path, tmp_path: Path):
    log = HandLog.open(
        str(tmp_path / "hands.db"), key_path=tmp_path / "hand_log.key", table_id="table-1"
    )
    try:
        with make_client(deck_file, log=log) as client:
            start_hand(client)
            client.post("/api/decision", json={"seat": "green", "action": "hit"}, headers=DEALER)
            client.post("/api/pit-boss", json={"control": "void_hand"}, headers=PIT_BOSS)
            hand_id = state(client)["hand_id"]
        events = log.read_hand(hand_id).events
    finally:
        log.close()
    by_source = [
        (r.source, r.payload["event"]) for r in events if r.payload["event"]["type"] != "card"
    ]
    assert by_source == [
        ("console:dealer", {"type": "control", "control": "new_deck", "by": "dealer"}),
        ("console:dealer", {"type": "decision", "seat": "green", "action": "hit"}),
        ("console:pit_boss", {"type": "control", "control": "void_hand", "by": "pit boss"}),
    ]
    cards = [r for r in events if r.payload["event"]["type"] == "card"]
    assert len(cards) == 7 and all(r.source.startswith("sim://") for r in cards)


def test_dealing_after_the_deck_runs_out_is_refused(client):
    client.post("/api/control", json={"control": "new_deck"}, headers=DEALER)
    for _ in range(11):  # the stacked deck holds 11 cards
        client.post("/api/deal", headers=DEALER)
    empty = client.post("/api/deal", headers=DEALER)
    assert empty.status_code == 409
    assert "empty" in empty.json()["detail"]


def test_a_decision_after_the_result_is_refused_with_the_engines_reason_and_logged(
    deck_file: Path, tmp_path: Path
):
    """Between the result and NEW DECK the engine's refusal is the 409's detail (was: the log's
    'not the open hand' error, and the entry lost); the entry is in the log between hands."""
    log = HandLog.open(
        str(tmp_path / "hands.db"), key_path=tmp_path / "hand_log.key", table_id="table-1"
    )
    try:
        with make_client(deck_file, log=log) as client:
            start_hand(client)
            decisions = [
                ("green", "hit"),
                ("red", "hit"),
                ("green", "backhand"),
                ("red", "backhand"),
            ]
            while state(client)["prompts"]["result"] is None:
                if state(client)["expected"]["deal"]:
                    deal(client)
                    continue
                seat, action = decisions.pop(0)
                client.post("/api/decision", json={"seat": seat, "action": action}, headers=DEALER)
            hand_id = state(client)["hand_id"]
            late = client.post(
                "/api/decision", json={"seat": "red", "action": "hit"}, headers=DEALER
            )
            assert (late.status_code, late.json()["detail"]) == (
                409,
                "RED cannot HIT now: the hand is over",
            )
            assert state(client)["last_refusal"] == "RED cannot HIT now: the hand is over"
            void = client.post("/api/pit-boss", json={"control": "void_hand"}, headers=PIT_BOSS)
            assert void.status_code == 409 and "result stands" in void.json()["detail"]
            assert state(client)["prompts"]["result"]["winner"] == "green"
            assert (
                client.post(
                    "/api/control", json={"control": "new_deck"}, headers=DEALER
                ).status_code
                == 200
            )
        notes = list(log.store.records(table="table-1", hand_id="", kinds=["note"]))
    finally:
        log.close()
    assert [(n.source, n.payload["after_hand"], n.payload["event"]) for n in notes] == [
        ("console:dealer", hand_id, {"type": "decision", "seat": "red", "action": "hit"}),
        (
            "console:pit_boss",
            hand_id,
            {"type": "control", "control": "void_hand", "by": "pit boss"},
        ),
    ]
