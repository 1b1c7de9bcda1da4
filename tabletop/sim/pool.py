"""Run chunks of games on a backend and merge their results in order.

Two backends play the same chunks: ``process`` (the default: worker processes on this machine, a
:class:`~concurrent.futures.ProcessPoolExecutor`) and ``ray`` (tasks on a local Ray or an existing
Ray cluster, ray_backend.py; Ray is imported only then).  A chunk's games are seeded by their
indices alone, so the results do not depend on the backend, the workers or the chunk sizes.

:func:`open_backend` gives a :class:`Runner` for as long as a run lasts (a local Ray is started
once, and stopped at the end).  Process workers ignore Ctrl-C: the parent gets it, stops them at
once and lets it propagate, so that a caller keeps what its ``deliver`` callback was given (the
chunks finished before the interrupt); the Ray runner cancels its tasks alike.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

from ..core.errors import TabletopError

R = TypeVar("R")

Backend = Literal["process", "ray"]
BACKENDS: tuple[Backend, ...] = ("process", "ray")
BACKEND_HELP = (
    "Where the games are played: 'process' (worker processes on this machine) or 'ray' (a local Ray "
    "started here, or the cluster of --address / RAY_ADDRESS; it needs the cluster extra, "
    "docs/balance.md). The results do not depend on it."
)
ADDRESS_HELP = (
    "With --backend ray: an existing Ray cluster, e.g. ray://host:10001 (default: RAY_ADDRESS, else a "
    "local Ray on this machine)."
)


class BackendError(TabletopError):
    """A backend that cannot be used: an unknown name, Ray not installed, a cluster out of reach."""


class Chunked(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def stop(self) -> int: ...


C = TypeVar("C", bound=Chunked)
Progress = Callable[[int], None]  # told how many more games have finished
Deliver = Callable[[C, list[R]], None]  # given each chunk's results as soon as it is done


def chunk_bounds(games: int, workers: int) -> list[tuple[int, int]]:
    """Small enough chunks to balance the workers, large enough to keep overhead low: eight chunks
    a worker, at most 100 games each (docs/benchmarks.md, "Simulation on Ray": per-task overhead)."""
    size = max(1, min(100, -(-games // (workers * 8))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


@dataclass
class Merged(Generic[C, R]):
    """The results of ``chunks`` as they come in: ``deliver`` and ``progress`` told at once, the
    whole in chunk order at the end (whichever order the chunks finish in)."""

    chunks: Sequence[C]
    progress: Progress | None = None
    deliver: Deliver[C, R] | None = None
    done: dict[int, list[R]] = field(default_factory=dict)

    def add(self, k: int, found: list[R]) -> None:
        """Chunk ``k``'s results, finished now."""
        chunk = self.chunks[k]
        self.done[k] = found
        if self.deliver is not None:
            self.deliver(chunk, found)
        if self.progress is not None:
            self.progress(chunk.stop - chunk.start)

    def results(self) -> list[R]:
        return [result for k in sorted(self.done) for result in self.done[k]]


class Runner(ABC):
    """Plays chunks, ``workers`` at a time (the chunk sizes are made from it).  A backend says only
    how the chunks are played (:meth:`play_all`); merging their results is the same for all."""

    backend: Backend
    workers: int

    def run(
        self,
        play: Callable[[C], list[R]],
        chunks: Sequence[C],
        progress: Progress | None = None,
        deliver: Deliver[C, R] | None = None,
    ) -> list[R]:
        """``play`` every chunk; results in chunk order, ``deliver`` told as chunks finish."""
        merged = Merged(chunks, progress, deliver)
        self.play_all(play, merged)
        return merged.results()

    @abstractmethod
    def play_all(self, play: Callable[[C], list[R]], merged: Merged[C, R]) -> None:
        """``play`` each of ``merged.chunks``, handing its results to ``merged.add`` when done."""


@contextmanager
def open_backend(
    backend: str = "process", workers: int | None = None, address: str | None = None
) -> Iterator[Runner]:
    """A runner of ``backend`` for the ``with`` block.  ``workers``: processes, or with Ray the
    tasks at once (default: every core here, or every CPU of the Ray cluster).  ``address``: a Ray
    cluster's (default RAY_ADDRESS, else a local Ray started for the block).  Raises BackendError."""
    if workers is not None and workers < 1:
        raise ValueError("use at least one worker")
    if backend == "process":
        if address:
            raise BackendError(f"--address {address} is a Ray cluster's: use it with --backend ray")
        yield ProcessRunner(workers or os.cpu_count() or 1)
    elif backend == "ray":
        from .ray_backend import ray_runner  # Ray is imported only now

        with ray_runner(workers, address) as runner:
            yield runner
    else:
        raise BackendError(f"no backend called {backend!r}; the backends are {', '.join(BACKENDS)}")


@dataclass(frozen=True)
class Played(Generic[R]):
    """A run's games, played: the game and its options, the run's seed, its bots per seat, how many
    games, their results in game order, and the seconds they took."""

    game: str
    options: Mapping[str, Any]
    seed: int
    bots: tuple[str, ...]
    games: int
    results: list[R]
    elapsed: float


def play_in_chunks(
    backend: str,
    workers: int | None,
    address: str | None,
    games: int,
    make_chunk: Callable[[int, int], C],
    play: Callable[[C], list[R]],
    progress: Progress | None = None,
) -> tuple[list[R], float]:
    """``games`` games cut into chunks (``make_chunk(start, stop)``, sized for the backend's
    workers) and played on ``backend``: the results in chunk order, and the seconds they took."""
    with open_backend(backend, workers, address) as runner:
        chunks = [make_chunk(start, stop) for start, stop in chunk_bounds(games, runner.workers)]
        started = time.perf_counter()
        results = runner.run(play, chunks, progress)
        return results, time.perf_counter() - started


# --------------------------------------------------------------------------- process backend
def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor, pending: Sequence[Future[Any]]) -> None:
    """Cancel what has not started and end the workers now (an interrupt, or a chunk that failed)."""
    for future in pending:
        future.cancel()
    processes: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
    for process in processes.values():
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


@dataclass(frozen=True)
class ProcessRunner(Runner):
    """Worker processes on this machine (one: the games are played in this process)."""

    workers: int
    backend: Backend = "process"

    def play_all(self, play: Callable[[C], list[R]], merged: Merged[C, R]) -> None:
        chunks = merged.chunks
        if self.workers <= 1 or len(chunks) <= 1:
            for k, chunk in enumerate(chunks):
                merged.add(k, play(chunk))
            return
        # not fork: the parent may be running threads (a progress bar's refresh thread)
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        context = multiprocessing.get_context(method)
        with ProcessPoolExecutor(
            max_workers=min(self.workers, len(chunks)), mp_context=context, initializer=_ignore_interrupts
        ) as pool:
            pending: dict[Future[list[R]], int] = {pool.submit(play, c): k for k, c in enumerate(chunks)}
            try:
                while pending:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        merged.add(pending.pop(future), future.result())
            except BaseException:
                _stop(pool, list(pending))
                raise


def run_chunks(
    play: Callable[[C], list[R]],
    chunks: Sequence[C],
    workers: int,
    progress: Progress | None = None,
    deliver: Deliver[C, R] | None = None,
) -> list[R]:
    """``play`` every chunk, in ``workers`` processes when more than one; results in chunk order.

    ``deliver`` is given each chunk's results as soon as it is done (in the order they finish)."""
    return ProcessRunner(workers).run(play, chunks, progress, deliver)
