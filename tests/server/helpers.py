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
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.core.protocol import Event, State, with_previews
from tabletop.core.record import Record, parse_entry
from tabletop.games.megalomania.cards import texts
from tabletop.server import Settings, create_app
from tabletop.server.prompts import sealed_choice
from tabletop.server.telling import LOG_LENGTH
from tabletop.words import wording

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


def post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` as JSON to a live server's ``url``: its JSON answer."""
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    data: dict[str, Any] = json.load(urllib.request.urlopen(request, timeout=10))
    return data


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
    settings.setdefault("password_time_cost", 1)  # Argon2id at its cheapest: the tests hash hundreds
    settings.setdefault("password_memory_kib", 1024)
    app = create_app(db_url, Settings(**settings))
    with TestClient(app) as client:
        yield client


def create(
    client: TestClient, seats: list[str], players: int | None = None, game: str = "megalomania", **extra: Any
) -> dict[str, Any]:
    """A new table over the lobby API (``extra``: the request's other fields, a clock, rated...)."""
    body: dict[str, Any] = {
        "game": game,
        "seats": seats,
        "options": {"players": players or len(seats)},
        **extra,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


@contextmanager
def other_browser(client: TestClient) -> Iterator[TestClient]:
    """The same client as another browser: its own cookies (none to start with), the first
    browser's back afterwards.  (One server: a second TestClient would start it again.)"""
    saved = dict(client.cookies)
    client.cookies.clear()
    try:
        yield client
    finally:
        client.cookies.clear()
        client.cookies.update(saved)


def token_of(created: dict[str, Any], seat: int) -> str:
    url = created["links"]["seats"][seat]["url"]
    return str(url.split("#token=", 1)[1])


def join(ws: WebSocketTestSession, token: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "join"}
    if token:
        message["token"] = token
    ws.send_text(json.dumps(message))
    return receive(ws, "welcome")


@contextmanager
def connected(client: TestClient, table: str, count: int) -> Iterator[list[WebSocketTestSession]]:
    """``count`` WebSockets to ``table``, closed after the block."""
    with ExitStack() as stack:
        yield [stack.enter_context(client.websocket_connect(f"/ws/tables/{table}")) for _ in range(count)]


@contextmanager
def seated(
    client: TestClient, created: dict[str, Any], seats: Sequence[int | None]
) -> Iterator[list[WebSocketTestSession]]:
    """A WebSocket joined to ``created``'s table for each of ``seats`` (None: a spectator), in order."""
    with connected(client, created["table"]["id"], len(seats)) as sockets:
        for ws, seat in zip(sockets, seats, strict=True):
            join(ws, None if seat is None else token_of(created, seat))
        yield sockets


@contextmanager
def sitting(
    client: TestClient, seats: list[str]
) -> Iterator[tuple[str, str, WebSocketTestSession, dict[str, Any]]]:
    """A new table of ``seats`` with seat 0 joined on a WebSocket for the block: the table's id,
    seat 0's token, its socket and its welcome."""
    created = create(client, seats)
    table, token = created["table"]["id"], token_of(created, 0)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        yield table, token, ws, join(ws, token)


def receive(ws: WebSocketTestSession, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next message of type ``kind``, skipping (and recording) others such as seat news and a
    seat's list of trade offers (an offer made on a turn is in its two players' lists)."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if seen is not None:
            seen.append(message)
        if message["type"] == kind:
            return message
        assert message["type"] in ("seats", "rematch", "offers"), message


def act(ws: WebSocketTestSession, action: str, step: int | None = None) -> None:
    message: dict[str, Any] = {"type": "action", "action": action}
    if step is not None:
        message["step"] = step
    ws.send_text(json.dumps(message))


def pick(view: dict[str, Any], rng: random.Random) -> str:
    return str(rng.choice(view["legal"]))


def play_watched(
    client: TestClient, created: dict[str, Any], rng: random.Random
) -> tuple[dict[int | None, list[dict[str, Any]]], Record]:
    """Every seat of a new table of people (and a spectator, key None) joins; random legal actions
    until the game is over.  Returns every message each key received, and the table's record."""
    table, players = created["table"]["id"], len(created["links"]["seats"])
    received: dict[int | None, list[dict[str, Any]]] = {}
    keys: list[int | None] = [*range(players), None]
    sockets = {key: client.websocket_connect(f"/ws/tables/{table}") for key in keys}
    try:
        views: dict[int | None, dict[str, Any]] = {}
        for key, ws in sockets.items():
            ws.__enter__()
            welcome = join(ws, token_of(created, key) if key is not None else None)
            received[key] = [welcome]
            views[key] = welcome["view"]
        over = False
        while not over:
            mover = next(k for k in keys if k is not None and views[k]["legal"])
            act(sockets[mover], pick(views[mover], rng), step=received[mover][-1]["step"])
            for key, ws in sockets.items():
                update = receive(ws, "update", received[key])
                views[key], over = update["view"], update["over"]
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    return received, Record.from_json(client.get(f"/api/tables/{table}/record").json())


def true_events(record: Record) -> list[tuple[int, Event]]:
    """Every event of a record with the step it came at (0: the set-up)."""
    state = record.initial_state()
    found: list[tuple[int, Event]] = [(0, e) for e in state.opening_events()]
    for index, _, _, events in record.steps():
        found += [(index + 1, e) for e in events]
    return found


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


INFERENCES = ("lacks", "holds_one_of")
"""Megalomania: a seat's entry's sets of cards the table inferred from public play (a colour not
followed...).  They name cards as a class, not where any is, and the same play with other hidden
cards infers the same (tests/conformance/hooks/megalomania.py, the Megalomania replay's check), so the leak
scans read past them."""


def without_inferences(value: Any) -> Any:
    """``value`` without its :data:`INFERENCES`, at any depth."""
    if isinstance(value, dict):
        return {k: without_inferences(v) for k, v in value.items() if k not in INFERENCES}
    if isinstance(value, list):
        return [without_inferences(v) for v in value]
    return value


def cards_in(message: Any) -> set[str]:
    """The Megalomania cards ``message`` names, but for the table's inferences (:data:`INFERENCES`)."""
    return {m.group(1) for s in strings(without_inferences(message)) if (m := CARD.match(s))}


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


# -- the audit (test_audit.py): recording sockets, the record replayed -----------------------------

QUIET = ("seats", "chat", "offers")  # may come at any time (a socket opened or closed, a line, an offer)


@dataclass
class Bad:
    """A message the server must refuse: the error codes it may answer (none: it says nothing)."""

    message: str | bytes
    codes: frozenset[str]
    kind: str


@dataclass
class Sock:
    """One WebSocket and everything it received, in order."""

    label: str
    seat: int | None
    ws: WebSocketTestSession
    got: list[dict[str, Any]] = field(default_factory=list)
    latest: dict[str, Any] = field(default_factory=dict)  # the last welcome or update
    refused: list[tuple[Bad, dict[str, Any] | None, int]] = field(default_factory=list)  # bad, error, step
    closed: bool = False

    @property
    def step(self) -> int:
        return int(self.latest["step"])

    @property
    def legal(self) -> list[str]:
        return list(self.latest["view"]["legal"])

    def send(self, message: str | bytes | dict[str, Any]) -> None:
        if isinstance(message, bytes):
            self.ws.send_bytes(message)
        else:
            self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def read(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.receive_text())
        self.got.append(message)
        assert message["type"] in ("welcome", "update", "error", "pong", *QUIET, "offers"), (
            self.label,
            message,
        )
        if message["type"] in ("welcome", "update"):
            self.latest = message
        return message

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            message = self.read()
            if message["type"] == kind:
                return message


def refused(kind: str, codes: str, message: str | bytes | dict[str, Any]) -> Bad:
    """A bad message of ``kind`` and the error codes it may get (space-separated; "" for none)."""
    text = message if isinstance(message, str | bytes) else json.dumps(message)
    return Bad(text, frozenset(codes.split()), kind)


class Truth:
    """The record replayed: the state after each step, its events, and its last action (mover,
    text, and whether the text is for the mover only)."""

    def __init__(self, record: Record) -> None:
        self.game = record.make_game()
        state = record.initial_state(self.game)
        self.states: list[State[Any]] = [state.clone()]
        self.events: list[tuple[int, Event]] = [(0, e) for e in state.opening_events()]
        self.last: list[tuple[int, str, bool] | None] = [None]
        for k, text in enumerate(record.actions, start=1):
            written, action = parse_entry(text)
            mover = state.current_seat if written is None else written
            assert mover is not None
            sealed = sealed_choice(state, mover, action)  # not a move made outside the question
            events = state.apply(self.game.parse_action(action), written)
            private = sealed or not events or any(e.visible_to is not None for e in events)
            self.states.append(state.clone())
            self.events += [(k, e) for e in events]
            self.last.append((mover, action, private))
        self.views: dict[tuple[int, int | None, bool], Any] = {}

    def view(self, step: int, seat: int | None, legal: bool = True) -> Any:
        """The view ``seat`` may have at ``step``: the game's own, with the seat's choices (the
        server's view) or as the game gives it (a replay's), and its previews."""
        key = (step, seat, legal)
        if key not in self.views:
            state = self.states[step]
            view = state.view(seat)
            if legal:
                choices = [] if seat is None else [str(a) for a in state.legal_actions_for(seat)]
                view = {**view, "legal": choices}
            self.views[key] = normal(with_previews(state, seat, view))
        return self.views[key]

    def last_for(self, step: int, seat: int | None, over: bool) -> dict[str, Any] | None:
        found = self.last[step]
        if found is None:
            return None
        mover, text, private = found
        return {"seat": mover, "action": text if over or not private or seat == mover else None}

    def told(
        self, game: str, events: list[tuple[int, Event]], seat: int | None, over: bool, names: list[str]
    ) -> list[Any]:
        """What the server tells ``seat`` of ``events``: those it may see, each with its step and its
        line in the seat's words.  (An event whose data has a "step" of its own, Megalomania's
        ``ready``, has it override the step's number, as in the server's messages.)"""
        return [told for _, told in self.told_steps(game, events, seat, over, names)]

    def told_steps(
        self, game: str, events: list[tuple[int, Event]], seat: int | None, over: bool, names: list[str]
    ) -> list[tuple[int, Any]]:
        describe = wording(game).describe_event
        out = []
        for step, event in events:
            if over or event.visible(seat):
                line = describe(event.kind, event.data, seat, names)
                words = {} if line is None else {"words": line.to_json()}
                out.append((step, normal({"step": step, **event.to_json(), **words})))
        return out

    def log(
        self, game: str, step: int, seat: int | None, over: bool, names: list[str]
    ) -> list[tuple[int, Any]]:
        """A welcome's log at ``step``: the tail of what ``seat`` may see of the last events."""
        events = [(k, e) for k, e in self.events if k <= step][-2 * LOG_LENGTH :]
        return self.told_steps(game, events, seat, over, names)[-LOG_LENGTH:]


def normal(value: Any) -> Any:
    """As it arrives after a trip through JSON."""
    return orjson.loads(orjson.dumps(value))
