"""One thread that talks to the database, so the event loop never waits on it.

Appends that arrive together are written in one transaction (a group commit): under load,
many tables' actions share one commit.  Each caller's ``await`` returns only once its row is
committed, which is what lets the server broadcast an action knowing it cannot be lost.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

from . import metrics
from .storage import Append, Storage

log = logging.getLogger("tabletop.server")
T = TypeVar("T")
MAX_BATCH = 500


class _Job:
    __slots__ = ("append", "call", "future", "loop")

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        future: asyncio.Future[Any],
        append: Append | None = None,
        call: Callable[[], Any] | None = None,
    ) -> None:
        self.loop, self.future, self.append, self.call = loop, future, append, call

    def settle(self, result: Any = None, error: BaseException | None = None) -> None:
        """On the job's event loop: hand its caller the result."""
        if self.future.done():
            return
        if error is not None:
            self.future.set_exception(error)
        else:
            self.future.set_result(result)

    def finish(self, result: Any = None, error: BaseException | None = None) -> None:
        self.loop.call_soon_threadsafe(self.settle, result, error)


def _finish_all(jobs: list[_Job]) -> None:
    """Settle committed jobs with one wake-up of each event loop, not one per job: every call
    from this thread into a busy loop's thread waits for the GIL."""
    loops: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
    for job in jobs:
        loops.setdefault(job.loop, []).append(job)
    for loop, group in loops.items():
        loop.call_soon_threadsafe(_settle_all, group)


def _settle_all(jobs: list[_Job]) -> None:
    for job in jobs:
        job.settle()


class Writer:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        # a call's job, a list of appends' jobs, or None (stop)
        self._jobs: queue.SimpleQueue[_Job | list[_Job] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._pending: list[_Job] = []  # appends made during this turn of the event loop
        self.commits = 0  # transactions committed for appends (for the load benchmark)
        self.appended = 0

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="tabletop-db", daemon=True)
        self._thread.start()

    async def append(self, row: Append) -> None:
        """Return once ``row`` is committed; raise if it could not be."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if not self._pending:
            loop.call_soon(self._hand_over)
        self._pending.append(_Job(loop, future, append=row))
        await future

    def _hand_over(self) -> None:
        """The appends of one turn of the event loop go to the thread together: one wake-up of
        the thread (and one wait for the GIL) for all of them, not one per action."""
        if self._pending:
            jobs, self._pending = self._pending, []
            self._jobs.put(jobs)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the database thread, in order with the appends."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._hand_over()  # the appends made before it go first
        self._jobs.put(_Job(loop, future, call=lambda: fn(*args)))
        return await future

    def close(self) -> None:
        if self._thread is not None:
            self._hand_over()
            self._jobs.put(None)
            self._thread.join(timeout=10)
            self._thread = None

    # -- the thread ---------------------------------------------------------------
    def _run(self) -> None:
        held: list[_Job | list[_Job] | None] = []  # a job taken while batching, to run next
        while True:
            job = held.pop() if held else self._jobs.get()
            if job is None:
                return
            if isinstance(job, _Job):  # alone in the queue, a job is a call
                assert job.call is not None
                try:
                    job.finish(job.call())
                except Exception as err:
                    job.finish(error=err)
                continue
            batch = list(job)
            while len(batch) < MAX_BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if not isinstance(more, list):
                    held.append(more)
                    break
                batch += more
            self._commit(batch)

    def _commit(self, batch: list[_Job]) -> None:
        rows = [j.append for j in batch if j.append is not None]
        begun = metrics.now()
        try:
            self.storage.append_actions(rows)
        except Exception as err:
            if len(batch) == 1:
                if isinstance(err, IntegrityError):  # another server process took the step: normal
                    log.info("not saved, the step was taken: %s", rows[0])
                else:
                    log.warning("could not save %s: %s", rows[0], err)
                batch[0].finish(error=err)
                return
            for job in batch:  # one bad row must not sink the others
                self._commit([job])
            return
        metrics.committed(begun, len(rows))
        self.commits += 1
        self.appended += len(batch)
        _finish_all(batch)
