"""The lobby's REST API: games, tables, validation, rematches, replays and records."""

from __future__ import annotations

import random
import time

import pytest

from .helpers import act, create, join, pick, receive, running, sitting, token_of


def test_games_lists_megalomania_with_settable_options_and_levels(db_url: str) -> None:
    with running(db_url) as client:
        data = client.get("/api/games").json()
    megalomania = next(g for g in data["games"] if g["name"] == "megalomania")
    names = [o["name"] for o in megalomania["options"]]
    assert "players" in names and "data" not in names  # "data" is a file path: never settable online
    assert set(data["levels"]) >= {"easy", "normal", "hard"}


def test_create_returns_one_secret_link_per_person_and_a_spectator_link(db_url: str) -> None:
    with running(db_url) as client:
        created = create(client, ["person", "easy", "person"])
        table = created["table"]
        assert table["status"] == "open" and table["options"]["players"] == 3
        seats = created["links"]["seats"]
        assert [s["kind"] for s in seats] == ["person", "bot", "person"]
        assert seats[1]["url"] is None and seats[1]["level"] == "easy"
        assert token_of(created, 0) != token_of(created, 2)
        assert "#token=" in seats[0]["url"]  # in the fragment: never sent to a server or a log
        assert created["links"]["spectator"].endswith(f"/table/{table['id']}")
        listing = client.get("/api/tables").json()
        assert [t["id"] for t in listing["open"]] == [table["id"]]
        summary = client.get(f"/api/tables/{table['id']}").json()
        assert "token" not in str(summary)


@pytest.mark.parametrize(
    "body, message",
    [
        ({"game": "chess"}, "no game called"),
        ({"options": {"players": 9}}, "at most 4"),
        ({"options": {"colour": "red"}}, "unknown option"),
        ({"options": {"data": "/etc/passwd"}}, "cannot be set on this server"),
        ({"options": {"players": 2}, "seats": ["person"]}, "2 seats"),
        ({"options": {"players": 2}, "seats": ["person", "grandmaster"]}, "bot level"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(db_url: str, body: dict[str, object], message: str) -> None:
    with running(db_url) as client:
        response = client.post("/api/tables", json={"game": "megalomania", **body})
        assert response.status_code == 400
        assert message in response.json()["detail"]
        assert client.get("/api/tables").json()["open"] == []


def test_malformed_and_oversized_requests_are_refused(db_url: str) -> None:
    json_type = {"content-type": "application/json"}
    with running(db_url) as client:
        assert (
            client.post(
                "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
            ).status_code
            == 422
        )
        assert client.post("/api/tables", json={"seats": "person"}).status_code == 422
        big = {
            "game": "megalomania",
            "options": {"players": 2},
            "seats": ["person", "easy"],
            "x": "y" * 20000,
        }
        assert client.post("/api/tables", json=big).status_code == 413
        chunked = iter([b'{"game": "megalomania"}'])  # no length given: refused, never read
        assert client.post("/api/tables", content=chunked, headers=json_type).status_code == 413
        assert client.get("/api/tables/nosuchtable").status_code == 404
        assert client.get("/api/tables/../../etc").status_code == 404


def test_pages_and_static_files_are_served_with_security_headers(db_url: str) -> None:
    with running(db_url) as client:
        for path in ("/", "/table/abc", "/replay/abc", "/static/js/table.js", "/static/css/style.css"):
            response = client.get(path)
            assert response.status_code == 200, path
            assert "default-src 'self'" in response.headers["content-security-policy"]
            assert response.headers["referrer-policy"] == "no-referrer"


def test_replay_and_record_wait_for_the_end_and_show_only_your_own_view(db_url: str) -> None:
    with running(db_url) as client:
        created = create(client, ["person", "person"])
        table = created["table"]["id"]
        tokens = [token_of(created, 0), token_of(created, 1)]
        assert client.get(f"/api/tables/{table}/record").status_code == 409
        spectator = client.get(f"/api/tables/{table}/replay?step=0").json()
        assert spectator["views"] is None and all("hand" not in s for s in spectator["view"]["seats"])
        assert client.get(f"/api/tables/{table}/replay?step=0&seat=1").status_code == 403
        forged = {"Authorization": "Bearer not-a-token"}
        assert client.get(f"/api/tables/{table}/replay?step=0&seat=1", headers=forged).status_code == 403
        own = {"Authorization": f"Bearer {tokens[1]}"}
        mine = client.get(f"/api/tables/{table}/replay?step=0&seat=1", headers=own).json()
        assert "hand" in mine["view"]["seats"][1] and "hand" not in mine["view"]["seats"][0]
        assert {e["kind"] for e in mine["events"]} >= {"round", "hand"}
        assert all(e["seat"] == 1 for e in mine["events"] if e["kind"] == "hand")
        assert client.get(f"/api/tables/{table}/replay?step=5").status_code == 400  # not played yet


def test_rematch_after_the_end_keeps_the_seats_and_their_links(db_url: str) -> None:
    rng = random.Random(3)
    with running(db_url) as client:
        with sitting(client, ["person", "easy"]) as (table, token, ws, message):
            assert client.post(f"/api/tables/{table}/rematch", json={"token": token}).status_code == 409
            while not message["over"]:
                if message["view"]["legal"]:
                    act(ws, pick(message["view"], rng))
                message = receive(ws, "update")
            assert client.post(f"/api/tables/{table}/rematch", json={}).status_code == 403
            assert client.post(f"/api/tables/{table}/rematch", json={"token": "forged"}).status_code == 403
            response = client.post(f"/api/tables/{table}/rematch", json={"token": token})
            assert response.status_code == 201
            new = response.json()["table"]
            assert receive(ws, "rematch")["table"] == new["id"]
        again = client.post(f"/api/tables/{table}/rematch", json={"token": token}).json()["table"]
        assert again["id"] == new["id"]  # one rematch per table
        assert [s["kind"] for s in new["seats"]] == ["person", "bot"] and new["rematch_of"] == table
        with client.websocket_connect(f"/ws/tables/{new['id']}") as ws:
            assert join(ws, token)["seat"] == 0  # the same link's token sits you again
        record = client.get(f"/api/tables/{table}/record").json()
        assert record["format"] == "tabletop-record/1" and record["actions"]
        final = client.get(f"/api/tables/{table}/replay?step={len(record['actions'])}").json()
        assert final["finished"] and len(final["views"]) == 2
        assert all("hand" in v["seats"][0] and "hand" in v["seats"][1] for v in final["views"])
        first = client.get(f"/api/tables/{table}/replay?step=1").json()
        assert all("hand" in v["seats"][i] for i, v in enumerate(first["views"]))  # after the end: public
        assert "finished" in client.get("/api/tables").json() and any(
            t["id"] == table for t in client.get("/api/tables").json()["finished"]
        )


def test_finished_tables_leave_memory_and_come_back_from_the_database(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tabletop.server import hub

    monkeypatch.setattr(hub, "KEEP_FINISHED", 1)
    with running(db_url, watch_tables_per_address=3) as client:
        ids = [create(client, ["easy", "easy"], game="summon7")["table"]["id"] for _ in range(3)]
        rooms = client.app.state.hub.rooms  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60
        while not all(client.get(f"/api/tables/{t}").json()["status"] == "finished" for t in ids):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert sum(1 for t in ids if t in rooms) == 1
        for t in ids:  # each is read back from the database, replayed through the rules
            steps = client.get(f"/api/tables/{t}").json()["step"]
            last = client.get(f"/api/tables/{t}/replay?step={steps}").json()
            assert last["finished"] and last["view"]["ranking"]
        finished = {t["id"]: t["title"] for t in client.get("/api/tables").json()["finished"]}
        assert [finished[t] for t in ids] == ["Summon 7"] * 3  # the game's title, from memory or not
