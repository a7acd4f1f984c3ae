"""Request dependencies: the running table and who is asking.

Reading the state is open to pages on this computer (loopback); from anywhere else it needs
the dealer's token. Changing anything needs the dealer's token (``X-Dealer-Token``), and the
pit-boss actions need the pit boss's PIN (``X-Pit-Boss-Pin``). Secrets are compared in
constant time; a missing one is 401, a wrong one 403, each with a reason a person can read.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Header, HTTPException, Request, WebSocket

from dealer_display.pin_guard import PinGuard
from dealer_display.settings import DisplaySettings
from dealer_display.table import DisplayTable

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
T = TypeVar("T")


@dataclass(frozen=True)
class Actor:
    """Who did something, as the hand log records it: ``by`` names them, ``source`` says where."""

    role: str  # dealer | pit_boss
    name: str

    @property
    def source(self) -> str:
        return f"console:{self.role}"


def get_table(request: Request) -> DisplayTable:
    table: DisplayTable | None = getattr(request.app.state, "table", None)
    if table is None:
        raise HTTPException(503, "the table is not running")
    return table


def get_settings(request: Request) -> DisplaySettings:
    return request.app.state.settings  # type: ignore[no-any-return]


TableDep = Annotated[DisplayTable, Depends(get_table)]
SettingsDep = Annotated[DisplaySettings, Depends(get_settings)]


def _matches(given: str | None, secret: str) -> bool:
    return given is not None and secrets.compare_digest(given.encode(), secret.encode())


def is_loopback(host: str | None) -> bool:
    return host in LOOPBACK


def require_reader(
    request: Request, settings: SettingsDep, x_dealer_token: Annotated[str | None, Header()] = None
) -> None:
    host = request.client.host if request.client else None
    if not is_loopback(host) and not _matches(x_dealer_token, settings.dealer_token):
        raise HTTPException(401, "reading the table from another computer needs the dealer token")


def require_dealer(
    request: Request, settings: SettingsDep, x_dealer_token: Annotated[str | None, Header()] = None
) -> Actor:
    """The dealer's console; the dealer on duty by name once one has signed in with their PIN."""
    if not x_dealer_token:
        raise HTTPException(401, "the dealer token is missing (header X-Dealer-Token)")
    if not _matches(x_dealer_token, settings.dealer_token):
        raise HTTPException(403, "the dealer token is wrong")
    table: DisplayTable | None = getattr(request.app.state, "table", None)
    on_duty = table.session.dealer if table is not None else settings.dealer_name
    return Actor("dealer", on_duty)


async def guarded_pin(
    request: Request, staff_id: str | None, check: Callable[[], T | None], wrong: str
) -> T:
    """What ``check()`` finds for a PIN (a staff member, an actor), through the table's
    :class:`PinGuard`: inside a wait the try is refused (429) unlooked and only counted; else it
    is counted before the slow hash, hashed on a worker thread one at a time, and a wrong one is
    logged (403). The tries a wait refused are logged once, in one summary, when it is over."""
    guard: PinGuard = request.app.state.pin_guard
    console = console_of(request)
    admitted, wait = guard.admit(console)
    if not admitted:
        locked = f"locked: {guard.failures} wrong PINs in a row"
        guard.last_failure = {**_refusal(request, staff_id, locked), "at": time.time()}
        guard.summarise_at_wait_end(
            wait,
            lambda summary: _record(
                request, "lockout_lifted", {"reason": "the wait ended", **summary}
            ),
        )
        raise HTTPException(
            429,
            f"too many wrong PINs: try again in {wait:.0f} seconds",
            headers={"Retry-After": str(max(1, round(wait)))},
        )
    brought, failures = wait, guard.failures  # now: tries admitted with this one change them
    summary = guard.lift()
    if summary is not None:
        _record(
            request, "lockout_lifted", {"reason": "the wait ended", "console": console, **summary}
        )
    found = await guard.one_at_a_time(check)
    if found is None:
        wait = brought
        _refuse(request, staff_id, "wrong PIN")
        if wait > 0:
            _record(
                request, "lockout", {"failures": failures, "wait_seconds": wait, "console": console}
            )
        raise HTTPException(403, wrong + (f"; next try in {wait:.0f} seconds" if wait else ""))
    return found


async def check_staff_pin(
    request: Request, pin: str | None, role: str, staff_id: str | None = None
) -> Any:
    """The staff member of ``role`` whose PIN this is, through the same guard and log as the
    pit-boss PIN; raises 401/403/429 otherwise."""
    settings: DisplaySettings = request.app.state.settings
    if not pin:
        raise HTTPException(401, f"enter your {role.replace('_', ' ')} PIN")
    staff = settings.staff
    member = await guarded_pin(
        request,
        staff_id,
        lambda: None if staff is None else staff.find(pin, role, staff_id),
        "that PIN is not on the staff list",
    )
    _lifted(request, member.title)
    return member


async def require_pit_boss(
    request: Request,
    settings: SettingsDep,
    _dealer: Annotated[Actor, Depends(require_dealer)],
    x_pit_boss_pin: Annotated[str | None, Header()] = None,
    x_staff_id: Annotated[str | None, Header(max_length=32)] = None,
) -> Actor:
    """A pit boss, by their own PIN (named staff) or the table's shared one. Only from the
    dealer's console (its token), and only as fast as :class:`PinGuard` lets PINs be tried;
    every refusal is logged with the console it came from."""
    pin = x_pit_boss_pin
    if not pin:
        raise HTTPException(401, "this is a pit-boss action: enter the pit-boss PIN")

    def pit_boss() -> Actor | None:
        staff = settings.staff
        member = None if staff is None else staff.find(pin, "pit_boss", x_staff_id)
        if member is not None:
            return Actor("pit_boss", member.title)
        if x_staff_id is None and settings.pit_boss_pin and _matches(pin, settings.pit_boss_pin):
            return Actor("pit_boss", settings.pit_boss_name)
        return None

    actor = await guarded_pin(request, x_staff_id, pit_boss, "the pit-boss PIN is wrong")
    _lifted(request, actor.name)
    return actor


def _lifted(request: Request, by: str) -> None:
    if request.app.state.pin_guard.succeeded():
        _record(request, "lockout_lifted", {"by": by, "console": console_of(request)})


def console_of(request: Request) -> str:
    """Which console asked: its address and, if it sends one, its name (X-Console-Name)."""
    host = request.client.host if request.client else "unknown"
    name = request.headers.get("x-console-name", "")[:40]
    return f"{host} ({name})" if name.isprintable() and name else host


def _refusal(request: Request, staff_id: str | None, reason: str) -> dict[str, Any]:
    signing_in = request.url.path.endswith("/sign-in")
    action = request.path_params.get("control") or ("sign in" if signing_in else "pit-boss action")
    return {"action": action, "console": console_of(request), "staff": staff_id, "reason": reason}


def _refuse(request: Request, staff_id: str | None, reason: str) -> None:
    """A wrong PIN that was looked at: shown on the display and logged."""
    payload = _refusal(request, staff_id, reason)
    request.app.state.pin_guard.last_failure = {**payload, "at": time.time()}
    _record(request, "access_refused", payload)


def _record(request: Request, kind: str, payload: dict[str, object]) -> None:
    table: DisplayTable | None = getattr(request.app.state, "table", None)
    if table is not None:
        table.session.record_access(kind, payload, source="console:pit_boss")


def websocket_may_read(websocket: WebSocket, settings: DisplaySettings) -> bool:
    host = websocket.client.host if websocket.client else None
    return is_loopback(host) or _matches(websocket.query_params.get("token"), settings.dealer_token)


def websocket_is_console(websocket: WebSocket, settings: DisplaySettings) -> bool:
    """The dealer's console (it sends the token) sees every card; any other page the public view."""
    return _matches(websocket.query_params.get("token"), settings.dealer_token)


def request_is_console(request: Request, settings: DisplaySettings) -> bool:
    return _matches(request.headers.get("x-dealer-token"), settings.dealer_token)


DealerDep = Annotated[Actor, Depends(require_dealer)]
PitBossDep = Annotated[Actor, Depends(require_pit_boss)]
