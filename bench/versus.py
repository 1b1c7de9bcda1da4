"""One candidate bot against three ``normal`` bots on the arena's duplicate deals: what
bench/hard_rollouts.py and bench/perfect_belief.py share.

Deals, seatings and the ``normal`` bots' seeds are the arena's (``tabletop arena GAME --bots
X,normal,normal,normal --seed S``).  The candidate decides from the live state, so that a bound
(perfect_belief.py) may look at what a bot may not; a real bot reads only ``observe(state, seat)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop import make
from tabletop.agents import make_agent, observe
from tabletop.core.protocol import State
from tabletop.sim.arena import seating
from tabletop.sim.simulate import bot_seed, game_seed
from tabletop.sim.stats import wilson

PLAYERS = 4
Decide = Callable[[State[Any], int], Any]  # the candidate's action for a seat in a position


@dataclass(frozen=True)
class Played:
    """One game, from the candidate's side."""

    share: float  # of first place (a shared first split)
    points: float
    others: float  # the other seats' mean points
    seconds: float  # thinking, over its decisions with a choice
    decisions: int


def play(game_name: str, seed: int, index: int, candidate: Callable[[int, int], Decide]) -> Played:
    """Game ``index`` of the arena's run with ``seed``: ``candidate(index, seat)`` makes the
    candidate for the seat its rotation puts it in; ``normal`` bots hold the others."""
    state = make(game_name, players=PLAYERS).new_state(game_seed(seed, index // PLAYERS))
    mine = seating(index, PLAYERS).index(0)
    decide = candidate(index, mine)
    others = {s: make_agent("normal", bot_seed(seed, index, s)) for s in range(PLAYERS) if s != mine}
    spent, decisions = 0.0, 0
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        obs = observe(state, seat)
        if seat != mine:
            action = others[seat].act(obs)
        elif len(obs.legal) == 1:
            action = obs.legal[0]
        else:
            started = time.perf_counter()
            action = decide(state, seat)
            spent, decisions = spent + time.perf_counter() - started, decisions + 1
        state.advance(action, seat)
    ranking, scores = state.ranking(), state.scores()
    first = [s for s in range(PLAYERS) if ranking[s] == 1]
    rest = [scores[s] for s in range(PLAYERS) if s != mine]
    share = (1.0 if mine in first else 0.0) / len(first)
    return Played(share, float(scores[mine]), sum(rest) / len(rest), spent, decisions)


def win_share(played: list[Played], bold: bool = False) -> str:
    """The candidate's win share (in bold for a Markdown table) with its Wilson 95% interval."""
    wins = sum(p.share for p in played)
    low, high = wilson(wins, len(played))
    share = f"**{wins / len(played):.3f}**" if bold else f"{wins / len(played):.3f}"
    return f"{share} ({low:.3f}-{high:.3f})"
