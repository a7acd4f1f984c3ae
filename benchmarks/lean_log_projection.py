"""What a leaner hand log would take per hand: the same records stored other ways (a projection
for the plan in docs/hand-log.md, not a format the table writes).

    python benchmarks/lean_log_projection.py LOG.db      # a SQLite hand log, e.g. from
    table run --autopilot --hands 20 --game blackjack --seats 7 --log /dev/shm/bj.db

Each variant is written to a scratch SQLite file beside nothing else, vacuumed, and its size
divided by the hands: as now; without the prompts in event records (derived by replay); also
without the plain "applied" effects; and with compact rows (hashes and MACs as 32-byte blobs,
no stored prev_hash, hand ids, tables, kinds and sources as numbers, WITHOUT ROWID); and last,
a header naming only what changed since the table's previous one and settlements kept as money
and rule (their words derived by replay).
"""
import os
import sys
import tempfile
import json
import sqlite3
src = sys.argv[1]
_scratch = tempfile.TemporaryDirectory(dir='/dev/shm' if os.path.isdir('/dev/shm') else None)
SCRATCH = _scratch.name
c = sqlite3.connect(src)
n = c.execute("select count(*) from hand_records where kind='result'").fetchone()[0]
rows = c.execute("select table_id, seq, hand_id, kind, source, at, payload, prev_hash, hash, mac from hand_records order by table_id, seq").fetchall()
def build(name, lean_payload, compact):
    path = os.path.join(SCRATCH, name.replace(" ", "_").replace(",", "") + ".db")
    if os.path.exists(path): os.unlink(path)
    d = sqlite3.connect(path)
    if compact:
        d.executescript("""
        CREATE TABLE hands (no INTEGER PRIMARY KEY, table_id TEXT, hand_id TEXT, UNIQUE (table_id, hand_id));
        CREATE TABLE names (no INTEGER PRIMARY KEY, text TEXT UNIQUE);
        CREATE TABLE records (table_no INTEGER, seq INTEGER, hand_no INTEGER, kind_no INTEGER, source_no INTEGER,
          at REAL, payload TEXT, hash BLOB, mac BLOB, PRIMARY KEY (table_no, seq)) WITHOUT ROWID;
        CREATE INDEX records_by_hand ON records (hand_no);
        """)
    else:
        d.executescript("""CREATE TABLE hand_records (table_id TEXT, seq BIGINT, hand_id TEXT, kind TEXT, source TEXT, at REAL,
          payload TEXT, prev_hash TEXT, hash TEXT, mac TEXT, PRIMARY KEY (table_id, seq));
          CREATE INDEX hand_records_by_hand ON hand_records (hand_id, table_id);""")
    names = {}
    def name_no(t):
        if t not in names:
            names[t] = len(names) + 1; d.execute("insert into names values (?,?)", (names[t], t))
        return names[t]
    hands = {}
    previous_header = {}
    for table, seq, hand, kind, source, at, payload, prev, h, mac in rows:
        p = json.loads(payload)
        if lean_payload and kind == "event":
            p.pop("prompts", None)
            if lean_payload >= 2:
                p["effects"] = [e for e in p["effects"] if e.get("type") != "applied"] or None
                if p["effects"] is None: del p["effects"]
        if lean_payload == 3:
            p = _leaner(kind, p, previous_header)
            if kind == "hand":
                previous_header = json.loads(payload)["header"]
        text = json.dumps(p, sort_keys=True, separators=(",", ":"))
        if compact:
            key = (table, hand)
            if key not in hands:
                hands[key] = len(hands) + 1; d.execute("insert into hands values (?,?,?)", (hands[key], table, hand))
            d.execute("insert into records values (?,?,?,?,?,?,?,?,?)", (name_no(table), seq, hands[key], name_no(kind), name_no(source), at, text, bytes.fromhex(h), bytes.fromhex(mac)))
        else:
            d.execute("insert into hand_records values (?,?,?,?,?,?,?,?,?,?)", (table, seq, hand, kind, source, at, text, prev, h, mac))
    d.commit(); d.execute("VACUUM"); d.close()
    print(f"{name:<40} {os.path.getsize(path)/n:>10,.0f} bytes/hand")
def _leaner(kind, payload, previous_header):
    """A header that names only what changed since the table's last one (the paytable, switches
    and limits stay for a session); a result whose settlements keep the money and the rule, the
    words being the replay's."""
    if kind == "hand":
        header = payload["header"]
        return {**payload, "header": {k: v for k, v in header.items() if previous_header.get(k) != v}}
    if kind == "result":
        details = dict(payload.get("details") or {})
        if "settlements" in details:
            details["settlements"] = [[s.get("seat"), s.get("bet"), s.get("hand"), s.get("staked"), s.get("net"), s.get("rule")]
                                      for s in details["settlements"]]
        return {k: v for k, v in {**payload, "details": details}.items() if k not in ("explanation",)}
    return payload


build("v1 as now", 0, False)
build("v1 without prompts", 1, False)
build("v1 without prompts, applied notes", 2, False)
build("compact rows, without prompts", 1, True)
build("compact rows, no prompts, no applied", 2, True)
build("compact rows, lean header and settlements", 3, True)
_scratch.cleanup()
