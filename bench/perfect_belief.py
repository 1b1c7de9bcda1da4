"""How far inference could take the hard level: a bot that knows every hidden card, against three
``normal`` bots, on the arena's duplicate deals.

    .venv/bin/python bench/perfect_belief.py --games summon7 manasurge --deals 6 --seed 21

The bot in seat rotation is ``hard``'s search (levels.py: its budget, cores and roll-outs) over
the true position only, its future chance drawn afresh in every world (FromBelief
with one particle: the deck's order, the dice and the draws are not known, the hands are).  That
is what a perfect belief about the others' hands would give the search; no bot deciding from its
view can infer more.  If this bot does not reach a win share, inference alone cannot make ``hard``
reach it (docs/benchmarks.md, "The hard level").  Cheating is the point here: this is a bound, not
a bot, and lives in bench/ only.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from versus import PLAYERS, Decide, play, win_share

from tabletop.agents import observe
from tabletop.agents.belief import FromBelief
from tabletop.agents.levels import agent_for
from tabletop.agents.parallel import ParallelISMCTS
from tabletop.sim.simulate import bot_seed


def knowing(seed: int) -> Callable[[int, int], Decide]:
    """hard's search over the true position, seeded as the arena seeds seat 0's bot."""

    def make(index: int, _seat: int) -> Decide:
        bot = agent_for("hard", bot_seed(seed, index, 0))
        assert isinstance(bot, ParallelISMCTS)
        return lambda state, seat: bot.search(observe(state, seat), FromBelief([state.clone()]))

    return make


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["summon7"])
    parser.add_argument("--deals", type=int, default=6, help="deals per game, each in every seat")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    print("| game | games | the knowing bot's win share (95%), par 0.25 | s a decision |")
    print("|---|---:|---|---:|")
    for name in args.games:
        played = [play(name, args.seed, i, knowing(args.seed)) for i in range(args.deals * PLAYERS)]
        seconds = sum(p.seconds for p in played) / max(1, sum(p.decisions for p in played))
        print(f"| {name} | {len(played)} | {win_share(played, bold=True)} | {seconds:.2f} |")


if __name__ == "__main__":
    main()
