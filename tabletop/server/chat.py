"""A table's chat: lines written by its seats, kept with the table, heard by everyone there.

Only a seated player writes; spectators read.  A line's text has been checked by
:func:`messages.parse` (printable, whitespace collapsed, 1 to ``MAX_CHAT`` characters); here a
seat is held to a rate limit, the line is named after the seat's display name, stored in the
``chat`` table, and only once it is committed sent to every connection of the table, seats and
spectators alike.  Clients show a line as text, never as HTML.

The lines are loaded from the database the first time a connection joins the table (a table
nobody opens never reads its chat); the last ``KEEP`` stay in memory, and a welcome carries the
last ``WELCOME_LINES`` of them.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import TYPE_CHECKING

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from ..core.protocol import JSON
from .limits import Limiter
from .messages import dumps
from .refused import Refused
from .schema import chat_t
from .storage import CHAT, Storage

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger("tabletop.server")
KEEP = 200  # lines kept in memory per table
WELCOME_LINES = 100  # lines a joining client is sent
MAX_NAME = 32  # the name column's width
# (lines, seconds): a seat may write at most so many lines in so many seconds, for each pair
LIMITS = ((5, 10.0), (30, 600.0))
TRIES = 10  # numbers a line may try, when other server processes take each one first


def load_lines(engine: Engine, table_id: str, most: int, since: int = 0) -> tuple[int, list[dict[str, JSON]]]:
    """The table's next line number, and its last ``most`` lines from number ``since`` on, oldest
    first (blocking)."""
    query = (
        select(chat_t.c.idx, chat_t.c.seat, chat_t.c.name, chat_t.c.text, chat_t.c.at)
        .where(chat_t.c.table_id == table_id, chat_t.c.idx >= since)
        .order_by(chat_t.c.idx.desc())
        .limit(most)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    next_idx = int(rows[0][0]) + 1 if rows else since
    lines: list[dict[str, JSON]] = [
        {"seat": seat, "name": str(name), "text": str(text), "at": float(at)}
        for _, seat, name, text, at in reversed(rows)
    ]
    return next_idx, lines


def said(line: dict[str, JSON]) -> dict[str, JSON]:
    """Who said what in a chat line (its seat, name and text): what a row of the chat and a
    report of it both keep."""
    return {"seat": line["seat"], "name": line["name"], "text": line["text"]}


def store_line(storage: Storage, table_id: str, idx: int, line: dict[str, JSON]) -> None:
    """Write one line (blocking); raises if it could not be committed, IntegrityError when another
    server process wrote line ``idx`` first (cluster.py)."""
    with storage.engine.begin() as conn:
        conn.execute(insert(chat_t).values(table_id=table_id, idx=idx, at=line["at"], **said(line)))
        storage.tell(conn, CHAT, [table_id])


class Chat:
    """The chat of one room: its recent lines, the next line's number, each seat's rate."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.lines: deque[dict[str, JSON]] = deque(maxlen=KEEP)
        self.next_idx = 0
        self.loaded = False
        self.lock = asyncio.Lock()  # one line at a time: numbered, stored and sent in order
        clock = room.hub.settings.clock
        self.limiters = [Limiter(most, window, clock) for most, window in LIMITS]

    async def load(self) -> None:
        """Read the table's lines from the database, once.  If it cannot be read, the table is
        still joined (without its chat) and the next join tries again."""
        if self.loaded:
            return
        async with self.lock:
            if self.loaded:
                return
            hub = self.room.hub
            try:
                found = await hub.writer.call(load_lines, hub.storage.engine, self.room.id, KEEP)
            except Exception as err:
                log.error("table %s: chat not loaded: %r", self.room.id, err)
                return
            self.next_idx, lines = found
            self.lines.extend(lines)
            await hub.moderation.load_mutes(self.room.id)  # who muted whom (issue 31)
            self.loaded = True

    def recent(self, most: int = WELCOME_LINES) -> list[dict[str, JSON]]:
        """The last ``most`` lines, oldest first (copies: the caller may keep them)."""
        return [dict(line) for line in list(self.lines)[-most:]]

    async def say(self, seat: int | None, text: str) -> None:
        """Store ``seat``'s line, then send it to the whole table; raises :class:`Refused`."""
        if seat is None:
            raise Refused("spectator", "spectators read the chat but cannot write in it; players can")
        await self.load()
        if not self.loaded:  # numbering a line needs the stored ones
            raise Refused("storage", "the server could not read this table's chat; try again")
        async with self.lock:
            key = str(seat)
            wait = max(limiter.blocked(key) for limiter in self.limiters)
            if wait > 0:
                raise Refused("chat-limit", f"too many chat lines; wait {int(wait) + 1} s before the next")
            for limiter in self.limiters:
                limiter.note(key)
            hub = self.room.hub
            name = self.room.names()[seat][:MAX_NAME]
            line: dict[str, JSON] = {"seat": seat, "name": name, "text": text, "at": hub.settings.clock()}
            for _ in range(TRIES):  # another process may number a line first (cluster.py)
                idx = self.next_idx
                try:
                    await hub.writer.call(store_line, hub.storage, self.room.id, idx, line)
                    break
                except IntegrityError:
                    await self._catch_up()
                except Exception as err:
                    log.error("table %s: chat line %d not saved: %r", self.room.id, idx, err)
                    raise Refused("storage", "the server could not save your line; nobody saw it") from None
            else:
                raise Refused("storage", "the chat is busy; nobody saw your line, try again")
            # committed: now the table hears it
            self._add(idx, line)

    async def catch_up(self) -> None:
        """Another server process stored lines (cluster.py): read and send the ones past ours."""
        if not self.loaded:
            return  # read whole when somebody first joins
        async with self.lock:
            await self._catch_up()

    async def _catch_up(self) -> None:
        hub = self.room.hub
        start = self.next_idx
        found = await hub.writer.call(load_lines, hub.storage.engine, self.room.id, KEEP, start)
        for offset, line in enumerate(found[1]):
            self._add(found[0] - len(found[1]) + offset, line)

    def _add(self, idx: int, line: dict[str, JSON]) -> None:
        """Line ``idx`` is committed: the table hears it."""
        self.next_idx = idx + 1
        self.lines.append(line)
        message = dumps({"type": "chat", "line": line})
        muting = self.room.hub.moderation
        for seat, group in self.room.conns.items():
            if line["seat"] in muting.muted(self.room.id, seat):
                continue  # that seat muted this one (moderation.py)
            for conn in list(group):
                conn.send(message)
