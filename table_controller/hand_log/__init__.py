"""The hand log: every event and result of every hand, chained, signed and replayable.

- :mod:`records`: one record and its place in a table's SHA-256 chain.
- :mod:`keys`: the HMAC key file and the signed chain heads, kept outside the database.
- :mod:`store`, :mod:`sqlite_store`, :mod:`pg_store`: SQLite (WAL) or PostgreSQL.
- :mod:`log`: :class:`HandLog`, the table's writer. :mod:`reader`: hands read back.
- :mod:`verify`: the chain audit. :mod:`replay_audit`, :mod:`round_start`: the rules-engine
  audit. :mod:`check`: both, as ``table audit verify`` runs them.
- :mod:`account`, :mod:`export`, :mod:`report`, :mod:`report_rounds`: what auditors read.
"""

from table_controller.hand_log.keys import data_dir, default_key_path, default_log_target
from table_controller.hand_log.log import HandLog
from table_controller.hand_log.reader import HandSummary, RecordedHand
from table_controller.hand_log.records import HandRecord
from table_controller.hand_log.store import LogStore, open_store

__all__ = [
    "HandLog",
    "HandRecord",
    "HandSummary",
    "LogStore",
    "RecordedHand",
    "data_dir",
    "default_key_path",
    "default_log_target",
    "open_store",
]
