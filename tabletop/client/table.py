"""Playing one seat over a table's WebSocket (docs/server.md, "WebSocket"), reconnecting after
network failures.

The bot joins with no seat token (``{"type": "join"}``): the API token in the handshake's
``Authorization`` header sits it in the seat its account holds.  The server then sends a
``welcome`` and an ``update`` after every action, each with the seat's own view (its ``legal``:
the texts the seat may send now).  When the seat is asked, the client calls the bot's ``decide``
with a :class:`Turn` and sends the text it returns as an ``action`` with the step it answers; the
rules judge it like anyone's, and a refusal comes back as an ``error`` (the client asks ``decide``
again, with the refusal, a few times).  The server keeps the seat: after a lost connection the
client opens a new one, joins again and goes on from the welcome.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from ..core.protocol import JSON
from .api import Api, ClientError, Forbidden, RateLimited, Unauthorized, socket_base

log = logging.getLogger("tabletop.client")

TRIES = 3  # times ``decide`` is asked for one question when the server refuses its answers
OPEN_TIMEOUT = 15.0
MAX_FRAME = 4 * 1024 * 1024  # a welcome holds the log and the chat: far below this
# close codes (docs/server.md): a token refused, no seat or access, no table, an admin ended it
CLOSED_UNAUTHORIZED, CLOSED_FORBIDDEN, CLOSED_NO_TABLE, CLOSED_ENDED = 4401, 4403, 4404, 4410


@dataclass(frozen=True)
class Turn:
    """A question the game asks the bot's seat: what ``decide`` gets."""

    table: str
    game: str
    options: dict[str, JSON]
    seat: int
    step: int  # actions so far: the answer is for this position
    view: dict[str, JSON]  # the seat's view, as the server sent it (with its ``previews`` if any)
    legal: list[str]  # the texts the seat may send now
    labels: dict[str, str]  # each of them in words
    refused: list[str] = field(default_factory=list)  # the server's reasons for earlier answers


@dataclass(frozen=True)
class Finished:
    """How a table ended for the bot."""

    table: str
    seat: int
    scores: list[JSON]
    view: dict[str, JSON]  # the seat's last view (everything is public once over)
    ended: bool = False  # ended by an admin, not by the rules


Decide = Callable[[Turn], Awaitable[str] | str]


class NotSeated(ClientError):
    """The token's account holds no seat at this table."""


def delays(first: float = 0.5, most: float = 15.0) -> Iterator[float]:
    """Waits between reconnections: doubling from ``first`` up to ``most``."""
    wait = first
    while True:
        yield wait
        wait = min(most, wait * 2)


class TableClient:
    """The bot's seat at one table: :meth:`play` until the game is over."""

    def __init__(self, api: Api, table: str, decide: Decide, first_delay: float = 0.5) -> None:
        self.api, self.table, self.decide = api, table, decide
        self.first_delay = first_delay
        self.seat: int | None = None
        self.summary: dict[str, Any] = {}
        self.connections = 0  # how many times it has joined (1: never reconnected)

    @property
    def url(self) -> str:
        return f"{socket_base(self.api.server)}/ws/tables/{self.table}"

    async def play(self) -> Finished:
        """Play the seat to the game's end, reconnecting after failures that may pass (a lost
        connection, the server restarting, a limit); raises :class:`Unauthorized`,
        :class:`Forbidden` or :class:`NotSeated` for those that cannot."""
        waits = delays(self.first_delay)
        while True:
            try:
                return await self._connection()
            except RateLimited as err:
                log.warning("table %s: %s; trying again in %.0f s", self.table, err, err.retry_after)
                await asyncio.sleep(err.retry_after)
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, _Lost) as err:
                wait = next(waits)
                log.warning("table %s: connection lost (%s); again in %.1f s", self.table, _why(err), wait)
                await asyncio.sleep(wait)

    async def _connection(self) -> Finished:
        try:
            ws = await connect(
                self.url,
                additional_headers=self.api.headers(),
                open_timeout=OPEN_TIMEOUT,
                max_size=MAX_FRAME,
                max_queue=None,  # read on while the bot thinks: pings keep being answered
                user_agent_header="tabletop-client",
            )
        except InvalidStatus as err:
            status = err.response.status_code
            if status in (401, 403):
                raise Forbidden(f"the server refused the table's socket (HTTP {status})") from None
            raise
        async with ws:
            self.connections += 1
            await ws.send(json.dumps({"type": "join"}))
            return await _Session(self, ws).run()


class _Lost(Exception):
    """The socket closed before the game was over, for a reason worth reconnecting after."""


def _why(err: BaseException) -> str:
    return str(err) or type(err).__name__


class _Session:
    """One connection's messages: the seat's latest position, and the answers sent for it."""

    def __init__(self, owner: TableClient, ws: ClientConnection) -> None:
        self.owner, self.ws = owner, ws
        self.step = -1
        self.view: dict[str, JSON] = {}
        self.labels: dict[str, str] = {}
        self.scores: list[JSON] = []
        self.pending: int | None = None  # the step an answer was sent for, until its outcome is known
        self.refused: dict[int, list[str]] = {}  # per step: the server's reasons for our answers

    async def run(self) -> Finished:
        owner = self.owner
        try:
            async for frame in self.ws:
                message = json.loads(frame)
                kind = message.get("type")
                if kind == "welcome":
                    if message.get("seat") is None:
                        raise NotSeated(f"the token's account holds no seat at table {owner.table}")
                    owner.seat, owner.summary = int(message["seat"]), dict(message["table"])
                    self.pending = None
                    self._position(message)
                elif kind == "update":
                    last = message.get("last") or {}
                    if last.get("seat") == owner.seat:
                        self.pending = None  # our answer (or a move made for us) went through
                    self._position(message)
                elif kind == "error":
                    await self._refused(str(message.get("code")), str(message.get("error")))
                    continue
                else:
                    continue  # seats, chat, offers, notices: nothing to answer
                if message.get("over"):
                    assert owner.seat is not None
                    return Finished(owner.table, owner.seat, self.scores, self.view)
                await self._answer()
        except ConnectionClosed:
            pass
        code = self.ws.close_code
        if code == CLOSED_UNAUTHORIZED:
            raise Unauthorized(f"the server refused the API token ({self.ws.close_reason or 'revoked'})")
        if code in (CLOSED_FORBIDDEN, CLOSED_NO_TABLE):
            raise Forbidden(f"table {owner.table}: closed by the server ({code} {self.ws.close_reason})")
        if code == CLOSED_ENDED and owner.seat is not None:
            return Finished(owner.table, owner.seat, self.scores, self.view, ended=True)
        raise _Lost(f"closed with code {code}")

    def _position(self, message: dict[str, Any]) -> None:
        self.step = int(message["step"])
        self.view = dict(message["view"])
        self.labels = {str(k): str(v) for k, v in (message.get("labels") or {}).items()}
        if "scores" in message:
            self.scores = list(message["scores"])
        elif isinstance(message.get("table"), dict):
            self.scores = list(message["table"].get("scores") or [])

    def _legal(self) -> list[str]:
        legal = self.view.get("legal")
        return [str(a) for a in legal] if isinstance(legal, list) else []

    async def _answer(self) -> None:
        """Send an answer if the seat is asked and none is on its way for this position."""
        legal = self._legal()
        refused = self.refused.get(self.step, [])
        if not legal or self.pending is not None or len(refused) >= TRIES:
            return
        owner = self.owner
        assert owner.seat is not None
        turn = Turn(
            table=owner.table,
            game=str(owner.summary.get("game")),
            options=dict(owner.summary.get("options") or {}),
            seat=owner.seat,
            step=self.step,
            view=self.view,
            legal=legal,
            labels=self.labels,
            refused=list(refused),
        )
        chosen = owner.decide(turn)
        text = await chosen if inspect.isawaitable(chosen) else chosen
        self.pending = self.step
        await self.ws.send(json.dumps({"type": "action", "action": str(text), "step": turn.step}))

    async def _refused(self, code: str, reason: str) -> None:
        """An error from the server: for our answer, ask again (a few times) or wait."""
        step, self.pending = self.pending, None
        if code in ("illegal", "invalid", "malformed") and step is not None:
            self.refused.setdefault(step, []).append(reason)
            log.warning("table %s: the server refused the bot's answer: %s", self.owner.table, reason)
            if len(self.refused[step]) >= TRIES:
                log.warning("table %s: no answer at step %d; its clock runs", self.owner.table, step)
            await self._answer()
        elif code == "rate-limit":
            log.warning("table %s: %s", self.owner.table, reason)
            await asyncio.sleep(1.0)
            await self._answer()
        elif code not in ("stale", "out-of-turn"):  # those: an update is on its way
            log.warning("table %s: %s: %s", self.owner.table, code, reason)
