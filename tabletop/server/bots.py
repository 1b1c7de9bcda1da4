"""Bots in seats: difficulty levels, and running their decisions off the event loop.

A decision runs in a worker (threads, or processes for bots that search: `tabletop serve` uses
processes), so a bot thinking for a second never holds up another table.  Each decision makes a fresh
agent seeded from the table's seed and the action's number: the same table replays the same
way after a restart.

The same workers compute hints and reviews (issue 28, tabletop.agents.advice): :func:`hint_from_json`,
:func:`review_plan`, :func:`review_part` and :func:`review_finish` are module-level functions of
JSON arguments, so a worker process runs them as it runs :func:`decide_from_json`
(:meth:`Bots.compute`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import logging
import multiprocessing
import os
import random
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from ..agents import Agent, advice, observe
from ..agents import levels as _levels
from ..agents.base import UnknownAgent
from ..agents.parallel import cores
from ..core.protocol import JSON, Game, State
from ..core.record import Record
from ..core.registry import make
from .logs import as_server
from .metrics import decision, thinking

log = logging.getLogger("tabletop.server")
PR_SET_PDEATHSIG = 1  # prctl(2)
T = TypeVar("T")


def levels() -> tuple[str, ...]:
    return tuple(_levels.LEVELS)


# the search processes a level that searches on every core may use for one decision in this process:
# the machine's cores shared among the bot workers (Bots sets it; 1: it searches in the worker)
search_workers = 1


def share_cores(workers: int) -> int:
    """The cores each of ``workers`` bot workers may search on."""
    return max(1, cores() // workers)


def agent_for(level: str, seed: int) -> Agent[Any]:
    """The bot playing at ``level`` (tests replace this to make slow or broken bots)."""
    return _levels.agent_for(level, seed, workers=search_workers)


def bot_seed(table_seed: int, step: int, seat: int) -> int:
    return (table_seed * 1_000_003 + step * 101 + seat) & 0xFFFF_FFFF


def decide(state: State[Any], seat: int, level: str, seed: int) -> str:
    """The text of the action the bot at ``level`` takes for ``seat`` (one of the seats asked)."""
    agent = agent_for(level, seed)
    return str(agent.act(observe(state, seat)))


@lru_cache(maxsize=32)
def _game(name: str, options: str) -> Game[Any]:
    return make(name, **json.loads(options))


def decide_from_json(
    name: str, options: str, state_json: dict[str, JSON], seat: int, level: str, seed: int
) -> str:
    """:func:`decide` in another process: the state travels as JSON."""
    state = _game(name, options).state_from_json(state_json)
    return decide(state, seat, level, seed)


def hint_from_json(
    name: str,
    options: str,
    state_json: dict[str, JSON],
    seat: int,
    seed: int,
    playouts: int | None,
    names: Sequence[str] | None,
) -> list[dict[str, JSON]]:
    """``seat``'s hint (advice.hint) in a worker: the state travels as JSON."""
    state = _game(name, options).state_from_json(state_json)
    return advice.hint(state, seat, seed, playouts, names)


def review_plan(record: dict[str, JSON], most: int) -> tuple[list[int], bool]:
    """The actions a review of a finished game's record evaluates (advice.review_points)."""
    return advice.review_points(Record.from_json(record), most)


def review_part(
    record: dict[str, JSON], indices: list[int], playouts: int, seed: int
) -> dict[str, list[float]]:
    """Every seat's chance after each of the actions ``indices`` of a finished game's record
    (advice.evaluate), keyed by the index's text (JSON's keys are texts)."""
    found = advice.evaluate(advice.Reading(Record.from_json(record), playouts, seed), indices)
    return {str(index): chances for index, chances in found.items()}


def review_finish(
    record: dict[str, JSON],
    curve: dict[str, list[float]],
    playouts: int,
    seed: int,
    sampled: bool,
    names: Sequence[str] | None,
) -> dict[str, JSON]:
    """The review (advice.finish: its points and turning points) from its curve, :func:`review_part`'s."""
    points = {int(index): chances for index, chances in curve.items()}
    return advice.finish(advice.Reading(Record.from_json(record), playouts, seed), points, sampled, names)


def _worker_start(server: int, search: int) -> None:
    """In each worker process: Ctrl-C (sent to a terminal's whole process group) is the server's
    to handle, and the server ends its workers; and on Linux a worker dies with the server even if
    the server is killed outright (SIGKILL), so no decision computes for a server that is gone.
    (A worker starts with SIGINT blocked, see :func:`_quiet_start`: one that came while it started
    is dropped here.)"""
    global search_workers
    search_workers = search
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    as_server()  # its log lines as the server's (JSON with --log-format json: logs.py)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != server:  # the server was gone before that took effect
        os._exit(1)


@contextlib.contextmanager
def _quiet_start() -> Iterator[None]:
    """SIGINT blocked in this thread while it may start worker processes (they inherit the mask):
    a Ctrl-C while a worker is still importing would otherwise print its traceback.  A SIGINT
    arriving meanwhile waits, and reaches the server just after."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class Bots:
    """Runs decisions in a thread or process pool; ``kind`` is "thread" or "process".  The
    scheduler (scheduler.py) gives it at most ``workers`` decisions at once."""

    def __init__(self, kind: str = "thread", workers: int = 2) -> None:
        if kind not in ("thread", "process"):
            raise ValueError(f"bots run in 'thread' or 'process' workers, not {kind!r}")
        self.kind = kind
        self.workers = workers
        self.search = share_cores(workers)
        self._executor: Executor | None = None
        self._missing: set[tuple[str, str]] = set()  # (game, level) without a bot, already logged

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=context,
                    initializer=_worker_start,
                    initargs=(os.getpid(), self.search),
                )
            else:
                global search_workers
                search_workers = self.search  # the threads share this process
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="tabletop-bot")
        return self._executor

    async def decide(self, game: Game[Any], state: State[Any], seat: int, level: str, seed: int) -> str:
        loop = asyncio.get_running_loop()
        try:
            if self.kind == "process":
                options = json.dumps(game.options, sort_keys=True)
                work = (decide_from_json, game.name, options, state.to_json(), seat, level, seed)
                pool = self._pool()  # (not under _quiet_start: starting the pool's resource tracker
                # process unblocks SIGINT)
                with _quiet_start():  # submitting may start a worker
                    running = loop.run_in_executor(pool, thinking, *work)  # timed in the worker
                return await running
            return await loop.run_in_executor(
                self._pool(), decision, game.name, decide, state.clone(), seat, level, seed
            )
        except BrokenExecutor:  # a worker died (killed, out of memory): a new pool next time
            log.error("the bot workers stopped; starting new ones")
            self.close()
        except UnknownAgent as err:  # no such bot for this game: random play, said once
            if (game.name, level) not in self._missing:
                self._missing.add((game.name, level))
                log.warning("%s; the %s bots play random legal actions", err, level)
        except Exception:
            log.exception("bot at level %s failed; playing a random legal action", level)
        return str(random.Random(seed).choice(state.legal_actions_for(seat)))

    async def compute(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker: a module-level function of picklable (JSON) arguments,
        so that a worker process can run it.  Its errors are the caller's; a pool whose worker died
        is replaced, and the caller hears :class:`BrokenExecutor`."""
        loop = asyncio.get_running_loop()
        try:
            if self.kind == "process":
                pool = self._pool()
                with _quiet_start():  # submitting may start a worker
                    running = loop.run_in_executor(pool, thinking, function, *args)  # timed there
                result: T = await running
                return result
            return await loop.run_in_executor(self._pool(), thinking, function, *args)
        except BrokenExecutor:
            log.error("the bot workers stopped; starting new ones")
            self.close()
            raise

    def close(self) -> None:
        """Stop the workers now: decisions not started are cancelled, and worker processes are
        ended even in the middle of one (a thread cannot be: it finishes its decision)."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        processes: list[BaseProcess] = []
        if isinstance(executor, ProcessPoolExecutor):
            processes = list((executor._processes or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()
        for process in processes:
            process.join(2.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)
        if processes:  # the pool's own thread sees its workers gone, and frees its queues
            executor.shutdown(wait=True)
