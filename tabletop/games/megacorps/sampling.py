"""Determinization for search: a full state that ``seat`` cannot tell from the true one.

What ``seat`` does not see is re-drawn: the other players' event cards, the deck and the boxed
cards (dealt again from their pool, each keeping its count), the sealed bids and votes of the
others not yet revealed, the cards other seats were shown of those hands (which ``seat`` never
saw), and the random stream.  Event cards in an offer another seat is
composing, and those promised in offers between two other seats (offers.py), are taken again from
the maker's new hand."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.rng import choice, fresh_seed, shuffle
from . import rules, trade
from .phases import ANSWER, BID, COMPOSE, VOTE
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
    if world.offers:
        promise_again(world, seat, rng)
    # the cards of an in-turn offer: unseen by all but its maker while composed, and by all but
    # its two players once sent (ANSWER)
    if (state.phase == COMPOSE and state.turn != seat) or (
        state.phase == ANSWER and seat not in (state.turn, state.offer_to)
    ):
        composer = state.turn
        free = list(trade.free_hand(world, composer))
        world.draft_give = [
            trade.CARD + free.pop(0) if trade.CARD <= i < trade.MERC else i for i in world.draft_give
        ]
    if len(known) > len(seen) * 3:
        world.known = known_again(world, seat, seen, rng)
    return world


def known_again(world: MegaCorpsState, seat: int, seen: set[int], rng: random.Random) -> list[int]:
    """What the other seats were shown of the hands ``seat`` cannot see (``known``: viewer, holder,
    card), pointed at the sampled cards: ``seat`` may know that a viewer saw one of a holder's
    cards, never which (it is re-dealt), so each such fact names a card of the holder's new hand
    the viewer is not yet said to know, drawn at random.  The facts ``seat`` shares (its own
    hand's, or a card it saw too) stay as they are."""
    known = world.known
    again: list[int] = []
    for i in range(0, len(known), 3):
        viewer, holder, card = known[i], known[i + 1], known[i + 2]
        if viewer != seat and holder != seat and card not in seen:
            told = {again[j + 2] for j in range(0, len(again), 3) if again[j] == viewer}
            free = [c for c in world.hands[holder] if c not in seen and c not in told]
            if not free:
                continue
            card = choice(rng, free)
        again += [viewer, holder, card]
    return again


def promise_again(world: MegaCorpsState, seat: int, rng: random.Random) -> None:
    """The cards promised in offers ``seat`` is not party to, which it never saw: each taken again
    from its maker's new hand, among the cards no other offer promises."""
    taken = {i for o in world.offers if seat in (o.frm, o.to) for i in o.give if trade.CARD <= i < trade.MERC}
    if world.phase == ANSWER and seat == world.offer_to:  # the cards of the in-turn offer it was shown
        taken.update(i for i in world.draft_give if trade.CARD <= i < trade.MERC)
    for offer in world.offers:
        if seat in (offer.frm, offer.to):
            continue
        for k, item in enumerate(offer.give):
            if trade.CARD <= item < trade.MERC:
                free = sorted(trade.CARD + c for c in world.hands[offer.frm] if trade.CARD + c not in taken)
                pick = choice(rng, free)
                offer.give[k] = pick
                taken.add(pick)


def guess(state: MegaCorpsState, seat: int, rng: random.Random) -> int:
    """A stand-in for a sealed choice ``seat`` made that the sampler may not see."""
    if state.phase == BID:
        return rng.randint(0, state.money[seat])
    if rules.votes(state, seat) == 0:
        return ABSTAIN
    return choice(rng, state.in_game())
