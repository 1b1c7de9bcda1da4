"""Nothing accepted is lost: a server stopped, or killed, mid-game resumes every table."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from tabletop.core.record import Record

from .helpers import act, create, free_port, join, pick, post_json, receive, running, serve_process, token_of


@pytest.mark.timeout(120)
def test_a_restarted_app_resumes_the_game_identically(db_url: str) -> None:
    rng = random.Random(11)
    with running(db_url, joins_per_minute=0) as client:  # a socket for each action
        created = create(client, ["person", "person", "person"])
        table = created["table"]["id"]
        tokens = [token_of(created, s) for s in range(3)]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            message = join(ws, tokens[0])
            views = [message["view"]]
        # three people play 80 actions, each on their own socket, one after the other
        for _ in range(80):
            seat = views[-1]["to_act"]
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                here = join(ws, tokens[seat])
                act(ws, pick(here["view"], rng), here["step"])
                views.append(receive(ws, "update")["view"])
        before = [client.get(f"/api/tables/{table}/replay?step={k}").json()["view"] for k in (0, 40, 80)]
        seen = {seat: None for seat in range(3)}
        for seat in range(3):
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                seen[seat] = join(ws, tokens[seat])
    # a new app on the same database file: the same table, the same position, every seat's view
    with running(db_url, joins_per_minute=0) as client:
        listing = client.get("/api/tables").json()
        assert [t["id"] for t in listing["running"]] == [table]
        assert listing["running"][0]["step"] == 80
        after = [client.get(f"/api/tables/{table}/replay?step={k}").json()["view"] for k in (0, 40, 80)]
        assert after == before
        for seat in range(3):
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                again = join(ws, tokens[seat])
                assert again["view"] == seen[seat]["view"] and again["log"] == seen[seat]["log"]
        # and the game goes on to the end, every action checked by the rules
        while True:
            seat = again["view"]["to_act"]
            if seat is None:
                break
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                here = join(ws, tokens[seat])
                act(ws, pick(here["view"], rng), here["step"])
                again = receive(ws, "update")
        record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
        assert record.replay().is_terminal()


@contextmanager
def server(db: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    with serve_process(f"sqlite:///{db}", port, db.with_suffix(".log")) as process:
        yield process


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    return post_json(f"http://127.0.0.1:{port}{path}", body)


def get(port: int, path: str) -> Any:
    return json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10))


def sit(stack: ExitStack, port: int, table: str, token: str) -> tuple[ClientConnection, dict[str, Any]]:
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", open_timeout=10))
    ws.send(json.dumps({"type": "join", "token": token}))
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "welcome":
            return ws, message


def next_update(ws: ClientConnection, after: int = -1) -> dict[str, Any] | None:
    """The next update past step ``after``, or None when the server is gone."""
    try:
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "update" and message["step"] > after:
                return message
    except Exception:  # the server was killed
        return None


def in_step(players: dict[int, tuple[ClientConnection, dict[str, Any]]]) -> dict[int, dict[str, Any]]:
    """Both seats' latest messages at the same step.

    The bot may move between one seat's welcome and the other's, so one seat can
    start a step behind; it catches up by reading the broadcast it has not yet read.
    """
    views = {s: message for s, (_, message) in players.items()}
    while True:
        top = max(v["step"] for v in views.values())
        behind = [s for s, v in views.items() if v["step"] < top]
        if not behind:
            return views
        for s in behind:
            update = next_update(players[s][0], views[s]["step"])
            assert update is not None, f"seat {s} never saw step {top}"
            views[s] = update


@pytest.mark.timeout(180)
def test_a_killed_server_loses_no_accepted_action(tmp_path: Path) -> None:
    """SIGKILL in the middle of play, an action in flight; every action a client saw survives."""
    rng = random.Random(5)
    db = tmp_path / "killed.db"
    port = free_port()
    acknowledged: dict[int, str] = {}  # step -> action, as broadcast to the players
    with server(db, port) as process, ExitStack() as stack:
        created = post(
            port, "/api/tables", {"options": {"players": 3}, "seats": ["person", "person", "easy"]}
        )
        table = created["table"]["id"]
        tokens = {s: token_of(created, s) for s in (0, 1)}
        players = {s: sit(stack, port, table, tokens[s]) for s in (0, 1)}
        views = in_step(players)
        for _ in range(rng.randrange(60, 120)):
            mover = next((s for s in (0, 1) if views[s]["view"]["legal"]), None)
            if mover is not None:
                act_ws(players[mover][0], pick(views[mover]["view"], rng), views[mover]["step"])
            update = next_update(players[0][0], views[0]["step"])
            other = next_update(players[1][0], views[1]["step"])
            assert update is not None and other is not None and update["step"] == other["step"]
            acknowledged[update["step"]] = update["last"]["action"]
            views = {0: update, 1: other}
        # one more action in flight (the bot may be thinking too), then the kill
        mover = next((s for s in (0, 1) if views[s]["view"]["legal"]), 0)
        if views[mover]["view"]["legal"]:
            act_ws(players[mover][0], pick(views[mover]["view"], rng), views[mover]["step"])
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
    with server(db, port), ExitStack() as stack:
        summary = get(port, f"/api/tables/{table}")
        assert summary["step"] >= max(acknowledged)
        players = {s: sit(stack, port, table, tokens[s]) for s in (0, 1)}
        views = in_step(players)
        while not views[0]["over"]:
            mover = next((s for s in (0, 1) if views[s]["view"]["legal"]), None)
            if mover is not None:
                act_ws(players[mover][0], pick(views[mover]["view"], rng), views[mover]["step"])
            update = next_update(players[0][0], views[0]["step"])
            other = next_update(players[1][0], views[1]["step"])
            assert update is not None and other is not None
            views = {0: update, 1: other}
        record = Record.from_json(get(port, f"/api/tables/{table}/record"))
    assert record.replay().is_terminal()
    shown = {step: action for step, action in acknowledged.items() if action is not None}
    assert shown, "seat 0 was told no action at all"
    for step, action in shown.items():  # a hidden action's text went to its own seat only
        assert record.actions[step - 1] == action


def act_ws(ws: ClientConnection, action: str, step: int) -> None:
    ws.send(json.dumps({"type": "action", "action": action, "step": step}))
