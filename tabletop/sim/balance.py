"""Balance runs: the baseline and each variant data file played on the same seeds, kept game by game.

Game ``i`` of every run is dealt from ``game_seed(seed, i)`` and its bots are seeded from
``bot_seed(seed, i, seat)`` (simulate.py): common random numbers, so a difference between a variant
and the baseline is the variant's, not the luck of other deals.  The games are played by the
simulator (simulate.play_chunk) on the simulator's backends (pool.py: worker processes, or Ray).

Every finished chunk of games is appended at once to a results file (JSON lines: a header naming
the game, options, bots, seed and each run's data file with its SHA-256, then one line a game), so
Ctrl-C keeps what is done and the same command later plays only the games still missing.  A run
whose data file changed since is refused (start again with ``fresh``).

With ``until``, games are played in growing batches until every chosen figure's 95% interval, and
for each variant its difference to the baseline, is narrower than ``until``, or ``games`` (the
budget per run) is reached.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import math
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.errors import TabletopError
from ..core.protocol import JSON
from ..core.registry import game_class, make
from .content import DATA_FILES
from .measures import Tallies, common_games, compare, estimate, tallies
from .missions import RoundOutcome
from .pool import open_backend
from .simulate import Chunk, check_bots, play_chunk
from .summary import GameResult

FORMAT = "tabletop-balance/1"
BASELINE = "baseline"
DEFAULT_FIGURES = ("win share by seat: *",)
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


class BalanceError(TabletopError):
    """Arguments that cannot make a balance run, or a results file that does not fit them."""


@dataclass(frozen=True, slots=True)
class Run:
    name: str  # "baseline" or the variant's name
    options: dict[str, Any]  # the game's validated options, the data file's path among them
    file: str  # the data file played ("" when the game has none)
    digest: str  # its SHA-256

    def to_json(self) -> dict[str, JSON]:
        return {"name": self.name, "options": dict(self.options), "file": self.file, "digest": self.digest}


@dataclass(frozen=True)
class BalanceSpec:
    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    runs: tuple[Run, ...]  # the baseline first
    games: int  # the budget: games per run
    until: float | None = None
    figures: tuple[str, ...] = DEFAULT_FIGURES
    workers: int | None = 1  # None: every core, or every CPU of the Ray cluster
    backend: str = "process"
    address: str | None = None  # a Ray cluster's

    @property
    def baseline(self) -> Run:
        return self.runs[0]

    def header(self) -> dict[str, JSON]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "runs": [r.to_json() for r in self.runs],
        }


def digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest() if path else ""


def plan(
    game_name: str,
    options: Mapping[str, Any],
    bots: Sequence[str],
    seed: int,
    variants: Sequence[tuple[str, str]],
    games: int,
    until: float | None = None,
    figures: Sequence[str] = DEFAULT_FIGURES,
    workers: int | None = 1,
    backend: str = "process",
    address: str | None = None,
) -> BalanceSpec:
    """Check the arguments and each variant's data file (the game validates it: a bad file raises
    InvalidOptions naming the file, the entry and the problem)."""
    if games < 1 or (workers is not None and workers < 1):
        raise BalanceError("a balance run needs at least one game and one worker")
    if until is not None and not until > 0:
        raise BalanceError(f"--until takes a width above 0, not {until}")
    base = make(game_name, **dict(options))
    names = tuple(check_bots(list(bots) or ["random"], base.players))
    has_data = any(spec.name == "data" for spec in game_class(base.name).option_specs)
    if variants and not has_data:
        raise BalanceError(f"{base.name} takes no data file, so it has no variants")
    base_file = str(Path(base.options["data"]).resolve()) if has_data and base.options["data"] else ""
    packaged = DATA_FILES.get(base.name)
    if has_data and not base_file and packaged is not None:
        base_file = str(packaged)
    runs = [Run(BASELINE, dict(base.options), base_file, digest(base_file))]
    for name, path in variants:
        if not _NAME.match(name) or name == BASELINE or name in {r.name for r in runs}:
            raise BalanceError(
                f"--variant {name}=...: a variant needs its own name of letters, digits, '-', '_' "
                f"or '.', other than {BASELINE!r}"
            )
        file = Path(path).expanduser().resolve()
        if not file.is_file():
            raise BalanceError(f"--variant {name}: no such file {path}")
        made = make(base.name, **{**base.options, "data": str(file)})
        runs.append(Run(name, dict(made.options), str(file), digest(str(file))))
    return BalanceSpec(
        base.name,
        base.players,
        names,
        seed,
        tuple(runs),
        games,
        until,
        tuple(figures) or DEFAULT_FIGURES,
        workers,
        backend,
        address,
    )


# ------------------------------------------------------------------------------ results file
def result_to_json(run: str, r: GameResult) -> dict[str, JSON]:
    return {
        "run": run,
        "index": r.index,
        "seed": r.seed,
        "scores": list(r.scores),
        "ranking": list(r.ranking),
        "decisions": r.decisions,
        "rounds_played": r.rounds_played,
        "missions": None if r.rounds is None else [[o.mission, list(o.points)] for o in r.rounds],
        "facts": None if r.facts is None else dict(r.facts),
        "labels": None if r.labels is None else {k: list(v) for k, v in r.labels},
        "items": None if r.items is None else {k: [list(x) for x in v] for k, v in r.items},
    }


def result_from_json(data: Mapping[str, Any]) -> tuple[str, GameResult]:
    missions, facts, labels, items = data["missions"], data["facts"], data["labels"], data["items"]
    return str(data["run"]), GameResult(
        index=int(data["index"]),
        seed=int(data["seed"]),
        scores=tuple(int(x) for x in data["scores"]),
        ranking=tuple(int(x) for x in data["ranking"]),
        decisions=int(data["decisions"]),
        rounds=None
        if missions is None
        else tuple(RoundOutcome(int(m), tuple(int(p) for p in points)) for m, points in missions),
        rounds_played=None if data["rounds_played"] is None else int(data["rounds_played"]),
        facts=None if facts is None else tuple((str(k), int(v)) for k, v in facts.items()),
        labels=None
        if labels is None
        else tuple((str(k), tuple(str(x) for x in v)) for k, v in labels.items()),
        items=None
        if items is None
        else tuple((str(k), tuple(tuple(str(x) for x in seat) for seat in v)) for k, v in items.items()),
    )


class Store:
    """The results file: what is already played, and where the newly finished games go."""

    def __init__(self, path: Path, spec: BalanceSpec, fresh: bool = False) -> None:
        self.path, self.spec = path, spec
        self.results: dict[str, dict[int, GameResult]] = {r.name: {} for r in spec.runs}
        header = spec.header()
        if fresh or not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(header) + "\n", encoding="utf-8")
            return
        lines = path.read_text(encoding="utf-8").splitlines()
        stored = self._header(lines[0] if lines else "")
        runs = self._check(stored, header)
        for line in lines[1:]:
            try:
                name, result = result_from_json(json.loads(line))
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by an interrupted write
            if name in self.results:
                self.results[name][result.index] = result
        if runs != stored["runs"]:  # new variants: the header lists them from now on
            path.write_text(
                "\n".join([json.dumps({**header, "runs": runs}), *lines[1:]]) + "\n", encoding="utf-8"
            )

    def _header(self, line: str) -> dict[str, Any]:
        try:
            found = json.loads(line)
        except ValueError:
            found = None
        if not isinstance(found, dict) or found.get("format") != FORMAT:
            raise BalanceError(f"{self.path} is not a balance results file; use another --out, or --fresh")
        return found

    def _check(self, stored: dict[str, Any], header: dict[str, JSON]) -> list[Any]:
        """The runs the header must list: the stored ones, then the new ones."""
        for key in ("game", "players", "bots", "seed"):
            if stored.get(key) != header[key]:
                raise BalanceError(
                    f"{self.path} holds games of another run ({key} {stored.get(key)!r}, not "
                    f"{header[key]!r}); use another --out, or --fresh to start again"
                )
        runs: list[Any] = list(stored.get("runs") or [])
        by_name = {r.get("name"): r for r in runs if isinstance(r, dict)}
        for run in self.spec.runs:
            old = by_name.get(run.name)
            if old is None:
                runs.append(run.to_json())
            elif old != run.to_json():
                what = "data file" if old.get("digest") != run.digest else "options"
                raise BalanceError(
                    f"{self.path}: the {run.name} run's {what} changed since its games were played; "
                    "use another --out, or --fresh to play them again"
                )
        return runs

    def add(self, run: str, results: Sequence[GameResult]) -> None:
        """Keep ``results`` of ``run``: in memory and, at once, at the end of the file."""
        with self.path.open("a", encoding="utf-8") as out:
            for r in results:
                self.results[run][r.index] = r
                out.write(json.dumps(result_to_json(run, r)) + "\n")

    def common(self) -> list[int]:
        """The games every run has played."""
        return common_games(*(self.results[r.name] for r in self.spec.runs))

    def tallies(self, games: Sequence[int]) -> dict[str, Tallies]:
        return {
            r.name: tallies(self.spec.game, self.spec.players, (self.results[r.name][g] for g in games))
            for r in self.spec.runs
        }


# ---------------------------------------------------------------------------------- playing
@dataclass(frozen=True, slots=True)
class BalanceChunk(Chunk):
    """A chunk of the spec's run named ``run``."""

    run: str = ""


class Progress:
    """Told what is being played; the default says nothing."""

    def batch(self, games: int, target: int) -> None:
        """``games`` to play now, to bring every run to ``target`` games."""

    def advance(self, games: int) -> None:
        """``games`` more have finished."""


def missing_chunks(spec: BalanceSpec, store: Store, target: int, workers: int) -> list[BalanceChunk]:
    """Chunks of the games still to play up to ``target`` in every run, the runs interleaved (so
    that an interrupted run leaves pairs to compare); about four a run for each of ``workers``.

    At most 25 games a chunk on a machine's few workers (Ctrl-C loses little), up to 100 on a
    cluster of as many CPUs: the driver's cost per chunk then stays a small share of its time
    (docs/benchmarks.md, "Simulation on Ray")."""
    most = min(100, max(25, workers))
    per_run: list[list[BalanceChunk]] = []
    for run in spec.runs:
        todo = [i for i in range(target) if i not in store.results[run.name]]
        size = max(1, min(most, math.ceil(len(todo) / (workers * 4))))
        chunks: list[BalanceChunk] = []
        for i in todo:
            last = chunks[-1] if chunks else None
            if last is not None and last.stop == i and last.stop - last.start < size:
                chunks[-1] = replace(last, stop=i + 1)
            else:
                chunk = BalanceChunk(spec.game, run.options, spec.seed, spec.bots, i, i + 1, run=run.name)
                chunks.append(chunk)
        per_run.append(chunks)
    return [
        c
        for k in range(max((len(c) for c in per_run), default=0))
        for c in (r[k] for r in per_run if k < len(r))
    ]


@dataclass
class Widest:
    width: float
    key: str  # the figure, and the run or the variant's difference


def widest(spec: BalanceSpec, store: Store) -> Widest:
    """The widest 95% interval among the chosen figures (and each variant's difference)."""
    games = store.common()
    found = store.tallies(games)
    base = found[BASELINE]
    chosen = [
        key
        for key in base.found
        if any(fnmatch.fnmatchcase(key.lower(), pattern.lower()) for pattern in spec.figures)
    ]
    if not chosen:
        groups = ", ".join(dict.fromkeys(t.figure.group for t in base.ordered()))
        raise BalanceError(
            f"--figure {' / '.join(spec.figures)} matches no figure; figures are named "
            f"'GROUP: LABEL', the groups being: {groups}"
        )
    worst = Widest(0.0, "")
    for run in spec.runs:
        for key in chosen:
            mine = found[run.name].found.get(key)
            e = None if mine is None else estimate(mine, games)
            if e is not None and not e.width <= worst.width:
                worst = Widest(e.width, f"{key} ({run.name})")
            d = None if run.name == BASELINE else compare(base.found.get(key), mine, games)
            if d is not None and not d.width <= worst.width:
                worst = Widest(d.width, f"{key} ({run.name} less {BASELINE})")
    return worst


def next_target(done: int, width: float, until: float, budget: int) -> int:
    """Games per run for the next batch: the interval narrows as 1/sqrt(games)."""
    wanted = math.ceil(done * (width / until) ** 2 * 1.1) if math.isfinite(width) else 2 * done
    return min(budget, max(done + max(10, done // 4), min(wanted, 4 * done)))


@dataclass
class Outcome:
    spec: BalanceSpec
    results: dict[str, dict[int, GameResult]]
    games: list[int]  # the games every run played: what the report compares
    interrupted: bool
    why: str  # why it stopped
    elapsed: float
    played: int = 0  # games played by this command (the others came from the results file)
    widest: Widest | None = field(default=None)


def run_balance(spec: BalanceSpec, store: Store, progress: Progress | None = None) -> Outcome:
    """Play what is missing (in batches with ``until``); Ctrl-C stops and keeps what is done."""
    progress = progress or Progress()
    started = time.perf_counter()
    played = 0

    def deliver(chunk: BalanceChunk, results: list[GameResult]) -> None:
        nonlocal played
        store.add(chunk.run, results)
        played += len(results)

    target = spec.games if spec.until is None else min(spec.games, max(50, len(store.common())))
    why, worst, interrupted = f"the budget of {spec.games} games per run", None, False
    with open_backend(spec.backend, spec.workers, spec.address) as runner:  # one Ray for every batch
        while True:
            chunks = missing_chunks(spec, store, target, runner.workers)
            progress.batch(sum(c.stop - c.start for c in chunks), target)
            try:
                runner.run(play_chunk, chunks, progress.advance, deliver)
            except KeyboardInterrupt:
                interrupted, why = True, "Ctrl-C"
                break
            if spec.until is None:
                break
            worst = widest(spec, store)
            if worst.width < spec.until:
                why = (
                    f"every chosen interval narrower than {spec.until:g} (widest {worst.width:.4f}: "
                    f"{worst.key})"
                )
                break
            if target >= spec.games:
                why = (
                    f"the budget of {spec.games} games per run (widest interval {worst.width:.4f}: "
                    f"{worst.key})"
                )
                break
            target = next_target(len(store.common()), worst.width, spec.until, spec.games)
    return Outcome(
        spec, store.results, store.common(), interrupted, why, time.perf_counter() - started, played, worst
    )
