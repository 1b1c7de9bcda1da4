"""What the compiled build buys a search bot: ISMCTS at a fixed think time per decision against
three heuristic bots, in the compiled and the pure build side by side (one process each, one core
each, at the same time, so that both see the same machine).

    .venv/bin/python bench/thinktime.py --think 0.05 --minutes 10

Each build plays Megalomania's 4-player games in whole seat rotations over the same deals (the
arena's seeding: tabletop/sim/arena.py) until its time is up, and reports the search bot's win
share with its 95% Wilson interval and its mean iterations per decision.  A search by time is not
reproducible run to run: the figures are statistics, not replays.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LINEUP = ("timed", "heuristic", "heuristic", "heuristic")


def play(think: float, seconds: float, seed: int) -> dict[str, Any]:
    """This process's build: games until ``seconds`` have passed (whole rotations of 4)."""
    import tabletop
    from tabletop.agents import make_agent, observe
    from tabletop.agents.base import Agent
    from tabletop.agents.ismcts import ISMCTS
    from tabletop.sim.arena import ArenaGame, arena_stats, seating
    from tabletop.sim.simulate import bot_seed, game_seed

    game = tabletop.make("megalomania", players=4)
    results: list[ArenaGame] = []
    iterations: list[int] = []
    stop = time.monotonic() + seconds
    index = 0
    while time.monotonic() < stop or index % 4:
        entries = seating(index, 4)
        state = game.new_state(game_seed(seed, index // 4))
        agents: list[Agent[Any]] = []
        for who, entry in enumerate(entries):
            if LINEUP[entry] == "timed":
                agents.append(ISMCTS(bot_seed(seed, index, who), iterations=1, seconds=think))
            else:
                agents.append(make_agent(LINEUP[entry], bot_seed(seed, index, who)))
        decisions = 0
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            agent = agents[seat]
            obs = observe(state, seat)
            state.advance(agent.act(obs), seat)
            if isinstance(agent, ISMCTS) and len(obs.legal) > 1:
                iterations.append(agent.last_iterations)
            decisions += 1
        results.append(
            ArenaGame(index, index // 4, entries, tuple(state.scores()), tuple(state.ranking()), decisions)
        )
        index += 1
    timed = next(s for s in arena_stats(LINEUP, results) if s.bot == "timed")
    return {
        "build": tabletop.BUILD,
        "games": len(results),
        "win_share": timed.win_share,
        "low": timed.win_low,
        "high": timed.win_high,
        "mean_points": timed.mean_points,
        "iterations_per_decision": sum(iterations) / max(1, len(iterations)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--think", type=float, default=0.05, help="seconds per search decision")
    parser.add_argument("--minutes", type=float, default=10.0, help="time each build plays")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(play(args.think, 60 * args.minutes, args.seed)))
        return
    command = [sys.executable, __file__, "--child", "--think", str(args.think)]
    command += ["--minutes", str(args.minutes), "--seed", str(args.seed)]
    children = [
        subprocess.Popen(command, cwd=ROOT, env={**os.environ, "TABLETOP_PURE": pure}, stdout=subprocess.PIPE)
        for pure in ("", "1")
    ]
    rows = [json.loads(child.communicate()[0]) for child in children]
    if args.json:
        print(json.dumps({"think_s": args.think, "runs": rows}, indent=1))
        return
    print(f"ISMCTS at {args.think} s a decision against three heuristic bots, Megalomania, 4 players:")
    for r in rows:
        print(
            f"  {r['build']:>8}: {r['games']} games, win share {r['win_share']:.3f} "
            f"({r['low']:.3f}-{r['high']:.3f}), mean points {r['mean_points']:.1f}, "
            f"{r['iterations_per_decision']:.0f} iterations a decision"
        )


if __name__ == "__main__":
    main()
