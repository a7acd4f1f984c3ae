"""``replay://``: a logged hand played back through the live stack gives the logged prompts."""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import quote

import pytest

from drivers.registry import open_source
from table_controller.cli import main
from table_controller.errors import ConfigError, DriverInitError
from table_controller.events import event_to_dict
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.shown import shown_prompts
from table_controller.hand_log.store import open_store
from table_controller.running import table_event
from table_controller.runtime import TableSession
from tests.hand_log.fixtures import _data_dir, key_path, log_target, pg_server_url
from tests.hand_log.sample import HEADER

__all__ = ["_data_dir", "key_path", "log_target", "pg_server_url"]


def replay_url(target: str, hand: str, speed: str = "0") -> str:
    if target.startswith("postgresql://"):
        return f"replay://?db={quote(target, safe='')}&hand={hand}&speed={speed}"
    return f"replay://{target}?hand={hand}&speed={speed}"


def test_a_replayed_hand_gives_the_logged_prompts(log_target: str, key_path: Path) -> None:
    assert (
        main(
            [
                "run",
                "--autopilot",
                "--hands",
                "3",
                "--log",
                log_target,
                "--key",
                str(key_path),
                "--quiet",
            ]
        )
        == 0
    )
    with open_store(log_target, create=False) as store:
        hand = iter_hands(store)[1]
    session = TableSession(make_game(hand.header["game"]))
    url = replay_url(log_target, hand.hand_id)
    submitted = []
    with open_source(url) as source:
        assert source.simulated and source.header["game"] == hand.header["game"]  # type: ignore[attr-defined]
        while (read := source.read_event(timeout=0.2)) is not None:
            assert (read.source, abs(read.at - time.time()) < 5) == (url, True)
            made = table_event(read)
            if made is not None:
                session.submit(made[0], source=made[1], at=made[2])
                submitted.append(
                    {"event": event_to_dict(made[0]), "source": made[1], "at": made[2]}
                )
            last = read
    assert (last.kind, last.detail) == ("status", {"state": "end_of_replay"})
    assert submitted == source.recorded_events()  # type: ignore[attr-defined]
    assert session.prompts().to_dict() == shown_prompts(hand)[hand.events[-1].seq]


def test_replayed_cards_carry_a_running_seq_and_their_recorded_spot(
    tmp_path: Path, key_path: Path
) -> None:
    db = str(tmp_path / "h.db")
    with HandLog.open(db, key_path=key_path) as log:
        log.begin_hand("h1", HEADER, at=100.0)
        for n, (card, spot) in enumerate([("QH", "S3"), ("2C", None), ("AS", "red.hand")]):
            event = {"type": "card", "card": card} | ({"spot": spot} if spot else {})
            log.append("h1", "event", {"event": event}, source="shoe", at=101.0 + n)
    with open_source(f"replay://{db}?hand=h1&speed=0") as source:
        cards = [source.read_event(timeout=0.5) for _ in range(3)]
    assert [(e.card.code, e.seq, e.spot) for e in cards] == [  # type: ignore[union-attr]
        ("QH", 1, "S3"),
        ("2C", 2, None),
        ("AS", 3, "red.hand"),
    ]
    assert [e.detail for e in cards] == [
        {"recorded_source": "shoe", "recorded_at": 101.0 + n} for n in range(3)
    ]


def test_hardware_records_come_back_and_pace_follows_the_log(
    tmp_path: Path, key_path: Path
) -> None:
    db = str(tmp_path / "h.db")
    with HandLog.open(db, key_path=key_path) as log:
        log.begin_hand("h1", HEADER, at=100.0)
        log.append("h1", "hardware", {"type": "bad_frame", "count": 2}, source="shoe", at=100.0)
        log.append(
            "h1",
            "hardware",
            {"type": "sequence_gap", "seq": 7, "expected": 6},
            source="shoe",
            at=100.0,
        )
        log.append(
            "h1", "event", {"event": {"type": "card", "card": "QH"}}, source="shoe", at=130.0
        )
    with open_source(f"replay://{db}?hand=h1&speed=1") as source:
        bad = source.read_event(timeout=0.5)
        assert bad is not None and (bad.kind, bad.detail["count"]) == ("bad_frame", 2)
        # the gap's irregularity is a recorded event of its own: the gap itself only warns
        gap = source.read_event(timeout=0.5)
        assert gap is not None and (gap.kind, gap.seq, gap.detail) == (
            "warning",
            7,
            {
                "expected": 6,
                "original_type": "sequence_gap",
                "recorded_source": "shoe",
                "recorded_at": 100.0,
            },
        )
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
