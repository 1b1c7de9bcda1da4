"""People's data (issue 31): a player downloads what the server holds about their account, and
nothing of anybody else's secrets; deleting the account (password confirmed) anonymises their
name in every record, ends their sessions, devices, email and push subscriptions, and leaves
every game replayable and the other players' ratings as they were."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tabletop.core.record import Record, entry
from tabletop.core.registry import make
from tabletop.server import mailbox, ratings
from tabletop.server.accounts import COOKIE, DEVICE_COOKIE
from tabletop.server.mailbox import Subscription
from tabletop.server.schema import SeatRow, TableRow, metadata, rating_history_t, users_t
from tabletop.server.storage import Append, Storage

from .helpers import Clock, join, running, strings, token_of
from .test_accounts import PASSWORD, login, signup

ORIGIN = {"origin": "http://testserver"}


def storage_of(client: TestClient) -> Storage:
    storage: Storage = client.app.state.hub.storage  # type: ignore[attr-defined]
    return storage


def user_id(client: TestClient, name: str) -> int:
    user = storage_of(client).user(name)
    assert user is not None
    return user.id


def finished_game(storage: Storage, table_id: str, seats: list[SeatRow], at: float) -> Record:
    """A whole Summon 7 game played at random, stored as the server leaves it (rated)."""
    game = make("summon7", players=len(seats))
    record = Record(game.name, dict(game.options), 11, None, [])
    state = record.initial_state(game)
    rng = random.Random(5)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        record.actions.append(entry(state, action, state.current_seat))
        state.apply(action)
    storage.insert_table(
        TableRow(table_id, game.name, dict(game.options), record.seed, None, at - 600, seats, rated=True)
    )
    last = len(record.actions) - 1
    storage.append_actions(
        [Append(table_id, k, None, text, k == last, at - 600 + k) for k, text in enumerate(record.actions)]
    )
    ranks = state.ranking()
    storage.set_ranks(table_id, ranks)
    assert ratings.record_result(storage, table_id, game.name, seats, ranks, at)
    return record


def rows_naming(storage: Storage, uid: int) -> int:
    """The rows of every table whose foreign key names the user (its own row included)."""
    count = 0
    with storage.engine.connect() as conn:
        for table in metadata.sorted_tables:
            for column in table.columns:
                if any(f.column.table is users_t for f in column.foreign_keys) or (
                    table is users_t and column.name == "id"
                ):
                    count += conn.execute(select(func.count()).where(column == uid)).scalar() or 0
    return count


def setup(client: TestClient, clock: Clock) -> dict[str, Any]:
    """bea and ana (accounts; ana with an email, a push subscription, a finished rated game against
    bea, an unfinished table with bea where both chat, and a block); returns what the tests need."""
    signup(client, "bea")
    bea_cookies = dict(client.cookies)
    client.cookies.clear()
    signup(client, "ana")  # the newest account: SQLite may give a new one its id again
    storage = storage_of(client)
    ana, bea = user_id(client, "ana"), user_id(client, "bea")
    mailbox.set_pending(storage, ana, "ana@example.org", clock.now)
    sub = Subscription("https://push.example.org/ana", "p" * 87, "a" * 22)
    mailbox.subscribe(storage, ana, sub, clock.now, 5)
    seats = [
        SeatRow(0, "person", token_hash="0a" * 32, name="ana", joined=True, user_id=ana),
        SeatRow(1, "person", token_hash="0b" * 32, name="bea", joined=True, user_id=bea),
    ]
    record = finished_game(storage, "done1", seats, clock.now - 3600)
    assert client.put("/api/account/blocks/bea").status_code == 200
    body = {"game": "megalomania", "options": {"players": 2}, "seats": ["person", "person"]}
    created = client.post("/api/tables", json=body).json()  # ana holds seat 0
    table = created["table"]["id"]
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url, headers=ORIGIN) as ws_ana, client.websocket_connect(url) as ws_bea:
        welcome_ana = join(ws_ana)
        welcome_bea = join(ws_bea, token_of(created, 1))
        ws_ana.send_text(json.dumps({"type": "chat", "text": "hello from ana"}))
        ws_bea.send_text(json.dumps({"type": "chat", "text": "hello from bea"}))
        for ws in (ws_ana, ws_bea):
            heard = 0
            while heard < 2:
                heard += json.loads(ws.receive_text())["type"] == "chat"
    return {
        "ana": ana,
        "bea": bea,
        "bea_cookies": bea_cookies,
        "record": record,
        "table": table,
        "bea_hand": welcome_bea["view"],
        "ana_view": welcome_ana["view"],
        "session": client.cookies.get(COOKIE),
        "device": client.cookies.get(DEVICE_COOKIE),
    }


def test_the_download_holds_the_accounts_data_and_nobody_elses_secrets(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        made = setup(client, clock)
        answer = client.get("/api/account/data")
        assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
        data = answer.json()
        assert data["format"] == "tabletop-account-data/1"
        assert data["account"]["name"] == "ana" and data["account"]["admin"] is False
        assert data["email"] == {"address": None, "pending": "ana@example.org"}
        assert [p["endpoint"] for p in data["push_subscriptions"]] == ["https://push.example.org/ana"]
        assert data["blocked"] == ["bea"]
        assert {r["game"] for r in data["ratings"]} == {"summon7"} and len(data["rating_history"]) == 1
        assert len(data["sessions"]) == 1 and len(data["devices"]) == 1
        games = {g["table"]: g for g in data["games"]}
        assert set(games) == {"done1", made["table"]}
        done = games["done1"]
        assert (
            done["seat"] == 0
            and done["rank"] in (1, 2)
            and [p["name"] for p in done["players"]] == ["ana", "bea"]
        )
        assert done["record"] == client.get("/api/tables/done1/record").json()  # public: the game is over
        assert games[made["table"]]["record"] is None  # unfinished: its moves could tell bea's hand
        assert [line["text"] for line in data["chat"]] == ["hello from ana"]  # hers only
        texts = set(strings(data))
        secrets = {made["session"], made["device"], "0a" * 32, "0b" * 32, "p" * 87, "a" * 22}
        assert not texts & secrets, texts & secrets  # no token, hash or push key
        assert "hello from bea" not in texts
        assert not {"token_hash", "password_hash", "view", "hand", "hands"} & texts
        with storage_of(client).engine.connect() as conn:
            hashes = set(conn.execute(select(users_t.c.password_hash)).scalars())
        assert not texts & hashes
        client.cookies.clear()
        assert client.get("/api/account/data").status_code == 401


def test_deleting_the_account_anonymises_it_and_keeps_every_game_replayable(db_url: str) -> None:
    clock = Clock()
    with running(db_url, clock=clock, clock_tick=0) as client:
        made = setup(client, clock)
        storage = storage_of(client)
        ana, bea = made["ana"], made["bea"]
        before = client.get("/api/tables/done1/record").json()
        steps = len(before["actions"])
        bea_rating = client.get("/api/ratings/summon7").json()["players"]
        with storage.engine.connect() as conn:
            history = conn.execute(select(func.count()).select_from(rating_history_t)).scalar()
        wrong = client.post("/api/account/delete", json={"password": "not my password"})
        assert wrong.status_code == 403 and client.get("/api/account/me").json() == {"name": "ana"}
        assert rows_naming(storage, ana) > 0
        gone = client.post("/api/account/delete", json={"password": PASSWORD})
        assert gone.status_code == 200
        anon = gone.json()["name"]
        assert anon.startswith("Former player ")
        assert client.get("/api/account/me").status_code == 401
        assert rows_naming(storage, ana) == 0  # sessions, devices, email, push, blocks, the account
        assert login(client).status_code == 401  # the name logs in no more
        # every game replays; her name is the anonymous one, bea's is as it was
        assert client.get("/api/tables/done1/record").json() == before
        for step in (0, steps // 2, steps):
            assert client.get(f"/api/tables/done1/replay?step={step}").status_code == 200
        summary = client.get("/api/tables/done1").json()
        assert [(s["name"], s["user"]) for s in summary["seats"]] == [(anon, None), ("bea", "bea")]
        live = client.get(f"/api/tables/{made['table']}").json()
        assert live["seats"][0]["name"] == anon and live["seats"][0]["left"] is True  # a bot plays on
        with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
            chat = join(ws)["chat"]
        assert [(line["name"], line["text"]) for line in chat] == [
            (anon, "hello from ana"),
            ("Seat 1", "hello from bea"),
        ]
        # her ratings leave the leaderboard; bea's and the tables' history stay
        after = client.get("/api/ratings/summon7").json()["players"]
        assert [p for p in bea_rating if p["name"] != "ana"] == after
        with storage.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(rating_history_t)).scalar() == history
        assert ratings.catch_up(storage, clock.now) == 0  # the finished table stays rated once
        assert client.get("/api/players/ana").status_code == 404
        # the name is free again, and a new account of that name inherits nothing
        assert signup(client, "ana").status_code == 201
        page = client.get("/api/players/ana").json()
        assert page["games"] == [] and page["ratings"] == []
        assert client.get("/api/account/data").json()["games"] == []
        client.cookies.clear()
        client.cookies.update(made["bea_cookies"])
        assert client.get("/api/account/me").json() == {"name": "bea"}
        assert user_id(client, "bea") == bea
        theirs = {g["table"]: g for g in client.get("/api/account/data").json()["games"]}
        assert [p["name"] for p in theirs["done1"]["players"]] == [anon, "bea"]


def test_deleting_needs_a_session(db_url: str) -> None:
    with running(db_url, clock=Clock(), clock_tick=0) as client:
        assert client.post("/api/account/delete", json={"password": PASSWORD}).status_code == 401
