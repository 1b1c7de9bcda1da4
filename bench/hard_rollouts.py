"""The hard level's search with either roll-out, against three ``normal`` bots on the arena's deals.

    .venv/bin/python bench/hard_rollouts.py megalomania --rollouts heuristic --games 12 --seed 21
    .venv/bin/python bench/hard_rollouts.py summon7 --rollouts cheap --cap 12000 --games 24 --seed 21

The candidate is ``hard``'s search (1 s a decision on every core, at most ``--cap`` iterations)
finishing its iterations by the game's heuristic (heuristics.HeuristicRollout) or by the game's
own cheap roll-out, in every seat in turn; the others are ``normal``.  Deals, seatings and every
bot's seed are the arena's (``tabletop arena GAME --bots hard,normal,normal,normal --seed S``), so
the shipped level's row and this script's agree where their configurations do (docs/benchmarks.md,
"The hard level").  Games are played one at a time: the search takes every core.
"""

from __future__ import annotations

import argparse
from typing import Any

from tabletop import make
from tabletop.agents import Agent, make_agent, observe
from tabletop.agents.heuristics import HeuristicRollout
from tabletop.agents.parallel import ParallelISMCTS, shutdown
from tabletop.sim.arena import seating
from tabletop.sim.simulate import bot_seed, game_seed
from tabletop.sim.stats import wilson

PLAYERS = 4


def candidate(seed: int, rollouts: str, cap: int) -> Agent[Any]:
    rollout = HeuristicRollout() if rollouts == "heuristic" else None
    return ParallelISMCTS(seed, seconds=1.0, cap=cap, rollout=rollout)


def play(game_name: str, seed: int, index: int, rollouts: str, cap: int) -> tuple[float, float, float]:
    """Game ``index``: the candidate's share of first place, its points and the others' mean."""
    state = make(game_name, players=PLAYERS).new_state(game_seed(seed, index // PLAYERS))
    entries = seating(index, PLAYERS)  # entry 0 is the candidate
    agents = [
        candidate(bot_seed(seed, index, s), rollouts, cap)
        if entries[s] == 0
        else make_agent("normal", bot_seed(seed, index, s))
        for s in range(PLAYERS)
    ]
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        state.advance(agents[seat].act(observe(state, seat)), seat)
    ranking, scores = state.ranking(), state.scores()
    mine = entries.index(0)
    first = [s for s in range(PLAYERS) if ranking[s] == 1]
    others = [scores[s] for s in range(PLAYERS) if s != mine]
    return (1.0 if mine in first else 0.0) / len(first), float(scores[mine]), sum(others) / len(others)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--rollouts", choices=("heuristic", "cheap"), default="heuristic")
    parser.add_argument("--cap", type=int, default=3_000, help="iterations a decision at most")
    parser.add_argument("--games", type=int, default=24, help="rounded up to whole seat rotations")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    total = -(-args.games // PLAYERS) * PLAYERS
    try:
        results = [play(args.game, args.seed, i, args.rollouts, args.cap) for i in range(total)]
    finally:
        shutdown()
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, total)
    mine, others = sum(r[1] for r in results) / total, sum(r[2] for r in results) / total
    print(
        f"{args.game}: {args.rollouts} roll-outs, cap {args.cap}, {total} games, seed {args.seed}: "
        f"win share {wins / total:.3f} ({low:.3f}-{high:.3f}); points {mine:.1f} against {others:.1f}"
    )


if __name__ == "__main__":
    main()
