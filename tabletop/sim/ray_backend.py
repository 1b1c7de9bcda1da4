"""``--backend ray``: chunks of games as Ray tasks, on a local Ray started here or on a cluster.

Ray is a heavy, optional dependency (``pip install -e '.[cluster]'``): this module is the only one
that imports it, and only :func:`tabletop.sim.pool.open_backend` imports this module, when the Ray
backend is asked for.  Without an address (``--address``, else RAY_ADDRESS) a small local Ray is
started for the run (no dashboard, a small object store, no usage report) and stopped at the end;
with one, the driver connects to that cluster, sends it this tabletop package (:func:`shipped`)
and leaves it running.  A Ray already started in this process (by a caller, or a test) is used as
it is and left running.

Tasks are submitted a few per worker ahead (four per worker in flight; with ``workers`` fewer
than the cluster's CPUs, that many exactly), so that a shared cluster is not flooded and Ctrl-C
has little to cancel; the results are merged in chunk order, as the
process backend does.  An error raised by a game in a task is raised here as itself.

Ray's annotations are incomplete, so Ray is held as a module object (``ModuleType``: its
attributes are ``Any``) inside this module only; what leaves it is typed (:class:`RayRunner` is a
:class:`~tabletop.sim.pool.Runner`).
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from .pool import Backend, BackendError, C, Merged, R, Runner

RAY_VERSION = "2.60.0"  # pyproject.toml's cluster extra
INSTALL = f"pip install -e '.[cluster]' in a checkout, or pip install 'ray[client]=={RAY_VERSION}'"
OBJECT_STORE = 128 * 1024 * 1024  # bytes: a chunk's results are a few kB
IN_FLIGHT = 4  # tasks submitted per worker: the next ones wait while one runs (docs/benchmarks.md)
WAIT = 0.5  # seconds between looks at the tasks (so that Ctrl-C is seen at once)


def load_ray() -> ModuleType:
    """The ``ray`` module, or BackendError saying how to install it."""
    try:
        import ray
    except ImportError as err:
        raise BackendError(
            f"--backend ray needs Ray, which is not installed here ({err}): {INSTALL}"
        ) from None
    return ray


def _call(play: Callable[[Any], list[Any]], chunk: Any) -> list[Any]:
    """A task: one chunk played by its ``play`` (a module-level function, pickled by name)."""
    return play(chunk)


@dataclass
class RayRunner(Runner):
    """Plays chunks as tasks of one CPU each, ``workers`` (the cluster's CPUs by default) at a time.

    With the whole cluster (``workers`` at least its ``cpus``), four tasks a worker are in flight,
    so that every CPU has its next chunk queued; with a share of it, ``workers`` tasks exactly."""

    ray: ModuleType
    workers: int
    cpus: int  # the cluster's
    backend: Backend = "ray"
    task: Any = field(init=False, repr=False)  # _call as a remote function of one CPU

    def __post_init__(self) -> None:
        self.task = self.ray.remote(num_cpus=1)(_call)

    def play_all(self, play: Callable[[C], list[R]], merged: Merged[C, R]) -> None:
        ray, task, chunks = self.ray, self.task, merged.chunks
        pending: dict[Any, int] = {}  # ObjectRef -> chunk index
        todo = iter(range(len(chunks)))
        window = self.workers * (IN_FLIGHT if self.workers >= self.cpus else 1)
        try:
            while True:
                for k in todo:
                    pending[task.remote(play, chunks[k])] = k
                    if len(pending) >= window:
                        break
                if not pending:
                    break
                ready, _ = ray.wait(list(pending), num_returns=1, timeout=WAIT)
                for ref in ready:
                    merged.add(pending.pop(ref), _result(ray, ref))
        except BaseException:
            for ref in pending:
                _cancel(ray, ref)
            raise


def _result(ray: ModuleType, ref: Any) -> list[Any]:
    """A finished task's results; a game's error raised as itself, Ray's own as BackendError."""
    try:
        found: list[Any] = ray.get(ref)
    except ray.exceptions.RayTaskError as err:
        cause = err.cause
        if isinstance(cause, Exception):
            raise cause from None
        raise BackendError(f"a Ray task failed: {err}") from None
    except ray.exceptions.RayError as err:
        raise BackendError(f"a Ray task failed: {err}") from None
    return found


def _cancel(ray: ModuleType, ref: Any) -> None:
    with contextlib.suppress(Exception):  # a task that ended meanwhile, or a cluster already gone
        ray.cancel(ref)  # queued: dropped; running: interrupted


def shipped() -> dict[str, Any] | None:
    """This tabletop package, sent to a cluster's workers with the job (Ray's ``py_modules``): the
    games are played there by the code that plays them here, and the nodes need only Python and Ray
    (the games, bots and simulator import nothing else).  TABLETOP_RAY_SHIP=0 sends nothing (the
    nodes' own tabletop is used then, or the runtime environment of a Ray job)."""
    if os.environ.get("TABLETOP_RAY_SHIP", "1") == "0":
        return None
    return {"py_modules": [str(Path(__file__).resolve().parents[1])], "excludes": ["__pycache__"]}


def cluster_cpus(ray: ModuleType) -> int:
    """The CPUs of the Ray cluster connected to (at least one)."""
    resources: dict[str, float] = ray.cluster_resources()
    return max(1, int(resources.get("CPU", 1)))


@contextmanager
def ray_runner(workers: int | None = None, address: str | None = None) -> Iterator[RayRunner]:
    """Connect to the cluster at ``address`` (else RAY_ADDRESS), or start a local Ray with
    ``workers`` CPUs (default: every core) and stop it at the end."""
    ray = load_ray()
    # a game's error is raised as itself: the failed or cancelled chunks left need no log line each
    os.environ.setdefault("RAY_IGNORE_UNHANDLED_ERRORS", "1")
    address = address or os.environ.get("RAY_ADDRESS") or None
    started = not ray.is_initialized()
    if started:
        quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
        try:
            if address:
                ray.init(address=address, runtime_env=shipped(), **quiet)
            else:
                os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # it would report to Anyscale
                ray.init(
                    address="local",
                    num_cpus=workers or os.cpu_count() or 1,
                    include_dashboard=False,
                    object_store_memory=OBJECT_STORE,
                    **quiet,
                )
        except (ConnectionError, RuntimeError, ValueError, TimeoutError) as err:
            where = f"the Ray cluster at {address}" if address else "a local Ray"
            raise BackendError(f"cannot start or reach {where}: {err}") from None
    try:
        cpus = cluster_cpus(ray)
        yield RayRunner(ray, workers or cpus, cpus)
    finally:
        if started:
            ray.shutdown()
