"""The search on every core: iterations a second of root-parallel ISMCTS on 1 and on N worker
processes, on the same positions, and the ratio; then the hard level's wall time a decision.

    .venv/bin/python bench/parallel_search.py --games megalomania summon7 clan manasurge megacorps \
        --positions 8 --seconds 0.5 --workers 2

Positions: every third real choice of seat 0 along a game the heuristic plays in every seat (4
seats; Summon 7 too).  Each position is searched for ``--seconds`` with no cap on 1 worker (in the
bot's own process) and on ``--workers`` processes (kept between decisions, as the hard level's are);
the pool is warmed on one position first.  Then ``hard`` (levels.py) decides each position and its
wall seconds are timed (docs/benchmarks.md, "The hard level").
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from tabletop import make
from tabletop.agents import Observation, observe
from tabletop.agents.heuristics import heuristic_for
from tabletop.agents.levels import agent_for
from tabletop.agents.parallel import ParallelISMCTS, cores, shutdown

GAMES = ("megalomania", "summon7", "clan", "manasurge", "megacorps")


def positions(game_name: str, count: int, players: int = 4) -> list[Observation[Any]]:
    state = make(game_name, players=players).new_state(1)
    bots = [heuristic_for(game_name, seat) for seat in range(players)]
    found: list[Observation[Any]] = []
    choices = 0
    while not state.is_terminal() and len(found) < count:
        seat = state.to_act()[0]
        obs = observe(state, seat)
        if seat == 0 and len(obs.legal) > 1:
            if choices % 3 == 0:
                found.append(observe(state.clone(), seat))  # (obs samples from the state as it goes on)
            choices += 1
        state.apply(bots[seat].act(obs), seat)
    return found


def rate(observations: list[Observation[Any]], seconds: float, workers: int) -> float:
    """Iterations a wall second over the positions."""
    done, spent = 0, 0.0
    for k, obs in enumerate(observations):
        bot = ParallelISMCTS(k, seconds=seconds, workers=workers)
        started = time.perf_counter()
        bot.act(obs)
        spent += time.perf_counter() - started
        done += bot.last_iterations
    return done / spent


def hard_times(observations: list[Observation[Any]]) -> list[float]:
    walls = []
    for k, obs in enumerate(observations):
        bot = agent_for("hard", k)
        started = time.perf_counter()
        bot.act(obs)
        walls.append(time.perf_counter() - started)
    return walls


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--workers", type=int, default=cores())
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game_name in args.games:
        found = positions(game_name, args.positions)
        rate(found[:1], 0.05, args.workers)  # start the pool
        one, many = rate(found, args.seconds, 1), rate(found, args.seconds, args.workers)
        walls = hard_times(found)
        rows.append(
            {
                "game": game_name,
                "positions": len(found),
                "one_worker": round(one),
                "workers": args.workers,
                "many_workers": round(many),
                "ratio": round(many / one, 2),
                "hard_wall_median": round(statistics.median(walls), 3),
                "hard_wall_max": round(max(walls), 3),
            }
        )
    shutdown()
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    workers = f"it/s, {args.workers} workers"
    print(f"| game | positions | it/s, 1 worker | {workers} | ratio | hard: wall s median / max |")
    print("|---|---:|---:|---:|---:|---|")
    for r in rows:
        print(
            f"| {r['game']} | {r['positions']} | {r['one_worker']:,} | {r['many_workers']:,} | {r['ratio']} "
            f"| {r['hard_wall_median']} / {r['hard_wall_max']} |"
        )


if __name__ == "__main__":
    main()
