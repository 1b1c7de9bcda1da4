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
import time

from tabletop import make
from tabletop.agents import make_agent, observe
from tabletop.agents.belief import FromBelief
from tabletop.agents.levels import agent_for
from tabletop.agents.parallel import ParallelISMCTS
from tabletop.sim.arena import seating
from tabletop.sim.simulate import bot_seed, game_seed
from tabletop.sim.stats import wilson

PLAYERS = 4


def play(game_name: str, seed: int, index: int) -> tuple[float, float, int]:
    """Game ``index`` of the run: the knowing bot's share of first place, its seconds, decisions."""
    game = make(game_name, players=PLAYERS)
    state = game.new_state(game_seed(seed, index // PLAYERS))
    entries = seating(index, PLAYERS)  # entry 0 is the knowing bot
    knowing = agent_for("hard", bot_seed(seed, index, 0))
    assert isinstance(knowing, ParallelISMCTS)
    others = {seat: make_agent("normal", bot_seed(seed, index, seat)) for seat in range(PLAYERS)}
    spent, decisions = 0.0, 0
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        obs = observe(state, seat)
        if entries[seat] == 0 and len(obs.legal) > 1:
            started = time.perf_counter()
            action = knowing.search(obs, FromBelief([state.clone()]))
            spent, decisions = spent + time.perf_counter() - started, decisions + 1
        else:
            action = others[seat].act(obs)
        state.advance(action, seat)
    ranking = state.ranking()
    first = [seat for seat, place in enumerate(ranking) if place == 1]
    mine = [seat for seat in first if entries[seat] == 0]
    return len(mine) / len(first), spent, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["summon7"])
    parser.add_argument("--deals", type=int, default=6, help="deals per game, each in every seat")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    print("| game | games | the knowing bot's win share (95%), par 0.25 | s a decision |")
    print("|---|---:|---|---:|")
    for name in args.games:
        results: list[tuple[float, float, int]] = []
        for index in range(args.deals * PLAYERS):
            results.append(play(name, args.seed, index))
        wins = sum(r[0] for r in results)
        low, high = wilson(wins, len(results))
        seconds = sum(r[1] for r in results) / max(1, sum(r[2] for r in results))
        share = f"**{wins / len(results):.3f}** ({low:.3f}-{high:.3f})"
        print(f"| {name} | {len(results)} | {share} | {seconds:.2f} |")


if __name__ == "__main__":
    main()
