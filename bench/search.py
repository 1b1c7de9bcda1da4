"""Search speed: ISMCTS iterations per second, and seconds per decision at each difficulty.

    .venv/bin/python bench/search.py [--positions 20] [--iterations 300]

Positions are card plays with a real choice, taken from seeded random games over all rounds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import tabletop
from tabletop.agents import observe
from tabletop.agents.ismcts import ISMCTS
from tabletop.agents.levels import SEARCH, agent_for
from tabletop.games.megalomania.state import PLAY, MegalomaniaState


def positions(count: int, players: int, seed: int) -> list[MegalomaniaState]:
    game = tabletop.make("megalomania", players=players)
    rng = random.Random(seed)
    found: list[MegalomaniaState] = []
    while len(found) < count:
        state = game.new_state(rng.getrandbits(32))
        stop_at = rng.randrange(12 * 30)
        plays = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.phase == PLAY and len(legal) > 1:
                plays += 1
                if plays >= stop_at:
                    found.append(state.clone())
                    break
            state.apply(rng.choice(legal))
    return found


def measure(states: list[MegalomaniaState], level: str) -> tuple[list[float], int]:
    """Seconds per decision for each position, and the iterations made in all."""
    times, iterations = [], 0
    for k, state in enumerate(states):
        seat = state.current_seat
        assert seat is not None
        bot = agent_for(level, seed=k)
        assert isinstance(bot, ISMCTS)
        started = time.perf_counter()
        bot.act(observe(state, seat))
        times.append(time.perf_counter() - started)
        iterations += bot.last_iterations
    return times, iterations


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    states = positions(args.positions, args.players, args.seed)
    report: dict[str, object] = {"players": args.players, "positions": len(states)}
    for level in SEARCH:
        times, iterations = measure(states, level)
        report[level] = {
            "iterations": round(iterations / len(times)),
            "iterations_per_second": round(iterations / sum(times)),
            "seconds_per_decision_median": round(statistics.median(times), 3),
            "seconds_per_decision_max": round(max(times), 3),
        }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"ISMCTS on Megalomania, {args.players} players, {len(states)} card-play positions")
        for level in SEARCH:
            r = report[level]
            assert isinstance(r, dict)
            print(
                f"  {level:6} {r['iterations']:5} iterations: {r['iterations_per_second']:6} it/s, "
                f"median {r['seconds_per_decision_median']:.3f} s, max {r['seconds_per_decision_max']:.3f} s"
            )


if __name__ == "__main__":
    main()
