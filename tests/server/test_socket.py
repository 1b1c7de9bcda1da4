"""The table's WebSocket: the server is the only authority, and a refusal changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from .helpers import act, create, join, receive, running, token_of


def refused(ws: WebSocketTestSession, code: str) -> dict[str, Any]:
    message = receive(ws, "error")
    assert message["code"] == code, message
    assert message["error"]
    return message


def unchanged(ws: WebSocketTestSession, step: int) -> None:
    """The table has not moved: a ping answers with the same step, and no update came first."""
    ws.send_text(json.dumps({"type": "ping"}))
    pong = receive(ws, "pong")
    assert pong["step"] == step


@pytest.fixture
def table(db_url: str) -> Any:
    with running(db_url, join_timeout=1.0) as client:
        created = create(client, ["person", "person", "person"])
        yield client, created


def test_forged_and_foreign_tokens_are_refused_and_the_socket_closed(table: Any) -> None:
    client, created = table
    other = create(client, ["person", "easy"])
    for token in ("forged-token", token_of(other, 0), "x" * 200):
        with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
            ws.send_text(json.dumps({"type": "join", "token": token}))
            message = json.loads(ws.receive_text())
            assert message["type"] == "error" and message["code"] in ("forbidden", "malformed")
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code in (4403, 4400)


def test_unknown_table_and_missing_join_are_refused(table: Any) -> None:
    client, created = table
    with client.websocket_connect("/ws/tables/nosuchtable") as ws:
        assert json.loads(ws.receive_text())["code"] == "no-table"
    with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
        ws.send_text(json.dumps({"type": "action", "action": "take=crystals"}))
        assert json.loads(ws.receive_text())["code"] == "join-first"
    with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
        assert json.loads(ws.receive_text())["code"] == "join-timeout"  # 1 s in this fixture


def test_illegal_out_of_turn_malformed_and_oversized_messages_change_nothing(table: Any) -> None:
    client, created = table
    table_id = created["table"]["id"]
    sockets = [client.websocket_connect(f"/ws/tables/{table_id}") for _ in range(3)]
    views = [join(ws.__enter__(), token_of(created, i))["view"] for i, ws in enumerate(sockets)]
    try:
        to_act = views[0]["to_act"]
        mover, waiter = sockets[to_act], sockets[(to_act + 1) % 3]
        assert views[to_act]["legal"] and not views[(to_act + 1) % 3]["legal"]

        act(waiter, "take=crystals")  # legal text, wrong seat
        refused(waiter, "out-of-turn")
        act(mover, "Ku")  # a card, in the resources phase
        assert "legal: take=" in refused(mover, "illegal")["error"]
        act(mover, "take=gold")
        refused(mover, "invalid")
        act(mover, "take=crystals", step=7)
        refused(mover, "stale")
        for text in ("{not json", "[1, 2]", '"action"', "null", '{"type": "dance"}'):
            mover.send_text(text)
            refused(mover, "malformed")
        for shape in (
            {"type": "action"},
            {"type": "action", "action": 3},
            {"type": "action", "action": "take=crystals", "step": "now"},
            {"type": "action", "action": "take=crystals", "step": True},
            {"type": "action", "action": "take=crystals", "seat": 2},
            {"type": "join", "token": "again"},
        ):
            mover.send_text(json.dumps(shape))
            refused(mover, "joined" if shape["type"] == "join" else "malformed")
        mover.send_text(json.dumps({"type": "action", "action": "take=crystals", "pad": "x" * 5000}))
        refused(mover, "too-large")
        mover.send_bytes(b'{"type": "ping"}')
        refused(mover, "malformed")
        for ws in sockets:
            unchanged(ws, 0)

        act(mover, "take=crystals", step=0)  # now a good one: everybody hears of it
        for ws in sockets:
            update = receive(ws, "update")
            assert update["step"] == 1 and update["last"] == {"seat": to_act, "action": "take=crystals"}
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_spectators_cannot_act_and_see_no_legal_actions(table: Any) -> None:
    client, created = table
    with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
        welcome = join(ws)
        assert welcome["seat"] is None and welcome["view"]["legal"] == []
        assert all("hand" not in s for s in welcome["view"]["seats"])
        assert all(e["kind"] != "hand" for e in welcome["log"])
        act(ws, "take=crystals")
        refused(ws, "spectator")
        unchanged(ws, 0)


def test_a_seat_may_be_open_in_two_tabs_and_both_hear_everything(table: Any) -> None:
    client, created = table
    table_id = created["table"]["id"]
    token = token_of(created, 0)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}") as b,
    ):
        first, second = join(a, token), join(b, token)
        assert first["seat"] == second["seat"] == 0
        assert first["view"] == second["view"]
        seats = receive(a, "seats")["seats"]
        assert seats[0]["online"] and seats[0]["joined"] and not seats[1]["joined"]


def test_an_action_the_database_refuses_is_not_accepted(table: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    client, created = table
    hub = client.app.state.hub
    with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
        welcome = join(ws, token_of(created, 0))
        view = welcome["view"]
        seat = view["to_act"]
    token = token_of(created, seat)
    with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
        before = join(ws, token)
        real = hub.writer.append

        async def broken(row: Any) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(hub.writer, "append", broken)
        act(ws, before["view"]["legal"][0], 0)
        refused(ws, "storage")
        unchanged(ws, 0)
        monkeypatch.setattr(hub.writer, "append", real)
        act(ws, before["view"]["legal"][0], 0)  # the same action, now saved
        assert receive(ws, "update")["step"] == 1
    with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
        assert join(ws, token)["step"] == 1
