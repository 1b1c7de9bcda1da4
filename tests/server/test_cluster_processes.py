"""Two `tabletop serve` processes on one PostgreSQL database, as a deployment runs them (issue 14):
a game with a seat on each process, bots, one process killed mid-game (SIGKILL: nothing cleaned
up), and the game finished on the other; every update reaches each seat in order, and the stored
record is the whole game."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tabletop.core.record import Record
from tabletop.server.storage import Storage

from .helpers import free_port, serve_process
from .test_shutdown import post


class Player:
    """A person at a seat who plays the first choice offered, and keeps every update's step."""

    def __init__(self, seat: int, token: str) -> None:
        self.seat, self.token = seat, token
        self.steps: list[int] = []  # the welcome's step, then each update's
        self.over = False

    async def play(self, port: int, table: str) -> None:
        """Until the game is over, or the connection to this server is lost."""
        async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", open_timeout=30) as ws:
            await ws.send(json.dumps({"type": "join", "token": self.token}))
            acted = -1
            async for raw in ws:
                message: dict[str, Any] = json.loads(raw)
                if message["type"] == "error":
                    assert message["code"] in ("stale", "out-of-turn"), message
                    continue
                if message["type"] not in ("welcome", "update"):
                    continue
                if message["type"] == "update" or not self.steps:
                    self.steps.append(message["step"])
                if message["over"]:
                    self.over = True
                    return
                legal = message["view"]["legal"]
                if legal and message["step"] != acted:  # once a question
                    acted = message["step"]
                    await ws.send(json.dumps({"type": "action", "action": legal[0], "step": message["step"]}))


@pytest.mark.timeout(240)
def test_a_game_on_two_processes_goes_on_when_one_is_killed(pg_url: str, tmp_path: Path) -> None:
    first, second = free_port(), free_port()
    with (
        serve_process(pg_url, first, tmp_path / "a.log") as a,
        serve_process(pg_url, second, tmp_path / "b.log"),
    ):
        body: dict[str, object] = {
            "game": "megalomania",
            "options": {"players": 4},
            "seats": ["person", "person", "easy", "easy"],
        }
        created = post(f"http://127.0.0.1:{first}", "/api/tables", body)
        table = str(created["table"]["id"])  # type: ignore[index]
        links = created["links"]["seats"]  # type: ignore[index]
        ana, bea = (Player(seat, str(links[seat]["url"]).split("#token=", 1)[1]) for seat in (0, 1))

        async def game() -> None:
            on_b = asyncio.create_task(bea.play(second, table))  # bea on b all along
            on_a = asyncio.create_task(ana.play(first, table))  # ana on a, the process running the bots
            while len(ana.steps) < 12:
                await asyncio.sleep(0.05)
                assert not on_a.done() and not on_b.done()
            a.send_signal(signal.SIGKILL)  # a dies: no goodbye, its locks go with its connections
            with contextlib.suppress(ConnectionClosed, OSError):
                await on_a  # the connection to a is lost
            assert not ana.over
            await asyncio.gather(ana.play(second, table), on_b)  # ana comes back through b

        try:
            asyncio.run(asyncio.wait_for(game(), 180))
        except TimeoutError:  # what each side saw last, to find where it stopped
            logs = {name: (tmp_path / name).read_text()[-3000:] for name in ("a.log", "b.log")}
            raise AssertionError(f"stuck: ana {ana.steps[-3:]}, bea {bea.steps[-3:]}, logs {logs}") from None
    assert ana.over and bea.over
    assert bea.steps == list(range(bea.steps[0], bea.steps[-1] + 1))  # every update, in order, on b
    row = Storage(pg_url).load(table)
    assert row is not None and row.finished and len(row.actions) == bea.steps[-1]
    record = Record(row.game, row.options, row.seed, row.setup, row.actions)
    assert record.replay().is_terminal()
    assert "Traceback" not in (tmp_path / "b.log").read_text()
