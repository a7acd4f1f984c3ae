"""A floor of tables: 20 controller processes writing to one PostgreSQL log at once."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

from table_controller.hand_log import HandLog
from table_controller.hand_log.keys import HeadStore, load_key
from table_controller.hand_log.store import open_store
from table_controller.hand_log.verify import verify_chains
from tests.hand_log.fixtures import fresh_pg_url
from tests.hand_log.sample import hand_payloads, write_hands

TABLES = 20
HANDS = 5


def _one_table(url: str, key_path: str, table_id: str, start: Any) -> None:
    start.wait(timeout=60)
    with HandLog.open(url, key_path=key_path, table_id=table_id) as log:
        write_hands(log, HANDS, prefix=f"{table_id}-")


def test_twenty_tables_write_one_postgres_log_at_once(pg_server_url: str, key_path: Path) -> None:
    url = fresh_pg_url(pg_server_url)
    context = multiprocessing.get_context("fork")
    start = context.Barrier(TABLES)
    workers = [
        context.Process(target=_one_table, args=(url, str(key_path), f"table-{n:02d}", start))
        for n in range(TABLES)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert [w.exitcode for w in workers] == [0] * TABLES

    key = load_key(key_path)
    with open_store(url, create=False) as store:
        assert (
            verify_chains(store, key, HeadStore(key_path, key, store.log_id, store.location)) == []
        )
        records = list(store.records())
    per_hand = 1 + len(hand_payloads(0))
    assert len(records) == TABLES * HANDS * per_hand
    for n in range(TABLES):
        table = f"table-{n:02d}"
        chain = [r for r in records if r.table == table]
        assert [r.seq for r in chain] == list(range(1, HANDS * per_hand + 1))
        assert {r.hand_id for r in chain} == {f"{table}-{h:04d}" for h in range(HANDS)}
