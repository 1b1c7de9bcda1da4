"""Accounts at tables (issue 13): a logged-in creator holds a seat by account, opens it without a
link, takes open seats from the lobby, finds their tables on one page; a seat held by an account
is not opened by its link in anybody else's hands, nor from a page of another site."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient

from tabletop.server.accounts import COOKIE

from .helpers import Clock, act, create, join, other_browser, receive, running, token_of
from .test_accounts import signup


def new_table(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    return create(client, seats, game="summon7", **extra)


other = other_browser


def welcome(client: TestClient, table_id: str, origin: str | None = "http://testserver") -> dict[str, Any]:
    headers = {"origin": origin} if origin else {}
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as ws:
        return join(ws)


def test_a_logged_in_creator_holds_the_first_seat_and_opens_it_without_a_link(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        assert signup(client, "ana").status_code == 201
        created = new_table(client, ["person", "person"])
        table_id = created["table"]["id"]
        seat0 = created["links"]["seats"][0]["url"]
        assert seat0.endswith(f"/table/{table_id}")  # no token: the account opens it
        assert created["table"]["seats"][0]["user"] == "ana"
        assert welcome(client, table_id)["seat"] == 0
        # a socket without Origin (no browser page's) gets no seat from the cookie, and a page of
        # another site gets no socket at all (test_limits.py)
        assert welcome(client, table_id, None)["seat"] is None


def test_a_seat_held_by_an_account_is_not_opened_by_its_link_in_other_hands(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        signup(client, "ana")
        created = new_table(client, ["person", "person"])
        table_id = created["table"]["id"]
        token = token_of(created, 1)
        with other(client) as bea:
            signup(bea, "bea")
            with bea.websocket_connect(
                f"/ws/tables/{table_id}", headers={"origin": "http://testserver"}
            ) as ws:
                assert join(ws, token)["seat"] == 1  # an invitation opened while logged in
            assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["user"] == "bea"
        with other(client) as guest, guest.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_text(json.dumps({"type": "join", "token": token}))
            assert receive(ws, "error")["code"] == "forbidden"


def test_open_seats_are_taken_from_the_lobby_by_accounts_and_guests(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        created = new_table(client, ["person", "person", "person", "easy"], options={"players": 4})
        table_id = created["table"]["id"]
        assert (
            client.post(f"/api/tables/{table_id}/take", json={"seat": 0}).status_code == 409
        )  # the creator's
        with other(client) as bea:
            signup(bea, "bea")
            taken = bea.post(f"/api/tables/{table_id}/take", json={"seat": 1})
            assert taken.status_code == 200 and taken.json() == {"url": f"/table/{table_id}"}
            assert bea.post(f"/api/tables/{table_id}/take", json={"seat": 2}).status_code == 409  # one each
            with bea.websocket_connect(
                f"/ws/tables/{table_id}", headers={"origin": "http://testserver"}
            ) as ws:
                assert join(ws)["seat"] == 1
        assert client.post(f"/api/tables/{table_id}/take", json={"seat": 1}).status_code == 409
        assert client.post(f"/api/tables/{table_id}/take", json={"seat": 3}).status_code == 409  # a bot's
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "open"
        guest = client.post(f"/api/tables/{table_id}/take", json={"seat": 2})
        assert guest.status_code == 200
        url = guest.json()["url"]
        assert "#token=" in url
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert join(ws, url.split("#token=")[1])["seat"] == 2
        # the creator's old link for seat 2 no longer opens it
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_text(json.dumps({"type": "join", "token": token_of(created, 2)}))
            assert receive(ws, "error")["code"] == "forbidden"
        found = client.get(f"/api/tables/{table_id}").json()
        assert found["status"] == "running" and found["clocks"]  # full: the clocks run


def test_private_tables_are_not_in_the_lobby_and_their_seats_not_taken(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        created = new_table(client, ["person", "person"], private=True)
        table_id = created["table"]["id"]
        listed = client.get("/api/tables").json()
        assert table_id not in [t["id"] for kind in listed.values() for t in kind]
        assert client.post(f"/api/tables/{table_id}/take", json={"seat": 1}).status_code == 403
        assert client.get(f"/api/tables/{table_id}").json()["private"] is True


def test_my_tables_lists_those_waiting_for_me_first(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        assert client.get("/api/me/tables").status_code == 401
        signup(client, "ana")
        mine = [new_table(client, ["person", "person"])["table"]["id"] for _ in range(3)]
        with other(client) as bea:
            signup(bea, "bea")
            new_table(bea, ["person", "person"])  # bea's, not ana's
            for table_id in mine[:2]:
                bea.post(f"/api/tables/{table_id}/take", json={"seat": 1})
        found = client.get("/api/me/tables").json()
        listed = [t["id"] for kind in ("turn", "playing", "waiting") for t in found[kind]]
        assert sorted(listed) == sorted(mine)
        for t in found["turn"]:
            assert t["my_seat"] == 0 and 0 in t["asked"]  # first, whether or not seats are still open
        for kind, status in (("playing", "running"), ("waiting", "open")):
            for t in found[kind]:
                assert t["my_seat"] == 0 and 0 not in t["asked"] and t["status"] == status
        assert mine[2] in [t["id"] for t in found["turn"] + found["waiting"]]
        assert found["finished"] == []
        text = json.dumps(found)
        assert COOKIE not in text and "password" not in text and "token" not in text


def test_rated_is_a_choice_kept_with_the_table(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        rated = new_table(client, ["person", "easy"])["table"]
        friendly = new_table(client, ["person", "easy"], rated=False)["table"]
        assert rated["rated"] is True and friendly["rated"] is False
        again = client.get(f"/api/tables/{friendly['id']}").json()
        assert again["rated"] is False and again["takeover"] == "normal"


def test_a_rated_game_played_to_the_end_moves_the_ratings_and_lands_on_the_player_page(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        signup(client, "ana")
        created = new_table(client, ["person", "easy"], clock={"mode": "none"})
        table_id = created["table"]["id"]
        rng = random.Random(5)
        with client.websocket_connect(
            f"/ws/tables/{table_id}", headers={"origin": "http://testserver"}
        ) as ws:
            message = join(ws)
            assert message["seat"] == 0
            while not message["over"]:
                if message["view"]["legal"]:
                    act(ws, rng.choice(message["view"]["legal"]), message["step"])
                message = receive(ws, "update")
        place = client.get(f"/api/tables/{table_id}").json()["seats"][0]["rank"]
        (ana,) = client.get("/api/ratings/summon7").json()["players"]  # people's board
        (bot,) = client.get("/api/ratings/summon7?board=bots").json()["players"]
        assert (ana["name"], bot["name"]) == ("ana", "Bot (easy)") and ana["games"] == bot["games"] == 1
        assert (ana["mu"] > bot["mu"]) == (place == 1)
        page = client.get("/api/players/ana").json()
        (game,) = page["games"]
        assert game["table"] == table_id and game["rank"] == place and game["rated"]
        assert game["replay"] == f"/replay/{table_id}"
        # the account's seat asks for a rematch without a link's token; a stranger may not
        rematch = client.post(f"/api/tables/{table_id}/rematch", json={})
        assert rematch.status_code == 201 and rematch.json()["table"]["seats"][0]["user"] == "ana"
        with other(client) as stranger:
            assert stranger.post(f"/api/tables/{table_id}/rematch", json={}).status_code == 403
        # an unrated table among friends leaves the ratings alone
        friendly = new_table(client, ["person", "easy"], clock={"mode": "none"}, rated=False)
        with client.websocket_connect(
            f"/ws/tables/{friendly['table']['id']}", headers={"origin": "http://testserver"}
        ) as ws:
            join(ws)
            ws.send_text(json.dumps({"type": "leave"}))
            while not receive(ws, "update")["over"]:
                pass
        assert all(p["games"] == 1 for p in client.get("/api/ratings/summon7").json()["players"])
        assert len(client.get("/api/players/ana").json()["games"]) == 2
