"""Run chunks of games in worker processes and merge their results in order."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Protocol, TypeVar

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


def run_chunks(
    play: Callable[[C], list[R]], chunks: Sequence[C], workers: int, progress: Progress | None = None
) -> list[R]:
    """``play`` every chunk, in ``workers`` processes when more than one; results in chunk order."""
    if workers <= 1 or len(chunks) <= 1:
        out: list[R] = []
        for chunk in chunks:
            out += play(chunk)
            if progress is not None:
                progress(chunk.stop - chunk.start)
        return out
    done: dict[int, list[R]] = {}
    # not fork: the parent may be running threads (a progress bar's refresh thread)
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=context) as pool:
        pending: dict[Future[list[R]], C] = {pool.submit(play, c): c for c in chunks}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                chunk = pending.pop(future)
                done[chunk.start] = future.result()
                if progress is not None:
                    progress(chunk.stop - chunk.start)
    return [result for start in sorted(done) for result in done[start]]
