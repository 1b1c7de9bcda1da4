"""Bots in seats: they play on the server, off the event loop, and never stall a table."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from tabletop.agents import Agent, Observation
from tabletop.core.record import Record
from tabletop.server import Settings, bots

from .helpers import act, create, join, receive, running, token_of


def watch_to_the_end(client: Any, table: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        message = join(ws)
        while not message["over"]:
            message = receive(ws, "update")
    return message


@pytest.mark.timeout(120)
@pytest.mark.parametrize("workers", ["thread", "process"])
def test_bots_alone_play_a_whole_game(db_url: str, workers: str) -> None:
    with running(db_url, bot_workers=workers) as client:
        created = create(client, ["easy", "easy"])
        table = created["table"]["id"]
        assert all(s["url"] is None for s in created["links"]["seats"])
        final = watch_to_the_end(client, table)
        assert final["view"]["ranking"]
        record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
        assert record.replay().is_terminal()


RELEASE = threading.Event()


class Stuck(Agent[Any]):
    """A bot that thinks until the test lets it answer."""

    def act(self, obs: Observation[Any]) -> Any:
        RELEASE.wait(30)
        return obs.legal[0]


class Broken(Agent[Any]):
    def act(self, obs: Observation[Any]) -> Any:
        raise RuntimeError("a bug in a bot")


@pytest.mark.timeout(60)
def test_a_thinking_bot_does_not_hold_up_other_tables(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three tables' bots think without end; two people at a fourth table play on regardless."""
    monkeypatch.setattr(bots, "agent_for", lambda level, seed: Stuck(seed) if level == "hard" else None)
    RELEASE.clear()
    with running(db_url, bot_threads=4, watch_tables_per_address=3) as client:
        stuck = [create(client, ["hard", "hard"])["table"]["id"] for _ in range(3)]
        people = create(client, ["person", "person"])
        table = people["table"]["id"]
        try:
            with (
                client.websocket_connect(f"/ws/tables/{table}") as a,
                client.websocket_connect(f"/ws/tables/{table}") as b,
            ):
                views = [join(a, token_of(people, 0)), join(b, token_of(people, 1))]
                for _ in range(6):
                    mover = 0 if views[0]["view"]["legal"] else 1
                    act((a, b)[mover], views[mover]["view"]["legal"][0], views[mover]["step"])
                    views = [receive(a, "update"), receive(b, "update")]
                assert views[0]["step"] == views[1]["step"] == 6
            # the bots were still thinking all along: their tables have not moved
            assert [client.get(f"/api/tables/{t}").json()["step"] for t in stuck] == [0, 0, 0]
        finally:
            RELEASE.set()
        # once they answer, their tables go on
        for t in stuck:
            with client.websocket_connect(f"/ws/tables/{t}") as ws:
                message = join(ws)
                while message["step"] < 1:
                    message = receive(ws, "update")


@pytest.mark.timeout(60)
def test_a_failing_bot_plays_a_legal_move_instead(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "agent_for", lambda level, seed: Broken(seed))
    with running(db_url) as client:
        created = create(client, ["person", "easy"])
        with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
            message = join(ws, token_of(created, 0))
            for _ in range(10):
                if message["view"]["legal"]:
                    act(ws, message["view"]["legal"][0], message["step"])
                message = receive(ws, "update")
            assert message["step"] >= 10


def test_every_level_names_a_bot_and_seeds_differ_by_seat() -> None:
    assert set(bots.levels()) >= {"easy", "normal", "hard"}
    for level in bots.levels():
        assert isinstance(bots.agent_for(level, 1), Agent)
    assert bots.bot_seed(1, 2, 3) != bots.bot_seed(1, 3, 2)


def test_a_bot_that_fails_unexpectedly_tries_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error no one foresaw while a bot acts is logged and the bot acts again, rather than
    ending the table's bots until somebody else acts."""
    from tabletop.server.hub import Hub
    from tabletop.server.rooms import Room
    from tabletop.server.storage import Storage

    real = Room._submit
    failed: list[int] = []

    async def once(self: Room, seat: int | None, text: str, step: int | None, **kw: Any) -> None:
        if not failed:
            failed.append(self.step)
            raise RuntimeError("something nobody foresaw")
        await real(self, seat, text, step, **kw)

    monkeypatch.setattr(Room, "_submit", once)

    async def test() -> None:
        hub = Hub(Storage(f"sqlite:///{tmp_path / 't.db'}"), Settings(clock_tick=0, bot_workers="thread"))
        await hub.start()
        try:
            room, _ = await hub.create("summon7", {"players": 2}, ["easy", "easy"], private=True)
            for _ in range(1000):  # it tries again a second later
                if room.step >= 3:
                    break
                await asyncio.sleep(0.01)
            assert failed == [0] and room.step >= 3
        finally:
            await hub.close()

    asyncio.run(test())
