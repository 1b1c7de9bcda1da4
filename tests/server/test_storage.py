"""The storage, on SQLite always and on PostgreSQL when a server is available."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from tabletop.core.record import Record
from tabletop.server.schema import actions_t
from tabletop.server.storage import ACTION_COLUMNS, Append, SeatRow, Storage, TableRow, engine_url
from tabletop.server.writer import Writer

from .helpers import act, join, pick, receive, running, sitting


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest) -> str:
    name = "db_url" if request.param == "sqlite" else "pg_url"
    return str(request.getfixturevalue(name))


def row(table_id: str, **extra: Any) -> TableRow:
    seats = [SeatRow(0, "person", token_hash="ab" * 32), SeatRow(1, "bot", level="easy")]
    return TableRow(table_id, "megalomania", {"players": 2, "data": ""}, 1 << 31, None, 1.0, seats, **extra)


def test_engine_url_picks_psycopg_3() -> None:
    assert engine_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert engine_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert engine_url("sqlite:///x.db") == "sqlite:///x.db"


def test_tables_seats_and_actions_round_trip(url: str) -> None:
    storage = Storage(url)
    storage.create_schema()
    storage.create_schema()  # twice is fine: a restart does it
    storage.insert_table(row("t1"))
    storage.insert_table(row("t2", rematch_of="t1"))
    storage.append_actions([Append("t1", 0, 0, "take=crystals"), Append("t2", 0, 1, "take=cubes")])
    storage.append_actions([Append("t1", 1, 1, "take=mixed", finished=True)])
    storage.mark_joined("t1", 0, "Ana")
    with pytest.raises(IntegrityError):  # one action per index: never two at the same place
        storage.append_actions([Append("t1", 1, 0, "take=scroll")])
    loaded = storage.load("t1")
    assert loaded is not None
    assert loaded.actions == ["take=crystals", "take=mixed"] and loaded.finished and loaded.rematch == "t2"
    assert loaded.seed == 1 << 31 and loaded.options == {"players": 2, "data": ""}
    assert loaded.seats[0] == SeatRow(0, "person", None, "ab" * 32, "Ana", True)
    assert loaded.seats[1].level == "easy" and not loaded.seats[1].joined
    assert [r.id for r in storage.load_unfinished()] == ["t2"]
    assert [r.id for r in storage.recent_finished(10)] == ["t1"]
    assert storage.load("nope") is None
    storage.close()


def test_the_writer_commits_before_answering_and_batches_under_load(url: str) -> None:
    storage = Storage(url)
    storage.create_schema()
    storage.insert_table(row("w1"))
    writer = Writer(storage)
    writer.start()

    async def burst() -> None:
        await asyncio.gather(*(writer.append(Append("w1", i, 0, f"take=cubes{i}")) for i in range(200)))
        with pytest.raises(IntegrityError):  # a bad row fails alone, the others go in
            await asyncio.gather(
                writer.append(Append("w1", 200, 0, "ok")), writer.append(Append("w1", 5, 0, "dup"))
            )
        assert await writer.call(storage.load, "w1") is not None

    asyncio.run(burst())
    writer.close()
    loaded = Storage(url).load("w1")
    assert loaded is not None and len(loaded.actions) == 201 and loaded.actions[200] == "ok"
    assert writer.commits < writer.appended  # some commits carried several actions
    storage.close()


def test_a_call_made_after_appends_sees_them_and_big_batches_go_in_whole(url: str) -> None:
    """The appends of one turn of the event loop reach the thread together, before a call made
    after them; a batch larger than one INSERT statement goes in whole, in order."""
    assert tuple(c.name for c in actions_t.columns) == ACTION_COLUMNS  # the hand-written INSERT
    storage = Storage(url)
    storage.create_schema()
    storage.insert_table(row("o1"))
    storage.insert_table(row("o2"))
    writer = Writer(storage)
    writer.start()

    async def turn() -> Record | None:
        appends = [
            asyncio.ensure_future(writer.append(Append(f"o{1 + i % 2}", i // 2, 0, f"a{i}")))
            for i in range(250)
        ]
        await asyncio.sleep(0)  # the appends are made (and handed over) in this turn of the loop
        loaded = await writer.call(storage.load, "o1")
        await asyncio.gather(*appends)
        return loaded

    loaded = asyncio.run(turn())
    writer.close()
    assert loaded is not None and loaded.actions == [f"a{i}" for i in range(0, 250, 2)]
    other = storage.load("o2")
    assert other is not None and other.actions == [f"a{i}" for i in range(1, 250, 2)]
    assert writer.commits == 1 and writer.appended == 250  # one group commit, three statements
    storage.close()


@pytest.mark.timeout(180)
def test_a_whole_game_and_a_restart_on_each_backend(url: str) -> None:
    rng = random.Random(2)
    with running(url) as client, sitting(client, ["person", "easy"]) as (table, token, ws, message):
        for _ in range(40):
            while not message["view"]["legal"]:
                message = receive(ws, "update")
            act(ws, pick(message["view"], rng), message["step"])
            message = receive(ws, "update")
    with running(url) as client:
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            again = join(ws, token)
            assert again["step"] >= message["step"]
            message = again
            while not message["over"]:
                if message["view"]["legal"]:
                    act(ws, pick(message["view"], rng), message["step"])
                message = receive(ws, "update")
        record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
        assert record.replay().is_terminal()
        assert any(t["id"] == table for t in client.get("/api/tables").json()["finished"])
