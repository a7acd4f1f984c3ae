"""The HMAC key and the signed chain heads, both kept outside the database.

The key file (``hand_log.key`` in the table's data folder unless ``--key`` says otherwise)
holds 32 random bytes in hex and is created owner-only (0600) on first run. Beside it, the
folder ``hand_log.key.heads/`` keeps one small JSON file per log and table with the last
sequence number, hash and hand id, signed with the key. A database cut short no longer
reaches the head, which is how truncation is told apart from a log that simply ended.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from table_controller.errors import HandLogError
from table_controller.hand_log.records import sign, signature_matches
from table_controller.private_files import open_private

KEY_FILE = "hand_log.key"
LOG_FILE = "hand_log.db"
_TABLE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def data_dir() -> Path:
    """``$TABLE_DATA_DIR``, else ``~/.local/share/table-controller``."""
    configured = os.environ.get("TABLE_DATA_DIR")
    if configured:
        return Path(configured)
    return Path.home() / ".local" / "share" / "table-controller"


def default_key_path() -> Path:
    return data_dir() / KEY_FILE


def default_log_target() -> str:
    return str(data_dir() / LOG_FILE)


def check_table_id(table_id: str) -> str:
    if not _TABLE_ID.match(table_id):
        raise HandLogError(f"table id {table_id!r} must be 1-64 letters, digits, '.', '_' or '-'")
    return table_id


def load_key(path: Path) -> bytes:
    """Read an existing key.

    Raises:
        HandLogError: missing, unreadable, readable by others, or not a key.
    """
    try:
        mode = path.stat().st_mode
        text = path.read_bytes().decode("ascii", errors="replace").strip()
    except FileNotFoundError:
        raise HandLogError(f"no hand-log key at {path} (use --key FILE)") from None
    except OSError as exc:
        raise HandLogError(f"cannot read hand-log key {path}: {exc.strerror}") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise HandLogError(
            f"hand-log key {path} is open to other users (mode {stat.S_IMODE(mode):o}); "
            f"run: chmod 600 {path}"
        )
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise HandLogError(f"{path} does not hold a hand-log key")
    return key


def key_id(key: bytes) -> str:
    """A short public name for a key (a hash of it, which does not give the key away): the log
    keeps it per table, so a verify given another key can say so in one line."""
    return hashlib.sha256(b"hand-log key id\n" + key).hexdigest()[:16]


def load_or_create_key(path: Path) -> bytes:
    """The key at ``path``, created owner-only if it does not exist yet.

    The key is written to a private temporary file and linked into place, so a process that
    starts at the same moment sees either no key or a whole one, never half of one.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".key-")  # mode 0600
        try:
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_hex(32) + "\n")
                out.flush()
                os.fsync(out.fileno())
            try:
                os.link(tmp, path)
            except FileExistsError:
                pass  # another process created it first; use theirs
        finally:
            os.unlink(tmp)
    return load_key(path)


@dataclass(frozen=True, slots=True)
class ChainHead:
    """The last record of one table's chain, as signed outside the database."""

    table: str
    seq: int
    digest: str
    hand_id: str

    def message(self, log_id: str) -> str:
        return f"head\n{log_id}\n{self.table}\n{self.seq}\n{self.digest}\n{self.hand_id}"


class HeadStore:
    """The signed heads of one log, one file per table, beside the key.

    A head belongs to one database: the log's id *and* where the database lives, so a copy of
    the database (``cp h.db copy.db``) opened with the same key finds no head of its own and
    cannot overwrite the original's (heads written before this kept only the log id; they are
    taken over by the database at the place it is first opened from).
    """

    def __init__(self, key_path: Path, key: bytes, log_id: str, location: str = "") -> None:
        self.key_path = key_path
        self.folder = key_path.parent / f"{key_path.name}.heads"
        self._key = key
        self._log_id = log_id
        self._place = hashlib.sha256(location.encode()).hexdigest()[:12] if location else ""
        self.location = location

    @property
    def _prefix(self) -> str:
        return f"{self._log_id}@{self._place}." if self._place else f"{self._log_id}."

    def _path(self, table: str) -> Path:
        return self.folder / f"{self._prefix}{check_table_id(table)}.json"

    def _legacy_path(self, table: str) -> Path:
        return self.folder / f"{self._log_id}.{check_table_id(table)}.json"

    def write(self, head: ChainHead) -> None:
        """Replace the table's head atomically (write, fsync, rename)."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        data = {
            "table": head.table,
            "seq": head.seq,
            "hash": head.digest,
            "hand": head.hand_id,
            "location": self.location,
            "mac": sign(self._key, head.message(self._log_id)),
        }
        path = self._path(head.table)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        with open_private(tmp) as out:
            out.write(json.dumps(data, sort_keys=True))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
        if self._place:
            with contextlib.suppress(FileNotFoundError):
                self._legacy_path(head.table).unlink()  # taken over by this database

    def tables(self) -> list[str]:
        """Tables of this log that have a signed head."""
        if not self.folder.is_dir():
            return []
        found = set()
        for prefix in {self._prefix, f"{self._log_id}."}:
            found |= {
                p.name[len(prefix) : -len(".json")]
                for p in self.folder.glob(f"{prefix}*.json")
                if "@" not in p.name[len(prefix) :]
            }
        return sorted(found)

    def elsewhere(self, table: str) -> list[str]:
        """Where other databases with this log id keep heads for ``table``: this database is a
        copy of one of them (or one was copied from it, or it was moved)."""
        places = []
        for path in self.folder.glob(f"{self._log_id}@*.{table}.json"):
            if path != self._path(table):
                with contextlib.suppress(OSError, ValueError):
                    places.append(str(json.loads(path.read_text()).get("location") or path.name))
        return sorted(places)

    def read(self, table: str) -> ChainHead | None:
        """The table's signed head, ``None`` if it has none.

        Raises:
            HandLogError: the head file is damaged or its signature does not match.
        """
        path = self._path(table)
        if not path.exists() and self._place and self._legacy_path(table).exists():
            path = self._legacy_path(table)
        try:
            data = json.loads(path.read_text())
            head = ChainHead(
                str(data["table"]), int(data["seq"]), str(data["hash"]), str(data["hand"])
            )
            mac = str(data["mac"])
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError):
            raise HandLogError(f"signed chain head {path} is damaged") from None
        if head.table != table or not signature_matches(self._key, head.message(self._log_id), mac):
            raise HandLogError(f"signed chain head {path} does not match its signature")
        return head
