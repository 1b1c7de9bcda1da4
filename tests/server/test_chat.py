"""A table's chat: seats write, the whole table (and only it) hears, the lines are kept."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select
from starlette.testclient import WebSocketTestSession

from tabletop.server import chat
from tabletop.server.schema import chat_t

from .helpers import connected, create, join, receive, running, seated, token_of


class Clock:
    """A clock the test moves by hand (the chat's rate limit reads it)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def say(ws: WebSocketTestSession, text: Any) -> None:
    ws.send_text(json.dumps({"type": "chat", "text": text}))


def heard(ws: WebSocketTestSession) -> dict[str, Any]:
    line: dict[str, Any] = receive(ws, "chat")["line"]
    return line


def quiet(ws: WebSocketTestSession) -> None:
    """Nothing came before the answer to a ping (receive fails on anything but seat news)."""
    ws.send_text(json.dumps({"type": "ping"}))
    receive(ws, "pong")


def refused(ws: WebSocketTestSession, code: str) -> str:
    message = receive(ws, "error")
    assert message["code"] == code, message
    assert message["error"]
    return str(message["error"])


def stored(db_url: str, table: str) -> list[tuple[Any, ...]]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            query = (
                select(chat_t.c.idx, chat_t.c.seat, chat_t.c.name, chat_t.c.text, chat_t.c.at)
                .where(chat_t.c.table_id == table)
                .order_by(chat_t.c.idx)
            )
            return [tuple(row) for row in conn.execute(query)]
    finally:
        engine.dispose()


@contextmanager
def two_seats(client: TestClient) -> Iterator[tuple[str, WebSocketTestSession, WebSocketTestSession]]:
    """A table of two person seats, both joined: its id and the two sockets."""
    created = create(client, ["person", "person"])
    table = created["table"]["id"]
    with seated(client, created, [0, 1]) as (ana, bea):
        yield table, ana, bea


def join_named(ws: WebSocketTestSession, token: str, name: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "join", "token": token, "name": name}))
    return receive(ws, "welcome")


def test_a_line_reaches_every_seat_and_spectator_with_the_seat_name(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        created = create(client, ["person", "person", "easy"])
        table = created["table"]["id"]
        with connected(client, table, 3) as (ana, other, watcher):
            assert join_named(ana, token_of(created, 0), "Ana")["chat"] == []
            join(other, token_of(created, 1))
            assert join(watcher)["chat"] == []
            say(ana, "  good\tluck   all ")
            expected = {"seat": 0, "name": "Ana", "text": "good luck all", "at": clock.now}
            for ws in (ana, other, watcher):
                assert heard(ws) == expected
            clock.now += 1
            say(other, "thanks")
            for ws in (ana, other, watcher):
                assert heard(ws) == {"seat": 1, "name": "Seat 1", "text": "thanks", "at": clock.now}
            # a later join is welcomed with the lines so far, oldest first
            with client.websocket_connect(f"/ws/tables/{table}") as late:
                lines = join(late)["chat"]
            assert [(line["name"], line["text"]) for line in lines] == [
                ("Ana", "good luck all"),
                ("Seat 1", "thanks"),
            ]
    assert [row[:4] for row in stored(db_url, table)] == [
        (0, 0, "Ana", "good luck all"),
        (1, 1, "Seat 1", "thanks"),
    ]


def test_a_spectator_cannot_write(db_url: str) -> None:
    with running(db_url) as client:
        created = create(client, ["person", "person"])  # nobody moves: only the refusal comes
        table = created["table"]["id"]
        url = f"/ws/tables/{table}"
        with client.websocket_connect(url) as seat, client.websocket_connect(url) as watcher:
            join(seat, token_of(created, 0))
            join(watcher)
            say(watcher, "let me in")
            assert "spectator" in refused(watcher, "spectator")
            quiet(seat)
            quiet(watcher)
    assert stored(db_url, table) == []


def test_bad_text_is_refused_and_neither_stored_nor_sent(db_url: str) -> None:
    with running(db_url) as client, two_seats(client) as (table, ana, bea):
        say(ana, "x" * 301)
        refused(ana, "too-long")
        for text in ("", "   \n\t ", "\x00\x07"):
            say(ana, text)
            refused(ana, "malformed")
        for value in (5, None, ["hi"], {"text": "hi"}):
            say(ana, value)
            refused(ana, "malformed")
        ana.send_text(json.dumps({"type": "chat"}))
        refused(ana, "malformed")
        ana.send_text(json.dumps({"type": "chat", "text": "hi", "seat": 1}))
        refused(ana, "malformed")
        quiet(bea)  # heard nothing
        say(ana, "y" * 300)  # the longest line there may be
        assert heard(bea)["text"] == "y" * 300
    assert [row[3] for row in stored(db_url, table)] == ["y" * 300]


def test_the_rate_limit_refuses_the_sixth_line_in_ten_seconds(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client, two_seats(client) as (table, ana, bea):
        for k in range(5):
            say(ana, f"line {k}")
            assert heard(ana)["text"] == heard(bea)["text"] == f"line {k}"
            clock.now += 1
        say(ana, "line 5")
        assert "wait" in refused(ana, "chat-limit")
        quiet(bea)
        say(bea, "my own limit")  # the limit is per seat
        assert heard(ana)["text"] == heard(bea)["text"] == "my own limit"
        clock.now += 5.5  # 10.5 s after the first line: it is out of the window
        say(ana, "line 5 again")
        assert heard(ana)["text"] == heard(bea)["text"] == "line 5 again"
        say(ana, "one more")  # the second line has not left the window yet
        refused(ana, "chat-limit")
        quiet(bea)
    assert [row[3] for row in stored(db_url, table)] == [
        *(f"line {k}" for k in range(5)),
        "my own limit",
        "line 5 again",
    ]
    assert [row[0] for row in stored(db_url, table)] == list(range(7))


def test_the_long_rate_limit_allows_thirty_lines_in_ten_minutes(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        created = create(client, ["person", "person"])
        url = f"/ws/tables/{created['table']['id']}"
        with client.websocket_connect(url) as ana:
            join(ana, token_of(created, 0))
            start = clock.now
            for k in range(30):
                say(ana, f"line {k}")
                assert heard(ana)["text"] == f"line {k}"
                clock.now += 11  # never 5 in 10 s
            say(ana, "too many")
            refused(ana, "chat-limit")
            clock.now = start + 600  # the first line leaves the ten minutes
            say(ana, "again")
            assert heard(ana)["text"] == "again"


def test_lines_survive_a_restart_and_a_welcome_has_the_last_hundred(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock) as client:
        created = create(client, ["person", "person"])
        table = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table}") as ana:
            join_named(ana, token_of(created, 0), "Ana")
            for k in range(105):
                say(ana, f"line {k}")
                assert heard(ana)["text"] == f"line {k}"
                clock.now += 601  # no limit in the way
    with running(db_url, clock=clock) as client, client.websocket_connect(f"/ws/tables/{table}") as watcher:
        lines = join(watcher)["chat"]
        assert [line["text"] for line in lines] == [f"line {k}" for k in range(5, 105)]
        assert {line["name"] for line in lines} == {"Ana"}
        assert all(line["seat"] == 0 for line in lines)
        with client.websocket_connect(f"/ws/tables/{table}") as bea:
            join(bea, token_of(created, 1))
            say(bea, "after the restart")  # numbered after the stored lines
            assert heard(watcher)["text"] == "after the restart"
    rows = stored(db_url, table)
    assert [row[0] for row in rows] == list(range(106))
    assert rows[-1][1:4] == (1, "Seat 1", "after the restart")


def test_a_line_never_reaches_another_table(db_url: str) -> None:
    with running(db_url) as client:
        one = create(client, ["person", "person"])
        two = create(client, ["person", "person"])
        with (
            client.websocket_connect(f"/ws/tables/{one['table']['id']}") as here,
            client.websocket_connect(f"/ws/tables/{two['table']['id']}") as seat_there,
            client.websocket_connect(f"/ws/tables/{two['table']['id']}") as watcher_there,
        ):
            join(here, token_of(one, 0))
            join(seat_there, token_of(two, 0))
            join(watcher_there)
            say(here, "only for table one")
            assert heard(here)["text"] == "only for table one"
            quiet(seat_there)
            quiet(watcher_there)
            with client.websocket_connect(f"/ws/tables/{two['table']['id']}") as late:
                assert join(late)["chat"] == []
    assert stored(db_url, two["table"]["id"]) == []
    assert [row[3] for row in stored(db_url, one["table"]["id"])] == ["only for table one"]


def test_html_in_a_line_is_sent_as_plain_text(db_url: str) -> None:
    with running(db_url) as client, two_seats(client) as (table, ana, bea):
        text = '<img src=x onerror="alert(1)"> &amp; <b>bold</b></script>'
        say(ana, text)
        assert heard(bea)["text"] == text
        with client.websocket_connect(f"/ws/tables/{table}") as late:
            assert join(late)["chat"][-1]["text"] == text
    assert stored(db_url, table)[0][3] == text


def test_a_line_not_saved_is_not_sent(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any) -> None:
        raise RuntimeError("the disk is full")

    with running(db_url) as client, two_seats(client) as (table, ana, bea):
        with monkeypatch.context() as patch:
            patch.setattr(chat, "store_line", broken)
            say(ana, "lost")
            refused(ana, "storage")
        quiet(bea)
        with client.websocket_connect(f"/ws/tables/{table}") as late:
            assert join(late)["chat"] == []
        say(ana, "kept")
        assert heard(bea)["text"] == "kept"
    assert [row[:4] for row in stored(db_url, table)] == [(0, 0, "Seat 0", "kept")]


def test_a_chat_that_cannot_be_read_does_not_keep_anyone_from_the_table(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: Any) -> None:
        raise RuntimeError("the database is down")

    with running(db_url) as client:
        created = create(client, ["person", "person"])
        url = f"/ws/tables/{created['table']['id']}"
        with client.websocket_connect(url) as ana:
            join(ana, token_of(created, 0))
            say(ana, "before")
            assert heard(ana)["text"] == "before"
    with running(db_url) as client:
        with monkeypatch.context() as patch:
            patch.setattr(chat, "load_lines", broken)
            with client.websocket_connect(url) as ana:
                assert join(ana, token_of(created, 0))["chat"] == []  # joined all the same
                say(ana, "unnumbered")
                refused(ana, "storage")
        with client.websocket_connect(url) as ana:  # read on the next join
            assert [line["text"] for line in join(ana, token_of(created, 0))["chat"]] == ["before"]
            say(ana, "after")
            assert heard(ana)["text"] == "after"
