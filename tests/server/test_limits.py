"""Limits per client address and per socket (issue 14), and the Origin rule: each limit refused
with a clear answer (HTTP 429 with Retry-After and a JSON detail; a WebSocket error, and close
code 4429 when the socket must close), never a crash.  Time is a clock the test moves by hand."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tabletop.server import Settings
from tabletop.server.limits import SWEEP_EVERY, Backoff
from tabletop.server.origins import allowed_origin
from tabletop.server.serving import uvicorn_config
from tabletop.server.traffic import Limited, Traffic

from .helpers import Clock, join, receive, running, token_of

UNLIMITED = {
    "tables_per_minute": 0,
    "open_tables": 0,
    "watch_tables": 0,
    "watch_tables_per_address": 0,
    "sockets_per_address": 0,
    "joins_per_minute": 0,
}
PEOPLE = ["person", "person"]


def new(client: TestClient, seats: list[str], **headers: str) -> Any:
    body = {"game": "summon7", "options": {"players": len(seats)}, "seats": seats}
    return client.post("/api/tables", json=body, headers=headers)


def limited(response: Any) -> str:
    assert response.status_code == 429, response.text
    assert int(response.headers["retry-after"]) >= 1
    detail: str = response.json()["detail"]
    assert detail
    return detail


def test_tables_an_address_creates_in_a_minute(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0, **{**UNLIMITED, "tables_per_minute": 3}) as client:
        for _ in range(3):
            assert new(client, PEOPLE).status_code == 201
        answer = new(client, PEOPLE)
        assert "3 a minute" in limited(answer)
        assert answer.headers["retry-after"] == "60"
        clock.now += 30
        assert limited(new(client, PEOPLE))
        clock.now += 31  # the first ones are a minute old
        assert new(client, PEOPLE).status_code == 201
        # a table refused for what it is does not count
        assert new(client, ["person"]).status_code == 400
        assert new(client, PEOPLE).status_code == 201


def test_unfinished_tables_of_an_address(db_url: str) -> None:
    with running(db_url, **{**UNLIMITED, "open_tables": 2}) as client:
        assert [new(client, PEOPLE).status_code for _ in range(2)] == [201, 201]
        assert "2 unfinished tables" in limited(new(client, PEOPLE))


def test_bot_only_tables_are_watch_tables_few_per_address_and_per_server(db_url: str) -> None:
    settings = {**UNLIMITED, "watch_tables_per_address": 2, "watch_tables": 3}
    with running(db_url, **settings) as client:
        assert [new(client, ["easy", "easy"]).status_code for _ in range(2)] == [201, 201]
        assert "bot-only" in limited(new(client, ["hard", "easy"]))
        assert new(client, ["person", "easy"]).status_code == 201  # a table with a person is not one
    # the server's own cap, whoever asks (the addresses apart: Traffic is what counts them)
    traffic = Traffic(Settings(clock=Clock(), watch_tables_per_address=2, watch_tables=3), {})
    tickets = [traffic.admit(address, watch=True) for address in ("a", "a", "b")]
    with pytest.raises(Limited) as refused:
        traffic.admit("c", watch=True)
    assert refused.value.code == "too-many" and "this server" in refused.value.message
    traffic.failed(tickets[2])  # b's table was not created after all
    traffic.admit("c", watch=True)


def test_a_rematch_is_a_new_table_and_counts(db_url: str) -> None:
    clock = Clock()
    settings = {**UNLIMITED, "watch_tables_per_address": 1}
    with running(db_url, clock=clock, clock_tick=0, bot_delay=0.0, **settings) as client:
        table = new(client, ["easy", "easy"]).json()["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            message = join(ws)
            while not message["over"]:
                message = receive(ws, "update")
        assert new(client, ["easy", "easy"]).status_code == 201  # the first is over
        assert "bot-only" in limited(client.post(f"/api/tables/{table}/rematch", json={}))


def test_websockets_open_at_once_from_an_address(db_url: str) -> None:
    with running(db_url, **{**UNLIMITED, "sockets_per_address": 2}) as client:
        body = {"game": "megalomania", "options": {"players": 3}, "seats": ["person"] * 3}
        created = client.post("/api/tables", json=body).json()
        table = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table}") as first:
            join(first, token_of(created, 0))
            with client.websocket_connect(f"/ws/tables/{table}") as second:
                join(second, token_of(created, 1))
                with client.websocket_connect(f"/ws/tables/{table}") as third:
                    message = json.loads(third.receive_text())
                    assert message["type"] == "error" and message["code"] == "too-many"
                    with pytest.raises(WebSocketDisconnect) as closed:
                        third.receive_text()
                    assert closed.value.code == 4429
            # one closed: room for another
            with client.websocket_connect(f"/ws/tables/{table}") as again:
                assert join(again, token_of(created, 2))["seat"] == 2


def test_join_attempts_per_table_and_address(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0, **{**UNLIMITED, "joins_per_minute": 2}) as client:
        created = new(client, PEOPLE).json()
        table, other = created["table"]["id"], new(client, PEOPLE).json()["table"]["id"]
        for _ in range(2):
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                join(ws, token_of(created, 0))
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            message = json.loads(ws.receive_text())
            assert message["code"] == "rate-limit" and "2 a minute" in message["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4429
        with client.websocket_connect(f"/ws/tables/{other}") as ws:  # another table: its own count
            join(ws)
        clock.now += 61
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            assert join(ws, token_of(created, 0))["seat"] == 0


def test_messages_a_socket_sends(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0, socket_messages=3) as client:
        created = new(client, PEOPLE).json()
        table = created["table"]["id"]
        ping = json.dumps({"type": "ping"})
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            join(ws, token_of(created, 0))
            for _ in range(3):
                ws.send_text(ping)
                assert receive(ws, "pong")
            ws.send_text(ping)
            refused = receive(ws, "error")
            assert refused["code"] == "rate-limit" and "ignored" in refused["error"]
            clock.now += 10.5  # the window has passed: heard again
            ws.send_text(ping)
            assert receive(ws, "pong")
            for _ in range(2):
                ws.send_text(ping)
                assert receive(ws, "pong")
            # a socket that goes on sending while refused is closed
            for _ in range(4):
                ws.send_text(ping)
            for _ in range(4):
                assert receive(ws, "error")["code"] == "rate-limit"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4429


# -- Origin ---------------------------------------------------------------------------------------
def test_other_sites_pages_may_not_change_anything_nor_open_sockets(db_url: str) -> None:
    with running(db_url, **UNLIMITED, allowed_origins=("https://friend.example",)) as client:
        evil = {"origin": "http://evil.example"}
        refused = new(client, PEOPLE, **evil)
        assert refused.status_code == 403 and "evil.example" in refused.json()["detail"]
        assert refused.headers["x-frame-options"] == "DENY"  # the security headers, as on every answer
        for origin in ("null", "http://testserver.evil.example", "https://evil.example:443"):
            assert new(client, PEOPLE, origin=origin).status_code == 403
        login = {"name": "ana", "password": "correct horse"}
        assert client.post("/api/account/signup", json=login, headers=evil).status_code == 403
        # its own pages, the configured sites, and clients that are no page (no Origin) may
        for headers in ({"origin": "http://testserver"}, {"origin": "https://friend.example"}, {}):
            assert new(client, PEOPLE, **headers).status_code == 201
        created = new(client, PEOPLE).json()
        table = created["table"]["id"]
        assert client.get(f"/api/tables/{table}", headers=evil).status_code == 200  # reading is open
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(f"/ws/tables/{table}", headers=evil),
        ):
            pass
        assert closed.value.code == 4403
        for headers in ({"origin": "http://testserver"}, {"origin": "https://friend.example"}, {}):
            with client.websocket_connect(f"/ws/tables/{table}", headers=headers) as ws:
                assert join(ws)["seat"] is None


def test_what_counts_as_the_servers_own_origin() -> None:
    assert allowed_origin("http://Example.org:8000", "example.org:8000", ())
    assert allowed_origin("https://example.org", "example.org", ())  # behind a TLS proxy
    assert not allowed_origin("http://example.org", "example.org:8000", ())
    assert not allowed_origin("http://example.org.evil.example", "example.org", ())
    assert not allowed_origin("null", "example.org", ())
    assert not allowed_origin("http://example.org", None, ())
    assert allowed_origin("https://friend.example", "example.org", ["https://FRIEND.example/"])
    assert not allowed_origin("http://friend.example", "example.org", ["https://friend.example"])


def test_a_client_address_comes_from_a_proxy_only_when_told_to_trust_it() -> None:
    from fastapi import FastAPI

    app = FastAPI()
    assert not uvicorn_config(app).proxy_headers
    config = uvicorn_config(app, forwarded_allow_ips="10.0.0.1")
    assert config.proxy_headers and config.forwarded_allow_ips == "10.0.0.1"


# -- the exponential backoff (accounts.py: an account's failed logins from untrusted browsers) ----


def test_a_backoff_lets_the_free_failures_through_then_doubles_its_wait_up_to_the_cap() -> None:
    clock = Clock()
    backoff = Backoff(3, 2.0, 60.0, 600.0, clock)
    for _ in range(3):
        assert backoff.blocked("a") == 0
        backoff.note("a")
    waits = []
    for _ in range(7):
        wait = backoff.blocked("a")
        waits.append(wait)
        clock.now += wait - 0.5
        assert backoff.blocked("a") == 0.5  # since the last failure, not since the first
        clock.now += 0.5
        assert backoff.blocked("a") == 0
        backoff.note("a")
    assert waits == [2, 4, 8, 16, 32, 60, 60]
    assert backoff.blocked("b") == 0  # keys are apart
    assert [backoff.delay(n) for n in (0, 2, 3, 4, 10**6)] == [0, 0, 2, 4, 60]  # no overflow


def test_a_backoff_forgets_a_key_after_a_quiet_spell_longer_than_its_cap() -> None:
    clock = Clock()
    backoff = Backoff(2, 1.0, 30.0, 100.0, clock)
    for _ in range(8):
        backoff.note("a")
        clock.now += 30  # each failure after a capped wait: the count goes on
    assert backoff.count("a") == 8 and backoff.blocked("a") == 0
    backoff.note("a")
    assert backoff.blocked("a") == 30
    clock.now += 99
    assert backoff.count("a") == 9
    clock.now += 1
    assert backoff.count("a") == 0 and backoff.blocked("a") == 0 and "a" not in backoff.failures
    with pytest.raises(ValueError):
        Backoff(2, 1.0, 30.0, 30.0, clock)  # it would forget while the key still waits


def test_a_backoff_takes_back_a_failure_and_sweeps_the_forgotten_keys() -> None:
    clock = Clock()
    backoff = Backoff(1, 4.0, 60.0, 100.0, clock)
    backoff.note("a")
    backoff.note("a")
    assert backoff.blocked("a") == 8
    backoff.forget("a")
    assert backoff.count("a") == 1 and backoff.blocked("a") == 4
    backoff.forget("a")
    backoff.forget("a")  # nothing left: no harm
    assert backoff.count("a") == 0 and backoff.failures == {}
    backoff = Backoff(1, 4.0, 60.0, 100.0, clock)
    for k in range(SWEEP_EVERY - 1):
        backoff.note(f"one-off {k}")
    clock.now += 100
    backoff.note("b")  # the SWEEP_EVERY-th: the one-off keys go
    assert list(backoff.failures) == ["b"]
