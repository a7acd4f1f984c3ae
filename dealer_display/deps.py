"""Request dependencies: the running table and who is asking.

Reading the state is open to pages on this computer (loopback); from anywhere else it needs
the dealer's token. Changing anything needs the dealer's token (``X-Dealer-Token``), and the
pit-boss actions need the pit boss's PIN (``X-Pit-Boss-Pin``). Secrets are compared in
constant time; a missing one is 401, a wrong one 403, each with a reason a person can read.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, HTTPException, Request, WebSocket

from dealer_display.settings import DisplaySettings
from dealer_display.table import DisplayTable

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


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


def require_dealer(settings: SettingsDep, x_dealer_token: Annotated[str | None, Header()] = None) -> Actor:
    if not x_dealer_token:
        raise HTTPException(401, "the dealer token is missing (header X-Dealer-Token)")
    if not _matches(x_dealer_token, settings.dealer_token):
        raise HTTPException(403, "the dealer token is wrong")
    return Actor("dealer", settings.dealer_name)


def require_pit_boss(settings: SettingsDep, x_pit_boss_pin: Annotated[str | None, Header()] = None) -> Actor:
    if not x_pit_boss_pin:
        raise HTTPException(401, "this is a pit-boss action: enter the pit-boss PIN")
    if not _matches(x_pit_boss_pin, settings.pit_boss_pin):
        raise HTTPException(403, "the pit-boss PIN is wrong")
    return Actor("pit_boss", settings.pit_boss_name)


def websocket_may_read(websocket: WebSocket, settings: DisplaySettings) -> bool:
    host = websocket.client.host if websocket.client else None
    return is_loopback(host) or _matches(websocket.query_params.get("token"), settings.dealer_token)


DealerDep = Annotated[Actor, Depends(require_dealer)]
PitBossDep = Annotated[Actor, Depends(require_pit_boss)]
