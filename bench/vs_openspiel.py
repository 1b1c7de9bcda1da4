"""Our search against OpenSpiel's ISMCTS bot at the same time a decision, on duplicate deals.

    .venv/bin/python bench/vs_openspiel.py --games megalomania summon7 clan manasurge megacorps \
        --deals 6 --seconds 0.1 --workers 2

Four seats: our ISMCTS (tabletop/agents/ismcts.py, one core, ``--seconds`` a decision, no cap) in
two of them, OpenSpiel's ``ISMCTSBot`` (random roll-outs, UCT c = 2, the most visited action, on
the OpenSpiel form of the game, tabletop/envs/spiel.py) in the other two.  Each deal is played
twice, ours in seats 0 and 2, then in 1 and 3, so luck of the deal and of the seat falls on both
sides alike.  OpenSpiel's bot counts simulations, not seconds: before each of its decisions it is
given as many as keep its mean time a decision at ``--seconds``, at the rate it has shown so far
in that game (the first decision probes with 8), and the table shows the seconds each side took,
so the times can be seen to match.  Win share: first places of our two seats (a tie shared),
against par 0.5, with a Wilson 95% interval over games (docs/benchmarks.md, "The hard level").
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tabletop.agents import observe
from tabletop.agents.ismcts import ISMCTS
from tabletop.core.rng import derive
from tabletop.envs.spiel import SpielState, register
from tabletop.sim.stats import wilson

GAMES = ("megalomania", "summon7", "clan", "manasurge", "megacorps")
PLAYERS = 4
SEEDS = 2**31 - 1  # the OpenSpiel game's chance node draws the deal's seed from 0..SEEDS-1
PROBE = 8  # OpenSpiel's simulations on its first decision, before it has a rate
HEADER = (
    "| game | games | our win share (95%), par 0.5 "
    "| s a decision: ours / theirs | iterations: ours / theirs |"
)


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's bot, given before each decision the simulations that keep its mean time a
    decision at ``seconds``, at its own rate so far (its search counts simulations only)."""

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        super().__init__(game, evaluator, 2.0, PROBE, random_state=rng, use_observation_string=True)
        self.seconds = seconds
        self.simulations = self.searches = 0  # over searches that had a choice
        self.spent = 0.0

    def run_search(self, state: Any) -> Any:
        if self.spent > 0:  # the time that keeps its mean at ``seconds``, within reason
            owed = self.seconds * (self.searches + 1) - self.spent
            wanted = min(max(owed, self.seconds / 4), 4 * self.seconds)
            self._max_simulations = max(2, round(wanted * self.simulations / self.spent))  # 1 visits no child
        started = time.perf_counter()
        found = super().run_search(state)
        if len(state.legal_actions()) > 1:  # (else it returns at once)
            self.spent += time.perf_counter() - started
            self.simulations += self._max_simulations
            self.searches += 1
        return found


@dataclass(frozen=True)
class Played:
    game: str
    deal: int
    ours: tuple[int, ...]  # our seats
    ranking: tuple[int, ...]
    our_decisions: int
    our_seconds: float
    our_iterations: int
    their_decisions: int
    their_seconds: float
    their_simulations: int

    @property
    def our_wins(self) -> float:
        """Our share of the first place (a tie shared among the tied seats)."""
        first = [seat for seat, place in enumerate(self.ranking) if place == 1]
        return sum(1 for seat in first if seat in self.ours) / len(first)


def play(game_name: str, deal: int, ours: tuple[int, ...], seconds: float, seed: int) -> Played:
    register()
    game = pyspiel.load_game(f"python_tabletop_{game_name}(players={PLAYERS},seeds={SEEDS})")
    state: SpielState = game.new_initial_state()
    state.apply_action(derive(seed, deal) % SEEDS)
    encoding = state.shared.encoding
    bots: dict[int, Any] = {}
    for seat in range(PLAYERS):
        bot_seed = derive(seed, 1000 * deal + 10 * seat + ours[0]) & 0xFFFF_FFFF
        made = ISMCTS(bot_seed, seconds=seconds) if seat in ours else TimedISMCTSBot(game, seconds, bot_seed)
        bots[seat] = made
    counts = {"our": [0, 0.0, 0], "their": [0, 0.0]}
    while not state.is_terminal():
        seat = state.current_player()
        bot = bots[seat]
        started = time.perf_counter()
        if seat in ours:
            obs = observe(state.held.state, seat)
            action = bot.act(obs)
            index = encoding.index_of(str(action))
            if len(obs.legal) > 1:
                counts["our"][0] += 1
                counts["our"][1] += time.perf_counter() - started
                counts["our"][2] += bot.last_iterations
        else:
            choices = len(state.legal_actions())
            index = int(bot.step(state))
            if choices > 1:
                counts["their"][0] += 1
                counts["their"][1] += time.perf_counter() - started
        state.apply_action(index)
    theirs = [b for seat, b in bots.items() if seat not in ours]
    return Played(
        game_name,
        deal,
        ours,
        tuple(state.held.state.ranking()),
        int(counts["our"][0]),
        float(counts["our"][1]),
        int(counts["our"][2]),
        int(counts["their"][0]),
        float(counts["their"][1]),
        sum(b.simulations for b in theirs),
    )


def summary(game_name: str, games: list[Played]) -> dict[str, Any]:
    wins = sum(g.our_wins for g in games)
    low, high = wilson(wins, len(games))
    ours = sum(g.our_decisions for g in games) or 1
    theirs = sum(g.their_decisions for g in games) or 1
    return {
        "game": game_name,
        "games": len(games),
        "our_win_share": wins / len(games),
        "interval": [low, high],
        "our_seconds_a_decision": sum(g.our_seconds for g in games) / ours,
        "their_seconds_a_decision": sum(g.their_seconds for g in games) / theirs,
        "our_iterations_a_decision": sum(g.our_iterations for g in games) / ours,
        "their_simulations_a_decision": sum(g.their_simulations for g in games) / theirs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--deals", type=int, default=6, help="deals per game, each played twice")
    parser.add_argument("--seconds", type=float, default=0.1, help="each side's time a decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="games played side by side")
    parser.add_argument("--json", action="store_true", help="every game's result as JSON")
    args = parser.parse_args()
    seatings = [(0, 2), (1, 3)]
    if not args.json:
        print(f"ours (ISMCTS) in 2 of {PLAYERS} seats, OpenSpiel's ISMCTSBot in 2, {args.seconds} s each")
        print(HEADER)
        print("|---|---:|---|---|---|", flush=True)
    rows, played = [], []
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.games:  # a game's row as soon as its games are played
            tasks = [(deal, ours) for deal in range(args.deals) for ours in seatings]
            futures = [pool.submit(play, name, deal, ours, args.seconds, args.seed) for deal, ours in tasks]
            games = [f.result() for f in futures]
            played += games
            rows.append(summary(name, games))
            if not args.json:
                print(row(rows[-1]), flush=True)
    if args.json:
        print(json.dumps({"rows": rows, "games": [asdict(p) for p in played]}, indent=1))


def row(r: dict[str, Any]) -> str:
    low, high = r["interval"]
    return (
        f"| {r['game']} | {r['games']} | **{r['our_win_share']:.3f}** ({low:.3f}-{high:.3f}) | "
        f"{r['our_seconds_a_decision']:.3f} / {r['their_seconds_a_decision']:.3f} | "
        f"{r['our_iterations_a_decision']:,.0f} / {r['their_simulations_a_decision']:,.1f} |"
    )


if __name__ == "__main__":
    main()
