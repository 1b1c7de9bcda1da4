"""The compiled rules against the pure Python, and against OpenSpiel's C++ Hearts, in one run.

Uniformly random play of every game, as bench/throughput.py plays it, and ISMCTS decisions on
Megalomania (bench/search.py's positions, 300 iterations each), once with the rules compiled
(mypyc, ``make build``) and once with ``TABLETOP_PURE=1``; OpenSpiel's Hearts beside them.  The
build is chosen when ``tabletop`` is imported, so every timed run is a fresh worker process
(``--worker``) that imports, warms up for 1 s and plays whole games for ``--seconds``; the runs
are interleaved (every engine and build once, then again) so that drift in the machine's speed
hits all alike.  Time is the worker's CPU time: a machine shared with other work slows a run's
wall time, not the CPU time it used.  Shown is each one's best run by decisions per second.

    .venv/bin/python bench/builds.py [--seconds 5] [--repeats 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

GAMES = ("megalomania", "summon7", "clan", "manasurge", "megacorps")
CARD_PLAYS = {"megalomania": ("play", "play_power"), "manasurge": ("cast", "play")}
HEARTS = "hearts"
ISMCTS = "ismcts"  # Megalomania's search (bench/search.py's positions), iterations per second
BUILDS = ("compiled", "pure")


def random_game(name: str) -> Callable[[random.Random], tuple[int, int]]:
    """Plays one game of ``name`` (4 players) at random; returns (card plays, decisions)."""
    import tabletop

    game = tabletop.make(name, players=4)
    if name == "megalomania":
        from tabletop.games.megalomania.actions import Kind

        cards: tuple[Any, ...] = (Kind.PLAY, Kind.PLAY_POWER)
    else:
        cards = CARD_PLAYS.get(name, ())

    def play(rng: random.Random) -> tuple[int, int]:
        state = game.new_state(rng.getrandbits(32))
        plays = decisions = 0
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            if cards and action.kind in cards:
                plays += 1
            decisions += 1
            state.advance(action)  # as pyspiel.apply_action: no events made
        return plays, decisions

    return play


def hearts_game() -> Callable[[random.Random], tuple[int, int]]:
    sys.path.insert(0, os.path.dirname(__file__))
    from throughput import hearts  # the same Hearts driver as bench/throughput.py

    return hearts(4, 0).play


def search_decisions() -> Callable[[random.Random], tuple[int, int]]:
    """One ISMCTS decision (300 iterations, the normal level's budget) at the next of bench/search.py's
    positions; returns (0, iterations)."""
    sys.path.insert(0, os.path.dirname(__file__))
    from search import positions

    from tabletop.agents import observe
    from tabletop.agents.ismcts import ISMCTS as Search

    states = positions(12, 4, 1)
    turn = [0]

    def decide(rng: random.Random) -> tuple[int, int]:
        state = states[turn[0] % len(states)]
        turn[0] += 1
        seat = state.current_seat
        assert seat is not None
        Search(seed=rng.getrandbits(32), iterations=300).act(observe(state, seat))
        return 0, 300

    return decide


def worker(engine: str, seconds: float, warmup: float, seed: int) -> dict[str, Any]:
    import tabletop

    if engine == HEARTS:
        play = hearts_game()
    elif engine == ISMCTS:
        play = search_decisions()
    else:
        play = random_game(engine)
    rng = random.Random(seed)
    deadline = time.process_time() + warmup
    while time.process_time() < deadline:
        play(rng)
    plays = decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        p, d = play(rng)
        plays, decisions, games = plays + p, decisions + d, games + 1
    spent = time.process_time() - start
    return {
        "build": tabletop.BUILD,
        "card_plays": plays / spent,
        "decisions": decisions / spent,
        "games": games / spent,
    }


def run_worker(engine: str, build: str, args: argparse.Namespace) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "TABLETOP_PURE"}
    if build == "pure":
        env["TABLETOP_PURE"] = "1"
    command = [sys.executable, __file__, "--worker", engine, "--seconds", str(args.seconds)]
    command += ["--warmup", str(args.warmup), "--seed", str(args.seed)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found: dict[str, Any] = json.loads(out.stdout)
    if engine != HEARTS and found["build"] != build:
        raise SystemExit(f"asked for the {build} build, got {found['build']}: run `make build` first")
    return found


def measure(args: argparse.Namespace) -> dict[str, list[dict[str, Any]]]:
    plan = [(HEARTS, "C++")] + [(game, build) for game in (*GAMES, ISMCTS) for build in BUILDS]
    runs: dict[str, list[dict[str, Any]]] = {f"{e} {b}": [] for e, b in plan}
    for repeat in range(args.repeats):
        for engine, build in plan:
            print(f"run {repeat + 1}/{args.repeats}: {engine} ({build})", file=sys.stderr, flush=True)
            runs[f"{engine} {build}"].append(run_worker(engine, build, args))
    return runs


def best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return max(runs, key=lambda r: r["decisions"])


def report(runs: dict[str, list[dict[str, Any]]], args: argparse.Namespace) -> dict[str, Any]:
    hearts = best(runs[f"{HEARTS} C++"])
    rows: dict[str, Any] = {}
    for game in GAMES:
        compiled, pure = best(runs[f"{game} compiled"]), best(runs[f"{game} pure"])
        row = {
            "compiled_decisions_per_s": compiled["decisions"],
            "pure_decisions_per_s": pure["decisions"],
            "compiled_over_pure": compiled["decisions"] / pure["decisions"],
            "all_runs_compiled": [r["decisions"] for r in runs[f"{game} compiled"]],
            "all_runs_pure": [r["decisions"] for r in runs[f"{game} pure"]],
        }
        if game in CARD_PLAYS:
            c = max(runs[f"{game} compiled"], key=lambda r: r["card_plays"])
            p = max(runs[f"{game} pure"], key=lambda r: r["card_plays"])
            row |= {
                "compiled_card_plays_per_s": c["card_plays"],
                "pure_card_plays_per_s": p["card_plays"],
                "compiled_over_hearts_card_plays": c["card_plays"] / hearts["card_plays"],
                "pure_over_hearts_card_plays": p["card_plays"] / hearts["card_plays"],
            }
        rows[game] = row
    search_compiled, search_pure = best(runs[f"{ISMCTS} compiled"]), best(runs[f"{ISMCTS} pure"])
    return {
        "ismcts_iterations_per_s": {
            "compiled": search_compiled["decisions"],
            "pure": search_pure["decisions"],
            "compiled_over_pure": search_compiled["decisions"] / search_pure["decisions"],
            "all_runs_compiled": [r["decisions"] for r in runs[f"{ISMCTS} compiled"]],
            "all_runs_pure": [r["decisions"] for r in runs[f"{ISMCTS} pure"]],
        },
        "load_average_at_start": os.getloadavg()[0],
        "settings": {"seconds": args.seconds, "repeats": args.repeats, "warmup": args.warmup, "clock": "cpu"},
        "hearts_card_plays_per_s": hearts["card_plays"],
        "hearts_decisions_per_s": hearts["decisions"],
        "games": rows,
    }


def print_report(found: dict[str, Any]) -> None:
    search = found["ismcts_iterations_per_s"]
    print(
        f"ISMCTS on Megalomania: {search['compiled']:,.0f} iterations/s compiled, {search['pure']:,.0f} pure "
        f"({search['compiled_over_pure']:.2f}x)"
    )
    print(f"OpenSpiel Hearts: {found['hearts_card_plays_per_s']:,.0f} card plays/s (best run, CPU time)")
    print(f"{'game':<12} {'compiled dec/s':>15} {'pure dec/s':>12} {'ratio':>6}  card plays/s ÷ Hearts")
    for game, row in found["games"].items():
        hearts = ""
        if "compiled_over_hearts_card_plays" in row:
            compiled, pure = row["compiled_card_plays_per_s"], row["pure_card_plays_per_s"]
            hearts = (
                f"compiled {compiled:,.0f} ({row['compiled_over_hearts_card_plays']:.2f}), "
                f"pure {pure:,.0f} ({row['pure_over_hearts_card_plays']:.2f})"
            )
        print(
            f"{game:<12} {row['compiled_decisions_per_s']:>15,.0f} {row['pure_decisions_per_s']:>12,.0f} "
            f"{row['compiled_over_pure']:>6.2f}  {hearts}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.seconds, args.warmup, args.seed)))
        return
    found = report(measure(args), args)
    if args.json:
        print(json.dumps(found, indent=1))
    else:
        print_report(found)


if __name__ == "__main__":
    main()
