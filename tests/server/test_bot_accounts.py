"""Bring your own bot (issue 32, first part): bot accounts, for good and only before any rated
game; their API tokens, shown once, stored hashed, listed with their last use, refused at once
when revoked and limited per token; a bot account seated by name, playing over the table's
WebSocket with its token, and named as a bot wherever its name appears.  A whole game played by
`tabletop bot run` is tests/client/test_bot_run.py's."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tabletop.server.bot_auth import PLAYS_WITH_TOKENS
from tabletop.server.bot_store import LAST_USED_EVERY
from tabletop.server.tokens import hash_token

from .helpers import Clock, act, create, join, other_browser, receive, running
from .test_accounts import login, signup

ORIGIN = {"origin": "http://testserver"}  # a page of this server


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_bot(client: TestClient, name: str = "zeta") -> None:
    assert signup(client, name).status_code == 201
    made = client.post("/api/account/bot")
    assert made.status_code == 200 and made.json() == {"name": name, "bot": True}, made.text


def new_token(client: TestClient, name: str = "laptop") -> dict[str, Any]:
    made = client.post("/api/account/tokens", json={"name": name})
    assert made.status_code == 201, made.text
    data: dict[str, Any] = made.json()
    return data


def challenged(
    client: TestClient, token: str, seats: list[str], bot: str = "zeta", game: str = "summon7"
) -> str:
    """The table of a challenge from the client's person to ``bot``, accepted by its program
    (``token``)."""
    made = client.post(
        "/api/challenges",
        json={"bot": bot, "game": game, "seats": seats, "options": {"players": len(seats)}},
    )
    assert made.status_code == 201, made.text
    with other_browser(client) as program:
        path = f"/api/bot/challenges/{made.json()['id']}/accept"
        accepted = program.post(path, headers=bearer(token))
    assert accepted.status_code == 200, accepted.text
    return str(accepted.json()["table"])


def play_to_the_end(ws: Any, message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Random legal actions for the socket's seat until the game is over; the last update."""
    while not message["over"]:
        if message["view"]["legal"]:
            act(ws, rng.choice(message["view"]["legal"]), message["step"])
        message = receive(ws, "update")
    return message


def test_an_account_becomes_a_bot_for_good_and_then_plays_only_with_its_tokens(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        assert signup(client, "zeta").status_code == 201
        assert client.get("/api/account/bot").json() == {"name": "zeta", "bot": False}
        assert client.post("/api/account/bot").json() == {"name": "zeta", "bot": True}
        again = client.post("/api/account/bot")
        assert again.status_code == 409 and "cannot be undone" in again.json()["detail"]
        assert client.delete("/api/account/bot").status_code == 405  # no way back
        # the password still logs in, to manage the account; playing from the browser is refused
        client.post("/api/account/logout")
        assert login(client, "zeta").status_code == 200
        assert client.get("/api/account/bot").json() == {"name": "zeta", "bot": True}
        refused = client.post("/api/tables", json={"game": "summon7", "seats": ["person", "easy"]})
        assert refused.status_code == 403 and refused.json() == {"detail": PLAYS_WITH_TOKENS}
        token = new_token(client)["token"]
        with other_browser(client) as ana:
            signup(ana, "ana")
            table = challenged(ana, token, ["person", "@zeta"])
        # the bot's cookie on a page of this server: a spectator, not its seat
        with client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as ws:
            assert join(ws)["seat"] is None
        with (
            other_browser(client) as program,
            program.websocket_connect(f"/ws/tables/{table}", headers=bearer(token)) as ws,
        ):
            assert join(ws)["seat"] == 1


def test_an_account_that_played_a_rated_game_cannot_become_a_bot(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        signup(client, "ana")
        created = create(client, ["person", "easy"], game="summon7", clock={"mode": "none"})
        seated = client.post("/api/account/bot")  # a rated game in play counts
        assert seated.status_code == 409 and "rated" in seated.json()["detail"]
        with client.websocket_connect(f"/ws/tables/{created['table']['id']}", headers=ORIGIN) as ws:
            play_to_the_end(ws, join(ws), random.Random(3))
        assert client.get("/api/players/ana").json()["games"][0]["rated"]
        played = client.post("/api/account/bot")
        assert played.status_code == 409 and "rated" in played.json()["detail"]
        assert client.get("/api/account/bot").json()["bot"] is False
        # an unrated game does not count
        with other_browser(client) as bea:
            signup(bea, "bea")
            create(bea, ["person", "easy"], game="summon7", rated=False)
            assert bea.post("/api/account/bot").status_code == 200


def test_tokens_are_shown_once_stored_hashed_listed_with_their_use_and_revoked_at_once(
    db_url: str,
) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        signup(client, "ana")
        assert client.post("/api/account/tokens", json={"name": "x"}).status_code == 409  # a person's
        client.post("/api/account/logout")
        make_bot(client)
        first, second = new_token(client, "laptop"), new_token(client, "server")
        assert first["token"].startswith("tbot.") and first["token"] != second["token"]
        assert first["last_used"] is None and first["created"] == clock.now
        listed = client.get("/api/account/tokens").json()["tokens"]
        assert [t["name"] for t in listed] == ["laptop", "server"]
        assert all(set(t) == {"id", "name", "created", "last_used"} for t in listed)  # never the token
        # only the hash is stored
        path = db_url.removeprefix("sqlite:///")
        with sqlite3.connect(path) as conn:
            dump = "\n".join(conn.iterdump())
        assert first["token"] not in dump and second["token"] not in dump
        assert hash_token(first["token"]) in dump
        # a token acts as its bot account, and its use is noted
        with other_browser(client) as program:
            assert program.get("/api/bot/me", headers=bearer(first["token"])).json() == {
                "name": "zeta",
                "bot": True,
            }
            used = clock.now
            clock.now += LAST_USED_EVERY + 1
            program.get("/api/bot/seats", headers=bearer(first["token"]))
            # a token manages nothing: the account's own paths want its owner, logged in
            managing = program.get("/api/account/tokens", headers=bearer(first["token"]))
            assert managing.status_code == 403
        times = {t["name"]: t["last_used"] for t in client.get("/api/account/tokens").json()["tokens"]}
        assert times == {"laptop": used + LAST_USED_EVERY + 1, "server": None}
        # revoked: refused at once, over HTTP and on a socket already open
        with other_browser(client) as ana:
            signup(ana, "ana2")
            table = challenged(ana, first["token"], ["person", "@zeta"])
        owner = dict(client.cookies)
        client.cookies.clear()  # the program shows its token, and no cookie
        with client.websocket_connect(f"/ws/tables/{table}", headers=bearer(first["token"])) as ws:
            assert join(ws)["seat"] == 1
            client.cookies.update(owner)
            gone = client.delete(f"/api/account/tokens/{first['id']}")
            assert gone.json() == {"ok": True, "closed": 1}
            told = receive_until_error(ws)
            assert told["code"] == "unauthorized"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4401
        with other_browser(client) as program:
            refused = program.get("/api/bot/seats", headers=bearer(first["token"]))
            assert refused.status_code == 401 and "not valid" in refused.json()["detail"]
            assert program.get("/api/bot/seats", headers=bearer(second["token"])).status_code == 200
        with (
            other_browser(client) as program,
            program.websocket_connect(f"/ws/tables/{table}", headers=bearer(first["token"])) as ws,
        ):
            ws.send_text(json.dumps({"type": "join"}))
            assert json.loads(ws.receive_text())["code"] == "unauthorized"
        assert client.delete(f"/api/account/tokens/{first['id']}").status_code == 404
        assert [t["name"] for t in client.get("/api/account/tokens").json()["tokens"]] == ["server"]


def receive_until_error(ws: Any, latest: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return receive_until(ws, "error", latest)


def receive_until(ws: Any, kind: str, latest: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next message of type ``kind``; the updates before it are appended to ``latest``."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] == kind:
            return message
        if message["type"] == "update" and latest is not None:
            latest.append(message)


def test_each_token_has_its_own_rate_limit(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0, token_requests=3) as client:
        make_bot(client)
        first, second = new_token(client)["token"], new_token(client)["token"]
        with other_browser(client) as program:
            table = create(program, ["person", "easy"], game="summon7")["table"]["id"]  # a guest's
            for _ in range(3):
                assert program.get("/api/bot/seats", headers=bearer(first)).status_code == 200
            limited = program.get("/api/bot/seats", headers=bearer(first))
            assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0
            assert "too many requests" in limited.json()["detail"]
            with program.websocket_connect(f"/ws/tables/{table}", headers=bearer(first)) as ws:
                ws.send_text(json.dumps({"type": "join"}))  # a socket counts too
                assert json.loads(ws.receive_text())["code"] == "rate-limit"
            assert program.get("/api/bot/seats", headers=bearer(second)).status_code == 200
            clock.now += 61
            assert program.get("/api/bot/seats", headers=bearer(first)).status_code == 200


def test_a_bot_seated_by_name_plays_its_seat_and_is_named_a_bot_everywhere(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        make_bot(client)
        token = new_token(client)["token"]
        client.post("/api/account/logout")
        signup(client, "ana")
        for seats, words in (
            (["person", "@nobody"], "no account 'nobody'"),
            (["person", "@ana"], "not a bot account"),
            (["@zeta", "@ZETA"], "one seat"),
        ):
            refused = client.post("/api/tables", json={"game": "summon7", "seats": seats})
            assert refused.status_code == 400 and words in refused.json()["detail"], refused.text
        # a bot plays only the tables its program agreed to: a person naming it is told to challenge it
        unasked = client.post("/api/tables", json={"game": "summon7", "seats": ["person", "@zeta"]})
        assert unasked.status_code == 403 and "challenge it" in unasked.json()["detail"], unasked.text
        lobby = create(client, ["person", "person"], game="summon7")["table"]["id"]
        invited = client.post(f"/api/tables/{lobby}/invite", json={"seat": 1, "name": "zeta"})
        assert invited.status_code == 403 and "challenge it" in invited.json()["detail"], invited.text
        with other_browser(client) as program:
            taken = program.post(f"/api/tables/{lobby}/take", json={"seat": 1}, headers=bearer(token))
            assert taken.status_code == 403 and "a person challenges it" in taken.json()["detail"]
            # its program makes a table of its own, beside built-in levels, and takes no person seat
            for seats in (["person", "@zeta"], ["@zeta", "person"]):
                body = {"game": "summon7", "seats": seats}
                mine = program.post("/api/tables", json=body, headers=bearer(token))
                assert mine.status_code == 403 and "no person seat" in mine.json()["detail"], mine.text
            made = program.post(
                "/api/tables",
                json={
                    "game": "summon7",
                    "options": {"players": 2},
                    "seats": ["@zeta", "easy"],
                    "clock": {"mode": "none"},
                },
                headers=bearer(token),
            )
            assert made.status_code == 201, made.text
        created = made.json()
        table = created["table"]
        assert [(s["user"], s["bot"]) for s in table["seats"]] == [("zeta", True), (None, True)]
        assert table["rated"] and created["links"]["seats"][0]["url"] is None  # no link: its token
        # and a person's challenge, accepted by its program, seats it
        lobby = challenged(client, token, ["person", "@zeta"])
        with other_browser(client) as program:
            seats = program.get("/api/bot/seats", headers=bearer(token)).json()["seats"]
            assert [(s["table"], s["seat"], s["game"]) for s in seats] == [
                (table["id"], 0, "summon7"),
                (lobby, 1, "summon7"),
            ]
            assert program.get("/api/bot/seats").status_code == 401  # no token
            with program.websocket_connect(f"/ws/tables/{table['id']}", headers=bearer(token)) as ws:
                seen = [join(ws)]
                assert seen[0]["seat"] == 0 and seen[0]["table"]["seats"][0]["joined"]
                # what is offered, no more: anything else gets everybody's errors
                if seen[0]["view"]["legal"]:
                    act(ws, "fly", seen[0]["step"])
                    assert receive_until_error(ws, seen)["code"] == "invalid"
                ws.send_text(json.dumps({"type": "chat", "text": "hello"}))
                line = receive_until(ws, "chat", seen)["line"]
                assert line["name"] == "BOT zeta"  # its name in the server's words says so
                play_to_the_end(ws, seen[-1], random.Random(4))
            still = program.get("/api/bot/seats", headers=bearer(token)).json()["seats"]
            assert [s["table"] for s in still] == [lobby]  # the finished table is no longer listed
        assert all(p["name"] != "zeta" for p in client.get("/api/ratings/summon7").json()["players"])
        board = client.get("/api/ratings/summon7?board=bots").json()["players"]  # the bots' board
        zeta = next(p for p in board if p["name"] == "zeta")
        assert zeta["bot"] and zeta["url"] == "/players/zeta" and zeta["games"] == 1
        assert client.get("/api/players/zeta").json()["bot"] is True
        assert client.get("/api/players/ana").json()["bot"] is False
        finished = client.get("/api/tables").json()["finished"][0]["seats"][0]
        assert finished["user"] == "zeta" and finished["bot"] is True


def test_a_bot_programs_seat_is_offered_no_trade_at_any_time(db_url: str) -> None:
    """Its program answers what its seat is asked, never an offer made at any time (MegaCorps):
    such an offer is refused with the reason, an offer to a built-in bot goes as ever."""
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        make_bot(client)
        token = new_token(client)["token"]
        client.post("/api/account/logout")
        signup(client, "ana")
        table = challenged(client, token, ["person", "@zeta", "easy"], game="megacorps")
        with client.websocket_connect(f"/ws/tables/{table}", headers=ORIGIN) as ws:
            assert join(ws)["seat"] == 0
            offer = {"type": "offer", "give": ["1"], "ask": [], "note": ""}
            ws.send_text(json.dumps({**offer, "to": 1}))
            refused = receive_until_error(ws)
            assert refused["code"] == "bad-offer" and "zeta is a bot program" in refused["error"], refused
            ws.send_text(json.dumps({**offer, "to": 2}))
            listed = receive_until(ws, "offers")["offers"]
            assert [(o["from"], o["to"]) for o in listed if not o.get("turn")] == [(0, 2)]
