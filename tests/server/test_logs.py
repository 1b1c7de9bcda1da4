"""Logs (issue 31, logs.py): `tabletop serve --log-format json` writes one JSON object a line,
with the request's id, and the table's and the seat's once known; no line holds a password, a
seat's token, a session or an email address (the test sends them all, then greps the log)."""

from __future__ import annotations

import contextvars
import json
import logging
import os
import signal
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tabletop.server import logs

from .helpers import free_port, serve_process

PASSWORD = "correct horse battery staple"
EMAIL = "ana.secret@example.org"


def test_a_json_line_has_the_ids_and_no_secret() -> None:
    def logged() -> dict[str, Any]:
        logs.REQUEST.set("r-1")
        logs.bind("T1", 2)
        message = "mail to %s failed; token=abc123XYZ password: 'hunter22' Authorization: Bearer s3cr3t"
        record = logging.LogRecord("tabletop.server", logging.WARNING, __file__, 1, message, (EMAIL,), None)
        line = logs.JsonFormatter().format(record)
        assert "\n" not in line
        found: dict[str, Any] = json.loads(line)
        return found

    line = contextvars.copy_context().run(logged)
    assert (line["request"], line["table"], line["seat"]) == ("r-1", "T1", 2)
    assert line["level"] == "warning" and line["logger"] == "tabletop.server"
    for secret in (EMAIL, "abc123XYZ", "hunter22", "s3cr3t"):
        assert secret not in line["message"], line
    assert "<email>" in line["message"] and "token=<hidden>" in line["message"]
    assert logs.REQUEST.get() is None  # the context was the test's own


def call(
    base: str, method: str, path: str, body: dict[str, Any] | None = None, cookie: str = ""
) -> tuple[int, dict[str, Any], list[str]]:
    """A request: its status, its JSON body and the cookies it sets."""
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode() if body is not None else None,
        method=method,
        headers={"Content-Type": "application/json", **({"Cookie": cookie} if cookie else {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            status, raw, headers = answer.status, answer.read(), answer.headers
    except urllib.error.HTTPError as err:
        status, raw, headers = err.code, err.read(), err.headers
    cookies = [c.split(";", 1)[0] for c in headers.get_all("Set-Cookie") or []]
    return status, json.loads(raw) if raw.startswith(b"{") else {}, cookies


@pytest.mark.timeout(120)
def test_json_logs_name_requests_tables_and_seats_and_hold_no_secret(tmp_path: Path) -> None:
    port, log = free_port(), tmp_path / "server.log"
    base = f"http://127.0.0.1:{port}"
    secrets: list[str] = [PASSWORD, EMAIL]
    with serve_process(f"sqlite:///{tmp_path / 'logs.db'}", port, log, "--log-format", "json") as server:
        assert call(base, "POST", "/api/account/signup", {"name": "ana", "password": PASSWORD})[0] == 201
        assert call(base, "POST", "/api/account/login", {"name": "ana", "password": PASSWORD + "!"})[0] == 401
        status, _, cookies = call(base, "POST", "/api/account/login", {"name": "ana", "password": PASSWORD})
        assert status == 200 and cookies
        secrets += [c.split("=", 1)[1] for c in cookies]  # the session's and the device's tokens
        session = "; ".join(cookies)
        call(base, "PUT", "/api/account/email", {"address": EMAIL}, session)  # (mail is off here: 503)
        call(base, "GET", f"/api/mail/unsubscribe?token={secrets[-1]}")  # a token in a query

        body = {"game": "summon7", "options": {"players": 2}, "seats": ["person", "person"]}
        status, created, _ = call(base, "POST", "/api/tables", body)
        assert status == 201
        table = created["table"]["id"]
        tokens = [str(s["url"]).split("#token=", 1)[1] for s in created["links"]["seats"]]
        secrets += tokens
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "join", "token": tokens[1], "name": "Bea"}))
            welcome = json.loads(ws.recv(timeout=10))
            assert welcome["type"] == "welcome" and welcome["seat"] == 1
            ws.send(json.dumps({"type": "action", "action": "nonsense"}))  # refused, and logged nowhere
        forged = tokens[0][:-4] + "AAAA"
        secrets.append(forged)
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "join", "token": forged}))
            assert json.loads(ws.recv(timeout=10))["code"] == "forbidden"
        os.kill(server.pid, signal.SIGTERM)
        server.wait(30)

    text = log.read_text()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]  # every line is JSON
    assert all(isinstance(line, dict) and line["message"] for line in lines)
    for secret in secrets:
        assert secret not in text, secret
    login = [line for line in lines if line.get("path") == "/api/account/login"]
    assert [line["status"] for line in login] == [401, 200]
    assert all(len(line["request"]) == 16 for line in login) and login[0]["request"] != login[1]["request"]
    sockets = [line for line in lines if line.get("path") == f"/ws/tables/{table}"]
    assert len(sockets) == 2
    assert sockets[0]["table"] == table and sockets[0]["seat"] == 1  # the seat joined
    assert sockets[1]["table"] == table and "seat" not in sockets[1]  # the forged token sat nobody
    unsubscribe = [line for line in lines if line.get("path") == "/api/mail/unsubscribe"]
    assert unsubscribe and all("?" not in line["message"] for line in unsubscribe)
