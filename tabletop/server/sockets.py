"""A table's WebSocket: join with a seat's token (or none, to watch), then send actions.

Each connection has a queue of messages and a task that sends them, so a slow client never
holds up a table; a client that falls far behind is disconnected (reopening the link resumes).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque

from fastapi import HTTPException, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from . import logs, metrics
from .accounts import current_user
from .hub import Hub
from .limits import Limiter
from .messages import (
    Act,
    Back,
    BadMessage,
    Hint,
    Join,
    Leave,
    MakeOffer,
    Mute,
    Ping,
    Reply,
    Report,
    Say,
    Why,
    Withdraw,
    dumps,
    error,
    parse,
)
from .refused import Refused
from .rooms import Room
from .schema import Account
from .traffic import Limited, client_address

log = logging.getLogger("tabletop.server")
MAX_QUEUED = 500

MESSAGE_WINDOW = 10.0  # seconds over which Settings.socket_messages count

# close codes (4000-4999 are the application's)
BAD_REQUEST, FORBIDDEN, NOT_FOUND, TIMEOUT, TOO_SLOW = 4400, 4403, 4404, 4408, 4429
UNAUTHORIZED = 4401  # an API token not (or no longer) valid: revoked, or never made
TOO_MANY = 4429  # a limit reached (traffic.py), as for a client too far behind


class SocketConn:
    """One WebSocket's outgoing messages: queued without waiting, sent in order by its own task.

    A deque and one future to wake the task when it sleeps, not an ``asyncio.Queue``: every
    update passes here once per seat, and the queue's bookkeeping was about 5% of the server's
    time at 1,000 tables (docs/benchmarks.md, "Server load")."""

    def __init__(self, ws: WebSocket, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.pending: deque[str | None] = deque()  # None: close after what comes before
        self.waiter: asyncio.Future[None] | None = None  # set while the task sleeps
        self.task = asyncio.get_running_loop().create_task(self._pump())
        self.dropped = False
        self.ending: tuple[int, str] | None = None  # the close code and reason, once it must close

    def _put(self, text: str | None) -> None:
        self.pending.append(text)
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def send(self, text: str) -> None:
        if self.dropped:
            return
        if len(self.pending) >= MAX_QUEUED:
            self.end(TOO_SLOW, "too far behind; reopen the link")
            return
        self._put(text)

    def end(self, code: int, reason: str) -> None:
        """Close the socket with ``code`` once what is queued before has been sent."""
        if not self.dropped:
            self.dropped, self.ending = True, (code, reason)
            self._put(None)

    async def _pump(self) -> None:
        pending = self.pending
        while True:
            if not pending:
                self.waiter = asyncio.get_running_loop().create_future()
                await self.waiter
                self.waiter = None
                continue
            text = pending.popleft()
            if text is None:
                break
            try:
                await self.ws.send_text(text)
            except Exception:
                return
        if self.ending is not None:
            with contextlib.suppress(Exception):
                await self.ws.close(*self.ending)

    async def close(self) -> None:
        self.dropped = True
        self._put(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.task, 2)


async def receive(ws: WebSocket) -> str | bytes | None:
    """The next frame's text (or bytes); raises WebSocketDisconnect when the client has gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    return text if text is not None else message.get("bytes")


async def refuse(ws: WebSocket, code: str, text: str, close_code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(error(code, text))
        await ws.close(close_code, code)


async def table_socket(hub: Hub, ws: WebSocket, table_id: str) -> None:
    """A table's WebSocket, counted toward its address's limits while it is open (traffic.py)."""
    await ws.accept()
    address = client_address(ws)
    try:
        hub.traffic.socket_opened(address)
    except Limited as err:
        metrics.limited("socket", "sockets-per-address")
        await refuse(ws, err.code, err.message, TOO_MANY)
        return
    try:
        await open_table(hub, ws, table_id, address)
    finally:
        hub.traffic.socket_closed(address)


async def open_table(hub: Hub, ws: WebSocket, table_id: str, address: str) -> None:
    try:
        hub.traffic.join(address, table_id)
    except Limited as err:
        metrics.limited("socket", "joins-per-minute")
        await refuse(ws, err.code, err.message, TOO_MANY)
        return
    room = await hub.get(table_id)
    if room is None:
        await refuse(ws, "no-table", f"there is no table {table_id!r}", NOT_FOUND)
        return
    try:
        first = await asyncio.wait_for(receive(ws), hub.settings.join_timeout)
        join = parse(first)
    except TimeoutError:
        await refuse(ws, "join-timeout", "send a join message first", TIMEOUT)
        return
    except BadMessage as err:
        await refuse(ws, err.code, err.message, BAD_REQUEST)
        return
    except WebSocketDisconnect:
        return
    if not isinstance(join, Join):
        await refuse(ws, "join-first", 'the first message must be {"type": "join", ...}', BAD_REQUEST)
        return
    try:
        account = await current_user(hub, ws, hub.settings.clock)
    except HTTPException as err:  # an API token refused (bot_auth.py): 401, 403 or 429
        code, close = {401: ("unauthorized", UNAUTHORIZED), 429: ("rate-limit", TOO_MANY)}.get(
            err.status_code, ("forbidden", FORBIDDEN)
        )
        await refuse(ws, code, str(err.detail), close)
        return
    seat: int | None = None
    if join.token is not None:
        seat = room.seat_for(join.token)
        if seat is None:
            await refuse(ws, "forbidden", "this link's token is not valid for this table", FORBIDDEN)
            return
        holder = room.seats[seat].user_id
        if holder is not None and (account is None or account.id != holder):
            await refuse(ws, "forbidden", "this seat is held by an account: log in to it to play", FORBIDDEN)
            return
    elif account is not None:
        seat = room.seat_of(account)  # the account's own seat; else a spectator
    logs.bind(room.id, seat)  # the lines logged from here on name the table and the seat
    if seat is not None and account is not None and room.seats[seat].user_id is None:
        try:  # an account newly sitting: not with an account it blocked or that blocked it
            await hub.moderation.may_sit(room, account)
        except Refused as err:
            await refuse(ws, err.code, err.message, FORBIDDEN)
            return
    if seat is not None:
        await room.join_seat(seat, join.name, account)
    conn = SocketConn(ws, seat)
    await room.add(conn)
    if seat is not None:
        hub.scheduler.wake()  # a person is at the table now: its bots' decisions go first
    try:
        rate = Limiter(hub.settings.socket_messages, MESSAGE_WINDOW, hub.settings.clock)
        await serve(room, conn, rate, account)
    except WebSocketDisconnect:
        pass
    finally:
        room.remove(conn)
        await conn.close()
        hub.forget_if_idle(room)
        if ws.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                await ws.close()


async def serve(room: Room, conn: SocketConn, rate: Limiter, account: Account | None = None) -> None:
    """Each message of a joined socket, at most ``rate`` allows: beyond, a ``rate-limit`` error
    (the message is ignored), and a socket that sends as many again while refused is closed."""
    refused = 0
    while not conn.dropped:
        text = await receive(conn.ws)
        received = metrics.now()
        wait = rate.take("")
        if wait:
            metrics.limited("socket", "socket-messages")
            refused += 1
            if refused > rate.most:
                conn.send(error("rate-limit", "far too many messages: this connection is closed"))
                conn.end(TOO_MANY, "rate-limit")
                return
            conn.send(
                error("rate-limit", f"too many messages; wait {int(wait) + 1} s (this one was ignored)")
            )
            continue
        refused = 0
        try:
            message = parse(text)
            if isinstance(message, Act):
                await metrics.acted(room, room.submit(conn.seat, message.action, message.step), received)
            elif isinstance(message, Why):  # answered to this socket only; nothing changes
                conn.send(dumps(await room.why(conn.seat, message.action)))
            elif isinstance(message, Hint):  # computed in a bot worker: this socket reads on meanwhile
                room.hints.ask(conn)
            elif isinstance(message, Ping):
                conn.send(dumps({"type": "pong", "step": room.step}))
            elif isinstance(message, MakeOffer):
                offer = room.offers.offer(conn.seat, message.to, message.give, message.ask, message.note)
                await metrics.acted(room, offer, received)
            elif isinstance(message, Withdraw):
                await metrics.acted(room, room.offers.take_back(conn.seat, message.offer), received)
            elif isinstance(message, Reply):
                await metrics.acted(
                    room, room.offers.answer(conn.seat, message.offer, message.accept), received
                )
            elif isinstance(message, Back):
                if conn.seat is None:
                    raise Refused("spectator", "spectators have no seat to come back to")
                await room.come_back(conn.seat)
            elif isinstance(message, Leave):
                await room.leave(conn.seat)
            elif isinstance(message, Say):
                await room.chat.say(conn.seat, message.text)
            elif isinstance(message, Mute | Report):  # issue 31 (moderation.py)
                await room.hub.moderation.handle(room, conn, message, account)
            else:
                raise BadMessage("joined", "you have already joined this table")
        except (BadMessage, Refused) as err:
            metrics.message_refused(err.code)
            conn.send(error(err.code, err.message))
