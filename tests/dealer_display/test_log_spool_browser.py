"""The dealer's display while the floor's hand-log server is away, in a real headless Chromium
over a real PostgreSQL stopped and started again: the table keeps dealing, a standing notice
says how many records it keeps, and the notice goes once they are on the server."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from table_controller.hand_log import HandLog
from table_controller.hand_log.check import check_log
from tests.dealer_display.conftest import browser
from tests.dealer_display.live import live_table
from tests.dealer_display.screen import open_console, shot
from tests.dealer_display.test_notices_browser import NOTICES
from tests.hand_log.fixtures import _data_dir, fresh_pg_url, key_path
from tests.hand_log.pg_outage import OwnServer, own_pg

__all__ = ["_data_dir", "browser", "key_path", "own_pg"]


def test_the_dealer_sees_the_records_kept_at_the_table_until_the_server_has_them(
    browser: Browser,
    own_pg: OwnServer,
    key_path: Path,
) -> None:
    url = fresh_pg_url(own_pg.url)
    log = HandLog.open(url, key_path=key_path, table_id="table-1")
    log.store.retry_seconds = 0.2  # type: ignore[attr-defined]
    try:
        with live_table("sim://?seed=7", log=log) as table:
            page = open_console(browser, table, 1280, 800)
            page.keyboard.press("n")  # NEW DECK: the hand begins, on the server
            page.wait_for_function(
                "document.getElementById('instruction').textContent.includes('Deal')"
            )
            own_pg.stop()
            for _ in range(3):  # the dealer deals on: each card logged, here
                table.app.state.table.deal()
            page.wait_for_function(
                f"({NOTICES})().includes('Hand log server unreachable: 3 records kept here')"
            )
            shot(page, "display-log-spool-1280.png")
            own_pg.start()
            page.wait_for_function(f"({NOTICES})().length === 0")
            assert page.errors == []  # type: ignore[attr-defined]
            page.close()
    finally:
        log.close()
    assert check_log(url, key_path).findings == []
