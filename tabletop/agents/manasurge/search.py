"""ManaSurge plug-ins for the search bot: a light rollout policy and a spell-end evaluation.

The rollout is the heuristic (heuristic.py) cut down to what is cheap to read from a full state:
open with a strong card of a suit the hand holds, send the spell toward the shorter hand, play the
valid card that moves the bar least (resonating when it can, metamagic last unless the hand is
nearly empty), play again toward a Mana Surge, give and purge low cards, hold one card from a
Mana Surge.  Now and then it plays at random, so that the search does not trust its model of the
others blindly.

The evaluation stops when the spell being played (or the next one, between spells) ends: each
seat's reward is its Shard gain over the spell, less a little for the damage cards it took,
against the others' mean gain; or the final ranking when the spell ends the game.

They read full states, which is fine: the search only ever holds worlds it sampled itself.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.protocol import State
from ...core.rng import choice
from ...games.manasurge.actions import Action
from ...games.manasurge.cards import SPELLS
from ...games.manasurge.game import ManaSurge
from ...games.manasurge.phases import (
    AGAIN,
    BETWEEN,
    COUNTER,
    DIRECTION,
    DISCARD,
    GIVE,
    OPEN,
    OVER,
)
from ...games.manasurge.spell import DOWN, STRICT, UP
from ...games.manasurge.state import ManaSurgeState
from ..pergame import PerGame

SCALE = 4.0  # Shards that count as a clear win of a spell
DAMAGE_COST = 0.3  # a damage card, in Shards (five of them cost a Rebirth and a Shard)
EXPLORE = 0.08  # the rollout's share of uniformly random choices
META_KEEP = 2.5


class Kinds:
    """Per-kind tables of one game's cards, for the rollout: rank, suit, metamagic effect."""

    def __init__(self, game: ManaSurge) -> None:
        cards, data = game.cards, game.data
        first = [ids[0] for ids in cards.ids_of_kind]
        self.rank = [cards.rank[c] for c in first]
        self.suit = [cards.suit[c] for c in first]
        self.meta = [data.metamagic[cards.meta[c]].effect if c >= SPELLS else "" for c in first]
        self.top = max(data.constants.ranks)
        self.modes = [
            DOWN if p.effect == "descend" else STRICT if p.effect == "strict" else UP for p in data.suits
        ]
        self.suit_effect = [p.effect for p in data.suits]


_KINDS: PerGame[ManaSurge, Kinds] = PerGame(Kinds)  # a game's tables


def kinds_of(state: ManaSurgeState) -> Kinds:
    return _KINDS.get(state.game)


def card_value(k: Kinds, kind: int) -> int:
    return 10 if k.rank[kind] < 0 else k.rank[kind]


def _cast(state: ManaSurgeState, k: Kinds, legal: list[Action]) -> Action:
    suits = [k.suit[state.game.cards.kind[c]] for c in state.hands[state.turn]]

    def score(a: Action) -> float:
        rank, suit = k.rank[a.arg], k.suit[a.arg]
        strength = k.top + 1 - rank if k.modes[suit] == DOWN else rank
        return strength + 0.6 * suits.count(suit)

    return max(legal, key=score)


def _play(state: ManaSurgeState, k: Kinds, legal: list[Action]) -> Action:
    sp = state.spell
    round_suit = sp.suit
    down = k.modes[round_suit] == DOWN if round_suit >= 0 else False
    started = sp.last >= 0
    keep = 0.5 if len(state.hands[state.turn]) <= 2 else META_KEEP
    best, best_score = legal[0], -1e9
    for a in legal:
        if a.kind != "play":
            continue
        kind = a.arg
        rank = k.rank[kind]
        if rank < 0:
            effect = k.meta[kind]
            score = -keep + (
                1.5 if effect.startswith("shard_self") else -1.0 if effect == "reset_rank" else 0.0
            )
            if effect == "copy_last" and sp.last_suit() == round_suit:
                score += 2.0
        else:
            move = (max(0, sp.low - rank) if down else max(0, rank - sp.high)) if started else 0
            score = -0.6 * move + (2.0 if k.suit[kind] == round_suit else 0.0)
        if score > best_score:
            best, best_score = a, score
    return best


def _worst(state: ManaSurgeState, k: Kinds) -> int:
    kinds = state.game.cards.kind
    return min((kinds[c] for c in state.hands[state.turn]), key=lambda kind: card_value(k, kind))


def manasurge_rollout(state: State[Any], rng: random.Random) -> Any:
    """The heuristic's choice, cut down (see the module's text)."""
    assert isinstance(state, ManaSurgeState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < EXPLORE:
        return choice(rng, legal)
    k, phase, me, n, acts = kinds_of(state), state.phase, state.turn, state.n, state.game.actions
    hands = state.hands
    if phase == OPEN:
        return _cast(state, k, legal)
    if phase == DIRECTION:
        return acts.ccw if len(hands[(me - 1) % n]) < len(hands[(me + 1) % n]) else acts.cw
    if phase == COUNTER:
        d = state.direction
        return acts.counter if len(hands[(me - d) % n]) < len(hands[(me + d) % n]) else acts.done
    if phase == AGAIN:
        return acts.again if len(hands[me]) <= 2 or rng.random() < 0.5 else acts.done
    if phase == GIVE:
        worst = _worst(state, k)
        if card_value(k, worst) > 4 and len(hands[me]) > 1:
            return acts.done
        leader = max((o for o in range(n) if o != me), key=lambda o: state.shards[o])
        return acts.give[worst][leader]
    if phase == DISCARD:
        worst = _worst(state, k)
        if card_value(k, worst) <= 3 or len(hands[me]) <= state.discards_left:
            return acts.discard[worst]
        return acts.done
    if phase == BETWEEN:
        return acts.hold if len(hands[me]) == 1 and hands[me][0] >= SPELLS else acts.draw
    return _play(state, k, legal)


class SpellEvaluation:
    """Stop when the spell in play (between spells: the next one) has ended, or ``spells`` of them.
    Reward each seat's Shard gain, less its damage, against the others' mean gain."""

    def __init__(self, spells: int = 1) -> None:
        self.spells = spells

    def start(self, state: State[Any]) -> tuple[int, list[int]]:
        assert isinstance(state, ManaSurgeState)
        return len(state.history), list(state.shards)

    def done(self, state: State[Any], marker: tuple[int, list[int]]) -> bool:
        assert isinstance(state, ManaSurgeState)
        return state.phase == OVER or len(state.history) >= marker[0] + self.spells

    def rewards(self, state: State[Any], marker: tuple[int, list[int]]) -> list[float]:
        assert isinstance(state, ManaSurgeState)
        if state.is_terminal():
            return state.returns()
        gains = [float(now - before) for now, before in zip(state.shards, marker[1], strict=True)]
        for entry in state.history[marker[0] :]:
            struck, damage = entry["struck"], entry["damage"]
            assert isinstance(struck, int) and isinstance(damage, int)
            gains[struck] -= DAMAGE_COST * damage
        n, total = state.n, sum(gains)
        return [max(-1.0, min(1.0, (g - (total - g) / (n - 1)) / SCALE)) for g in gains]


def plugins() -> tuple[Any, SpellEvaluation]:
    """What ISMCTS plugs in for ManaSurge (see ismcts.PLUGINS)."""
    return manasurge_rollout, SpellEvaluation(2)
