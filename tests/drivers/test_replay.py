"""``replay://``: a logged hand played back through the live stack gives the logged prompts."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from drivers.registry import open_source
from table_controller.cli import main
from table_controller.errors import ConfigError, DriverInitError
from table_controller.events import CardArrived, event_from_dict
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.store import open_store
from table_controller.runtime import TableSession
from tests.hand_log.fixtures import _data_dir, key_path, log_target, pg_server_url
from tests.hand_log.sample import HEADER

__all__ = ["_data_dir", "key_path", "log_target", "pg_server_url"]


def replay_url(target: str, hand: str, speed: str = "0") -> str:
    if target.startswith("postgresql://"):
        return f"replay://?db={quote(target, safe='')}&hand={hand}&speed={speed}"
    return f"replay://{target}?hand={hand}&speed={speed}"


def test_a_replayed_hand_gives_the_logged_prompts(log_target: str, key_path: Path) -> None:
    assert main(["run", "--autopilot", "--hands", "3", "--log", log_target, "--key",
                 str(key_path), "--quiet"]) == 0
    with open_store(log_target, create=False) as store:
        hand = iter_hands(store)[1]
    session = TableSession(make_game(hand.header["game"]))
    with open_source(replay_url(log_target, hand.hand_id)) as source:
        assert source.simulated
        for recorded in source.recorded_events():  # type: ignore[attr-defined]
            event = event_from_dict(recorded["event"])
            if isinstance(event, CardArrived):
                read = source.read_event(timeout=1.0)
                assert read is not None and read.card == event.card
                assert (read.source, read.at) == (recorded["source"], recorded["at"])
            session.submit(event, source=recorded["source"], at=recorded["at"])
        assert source.read_event(timeout=0.01) is None
    assert session.prompts().to_dict() == hand.events[-1].payload["prompts"]


def test_hardware_records_come_back_and_pace_follows_the_log(tmp_path: Path, key_path: Path) -> None:
    db = str(tmp_path / "h.db")
    with HandLog.open(db, key_path=key_path) as log:
        log.begin_hand("h1", HEADER, at=100.0)
        log.append("h1", "hardware", {"type": "sequence_gap", "seq": 7, "expected": 6},
                   source="shoe", at=100.0)
        log.append("h1", "event", {"event": {"type": "card", "card": "QH"}}, source="shoe",
                   at=130.0)
    with open_source(f"replay://{db}?hand=h1&speed=1") as source:
        gap = source.read_event(timeout=0.5)
        assert gap is not None and (gap.kind, gap.seq, gap.detail) == (
            "sequence_gap", 7, {"expected": 6})
        assert source.read_event(timeout=0.05) is None  # the card is due 30 s later


@pytest.mark.parametrize(
    ("url", "error", "message"),
    [
        ("replay://h.db", ConfigError, "needs a log and a hand"),
        ("replay://h.db?hand=x&speed=fast", ConfigError, "speed must be"),
        ("replay://h.db?hand=x&colour=red", ConfigError, "no option 'colour'"),
        ("replay://missing.db?hand=x", DriverInitError, "no hand log at missing.db"),
    ],
)
def test_bad_replay_urls_are_one_line_errors(url: str, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        open_source(url)
