"""Surveillance staff watch the floor and resolve nothing: at a table, a surveillance officer's
PIN is no pit boss's, named or not; a staff file may hold them beside the pit bosses."""

from __future__ import annotations

from pathlib import Path

from table_controller.staff import Staff
from tests.dealer_display.conftest import start_hand
from tests.dealer_display.test_security import records, table_client, void


def test_a_surveillance_pin_resolves_nothing_at_a_table(deck_file: Path, tmp_path: Path) -> None:
    staff = (
        Staff()
        .added("jortiz", "J. Ortiz", "pit_boss", "482910")
        .added("ewatch", "E. Watcher", "surveillance", "135791")
    )
    with table_client(deck_file, tmp_path, staff=staff, pit_boss_pin="") as (client, _log, _c):
        start_hand(client, cards=3)
        assert void(client, "135791").status_code == 403
        assert void(client, "135791", **{"X-Staff-Id": "ewatch"}).status_code == 403
        assert void(client, "482910").status_code == 200
    events = [p["event"] for p in records(tmp_path, "event")]
    assert events[-1]["by"] == "pit boss J. Ortiz"  # the surveillance tries changed nothing
    refused = records(tmp_path, "access_refused")
    assert len(refused) == 2 and all(r.get("action") for r in refused)
