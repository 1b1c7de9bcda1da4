"""Bots in seats: difficulty levels, and running their decisions off the event loop.

A decision runs in a worker (threads, or processes for bots that search: `tabletop serve` uses
processes), so a bot thinking for a second never holds up another table.  Each decision makes a fresh
agent seeded from the table's seed and the action's number: the same table replays the same
way after a restart.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache
from typing import Any

from ..agents import Agent, observe
from ..agents import levels as _levels
from ..agents.base import UnknownAgent
from ..core.protocol import JSON, Game, State
from ..core.registry import make

log = logging.getLogger("tabletop.server")


def levels() -> tuple[str, ...]:
    return tuple(_levels.LEVELS)


def agent_for(level: str, seed: int) -> Agent[Any]:
    """The bot playing at ``level`` (tests replace this to make slow or broken bots)."""
    return _levels.agent_for(level, seed)


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


class Bots:
    """Runs decisions in a thread or process pool; ``kind`` is "thread" or "process"."""

    def __init__(self, kind: str = "thread", workers: int = 2) -> None:
        if kind not in ("thread", "process"):
            raise ValueError(f"bots run in 'thread' or 'process' workers, not {kind!r}")
        self.kind = kind
        self.workers = workers
        self._executor: Executor | None = None
        self._missing: set[tuple[str, str]] = set()  # (game, level) without a bot, already logged

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context)
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="tabletop-bot")
        return self._executor

    async def decide(self, game: Game[Any], state: State[Any], seat: int, level: str, seed: int) -> str:
        loop = asyncio.get_running_loop()
        try:
            if self.kind == "process":
                options = json.dumps(game.options, sort_keys=True)
                return await loop.run_in_executor(
                    self._pool(), decide_from_json, game.name, options, state.to_json(), seat, level, seed
                )
            return await loop.run_in_executor(self._pool(), decide, state.clone(), seat, level, seed)
        except UnknownAgent as err:  # no such bot for this game: random play, said once
            if (game.name, level) not in self._missing:
                self._missing.add((game.name, level))
                log.warning("%s; the %s bots play random legal actions", err, level)
        except Exception:
            log.exception("bot at level %s failed; playing a random legal action", level)
        return str(random.Random(seed).choice(state.legal_actions_for(seat)))

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
