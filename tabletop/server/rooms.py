"""A table in play: its game state, seats, connections and bots.

The room is the only place a table's state changes.  An action is checked against the rules
on a copy of the state, written to the database, and only then becomes the table's state and
is broadcast: every connection gets a message built for its own seat (its view, and only the
events it may see; a spectator gets the public view).  Once the game is over, everything is
public.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any, Protocol

from ..core.errors import IllegalAction, InvalidActionText, TabletopError
from ..core.protocol import JSON, Event, Game, State
from ..core.record import Record
from ..core.registry import make
from ..words import content, labels
from .bots import bot_seed
from .messages import dumps
from .said import seat_names, told_events
from .storage import Append, SeatRow, TableRow
from .tokens import same

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("tabletop.server")
LOG_LENGTH = 300  # events sent to a client that joins


class Refused(Exception):
    """An action the room does not accept; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Conn(Protocol):
    """A client connection as the room sees it: somewhere to queue messages."""

    seat: int | None

    def send(self, text: str) -> None: ...


class Room:
    def __init__(self, hub: Hub, row: TableRow) -> None:
        self.hub = hub
        self.row = row
        self.id = row.id
        self.seats: list[SeatRow] = row.seats
        self.game: Game[Any] = make(row.game, **row.options)
        self.record = Record(row.game, dict(self.game.options), row.seed, row.setup, [])
        self.state: State[Any] = self.record.initial_state(self.game)
        self.events: list[tuple[int, Event]] = [(0, e) for e in self.state.opening_events()]
        self.last: dict[str, JSON] | None = None
        for text in row.actions:  # replay the stored record, checking every action
            seat = self.state.current_seat
            events = self.state.apply(self.game.parse_action(text))
            self.record.actions.append(text)
            self.events += [(len(self.record.actions), e) for e in events]
            self.last = {"seat": seat, "action": text}
        self.conns: dict[int | None, set[Conn]] = {}
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None

    # -- facts -------------------------------------------------------------------
    @property
    def step(self) -> int:
        return len(self.record.actions)

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def status(self) -> str:
        if self.over:
            return "finished"
        if any(s.kind == "person" and not s.joined for s in self.seats):
            return "open"
        return "running"

    def seat_for(self, token: str) -> int | None:
        for s in self.seats:
            if s.kind == "person" and same(s.token_hash, token):
                return s.seat
        return None

    def public_seats(self) -> list[dict[str, JSON]]:
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": s.name,
                "joined": s.joined or s.kind == "bot",
                "online": s.kind == "bot" or bool(self.conns.get(s.seat)),
            }
            for s in self.seats
        ]

    def summary(self) -> dict[str, JSON]:
        state = self.state
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "options": dict(self.game.options),
            "status": self.status(),
            "step": self.step,
            "to_act": state.current_seat,
            "seats": self.public_seats(),
            "scores": state.scores(),
            "ranking": state.ranking() if self.over else None,
            "created": self.row.created,
            "rematch": self.row.rematch,
            "rematch_of": self.row.rematch_of,
        }

    # -- connections --------------------------------------------------------------
    async def add(self, conn: Conn) -> None:
        """Register ``conn`` and send it the table as its seat sees it.

        Under the lock: an action being saved is neither shown early nor missed.
        """
        async with self.lock:
            self.conns.setdefault(conn.seat, set()).add(conn)
            conn.send(self.welcome(conn.seat))
            self.announce_seats()

    def remove(self, conn: Conn) -> None:
        group = self.conns.get(conn.seat)
        if group is not None:
            group.discard(conn)
            if not group:
                del self.conns[conn.seat]
        self.announce_seats()

    def names(self) -> list[str]:
        return seat_names(self.public_seats())

    def welcome(self, seat: int | None) -> str:
        names = self.names()
        log_events = told_events(self.game.name, self.events[-LOG_LENGTH * 2 :], seat, self.over, names)
        view = self.state.view(seat)
        return dumps(
            {
                "type": "welcome",
                "table": self.summary(),
                "seat": seat,
                "step": self.step,
                "over": self.over,
                "last": self.last,
                "view": view,
                "labels": labels(self.game.name, view, names),
                "content": content(self.game.name),
                "log": log_events[-LOG_LENGTH:],
            }
        )

    def announce_seats(self) -> None:
        self._send_all(dumps({"type": "seats", "seats": self.public_seats()}))

    def announce_rematch(self, table_id: str) -> None:
        self._send_all(dumps({"type": "rematch", "table": table_id}))

    def _send_all(self, text: str) -> None:
        for group in self.conns.values():
            for conn in group:
                conn.send(text)

    # -- actions ------------------------------------------------------------------
    async def submit(self, seat: int | None, text: str, step: int | None = None) -> None:
        """Play ``text`` for ``seat``; raises :class:`Refused` (nothing changed) if not accepted."""
        async with self.lock:
            await self._submit(seat, text, step)
        self.schedule_bot()

    async def _submit(self, seat: int | None, text: str, step: int | None) -> None:
        if seat is None:
            raise Refused("spectator", "spectators cannot act; open a seat's invitation link to play")
        if self.over:
            raise Refused("over", "the game is over")
        if step is not None and step != self.step:
            raise Refused("stale", f"the table has moved on (step {self.step}, not {step}); look again")
        current = self.state.current_seat
        if seat != current:
            raise Refused("out-of-turn", f"it is seat {current}'s turn, not yours (seat {seat})")
        try:
            action = self.game.parse_action(text)
            events = self.state.apply(action, seat=seat)  # unchanged if it raises
        except InvalidActionText as err:
            raise Refused("invalid", str(err)) from None
        except IllegalAction as err:
            raise Refused("illegal", str(err)) from None
        canonical = str(action)
        index = self.step
        try:
            await self.hub.writer.append(Append(self.id, index, seat, canonical, self.state.is_terminal()))
        except BaseException as err:
            # not saved, so not accepted: back to the position the database holds
            log.error("table %s: action %d not saved: %r", self.id, index, err)
            self.state = self.record.replay() if self.record.actions else self.record.initial_state(self.game)
            if not isinstance(err, Exception):
                raise
            raise Refused("storage", "the server could not save your action; nothing changed") from None
        # committed: now everybody hears of it
        self.record.actions.append(canonical)
        self.events += [(index + 1, e) for e in events]
        self.last = {"seat": seat, "action": canonical}
        if self.state.is_terminal():
            self.row.finished = True
        self.broadcast(events)

    def broadcast(self, events: list[Event]) -> None:
        """Each connection's message, built once per seat: its view and the events it may see."""
        over = self.over
        scores = self.state.scores()
        names = self.names()
        stepped = [(self.step, e) for e in events]
        audience = [seat for seat, group in self.conns.items() if group]
        for seat, view in zip(audience, self.state.views(audience), strict=True):
            group = self.conns[seat]
            message = dumps(
                {
                    "type": "update",
                    "step": self.step,
                    "over": over,
                    "last": self.last,
                    "events": told_events(self.game.name, stepped, seat, over, names),
                    "view": view,
                    "labels": labels(self.game.name, view, names),
                    "scores": scores,
                }
            )
            for conn in list(group):
                conn.send(message)

    # -- bots ---------------------------------------------------------------------
    def bot_to_act(self) -> SeatRow | None:
        seat = self.state.current_seat
        if seat is None:
            return None
        row = self.seats[seat]
        return row if row.kind == "bot" else None

    def schedule_bot(self) -> None:
        if self.bot_to_act() is None or (self.bot_task is not None and not self.bot_task.done()):
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._play_bots(), name=f"bots-{self.id}")

    async def _play_bots(self) -> None:
        while (bot := self.bot_to_act()) is not None:
            step = self.step
            if self.hub.settings.bot_delay:
                await asyncio.sleep(self.hub.settings.bot_delay)
            level = bot.level or "normal"
            seed = bot_seed(self.record.seed, step, bot.seat)
            text = await self.hub.bots.decide(self.game, self.state, bot.seat, level, seed)
            try:
                async with self.lock:
                    await self._submit(bot.seat, text, step)
            except Refused as err:
                log.error("table %s: the %s bot in seat %d was refused: %s", self.id, level, bot.seat, err)
                if err.code != "storage":
                    return
                await asyncio.sleep(1.0)  # the database is down: try again, don't spin

    async def stop(self) -> None:
        if self.bot_task is not None:
            self.bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, TabletopError):
                await self.bot_task
