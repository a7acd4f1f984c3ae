"""The runtime shell: every event is in the hand log before anyone is shown its effect, and an
unfinished hand is resumed from the log alone."""

from table_controller.cards import parse_card
from table_controller.events import NEW_DECK, CardArrived, Control, Decision, event_to_dict
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.hand_log.keys import HeadStore, load_key
from table_controller.hand_log.verify import verify_chains
from table_controller.runtime import TableSession
from tests.games.stacked import deck

EXAMPLE_1 = [parse_card(c) for c in deck("10 6 5 | 10 2 | 7 5 | 4 4 8 9")]


def _play_some(
    session: TableSession,
    cards: list,
    decisions: list[tuple[str, str]],
    stop_after: int | None = None,
):
    session.submit(Control(NEW_DECK), source="dealer")
    n = 0
    while not session.expected().hand_over and (stop_after is None or n < stop_after):
        exp = session.expected()
        if decisions and decisions[0][1] in exp.decisions.get(decisions[0][0], ()):
            session.submit(Decision(*decisions.pop(0)), source="console:dealer")
        else:
            session.submit(CardArrived(cards.pop(0)), source="sim://")
        n += 1


def test_each_event_is_logged_before_listeners_see_it(tmp_path):
    log = HandLog.open(str(tmp_path / "hands.db"), key_path=tmp_path / "key", table_id="t1")
    game = make_game("missouri-city", first_dealt="green")
    session = TableSession(game, table_id="t1", log=log)
    seen = []
    session.subscribe(lambda s: seen.append((log.last_seq, s.prompts().dealer_instruction)))
    _play_some(
        session,
        list(EXAMPLE_1),
        [("red", "hit"), ("green", "hit"), ("red", "backhand"), ("green", "backhand")],
    )
    assert session.prompts().result.winner == "red"
    assert session.tally == {"red wins": 1}
    seqs = [seq for seq, _ in seen]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)  # a new record before each notice
    hand = log.read_hand(session.hand_id)
    kinds = [r.kind for r in hand.records]
    assert kinds.count("event") == len(seen) and kinds[-1] == "result"
    log.close()


def test_an_illegal_decision_is_logged_and_refused(tmp_path):
    log = HandLog.open(str(tmp_path / "hands.db"), key_path=tmp_path / "key", table_id="t1")
    session = TableSession(make_game("missouri-city", first_dealt="green"), table_id="t1", log=log)
    _play_some(session, list(EXAMPLE_1), [], stop_after=7)
    session.submit(Decision("red", "stand_pat"), source="console:dealer")
    assert session.last_refusal == "RED cannot STAND PAT now; RED may HIT or BACKHAND"
    last = log.read_hand(session.hand_id).records[-1]
    assert last.payload["event"] == {"type": "decision", "seat": "red", "action": "stand_pat"}
    assert last.payload["effects"][0]["type"] == "refused"
    log.close()


def test_an_unfinished_hand_resumes_with_the_same_prompts(tmp_path):
    db, key = str(tmp_path / "hands.db"), tmp_path / "key"
    log = HandLog.open(db, key_path=key, table_id="t1")
    session = TableSession(make_game("missouri-city", first_dealt="green"), table_id="t1", log=log)
    _play_some(session, list(EXAMPLE_1), [("red", "hit")], stop_after=9)
    before = session.prompts().to_dict()
    hand_id = session.hand_id
    log.close()  # the table's computer dies here

    log = HandLog.open(db, key_path=key, table_id="t1")
    unfinished = log.unfinished_hand()
    assert unfinished is not None and unfinished[0] == hand_id
    resumed = TableSession(make_game("missouri-city", first_dealt="green"), table_id="t1", log=log)
    resumed.resume(hand_id, [r.payload["event"] for r in unfinished[2] if r.kind == "event"])
    assert resumed.prompts().to_dict() == before
    log.close()


def test_a_crash_between_the_last_event_and_the_result_is_completed_on_resume(tmp_path):
    db, key = str(tmp_path / "hands.db"), tmp_path / "key"
    log = HandLog.open(db, key_path=key, table_id="t1")
    session = TableSession(make_game("missouri-city", first_dealt="green"), table_id="t1", log=log)
    session.submit(Control(NEW_DECK), source="dealer")
    hand_id, game, state = session.hand_id, session.game, session.state
    events = [event_to_dict(Control(NEW_DECK))]
    cards = list(EXAMPLE_1)
    decisions = [("red", "hit"), ("green", "hit"), ("red", "backhand"), ("green", "backhand")]
    while not game.expected(state).hand_over:  # the table logs each event, then dies
        exp = game.expected(state)
        if decisions and decisions[0][1] in exp.decisions.get(decisions[0][0], ()):
            event = Decision(*decisions.pop(0))
        else:
            event = CardArrived(cards.pop(0))
        state, _ = game.apply(state, event)
        events.append(event_to_dict(event))
        log.append(
            hand_id,
            "event",
            {"event": events[-1], "prompts": {}, "effects": []},
            source="test",
            at=0.0,
        )
    resumed = TableSession(make_game("missouri-city", first_dealt="green"), table_id="t1", log=log)
    resumed.resume(hand_id, events)  # ... before it could log the result
    assert resumed.expected().hand_over
    assert log.read_hand(hand_id).records[-1].kind == "result"
    assert resumed.tally == {"red wins": 1}
    log.close()


# ----- events entered after the result, before NEW DECK (issue: HandLogError "not the open hand")
RED_WINS = [("red", "hit"), ("green", "hit"), ("red", "backhand"), ("green", "backhand")]


def _finished_hand(tmp_path):
    log = HandLog.open(str(tmp_path / "hands.db"), key_path=tmp_path / "key", table_id="t1")
    session = TableSession(make_game("missouri-city", first_dealt="green"), table_id="t1", log=log)
    _play_some(session, list(EXAMPLE_1), list(RED_WINS))
    assert session.prompts().result.winner == "red"
    return session, log


def _between_hands(log: HandLog) -> list:
    return list(log.store.records(table="t1", hand_id=""))


def test_a_decision_after_the_result_gets_the_engines_refusal_and_is_logged_between_hands(tmp_path):
    session, log = _finished_hand(tmp_path)
    hand_id, result_seq = session.hand_id, log.last_seq
    effects = session.submit(Decision("red", "hit"), source="console:dealer")
    assert session.last_refusal == "RED cannot HIT now: the hand is over"
    assert [type(e).__name__ for e in effects] == ["Refused"]
    session.submit(Control("reshuffle_discards", by="dealer"), source="console:dealer")
    assert session.last_refusal == "the shoe is not empty: no reshuffle is due"
    (hit, reshuffle) = _between_hands(log)
    assert (hit.kind, hit.seq, hit.source) == ("note", result_seq + 1, "console:dealer")
    assert hit.payload["after_hand"] == hand_id
    assert hit.payload["event"] == {"type": "decision", "seat": "red", "action": "hit"}
    refused = {"type": "refused", "reason": "RED cannot HIT now: the hand is over", "legal": []}
    assert hit.payload["effects"] == [refused]
    assert reshuffle.payload["event"]["control"] == "reshuffle_discards"
    assert log.read_hand(hand_id).records[-1].kind == "result"  # the hand itself is unchanged
    session.submit(Control(NEW_DECK), source="console:dealer")  # the next hand begins as usual
    assert session.hand_id != hand_id
    assert log.read_hand(session.hand_id).events[0].payload["event"]["control"] == NEW_DECK
    log.close()


def test_a_void_after_the_result_cannot_replace_the_logged_result(tmp_path):
    """A void after the result: the engine refuses it (a result stands; the runtime would refuse it too),
    and the attempt is logged between hands."""
    session, log = _finished_hand(tmp_path)
    effects = session.submit(Control("void_hand", by="pit boss"), source="console:pit_boss")
    assert [type(e).__name__ for e in effects] == ["Refused"]
    assert "result stands" in session.last_refusal  # the engine refuses; the runtime would too
    assert session.prompts().result.winner == "red" and session.tally == {"red wins": 1}
    (note,) = _between_hands(log)
    assert note.payload["event"]["control"] == "void_hand"
    assert "result stands" in note.payload["effects"][0]["reason"]
    log.close()


def test_a_sequence_gap_after_the_result_holds_the_table_until_the_pit_boss_accepts(tmp_path):
    """The gap's hold and the pit boss's accept are logged between hands; the log stays sound."""
    session, log = _finished_hand(tmp_path)
    session.hardware_event(
        {"type": "sequence_gap", "expected": 12, "got": 14}, source="serial://shoe"
    )
    assert session.prompts().irregularity is not None
    session.submit(Control(NEW_DECK), source="console:dealer")
    assert session.last_refusal.startswith("the hand is held for the pit boss")
    session.submit(Control("accept_card", by="pit boss"), source="console:pit_boss")
    assert session.last_refusal is None and session.expected().hand_over
    kinds = [
        (r.kind, (r.payload.get("event") or r.payload).get("type")) for r in _between_hands(log)
    ]
    assert kinds == [
        ("hardware", "sequence_gap"),
        ("note", "hardware_irregularity"),
        ("note", "control"),
        ("note", "control"),
    ]
    session.submit(Control(NEW_DECK), source="console:dealer")
    assert session.last_refusal is None and not session.expected().hand_over
    key = load_key(tmp_path / "key")
    assert (
        verify_chains(
            log.store, key, HeadStore(tmp_path / "key", key, log.store.log_id, log.store.location)
        )
        == []
    )
    log.close()


def test_each_card_source_has_its_own_connection_state():
    """A camera's disconnect is the camera's: the shoe stays connected on the hardware line."""
    session = TableSession(make_game("missouri-city"), source_url="serial:///dev/ttyUSB0")
    hardware = session.hardware
    hardware.attach("shoe", "serial:///dev/ttyUSB0")
    hardware.attach("camera", "camera://0")
    assert session.snapshot()["hardware"]["connections"] == {"shoe": True, "camera": True}
    session.hardware_event({"type": "disconnected", "reason": "no frame"}, source="camera://0")
    shown = session.snapshot()["hardware"]
    assert (shown["connections"], shown["connected"]) == ({"shoe": True, "camera": False}, False)
    session.hardware_event({"type": "heartbeat"}, source="serial:///dev/ttyUSB0")
    assert session.snapshot()["hardware"]["connections"] == {"shoe": True, "camera": False}
    session.hardware_event({"type": "disconnected"}, source="serial:///dev/ttyUSB0")
    session.hardware_event({"type": "reconnected"}, source="camera://0")
    shown = session.snapshot()["hardware"]
    assert (shown["connections"], shown["connected"]) == ({"shoe": False, "camera": True}, False)
    session.hardware_event({"type": "hello"}, source="serial:///dev/ttyUSB0")
    assert session.snapshot()["hardware"]["connected"] is True


def test_a_lone_unnamed_source_still_sets_the_connection():
    session = TableSession(make_game("missouri-city"), source_url="sim://")
    session.hardware_event({"type": "disconnected"}, source="sim://")
    assert (session.hardware.connected, session.hardware.connections) == (False, {})
    session.hardware_event({"type": "reconnected"}, source="sim://")
    assert session.hardware.connected is True


def test_an_unfinished_hand_is_finished_only_by_its_own_game(tmp_path, capsys):
    """A table restarted with another game (or other switches) over a log holding an unfinished
    hand is refused in one line naming the game to finish it with; the log is left as it was."""
    from table_controller.cli import main

    db, key = tmp_path / "hands.db", tmp_path / "key"
    log = HandLog.open(str(db), key_path=key, table_id="table-1")
    session = TableSession(
        make_game("missouri-city", first_dealt="green"), table_id="table-1", log=log
    )
    _play_some(session, list(EXAMPLE_1), [("red", "hit")], stop_after=5)
    hand_id = session.hand_id
    log.close()  # the table stops mid-hand

    run = ["run", "--autopilot", "--hands", "1", "--log", str(db), "--key", str(key), "--quiet"]
    assert main([*run, "--game", "blackjack"]) == 2
    err = capsys.readouterr().err
    assert (
        f"unfinished Missouri City Backhand hand ({hand_id}): start the table with --game missouri-city to finish it"
        in err
    )
    assert "Traceback" not in err
    assert main([*run, "--game", "missouri-city", "--first-dealt", "red"]) == 2  # dealt otherwise
    assert (
        'the settings it was dealt with to finish it: {"first_dealt": "green"}'
        in capsys.readouterr().err
    )
    log = HandLog.open(str(db), key_path=key, table_id="table-1")
    assert log.unfinished_hand()[0] == hand_id  # nothing was written
    log.close()
    assert (
        main([*run, "--game", "missouri-city", "--first-dealt", "green"]) == 0
    )  # its own game finishes it
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
