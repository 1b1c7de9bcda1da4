"""Summon 7 plug-ins for the search bot: a card-counting rollout policy and a round-end evaluation.

Why the search stops after one action.  In a sampled world the deck's order is fixed, but the
search tree is keyed by actions only, so a node for "my next decision" would mix every card the
hit could have brought: the decision there could not depend on the card (strategy fusion).  So
each simulation applies one action from the root (chosen by UCB), then plays the round out with
the rollout policy, which does look at the cards.  That makes the bot a rollout-based
improvement of the policy: it compares hit and hold by the round's true outcome under that
policy, over many deck orders.  The reward is each seat's leadership gain in the round against
the others' (or the final ranking when the game ends in it).

They read full states, which is fine: the search only ever holds worlds it sampled itself.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.protocol import State
from ...core.rng import choice
from ...games.summon7.actions import HIT, HOLD
from ...games.summon7.cards import CARD_VALUE, MAX_VALUE
from ...games.summon7.state import Summon7State
from ...games.summon7.table import STATUS_NAMES, Table
from .heuristic import Seat, race_boldness, should_hit

SCALE = 25.0  # points that count as a clear win of a round


def table_counts(t: Table) -> list[int]:
    """The values the next card may have (the deck, or the discard pile once the deck is out)."""
    counts = [0] * (MAX_VALUE + 1)
    for c in t.deck or t.discard:
        counts[CARD_VALUE[c]] += 1
    return counts


def policy_hit(t: Table, seat: int, totals: list[int], hungry: bool = False, boldness: float = 0.0) -> bool:
    others = [Seat(STATUS_NAMES[t.status[o]], totals[o]) for o in range(t.n) if o != seat]
    return should_hit(t.values(seat), totals[seat], others, table_counts(t), hungry=hungry, boldness=boldness)


def summon7_rollout(state: State[Any], rng: random.Random) -> Any:
    """The heuristic's hit or hold, now and then the other (so that the search does not trust
    its model of the others blindly)."""
    assert isinstance(state, Summon7State)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.table.turn
    if rng.random() < 0.05:
        return choice(rng, legal)
    boldness = race_boldness(seat, state.leadership, state.game.options["target"])
    return HIT if policy_hit(state.table, seat, state.totals(), boldness=boldness) else HOLD


def _snapshot(state: Summon7State) -> tuple[int, int, tuple[int, ...]]:
    t = state.table
    return state.round, sum(len(c) for c in t.cards), tuple(t.status)


class OneActionThenRound:
    """Stop the tree after one action; the rewards play the round out with the rollout policy."""

    def __init__(self, rollout: Any = summon7_rollout) -> None:
        self.rollout = rollout

    def start(self, state: State[Any]) -> tuple[tuple[int, int, tuple[int, ...]], list[int]]:
        assert isinstance(state, Summon7State)
        return _snapshot(state), list(state.leadership)

    def done(self, state: State[Any], marker: Any) -> bool:
        assert isinstance(state, Summon7State)
        return state.is_terminal() or _snapshot(state) != marker[0]

    def rewards(self, state: State[Any], marker: Any) -> list[float]:
        assert isinstance(state, Summon7State)
        rng = random.Random(state.seed ^ state.counter)  # the sampled world's fresh seed
        start_round = marker[0][0]
        while not state.is_terminal() and state.round == start_round:
            state.advance(self.rollout(state, rng))
        if state.is_terminal():
            return state.returns()
        gains = [now - before for now, before in zip(state.leadership, marker[1], strict=True)]
        n, total = state.n, sum(gains)
        return [max(-1.0, min(1.0, (g - (total - g) / (n - 1)) / SCALE)) for g in gains]


def plugins() -> tuple[Any, OneActionThenRound]:
    """What ISMCTS plugs in for Summon 7 (see ismcts.PLUGINS)."""
    return summon7_rollout, OneActionThenRound()
