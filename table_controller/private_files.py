"""Files that hold hands, keys or the chain's heads: owner-only (0600), whatever the umask.

Every card of every hand is in the hand log and in what is exported from it; nobody but the
table's own account (and the auditor it hands them to) should read them. ``open_private``
creates a file 0600 (and makes an existing one so: it is about to hold hands); ``tighten``
takes group and other access off a file an older run left open. Both are for any file that
holds hands: the SQLite log, its heads, witness lines, exports, reports, a spool.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import TextIO, cast

OWNER_ONLY = 0o600


def open_private(
    path: str | Path, mode: str = "w", *, encoding: str = "utf-8", newline: str | None = None
) -> TextIO:
    """Open ``path`` for writing ("w" or "a"), created 0600.

    Raises:
        OSError: the file cannot be created or opened (the caller says why in one line).
    """
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode == "a" else os.O_TRUNC)
    fd = os.open(path, flags, OWNER_ONLY)
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            with contextlib.suppress(PermissionError):  # a file of another owner keeps its mode
                os.fchmod(fd, OWNER_ONLY)
        return cast(TextIO, os.fdopen(fd, mode, encoding=encoding, newline=newline))
    except BaseException:
        os.close(fd)
        raise


def create_private(path: str | Path) -> None:
    """Create ``path`` empty and 0600 if it does not exist (before SQLite opens it: SQLite gives
    its -wal and -shm files the database file's mode)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY))


def tighten(path: str | Path) -> None:
    """Take group and other access off ``path`` if it has any (a file an older run made 0644)."""
    with contextlib.suppress(OSError):
        mode = os.stat(path).st_mode
        if stat.S_ISREG(mode) and mode & 0o077:
            os.chmod(path, stat.S_IMODE(mode) & 0o700)
