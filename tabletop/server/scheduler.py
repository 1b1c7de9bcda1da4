"""Bots' decisions, shared fairly among the tables.

Every bot decision of every table (a bot's turn, an absent player's, a bot's answer to a trade
offer) goes through one scheduler in front of the worker pool (bots.py).  Each table has its own
queue; a decision starts only when a worker is free (so the pool itself never holds a backlog),
and the next one is taken from the table of the best rank, the least recently served such table
first (round-robin):

- rank 0 ``PLAYING``: a person is at the table now (a seat's connection is open);
- rank 1 ``PEOPLE``: a table with people, nobody connected (an absent player, a turn-based game);
- rank 2 ``WATCH``: only bots play (a "watch bots play" table, or every person has left).

Tables of ranks 1 and 2 share all the workers but one, which is kept for the tables people are
playing at: a person's bot move never waits behind bot-only tables' decisions, however many of
them there are (with a single worker it waits for at most the one decision computing).  A table
may have ``per_table`` decisions waiting and the server ``total``; beyond, :class:`Busy` is raised
and the table's bots ask again a little later (rooms.py), an offer's bot answer at the next
action (offers.py).  A decision whose table stops waiting for it (the table closed, the server
stopping) leaves the queue; one already computing runs to its end, and its answer is dropped
(rooms.py takes an answer only while the question it was for is still open).

Other work for the same workers goes through the same queues (:meth:`Scheduler.compute`): a hint
(issue 28) in its table's queue, at its table's rank (a person asked for it); a game's review, in
a queue of its own served at rank ``WATCH`` whoever is at the table, so that it takes turns with
the bot-only tables and never takes the worker kept for the tables people are at.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..core.protocol import Game, State
from .bots import bot_seed

if TYPE_CHECKING:
    from .rooms import Room
    from .storage import SeatRow

log = logging.getLogger("tabletop.server")
PLAYING, PEOPLE, WATCH = 0, 1, 2
SERVED_KEPT = 1000  # the tables last served, in order (for tests and the curious)

Work = Callable[[], Awaitable[Any]]  # what a worker is given: a decision, a hint, a part of a review
T = TypeVar("T")


class Busy(Exception):
    """Too many bot decisions are waiting: ask again later."""


class Decider(Protocol):
    """What runs a decision: bots.Bots (tests put slow or controllable fakes here)."""

    workers: int

    async def decide(self, game: Game[Any], state: State[Any], seat: int, level: str, seed: int) -> str: ...

    async def compute(self, function: Callable[..., T], *args: Any) -> T: ...


def rank(room: Room) -> int:
    """How soon ``room``'s bots are served: ``PLAYING``, ``PEOPLE`` or ``WATCH`` (see above)."""
    people = [s.seat for s in room.seats if s.kind == "person" and not s.left]
    if not people:
        return WATCH
    return PLAYING if any(room.conns.get(seat) for seat in people) else PEOPLE


def bot_only(room: Room) -> bool:
    """A table created without a person seat: a "watch bots play" table."""
    return all(s.kind == "bot" for s in room.seats)


class _Job:
    __slots__ = ("future", "line", "work")

    def __init__(self, work: Work, future: asyncio.Future[Any], line: _Line | None) -> None:
        self.work, self.future, self.line = work, future, line


class _Line:
    """One table's decisions waiting, oldest first (or its review's work: ``fixed`` rank)."""

    __slots__ = ("fixed", "jobs", "key", "room")

    def __init__(self, room: Room, key: str, fixed: int | None = None) -> None:
        self.room, self.key, self.fixed = room, key, fixed
        self.jobs: deque[_Job] = deque()

    def rank(self) -> int:
        return rank(self.room) if self.fixed is None else self.fixed


class Scheduler:
    def __init__(self, bots: Decider, per_table: int = 16, total: int = 1000) -> None:
        self.bots = bots
        self.workers = max(1, bots.workers)
        self.shared = max(1, self.workers - 1)  # workers tables nobody plays at now may use at once
        self.per_table, self.total = per_table, total
        self.lines: dict[str, _Line] = {}  # tables with decisions waiting, least recently served first
        self.queued = 0
        self.running = 0
        self.running_shared = 0  # of them, for tables of rank PEOPLE or WATCH
        self.tasks: set[asyncio.Task[Any]] = set()
        self.served: deque[tuple[str, int]] = deque(maxlen=SERVED_KEPT)  # (table, rank) in order
        self.closed = False

    # -- asking ------------------------------------------------------------------------------
    async def decide(self, room: Room, state: State[Any], seat: int, level: str, seed: int) -> str:
        """One decision for ``room`` (an offer's answer); raises :class:`Busy`."""
        (job,) = self._admit(room, [partial(self.bots.decide, room.game, state, seat, level, seed)])
        result: str = await job.future
        return result

    async def decide_bots(
        self, room: Room, bots: Sequence[SeatRow], state: State[Any], step: int
    ) -> list[str]:
        """The actions of the seats ``bots`` asked at once at ``step`` (each bot decides on its own
        copy of ``state``), all admitted or none (:class:`Busy`)."""
        asks: list[Work] = []
        for bot in bots:
            level = bot.level if bot.kind == "bot" and bot.level else room.takeover
            seed = bot_seed(room.record.seed, step, bot.seat)
            asks.append(partial(self.bots.decide, room.game, state, bot.seat, level, seed))
        jobs = self._admit(room, asks)
        return list(await asyncio.gather(*(job.future for job in jobs)))

    async def compute(
        self, room: Room, function: Callable[..., T], *args: Any, background: bool = False
    ) -> T:
        """``function(*args)`` in a worker (bots.Bots.compute: module-level, picklable arguments),
        queued for ``room`` like its bots' decisions; ``background`` work (a review) in a queue of
        its own served at rank ``WATCH``.  Raises :class:`Busy`."""
        work: Work = partial(self.bots.compute, function, *args)
        if background:
            (job,) = self._admit(room, [work], f"{room.id} background", WATCH)
        else:
            (job,) = self._admit(room, [work])
        result: T = await job.future
        return result

    def _admit(
        self, room: Room, asks: list[Work], key: str | None = None, fixed: int | None = None
    ) -> list[_Job]:
        if self.closed:
            raise Busy("the server is stopping")
        key = room.id if key is None else key
        line = self.lines.get(key)
        waiting = len(line.jobs) if line is not None else 0
        if waiting and waiting + len(asks) > self.per_table:
            raise Busy(f"table {room.id} has {waiting} bot decisions waiting")
        if self.queued and self.queued + len(asks) > self.total:
            raise Busy(f"{self.queued} bot decisions are waiting")
        if line is None:
            line = self.lines[key] = _Line(room, key, fixed)
        line.room = room
        loop = asyncio.get_running_loop()
        jobs = []
        for ask in asks:
            job = _Job(ask, loop.create_future(), line)
            job.future.add_done_callback(partial(self._dropped, job))
            line.jobs.append(job)
            jobs.append(job)
        self.queued += len(jobs)
        self.wake()
        return jobs

    def _dropped(self, job: _Job, future: asyncio.Future[Any]) -> None:
        """A decision nobody waits for any more leaves its queue."""
        line = job.line
        if not future.cancelled() or line is None:
            return
        job.line = None
        line.jobs.remove(job)
        self.queued -= 1
        if not line.jobs and self.lines.get(line.key) is line:
            del self.lines[line.key]

    # -- serving --------------------------------------------------------------------------------
    def _next(self) -> tuple[_Line, int] | None:
        """The table served next: the best rank a free worker may take, least recently served."""
        chosen: tuple[_Line, int] | None = None
        for line in self.lines.values():
            found = line.rank()
            if found != PLAYING and self.running_shared >= self.shared:
                continue
            if chosen is None or found < chosen[1]:
                chosen = line, found
                if found == PLAYING:
                    break
        return chosen

    def wake(self) -> None:
        """Start what may start now.  Called when a decision is asked or ends, and when a table's
        rank may have risen (a person opened it: their table's decisions waiting go first)."""
        while not self.closed and self.running < self.workers and self.lines:
            chosen = self._next()
            if chosen is None:
                return
            line, found = chosen
            job = line.jobs.popleft()
            job.line = None
            self.queued -= 1
            del self.lines[line.key]
            if line.jobs:
                self.lines[line.key] = line  # to the back of the round
            self.served.append((line.room.id, found))
            self._start(job, found != PLAYING)

    def _start(self, job: _Job, shared: bool) -> None:
        self.running += 1
        self.running_shared += shared
        task = asyncio.get_running_loop().create_task(_run(job.work), name="bot-decision")
        self.tasks.add(task)
        task.add_done_callback(partial(self._finished, job, shared))

    def _finished(self, job: _Job, shared: bool, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        self.running -= 1
        self.running_shared -= shared
        future = job.future
        if not future.done():
            if task.cancelled():
                future.cancel()
            elif (err := task.exception()) is not None:
                future.set_exception(err)
            else:
                future.set_result(task.result())
        self.wake()

    # -- the end -----------------------------------------------------------------------------------
    def close(self) -> None:
        """The server stops: every decision waiting is cancelled, every one running abandoned
        (bots.Bots.close ends the worker processes), and nothing new is admitted."""
        self.closed = True
        lines, self.lines, self.queued = list(self.lines.values()), {}, 0
        for line in lines:
            for job in line.jobs:
                job.line = None
                job.future.cancel()
            line.jobs.clear()
        for task in list(self.tasks):
            task.cancel()


async def _run(work: Work) -> Any:
    return await work()
