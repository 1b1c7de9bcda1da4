"""Helpers for the server tests: an app on a SQLite file, tables, WebSocket clients."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.core.record import Record
from tabletop.games.megalomania.cards import texts
from tabletop.server import Settings, create_app

CARD = re.compile(r"^(?:return=)?([FAXDWKOE][bryu])!?$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve_process(db_url: str, port: int, log: Path, *options: str) -> Iterator[subprocess.Popen[bytes]]:
    """`tabletop serve` in its own process group, as a person would run it from a terminal (bots
    in threads, no message limit for the scripted players, unless ``options`` say otherwise; its
    output in ``log``); once it answers.  Killed at the end if still running."""
    command = [sys.executable, "-c", "from tabletop.cli import main; main()", "serve", "--port", str(port)]
    command += ["--db", db_url, "--bot-delay", "0", "--bot-workers", "thread", "--socket-messages", "0"]
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [*command, *options], stdout=subprocess.DEVNULL, stderr=sink, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {log.read_text()}") from None
                time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


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
