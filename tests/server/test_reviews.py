"""A finished game's review (issue 28): ``GET /api/tables/ID/review`` is 404 for an unknown table,
409 before the end, 202 while the bot workers compute it in the background (the end of a game
starts it; for an older game the request does), then the review: stored, the same after a
restart, and the same numbers ``advice.review`` gives for the record and its seed, twice.  Small
playout counts keep this fast (``small`` below)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
import sqlalchemy as sa

from tabletop.agents import advice
from tabletop.core.record import Record
from tabletop.server import reviews
from tabletop.server.schema import SeatRow, TableRow, reviews_t
from tabletop.server.storage import Storage

from .helpers import running


@pytest.fixture(autouse=True)
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviews, "START_DELAY", 0.0)  # at once: the tests wait for it
    for game in advice.BUDGETS:
        monkeypatch.setitem(advice.BUDGETS, game, advice.Budget(4, 4, 40, advice.BUDGETS[game].policy))


def finished_table(client: Any, game: str = "summon7", **options: Any) -> str:
    """A bot-only table, played to its end."""
    body = {"game": game, "seats": ["easy", "easy"], "options": {"players": 2, **options}}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table_id: str = response.json()["table"]["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    return table_id


def reviewed(client: Any, table_id: str) -> dict[str, Any]:
    """The review, once computed (202 until then)."""
    deadline = time.monotonic() + 60
    while True:
        response = client.get(f"/api/tables/{table_id}/review")
        if response.status_code == 200:
            data: dict[str, Any] = response.json()
            return data
        assert response.status_code == 202, response.text
        assert response.json()["status"] == "computing"
        assert time.monotonic() < deadline, "the review was not computed"
        time.sleep(0.05)


def test_no_review_for_an_unknown_table_nor_before_the_end(db_url: str) -> None:
    with running(db_url) as client:
        assert client.get("/api/tables/nosuchtable/review").status_code == 404
        body = {"game": "summon7", "seats": ["person", "easy"], "options": {"players": 2}}
        table_id = client.post("/api/tables", json=body).json()["table"]["id"]
        response = client.get(f"/api/tables/{table_id}/review")
        assert response.status_code == 409
        assert "when the game is over" in response.json()["detail"]


def test_a_finished_game_is_reviewed_stored_and_the_numbers_are_the_records(each_db_url: str) -> None:
    with running(each_db_url) as client:
        table_id = finished_table(client, target=25)
        review = reviewed(client, table_id)
        record = Record.from_json(client.get(f"/api/tables/{table_id}/record").json())
        names = client.app.state.hub.rooms[table_id].names()
    assert review["status"] == "done" and review["table"] == table_id and review["names"] == names
    assert review["game"] == "summon7" and review["players"] == 2 and review["steps"] == len(record.actions)
    points = review["points"]
    assert points and points[-1]["step"] == len(record.actions) and points[-1]["seat"] is None
    final = record.replay()
    assert points[-1]["chances"] == advice.outcome(final)
    for point in points:
        assert len(point["chances"]) == 2 and abs(sum(point["chances"]) - 1) < 1e-3
    assert 1 <= len(review["turning"]) <= advice.TURNING_POINTS
    for turn in review["turning"]:
        assert {
            "step",
            "seat",
            "action",
            "label",
            "before",
            "after",
            "preferred",
            "preferred_label",
            "instead",
        } <= set(turn)
    # the same numbers as advice.review for the record and its seed, computed here twice
    first = advice.review(record, names=names)
    assert first == advice.review(record, names=names)
    assert {k: v for k, v in review.items() if k not in ("table", "status", "names")} == first
    with running(each_db_url) as client:  # stored: served at once by a new server
        again = client.get(f"/api/tables/{table_id}/review")
        assert again.status_code == 200 and again.json() == review


def test_an_older_game_without_a_review_gets_one_when_asked(db_url: str) -> None:
    with running(db_url) as client:
        table_id = finished_table(client, target=15)
        first = reviewed(client, table_id)
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:  # as if finished before reviews existed
        conn.execute(sa.delete(reviews_t))
    engine.dispose()
    with running(db_url) as client:
        assert client.get(f"/api/tables/{table_id}/review").status_code == 202  # the request starts it
        assert reviewed(client, table_id) == first
    with engine.begin() as conn:  # as if the server had stopped while computing it
        conn.execute(sa.update(reviews_t).values(status="computing", data=None, finished=None))
    engine.dispose()
    with running(
        db_url
    ) as client:  # one process on SQLite: a review still "computing" was a stopped server's
        assert client.get(f"/api/tables/{table_id}/review").status_code == 202
        assert reviewed(client, table_id) == first


def test_the_database_keeps_hints_and_reviews(each_db_url: str) -> None:
    """Storage on both databases: a hint's number is given once (two server processes asking for
    the same one: the second is refused), a review is started by one process only and taken up
    when failed, stale or made with other parameters."""
    storage = Storage(each_db_url)
    storage.create_schema()
    row = TableRow(
        "t1", "summon7", {"players": 2}, 1, None, 0.0, [SeatRow(0, "bot", "easy"), SeatRow(1, "bot", "easy")]
    )
    storage.insert_table(row)
    assert storage.add_hint("t1", 0, 0, 3, 10.0) and storage.add_hint("t1", 1, 0, 5, 11.0)
    assert not storage.add_hint("t1", 0, 0, 4, 12.0)  # that number was given
    assert storage.add_hint("t1", 0, 1, 7, 13.0)
    assert storage.hints("t1") == [(0, 3), (1, 5), (0, 7)]
    loaded = storage.load("t1")
    assert loaded is not None and loaded.hints == [(0, 3), (1, 5), (0, 7)]
    params = {"version": 1, "playouts": 4, "points": 40, "seed": 2**63 + 5}
    assert storage.review("t1") is None
    assert storage.start_review("t1", params, 100.0, 0.0)
    assert not storage.start_review("t1", params, 101.0, 0.0)  # another process computes it
    assert storage.start_review("t1", params, 800.0, 200.0)  # ... but stopped long ago
    storage.finish_review("t1", None, 801.0)
    assert storage.start_review("t1", params, 802.0, 0.0)  # a failed one is computed again
    storage.finish_review("t1", {"points": [1]}, 803.0)
    stored = storage.review("t1")
    assert stored is not None and stored.status == "done" and stored.data == {"points": [1]}
    assert stored.params == params and stored.finished == 803.0
    assert not storage.start_review("t1", params, 900.0, 850.0)  # done
    assert storage.start_review("t1", {**params, "playouts": 8}, 900.0, 850.0)  # other parameters
    storage.close()


def test_reviews_and_hints_are_computed_in_worker_processes(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``tabletop serve``'s workers are processes: the hint's and the review's functions run there,
    on JSON (with the games' default budgets: the patched ones stay in this process)."""
    monkeypatch.undo()  # the default budgets, as the worker processes have them
    monkeypatch.setattr(reviews, "START_DELAY", 0.0)
    with running(db_url, bot_workers="process", bot_threads=1) as client:
        table_id = finished_table(client, target=10)
        review = reviewed(client, table_id)
        record = Record.from_json(client.get(f"/api/tables/{table_id}/record").json())
        names = client.app.state.hub.rooms[table_id].names()
        body = {"game": "summon7", "seats": ["person", "person"], "options": {"players": 2}, "rated": False}
        created = client.post("/api/tables", json=body).json()
        room = client.app.state.hub.rooms[created["table"]["id"]]
        seat = room.state.current_seat
        token = created["links"]["seats"][seat]["url"].split("#token=", 1)[1]
        with client.websocket_connect(f"/ws/tables/{room.id}") as ws:
            ws.send_text(json.dumps({"type": "join", "token": token}))
            while (message := json.loads(ws.receive_text()))["type"] != "welcome":
                pass
            ws.send_text(json.dumps({"type": "hint"}))
            while (message := json.loads(ws.receive_text()))["type"] not in ("hint", "error"):
                pass
    assert message["type"] == "hint" and {c["action"] for c in message["choices"]} <= {"hit", "hold"}
    assert review["playouts"] == advice.budget("summon7").review_playouts
    assert {k: v for k, v in review.items() if k not in ("table", "status", "names")} == advice.review(
        record, names=names
    )
