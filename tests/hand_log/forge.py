"""Forging a log the way someone holding the key would: change a record, then hash and sign
it and every record after it again, and put a matching signed head beside the key."""

from __future__ import annotations

from pathlib import Path

from table_controller.hand_log.keys import ChainHead, HeadStore, load_key
from table_controller.hand_log.records import record_digest, sign
from table_controller.hand_log.store import open_store
from tests.hand_log.raw import raw_sql


def reseal_from(target: str, key_path: Path, table: str, seq: int, payload_text: str) -> None:
    """Replace record ``seq``'s payload and re-hash and re-sign the chain from there on."""
    key = load_key(key_path)
    with open_store(target, create=False) as store:
        records = [r for r in store.records(table=table) if r.seq >= seq]
        prev = store.record_at(table, seq - 1)
        prev_hash = prev.digest if prev else "0" * 64
        last = records[-1]
        for record in records:
            text = payload_text if record.seq == seq else record.payload_text
            digest = record_digest(
                prev_hash,
                record.table,
                record.hand_id,
                record.seq,
                record.kind,
                record.source,
                record.at,
                text,
            )
            raw_sql(
                target,
                "UPDATE hand_records SET payload = ?, prev_hash = ?, hash = ?, mac = ? "
                "WHERE table_id = ? AND seq = ?",
                (text, prev_hash, digest, sign(key, digest), table, record.seq),
            )
            prev_hash = digest
        heads = HeadStore(key_path, key, store.log_id, store.location)
        heads.write(ChainHead(table, last.seq, prev_hash, last.hand_id))
