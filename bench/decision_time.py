"""How long a level takes to decide: every real choice (more than one legal action) of seat 0
along games the heuristic plays in every seat, timed in wall and CPU seconds.

    .venv/bin/python bench/decision_time.py megacorps --level normal --players 3 4 6 --games 2

The level searches each of seat 0's positions; the game goes on with the heuristic's choice, so
every level is timed on the same positions.  Prints, per table size, the decisions timed and the
median and longest wall and CPU seconds (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from tabletop import make
from tabletop.agents import observe
from tabletop.agents.heuristics import heuristic_for
from tabletop.agents.levels import agent_for


def timed(game_name: str, level: str, players: int, games: int) -> dict[str, float | int]:
    walls: list[float] = []
    cpus: list[float] = []
    for seed in range(games):
        state = make(game_name, players=players).new_state(seed)
        bots = [heuristic_for(game_name, seat) for seat in range(players)]
        searcher = agent_for(level, seed)
        while not state.is_terminal():
            seat = state.to_act()[0]
            obs = observe(state, seat)
            if seat == 0 and len(obs.legal) > 1:
                wall, cpu = time.perf_counter(), time.process_time()
                searcher.act(obs)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            state.apply(bots[seat].act(obs), seat)
    return {
        "players": players,
        "decisions": len(walls),
        "wall_median": statistics.median(walls),
        "wall_max": max(walls),
        "cpu_median": statistics.median(cpus),
        "cpu_max": max(cpus),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [timed(args.game, args.level, players, args.games) for players in args.players]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("players decisions  wall median/max (s)  cpu median/max (s)")
    for row in rows:
        print(
            f"{row['players']:>7} {row['decisions']:>9}  {row['wall_median']:.3f} / {row['wall_max']:.3f}"
            f"        {row['cpu_median']:.3f} / {row['cpu_max']:.3f}"
        )


if __name__ == "__main__":
    main()
