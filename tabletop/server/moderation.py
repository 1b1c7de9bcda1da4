"""Moderation in a running server (issue 31; docs/server.md, "Moderation").

Admins act through ``tabletop admin`` (admin_cli.py, on the database) or the admin API
(moderation_api.py, through a server).  Either way the change is written to the database with a
row of ``moderation_events`` in the same transaction, and every server process reads the events
past its last one at each clock tick (about once a second, :meth:`Moderation.poll`; the API's own
process at once): one path for one process or several, SQLite or PostgreSQL.  What a process
keeps in memory is what it must check without a read: the tables paused or ended, the addresses
suspended, and each loaded table's mutes.

- A **paused** table refuses every action, offer and bot move with ``paused``, and its clocks do
  not run out; resumed, each open question's time starts afresh.
- An **ended** table is finished with no result (no places, no rating: the game did not end, so
  what it hides stays hidden); its sockets are closed and it leaves memory.
- A **suspended** account's sessions are deleted, it cannot log in (accounts.py) nor be anybody's
  session (storage.py), and its open sockets are closed.
- A **suspended address** gets 403 on every request and socket (:class:`BannedAddresses`).

Players: a seat **mutes** another seat's chat at its table (stored, so a reload keeps it; the
server does not send the muter those lines), an account **blocks** another (neither may take or be
given a seat, open an invitation or make a rematch at a table where the other sits), and a seat
**reports** a chat line (stored with the lines around it, for admins).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from starlette.types import ASGIApp, Receive, Scope, Send

from ..core.protocol import JSON
from . import moderation_store as store
from .limits import Limiter
from .messages import Mute, Report, dumps, error
from .refused import Refused
from .schema import Account

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Conn, Room

log = logging.getLogger("tabletop.server")
REPORTS = (10, 600.0)  # a seat may report so many lines in so many seconds
ENDED_CODE = 4410  # a table's sockets closed because an admin ended it
SUSPENDED_CODE = 4403
BLOCKED = "you cannot sit at this table: a block stands between you and one of its players"
OPEN_PATHS = ("/healthz", "/readyz", "/metrics")  # an operator's, never refused


class Moderation:
    """This process's view of the admins' decisions, and the players' mutes and reports."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.halts: dict[str, str] = {}  # table id -> "paused" or "ended"
        self.banned: set[str] = set()
        self.mutes: dict[str, dict[int, set[int]]] = {}  # table id -> seat -> seats it muted
        self.last = 0  # the last event applied
        self.lock = asyncio.Lock()
        self.reports = Limiter(REPORTS[0], REPORTS[1], hub.settings.clock)

    async def start(self) -> None:
        """Read what holds now (the schema is up to date): later events come through :meth:`poll`."""
        call, storage = self.hub.writer.call, self.hub.storage
        self.last = await call(store.last_event, storage)
        self.halts = await call(store.halted, storage)
        self.banned = await call(store.banned, storage)

    # -- checks (no database read) ------------------------------------------------------------
    def halt(self, table_id: str) -> str | None:
        return self.halts.get(table_id)

    def ended(self, table_id: str) -> bool:
        return self.halts.get(table_id) == store.ENDED

    def check(self, room: Room) -> None:
        """Refuse any move at a table an admin paused or ended."""
        halt = self.halts.get(room.id)
        if halt == store.PAUSED:
            raise Refused("paused", "an admin paused this table: no move can be made until it resumes")
        if halt == store.ENDED:
            raise Refused("ended", "an admin ended this table: it has no result")

    async def may_sit(self, room: Room, account: Account) -> None:
        """Refuse ``account`` a seat at ``room`` when it and an account seated there blocked each
        other (whichever did: the message does not say)."""
        others = [s.user_id for s in room.seats if s.user_id is not None and s.user_id != account.id]
        if not others:
            return
        if await self.hub.writer.call(store.blocked_between, self.hub.storage, account.id, others):
            raise Refused("blocked", BLOCKED)

    async def blocked_seats(self, room: Room) -> bool:
        """Whether two accounts seated at ``room`` blocked each other (a rematch would seat them)."""
        ids = [s.user_id for s in room.seats if s.user_id is not None]
        for index, user_id in enumerate(ids):
            if await self.hub.writer.call(store.blocked_between, self.hub.storage, user_id, ids[index + 1 :]):
                return True
        return False

    # -- the admins' events ---------------------------------------------------------------------
    async def poll(self) -> int:
        """Apply the admins' actions stored since the last look; returns how many."""
        async with self.lock:
            events = await self.hub.writer.call(store.events_since, self.hub.storage, self.last)
            for event_id, kind, subject in events:
                try:
                    await self.apply(kind, subject)
                except Exception:
                    log.exception("the admin's %s of %s could not be applied here", kind, subject)
                self.last = event_id
            return len(events)

    async def apply(self, kind: str, subject: str) -> None:
        hub = self.hub
        room = hub.rooms.get(subject)
        if kind == "pause":
            self.halts[subject] = store.PAUSED
            if room is not None:
                notice(room, "paused", "An admin paused this table: no move can be made until it resumes.")
        elif kind == "resume":
            self.halts.pop(subject, None)
            if room is not None:
                for prompt in room.prompts.values():  # the time paused is nobody's
                    prompt.at = room.now()
                notice(room, "resumed", "An admin resumed this table: play on.")
                room.broadcast([])
                room.schedule_bot()
        elif kind == "end":
            self.halts[subject] = store.ENDED
            if room is not None:
                hub.rooms.pop(subject, None)
                room.row.finished, room.row.finished_at = True, room.now()
                notice(room, "ended", "An admin ended this table: it has no result.")
                for group in list(room.conns.values()):
                    for conn in list(group):
                        close(conn, ENDED_CODE, "ended")
                await room.stop()
        elif kind == "suspend":
            user_id = int(subject)
            for live in list(hub.rooms.values()):
                for seat in live.seats:
                    if seat.user_id == user_id:
                        for conn in list(live.conns.get(seat.seat, ())):
                            conn.send(error("suspended", "this account is suspended"))
                            close(conn, SUSPENDED_CODE, "suspended")
        elif kind == "ban":
            self.banned.add(subject)
            for live in list(hub.rooms.values()):
                for group in list(live.conns.values()):
                    for conn in list(group):
                        ws = getattr(conn, "ws", None)
                        if ws is not None and ws.client is not None and ws.client.host == subject:
                            close(conn, SUSPENDED_CODE, "suspended")
        elif kind == "unban":
            self.banned.discard(subject)
        elif kind == "gone":  # an account deleted itself (people.py): its seats here are anonymous
            from .people import forget_in_memory

            await forget_in_memory(hub, subject)

    # -- mutes and reports (a seat's WebSocket messages) -----------------------------------------
    async def load_mutes(self, table_id: str) -> None:
        """The table's mutes, read with its chat (before anybody's welcome)."""
        try:
            self.mutes[table_id] = await self.hub.writer.call(store.mutes, self.hub.storage, table_id)
        except Exception as err:  # the table is still joined; its mutes are read at the next load
            log.error("table %s: mutes not loaded: %r", table_id, err)

    def muted(self, table_id: str, seat: int | None) -> set[int]:
        if seat is None:
            return set()
        return self.mutes.get(table_id, {}).get(seat, set())

    def visible(self, table_id: str, seat: int | None, lines: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
        """The chat lines ``seat`` sees: not those of the seats it muted."""
        muted = self.muted(table_id, seat)
        return [line for line in lines if line.get("seat") not in muted] if muted else lines

    def welcome(self, room: Room, conn: Conn) -> None:
        """After a seat's welcome: the seats it muted, if any (its page offers to unmute them)."""
        muted = self.muted(room.id, conn.seat)
        if muted:
            conn.send(dumps({"type": "muted", "seats": sorted(muted)}))

    async def handle(self, room: Room, conn: Conn, message: Mute | Report, account: Account | None) -> None:
        if conn.seat is None:
            raise Refused("spectator", "spectators cannot mute or report; players can")
        if isinstance(message, Mute):
            await self.mute(room, conn.seat, message)
        else:
            await self.report(room, conn, message, account)

    async def mute(self, room: Room, seat: int, message: Mute) -> None:
        if not 0 <= message.seat < len(room.seats) or message.seat == seat:
            raise Refused("no-seat", "choose another seat of this table to mute")
        hub = self.hub
        await hub.writer.call(
            store.set_mute, hub.storage, room.id, seat, message.seat, message.on, hub.settings.clock()
        )
        muted = self.mutes.setdefault(room.id, {}).setdefault(seat, set())
        if message.on:
            muted.add(message.seat)
        else:
            muted.discard(message.seat)
        told = dumps({"type": "muted", "seats": sorted(muted)})
        for conn in list(room.conns.get(seat, ())):
            conn.send(told)

    async def report(self, room: Room, conn: Conn, message: Report, account: Account | None) -> None:
        assert conn.seat is not None
        key = f"{room.id} {conn.seat}"
        if self.reports.blocked(key) > 0:
            raise Refused("report-limit", "you have reported many lines already; an admin will read them")
        if message.seat == conn.seat:
            raise Refused("no-line", "you cannot report your own line")
        hub = self.hub
        line: dict[str, Any] = {"seat": message.seat, "at": message.at, "text": message.text}
        found = await hub.writer.call(
            store.add_report,
            hub.storage,
            room.id,
            conn.seat,
            None if account is None else account.id,
            line,
            message.reason,
            hub.settings.clock(),
        )
        if found is None:
            raise Refused("no-line", "there is no such line in this table's chat")
        self.reports.note(key)
        log.info("table %s: seat %d reported a chat line (report %d)", room.id, conn.seat, found)
        conn.send(dumps({"type": "reported", "report": found}))


def notice(room: Room, code: str, text: str) -> None:
    """Tell everybody at ``room`` (a toast on their page)."""
    message = dumps({"type": "notice", "code": code, "text": text})
    for group in list(room.conns.values()):
        for conn in list(group):
            conn.send(message)


def close(conn: Conn, code: int, reason: str) -> None:
    end = getattr(conn, "end", None)
    if end is not None:
        end(code, reason)


class BannedAddresses:
    """Every request and WebSocket from a suspended address is refused (403; a socket: closed
    with 4403), but the operator's /healthz, /readyz and /metrics."""

    def __init__(self, app: ASGIApp, hub: Hub) -> None:
        self.app = app
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if (
            scope["type"] in ("http", "websocket")
            and self.hub.moderation.banned
            and client is not None
            and client[0] in self.hub.moderation.banned
            and scope.get("path") not in OPEN_PATHS
        ):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": SUSPENDED_CODE, "reason": "suspended"})
                return
            body = b'{"detail":"this address is suspended"}'
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": 403, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)
