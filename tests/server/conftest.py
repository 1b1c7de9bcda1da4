from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from tabletop.server import ws_schema
from tabletop.server.messages import BadMessage, _read


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tabletop.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def each_db_url(request: pytest.FixtureRequest) -> str:
    """The test once on a SQLite file and once on a fresh PostgreSQL database (skipped without one)."""
    return str(request.getfixturevalue("db_url" if request.param == "sqlite" else "pg_url"))


def schema_problem(text: str, side: str) -> str | None:
    """What the WebSocket schema refuses in a message a test sent (``client``: one the server's
    checks take; a bad one is the test's point) or received (``server``); None: nothing."""
    try:
        data = json.loads(text)
    except ValueError:
        return None if side == "client" else "not JSON"
    if not isinstance(data, dict):
        return None if side == "client" else "not an object"
    if side == "server":
        return ws_schema.refusal(data, ws_schema.SERVER_CHECKS)
    try:
        _read(data)
    except BadMessage:
        return None
    return ws_schema.refusal(data)


@pytest.fixture(autouse=True)
def messages_follow_the_schema(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every message the server's tests send over a table's WebSocket, and that its checks take,
    follows the published schema's ``#/$defs/client``; every message they receive its
    ``#/$defs/server`` (issue 32, ws_schema.py)."""
    sent, received = WebSocketTestSession.send_text, WebSocketTestSession.receive_text

    def send_text(self: WebSocketTestSession, data: str) -> None:
        problem = schema_problem(data, "client")
        assert problem is None, f"a test sent {data[:300]!r}, which the schema refuses: {problem}"
        sent(self, data)

    def receive_text(self: WebSocketTestSession) -> Any:
        text = received(self)
        problem = schema_problem(text, "server")
        assert problem is None, f"the server sent {text[:300]!r}, which the schema refuses: {problem}"
        return text

    monkeypatch.setattr(WebSocketTestSession, "send_text", send_text)
    monkeypatch.setattr(WebSocketTestSession, "receive_text", receive_text)
    yield
