"""Games per second on each simulation backend, and what a task costs (docs/benchmarks.md,
"Simulation on Ray").

Three measures, each on the process backend with 1 and 2 workers and on a local Ray (every core),
each the best of ``--repeats`` runs (other work on a shared machine can only slow a run down):

- **games/s**: bot games played as the simulator plays them (``simulate.play_chunk``, chunks from
  ``pool.chunk_bounds``), for each ``--game NAME=GAMES`` (default: 200 of Megalomania and 3000 of
  Summon 7, 4 players, random bots); the results are checked to be identical on every backend.  A
  process run includes starting its pool (the simulator starts one a run; "start" is that of a run
  of one empty task a worker); Ray's start is timed apart, and a first task a worker is played
  before the timing (the workers import tabletop once a session).
- **empty tasks**: ``--tasks`` tasks that do nothing, and as many empty chunks (the game made, no
  game played): wall time per task with every worker busy (less that of a tenth as many tasks, so
  that starting a pool is not counted), and the driver's CPU time per empty task (this process's,
  its threads included: what a cluster's driver could not hand to more cores).
- **chunk-size sweep**: the same ``--sweep-games`` Summon 7 games in chunks of 1, 4, 16 and 64
  games; the per-task overhead is the slope of the core-seconds (wall time x workers) over the
  number of tasks, fitted by least squares (the games' own time is the same in every run).

And for every game: what a game costs a core, with random and with heuristic bots (CPU time of
this process, one core, so the machine's other work hardly changes it), and what it costs the
driver, which receives every game whatever the number of workers (its result unpickled and
summarized, or appended to ``balance``'s results file).  docs/benchmarks.md argues the batching
for a cluster from these figures.

    .venv/bin/python bench/backends.py [--game megalomania=200 --game summon7=3000] [--tasks 2000]
        [--sweep-games 1200] [--repeats 3] [--only 1,2,3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from tabletop.core.registry import make
from tabletop.sim.balance import BASELINE, Store, plan
from tabletop.sim.pool import Played, Runner, chunk_bounds, open_backend
from tabletop.sim.simulate import Chunk, play_chunk
from tabletop.sim.summary import GameResult, summarize

LOAD_AT_START = os.getloadavg()
CORES = os.cpu_count() or 1
BACKENDS: tuple[tuple[str, str, int], ...] = (
    ("process, 1 worker", "process", 1),
    ("process, 2 workers", "process", 2),
    (f"Ray local ({CORES} CPUs)", "ray", CORES),
)
SIZES = (1, 4, 16, 64)
DEFAULT_GAMES = {"megalomania": 200, "summon7": 3000}


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    found = run()
    return time.perf_counter() - started, found


def best(run: Callable[[], Any], repeats: int) -> tuple[float, float, Any]:
    """The shortest wall time of ``repeats`` runs, the CPU time of this process (the driver, with
    its threads) in that run, and what it returned."""
    found: list[tuple[float, float, Any]] = []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        out = run()
        found.append((time.perf_counter() - wall, time.process_time() - cpu, out))
    return min(found, key=lambda x: x[0])


def chunks_of(game: str, players: int, games: int, size: int | None, workers: int) -> list[Chunk]:
    made = make(game, players=players)
    bounds = (
        chunk_bounds(games, workers)
        if size is None
        else [(a, min(a + size, games)) for a in range(0, games, size)]
    )
    return [Chunk(made.name, made.options, 1, ("random",) * players, a, b) for a, b in bounds]


def slope(xs: Sequence[float], ys: Sequence[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)


def measure(runner: Runner, args: argparse.Namespace) -> dict[str, Any]:
    workers = runner.workers
    out: dict[str, Any] = {"games": {}}
    warm = chunks_of("summon7", 4, workers, 1, workers)  # one game a worker
    out["warm_up_seconds"] = round(timed(lambda: runner.run(play_chunk, warm))[0], 2)
    for game, games in args.games.items():
        chunks = chunks_of(game, args.players, games, None, workers)
        seconds, _, results = best(lambda c=chunks: runner.run(play_chunk, c), args.repeats)
        out["games"][game] = {
            "games_per_second": round(games / seconds, 1),
            "seconds": round(seconds, 2),
            "tasks": len(chunks),
            "results": results,
        }
    made = make("megalomania", players=args.players)
    empty = Chunk(made.name, made.options, 1, ("random",) * args.players, 0, 0)
    # an empty task: list(range(0, 0)), a chunk of no games played by a builtin (pickled by name)
    for key, play, item in (("empty_task_ms", list, range(0)), ("empty_chunk_ms", play_chunk, empty)):
        few, few_cpu, _ = best(lambda p=play, i=item: runner.run(p, [i] * (args.tasks // 10)), args.repeats)
        many, many_cpu, _ = best(lambda p=play, i=item: runner.run(p, [i] * args.tasks), args.repeats)
        out[key] = round(1000 * (many - few) / (args.tasks - args.tasks // 10), 3)
        if play is list:
            out["driver_cpu_ms_per_task"] = round(
                1000 * (many_cpu - few_cpu) / (args.tasks - args.tasks // 10), 3
            )
    sweep = []
    for size in SIZES:
        chunks = chunks_of("summon7", 4, args.sweep_games, size, workers)
        seconds, _, _ = best(lambda c=chunks: runner.run(play_chunk, c), args.repeats)
        sweep.append({"size": size, "tasks": len(chunks), "seconds": round(seconds, 3)})
    out["sweep"] = sweep
    fitted = slope([s["tasks"] for s in sweep], [s["seconds"] * workers for s in sweep])
    out["per_task_ms"] = round(1000 * fitted, 3)
    return out


def driver_cost(results: list[GameResult], game: str, players: int, repeats: int) -> float:
    """Microseconds a game costs the driver: its results unpickled (per chunk of 100) and summarized."""
    made = make(game, players=players)
    blobs = [pickle.dumps(results[a : a + 100]) for a in range(0, len(results), 100)]

    def receive() -> None:
        back = [r for blob in blobs for r in pickle.loads(blob)]
        bots = ("random",) * players
        summarize(Played(made.name, made.options, 1, bots, len(back), back, 1))

    return 1e6 * best(receive, repeats)[0] / len(results)


def balance_cost(results: list[GameResult], game: str, players: int, repeats: int) -> float:
    """Microseconds a game costs ``balance``'s driver: its result appended to the results file (a
    JSON line; the file opened once a chunk of 25, as balance.Store.add does)."""
    spec = plan(game, {"players": players}, ["random"], 1, [], games=len(results))
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "games.jsonl", spec)

        def add() -> None:
            for a in range(0, len(results), 25):
                store.add(BASELINE, results[a : a + 25])

        return 1e6 * best(add, repeats)[0] / len(results)


COST_GAMES = {"summon7": (300, 200), "clan": (40, 30), "megalomania": (20, 20), "manasurge": (60, 40)}
COST_GAMES["megacorps"] = (20, 6)  # games played with random bots, with heuristic bots


def game_costs(players: int, repeats: int) -> dict[str, dict[str, float]]:
    """For each game: CPU milliseconds a game takes one core, with random and with heuristic bots;
    and the driver's microseconds a game (simulate's and balance's; the heuristic games' results,
    repeated to a thousand so that the summary's fixed cost is shared as in a long run)."""
    costs: dict[str, dict[str, float]] = {}
    for game, counts in COST_GAMES.items():
        made = make(game, players=players)
        found: dict[str, float] = {}
        for bots, games in zip(("random", "heuristic"), counts, strict=True):
            chunk = Chunk(made.name, made.options, 1, (bots,) * players, 0, games)
            started = time.process_time()
            results = play_chunk(chunk)
            found[f"{bots}_ms"] = round(1000 * (time.process_time() - started) / games, 1)
        many = (results * (1000 // len(results) + 1))[:1000]
        found["driver_us"] = round(driver_cost(many, game, players, repeats), 1)
        found["balance_driver_us"] = round(balance_cost(many, game, players, repeats), 1)
        costs[game] = found
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--game", action="append", help="NAME=GAMES (repeatable; default megalomania=200, summon7=3000)"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--tasks", type=int, default=2000, help="empty tasks per backend")
    parser.add_argument("--sweep-games", type=int, default=1200, help="Summon 7 games per chunk size")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each measure (the best is kept)")
    parser.add_argument(
        "--only", help="some backends: 1 process 1 worker, 2 process 2 workers, 3 Ray (e.g. 3)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    args.games = (
        {k: int(v) for k, _, v in (g.partition("=") for g in args.game)} if args.game else DEFAULT_GAMES
    )
    args.game = list(args.games)
    runs: dict[str, Any] = {}
    chosen = (
        [b for k, b in enumerate(BACKENDS) if str(k + 1) in args.only.split(",")] if args.only else BACKENDS
    )
    for label, backend, workers in chosen:
        opened = time.perf_counter()
        with open_backend(backend, workers) as runner:
            start = time.perf_counter() - opened
            runs[label] = measure(runner, args)
            runs[label]["start_seconds"] = round(start, 2)
        print(f"{label}: done", file=sys.stderr, flush=True)
    first = next(iter(runs.values()))
    for label, run in runs.items():
        for game in args.game:
            assert run["games"][game]["results"] == first["games"][game]["results"], (label, game)
    driver = {
        g: round(driver_cost(first["games"][g]["results"], g, args.players, args.repeats), 1)
        for g in args.game
    }
    driver_balance = {
        g: round(balance_cost(first["games"][g]["results"], g, args.players, args.repeats), 1)
        for g in args.game
    }
    for run in runs.values():
        for game in args.game:
            del run["games"][game]["results"]
    report = {
        "date": time.strftime("%Y-%m-%d"),
        "load_average_at_start": [round(x, 2) for x in LOAD_AT_START],
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "cores": CORES,
        "python": platform.python_version(),
        "ray": metadata.version("ray"),
        "games": args.games,
        "tasks": args.tasks,
        "sweep_games": args.sweep_games,
        "repeats": args.repeats,
        "players": args.players,
        "runs": runs,
        "driver_us_per_game": driver,
        "balance_driver_us_per_game": driver_balance,
        "per_game": game_costs(args.players, args.repeats),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"load average {report['load_average_at_start']} -> {report['load_average_at_end']}, {CORES} cores")
    print(
        f"{'backend':<24}"
        + "".join(f"{g + ' games/s':>22}" for g in args.game)
        + "  empty task  driver CPU  empty chunk  per task (sweep)  start  warm-up"
    )
    for label, run in runs.items():
        rates = "".join(f"{run['games'][g]['games_per_second']:>22}" for g in args.game)
        print(
            f"{label:<24}{rates}  {run['empty_task_ms']:>7} ms  {run['driver_cpu_ms_per_task']:>7} ms"
            f"  {run['empty_chunk_ms']:>8} ms"
            f"  {run['per_task_ms']:>11} ms  {run['start_seconds']} s  {run['warm_up_seconds']} s"
        )
    print("sweep (Summon 7):", {label: run["sweep"] for label, run in runs.items()})
    print("driver, microseconds a game (unpickle + summarize):", driver)
    print("balance's driver, microseconds a game (a JSON line):", driver_balance)
    print("per game (CPU ms on one core; the driver's µs):", report["per_game"])


if __name__ == "__main__":
    main()
