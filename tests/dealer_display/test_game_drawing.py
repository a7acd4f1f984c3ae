"""A game's own drawing lives in its package and is served from there; the shell's page names no
game. ``/games/<game id>/<file>`` serves what the game's record declares (``GameRecord.display``),
the state says where the page loads it, and a face-down card on a declared spot reaches only the
dealer's console."""

from __future__ import annotations

import re
from pathlib import Path

from dealer_display.table import spot_contents
from table_controller.contract import SpotContent
from table_controller.games import records
from tests.dealer_display.conftest import DEALER

STATIC = Path(__file__).resolve().parents[2] / "dealer_display" / "static"
SHELL_PAGE = ("render.js", "console.js", "display.js", "spots.js", "index.html")


def test_the_state_says_where_the_game_s_own_drawing_is_and_the_page_gets_it(client):
    display = client.get("/api/state").json()["state"]["game"]["display"]
    assert display == {
        "module": "/games/missouri-city/backhand.js",
        "styles": ["/games/missouri-city/backhand.css"],
    }
    style = client.get(display["styles"][0])
    assert style.status_code == 200 and ".card.backhand" in style.text
    module = client.get(display["module"])
    assert module.status_code == 200
    assert module.headers["content-type"].startswith("text/javascript")
    assert "export function drawLayout" in module.text


def test_only_a_declared_game_s_own_files_are_served(client):
    for path in (
        "/games/nope/backhand.js",
        "/games/missouri-city/record.py",
        "/games/missouri-city/..%2Frecord.py",
        "/games/missouri-city/.hidden",
        "/games/luck-of-the-draw/red-dog.js",
    ):
        answer = client.get(path, headers=DEALER)
        assert answer.status_code == 404, path
        assert "no file" in answer.json()["detail"] or answer.json()["detail"] == "Not Found"


def test_every_declared_drawing_is_there():
    for game_id, record in records().items():
        if record.display is not None:
            for name in (record.display.module, *record.display.styles):
                assert (record.display.folder / name).is_file(), (game_id, name)


def test_each_game_s_keys_are_single_letters_for_its_own_plays_one_play_a_key():
    for game_id, record in records().items():
        keys = record.keys()
        assert all(re.fullmatch("[A-Z]", key) for key in keys.values()), game_id
        assert len(set(keys.values())) == len(keys), game_id
        plays = set(record.build().actions)
        assert set(keys) <= plays | {"stand_pat"}, game_id  # a variant may lack a play


def test_a_face_down_card_on_a_spot_is_a_back_on_the_public_page():
    on = {
        "seat1/card": SpotContent(("QS", "4H"), (False, True)),
        "seat1/bet": SpotContent(amount=500),
    }
    assert spot_contents(on, console=False) == {
        "seat1/card": {"cards": ["QS", None], "down": [False, True], "amount": 0},
        "seat1/bet": {"cards": [], "down": [], "amount": 500},
    }
    assert spot_contents(on, console=True)["seat1/card"]["cards"] == ["QS", "4H"]


def test_the_shell_s_page_names_no_game():
    names = set()
    for game_id, record in records().items():
        names |= {game_id, game_id.replace("-", " "), record.title.split(" \u00b7 ")[0]}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names)), re.IGNORECASE)
    found = {
        name: pattern.findall((STATIC / name).read_text(encoding="utf-8")) for name in SHELL_PAGE
    }
    assert {name: hits for name, hits in found.items() if hits} == {}
