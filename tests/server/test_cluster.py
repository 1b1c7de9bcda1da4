"""Several server processes on one PostgreSQL database (cluster.py), as two hubs in one event loop:
actions, seats, chat lines and rematches are serialized by the database whichever hub takes them,
each hub's connections hear every update, and a table's bots are run by the one hub holding its
lock, then by the other once that one stops.  (test_cluster_processes.py does it with two real
servers, one of them killed mid-game.)"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psycopg
import pytest

from tabletop.core.record import Record
from tabletop.games.megacorps.phases import TURN
from tabletop.server import Settings
from tabletop.server.cluster import following
from tabletop.server.hub import Hub
from tabletop.server.refused import Refused
from tabletop.server.rooms import Room
from tabletop.server.storage import Storage, head_revision

from .helpers import running


class Conn:
    """A connection as a room sees it: it keeps what it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.sent: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["type"] == kind]


def hub(url: str) -> Hub:
    return Hub(Storage(url), Settings(clock_tick=0, bot_workers="thread"))


def run(url: str, test: Callable[[Hub, Hub], Coroutine[Any, Any, None]]) -> None:
    async def both() -> None:
        a, b = hub(url), hub(url)
        await a.start()
        await b.start()
        try:
            await test(a, b)
        finally:
            for each in (a, b):
                if each.writer._thread is not None:  # not closed by the test
                    await each.close()

    asyncio.run(both())


async def until(check: Callable[[], object], seconds: float = 30) -> None:
    """Until ``check()`` holds: another hub hears of a change when PostgreSQL tells it."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "it never happened"
        await asyncio.sleep(0.01)


async def take_over(b: Hub, room: Room) -> None:
    """``b`` ticks until it runs ``room`` (PostgreSQL frees a closed session's locks soon, not at
    once)."""
    assert b.cluster is not None
    for _ in range(300):
        await b.cluster.tick()
        if b.runs(room):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the table was never taken over")


async def seen(b: Hub, table_id: str) -> Room:
    room = await b.get(table_id)
    assert room is not None
    return room


async def two_people(a: Hub, b: Hub) -> tuple[Room, Room, Conn, Conn]:
    """A Summon 7 table made on ``a``: seat 0's player connected to ``a``, seat 1's to ``b``."""
    room_a, _ = await a.create("summon7", {"players": 2}, ["person", "person"])
    room_b = await seen(b, room_a.id)
    ana, bea = Conn(0), Conn(1)
    await room_a.add(ana)
    await room_b.add(bea)
    return room_a, room_b, ana, bea


def stored(url: str, table_id: str) -> list[str]:
    row = Storage(url).load(table_id)
    assert row is not None
    return row.actions


def test_an_action_taken_by_one_process_reaches_the_seats_on_the_other(pg_url: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        room_a, room_b, ana, bea = await two_people(a, b)
        reads: list[str] = []
        load = b.storage.load
        b.storage.load = lambda *args: reads.append(args[0]) or load(*args)  # type: ignore[method-assign]
        for _ in range(6):  # each plays from their own process
            mover = room_a.state.current_seat
            assert mover is not None
            room = room_a if mover == 0 else room_b
            await room.submit(mover, room.prompts[mover].legal[0], room.step)
            await until(lambda: room_a.record.actions == room_b.record.actions)
        assert room_a.state == room_b.state
        steps = [m["step"] for m in bea.of("update")]
        assert steps == list(range(1, 7))  # every update, in order, on the other process too
        assert [m["step"] for m in ana.of("update")] == steps
        assert bea.of("update")[-1]["view"] == room_b.seat_view(1, room_b.state.view(1))
        assert reads == []  # b followed a's actions from the notifications alone

    run(pg_url, test)


def test_a_table_nobody_watches_here_is_read_when_somebody_comes(pg_url: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        assert b.cluster is not None
        room_a, _ = await a.create("summon7", {"players": 2}, ["person", "person"])
        room_b = await seen(b, room_a.id)
        for _ in range(3):
            mover = room_a.state.current_seat
            assert mover is not None
            await room_a.submit(mover, room_a.prompts[mover].legal[0], room_a.step)
        await until(lambda: room_a.id in b.cluster.behind)
        assert room_b.step == 0  # not replayed on b: nobody there wants it yet
        bea = Conn(1)
        await room_b.add(bea)  # now somebody does
        assert bea.of("welcome")[0]["step"] == 3 == room_b.step and room_a.id not in b.cluster.behind
        while not room_a.over:  # the game ends on a; b follows it update by update
            mover = room_a.state.current_seat
            assert mover is not None
            await room_a.submit(mover, room_a.prompts[mover].legal[0], room_a.step)
        await until(lambda: room_b.over and bea.of("update")[-1]["over"])
        assert [m["step"] for m in bea.of("update")] == list(range(4, room_a.step + 1))
        # a table that ends with nobody watching it here: its end is read all the same
        other, _ = await a.create("summon7", {"players": 2}, ["person", "person"])
        other_b = await seen(b, other.id)
        while not other.over:
            mover = other.state.current_seat
            assert mover is not None
            await other.submit(mover, other.prompts[mover].legal[0], other.step)
        await until(lambda: other_b.status() == "finished")

    run(pg_url, test)


def test_the_api_of_a_process_nobody_watches_a_table_on_shows_it_as_stored(pg_url: str) -> None:
    with running(pg_url) as a, running(pg_url) as b:
        body = {"game": "summon7", "options": {"players": 2}, "seats": ["person", "person"]}
        created = a.post("/api/tables", json=body).json()
        table = created["table"]["id"]
        room = a.app.state.hub.rooms[table]  # type: ignore[attr-defined]
        for _ in range(3):
            mover = room.state.current_seat
            a.portal.call(room.submit, mover, room.prompts[mover].legal[0], room.step)  # type: ignore[union-attr]
        deadline = time.monotonic() + 20
        while b.get(f"/api/tables/{table}").json()["step"] != 3:  # once b has heard of them
            assert time.monotonic() < deadline, "b never showed the actions"
            time.sleep(0.02)
        assert b.get(f"/api/tables/{table}").json()["to_act"] == room.state.current_seat


def test_two_answers_to_one_question_on_two_processes_one_is_kept(pg_url: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        room_a, _ = await a.create("summon7", {"players": 2}, ["person", "person"])
        room_b = await seen(b, room_a.id)
        mover = room_a.state.current_seat
        assert mover is not None
        legal = room_a.prompts[mover].legal
        first, second = legal[0], legal[-1]
        results = await asyncio.gather(
            room_a.submit(mover, first, 0), room_b.submit(mover, second, 0), return_exceptions=True
        )
        refused = [r for r in results if isinstance(r, Refused)]
        assert len(refused) == 1 and refused[0].code == "stale"
        await until(lambda: room_a.step == room_b.step == 1)
        kept = stored(a.storage.url, room_a.id)
        assert len(kept) == 1 and kept[0] in (first, second)
        assert room_a.record.actions == room_b.record.actions == kept
        assert room_a.state == room_b.state == Record.from_json(room_a.record.to_json()).replay()

    run(pg_url, test)


def test_a_seat_is_given_once_whichever_process_is_asked(pg_url: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        room_a, _ = await a.create("summon7", {"players": 2}, ["person", "person"])
        room_b = await seen(b, room_a.id)
        results = await asyncio.gather(
            room_a.take(1, None, "a" * 64), room_b.take(1, None, "b" * 64), return_exceptions=True
        )
        refused = [r for r in results if isinstance(r, Refused)]
        assert len(refused) == 1 and refused[0].code == "taken"
        await until(lambda: room_a.seats[1].token_hash == room_b.seats[1].token_hash in ("a" * 64, "b" * 64))
        assert room_a.status() == room_b.status() == "running"

    run(pg_url, test)


def test_chat_lines_from_both_processes_are_all_heard_in_one_order(pg_url: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        room_a, room_b, ana, bea = await two_people(a, b)
        await asyncio.gather(
            *(r.chat.say(s, f"line {i} of {s}") for i in range(3) for r, s in ((room_a, 0), (room_b, 1)))
        )
        await until(lambda: len(ana.of("chat")) == len(bea.of("chat")) == 6)
        heard_a = [m["line"]["text"] for m in ana.of("chat")]
        heard_b = [m["line"]["text"] for m in bea.of("chat")]
        assert sorted(heard_a) == sorted(f"line {i} of {s}" for i in range(3) for s in (0, 1))
        assert heard_a == heard_b  # the database's numbering, the same everywhere
        assert room_a.chat.next_idx == room_b.chat.next_idx == 6

    run(pg_url, test)


def test_one_rematch_whichever_process_is_asked(pg_url: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        room_a, _ = await a.create("summon7", {"players": 2}, ["person", "easy"])
        room_b = await seen(b, room_a.id)
        new = await asyncio.gather(a.rematch(room_a), b.rematch(room_b))
        assert new[0].id == new[1].id
        await until(lambda: room_a.row.rematch == room_b.row.rematch == new[0].id)

    run(pg_url, test)


def test_bots_are_played_by_the_process_holding_the_table_then_by_the_other(pg_url: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        room_a, _ = await a.create("megalomania", {"players": 2}, ["person", "easy"])
        assert a.runs(room_a)
        room_b = await seen(b, room_a.id)
        assert b.cluster is not None
        await b.cluster.tick()
        assert not b.runs(room_b)  # a holds it
        await room_b.add(Conn(0))  # the person's connection is on b

        async def play_on_b(bot_moves: int) -> None:
            """The person plays on b; the bot answers, from whichever process runs it."""
            while bot_moves and not room_b.over:
                if 0 in room_b.prompts:
                    await room_b.submit(0, room_b.prompts[0].legal[0], room_b.step)
                    continue
                step = room_b.step
                for _ in range(200):
                    await asyncio.sleep(0.02)
                    if room_b.step > step:
                        break
                assert room_b.step > step, "the bot never answered"
                bot_moves -= 1

        await play_on_b(2)
        await until(lambda: room_b.record.actions == room_a.record.actions)
        await a.close()  # a stops: b takes the table over at one of its next ticks
        assert not room_b.over
        await take_over(b, room_b)
        await play_on_b(1000)
        async with room_b.lock:  # the last action, if a bot's, is stored (applied before it is)
            assert room_b.over
        assert Record.from_json(room_b.record.to_json()).replay().is_terminal()
        assert stored(b.storage.url, room_b.id) == room_b.record.actions

    run(pg_url, test)


async def until_trading(room: Room) -> None:
    """People play at random (on this room's process) until a turn step with people asked."""
    rng = random.Random(1)
    while not (room.state.phase == TURN and all(room.seats[s].kind == "person" for s in room.prompts)):
        assert not room.over
        asked = [s for s in sorted(room.prompts) if room.seats[s].kind == "person"]
        if asked:
            with contextlib.suppress(Refused):  # a bot answered first: look again
                await room.submit(asked[0], rng.choice(room.prompts[asked[0]].legal), room.step)
        await asyncio.sleep(0.01)


def made(conn: Conn) -> list[dict[str, Any]]:
    """The offers outside a turn in ``conn``'s last list (a list also holds offers made on a turn
    while the people played at random, by them or by the bot, R-MC30)."""
    lists = conn.of("offers")
    return [o for o in lists[-1]["offers"] if o["id"] > 0] if lists else []


def off_turn(room: Room) -> list[Any]:
    return [o for o in room.offers.items if not o.turn]


def test_offers_are_moves_any_process_takes_with_their_promises(pg_url: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        room_a, _ = await a.create("megacorps", {"players": 3}, ["person", "person", "easy"])
        room_b = await seen(b, room_a.id)
        ana, bea = Conn(0), Conn(1)
        await room_a.add(ana)
        await room_b.add(bea)  # bea's connection is on b, which does not run the table
        await until_trading(room_a)
        await until(lambda: room_b.step == room_a.step)
        money = room_b.state.view(1)["money"][1]
        assert isinstance(money, int) and money > 0
        await room_b.offers.offer(1, 0, ["1"], [], "from b")  # made on b: a move stored like any
        await until(lambda: made(ana) and made(bea))
        (offer,) = made(ana)  # a read it, promise and all, from the database
        assert offer["from"] == 1 and offer["note"] == "from b" and offer["status"] == "open"
        (shown,) = made(bea)
        assert {**shown, "now": None} == {**offer, "now": None}
        with pytest.raises(Refused, match="there is no offer 99"):  # the rules refuse it where it is sent
            await room_b.offers.take_back(1, 99)
        step = room_a.step
        await room_a.offers.answer(0, offer["id"], True)  # ana accepts on a: carried out
        await until(lambda: room_b.step == step + 1 and made(bea)[0]["status"] == "done")
        assert room_b.state.view(1)["money"][1] == money - 1
        await room_b.offers.offer(1, 0, ["1"], [], "still open")
        await until(lambda: len(off_turn(room_a)) == 2)
        await a.close()  # b takes the table over: the offers are in the record, the promises stored
        await take_over(b, room_b)
        assert [(o.note, o.status) for o in off_turn(room_b)] == [
            ("from b", "done"),
            ("still open", "open"),
        ]
        await room_b.offers.answer(0, off_turn(room_b)[-1].id, False)  # now decided on b
        assert off_turn(room_b)[-1].status == "declined"
        again = Room(b, await b.writer.call(b.storage.load, room_b.id))  # and a restart reads them
        assert [(o.note, o.status) for o in again.offers.items] == [
            (o.note, o.status) for o in room_b.offers.items
        ]

    run(pg_url, test)


def test_a_process_whose_connections_drop_hears_again_and_takes_its_tables_back(pg_url: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        assert a.cluster is not None and b.cluster is not None
        room_a, _ = await a.create("summon7", {"players": 2}, ["person", "person"])
        room_b = await seen(b, room_a.id)
        listener, locks = b.cluster._listener, a.cluster._locks
        assert listener is not None and locks is not None
        with psycopg.connect(pg_url, autocommit=True) as admin:  # as a database restart would
            admin.execute(
                "SELECT pg_terminate_backend(p) FROM unnest(%s::int[]) AS p",
                ([listener.info.backend_pid, locks.info.backend_pid],),
            )
        await asyncio.sleep(0.2)
        mover = room_a.state.current_seat
        assert mover is not None
        await room_a.submit(mover, room_a.prompts[mover].legal[0], 0)  # while b was not listening
        await until(lambda: room_b.step == 1)  # b listens again, and read what it missed
        await a.cluster.tick()  # a's locks went with their connection: it takes them again
        assert a.runs(room_a) and a.cluster._locks is not locks
        assert not b.runs(room_b)

    run(pg_url, test)


@pytest.mark.timeout(60)  # without the migrations' lock they wait on each other for ever
def test_processes_started_together_on_a_new_database_each_find_the_schema_made(pg_url: str) -> None:
    storages = [Storage(pg_url) for _ in range(3)]
    with ThreadPoolExecutor(3) as pool:  # as when several servers start at once
        done = list(pool.map(lambda storage: storage.create_schema(), storages))
    assert [before for before, _ in done].count("none") == 1  # one made it, the others waited
    assert {after for _, after in done} == {head_revision()}


def test_actions_told_carry_a_table_on_only_without_a_gap() -> None:
    news = [(3, 1.0, "x"), (4, 2.0, "y"), (5, 3.0, "z")]
    assert following(news, 4) == news[1:]  # the one it has is dropped
    assert following(news, 6) == []
    assert following(news, 2) is None  # action 2 was never told: read the database
    assert following([news[0], news[2]], 3) is None


@pytest.mark.parametrize("kind", ["a", "s", "t", "c", "n"])
def test_a_notification_of_an_unknown_table_or_in_a_strange_shape_is_ignored(pg_url: str, kind: str) -> None:
    async def test(a: Hub, b: Hub) -> None:
        assert b.cluster is not None
        for payload in (f"{kind} nosuchtable other", "", "a b", f"{kind} x y z"):
            b.cluster.heard(payload)
        await asyncio.gather(*b.cluster._background, *b.cluster._syncing.values())
        assert set(b.rooms) == set()

    run(pg_url, test)


def test_an_action_told_while_the_table_is_being_read_here_is_read_again(pg_url: str) -> None:
    """An action stored by a while b reads the table from the database (its first visitor there,
    or the lobby's news of it) may be missing from what b read and its notification come before b
    holds the table: b reads the table again when somebody comes to watch it."""

    async def test(a: Hub, b: Hub) -> None:
        assert b.cluster is not None
        room_a, _ = await a.create("summon7", {"players": 2}, ["person", "person"])
        await until(lambda: room_a.id in b.rooms)
        del b.rooms[room_a.id]  # as if b were reading it now:
        reading: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        b.loading[room_a.id] = reading
        stale = Room(b, await b.writer.call(b.storage.load, room_a.id))  # what b read: step 0
        mover = room_a.state.current_seat
        assert mover is not None
        await room_a.submit(mover, room_a.prompts[mover].legal[0], room_a.step)  # then a stores one
        await until(lambda: room_a.id in b.cluster.behind)  # told while b is still reading
        del b.loading[room_a.id]
        b.rooms[room_a.id] = stale
        reading.set_result(stale)
        bea = Conn(1)
        await stale.add(bea)
        assert bea.of("welcome")[0]["step"] == 1 == stale.step

    run(pg_url, test)
