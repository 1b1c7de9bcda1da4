"""Clan-game plug-ins for the search bot: a fast rollout policy and a round-end evaluation.

As for Summon 7 (summon7_search.py), each simulation applies one action from the root, then plays
to the end of the round with the rollout policy, which looks at the cards; the tree does not grow
past one action, since a deeper node would mix every card a hit could have brought.  The reward
compares each seat's gain in *standing* over the round with the others': leadership, plus what a
position is worth beyond it (being fed, power cards in hand, food of one's diet in the pantry, a
diet nobody else needs).  A round that ends the game is rewarded by the final ranking.

They read full states, which is fine: the search only ever holds worlds it sampled itself.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.protocol import State
from ...core.rng import choice
from ...games.summon7.clan import actions as A
from ...games.summon7.clan.phases import (
    BLAME,
    CAPTURE,
    CITY_CARDS,
    DINING,
    DRAFT,
    OVER,
    PAY,
    PLACE,
    TURN,
    WARD,
)
from ...games.summon7.clan.state import ClanState
from ..summon7.search import policy_hit
from .heuristic import CARD_VALUE

SCALE = 30.0
FED, CARD, FOOD, CROWD = 12.0, 5.0, 3.0, 6.0  # standing, in leadership points


def demand(s: ClanState) -> list[int]:
    need = [0] * len(s.pantry)
    for member in range(s.n + 1):
        need[s.diet(member)] += 1
    return need


def clan_rollout(state: State[Any], rng: random.Random) -> Any:
    """Roughly the heuristic's choices, read from the state, with a little noise."""
    assert isinstance(state, ClanState)
    s = state
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.05:
        return choice(rng, legal)
    phase, seat = s.phase, s.turn
    if phase == TURN:
        hit = A.HIT in legal and policy_hit(
            s.table, seat, s.totals(), hungry=s.hungry_now(seat), boldness=-0.05
        )
        return A.HIT if hit else A.HOLD
    if phase == WARD:
        return A.PLAY[0]
    if phase in (PAY, CAPTURE):
        need = demand(s)
        if phase == PAY:
            return max(legal, key=lambda a: (s.pantry[a.a] - need[a.a], -a.a))
        return max(legal, key=lambda a: (need[a.b] - s.pantry[a.b], s.city[a.a][a.b], -a.a, -a.b))
    if phase == CITY_CARDS:
        return legal[0]  # a Bribe or a Raid before "done"
    if phase == PLACE:
        return max(legal, key=lambda a: (0 not in s.meeples[a.a], sum(s.city[a.a]), -a.a))
    if phase == DRAFT:
        return max(legal, key=lambda a: (CARD_VALUE.get(A.POWERS[a.a], 0), -a.a))
    if phase == DINING:
        diet = s.diet(seat)
        scraps = A.PLAY[5]
        return scraps if scraps in legal and not s.pantry[diet] else A.EAT
    if phase == BLAME:
        others = [a for a in legal if a.a != seat] or legal
        return max(others, key=lambda a: (len(s.hands[a.a]), -a.a))
    return choice(rng, legal)


def standing(s: ClanState) -> list[float]:
    """What each seat's position is worth, in leadership points."""
    need = demand(s)
    diets = [s.diet(seat) if s.characters[seat] >= 0 else -1 for seat in range(s.n)]
    out = []
    for seat in range(s.n):
        value = float(s.leadership[seat]) + CARD * len(s.hands[seat])
        if not s.hungry[seat]:
            value += FED
        if diets[seat] >= 0:
            value += FOOD * min(2, s.pantry[diets[seat]])
            value -= CROWD * (need[diets[seat]] - 1)  # others who eat the same
        out.append(value)
    return out


def _snapshot(s: ClanState) -> tuple[Any, ...]:
    return (s.main, s.round, s.pregame_round, s.phase, s.turn, s.counter, tuple(map(len, s.table.cards)),
            tuple(s.table.status), sum(s.pantry), len(s.pool), s.dine_index, s.cursor, tuple(s.characters),
            tuple(s.meeples_left), tuple(s.claim_left), len(s.power_discard))  # fmt: skip


class OneActionThenRound:
    """Stop the tree after one action; the rewards play the round out with the rollout policy."""

    def __init__(self, rollout: Any = clan_rollout) -> None:
        self.rollout = rollout

    def start(self, state: State[Any]) -> tuple[Any, ...]:
        assert isinstance(state, ClanState)
        return _snapshot(state), (state.main, state.round, state.pregame_round), standing(state)

    def done(self, state: State[Any], marker: Any) -> bool:
        assert isinstance(state, ClanState)
        return state.phase == OVER or _snapshot(state) != marker[0]

    def rewards(self, state: State[Any], marker: Any) -> list[float]:
        assert isinstance(state, ClanState)
        rng = random.Random(state.seed ^ state.counter)
        while state.phase != OVER and (state.main, state.round, state.pregame_round) == marker[1]:
            state.advance(self.rollout(state, rng))
        if state.phase == OVER:
            return state.returns()
        gains = [now - before for now, before in zip(standing(state), marker[2], strict=True)]
        n, total = state.n, sum(gains)
        return [max(-1.0, min(1.0, (g - (total - g) / (n - 1)) / SCALE)) for g in gains]


def plugins() -> tuple[Any, OneActionThenRound]:
    """What ISMCTS plugs in for the clan game (see ismcts.PLUGINS)."""
    return clan_rollout, OneActionThenRound()
