"""The autopilot never repeats a play the table refused: it stops, and the dealer sees why.

(A table once resumed another game's unfinished hand: the blackjack autopilot offered the same
refused wager about 1200 times a second for five minutes, 357,000 refused events in one hand.
Resuming another game's hand is now refused; this is the second guard.)"""

from pathlib import Path

from table_controller import autopilot
from table_controller.cards import parse_card
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.runtime import TableSession


def test_a_refused_play_stops_the_autopilot(tmp_path: Path) -> None:
    from drivers.registry import open_source

    db, key = str(tmp_path / "t.db"), tmp_path / "t.key"
    log = HandLog.open(db, key_path=key)
    backhand = TableSession(make_game("missouri-city"), log=log)
    for event in (
        Control(NEW_DECK, by="autopilot"),
        *(CardArrived(parse_card(c), None) for c in ("2H", "QH", "5C", "QC")),
    ):
        backhand.submit(event, source="test")
    log.close()  # the table stops mid-hand
    log = HandLog.open(db, key_path=key)
    hand_id, header, records = log.unfinished_hand()
    with open_source("sim://?seed=3") as shoe:
        session = TableSession(make_game("blackjack"), log=log, source_url=shoe.url, simulated=True)
        session.resume(
            hand_id, [r.payload["event"] for r in records if r.kind == "event"], header
        )  # as it once did
        steps = iter(range(300))
        autopilot.drive(session, shoe, hands=1, should_stop=lambda: next(steps, None) is None)
        assert next(steps, None) is not None, "the autopilot kept offering a refused play"
    log.close()
