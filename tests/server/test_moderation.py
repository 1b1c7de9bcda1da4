"""Moderation (issue 31): the admin role set from the command line only, the admin API closed to
everybody else, tables paused, resumed and ended (through the API and by `tabletop admin` on the
database of a running server), suspended accounts and addresses, and the players' mutes, blocks
and chat reports.  A running server applies what the command line wrote when it looks at the
admins' events (each clock tick; here the test asks it to, so nothing waits on time)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from starlette.testclient import WebSocketTestSession
from typer.testing import CliRunner

from tabletop.cli import app as cli
from tabletop.server.schema import rating_history_t, seats_t, tables_t

from .helpers import Clock, create, join, other_browser, receive, running, seated, token_of
from .test_accounts import PASSWORD, login, signup

ORIGIN = {"origin": "http://testserver"}
ADMIN_ENDPOINTS = [
    ("get", "/api/admin/tables"),
    ("get", "/api/admin/players"),
    ("get", "/api/admin/reports"),
    ("post", "/api/admin/tables/abc/pause"),
    ("post", "/api/admin/tables/abc/resume"),
    ("post", "/api/admin/tables/abc/end"),
    ("post", "/api/admin/accounts/bea/suspend"),
    ("post", "/api/admin/accounts/bea/unsuspend"),
    ("post", "/api/admin/addresses/10.0.0.9/suspend"),
    ("post", "/api/admin/reports/1/resolve"),
]


def admin(db_url: str, *args: str) -> Any:
    """`tabletop admin ARGS --db db_url`, as an operator runs it; it must succeed."""
    result = CliRunner().invoke(cli, ["admin", *args, "--db", db_url])
    assert result.exit_code == 0, result.output
    return result


def poll(client: TestClient) -> int:
    """The running server looks at the admins' events now (it does each clock tick)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    return int(client.portal.call(hub.moderation.poll))  # type: ignore[union-attr]


browser = other_browser


def until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of ``kind``, skipping any other."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] == kind:
            return message


def told(ws: WebSocketTestSession, code: str) -> None:
    """Wait for the notice ``code`` (the earlier ones, to a socket that did not read them, pass)."""
    while until(ws, "notice")["code"] != code:
        pass


def moved(ws: WebSocketTestSession) -> int:
    """The step of the next update that follows an action (a resumed table's refresh has none)."""
    while not (update := until(ws, "update"))["last"] or update["step"] == 0:
        pass
    return int(update["step"])


def quiet(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Everything before the answer to a ping."""
    ws.send_text(json.dumps({"type": "ping"}))
    seen = []
    while (message := json.loads(ws.receive_text()))["type"] != "pong":
        seen.append(message)
    return seen


def asked(*pairs: Any) -> tuple[WebSocketTestSession, dict[str, Any]]:
    """Of (welcome, socket) pairs, a socket whose seat has choices, and its welcome."""
    for welcome, ws in zip(pairs[::2], pairs[1::2], strict=True):
        if welcome["view"]["legal"]:
            return ws, welcome
    raise AssertionError("nobody is asked")


def act_first(ws: WebSocketTestSession, view: dict[str, Any]) -> None:
    ws.send_text(json.dumps({"type": "action", "action": view["legal"][0]}))


def test_the_admin_role_is_given_only_by_the_command_line(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        made = client.post("/api/account/signup", json={"name": "ana", "password": PASSWORD, "admin": True})
        assert made.status_code == 201
        assert client.get("/api/admin/tables").status_code == 403  # asking for it in the body: no
        admin(db_url, "grant", "ana")
        assert client.get("/api/admin/tables").status_code == 200  # the same session, now an admin
        with browser(client):
            signup(client, "bea")
        for method, path in [("post", "/api/admin/accounts/bea/admin"), ("put", "/api/admin/accounts/bea")]:
            assert getattr(client, method)(path).status_code in (404, 405)  # not even an admin's request
        listed = {p["name"]: p for p in client.get("/api/admin/players").json()["players"]}
        assert listed["ana"]["admin"] is True and listed["bea"]["admin"] is False
        admin(db_url, "revoke", "ana")
        assert client.get("/api/admin/tables").status_code == 403
    result = CliRunner().invoke(cli, ["admin", "grant", "nobody", "--db", db_url])
    assert result.exit_code == 1 and "no account" in result.output


def test_the_admin_api_answers_only_admins(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        for method, path in ADMIN_ENDPOINTS:
            assert getattr(client, method)(path).status_code == 401, path  # a guest
        signup(client, "ana")
        for method, path in ADMIN_ENDPOINTS:
            answer = getattr(client, method)(path)
            assert answer.status_code == 403 and answer.json() == {"detail": "for admins only"}, path


def test_an_admin_pauses_resumes_and_ends_a_table(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        created = create(client, ["person", "person"])  # made by a guest
        table = created["table"]["id"]
        signup(client, "root")
        admin(db_url, "grant", "root")
        url = f"/ws/tables/{table}"
        with client.websocket_connect(url) as ana, client.websocket_connect(url) as bea:
            mover, first = asked(join(ana, token_of(created, 0)), ana, join(bea, token_of(created, 1)), bea)
            assert client.post(f"/api/admin/tables/{table}/pause").json()["status"] == "paused"
            assert until(ana, "notice")["code"] == until(bea, "notice")["code"] == "paused"
            assert client.post(f"/api/admin/tables/{table}/pause").status_code == 409  # paused already
            act_first(mover, first["view"])
            refused = until(mover, "error")
            assert refused["code"] == "paused" and "paused" in refused["error"]
            listed = {t["id"]: t for t in client.get("/api/admin/tables").json()["tables"]}
            assert listed[table]["status"] == "paused"
            assert client.post(f"/api/admin/tables/{table}/resume").json()["status"] == "playing"
            assert until(mover, "notice")["code"] == "resumed"
            act_first(mover, first["view"])
            assert moved(mover) == 1  # accepted
            assert client.post(f"/api/admin/tables/{table}/end").json()["status"] == "ended"
            told(ana, "ended")
        summary = client.get(f"/api/tables/{table}").json()
        assert summary["status"] == "finished" and summary["ranking"] is None  # no result
        assert client.post(f"/api/admin/tables/{table}/resume").status_code == 409  # finished
        listing = client.get("/api/tables").json()
        assert table in {t["id"] for t in listing["finished"]}
        assert table not in {t["id"] for t in listing["running"] + listing["open"]}
        with client.websocket_connect(url) as late:  # an ended table takes no move
            welcome = join(late, token_of(created, 1))
            if welcome["view"]["legal"]:
                act_first(late, welcome["view"])
                assert until(late, "error")["code"] == "ended"
        storage = client.app.state.hub.storage  # type: ignore[attr-defined]
        with storage.engine.connect() as conn:
            row = conn.execute(
                select(tables_t.c.finished, tables_t.c.halt).where(tables_t.c.id == table)
            ).one()
            ranks = conn.execute(select(seats_t.c.rank).where(seats_t.c.table_id == table)).scalars().all()
            rated = conn.execute(select(rating_history_t).where(rating_history_t.c.table_id == table)).all()
        assert tuple(row) == (True, "ended") and set(ranks) == {None} and rated == []


def test_the_command_line_pauses_a_table_a_running_server_plays(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        created = create(client, ["person", "person"])
        table = created["table"]["id"]
        url = f"/ws/tables/{table}"
        with client.websocket_connect(url) as ana, client.websocket_connect(url) as bea:
            mover, first = asked(join(ana, token_of(created, 0)), ana, join(bea, token_of(created, 1)), bea)
            admin(db_url, "pause", table)
            assert poll(client) == 1
            assert until(mover, "notice")["code"] == "paused"
            act_first(mover, first["view"])
            assert until(mover, "error")["code"] == "paused"
            assert "paused" in admin(db_url, "tables").output
            admin(db_url, "resume", table)
            poll(client)
            act_first(mover, first["view"])
            assert moved(mover) == 1
            admin(db_url, "end", table)
            poll(client)
            told(bea, "ended")
        assert table not in admin(db_url, "tables").output  # finished: listed with --all only
        assert "ended" in admin(db_url, "tables", "--all").output
        result = CliRunner().invoke(cli, ["admin", "pause", table, "--db", db_url])
        assert result.exit_code == 1 and "finished" in result.output


def test_a_suspended_account_loses_its_sessions_and_cannot_log_in_or_act(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        signup(client, "ana")
        created = create(client, ["person", "person"])  # ana holds seat 0 with her account
        table = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as ws:
            assert join(ws)["seat"] == 0
            admin(db_url, "suspend", "ana")
            assert client.get("/api/account/me").status_code == 401  # the session is gone at once
            poll(client)
            assert until(ws, "error")["code"] == "suspended"
        with client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as ws:
            assert join(ws)["seat"] is None  # her cookie is nobody's: a spectator
        wrong = login(client, "ana", "not her password")
        assert wrong.status_code == 401  # a stranger does not learn of the suspension
        refused = login(client, "ana")
        assert refused.status_code == 403 and "suspended" in refused.json()["detail"]
        assert "ana" in admin(db_url, "players").output
        admin(db_url, "unsuspend", "ana")
        assert login(client, "ana").status_code == 200
        assert client.get("/api/account/me").json() == {"name": "ana"}


def test_an_admin_suspends_an_account_through_the_api(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        with browser(client):
            signup(client, "bea")
            bea_cookies = dict(client.cookies)
        signup(client, "root")
        admin(db_url, "grant", "root")
        assert client.post("/api/admin/accounts/root/suspend").status_code == 409  # not oneself
        assert client.post("/api/admin/accounts/nobody/suspend").status_code == 404
        assert client.post("/api/admin/accounts/bea/suspend").json() == {"name": "bea", "suspended": True}
        with browser(client):
            client.cookies.update(bea_cookies)
            assert client.get("/api/account/me").status_code == 401
            assert login(client, "bea").status_code == 403


def test_a_suspended_address_is_refused_everything_but_health(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        signup(client, "root")
        admin(db_url, "grant", "root")
        other = client.post("/api/admin/addresses/10.9.9.9/suspend")
        assert other.json()["suspended"] is True
        assert client.get("/api/games").status_code == 200  # another address is not touched
        admin(db_url, "suspend-address", "testclient")  # the test client's address
        poll(client)
        refused = client.get("/api/games")
        assert refused.status_code == 403 and refused.json() == {"detail": "this address is suspended"}
        assert (
            client.post("/api/account/login", json={"name": "root", "password": PASSWORD}).status_code == 403
        )
        assert client.get("/healthz").status_code == 200
        assert "testclient" in admin(db_url, "addresses").output
        admin(db_url, "unsuspend-address", "testclient")
        poll(client)
        assert client.get("/api/games").status_code == 200


def test_a_mute_hides_a_seats_lines_from_the_muter_only_and_is_kept(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        created = create(client, ["person", "person", "person"])
        table = created["table"]["id"]
        url = f"/ws/tables/{table}"
        with seated(client, created, [0, 1, 2, None]) as (ana, bea, cyd, watcher):
            ana.send_text(json.dumps({"type": "mute", "seat": 1}))
            assert until(ana, "muted")["seats"] == [1]
            bea.send_text(json.dumps({"type": "chat", "text": "you are all losers"}))
            assert until(bea, "chat")["line"]["text"] == "you are all losers"
            assert until(cyd, "chat")["line"]["text"] == "you are all losers"
            assert until(watcher, "chat")["line"]["seat"] == 1
            assert not [m for m in quiet(ana) if m["type"] == "chat"]  # the muter does not get it
            cyd.send_text(json.dumps({"type": "chat", "text": "calm down"}))
            assert until(ana, "chat")["line"]["text"] == "calm down"  # the others she still reads
            ana.send_text(json.dumps({"type": "mute", "seat": 0}))
            assert until(ana, "error")["code"] == "no-seat"
            watcher.send_text(json.dumps({"type": "mute", "seat": 1}))
            assert until(watcher, "error")["code"] == "spectator"
        with client.websocket_connect(url) as ana, client.websocket_connect(url) as cyd:
            lines = join(ana, token_of(created, 0))["chat"]  # a reload: still muted
            assert [line["text"] for line in lines] == ["calm down"]
            assert until(ana, "muted")["seats"] == [1]
            assert len(join(cyd, token_of(created, 2))["chat"]) == 2
    with running(db_url, clock=clock, clock_tick=0) as client, client.websocket_connect(url) as ana:
        lines = join(ana, token_of(created, 0))["chat"]  # a restart keeps it too (stored)
        assert [line["text"] for line in lines] == ["calm down"]
        assert until(ana, "muted")["seats"] == [1]
        ana.send_text(json.dumps({"type": "mute", "seat": 1, "on": False}))
        assert until(ana, "muted")["seats"] == []
        with client.websocket_connect(url) as again:
            assert len(join(again, token_of(created, 0))["chat"]) == 2  # unmuted: both lines


def test_a_reported_line_is_stored_with_the_lines_around_it_for_admins(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        created = create(client, ["person", "person"])
        table = created["table"]["id"]
        with seated(client, created, [0, 1]) as (ana, bea):
            heard = []
            for number in range(12):
                ws = (ana, bea)[number % 2]
                ws.send_text(json.dumps({"type": "chat", "text": f"line {number}"}))
                heard.append(until(ana, "chat")["line"])
                clock.now += 3  # within the chat's rate limit
            bad = heard[7]  # bea's
            report = {"type": "report", "seat": 1, "at": bad["at"], "text": bad["text"], "reason": "rude"}
            ana.send_text(json.dumps(report))
            assert until(ana, "reported")["report"] == 1
            ana.send_text(json.dumps({**report, "seat": 0, "text": heard[6]["text"], "at": heard[6]["at"]}))
            assert until(ana, "error")["code"] == "no-line"  # her own line
            ana.send_text(json.dumps({**report, "text": "never said"}))
            assert until(ana, "error")["code"] == "no-line"
        signup(client, "root")
        admin(db_url, "grant", "root")
        found = client.get("/api/admin/reports").json()["reports"]
        assert len(found) == 1
        (stored,) = found
        assert (stored["table"], stored["text"], stored["seat"], stored["reason"]) == (
            table,
            "line 7",
            1,
            "rude",
        )
        assert [line["text"] for line in stored["context"]] == [f"line {n}" for n in range(2, 12)]
        printed = admin(db_url, "reports").output
        assert "line 7" in printed and "rude" in printed and "line 2" in printed
        assert client.post(f"/api/admin/reports/{stored['id']}/resolve").json() == {"ok": True}
        assert client.get("/api/admin/reports").json()["reports"] == []
        assert len(client.get("/api/admin/reports?everything=true").json()["reports"]) == 1
        assert "no reports" in admin(db_url, "reports").output


def test_a_block_keeps_two_accounts_from_sitting_together_either_way(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        cookies = {}
        for name in ("ana", "bea", "cyd"):
            with browser(client):
                signup(client, name)
                cookies[name] = dict(client.cookies)

        @contextmanager
        def as_(name: str) -> Iterator[TestClient]:
            with browser(client):
                client.cookies.update(cookies[name])
                yield client

        with as_("ana"):
            before = create(client, ["person", "person", "person"])["table"]["id"]
        with as_("bea"):  # bea sits with ana before the block: that table plays on
            assert client.post(f"/api/tables/{before}/take", json={"seat": 1}).status_code == 200
        with as_("ana"):
            assert client.put("/api/account/blocks/bea").json() == {"name": "bea", "blocked": True}
            assert client.put("/api/account/blocks/ana").status_code == 404  # not oneself
            assert client.get("/api/account/blocks").json() == {"blocked": ["bea"]}
            by_ana = create(client, ["person", "person", "person"])["table"]["id"]
        messages = []
        with as_("bea"):
            taken = client.post(f"/api/tables/{by_ana}/take", json={"seat": 1})
            assert taken.status_code == 409
            messages.append(taken.json()["detail"])
            by_bea = create(client, ["person", "person", "person"])["table"]["id"]
            assert client.get("/api/account/blocks").json() == {"blocked": []}  # she blocked nobody
        with as_("ana"):
            taken = client.post(f"/api/tables/{by_bea}/take", json={"seat": 1})
            assert taken.status_code == 409
            messages.append(taken.json()["detail"])
            invited = client.post(f"/api/tables/{by_ana}/invite", json={"seat": 2, "name": "bea"})
            assert invited.status_code == 409
        assert messages[0] == messages[1]  # the same words, whoever blocked whom
        assert "block" in messages[0] and "ana" not in messages[0] and "bea" not in messages[0]
        with as_("cyd"):
            assert client.post(f"/api/tables/{by_ana}/take", json={"seat": 1}).status_code == 200
        with as_("ana"):  # an invitation link opened by a blocked account is refused too
            link = create(client, ["person", "person"])
            token = token_of(link, 1)
        with as_("bea"), client.websocket_connect(f"/ws/tables/{link['table']['id']}", headers=ORIGIN) as ws:
            ws.send_text(json.dumps({"type": "join", "token": token}))
            refused = receive(ws, "error")
            assert refused["code"] == "blocked" and refused["error"] == messages[0]
        with as_("ana"):
            assert client.delete("/api/account/blocks/bea").json()["blocked"] is False
        with as_("bea"):
            assert client.post(f"/api/tables/{by_ana}/take", json={"seat": 2}).status_code == 200
