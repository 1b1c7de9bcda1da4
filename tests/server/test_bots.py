"""Bots in seats: they play on the server, off the event loop, and never stall a table."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tabletop.agents import Agent, Observation, RandomAgent
from tabletop.core.record import Record
from tabletop.server import bots

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


class Slow(Agent[Any]):
    def act(self, obs: Observation[Any]) -> Any:
        time.sleep(1.0)
        return obs.legal[0]


class Broken(Agent[Any]):
    def act(self, obs: Observation[Any]) -> Any:
        raise RuntimeError("a bug in a bot")


@pytest.mark.timeout(60)
def test_a_thinking_bot_does_not_hold_up_other_tables(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def agent_for(level: str, seed: int) -> Agent[Any]:
        return Slow(seed) if level == "hard" else RandomAgent(seed)

    monkeypatch.setattr(bots, "agent_for", agent_for)
    with running(db_url, bot_threads=4) as client:
        for _ in range(3):  # three tables whose bots think for a second each
            create(client, ["hard", "hard"])
        people = create(client, ["person", "person"])
        table = people["table"]["id"]
        with (
            client.websocket_connect(f"/ws/tables/{table}") as a,
            client.websocket_connect(f"/ws/tables/{table}") as b,
        ):
            views = [join(a, token_of(people, 0)), join(b, token_of(people, 1))]
            for _ in range(6):
                mover = 0 if views[0]["view"]["legal"] else 1
                ws = (a, b)[mover]
                started = time.monotonic()
                act(ws, views[mover]["view"]["legal"][0], views[mover]["step"])
                views = [receive(a, "update"), receive(b, "update")]
                assert time.monotonic() - started < 0.5


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


def test_levels_fall_back_to_the_random_bot_until_the_levels_exist() -> None:
    assert set(bots.levels()) >= {"easy", "normal", "hard"}
    for level in bots.levels():
        assert isinstance(bots.agent_for(level, 1), Agent)
    assert bots.bot_seed(1, 2, 3) != bots.bot_seed(1, 3, 2)
