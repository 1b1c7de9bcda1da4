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

    def finish(self, result: Any = None, error: BaseException | None = None) -> None:
        def settle() -> None:
            if self.future.done():
                return
            if error is not None:
                self.future.set_exception(error)
            else:
                self.future.set_result(result)

        self.loop.call_soon_threadsafe(settle)


class Writer:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.commits = 0  # transactions committed for appends (for the load benchmark)
        self.appended = 0

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="tabletop-db", daemon=True)
        self._thread.start()

    async def append(self, row: Append) -> None:
        """Return once ``row`` is committed; raise if it could not be."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._jobs.put(_Job(loop, future, append=row))
        await future

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the database thread, in order with the appends."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put(_Job(loop, future, call=lambda: fn(*args)))
        return await future

    def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout=10)
            self._thread = None

    # -- the thread ---------------------------------------------------------------
    def _run(self) -> None:
        held: list[_Job | None] = []  # a job taken while batching, to run next
        while True:
            job = held.pop() if held else self._jobs.get()
            if job is None:
                return
            if job.call is not None:
                try:
                    job.finish(job.call())
                except Exception as err:
                    job.finish(error=err)
                continue
            batch = [job]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None or more.call is not None:
                    held.append(more)
                    break
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list[_Job]) -> None:
        rows = [j.append for j in batch if j.append is not None]
        try:
            self.storage.append_actions(rows)
        except Exception as err:
            if len(batch) == 1:
                log.warning("could not save %s: %s", rows[0], err)
                batch[0].finish(error=err)
                return
            for job in batch:  # one bad row must not sink the others
                self._commit([job])
            return
        self.commits += 1
        self.appended += len(batch)
        for job in batch:
            job.finish()
