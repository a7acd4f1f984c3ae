"""The gate every request passes before any route: the table's own host names and origins only,
bounded bodies, and the dealer's token checked before a body is read.

- **Host.** A page on another site can make a browser send requests to ``127.0.0.1`` under its
  own name (DNS rebinding), so a request whose ``Host`` is not one of the table's names is
  answered 400 before anything else happens. The names are this computer's loopback names, the
  address the display is bound to, and any ``--allowed-host`` (a floor screen elsewhere).
- **Origin.** A request or WebSocket that a browser sends from a page of another origin (scheme,
  host name and port, as the request itself was made to) is refused (403; a WebSocket is closed
  with 1008 before it receives anything).
- **Body.** A body longer than ``max_body`` bytes is refused with 413 without being read
  further, whether or not it declares its length.
- **Token first.** A ``POST`` to ``/api/`` needs the dealer's token; a missing or wrong one is
  401/403 before the body is read, so an unauthenticated client cannot make the server parse.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from dealer_display.pin_guard import TokenGuards

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Record = Callable[[str, dict[str, Any]], None]  # an access record for the hand log
Refusal = tuple[int, str] | tuple[int, str, int]  # status, reason (, Retry-After seconds)

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
# what the gate may answer on any route, for the OpenAPI description
GATE_ANSWERS: dict[int | str, dict[str, Any]] = {
    400: {"description": "the Host is not one of the table's own names"},
    403: {"description": "a request from a page of another site, or a wrong dealer token"},
    413: {"description": "the request body is too large"},
}
DEFAULT_MAX_BODY = 16 * 1024
POLICY_VIOLATION = 1008


def table_hosts(bound_host: str, allowed: Iterable[str] = ()) -> frozenset[str]:
    """The host names a request may use: loopback, the bound address, and those allowed."""
    names = {*LOOPBACK_NAMES, *(h.strip("[]").lower() for h in allowed)}
    if bound_host not in ("0.0.0.0", "::", ""):
        names.add(bound_host.strip("[]").lower())
    return frozenset(names)


def host_name(value: str) -> str | None:
    """``example:8000`` -> ``example``; ``[::1]:8000`` -> ``::1``; None if malformed."""
    try:
        parts = urlsplit(f"//{value}")
        _ = parts.port  # raises on a malformed port
    except ValueError:
        return None
    return (parts.hostname or "").lower() or None


def origin_of(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """``("http", "127.0.0.1", 8000)`` for ``http`` and ``127.0.0.1:8000``, the default port filled
    in; None if malformed."""
    scheme = scheme.lower()
    try:
        parts = urlsplit(f"//{netloc}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or scheme not in ("http", "https"):
        return None
    default = 443 if scheme == "https" else 80
    return scheme, parts.hostname.lower(), default if port is None else port


def same_origin(origin: str, host: str, scope: Scope) -> bool:
    """Whether a page at ``origin`` is one of this server's own: the same scheme, host name and
    port as the request itself was made to (a page on ``http://localhost:1234`` or
    ``https://127.0.0.1`` is another site, though its host is the table's)."""
    try:
        theirs = urlsplit(origin)
    except ValueError:
        return False
    scheme = str(scope.get("scheme", "http"))
    page_scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)  # a WebSocket's page: http(s)
    mine = origin_of(page_scheme, host)
    return mine is not None and origin_of(theirs.scheme, theirs.netloc) == mine


class Gate:
    def __init__(
        self,
        app: ASGIApp,
        *,
        hosts: frozenset[str],
        token: str | None = None,
        max_body: int = DEFAULT_MAX_BODY,
        guards: TokenGuards | None = None,
        record: Record | None = None,
    ) -> None:
        self.app = app
        self.hosts = hosts
        self.token = token
        self.max_body = max_body
        self.guards = guards if guards is not None else TokenGuards()
        self.record = record or (lambda kind, payload: None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {
            k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])
        }
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await _refuse(scope, receive, send, *refusal)
            return
        if scope["type"] == "http" and scope["method"] in ("POST", "PUT", "PATCH"):
            body = await self._read_body(receive, headers)
            if body is None:
                await _refuse(
                    scope, receive, send, 413, f"the request body is over {self.max_body} bytes"
                )
                return
            receive = _replay(body)
        await self.app(scope, receive, send)

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> Refusal | None:
        if host_name(headers.get("host", "")) not in self.hosts:
            return 400, "this table answers only to its own host names (see --allowed-host)"
        origin = headers.get("origin")
        host = headers.get("host", "")
        if origin is not None and origin != "null" and not same_origin(origin, host, scope):
            return 403, "requests from pages of other sites are refused"
        if origin == "null" and scope["type"] == "websocket":
            return 403, "requests from pages of other sites are refused"
        if self.token is not None:
            http = scope["type"] == "http"
            given = headers.get("x-dealer-token") if http else _query_token(scope)
            if given:
                refusal = self._check_token(scope, headers, given)
                if refusal is not None:
                    return refusal
            elif http and scope["method"] == "POST" and scope["path"].startswith("/api/"):
                return 401, "the dealer token is missing (header X-Dealer-Token)"
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return 413, f"the request body is over {self.max_body} bytes"
        return None

    def _check_token(self, scope: Scope, headers: dict[str, str], given: str) -> Refusal | None:
        """A dealer token, wherever it is given, through the client address's guard: a wrong one
        is slowed and logged as a wrong PIN is (dealer_display.pin_guard)."""
        assert self.token is not None
        address = (scope.get("client") or ("unknown", 0))[0]
        name = headers.get("x-console-name", "")[:40]
        console = f"{address} ({name})" if name and name.isprintable() else address
        guard = self.guards.of(address)
        if guard.known_wrong(given):  # the same wrong token again: a stale page, not a new guess
            return 403, "the dealer token is wrong (an old one? open the console's new address)"
        admitted, wait = guard.admit(console)
        if not admitted:
            guard.summarise_at_wait_end(
                wait,
                lambda summary: self.record(
                    "lockout_lifted",
                    {"reason": "the wait ended", "action": "dealer token", **summary},
                ),
            )
            why = f"too many wrong dealer tokens: try again in {wait:.0f} seconds"
            return 429, why, max(1, round(wait))
        summary = guard.lift()
        if summary is not None:
            self.record(
                "lockout_lifted",
                {
                    "reason": "the wait ended",
                    "action": "dealer token",
                    "console": console,
                    **summary,
                },
            )
        if secrets.compare_digest(given.encode("latin-1"), self.token.encode()):
            if guard.succeeded():
                self.record("lockout_lifted", {"by": "dealer token", "console": console})
            return None
        guard.remember_wrong(given)
        self.record(
            "access_refused",
            {
                "action": "dealer token",
                "console": console,
                "staff": None,
                "reason": "wrong dealer token",
            },
        )
        if wait > 0:
            self.record(
                "lockout", {"failures": guard.failures, "wait_seconds": wait, "console": console}
            )
        return 403, "the dealer token is wrong" + (f"; next try in {wait:.0f} seconds" * bool(wait))

    async def _read_body(self, receive: Receive, headers: dict[str, str]) -> bytes | None:
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks)
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _query_token(scope: Scope) -> str | None:
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
    return values[0] if values else None


def _replay(body: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


async def _refuse(
    scope: Scope,
    receive: Receive,
    send: Send,
    status: int,
    reason: str,
    retry_after: int | None = None,
) -> None:
    if scope["type"] == "websocket":
        message = await receive()
        if message["type"] == "websocket.connect":
            await send(
                {"type": "websocket.close", "code": POLICY_VIOLATION, "reason": reason[:120]}
            )
        return
    body = json.dumps({"detail": reason}).encode()
    wait = [(b"retry-after", str(retry_after).encode())] if retry_after else []
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
                *wait,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
