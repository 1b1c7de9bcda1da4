"""Tutorial tables (issue 28, tabletop/server/tutorials.py): the API lists and creates them (never
rated, private, untimed, marked as a tutorial); while the guide leads, the person's view offers
only the script's move and any other is refused with the guide's words, changing nothing; the
guide's place survives a restart; leaving the guide makes the table a normal game, stored; a
spectator sees the table as at any other."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from tabletop.core.registry import names
from tabletop.server import tutorials
from tabletop.words.tutorials import tutorial

from .helpers import join, running, token_of

pytestmark = pytest.mark.timeout(120)


def start(client: Any, game: str = "summon7") -> dict[str, Any]:
    response = client.post(f"/api/tutorials/{game}")
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def asked(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next update (or welcome) in which the seat is asked something: the bots have played."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] in ("update", "welcome") and (message["view"]["legal"] or message["over"]):
            return message
        assert message["type"] in ("update", "seats"), message


def act(ws: WebSocketTestSession, text: str) -> None:
    ws.send_text(json.dumps({"type": "action", "action": text}))


def refusal(ws: WebSocketTestSession) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] == "error":
            return message
        assert message["type"] == "seats", message


def test_the_api_lists_every_games_guided_game(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with running(db_url) as client:
        listed = client.get("/api/tutorials").json()["games"]
        assert [g["game"] for g in listed] == list(names())  # every game has one, in the registry's order
        for entry in listed:
            script = tutorial(entry["game"])
            assert entry == {"game": script.game, "title": script.title, "steps": len(script.steps)}
        shown = client.get("/api/tutorials/megalomania").json()
        script = tutorial("megalomania")
        assert [s["expect"] for s in shown["steps"]] == [s.expect for s in script.steps]
        assert shown["steps"][4]["point"] == '[data-action="Eu"]'  # an expected move points at its maker
        assert shown["steps"][0]["text"]["parts"]  # a line of words, as the log's
        unknown = client.get("/api/tutorials/chess")
        assert unknown.status_code == 404 and "there is no game called 'chess'" in unknown.json()["detail"]
        assert client.post("/api/tutorials/chess").status_code == 404
        monkeypatch.setattr(tutorials, "games", lambda: ["summon7"])
        missing = client.get("/api/tutorials/clan")
        assert missing.status_code == 404
        assert missing.json()["detail"] == "clan has no guided game yet; there are guided games of summon7"


def test_a_tutorial_table_offers_only_the_guides_move(db_url: str) -> None:
    with running(db_url) as client:
        created = start(client)
        table = created["table"]
        assert (table["rated"], table["private"], table["clock"], table["tutorial"]) == (
            False,
            True,
            None,
            "summon7",
        )
        assert created["url"] == created["links"]["seats"][0]["url"]
        assert [s["kind"] for s in table["seats"]] == ["person", "bot", "bot"]
        assert all(s["level"] == "easy" for s in table["seats"][1:])
        assert table["id"] not in json.dumps(client.get("/api/tables").json())  # private: not listed
        room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
        assert room.record.seed == 7 and room.record.setup == tutorial("summon7").setup
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            welcome = join(ws, token_of(created, 0))
            assert welcome["tutorial"] == {
                "game": "summon7",
                "made": 0,
                "moves": 3,
                "step": 0,
                "steps": 8,
                "live": True,
                "left": False,
            }
            assert welcome["view"]["legal"] == ["hit"]  # the rules would allow hold too
            assert sorted(room.prompts[0].legal) == ["hit", "hold"]
            assert list(welcome["labels"]) == ["hit"]
            before, step = room.state.to_json(), room.step
            act(ws, "hold")
            refused = refusal(ws)
            assert refused["code"] == "guide"
            assert refused["error"] == (
                "In this guided game, the guide asks for one move now: Hit: one more card (bust chance 8%). "
                "Leave the guide to play as you like."
            )
            assert room.state.to_json() == before and room.step == step  # nothing changed
            ws.send_text(json.dumps({"type": "why", "action": "hold"}))
            why = json.loads(ws.receive_text())
            assert why["type"] == "why" and why["reason"] == refused["error"]
            ws.send_text(json.dumps({"type": "why", "action": "hit"}))
            assert json.loads(ws.receive_text())["reason"] is None
            act(ws, "hit")
            after = asked(ws)
            assert after["tutorial"]["made"] == 1 and after["tutorial"]["step"] == 3
            assert after["view"]["legal"] == ["hit"]  # the script's next move
            # a spectator watches as at any table: no guide, the public view
            with client.websocket_connect(f"/ws/tables/{table['id']}") as watcher:
                seen = join(watcher)
                assert seen["seat"] is None and seen["tutorial"] is None and seen["view"]["legal"] == []
                assert seen["view"] == room.state.view(None) | {"legal": []}


def test_the_guides_place_survives_a_restart(db_url: str) -> None:
    with running(db_url) as client:
        created = start(client)
        table, token = created["table"]["id"], token_of(created, 0)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            join(ws, token)
            act(ws, "hit")
            asked(ws)
            act(ws, "hit")
            moved = asked(ws)
        assert moved["tutorial"]["made"] == 2
    # the same database: the table is read back from its record
    with running(db_url) as client, client.websocket_connect(f"/ws/tables/{table}") as ws:
        welcome = join(ws, token)
        assert welcome["tutorial"]["made"] == 2 and welcome["tutorial"]["step"] == 5
        assert welcome["view"]["legal"] == ["hold"]
        act(ws, "hit")
        assert refusal(ws)["code"] == "guide"
        act(ws, "hold")
        done = asked(ws)  # the round is over and the next one asks you: the guide's moves are made
        assert done["tutorial"] == {
            "game": "summon7",
            "made": 3,
            "moves": 3,
            "step": 6,
            "steps": 8,
            "live": False,
            "left": False,
        }
        assert sorted(done["view"]["legal"]) == ["hit", "hold"]  # free play


def test_leaving_the_guide_is_free_play_and_stored(db_url: str) -> None:
    with running(db_url) as client:
        created = start(client, "megalomania")
        table, token = created["table"]["id"], token_of(created, 0)
        room = client.app.state.hub.rooms[table]  # type: ignore[attr-defined]
        assert client.post(f"/api/tables/{table}/guide/leave", json={}).status_code == 403
        assert client.post(f"/api/tables/{table}/guide/leave", json={"token": "x" * 40}).status_code == 403
        assert client.post("/api/tables/nope/guide/leave", json={"token": token}).status_code == 404
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            welcome = join(ws, token)
            assert welcome["view"]["legal"] == ["take=crystals"]
            left = client.post(f"/api/tables/{table}/guide/leave", json={"token": token})
            assert left.status_code == 200 and left.json()["tutorial"]["left"] is True
            update = asked(ws)
            assert update["tutorial"]["left"] is True and not update["tutorial"]["live"]
            assert sorted(update["view"]["legal"]) == sorted(room.prompts[0].legal)
            assert len(update["view"]["legal"]) == 4  # crystals, cubes, mixed, scroll
            act(ws, "take=scroll")  # not the script's move: accepted now
            assert asked(ws)["view"]["legal"]
        body = {"game": "summon7", "seats": ["person", "easy"], "options": {"players": 2}}
        plain = client.post("/api/tables", json=body).json()
        refused = client.post(
            f"/api/tables/{plain['table']['id']}/guide/leave", json={"token": token_of(plain, 0)}
        )
        assert refused.status_code == 409
    with running(db_url) as client, client.websocket_connect(f"/ws/tables/{table}") as ws:
        again = join(ws, token)
        assert again["tutorial"]["left"] is True and len(again["view"]["legal"]) > 1


def test_a_trade_offer_waits_for_the_guide(db_url: str) -> None:
    """A move made outside the questions (a MegaCorps trade offer) is the guide's to allow too."""
    with running(db_url) as client:
        created = start(client, "megacorps")
        table = created["table"]["id"]
        room = client.app.state.hub.rooms[table]  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            join(ws, token_of(created, 0))
            step = room.step
            ws.send_text(json.dumps({"type": "offer", "to": 1, "give": ["5"], "ask": [], "note": ""}))
            refused = refusal(ws)
            assert refused["code"] == "guide" and "Take Japan's Aerospace company" in refused["error"]
            assert room.step == step


def test_a_script_whose_move_does_not_come_holds_nobody_up(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were a script's move not among the person's choices (the walk's tests catch that), the table
    offers the rules' choices, and whatever the person plays ends the guide."""
    script = tutorial("megalomania")
    wrong = [dataclasses.replace(s, expect="Kb") if s.expect == "take=crystals" else s for s in script.steps]
    monkeypatch.setattr(tutorials, "tutorial", lambda game: dataclasses.replace(script, steps=tuple(wrong)))
    with running(db_url) as client:
        created = start(client, "megalomania")
        room = client.app.state.hub.rooms[created["table"]["id"]]  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/tables/{room.id}") as ws:
            welcome = join(ws, token_of(created, 0))
            assert welcome["tutorial"]["live"] and sorted(welcome["view"]["legal"]) == sorted(
                room.prompts[0].legal
            )
            act(ws, "take=scroll")
            after = asked(ws)
            assert after["tutorial"]["live"] is False and after["tutorial"]["made"] == 0
            assert len(after["view"]["legal"]) > 1


def test_no_hint_while_the_guide_leads_and_hints_once_play_is_free(db_url: str) -> None:
    with running(db_url, bot_workers="thread") as client:
        created = start(client, "megalomania")
        table, token = created["table"]["id"], token_of(created, 0)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            welcome = join(ws, token)
            assert welcome["hints"]["allowed"] and welcome["tutorial"]["live"]
            ws.send_text(json.dumps({"type": "hint"}))
            refused = refusal(ws)
            assert refused["code"] == "guided" and "guide" in refused["error"]
            assert client.post(f"/api/tables/{table}/guide/leave", json={"token": token}).status_code == 200
            asked(ws)
            ws.send_text(json.dumps({"type": "hint"}))
            while True:
                message = json.loads(ws.receive_text())
                assert message["type"] != "error", message
                if message["type"] == "hint":
                    break
            assert message["used"] == 1 and 1 <= len(message["choices"]) <= 3
