"""All the tables of one server: creating them, finding them, resuming them after a restart."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import secrets
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidOptions, TabletopError
from ..core.protocol import JSON
from ..core.registry import game_class, make
from . import metrics, ratings
from .bot_store import bot_ids
from .bots import Bots, levels
from .clocks import DEFAULT, RESUME_GRACE, TimeControl
from .cluster import Cluster, catch_up
from .limits import Limiter
from .mail import MailConfig
from .moderation import Moderation
from .notify import Notices
from .outbox import Outbox
from .refused import Refused
from .rooms import Room
from .scheduler import Scheduler
from .schema import Account
from .storage import RematchTaken, SeatRow, Storage, TableRow
from .tokens import hash_token, new_table_id, new_token
from .traffic import Traffic
from .writer import Writer

log = logging.getLogger("tabletop.server")
KEEP_FINISHED = 50  # finished tables kept in memory for replays


@dataclass
class Settings:
    bot_delay: float = 0.0  # seconds a bot waits before acting, so people can follow
    bot_workers: str = "thread"  # "thread" or "process"
    bot_threads: int = 2
    join_timeout: float = 10.0  # seconds a new connection has to send its join message
    finished_listed: int = 30  # finished tables the lobby lists
    freeze_after_start: bool = False  # gc.freeze() the resumed tables (tabletop serve does)
    clock: Callable[[], float] = (
        time.time
    )  # wall-clock seconds: sessions, limits, table clocks (tests set it)
    clock_tick: float = 1.0  # seconds between looks at the table clocks (0: only when told, in tests)
    # Limits (docs/server.md, "Limits"); 0 turns one off.  An address is the client's (traffic.py).
    tables_per_minute: int = 30  # tables an address may create in a minute
    open_tables: int = 60  # unfinished tables created by one address
    watch_tables: int = 20  # unfinished bot-only tables ("watch bots play") on the whole server
    watch_tables_per_address: int = 2  # of them, created by one address
    sockets_per_address: int = 60  # WebSockets open at once from one address
    joins_per_minute: int = 30  # WebSockets opened to one table by one address in a minute
    socket_messages: int = 100  # messages a WebSocket may send in 10 seconds
    allowed_origins: tuple[str, ...] = ()  # other sites' pages that may use the API (origins.py)
    bot_queue_table: int = 16  # bot decisions one table may have waiting (scheduler.py)
    bot_queue_total: int = 1000  # bot decisions waiting on the whole server
    # mail and Web Push (issue 30: mail.py, outbox.py, notify.py)
    smtp: MailConfig | None = None  # the SMTP server mail goes through; None: mail is off
    public_url: str = "http://localhost:8000"  # this server's address, for the links in mails
    vapid_key_file: str | None = None  # the VAPID key's PEM file; None: kept in the database
    vapid_subject: str | None = None  # the contact push services see (default: mailto:the sender)
    push_allow_http: bool = False  # Web Push endpoints over plain http (the tests' push service)
    turn_notice_every: float = 4 * 3600.0  # at most one "your turn" per table so often (unless moved)
    # several processes (PostgreSQL): a "your turn" waits so long, then goes only if the seat has
    # not moved meanwhile (its player may be connected to another process: mailbox.still_asked)
    turn_notice_grace: float = 120.0
    mail_poll: float = 5.0  # seconds between looks at the outbox (0: only when told, in tests)
    token_requests: int = 120  # requests (and sockets opened) per API token in a minute (bot_auth.py)
    # Argon2id's cost for passwords (argon2-cffi's defaults; tests lower it: hashing is most of their time)
    password_time_cost: int = 3
    password_memory_kib: int = 65536


class Hub:
    def __init__(self, storage: Storage, settings: Settings | None = None) -> None:
        self.storage = storage
        self.settings = settings or Settings()
        self.rooms: dict[str, Room] = {}
        self.writer = Writer(storage)
        self.bots = Bots(self.settings.bot_workers, self.settings.bot_threads)
        self.scheduler = Scheduler(self.bots, self.settings.bot_queue_table, self.settings.bot_queue_total)
        self.traffic = Traffic(self.settings, self.rooms)
        self.loading: dict[str, asyncio.Future[Room | None]] = {}
        self._ticker: asyncio.Task[None] | None = None
        # on PostgreSQL, other server processes may serve the same tables (cluster.py)
        self.cluster = None if storage.is_sqlite else Cluster(self)
        self.outbox = Outbox(self)  # mails and pushes (issue 30)
        self.notices = Notices(self)
        self.moderation = Moderation(self)  # paused and ended tables, suspensions, mutes (issue 31)
        self.bot_accounts: set[int] = set()  # bot accounts' ids, whose names say BOT (issue 32)
        self.token_limits = Limiter(self.settings.token_requests, 60.0, self.settings.clock)  # bot_auth.py

    def runs(self, room: Room) -> bool:
        """Whether this process runs ``room``'s bots and clocks (with others, the one holding its
        lock does: cluster.py)."""
        return self.cluster is None or self.cluster.runs(room)

    # -- life ------------------------------------------------------------------
    async def start(self) -> None:
        """Create the schema if needed and resume every unfinished table from its record."""
        self.writer.start()
        await self.writer.call(self.storage.create_schema)
        await self.moderation.start()
        self.bot_accounts |= await self.writer.call(bot_ids, self.storage)
        await self.outbox.start()
        for row in await self.writer.call(self.storage.load_unfinished):
            try:
                self.rooms[row.id] = Room(self, row)
            except (TabletopError, ValueError) as err:
                log.error("table %s cannot be resumed: %s", row.id, err)
        grace = self.settings.clock() + RESUME_GRACE
        for room in self.rooms.values():
            room.clocks.grace_until = grace  # time while the server was down is nobody's
        if self.cluster is not None:
            await self.cluster.start()  # takes the tables nobody runs, and schedules their bots
        for room in self.rooms.values():
            room.schedule_bot()
        log.info("resumed %d tables", len(self.rooms))
        await self.writer.call(ratings.catch_up, self.storage, self.settings.clock())
        if self.settings.clock_tick > 0:
            self._ticker = asyncio.get_running_loop().create_task(self._tick(), name="clocks")
        if self.settings.freeze_after_start:
            gc.collect()
            gc.freeze()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.settings.clock_tick)
            try:
                if self.cluster is not None:
                    await self.cluster.tick()
                await self.moderation.poll()  # the admins' actions (moderation.py)
                await self.check_clocks()
            except Exception:
                log.exception("the table clocks could not be checked")

    async def check_clocks(self) -> int:
        """Every question whose clock has run out goes to the takeover bot (its seat is marked
        absent); returns how many ran out.  The server does this every ``clock_tick`` seconds;
        tests call it after moving their clock."""
        now = self.settings.clock()
        expired = 0
        for room in list(self.rooms.values()):
            if not self.runs(room):
                continue
            deadline = room.next_deadline()
            if deadline is not None and deadline <= now:
                expired += metrics.ran_out(room, await room.expire(now))
        return expired

    async def close(self) -> None:
        """Stop everything (the server is shutting down: uvicorn has stopped accepting and closed
        the connections): no bot decision waits or computes any more, the worker processes are
        ended, and the database thread finishes what it was given, then closes."""
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        self.scheduler.close()  # decisions waiting are dropped, and no new one starts
        for room in list(self.rooms.values()):
            await room.stop()
        self.bots.close()  # ends the worker processes, even in the middle of a decision
        await self.notices.drain()
        await self.outbox.close()  # after the send under way
        if self.cluster is not None:
            await self.cluster.close()  # the other processes take its tables over
        self.writer.close()
        self.storage.close()

    # -- tables -----------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        options: Mapping[str, Any],
        seats: Sequence[str] | None,
        rematch_of: Room | None = None,
        *,
        creator: Account | None = None,
        control: TimeControl = DEFAULT,
        rated: bool = True,
        private: bool = False,
        takeover: str = "normal",
        seed: int | None = None,
        setup: dict[str, Any] | None = None,
        tutorial: str | None = None,
        accounts: Mapping[int, Account] | None = None,
    ) -> tuple[Room, dict[int, str]]:
        """A new table; returns it and each person seat's secret token (shown only now).  A
        logged-in creator holds the first person seat with their account.  ``seed`` and ``setup``
        fix the deal (a tutorial's: tutorials.py; else a random seed), ``tutorial`` marks a
        tutorial table of that game; ``accounts`` hold the seats described ``@NAME`` (bot accounts,
        bot_api.named_seats)."""
        game = make(game_name, **check_options(game_name, options))
        if takeover not in levels():
            raise InvalidOptions(
                f"the bot for absent players is one of {', '.join(levels())}, not {takeover!r}"
            )
        rows, tokens = self._seat_rows(game.players, seats, rematch_of, accounts or {})
        first = next((r for r in rows if r.kind == "person" and r.user_id is None), None)
        if first is not None and rematch_of is None:  # the creator's own seat, never offered to others
            if creator is not None:
                first.user_id, first.name = creator.id, creator.name
            else:
                first.joined = True
        if rematch_of is not None:
            old = rematch_of.row
            control = rematch_of.clocks.control
            rated, private, takeover = old.rated, old.private, old.takeover or takeover
        now = self.settings.clock()
        row = TableRow(
            id=new_table_id(),
            game=game.name,
            options=dict(game.options),
            seed=secrets.randbelow(1 << 32) if seed is None else seed,
            setup=setup,
            created=now,
            seats=rows,
            rematch_of=rematch_of.id if rematch_of else None,
            clock=control.to_json(),
            started=now if all(r.taken for r in rows) else None,
            rated=rated,
            private=private,
            takeover=takeover,
            creator_id=creator.id if creator is not None else None,
            tutorial=tutorial,
        )
        room = Room(self, row)
        await self.writer.call(self.storage.insert_table, row)
        self.rooms[room.id] = room
        if self.cluster is not None:
            await self.cluster.claim([room])
        if rematch_of is not None:
            rematch_of.row.rematch = room.id
        room.schedule_bot()
        return room, tokens

    def _seat_rows(
        self,
        players: int,
        seats: Sequence[str] | None,
        rematch_of: Room | None,
        accounts: Mapping[int, Account],
    ) -> tuple[list[SeatRow], dict[int, str]]:
        if rematch_of is not None:  # the same people keep their links' tokens
            old = rematch_of.seats
            return [
                SeatRow(s.seat, s.kind, s.level, s.token_hash, s.name, user_id=s.user_id) for s in old
            ], {}
        kinds = list(seats) if seats is not None else ["person"] + ["normal"] * (players - 1)
        if len(kinds) != players:
            raise InvalidOptions(f"this game has {players} seats; {len(kinds)} were described")
        allowed = levels()
        rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for seat, kind in enumerate(kinds):
            if kind == "person":
                tokens[seat] = new_token()
                rows.append(SeatRow(seat, "person", token_hash=hash_token(tokens[seat])))
            elif kind in allowed:
                rows.append(SeatRow(seat, "bot", level=kind))
            elif kind.startswith("@") and seat in accounts:  # a bot account's seat: its tokens open it
                rows.append(SeatRow(seat, "person", name=accounts[seat].name, user_id=accounts[seat].id))
            else:
                raise InvalidOptions(
                    f"seat {seat} must be 'person', a bot level ({', '.join(allowed)}) "
                    "or '@NAME' of a bot account"
                )
        return rows, tokens

    async def get(self, table_id: str) -> Room | None:
        """The table, from memory or (a finished one) from the database."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if not table_id.isascii() or not table_id.replace("x", "").isalnum() or len(table_id) > 16:
            return None
        if table_id in self.loading:
            return await self.loading[table_id]
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        try:
            row = await self.writer.call(self.storage.load, table_id)
            room = Room(self, row) if row is not None else None
            if room is not None and not self.moderation.ended(table_id):  # an ended table stays out
                self.rooms[table_id] = room
            future.set_result(room)
            return room
        except Exception as err:
            future.set_exception(err)
            raise
        finally:
            del self.loading[table_id]

    def forget_if_idle(self, room: Room) -> None:
        """Finished tables nobody watches leave memory, the least recently used first, beyond
        ``KEEP_FINISHED`` of them; the database keeps them all."""
        self.rooms.pop(room.id, None)
        if self.moderation.ended(room.id):
            return  # ended by an admin: never in memory (moderation.py)
        self.rooms[room.id] = room  # most recently used last
        idle = [r for r in self.rooms.values() if r.over and not r.conns]
        for old in idle[: max(0, len(idle) - KEEP_FINISHED)]:
            del self.rooms[old.id]

    async def listing(self) -> dict[str, list[dict[str, JSON]]]:
        live = sorted(self.rooms.values(), key=lambda r: -r.row.created)
        found: dict[str, list[dict[str, JSON]]] = {"open": [], "running": [], "finished": []}
        for room in live:
            if not room.row.private:  # invitation only: not in the lobby
                found[room.status()].append(room.summary())
        shown = {t["id"] for t in found["finished"]}
        stored = await self.writer.call(self.storage.recent_finished, self.settings.finished_listed)
        for row in stored:
            if row.id not in shown and not row.private:
                found["finished"].append(finished_summary(row, self.bot_accounts))
        found["finished"] = sorted(found["finished"], key=lambda t: -float(t["created"]))
        found["finished"] = found["finished"][: self.settings.finished_listed]
        return found

    async def rematch(self, room: Room) -> Room:
        for _ in range(2):
            if room.row.rematch is not None:
                existing = await self.get(room.row.rematch)
                if existing is not None:
                    return existing
            try:
                new, _ = await self.create(room.game.name, room.game.options, None, rematch_of=room)
            except RematchTaken:  # through another server process: that one is the rematch
                async with room.lock:
                    await catch_up(room)
                continue
            room.announce_rematch(new.id)
            return new
        raise Refused("storage", "the rematch could not be made; try again")


def check_options(game_name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Options a stranger may set: numbers, flags and choices, never free text such as a path."""
    specs = {spec.name: spec for spec in game_class(game_name).option_specs}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is not None and spec.type is str and spec.choices is None and value != spec.default:
            raise InvalidOptions(f"option {name!r} cannot be set on this server")
    return dict(options)


def finished_summary(row: TableRow, bots: Collection[int] = ()) -> dict[str, JSON]:
    """A finished table's summary from its stored row (``bots``: the bot accounts' ids)."""
    return {
        "id": row.id,
        "game": row.game,
        "title": game_class(row.game).title,
        "options": row.options,
        "status": "finished",
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": s.name,
                "joined": True,
                "online": False,
                "user": s.name if s.user_id is not None else None,
                "bot": s.kind == "bot" or s.user_id in bots,  # a program plays it (issue 32)
                "absent": False,
                "left": s.left,
                "rank": s.rank,
            }
            for s in row.seats
        ],
        "created": row.created,
        "finished_at": row.finished_at,
        "rated": row.rated,
        "private": row.private,
        "rematch": row.rematch,
        "rematch_of": row.rematch_of,
    }
