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
from collections.abc import Callable

from versus import PLAYERS, Decide, play, win_share

from tabletop.agents import observe
from tabletop.agents.heuristics import HeuristicRollout
from tabletop.agents.parallel import ParallelISMCTS, shutdown
from tabletop.sim.simulate import bot_seed


def candidates(seed: int, rollouts: str, cap: int) -> Callable[[int, int], Decide]:
    """hard's search with the chosen roll-outs and cap, seeded as the arena seeds a seat's bot."""

    def make(index: int, seat: int) -> Decide:
        rollout = HeuristicRollout() if rollouts == "heuristic" else None
        bot = ParallelISMCTS(bot_seed(seed, index, seat), seconds=1.0, cap=cap, rollout=rollout)
        return lambda state, seat: bot.act(observe(state, seat))

    return make


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--rollouts", choices=("heuristic", "cheap"), default="heuristic")
    parser.add_argument("--cap", type=int, default=3_000, help="iterations a decision at most")
    parser.add_argument("--games", type=int, default=24, help="rounded up to whole seat rotations")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    total = -(-args.games // PLAYERS) * PLAYERS
    make = candidates(args.seed, args.rollouts, args.cap)
    try:
        played = [play(args.game, args.seed, i, make) for i in range(total)]
    finally:
        shutdown()
    mine, others = sum(p.points for p in played) / total, sum(p.others for p in played) / total
    print(
        f"{args.game}: {args.rollouts} roll-outs, cap {args.cap}, {total} games, seed {args.seed}: "
        f"win share {win_share(played)}; points {mine:.1f} against {others:.1f}"
    )


if __name__ == "__main__":
    main()
