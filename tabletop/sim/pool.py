"""Run chunks of games in worker processes and merge their results in order.

Workers ignore Ctrl-C: the parent gets it, stops them at once and lets it propagate, so that a
caller keeps what its ``deliver`` callback was given (the chunks finished before the interrupt).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol, TypeVar

R = TypeVar("R")


class Chunked(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def stop(self) -> int: ...


C = TypeVar("C", bound=Chunked)
Progress = Callable[[int], None]  # told how many more games have finished


def chunk_bounds(games: int, workers: int) -> list[tuple[int, int]]:
    """Small enough chunks to balance the workers, large enough to keep overhead low."""
    size = max(1, min(100, -(-games // (workers * 8))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


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


def run_chunks(
    play: Callable[[C], list[R]],
    chunks: Sequence[C],
    workers: int,
    progress: Progress | None = None,
    deliver: Callable[[C, list[R]], None] | None = None,
) -> list[R]:
    """``play`` every chunk, in ``workers`` processes when more than one; results in chunk order.

    ``deliver`` is given each chunk's results as soon as it is done (in the order they finish)."""
    if workers <= 1 or len(chunks) <= 1:
        out: list[R] = []
        for chunk in chunks:
            found = play(chunk)
            out += found
            if deliver is not None:
                deliver(chunk, found)
            if progress is not None:
                progress(chunk.stop - chunk.start)
        return out
    done: dict[int, list[R]] = {}
    # not fork: the parent may be running threads (a progress bar's refresh thread)
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    with ProcessPoolExecutor(
        max_workers=min(workers, len(chunks)), mp_context=context, initializer=_ignore_interrupts
    ) as pool:
        pending: dict[Future[list[R]], int] = {pool.submit(play, c): k for k, c in enumerate(chunks)}
        try:
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    k = pending.pop(future)
                    done[k] = future.result()
                    if deliver is not None:
                        deliver(chunks[k], done[k])
                    if progress is not None:
                        progress(chunks[k].stop - chunks[k].start)
        except BaseException:
            _stop(pool, list(pending))
            raise
    return [result for k in sorted(done) for result in done[k]]
