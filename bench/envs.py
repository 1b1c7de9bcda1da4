"""Environment steps per second: the project's PettingZoo environments beside PettingZoo's own card games.

Every environment is driven the same way, by the loop of PettingZoo's own performance benchmark
(``pettingzoo.test.performance_benchmark``): ``last()`` (which makes the observation and its action
mask), a uniformly random legal action from the mask (a seeded ``random.Random``), ``step()``, and
``reset()`` as soon as every agent is done.  A step is one ``step()`` call, that is one decision.
The peers are PettingZoo's classic card games that install here: Leduc Hold'em, Texas Hold'em
and Texas Hold'em No Limit (RLCard inside) and Hanabi (OpenSpiel's C++ game through Shimmy),
made by their ``env()`` with their usual wrappers; the project's environments are made by
``tabletop.envs.pettingzoo_env``.  All are warmed up, then their timed runs are interleaved
(each game, each peer, again...) so that drift in the machine's speed hits them alike; time is the
process's CPU time by default (``--clock wall`` for elapsed time), and the figure reported is each
environment's best run (other work can only slow a run down).  Target: every
game at least as many steps per second as the fastest peer.  ``--breakdown`` then times each game's
own random play alone, with ``view(seat)`` at each step, and with the encoding too, to split a
step's time between the rules, the view, the encoding and the rest of the environment.

    .venv/bin/python bench/envs.py [--players 4] [--seconds 5] [--repeats 3] [--warmup 1]
        [--clock cpu|wall] [--breakdown] [--json]

The peers need pygame-ce (PettingZoo's card games import it) and rlcard, shimmy and open-spiel:
``pip install -e '.[rl,bench]' pygame-ce==2.5.8 shimmy==2.0.1``; each one missing is reported as
not installed.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

import driver
import numpy as np
from rich.console import Console
from rich.table import Table

import tabletop
from tabletop.core.registry import names

NOT_INSTALLED = "not installed (pip install -e '.[rl,bench]' pygame-ce==2.5.8 shimmy==2.0.1)"
PEERS = {
    "PettingZoo Leduc Hold'em": "leduc_holdem_v4",
    "PettingZoo Texas Hold'em": "texas_holdem_v4",
    "PettingZoo Texas Hold'em No Limit": "texas_holdem_no_limit_v6",
    "PettingZoo Hanabi": "hanabi_v5",
}
TITLES = {
    "megalomania": "Megalomania",
    "summon7": "Summon 7",
    "clan": "Summon 7 clan game",
    "manasurge": "ManaSurge",
    "megacorps": "MegaCorps",
}
# cpu: the process's CPU time, so that other work on a busy machine (which only takes turns with
# the benchmark) does not count; wall: elapsed time, as bench/throughput.py
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


@dataclass(frozen=True)
class Rates:
    steps: float
    games: float


Result = driver.Result[Rates]


def make_ours(game: str, players: int) -> Any:
    from tabletop.envs import pettingzoo_env

    return pettingzoo_env(game, players=players)


def make_peer(module: str) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return importlib.import_module(f"pettingzoo.classic.{module}").env()


def run_for(env: Any, seconds: float, rng: random.Random, clock: Callable[[], float]) -> Rates:
    """PettingZoo's performance-benchmark loop for at least ``seconds`` on ``clock``."""
    steps = games = 0
    start = clock()
    deadline = start + seconds
    env.reset(seed=rng.getrandbits(31))
    while clock() < deadline:
        for _agent in env.agent_iter(env.num_agents):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.randrange(len(legal))])
            env.step(action)
            steps += 1
            if all(env.terminations.values()) or all(env.truncations.values()):
                env.reset()
                games += 1
    elapsed = clock() - start
    return Rates(steps / elapsed, games / elapsed)


def measure(args: argparse.Namespace) -> list[Result]:
    results: list[Result] = []
    running: dict[str, Any] = {}
    makers: list[tuple[str, bool, Callable[[], Any]]] = [
        (TITLES.get(game, game), True, lambda game=game: make_ours(game, args.players)) for game in args.games
    ]
    makers += [(peer, False, lambda module=module: make_peer(module)) for peer, module in PEERS.items()]
    for name, ours, make in makers:
        try:
            env = make()
        except ImportError as err:
            results.append(Result(name, ours, error=f"{NOT_INSTALLED}: {err}"))
            continue
        env.reset(seed=0)
        version = tabletop.__version__ if ours else metadata.version("pettingzoo")
        results.append(Result(name, ours, version, env.num_agents))
        running[name] = env
    rng = random.Random(args.seed)
    clock = CLOCKS[args.clock]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, env in running.items():
            driver.log(f"warming up {name}")
            run_for(env, args.warmup, rng, clock)
        for repeat in range(args.repeats):
            for result in results:
                if result.engine in running:
                    driver.log(f"run {repeat + 1}/{args.repeats}: {result.engine}")
                    result.runs.append(run_for(running[result.engine], args.seconds, rng, clock))
    return results


def engine_rates(
    game: str, players: int, seconds: float, seed: int, clock: Callable[[], float]
) -> list[float]:
    """Steps/s of random play of ``game`` itself: the rules alone (legal actions and apply), then
    with ``view(seat)`` at each step, then with the observation and mask made from it too."""
    from tabletop.envs import encoding_for

    made = tabletop.make(game, players=players)
    encoding = encoding_for(made)
    found = []
    for level in range(3):
        rng = random.Random(seed)
        steps = 0
        start = clock()
        while clock() - start < seconds:
            state = made.new_state(rng.getrandbits(32))
            while not state.is_terminal():
                seat = state.current_seat
                assert seat is not None
                if level:
                    view = state.view(seat)
                    if level == 2:
                        encoding.observation(view)
                        encoding.mask(view["legal"])
                state.advance(rng.choice(state.legal_actions_for(seat)), seat)
                steps += 1
        found.append(steps / (clock() - start))
    return found


def breakdown(args: argparse.Namespace, results: list[Result]) -> dict[str, dict[str, float]]:
    """Per game, microseconds of CPU or wall time per step: the rules, the view, the encoding, and
    the rest of the environment (its best run less the three)."""
    found: dict[str, dict[str, float]] = {}
    for game in args.games:
        result = next((r for r in results if r.engine == TITLES.get(game, game)), None)
        if result is None or result.best is None:
            continue
        driver.log(f"breaking down {game}")
        rules, viewed, encoded = engine_rates(game, args.players, args.seconds, args.seed, CLOCKS[args.clock])
        whole = 1e6 / result.best.steps
        found[TITLES.get(game, game)] = {
            "rules": 1e6 / rules,
            "view": 1e6 / viewed - 1e6 / rules,
            "encoding": 1e6 / encoded - 1e6 / viewed,
            "environment": whole - 1e6 / encoded,
            "step": whole,
        }
    return found


def fastest_peer(results: list[Result]) -> Result | None:
    peers = [r for r in results if not r.ours and r.best is not None]
    return max(peers, key=lambda r: r.best.steps if r.best else 0.0, default=None)


def verdicts(results: list[Result]) -> dict[str, tuple[float | None, bool | None]]:
    """Per game: its steps/s over the fastest peer's, and whether that is at least 1."""
    top = fastest_peer(results)
    found: dict[str, tuple[float | None, bool | None]] = {}
    for r in results:
        if r.ours:
            if top is None or top.best is None or r.best is None:
                found[r.engine] = (None, None)
            else:
                share = r.best.steps / top.best.steps
                found[r.engine] = (share, share >= 1.0)
    return found


CELLS: dict[str, driver.Cell] = {
    "players": lambda r, b: str(r.players),
    "steps/s": lambda r, b: f"{b.steps:,.0f}",
    "games/s": lambda r, b: f"{b.games:,.1f}",
    "steps/game": lambda r, b: f"{b.steps / max(b.games, 1e-9):,.1f}",
}


def print_table(args: argparse.Namespace, results: list[Result]) -> None:
    console = Console()
    console.print(f"{driver.machine()}; load average {driver.LOAD_AT_START:.2f} at start", markup=False)
    console.print(
        f"per environment: {args.warmup:g} s warm-up, then {args.repeats} interleaved runs of "
        f"{args.seconds:g} s of {args.clock} time; shown: the best run",
        markup=False,
    )
    title = "PettingZoo AEC environments, uniformly random legal actions"
    driver.print_results(console, title, "environment", results, CELLS)
    top = fastest_peer(results)
    if top is None:
        console.print("Target: cannot tell, no peer was measured")
        return
    console.print(f"Fastest peer: {top.engine} ({1e6 / top.best.steps:.1f} µs a step)" if top.best else "")
    for game, (share, met) in verdicts(results).items():
        state = "cannot tell" if share is None else f"{'MET' if met else 'NOT MET'} ({share:.2f}x)"
        console.print(f"Target, {game} at least as many steps/s as the fastest peer: {state}")
    if args.breakdown:
        parts = Table(title=f"µs of {args.clock} time per step")
        for column in ("game", "rules", "view(seat)", "encoding", "environment", "step"):
            parts.add_column(column, justify="left" if column == "game" else "right")
        for game, cost in breakdown(args, results).items():
            parts.add_row(
                game, *(f"{cost[k]:.1f}" for k in ("rules", "view", "encoding", "environment", "step"))
            )
        console.print(parts)


def as_json(args: argparse.Namespace, results: list[Result]) -> dict[str, Any]:
    top = fastest_peer(results)
    return {
        **driver.report(args, "best run by steps/s", results, "environments", "environment"),
        "fastest_peer": top.engine if top else None,
        "microseconds_per_step": breakdown(args, results) if args.breakdown else None,
        "over_fastest_peer": {g: {"share": s, "met": m} for g, (s, m) in verdicts(results).items()},
    }


def main() -> None:
    p = driver.parser(__doc__, seconds=5.0, each="environment")
    p.add_argument("--players", type=int, default=4, help="players in every project game (4: all take it)")
    p.add_argument("--games", nargs="+", default=names(), choices=names(), help="the project games")
    p.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="CPU time or wall time")
    p.add_argument(
        "--breakdown", action="store_true", help="then time each game's rules, view and encoding alone"
    )
    driver.main(p, measure, as_json, print_table)


if __name__ == "__main__":
    main()
