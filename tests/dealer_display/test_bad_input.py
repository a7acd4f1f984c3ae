"""Bodies JSON cannot carry back, and pages of another origin on the same host: plain refusals,
never a 500 with a traceback, never the table's own."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.dealer_display.conftest import PIT_BOSS


@pytest.mark.parametrize("body", [b'{"control": NaN}', b'{"control": Infinity}', b'{"control": 1e999999}',
                                  b'{"control": "\\ud800"}', b'{"\\ud800": 1}', b'{"seat": "\\udfff", "action": "hit"}'])
@pytest.mark.parametrize("path", ["/api/control", "/api/pit-boss", "/api/decision"])
def test_numbers_and_strings_json_cannot_carry_are_a_plain_422(client: TestClient, path: str, body: bytes):
    answer = client.post(path, content=body, headers={**PIT_BOSS, "Content-Type": "application/json"})
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert detail and all(isinstance(d["msg"], str) and d["msg"] for d in detail)
    assert all(set(d) == {"loc", "msg", "type"} for d in detail)  # the input is not echoed
