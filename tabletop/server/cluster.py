"""Several server processes on one PostgreSQL database (docs/server.md, "Several processes").

Any process accepts any table's actions, and every seat hears every update, whichever process its
connection reached.  Nothing is shared but the database, and only what PostgreSQL offers is used:

- **The database serializes a table's actions.**  An action's place in the record is the actions
  table's primary key (table, index).  Every process checks an action against its own copy of the
  table, which is always the stored record replayed, and writes it at the next index; of two
  processes writing the same index, the database keeps the first to commit and refuses the other
  (a unique violation), whose room then catches up from the database and refuses its player's
  action as stale, as a single server refuses a late answer.  Seats are given the same way (an
  update that only succeeds on a free seat), and chat lines are numbered by their primary key.
- **The database tells the others.**  Each such write sends ``NOTIFY tabletop, '<kind> <table>
  <origin>'`` in its own transaction (Storage.tell): PostgreSQL delivers it when, and only if, the
  write commits, to every process that LISTENs, in commit order.  A process then reads what
  changed from the database (the actions past its step, the seats, the table's row, the chat lines
  past its last) and sends its own connections the updates, exactly as it sends its own actions.
  If its listening connection drops, it reconnects and catches every table up, since
  notifications sent meanwhile are lost.
- **One process runs a table's bots and clocks**: the one holding the table's advisory lock
  (``pg_try_advisory_lock``, on a connection kept for it).  A process takes the lock of a table it
  creates, and every ``clock_tick`` tries for the locks of the tables nobody holds.  When a process
  dies its connections close, PostgreSQL frees its locks, and within a tick another process takes
  its tables over: their bots play on and their clocks run, from the stored record.

Trade offers are moves of the game (offers.py), stored and told like any other action, so any
process takes them; an offer's promise is stored with its action (``note``), and an action with a
note is told without its text, so that the others read it from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

import psycopg
from sqlalchemy.engine import make_url

from .storage import ACTION, CHANNEL, CHAT, NEW

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Room
    from .storage import SeatRow

log = logging.getLogger("tabletop.server")
RECONNECT = (0.5, 10.0)  # seconds before trying the listening connection again: first, at most
SEAT_FIELDS = ("token_hash", "name", "joined", "user_id", "absent", "left", "rank")


def lock_key(table_id: str) -> int:
    """The table's advisory lock: 64 bits of a hash of its id, as PostgreSQL's signed bigint.  (Two
    tables sharing a key would only be run by the same process.)"""
    return int.from_bytes(hashlib.blake2b(table_id.encode(), digest_size=8).digest(), "big", signed=True)


def plain_url(url: str) -> str:
    """The database URL as libpq takes it (SQLAlchemy's is ``postgresql+psycopg://``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's part among the server processes on one PostgreSQL database."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.origin = secrets.token_hex(6)  # this process, in the notifications it sends
        self.held: set[str] = set()  # the tables whose lock this process holds: it runs them
        self._url = plain_url(hub.storage.url)
        self._locks: psycopg.AsyncConnection[tuple[int]] | None = None
        self._listener: psycopg.AsyncConnection[tuple[int]] | None = None
        self._listening: asyncio.Task[None] | None = None
        self._stale: dict[str, set[str]] = {}  # table -> what changed there, not yet read
        self._news: dict[str, list[tuple[int, float, str]]] = {}  # table -> actions told, not applied
        # tables whose new actions are not read yet: nobody watches them here, nor runs them
        self.behind: set[str] = set()
        self._syncing: dict[str, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[object]] = set()

    # -- life ---------------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen, then take the locks of the tables nobody runs (the hub has loaded them)."""
        self.hub.storage.origin = self.origin
        self._locks = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
        self._listener = await self._listen_connection()
        self._listening = asyncio.get_running_loop().create_task(self._listen(), name="cluster-listen")
        await self.tick()

    async def close(self) -> None:
        """Stop listening and let the tables go (closing the lock connection frees the locks)."""
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listening
        for task in [*self._syncing.values(), *self._background]:
            task.cancel()
        for conn in (self._listener, self._locks):
            if conn is not None:
                with contextlib.suppress(psycopg.Error):
                    await conn.close()
        self.held.clear()

    async def trouble(self, timeout: float) -> str | None:
        """Why this process cannot hold its share of the tables now (readiness: health.py), or
        None: its lock connection answers, and it listens to the others."""
        locks = self._locks
        try:
            if locks is None or locks.closed:
                raise psycopg.OperationalError("closed")
            await asyncio.wait_for(locks.execute("SELECT 1"), timeout)
        except (psycopg.Error, TimeoutError):
            return "this process holds no tables: its connection keeping their locks is down"
        if self._listener is None or self._listener.closed:
            return "this process does not hear the other processes: its listening connection is down"
        return None

    # -- who runs a table ---------------------------------------------------------------------
    def runs(self, room: Room) -> bool:
        return room.id in self.held

    async def claim(self, rooms: list[Room]) -> list[Room]:
        """Take the locks of those of ``rooms`` nobody holds; returns the rooms now run here."""
        wanted = {lock_key(r.id): r for r in rooms if r.id not in self.held}
        if not wanted or self._locks is None:
            return []
        query = "SELECT k FROM unnest(%s::bigint[]) AS k WHERE pg_try_advisory_lock(k)"
        cursor = await self._locks.execute(query, (list(wanted),))
        got = [wanted[int(k)] for (k,) in await cursor.fetchall()]
        self.held.update(r.id for r in got)
        return got

    async def tick(self) -> None:
        """Let finished tables go, and take over the unfinished ones nobody runs (a process that
        held them has stopped): their bots and clocks go on here."""
        if self._locks is None:
            return
        try:
            await self._locks.execute("SELECT 1")  # the locks live as long as this connection
        except psycopg.Error as err:  # the database dropped it, and every lock with it: hold none
            self.held.clear()
            with contextlib.suppress(psycopg.Error):
                await self._locks.close()
            try:
                self._locks = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
            except psycopg.Error:
                log.warning("the tables' locks were lost (%s) and cannot be taken again yet", err)
                return
            log.warning("the tables' locks were lost (%s); taking them again", err)
        rooms = self.hub.rooms
        done = [t for t in self.held if t not in rooms or rooms[t].over]
        if done:
            await self._locks.execute(
                "SELECT pg_advisory_unlock(k) FROM unnest(%s::bigint[]) AS k", ([lock_key(t) for t in done],)
            )
            self.held.difference_update(done)
        for room in await self.claim([r for r in list(rooms.values()) if not r.over]):
            if room.step or room.id in self.behind:  # taken over in the middle: what happened first
                self.wake(room, ACTION)
            room.schedule_bot()

    def _spawn(self, work: Coroutine[Any, Any, object]) -> None:
        task: asyncio.Task[object] = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[object]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("the cluster's background work failed: %r", task.exception())

    # -- hearing the others -------------------------------------------------------------------
    async def _listen_connection(self) -> psycopg.AsyncConnection[tuple[int]]:
        conn = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
        await conn.execute(f"LISTEN {CHANNEL}")
        return conn

    async def _listen(self) -> None:
        wait = RECONNECT[0]
        while True:
            try:
                if self._listener is None:
                    self._listener = await self._listen_connection()
                    for room in list(self.hub.rooms.values()):  # what was said meanwhile is lost
                        self.wake(room, ACTION)
                        self.wake(room, CHAT)
                wait = RECONNECT[0]
                async for note in self._listener.notifies():
                    self.heard(note.payload)
            except psycopg.Error as err:
                log.warning("the database's notifications stopped (%s); listening again in %.1f s", err, wait)
                if self._listener is not None:
                    with contextlib.suppress(psycopg.Error):
                        await self._listener.close()
                self._listener = None
                await asyncio.sleep(wait)
                wait = min(wait * 2, RECONNECT[1])

    def heard(self, payload: str) -> None:
        """A notification: read what another process changed at a table held in memory here."""
        parts = payload.split(" ", 3)
        if len(parts) < 3 or parts[2] == self.origin:
            return  # not ours to read, or our own write
        kind, table_id = parts[:2]
        room = self.hub.rooms.get(table_id)
        if room is None and table_id in self.hub.loading:  # read from the database before this was
            self.behind.add(table_id)  # stored, perhaps: read again when somebody comes to watch
            return
        if kind == ACTION and len(parts) == 4:
            if room is None:
                return
            if not room.conns and not self.runs(room):
                self.behind.add(room.id)  # read when somebody comes to watch, or when run here
                return
            with contextlib.suppress(ValueError):  # else read from the database
                idx, at, text = parts[3].split(" ", 2)
                self._news.setdefault(room.id, []).append((int(idx), float(at), text))
            self.wake(room, ACTION)
        elif len(parts) != 3:
            return
        elif room is None:
            if kind == NEW:  # in the lobby here too
                self._spawn(self.hub.get(table_id))
        elif kind == ACTION and not room.conns and not self.runs(room):
            self.behind.add(room.id)  # read when somebody comes to watch, or when run here
        else:
            self.wake(room, kind)

    async def ready(self, room: Room) -> None:
        """Before somebody here watches ``room``: the actions not read yet."""
        if room.id in self.behind:
            self.behind.discard(room.id)
            async with room.lock:
                await catch_up(room)

    def watched(self, room: Room) -> None:
        """A connection is in: actions that arrived while it came in are read now."""
        if room.id in self.behind:
            self.wake(room, ACTION)

    def wake(self, room: Room, kind: str) -> None:
        """Catch ``room`` up with the database soon; notifications arriving meanwhile are read
        together."""
        self._stale.setdefault(room.id, set()).add(kind)
        if room.id not in self._syncing:
            task = asyncio.get_running_loop().create_task(self._sync(room), name=f"sync-{room.id}")
            self._syncing[room.id] = task

    async def _sync(self, room: Room) -> None:
        try:
            while kinds := self._stale.pop(room.id, None):
                if CHAT in kinds:
                    await room.chat.catch_up()
                news = self._news.pop(room.id, [])
                if kinds - {CHAT}:
                    self.behind.discard(room.id)
                    async with room.lock:
                        told = following(news, room.step)
                        if kinds != {ACTION} or not news or told is None:  # read the database
                            await catch_up(room)
                        elif told:  # as told: no read of the database
                            for _, at, text in told:
                                apply_stored(room, text, at)
                            await after_actions(room)
                    room.schedule_bot()
        except Exception:
            log.exception("table %s: could not catch up with the database", room.id)
        finally:
            self._syncing.pop(room.id, None)


async def catch_up(room: Room) -> None:
    """Bring ``room`` up to the database (its lock held): the seats and the table's row as stored,
    then each action stored past its step, applied and sent to its connections like its own."""
    hub = room.hub
    row = await hub.writer.call(hub.storage.load, room.id, room.step)
    if row is None or row.first != room.step:
        return
    seats_changed = take_seats(room, row.seats)
    room.row.started = row.started
    if room.guide is not None and row.tutorial_left:  # its person left the guide there
        room.guide.left = True
    if row.rematch is not None and room.row.rematch != row.rematch:
        room.row.rematch = row.rematch
        room.announce_rematch(row.rematch)
    for text, at, note in zip(row.actions, row.times, row.notes, strict=True):
        apply_stored(room, text, at, note)
    if seats_changed:
        room.announce_seats()
    await after_actions(room)


def following(news: list[tuple[int, float, str]], step: int) -> list[tuple[int, float, str]] | None:
    """The actions told that carry a table on from ``step`` (those it has are dropped), or None
    when one is missing (a notification was lost: the database has it)."""
    fresh = [n for n in news if n[0] >= step]
    if any(index != step + offset for offset, (index, _, _) in enumerate(fresh)):
        return None
    return fresh


def apply_stored(room: Room, text: str, at: float, note: str | None = None) -> None:
    """Another process's stored action: applied here and sent to this process's connections."""
    events = room.take_stored(text, at, note)
    if room.over:  # its process stored the places and the ratings
        room.row.finished, room.row.finished_at = True, at
        for seat, rank in zip(room.seats, room.state.ranking(), strict=True):
            seat.rank = rank
    room.broadcast(events)


async def after_actions(room: Room) -> None:
    """Actions read from the database are in: the offers they opened get their bots' answers."""
    room.offers.consult_bots()


def take_seats(room: Room, stored: list[SeatRow]) -> bool:
    """The seats as stored; a player back at an absent seat gets the open question's time afresh,
    as where they came back.  Returns whether anything changed."""
    changed = False
    for mine, theirs in zip(room.seats, stored, strict=True):
        for name in SEAT_FIELDS:
            if getattr(mine, name) != getattr(theirs, name):
                if name == "absent" and not theirs.absent and mine.seat in room.prompts:
                    room.prompts[mine.seat].at = room.now()
                setattr(mine, name, getattr(theirs, name))
                changed = True
    return changed
