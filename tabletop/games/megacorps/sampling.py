"""Determinization for search: a full state that ``seat`` cannot tell from the true one.

What ``seat`` does not see is re-drawn: the other players' event cards, the deck and the boxed
cards (dealt again from their pool, each keeping its count), the sealed bids and votes of the
others not yet revealed, and the random stream.  Event cards in an offer another seat is
composing are taken again from that seat's new hand."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.rng import choice, fresh_seed, shuffle
from . import rules, trade
from .phases import BID, COMPOSE, VOTE
from .sealed import ABSTAIN

if TYPE_CHECKING:
    from .state import MegaCorpsState


def sample_world(state: MegaCorpsState, seat: int, rng: random.Random) -> MegaCorpsState:
    world = state.clone()
    world.seed = fresh_seed(rng)
    world.counter = 0
    others = [s for s in range(state.n) if s != seat]
    known = state.known
    seen = {known[i + 2] for i in range(0, len(known), 3) if known[i] == seat}
    pool = sorted([c for s in others for c in state.hands[s] if c not in seen] + state.deck + state.box)
    shuffle(rng, pool)
    for s in others:
        kept = [c for c in state.hands[s] if c in seen]
        k = len(state.hands[s]) - len(kept)
        world.hands[s], pool = kept + pool[:k], pool[k:]
    k = len(state.deck)
    world.deck, world.box = pool[:k], pool[k:]
    if state.phase in (BID, VOTE):
        for s in others:
            if world.sealed[s] >= 0 or world.sealed[s] == ABSTAIN:
                world.sealed[s] = guess(world, s, rng)
    if state.phase == COMPOSE and state.turn != seat:
        composer = state.turn
        free = list(world.hands[composer])
        world.draft_give = [
            trade.CARD + free.pop(0) if trade.CARD <= i < trade.MERC else i for i in world.draft_give
        ]
    return world


def guess(state: MegaCorpsState, seat: int, rng: random.Random) -> int:
    """A stand-in for a sealed choice ``seat`` made that the sampler may not see."""
    if state.phase == BID:
        return rng.randint(0, state.money[seat])
    if rules.votes(state, seat) == 0:
        return ABSTAIN
    return choice(rng, state.in_game())
