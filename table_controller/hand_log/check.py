"""``table audit verify`` as a function: chain, signatures, heads, then the rules replay."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from table_controller.errors import HandLogError
from table_controller.hand_log.keys import KEY_FILE, HeadStore, default_key_path, load_key
from table_controller.hand_log.reader import RecordedHand, iter_hands
from table_controller.hand_log.records import NOTE, signature_matches
from table_controller.hand_log.replay_audit import Replayed, replay
from table_controller.hand_log.round_start import after_hand_events, round_start_problem
from table_controller.hand_log.store import LogStore, is_postgres_url, open_store
from table_controller.hand_log.verify import Finding, finish_chains, walk_chains
from table_controller.hand_log.witness import check_witness, read_lines


@dataclass
class CheckReport:
    tables: int = 0
    hands: int = 0
    records: int = 0  # every record the chain walk checked
    rows: int = 0  # every row the database holds: must equal ``records``
    kinds: dict[str, int] = field(default_factory=dict)  # records checked, by kind
    witnessed: int = 0  # witness lines of this log checked
    findings: list[Finding] = field(default_factory=list)
    # tables being written while checked: how far each is under its signed head
    signed_up_to: list[str] = field(default_factory=list)
    later: int = 0  # records the tables wrote while they were checked (chained, not replayed)
    key_found: str = ""  # where the key was found, when not where it was looked for first
    replay_failures: dict[tuple[str, str], Finding] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.findings


def find_key(store: LogStore, key_path: str | Path | None) -> tuple[Path, bytes, str]:
    """The key to check ``store`` with: ``--key``'s, else the data folder's; and, if there is none
    there (a log moved to another computer or folder), the key the log names or the key beside
    it, if it signs the log. Returns the path, the key and a line saying where it was found when
    it is not the data folder's. A data folder key that does not sign the log is still the one
    used: verify then says so in one line and names the log's key, never picks another itself.

    Raises:
        HandLogError: no key can be found; naming where the log's key was.
    """
    if key_path is not None:
        return Path(key_path), load_key(Path(key_path)), ""
    default = default_key_path()
    if default.exists():
        return default, load_key(default), ""
    named = [Path(note["path"]) for note in store.key_notes().values()]
    beside = (
        [] if is_postgres_url(store.target) else [Path(store.target).resolve().parent / KEY_FILE]
    )
    for path in dict.fromkeys([*named, *beside]):
        with contextlib.suppress(HandLogError):
            key = load_key(path)
            if _signs(store, key):
                found = f"key: {path} (the key this log is signed with; none at {default})"
                return path, key, found
    places = ", ".join(map(str, dict.fromkeys(named)))
    where = f"; this log was written with the key at {places}" if named else ""
    raise HandLogError(f"no hand-log key at {default} (use --key FILE){where}")


def _signs(store: LogStore, key: bytes) -> bool:
    """``key`` signed the last record of the log's first table."""
    tables = store.tables()
    last = store.last_record(tables[0]) if tables else None
    return last is not None and signature_matches(key, last.digest, last.mac)


def check_log(
    target: str,
    key_path: str | Path | None = None,
    *,
    replay: bool = True,
    witnesses: Sequence[str] = (),
) -> CheckReport:
    """Check the whole log at ``target`` with the key at ``key_path`` (default: the data
    folder's, found as ``table run`` finds it).

    Raises:
        HandLogError: the log or the key cannot be opened.
    """
    report = CheckReport()
    with open_store(target, create=False) as store:
        path, key, report.key_found = find_key(store, key_path)
        kinds: Counter[str] = Counter()
        with store.snapshot():  # one moment of a log a table may be writing to
            walks = walk_chains(store, key, kinds)
            report.rows = store.row_count()
            report.tables = len(store.tables())
            hands = iter_hands(store, replay=False)
            afterwards = after_hand_events(store.records(kinds=[NOTE])) if replay else {}
        heads = HeadStore(path, key, store.log_id, store.location)
        chains = finish_chains(store, key, heads, walks)
        report.findings = chains.findings
        report.signed_up_to = chains.signed_up_to
        report.later = chains.later
        report.kinds = dict(sorted(kinds.items()))
        report.records = sum(kinds.values())
        if report.rows != report.records:
            report.findings.append(
                Finding(
                    "",
                    "",
                    None,
                    (
                        f"the database holds {report.rows} rows but the chains hold {report.records} records: "
                        f"{report.rows - report.records} rows are outside every chain"
                    ),
                )
            )
        for source in witnesses:
            found, mine = check_witness(store, read_lines(source), source)
            report.findings.extend(found)
            report.witnessed += mine
    report.hands = len(hands)
    if replay:
        _replay_all(report, hands, afterwards)
    report.findings.sort(key=lambda f: (f.table, f.seq if f.seq is not None else 0))
    return report


def _replay_all(
    report: CheckReport,
    hands: list[RecordedHand],
    afterwards: dict[tuple[str, str], list[dict[str, Any]]],
) -> None:
    """Replay every hand, and check each round starts where its table's hand before left it."""
    before: dict[str, tuple[RecordedHand, Replayed]] = {}
    for hand in hands:
        replayed = replay(hand)
        findings = list(replayed.findings)
        previous_hand, previous_replay = before.get(hand.table) or (None, None)
        between = afterwards.get((hand.table, previous_hand.hand_id), []) if previous_hand else []
        problem = round_start_problem(hand, previous_hand, previous_replay, between)
        if problem:
            findings.insert(0, Finding(hand.table, hand.hand_id, hand.header_record.seq, problem))
        for finding in findings:
            report.findings.append(finding)
            report.replay_failures.setdefault((hand.table, hand.hand_id), finding)
        before[hand.table] = (hand, replayed)
