"""A card the game deals face down reaches no screen but the dealer's console, in every game.

Each game plays a round from a simulated shoe through the API, one step at a time; after every
step the watching page's WebSocket message and the unauthenticated ``/api/state`` are read, and
the card just dealt face down (blackjack's hole card, a burn card, Vingt-un's cards, Farmer's
first card) must appear in neither: not as the last card, not anywhere else it was not already.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dealer_display.app import create_app
from dealer_display.table import FACE_DOWN_HELD
from table_controller import autopilot
from table_controller.events import NEW_DECK, RESHUFFLE, CardArrived, Control, Decision, Wager
from table_controller.games import game_ids, make_game
from table_controller.runtime import TableSession
from tests.dealer_display.conftest import DEALER, LOOPBACK_CLIENT, PIT_BOSS
from tests.dealer_display.live import display_settings

PIT_BOSS_CONTROLS = ("void_hand", "accept_card", "burn_card", "close_game")
MOST_STEPS = 400


def mentions(text: str, code: str) -> int:
    return len(re.findall(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])", text))


def public_text(message: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in message.items() if k not in ("sent_at", "version")})


class Round:
    """One game's round driven through the API, with a watching page's WebSocket open."""

    def __init__(self, client: TestClient, session: TableSession, ws: Any) -> None:
        self.client, self.session, self.ws = client, session, ws
        self.last_pushed = ws.receive_json()

    def console(self) -> dict[str, Any]:
        return self.client.get("/api/state", headers=DEALER).json()  # type: ignore[no-any-return]

    def public(self, version: int) -> tuple[dict[str, Any], dict[str, Any]]:
        """The unauthenticated /api/state and the WebSocket push, both at ``version`` or later."""
        while self.last_pushed["version"] < version:
            self.last_pushed = self.ws.receive_json()
        return self.client.get("/api/state").json(), self.last_pushed

    def step(self) -> bool:
        """One play (a bet, a decision, a control, a card); False once the round is over."""
        session, game = self.session, self.session.game
        exp = session.expected()
        if exp.hand_over:
            return False
        event = autopilot.next_event(game, session.state)
        if (
            event is None
            and exp.deal is None
            and (NEW_DECK in exp.controls or RESHUFFLE in exp.controls)
        ):
            event = Control(NEW_DECK if NEW_DECK in exp.controls else RESHUFFLE)
        if event is not None:
            answer = self.send(event)  # applied by the time it answers
            assert answer.status_code == 200, answer.text
            return True
        assert exp.deal is not None, (
            f"{game.game_id}: held for a person: {session.prompts().dealer_instruction}"
        )
        before = self.console()["card"]
        answer = self.client.post("/api/deal", headers=DEALER)
        assert answer.status_code == 200, answer.text
        deadline = time.monotonic() + 60
        while self.console()["card"] == before:  # the card comes through the feed's thread
            assert time.monotonic() < deadline, "the card never reached the table"
            time.sleep(0.005)
        return True

    def send(self, event: Any) -> Any:
        if isinstance(event, Decision):
            body = {
                "seat": event.seat,
                "action": event.action,
                **({} if event.amount is None else {"amount": event.amount}),
            }
            return self.client.post("/api/decision", json=body, headers=DEALER)
        if isinstance(event, Wager):
            return self.client.post(
                "/api/wager",
                json={"seat": event.seat, "bet": event.bet, "amount": event.amount},
                headers=DEALER,
            )
        if isinstance(
            event, CardArrived
        ):  # Luck of the Draw's board, laid by the autopilot as a dealer would
            table = self.client.app.state.table  # type: ignore[attr-defined]
            self.client.portal.call(lambda: table.submit(event, source="autopilot"))  # type: ignore[union-attr]
            return self.client.get("/api/state")
        assert isinstance(event, Control), event
        if event.control in PIT_BOSS_CONTROLS:
            return self.client.post(f"/api/pit-boss/{event.control}", headers=PIT_BOSS)
        return self.client.post("/api/control", json={"control": event.control}, headers=DEALER)


def play_and_watch(game_id: str, seed: int) -> list[str]:
    """Play one round of ``game_id``; returns each face-down card dealt, after checking it."""
    game = make_game(game_id)
    options = "".join(f"&{key}={value}" for key, value in game.shoe.sim_options().items())
    shoe = f"sim://?seed={seed}{options}"
    settings = display_settings(shoe, game=game_id)
    session = TableSession(game, source_url=settings.cards_url)
    face_down: list[str] = []
    with (
        TestClient(
            create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
        ) as client,
        client.websocket_connect("ws://127.0.0.1/ws") as ws,
    ):
        table = Round(client, session, ws)
        seen_before = public_text(table.last_pushed)
        for _ in range(MOST_STEPS):
            if not table.step():
                return face_down
            console = table.console()
            state, pushed = table.public(console["version"])
            card = console["card"]
            if card is not None and card["face_down"] and card["code"] not in face_down:
                code = card["code"]
                face_down.append(code)
                for view in (state, pushed):
                    assert view["card"] is None or view["card"]["code"] is None, (
                        f"{game_id}: {code} named"
                    )
                    assert mentions(public_text(view), code) <= mentions(seen_before, code), (
                        f"{game_id}: the face-down {code} reached a watching page"
                    )
            seen_before = public_text(pushed)
    raise AssertionError(f"{game_id}: the round did not end in {MOST_STEPS} plays")


@pytest.mark.parametrize("game_id", game_ids())
def test_no_watching_page_receives_a_card_dealt_face_down(game_id: str) -> None:
    face_down = play_and_watch(game_id, seed=7)
    if game_id in ("blackjack", "vingt-un", "farmer", "red-dog"):
        assert face_down, f"{game_id} dealt no card face down"


def test_the_blackjack_hole_card_is_the_consoles_alone() -> None:
    settings = display_settings("sim://?seed=7", game="blackjack")
    session = TableSession(make_game("blackjack"), source_url=settings.cards_url)
    with (
        TestClient(
            create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
        ) as client,
        client.websocket_connect("ws://127.0.0.1/ws") as ws,
    ):
        table = Round(client, session, ws)
        while not (session.expected().deal and session.expected().deal.spot == "dealer/hole"):
            assert table.step()
        assert table.console()["state"]["expected"]["deal"]["face_down"] is True
        table.step()
        console = table.console()
        hole = console["card"]["code"]
        assert len(hole) >= 2 and console["card"].get("face_down") is True
        for view in table.public(console["version"]):
            assert view["card"]["code"] is None and view["card"]["seq"] == console["card"]["seq"]
            assert hole not in json.dumps(view["state"]["prompts"])


def test_a_face_down_card_held_as_irregular_is_not_named_to_the_public() -> None:
    """Farmer from a full 52-card shoe: its first face-down card (seed 7) is a stripped 6,
    held for the pit boss; the console names it, a watching page says "a card"."""
    settings = display_settings("sim://?seed=7", game="farmer")
    session = TableSession(make_game("farmer"), source_url=settings.cards_url)
    with (
        TestClient(
            create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
        ) as client,
        client.websocket_connect("ws://127.0.0.1/ws") as ws,
    ):
        table = Round(client, session, ws)
        while session.prompts().irregularity is None:
            assert table.step()
        console = table.console()
        code = console["card"]["code"]
        assert (
            console["card"]["face_down"]
            and code in console["state"]["prompts"]["irregularity"]["cards"]
        )
        for view in table.public(console["version"]):
            assert mentions(public_text(view), code) == 0
            assert "diamonds" not in public_text(view)
            assert view["state"]["prompts"]["irregularity"]["reason"] == FACE_DOWN_HELD
