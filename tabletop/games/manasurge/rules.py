"""Which cards may be played now (MS26-MS30), and taking a card from a hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import NO_SUIT, SPELLS
from .spell import DOWN, STRICT, UP

if TYPE_CHECKING:
    from .state import ManaSurgeState


def suit_mode(effect: str) -> int:
    """How ranks compare under a suit's rule (MS27): ``descend`` falls, ``strict`` climbs."""
    if effect == "descend":
        return DOWN
    if effect == "strict":
        return STRICT
    return UP


def valid_kinds(s: ManaSurgeState, seat: int) -> list[int]:
    """The kinds of card ``seat`` may play now, sorted (MS26-MS30)."""
    cards, sp = s.game.cards, s.spell
    kinds, ranks = cards.kind, cards.rank
    found: list[int] = []
    if sp.free_rank or sp.last < 0:
        low, high, equal_suit = -1, 99, NO_SUIT  # any rank
    elif sp.mode == DOWN:
        low, high, equal_suit = -1, sp.low, NO_SUIT
    elif sp.mode == STRICT:
        low, high, equal_suit = sp.high + 1, 99, sp.suit
    else:
        low, high, equal_suit = sp.high, 99, NO_SUIT
    silenced = sp.silenced
    for c in s.hands[seat]:
        if c >= SPELLS:
            if silenced:
                continue
        else:
            rank = ranks[c]
            if not (low <= rank <= high or (rank == low - 1 and cards.suit[c] == equal_suit)):
                continue
        kind = kinds[c]
        if kind not in found:
            found.append(kind)
    found.sort()
    return found


def has_valid(s: ManaSurgeState, seat: int) -> bool:
    return bool(valid_kinds(s, seat))


def take(s: ManaSurgeState, seat: int, kind: int) -> int:
    """Remove a card of ``kind`` from ``seat``'s hand (the lowest id of that kind); its id."""
    hand = s.hands[seat]
    kinds = s.game.cards.kind
    best = -1
    for c in hand:
        if kinds[c] == kind and (best < 0 or c < best):
            best = c
    hand.remove(best)  # (a legal action names a kind the hand holds: best is a card)
    if s.gifts:
        forget(s, seat, kind)
    return best


def forget(s: ManaSurgeState, receiver: int, kind: int) -> None:
    """A card of ``kind`` left ``receiver``'s hand: a giver can no longer be sure which one."""
    kinds = s.game.cards.kind
    s.gifts = [g for g in s.gifts if not (g[1] == receiver and kinds[g[2]] == kind)]
