"""The search on every core: root-parallel ISMCTS in worker processes kept between decisions.

Each of ``workers`` processes grows a tree of its own (:func:`.ismcts.grow`) from its own stream of
sampled worlds, and the trees' root statistics are added up: the action visited most in all of
them is played (root parallelisation: Chaslot, Winands and van den Herik, 2008).  The workers
share nothing while they search, so two cores give about twice the iterations in the same time.

**What a worker is given.**  Not the state: one world sampled from the observation.  A game's
samples depend only on the seat's view and the generator (docs/architecture.md, "Bots and
search"), so a world that shows the seat's view samples what the real state would; the true state
never leaves the bot's own process.

**Determinism.**  A decision draws one world and one number from the agent's generator; worker
``k`` seeds its own generator from that number and ``k``.  With an iteration budget (split
evenly among the workers), the same seed and worker count give the same decision.  With seconds,
``cap`` iterations at most: reproducible where the cap is reached first.

**The processes** are one pool per process (per worker count), made at the first parallel
decision and kept, so a game's plug-ins and tables are made once per worker, not once per
decision; :func:`shutdown` ends it, as the process's exit does.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.util import Finalize
from typing import Any

from ..core.protocol import State
from .base import Observation
from .ismcts import ISMCTS, Budget, Node, Rollout, grow, plugins_for, ranked

Part = tuple[
    int, list[tuple[str, int, float]]
]  # iterations made; (action text, visits, total) per root child

_pools: dict[int, ProcessPoolExecutor] = {}
_making = threading.Lock()  # a server's bot threads may ask at once


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _quiet() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def pool(workers: int) -> ProcessPoolExecutor:
    """The kept pool of ``workers`` search processes (made at the first call)."""
    with _making:
        found = _pools.get(workers)
        if found is None:
            # not fork: the parent may be running threads (a server's, a progress bar's)
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
            context = multiprocessing.get_context(method)
            found = _pools[workers] = ProcessPoolExecutor(workers, mp_context=context, initializer=_quiet)
        return found


def shutdown() -> None:
    """End every kept pool (their processes exit)."""
    while _pools:
        _, found = _pools.popitem()
        found.shutdown(wait=True, cancel_futures=True)


# at the process's exit, also in a worker process of a pool (a server's bot worker), where atexit's
# functions are not called and multiprocessing's finalizers are
Finalize(None, shutdown, exitpriority=10)


def split(iterations: int | None, workers: int) -> list[int | None]:
    """Each worker's share of ``iterations`` (None: no cap), the first ones taking the remainder."""
    if iterations is None:
        return [None] * workers
    share, extra = divmod(iterations, workers)
    return [share + (k < extra) for k in range(workers)]


class FromView:
    """The worlds a seat cannot tell from the real one: samples of one world that shows its view
    (picklable, for the workers)."""

    def __init__(self, world: State[Any], seat: int) -> None:
        self.world, self.seat = world, seat

    def __call__(self, rng: random.Random) -> State[Any]:
        return self.world.sample_world(self.seat, rng)


def search_part(
    worlds: Callable[[random.Random], State[Any]],
    seat: int,
    budget: Budget,
    seed: int,
    worker: int,
    exploration: float,
    game_name: str,
    rollout: Rollout | None = None,
) -> Part:
    """One worker's tree for ``seat`` of ``game_name``, grown from the worlds ``worlds`` draws (and
    finished by ``rollout``, by default the game's): its root's statistics (actions as text, so that
    any process can read them)."""
    cheap, evaluation = plugins_for(game_name)
    rollout = rollout or cheap
    rng = random.Random(seed * 1_000_003 + worker)
    root = Node()
    done = grow(root, worlds, rollout, evaluation, seat, rng, exploration, budget)
    return done, [(str(a), child.visits, child.total) for a, child in root.children.items()]


def merged(parts: list[Part], legal: list[Any]) -> tuple[int, Node]:
    """The trees' roots added up into one root over ``legal``'s own action objects."""
    by_text = {str(a): a for a in legal}
    root = Node()
    for _, children in parts:
        for text, visits, total in children:
            action = by_text.get(text)
            if action is None:  # not a choice of the seat here: a tree's own (it cannot be)
                continue
            child = root.children.get(action)
            if child is None:
                child = root.children[action] = Node(-1, 0)
            child.visits += visits
            child.total += total
    return sum(done for done, _ in parts), root


class ParallelISMCTS(ISMCTS):
    """ISMCTS on ``workers`` processes (None: every core; 1: in this process, as ISMCTS does)."""

    name = "parallel-ismcts"

    def __init__(self, *args: Any, workers: int | None = None, **kwargs: Any) -> None:
        """ISMCTS's arguments, and ``workers``."""
        super().__init__(*args, **kwargs)
        self.workers = cores() if workers is None else max(1, workers)

    def act(self, obs: Observation[Any]) -> Any:
        if self.workers == 1 or len(obs.legal) == 1:
            return super().act(obs)
        return self.search(obs, FromView(obs.sample_world(self.rng), obs.seat))

    def search(self, obs: Observation[Any], worlds: Callable[[random.Random], State[Any]]) -> Any:
        """The search's choice for ``obs`` over the worlds ``worlds`` draws (picklable), on the
        workers (or in this process for one)."""
        seed, c, name = self.rng.getrandbits(62), self.exploration, obs.game.name
        if self.workers == 1:
            parts = [search_part(worlds, obs.seat, self.budget, seed, 0, c, name, self.rollout)]
        else:
            workers, seconds = pool(self.workers), self.budget.seconds
            shares = [Budget(share, seconds) for share in split(self.budget.iterations, self.workers)]
            jobs = [
                workers.submit(search_part, worlds, obs.seat, share, seed, k, c, name, self.rollout)
                for k, share in enumerate(shares)
            ]
            parts = [job.result() for job in jobs]
        done, root = merged(parts, obs.legal)
        self.last_iterations, self.last_root = done, root
        return ranked(root, obs.legal)[0][0]
