"""``tabletop tune``: an Optuna study that searches a data file's numbers for balance targets.

Each trial takes values for the spec's parameters from the sampler, writes them into the base
data file (tune_data.py: only those numbers change) and plays ``games`` games with it, game ``i``
dealt from ``game_seed(seed, i)`` and its bots seeded alike, in every trial: common random numbers,
as ``tabletop balance`` plays, so that two trials differ by their numbers and not by their deals.
The games are played in ``steps`` chunks; with one objective, its value on the games played so far
is reported after each chunk and Optuna's median pruner stops a trial that is worse than the median
of the earlier ones at the same number of games.  Several objectives make a multi-objective study
(a Pareto front), without pruning.

The trials run side by side, one chunk of each at a time, on worker processes (one: in this
process) or on Ray (pool.py, ray_backend.py), as many trials at once as workers.  The study lives in
an Optuna storage (SQLite in the output folder by default): after Ctrl-C the trials being played
are marked failed and queued again with the same values, and the same command later goes on to
the ``trials`` asked for.  A trial whose values were already played is answered from the stored
trial without playing (the same file plays the same games), and values that break a constraint
or that the game refuses are recorded as infeasible without playing; neither kind counts as a
trial played, but a repeat counts towards ``trials``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import math
import os
import time
import warnings
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import optuna
from optuna.trial import FrozenTrial, TrialState

from ..core.errors import InvalidOptions, TabletopError
from ..core.registry import make
from .measures import tallies
from .pool import BackendError, _ignore_interrupts, _stop, open_backend
from .simulate import Chunk, play_chunk
from .summary import GameResult
from .tune_score import score
from .tune_spec import Objective, TuneSpec, data_text, feasible, write_data

STUDY = "tabletop-tune"
MAX_INFEASIBLE = 500  # values drawn in a row that break a constraint before the search gives up


class TuneError(TabletopError):
    """Arguments or a stored study that cannot make a tune."""


# ------------------------------------------------------------------------------- the games
@dataclass(frozen=True, slots=True)
class TuneChunk:
    """Games ``start`` to ``stop - 1`` of one trial; the data file travels as text (a Ray node
    has no access to this machine's files)."""

    trial: int
    game: str
    options: Mapping[str, Any]
    text: str
    seed: int
    bots: tuple[str, ...]
    start: int
    stop: int


def play_tune_chunk(chunk: TuneChunk) -> list[GameResult]:
    options = {**chunk.options, "data": write_data(chunk.text)}
    return play_chunk(Chunk(chunk.game, options, chunk.seed, chunk.bots, chunk.start, chunk.stop))


def bounds(games: int, steps: int) -> list[tuple[int, int]]:
    """A trial's games cut into ``steps`` chunks (fewer when there are few games)."""
    size = max(1, math.ceil(games / steps))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


class Slots(Protocol):
    """Plays chunks handed over one at a time; says which are done."""

    workers: int

    def submit(self, key: int, chunk: TuneChunk) -> None: ...

    def ready(self) -> list[tuple[int, list[GameResult]]]:
        """At least one finished chunk (blocks until then): its key and games."""
        ...


class InlineSlots:
    """One worker: the chunks are played here, in the order given."""

    workers = 1

    def __init__(self) -> None:
        self.queue: deque[tuple[int, TuneChunk]] = deque()

    def submit(self, key: int, chunk: TuneChunk) -> None:
        self.queue.append((key, chunk))

    def ready(self) -> list[tuple[int, list[GameResult]]]:
        key, chunk = self.queue.popleft()
        return [(key, play_tune_chunk(chunk))]


class PoolSlots:
    """Worker processes kept for the whole tune (they ignore Ctrl-C: the driver handles it)."""

    def __init__(self, pool: ProcessPoolExecutor, workers: int) -> None:
        self.pool, self.workers = pool, workers
        self.pending: dict[Future[list[GameResult]], int] = {}

    def submit(self, key: int, chunk: TuneChunk) -> None:
        self.pending[self.pool.submit(play_tune_chunk, chunk)] = key

    def ready(self) -> list[tuple[int, list[GameResult]]]:
        finished, _ = wait(list(self.pending), return_when=FIRST_COMPLETED)
        return [(self.pending.pop(f), f.result()) for f in finished]


class RaySlots:
    """Chunks as Ray tasks (ray_backend's runner: its remote function, its error handling)."""

    def __init__(self, runner: Any) -> None:
        self.runner, self.workers = runner, int(runner.workers)
        self.pending: dict[Any, int] = {}

    def submit(self, key: int, chunk: TuneChunk) -> None:
        self.pending[self.runner.task.remote(play_tune_chunk, chunk)] = key

    def ready(self) -> list[tuple[int, list[GameResult]]]:
        from .ray_backend import WAIT, _result

        ray = self.runner.ray
        while True:
            done, _ = ray.wait(list(self.pending), num_returns=1, timeout=WAIT)
            if done:
                return [(self.pending.pop(ref), _result(ray, ref)) for ref in done]

    def cancel_all(self) -> None:
        from .ray_backend import _cancel

        for ref in self.pending:
            _cancel(self.runner.ray, ref)


@contextmanager
def open_slots(backend: str, workers: int | None, address: str | None) -> Iterator[Slots]:
    """Workers for a tune: processes here (``workers``, default every core), or Ray tasks."""
    if backend == "ray":
        with open_backend("ray", workers, address) as runner:
            slots = RaySlots(runner)
            try:
                yield slots
            finally:
                slots.cancel_all()  # what an interrupt left running
        return
    if backend != "process":
        raise BackendError(f"no backend called {backend!r}; the backends are process, ray")
    if address:
        raise BackendError(f"--address {address} is a Ray cluster's: use it with --backend ray")
    count = workers or os.cpu_count() or 1
    if count <= 1:
        yield InlineSlots()
        return
    import multiprocessing

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(
        count, mp_context=multiprocessing.get_context(method), initializer=_ignore_interrupts
    )
    processes = PoolSlots(pool, count)
    try:
        yield processes
    finally:
        if processes.pending:  # an interrupt or an error: end the workers now
            _stop(pool, list(processes.pending))
        else:
            pool.shutdown(wait=True)


# ------------------------------------------------------------------------------- the study
def storage_url(out: Path, storage: str | None) -> str:
    return storage or f"sqlite:///{(out / 'study.db').resolve()}"


def sampler_for(spec: TuneSpec, offset: int) -> optuna.samplers.BaseSampler:
    """The spec's sampler, seeded with its seed and the trials already made (so that a resumed
    study does not draw the first run's values again)."""
    seed = spec.search.seed * 1_000_003 + offset
    warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
    if spec.search.sampler == "random":
        return optuna.samplers.RandomSampler(seed=seed)
    if spec.search.sampler == "nsga2":
        return optuna.samplers.NSGAIISampler(seed=seed)
    startup = max(1, spec.search.startup - offset)
    return optuna.samplers.TPESampler(seed=seed, n_startup_trials=startup, multivariate=True)


def open_study(spec: TuneSpec, games: int, url: str, fresh: bool = False) -> optuna.Study:
    """The stored study of this spec (created when new); TuneError when it was made otherwise."""
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    logging.getLogger("optuna").setLevel(logging.WARNING)
    if fresh:
        with contextlib.suppress(KeyError):
            optuna.delete_study(study_name=STUDY, storage=url)
    chunk = bounds(games, spec.search.steps)[0][1]
    single = len(spec.objectives) == 1
    pruner: optuna.pruners.BasePruner = (
        optuna.pruners.MedianPruner(n_startup_trials=spec.search.startup, n_warmup_steps=chunk)
        if single and spec.search.prune
        else optuna.pruners.NopPruner()
    )
    try:
        study = optuna.create_study(
            storage=url,
            study_name=STUDY,
            directions=[optuna.study.StudyDirection[d.upper()] for d in spec.directions],
            pruner=pruner,
            load_if_exists=True,
        )
    except ValueError as err:  # another number of objectives, or directions
        raise TuneError(
            f"the stored study {url} does not fit this spec ({err}): use --fresh or another --out"
        ) from None
    fingerprint = spec.fingerprint(games)
    stored = study.user_attrs.get("fingerprint")
    if stored is None:
        study.set_user_attr("fingerprint", fingerprint)
        study.set_user_attr("game", spec.game)
        study.set_user_attr("games", games)
    elif stored != fingerprint:
        raise TuneError(
            f"the study stored in {url} was made with another spec, data file or --games "
            f"({study.user_attrs.get('games')} games a trial): use --fresh to start again, or another --out"
        )
    study.sampler = sampler_for(spec, len(study.trials))
    return study


def counted(trial: FrozenTrial) -> bool:
    """A trial that counts towards ``trials``: played (completed or pruned), or a repeat."""
    return trial.state in (TrialState.COMPLETE, TrialState.PRUNED) and not trial.user_attrs.get("violation")


def params_key(values: Mapping[str, Any]) -> str:
    return json.dumps({k: values[k] for k in sorted(values)}, sort_keys=True)


def suggest(trial: optuna.Trial, spec: TuneSpec) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for p in spec.params:
        if p.choices is not None:
            labels = [json.dumps(c) for c in p.choices]
            values[p.name] = p.choices[labels.index(trial.suggest_categorical(p.name, labels))]
        elif p.integer:
            assert p.low is not None and p.high is not None
            step = int(p.step or 1)
            values[p.name] = trial.suggest_int(p.name, int(p.low), int(p.high), step=step, log=p.log)
        else:
            assert p.low is not None and p.high is not None
            values[p.name] = trial.suggest_float(p.name, p.low, p.high, step=p.step, log=p.log)
    return values


def trial_values(spec: TuneSpec, trial: FrozenTrial) -> dict[str, Any]:
    """The parameters' values of a stored trial (choices decoded)."""
    found: dict[str, Any] = {}
    for p in spec.params:
        value = trial.params[p.name]
        found[p.name] = json.loads(value) if p.choices is not None else value
    return found


# ------------------------------------------------------------------------------- the search
class Progress:
    """Told what is being played; the default says nothing."""

    def start(self, games: int, done: int, target: int) -> None:
        """``games`` at most to play, ``done`` of ``target`` trials already finished."""

    def advance(self, games: int) -> None:
        """``games`` more have finished (or were skipped: a pruned trial's rest)."""

    def trial(self, done: int, target: int, best: str) -> None:
        """A trial has finished; ``best`` says the best so far."""


@dataclass
class Live:
    trial: optuna.Trial
    values: dict[str, Any]
    text: str
    chunks: list[tuple[int, int]]
    results: list[GameResult] = field(default_factory=list)
    step: int = 0


@dataclass
class TuneOutcome:
    spec: TuneSpec
    study: optuna.Study
    games: int
    target: int
    interrupted: bool
    why: str
    elapsed: float
    played: int = 0  # games played by this command
    trials_played: int = 0  # trials played by this command (not repeats)


def scores(objectives: Sequence[Objective], spec: TuneSpec, results: Sequence[GameResult]) -> list[Any]:
    found = tallies(spec.game, spec.players, results)
    return [score(o, found) for o in objectives]


def _finish(study: optuna.Study, spec: TuneSpec, live: Live) -> None:
    found = scores(spec.objectives, spec, live.results)
    missing = [o.name for o, s in zip(spec.objectives, found, strict=True) if s is None]
    if missing:
        raise TuneError(f"trial {live.trial.number}: no figure matches the objective(s) {', '.join(missing)}")
    t = live.trial
    t.set_user_attr("kind", "played")
    t.set_user_attr("figures", {o.name: s.figures for o, s in zip(spec.objectives, found, strict=True)})
    t.set_user_attr("met", [s.met for s in found])
    t.set_user_attr("games", len(live.results))
    seeds = ",".join(str(r.seed) for r in sorted(live.results, key=lambda r: r.index))
    t.set_user_attr("seeds", hashlib.sha256(seeds.encode()).hexdigest()[:16])
    t.set_user_attr("data", hashlib.sha256(live.text.encode()).hexdigest()[:16])
    study.tell(t, [s.value for s in found])


def describe_best(study: optuna.Study, spec: TuneSpec) -> str:
    done = [t for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))]
    if not done:
        return "no trial finished yet"
    if len(spec.objectives) == 1:
        best = min(done, key=lambda t: t.values[0] if spec.directions[0] == "minimize" else -t.values[0])
        return f"best {best.values[0]:.4g} (trial {best.number})"
    return f"{len(study.best_trials)} on the Pareto front"


def run_tune(
    spec: TuneSpec,
    study: optuna.Study,
    games: int,
    target: int,
    backend: str = "process",
    workers: int | None = 1,
    address: str | None = None,
    progress: Progress | None = None,
) -> TuneOutcome:
    """Play trials until ``target`` count (see :func:`counted`); Ctrl-C stops and keeps what is done."""
    progress = progress or Progress()
    started = time.perf_counter()
    chunks = bounds(games, spec.search.steps)
    prune = len(spec.objectives) == 1 and spec.search.prune
    for stale in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):  # a run killed outright
        study.tell(stale.number, state=TrialState.FAIL)
        study.enqueue_trial(stale.params, user_attrs={"retry_of": stale.number})
    previous = {
        params_key(trial_values(spec, t)): t
        for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE, TrialState.PRUNED))
        if t.user_attrs.get("kind") == "played"
    }
    done = sum(1 for t in study.get_trials(deepcopy=False) if counted(t))
    progress.start(max(0, target - done) * games, done, target)
    outcome = TuneOutcome(spec, study, games, target, False, f"the {target} trials asked for", 0.0)
    live: dict[int, Live] = {}
    infeasible = 0
    with open_slots(backend, workers, address) as slots:
        try:
            while True:
                while len(live) < slots.workers and done + len(live) < target:
                    trial = study.ask()
                    values = suggest(trial, spec)
                    broken = feasible(spec, values)
                    refused = None
                    if broken is None and params_key(values) not in previous:
                        text = data_text(spec, values)
                        try:
                            make(spec.game, **spec.options, data=write_data(text))
                        except InvalidOptions as err:
                            refused = str(err)
                    if broken is not None or refused is not None:
                        trial.set_user_attr("kind", "infeasible")
                        trial.set_user_attr("why", broken or refused)
                        trial.set_user_attr("violation", 1.0)
                        trial.set_constraint("feasible", 1.0)  # the samplers rank it below the others
                        study.tell(trial, state=TrialState.PRUNED)
                        infeasible += 1
                        if infeasible >= MAX_INFEASIBLE:
                            outcome.why = f"{MAX_INFEASIBLE} values in a row that break a constraint"
                            raise StopIteration
                        continue
                    infeasible = 0
                    seen = previous.get(params_key(values))
                    if seen is not None:  # the same file plays the same games: its values again
                        trial.set_user_attr("kind", "repeat")
                        trial.set_user_attr("repeat_of", seen.number)
                        for key in ("figures", "met", "games", "seeds", "data"):
                            if key in seen.user_attrs:
                                trial.set_user_attr(key, seen.user_attrs[key])
                        if seen.state == TrialState.COMPLETE:
                            study.tell(trial, seen.values)
                        else:
                            for step, value in seen.intermediate_values.items():
                                trial.report(value, step)
                            study.tell(trial, state=TrialState.PRUNED)
                        done += 1
                        progress.advance(games)
                        progress.trial(done, target, describe_best(study, spec))
                        continue
                    entry = Live(trial, values, text, chunks)
                    live[trial.number] = entry
                    slots.submit(trial.number, _chunk(spec, entry))
                if not live:
                    break
                for number, results in slots.ready():
                    entry = live[number]
                    entry.results += results
                    entry.step += 1
                    outcome.played += len(results)
                    progress.advance(len(results))
                    pruned = False
                    if prune and entry.step < len(chunks):
                        found = scores(spec.objectives, spec, entry.results)[0]
                        if found is not None:
                            entry.trial.report(found.value, len(entry.results))
                            pruned = entry.trial.should_prune()
                    if pruned:
                        entry.trial.set_user_attr("kind", "played")
                        entry.trial.set_user_attr("games", len(entry.results))
                        study.tell(entry.trial, state=TrialState.PRUNED)
                        progress.advance(games - len(entry.results))
                    elif entry.step < len(chunks):
                        slots.submit(number, _chunk(spec, entry))
                        continue
                    else:
                        _finish(study, spec, entry)
                    frozen = study.get_trials(deepcopy=False)[number]
                    previous[params_key(entry.values)] = frozen
                    del live[number]
                    done += 1
                    outcome.trials_played += 1
                    progress.trial(done, target, describe_best(study, spec))
        except StopIteration:
            pass
        except KeyboardInterrupt:
            outcome.interrupted, outcome.why = True, "Ctrl-C"
            for entry in live.values():
                entry.trial.set_user_attr("kind", "interrupted")
                study.tell(entry.trial, state=TrialState.FAIL)
                study.enqueue_trial(entry.trial.params, user_attrs={"retry_of": entry.trial.number})
        except BaseException:
            for entry in live.values():
                entry.trial.set_user_attr("kind", "error")
                study.tell(entry.trial, state=TrialState.FAIL)
            raise
    outcome.elapsed = time.perf_counter() - started
    return outcome


def _chunk(spec: TuneSpec, entry: Live) -> TuneChunk:
    start, stop = entry.chunks[entry.step]
    return TuneChunk(
        entry.trial.number, spec.game, spec.options, entry.text, spec.seed, spec.bots, start, stop
    )


# ------------------------------------------------------------------------------- the result
def distance(spec: TuneSpec, values: Mapping[str, Any], base: Mapping[str, Any]) -> float:
    """How far values are from the base file's (each parameter's range counts 1)."""
    total = 0.0
    for p in spec.params:
        if p.choices is not None or p.low is None or p.high is None:
            total += 0.0 if values[p.name] == base[p.name] else 1.0
        else:
            total += abs(float(values[p.name]) - float(base[p.name])) / (p.high - p.low)
    return total


def base_values(spec: TuneSpec) -> dict[str, Any]:
    import tomllib

    from .tune_data import resolve

    data = tomllib.loads(spec.base_text)
    return {p.name: resolve(data, p.paths[0]).value for p in spec.params}


def best_trials(study: optuna.Study, spec: TuneSpec) -> list[FrozenTrial]:
    """The trials to keep: the best (ties to the one closest to the base file), or the Pareto front
    with its knee first (the least sum of the objectives each scaled to the front's range)."""
    done = [t for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))]
    if not done:
        return []
    base = base_values(spec)
    near = {t.number: distance(spec, trial_values(spec, t), base) for t in done}
    signs = [1.0 if d == "minimize" else -1.0 for d in spec.directions]
    if len(spec.objectives) == 1:
        best = min(signs[0] * t.values[0] for t in done)
        ties = [t for t in done if signs[0] * t.values[0] <= best + 1e-12]
        return [min(ties, key=lambda t: (near[t.number], t.number))]
    front = study.best_trials
    unique: dict[str, FrozenTrial] = {}
    for t in sorted(front, key=lambda t: t.number):
        unique.setdefault(params_key(trial_values(spec, t)), t)
    front = list(unique.values())
    spans = []
    for k in range(len(signs)):
        values = [signs[k] * t.values[k] for t in front]
        spans.append((min(values), (max(values) - min(values)) or 1.0))

    def knee(t: FrozenTrial) -> tuple[float, float, int]:
        scaled = sum((signs[k] * t.values[k] - low) / width for k, (low, width) in enumerate(spans))
        return scaled, near[t.number], t.number

    return sorted(front, key=knee)


def write_best(spec: TuneSpec, study: optuna.Study, out: Path) -> list[tuple[str, Path, FrozenTrial]]:
    """best.toml (the best trial, or the Pareto front's knee) and, with several objectives, one file
    per Pareto point in out/pareto/; (name, path, trial) of each."""
    kept = best_trials(study, spec)
    written = []
    for k, t in enumerate(kept):
        text = data_text(spec, trial_values(spec, t))
        if k == 0:
            path = out / "best.toml"
            path.write_text(text, encoding="utf-8")
            written.append(("best", path, t))
        if len(spec.objectives) > 1:
            path = out / "pareto" / f"trial-{t.number:04d}.toml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            if k > 0:
                written.append((f"trial-{t.number}", path, t))
    return written
