"""Helpers for the server tests: an app on a SQLite file, tables, WebSocket clients."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.core.record import Record
from tabletop.games.megalomania.cards import texts
from tabletop.server import Settings, create_app

CARD = re.compile(r"^(?:return=)?([FAXDWKOE][bryu])!?$")


class Clock:
    """A clock the test moves by hand (sessions, limits and table clocks read it; nothing sleeps)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def running(db_url: str, **settings: Any) -> Iterator[TestClient]:
    """The app on ``db_url``, started (lifespan run) and stopped around the block.  Its scripted
    clients play at machine speed, far beyond a person's message rate: no limit on it here unless
    a test sets one (test_limits.py does)."""
    settings.setdefault("socket_messages", 0)
    app = create_app(db_url, Settings(**settings))
    with TestClient(app) as client:
        yield client


def create(client: TestClient, seats: list[str], players: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "megalomania", "seats": seats}
    body["options"] = {"players": players or len(seats)}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def token_of(created: dict[str, Any], seat: int) -> str:
    url = created["links"]["seats"][seat]["url"]
    return str(url.split("#token=", 1)[1])


def join(ws: WebSocketTestSession, token: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "join"}
    if token:
        message["token"] = token
    ws.send_text(json.dumps(message))
    return receive(ws, "welcome")


def receive(ws: WebSocketTestSession, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next message of type ``kind``, skipping (and recording) others such as seat news."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if seen is not None:
            seen.append(message)
        if message["type"] == kind:
            return message
        assert message["type"] in ("seats", "rematch"), message


def act(ws: WebSocketTestSession, action: str, step: int | None = None) -> None:
    message: dict[str, Any] = {"type": "action", "action": action}
    if step is not None:
        message["step"] = step
    ws.send_text(json.dumps(message))


def pick(view: dict[str, Any], rng: random.Random) -> str:
    return str(rng.choice(view["legal"]))


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def cards_in(message: Any) -> set[str]:
    return {m.group(1) for s in strings(message) if (m := CARD.match(s))}


def states_by_step(record: Record) -> list[Any]:
    """The true state after each step (0: the set-up), cloned."""
    state = record.initial_state()
    states = [state.clone()]
    for _, _, after, _ in record.steps():
        states.append(after.clone())
    return states


def hidden_from(state: Any, seat: int | None) -> set[str]:
    """Cards in other seats' hands that ``seat`` may not know.

    Public: face-up table cards (``open``) and an Explorer's find (``known``); private to a
    seat: what it was told of others' hands (``told``, e.g. cards it passed).
    """
    found: set[str] = set()
    told = getattr(state, "told", None)
    for other in range(state.n):
        if other == seat:
            continue
        mask = state.hands[other] & ~state.known[other] & ~getattr(state, "open", [0] * state.n)[other]
        if seat is not None and told is not None:
            mask &= ~told[seat][other]
        found |= set(texts(mask))
    return found
