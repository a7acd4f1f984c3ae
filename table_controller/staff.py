"""The table's staff: dealers and pit bosses, each with a PIN stored only as a slow salted hash.

A casino attributes every action to a person, so a staff file lets the hand log say "pit boss
J. Ortiz" rather than "pit boss". The file holds names, roles and scrypt hashes, never PINs::

    {"format": "table-staff/1",
     "staff": [{"id": "jortiz", "name": "J. Ortiz", "role": "pit_boss", "pin": "scrypt$16384$8$1$<salt>$<hash>"}]}

A PIN is what a console's keypad types: ASCII digits only, 4 to 12 of them (``١٢٣٤`` would pass
``str.isdigit`` yet could never be typed, so it is refused).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table_controller.errors import ConfigError

FORMAT = "table-staff/1"
ROLES = ("dealer", "pit_boss", "surveillance")  # surveillance: watches the floor, resolves nothing
ROLE_WORDS = {"dealer": "dealer", "pit_boss": "pit boss", "surveillance": "surveillance"}
PIN_LENGTHS = (4, 12)
_PIN = re.compile(r"[0-9]{4,12}", re.ASCII)
_ID = re.compile(r"[a-z][a-z0-9_.-]{0,31}", re.ASCII)
# scrypt at n=2**14, r=8: about 16 MiB and tens of milliseconds a try, on purpose
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1


def check_pin(pin: str, *, what: str = "a PIN") -> str:
    """``pin`` if it is 4 to 12 ASCII digits; else :class:`ConfigError` saying so."""
    if not isinstance(pin, str) or not _PIN.fullmatch(pin):
        raise ConfigError(f"{what} must be 4 to 12 digits 0-9, as the console's keypad types them")
    return pin


def hash_pin(pin: str, *, salt: bytes | None = None, n: int = SCRYPT_N) -> str:
    """The stored form of ``pin``: scrypt with a fresh 16-byte salt."""
    check_pin(pin)
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=n, r=SCRYPT_R, p=SCRYPT_P, dklen=32)
    return f"scrypt${n}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def pin_matches(pin: str, stored: str) -> bool:
    """Whether ``pin`` is the PIN ``stored`` was made from (constant-time compare)."""
    if not isinstance(pin, str) or not _PIN.fullmatch(pin):
        return False
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        want = base64.b64decode(digest, validate=True)
        got = hashlib.scrypt(
            pin.encode(),
            salt=base64.b64decode(salt, validate=True),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(want),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, want)


@functools.cache
def _stand_in() -> str:
    """A hash no PIN is checked against for real, made once, with the same cost as a member's."""
    return hash_pin("0000", salt=secrets.token_bytes(16))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


@dataclass(frozen=True)
class StaffMember:
    id: str
    name: str
    role: str  # dealer | pit_boss | surveillance
    pin_hash: str

    @property
    def title(self) -> str:
        """How the hand log names them: "pit boss J. Ortiz"."""
        return f"{ROLE_WORDS[self.role]} {self.name}"

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "role": self.role, "pin": self.pin_hash}


@dataclass(frozen=True)
class Staff:
    members: tuple[StaffMember, ...] = ()

    def with_role(self, role: str) -> tuple[StaffMember, ...]:
        return tuple(m for m in self.members if m.role == role)

    def find(self, pin: str, role: str, staff_id: str | None = None) -> StaffMember | None:
        """The member of ``role`` whose PIN this is (only ``staff_id`` when given), else None.

        Every candidate's hash is computed, so the time taken does not say which one matched; with
        no candidate (an unknown ``staff_id``, or one of another role) a stand-in hash is, so it
        does not say whether a staff id exists either."""
        found, hashed = None, False
        for member in self.with_role(role):
            if staff_id is not None and member.id != staff_id:
                continue
            hashed = True
            if pin_matches(pin, member.pin_hash) and found is None:
                found = member
        if not hashed:
            pin_matches(pin, _stand_in())
        return found

    def added(self, staff_id: str, name: str, role: str, pin: str) -> Staff:
        check_member(staff_id, name, role)
        if any(m.id == staff_id for m in self.members):
            raise ConfigError(f"staff id {staff_id!r} is taken: remove it first, or choose another")
        if self.find(pin, role) is not None:
            raise ConfigError(f"another {ROLE_WORDS[role]} has that PIN: choose another")
        return Staff((*self.members, StaffMember(staff_id, name, role, hash_pin(pin))))

    def removed(self, staff_id: str) -> Staff:
        if not any(m.id == staff_id for m in self.members):
            raise ConfigError(f"no staff member {staff_id!r}")
        return Staff(tuple(m for m in self.members if m.id != staff_id))

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "staff": [m.to_dict() for m in self.members]}


def check_member(staff_id: str, name: str, role: str) -> None:
    if not _ID.fullmatch(staff_id):
        raise ConfigError(
            f"a staff id is 1-32 lower-case letters, digits, '.', '_' or '-', starting with a letter (got {staff_id!r})"
        )
    if not name.strip() or len(name) > 60 or not name.isprintable():
        raise ConfigError(f"a staff name is 1-60 printable characters (got {name!r})")
    if role not in ROLES:
        raise ConfigError(f"a role is dealer or pit_boss (got {role!r})")


def load_staff(path: str | Path) -> Staff:
    """Read a staff file; any fault is one :class:`ConfigError` naming the file."""
    where = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(
            f"{where}: no such staff file (make one with `table staff add {where} ...`)"
        ) from None
    except OSError as exc:
        raise ConfigError(f"{where}: cannot read the staff file ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ConfigError(f"{where}: not a staff file (JSON, format {FORMAT})") from None
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or not isinstance(data.get("staff"), list)
    ):
        raise ConfigError(f"{where}: not a staff file (format {FORMAT})")
    members = []
    for n, item in enumerate(data["staff"], 1):
        if not isinstance(item, dict) or not all(
            isinstance(item.get(k), str) for k in ("id", "name", "role", "pin")
        ):
            raise ConfigError(f"{where}: staff entry {n} needs id, name, role and pin (a hash)")
        check_member(item["id"], item["name"], item["role"])
        if not item["pin"].startswith("scrypt$"):
            raise ConfigError(
                f"{where}: staff entry {n}: the PIN must be stored hashed (use `table staff add`)"
            )
        members.append(StaffMember(item["id"], item["name"], item["role"], item["pin"]))
    return Staff(tuple(members))


def save_staff(path: str | Path, staff: Staff) -> None:
    """Write whole or not at all (a temporary file, then a rename), readable by the owner only."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(staff.to_dict(), out, indent=1)
                out.write("\n")
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
    except OSError as exc:  # a folder that does not exist, or that we may not write in
        raise ConfigError(f"cannot write the staff file {path}: {exc.strerror or exc}") from None
