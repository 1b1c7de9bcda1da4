"""Bots are served fairly (issue 14): per-table queues taken round-robin, tables people play at
first with a worker of their own, bounded queues; a person's bot move never waits behind
bot-only tables.  Order is read from the scheduler's record of what it served, and the fake
bots answer when the test says so: nothing here depends on timing."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from tabletop.agents import Agent, Observation
from tabletop.core.record import Record
from tabletop.server import bots
from tabletop.server.scheduler import PEOPLE, PLAYING, WATCH, Busy, Scheduler, rank

from .helpers import join, receive, running, token_of


class Seat:
    def __init__(self, seat: int, kind: str) -> None:
        self.seat, self.kind, self.left, self.level = seat, kind, False, "easy" if kind == "bot" else None


class FakeRoom:
    """What the scheduler reads of a room: its id, seats and connections."""

    def __init__(self, name: str, kinds: list[str], online: bool = False) -> None:
        self.id = name
        self.seats = [Seat(i, kind) for i, kind in enumerate(kinds)]
        self.conns: dict[int | None, set[object]] = {0: {object()}} if online else {}
        self.game: Any = None
        self.takeover = "normal"
        self.record = Record("summon7", {}, 0, None, [])


class Hand:
    """Bots that answer when the test tells them to: ``started`` lists (table, seat) in order."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.started: list[tuple[str, int]] = []
        self.answers: dict[tuple[str, int], asyncio.Future[str]] = {}

    async def decide(self, game: Any, state: Any, seat: int, level: str, seed: int) -> str:
        key = (str(state), seat)
        self.started.append(key)
        self.answers[key] = asyncio.get_running_loop().create_future()
        return await self.answers[key]

    def answer(self, table: str, seat: int) -> None:
        self.answers[(table, seat)].set_result(f"{table}/{seat}")


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def ask(scheduler: Scheduler, room: FakeRoom, seat: int = 0) -> asyncio.Task[str]:
    """A decision for ``room`` (the fake bots get the table's name as the state)."""
    return asyncio.ensure_future(scheduler.decide(room, room.id, seat, "easy", 0))  # type: ignore[arg-type]


def test_rank_of_a_table() -> None:
    assert rank(FakeRoom("a", ["person", "bot"], online=True)) == PLAYING  # type: ignore[arg-type]
    assert rank(FakeRoom("b", ["person", "bot"])) == PEOPLE  # type: ignore[arg-type]
    assert rank(FakeRoom("c", ["bot", "bot"])) == WATCH  # type: ignore[arg-type]
    gone = FakeRoom("d", ["person", "bot"])
    gone.seats[0].left = True  # every person left: only bots play on
    assert rank(gone) == WATCH  # type: ignore[arg-type]


def test_a_person_table_is_served_at_once_while_a_hundred_bot_only_tables_wait() -> None:
    async def test() -> None:
        hand = Hand(workers=2)
        scheduler = Scheduler(hand, per_table=16, total=1000)
        watching = [FakeRoom(f"w{i}", ["bot", "bot"]) for i in range(100)]
        waiting = [ask(scheduler, room) for room in watching]
        await settle()
        # bot-only tables share all the workers but one: one decision computes, 99 wait
        assert hand.started == [("w0", 0)] and scheduler.queued == 99
        person = FakeRoom("p", ["person", "bot"], online=True)
        mine = ask(scheduler, person, 1)
        await settle()
        assert hand.started[-1] == ("p", 1)  # at once: the worker kept for people
        hand.answer("p", 1)
        assert await mine == "p/1"
        # and again, as many times as the person plays, whatever the backlog
        for turn in range(3):
            again = ask(scheduler, person, 1)
            await settle()
            assert hand.started[-1] == ("p", 1) and len(hand.started) == 3 + turn
            hand.answer("p", 1)
            await again
        assert scheduler.queued == 99  # the bot-only tables still wait their turn
        scheduler.close()
        await asyncio.gather(*waiting, return_exceptions=True)
        assert all(task.cancelled() for task in waiting[1:])

    run(test)


def test_tables_of_one_rank_take_turns_and_people_come_before_bots_alone() -> None:
    async def test() -> None:
        hand = Hand(workers=2)  # bot-only and unattended tables get one worker at a time
        scheduler = Scheduler(hand)
        a, b = FakeRoom("a", ["bot"] * 4), FakeRoom("b", ["bot"] * 4)
        tasks = [ask(scheduler, a, seat) for seat in range(3)] + [
            ask(scheduler, b, seat) for seat in range(3)
        ]
        await settle()
        unattended = FakeRoom("u", ["person", "bot", "bot"])  # people, nobody connected
        tasks += [ask(scheduler, unattended, 1), ask(scheduler, unattended, 2)]
        await settle()
        for _ in range(7):
            table, seat = hand.started[-1]
            hand.answer(table, seat)
            await settle()
        order = [f"{table}{seat}" for table, seat in hand.started]
        # a's first was computing; then the table with people, all of it; then a and b in turns
        assert order == ["a0", "u1", "u2", "a1", "b0", "a2", "b1", "b2"]
        assert [r for _, r in scheduler.served][:4] == [WATCH, PEOPLE, PEOPLE, WATCH]
        hand.answer(*hand.started[-1])
        assert len(await asyncio.gather(*tasks)) == 8

    run(test)


def test_a_table_waiting_goes_first_once_a_person_opens_it() -> None:
    async def test() -> None:
        hand = Hand(workers=2)
        scheduler = Scheduler(hand)
        tasks = [ask(scheduler, FakeRoom(f"w{i}", ["bot", "bot"])) for i in range(3)]
        table = FakeRoom("p", ["person", "bot"])  # its bot is asked before the person arrives
        tasks.append(ask(scheduler, table, 1))
        await settle()
        assert hand.started == [("w0", 0)]  # it waits with the others: nobody is there
        table.conns[0] = {object()}  # the person opens the table (sockets.py wakes the scheduler)
        scheduler.wake()
        await settle()
        assert hand.started == [("w0", 0), ("p", 1)]
        scheduler.close()
        await asyncio.gather(*tasks, return_exceptions=True)

    run(test)


def test_queues_are_bounded_and_a_table_that_stops_waiting_leaves_the_queue() -> None:
    async def test() -> None:
        hand = Hand(workers=1)
        scheduler = Scheduler(hand, per_table=3, total=5)
        a, b = FakeRoom("a", ["bot"] * 8), FakeRoom("b", ["bot"] * 8)
        first = [ask(scheduler, a, seat) for seat in range(4)]  # one computes, three wait
        await settle()
        assert scheduler.queued == 3
        with pytest.raises(Busy):
            await scheduler.decide(a, "a", 5, "easy", 0)  # type: ignore[arg-type]
        more = [ask(scheduler, b, seat) for seat in range(2)]
        await settle()
        assert scheduler.queued == 5
        with pytest.raises(Busy):  # the server's bound, though b has room
            await scheduler.decide(b, "b", 5, "easy", 0)  # type: ignore[arg-type]
        # a table asking several seats at once gets them all queued or none
        with pytest.raises(Busy):
            await scheduler.decide_bots(b, b.seats[2:4], "b", 0)  # type: ignore[arg-type]
        first[3].cancel()  # a's last question is no longer asked
        await settle()
        assert scheduler.queued == 4
        for table, seat in (("a", 0), ("a", 1), ("b", 0)):
            hand.answer(table, seat)
            await settle()
        assert hand.started == [("a", 0), ("a", 1), ("b", 0), ("a", 2)]  # a and b in turns
        scheduler.close()
        results = await asyncio.gather(*first, *more, return_exceptions=True)
        assert results[:2] == ["a/0", "a/1"] and results[4] == "b/0"
        assert [type(r) for r in results[2:4] + results[5:]] == [asyncio.CancelledError] * 3
        with pytest.raises(Busy):
            await scheduler.decide(a, "a", 0, "easy", 0)  # type: ignore[arg-type]

    run(test)


# -- the server, with a hundred bot-only tables whose bots think without end ---------------------
RELEASE = threading.Event()


class Stuck(Agent[Any]):
    def act(self, obs: Observation[Any]) -> Any:
        RELEASE.wait(60)
        return obs.legal[0]


@pytest.mark.timeout(120)
def test_a_person_plays_against_a_bot_while_a_hundred_bot_only_tables_think(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = bots.agent_for
    monkeypatch.setattr(
        bots, "agent_for", lambda level, seed: Stuck(seed) if level == "hard" else real(level, seed)
    )
    RELEASE.clear()
    limits = {"tables_per_minute": 0, "open_tables": 0, "watch_tables": 0, "watch_tables_per_address": 0}
    with running(db_url, bot_threads=2, **limits) as client:
        try:
            for _ in range(100):
                body = {"game": "summon7", "options": {"players": 2}, "seats": ["hard", "hard"]}
                assert client.post("/api/tables", json=body).status_code == 201
            scheduler = client.app.state.hub.scheduler  # type: ignore[attr-defined]
            watched = [t["id"] for t in client.get("/api/tables").json()["running"]]
            before = [client.get(f"/api/tables/{t}").json()["step"] for t in watched]
            body = {"game": "summon7", "options": {"players": 2}, "seats": ["person", "easy"]}
            created = client.post("/api/tables", json=body).json()
            table = created["table"]["id"]
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                message = join(ws, token_of(created, 0))
                bot_moves = 0
                while bot_moves < 5 and not message["over"]:
                    if message["view"]["legal"]:
                        ws.send_text(json.dumps({"type": "action", "action": message["view"]["legal"][0]}))
                    message = receive(ws, "update")
                    bot_moves += message["last"]["seat"] == 1
                assert bot_moves == 5 or message["over"]
            # all along, one bot-only decision computed and the other 99 tables waited their turn
            assert scheduler.running_shared == 1 and scheduler.queued == 99
            served = [(t, r) for t, r in scheduler.served]
            assert served[0][1] == WATCH and all(r == PLAYING for t, r in served if t == table)
            assert len(watched) == 100
            assert [client.get(f"/api/tables/{t}").json()["step"] for t in watched] == before
        finally:
            RELEASE.set()
