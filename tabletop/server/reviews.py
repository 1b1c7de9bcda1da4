"""A finished game's review (issue 28): every seat's estimated chance of winning after each
decision, and the turning points (tabletop/agents/advice.py).

When a game ends (``Room._finish``) its review is computed in the background by the bot workers,
through the scheduler's queue for background work (scheduler.py: served at the rank of the
bot-only tables, never on the worker kept for the tables people play at), in parts of about half
a second each (``CHUNK_SECONDS``): the decisions to evaluate, then a few points at a time, then the
turning points.  It is stored in ``reviews`` with the parameters it was computed with, and served at
``GET /api/tables/ID/review`` to anybody who may see the replay (a finished game is public): 404
for an unknown table, 409 while the game is not over, 202 while the review is computed (the
request starts it for an older game without one), then the review.

The numbers are ``advice.review``'s for the record, the game's budget and the record's review seed
(``advice.review_seed``): `tabletop review FILE` prints the same.  Several server processes
(cluster.py) agree through the table's row: the process that writes "computing" first computes; a
"computing" row left by a process that stopped is taken over after ``STALE`` seconds (at once on
SQLite, which one process serves).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from fastapi import APIRouter, HTTPException
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from ..agents import advice
from ..core.protocol import JSON
from . import bots
from .contract import NO_TABLE, RETRY_AFTER, TableId, declare
from .scheduler import Busy

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Room

log = logging.getLogger("tabletop.server")
T = TypeVar("T")
STALE = 600.0  # seconds after which a review still "computing" is another, stopped, process's
CHUNK_SECONDS = 0.5  # about what one part of a review may take in a worker
START_DELAY = 3.0  # seconds after a game's end before its review starts (people read the end first)
# milliseconds a playout takes from an average position, compiled (docs/benchmarks.md)
PLAYOUT_MS = {"summon7": 0.7, "manasurge": 1.4, "clan": 2.9, "megalomania": 6.4, "megacorps": 1.5}


def params(room: Room) -> dict[str, Any]:
    """What a review of ``room`` is computed with: the method's version, the playouts per point,
    the points at most, and the seed."""
    found = advice.budget(room.game.name)
    return {
        "version": advice.REVIEW_VERSION,
        "playouts": found.review_playouts,
        "points": found.review_points,
        "seed": advice.review_seed(room.record),
    }


def chunk_size(game: str, playouts: int) -> int:
    """Points per part of a review: about ``CHUNK_SECONDS`` of work."""
    per_point = PLAYOUT_MS.get(game, 5.0) * playouts / 1000
    return max(1, int(CHUNK_SECONDS / per_point))


class Reviews:
    """One server's reviews being computed (by table id)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.running: dict[str, asyncio.Task[None]] = {}
        self.since = hub.settings.clock()  # a "computing" row from before was a stopped server's

    def start(self, room: Room, delay: float = 0.0) -> None:
        """Compute ``room``'s review in the background, after ``delay`` seconds, unless this
        process is at it already."""
        task = self.running.get(room.id)
        if task is not None and not task.done():
            return
        task = asyncio.get_running_loop().create_task(self._compute(room, delay), name=f"review-{room.id}")
        self.running[room.id] = task
        room.background.add(task)  # the server stopping cancels it (Room.stop)
        task.add_done_callback(room.background.discard)
        task.add_done_callback(lambda done: self._done(room.id, done))

    def _done(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self.running.get(table_id) is task:
            del self.running[table_id]

    def computing(self, table_id: str) -> bool:
        task = self.running.get(table_id)
        return task is not None and not task.done()

    def stale(self) -> float:
        """Rows "computing" since before this are abandoned (their process stopped)."""
        now = self.hub.settings.clock()
        return max(now - STALE, self.since) if self.hub.storage.is_sqlite else now - STALE

    async def _compute(self, room: Room, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        hub = self.hub
        wanted = params(room)
        if not await hub.writer.call(
            hub.storage.start_review, room.id, wanted, hub.settings.clock(), self.stale()
        ):
            return  # done, or computed by another server process
        try:
            data = await self._parts(room, wanted)
        except asyncio.CancelledError:
            raise  # the server stops: another start takes it up
        except Exception:
            log.exception("table %s: the review could not be computed", room.id)
            await hub.writer.call(hub.storage.finish_review, room.id, None, hub.settings.clock())
            return
        if data is None:  # the server is stopping
            return
        await hub.writer.call(hub.storage.finish_review, room.id, data, hub.settings.clock())
        log.info("table %s: reviewed", room.id)

    async def _parts(self, room: Room, wanted: dict[str, Any]) -> dict[str, JSON] | None:
        record = room.record.to_json()
        playouts, seed = int(wanted["playouts"]), int(wanted["seed"])
        plan = await self._work(room, bots.review_plan, record, int(wanted["points"]))
        if plan is None:
            return None
        indices, sampled = plan
        size = chunk_size(room.game.name, playouts)
        curve: dict[str, list[float]] = {}
        for start in range(0, len(indices), size):
            part = await self._work(
                room, bots.review_part, record, indices[start : start + size], playouts, seed
            )
            if part is None:
                return None
            curve.update(part)
        return await self._work(
            room, bots.review_finish, record, curve, playouts, seed, sampled, room.names()
        )

    async def _work(self, room: Room, function: Callable[..., T], *args: Any) -> T | None:
        """``function(*args)`` in a bot worker, queued as background work; None when the server stops."""
        scheduler = self.hub.scheduler
        while True:
            try:
                return await scheduler.compute(room, function, *args, background=True)
            except Busy:
                if scheduler.closed:
                    return None
                await asyncio.sleep(1.0)  # the queues are full: a review can wait


_REVIEWS: weakref.WeakKeyDictionary[Hub, Reviews] = weakref.WeakKeyDictionary()


def reviews_of(hub: Hub) -> Reviews:
    found = _REVIEWS.get(hub)
    if found is None:
        found = _REVIEWS[hub] = Reviews(hub)
    return found


def start_review(room: Room) -> None:
    """The game at ``room`` is over: its review is computed in the background (Room._finish), a
    little later (``START_DELAY``: a server stopping at once, or a test ending there, computes
    nothing)."""
    reviews_of(room.hub).start(room, START_DELAY)


class Computing(BaseModel):
    """A review not ready yet (202): ask again after ``Retry-After`` seconds."""

    table: str
    status: Literal["computing"]
    detail: str


COMPUTING = {"description": "being computed", "model": Computing, "headers": RETRY_AFTER}


def router(hub: Hub) -> APIRouter:
    api = APIRouter(prefix="/api")

    @api.get(
        "/tables/{table_id}/review",
        response_model=None,
        **declare(NO_TABLE, {409: "the game is not over"}, more={202: COMPUTING}),
    )
    async def review(table_id: TableId) -> JSONResponse | dict[str, JSON]:
        """The finished game's review: 202 while it is computed, 409 before the end."""
        room = await hub.get(table_id)
        if room is None:
            raise HTTPException(404, f"no table {table_id!r}")
        if hub.cluster is not None:  # the actions other server processes took, if not read yet
            await hub.cluster.ready(room)
        if not room.over:
            raise HTTPException(
                409, f"the review is made when the game is over (it is at step {room.step}); come back then"
            )
        reviews = reviews_of(hub)
        stored = await hub.writer.call(hub.storage.review, room.id)
        if stored is not None and stored.status == "done" and stored.params == params(room) and stored.data:
            return {"table": room.id, "status": "done", "names": room.names(), **stored.data}
        if not reviews.computing(room.id):
            reviews.start(room)
        body = {
            "table": room.id,
            "status": "computing",
            "detail": "the review is being computed; ask again in a few seconds",
        }
        return JSONResponse(body, status_code=202, headers={"Retry-After": "2"})

    return api
