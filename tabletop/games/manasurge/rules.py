"""Which cards may be played now (MS26-MS30), and taking a card from a hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from .cards import BY_NEGATED_RANK, BY_RANK, BY_STRICT
from .spell import DOWN, STRICT, UP

if TYPE_CHECKING:
    from .actions import Action
    from .state import ManaSurgeState

T = TypeVar("T")


def suit_mode(effect: str) -> int:
    """How ranks compare under a suit's rule (MS27): ``descend`` falls, ``strict`` climbs."""
    if effect == "descend":
        return DOWN
    if effect == "strict":
        return STRICT
    return UP


def valid_of(s: ManaSurgeState, seat: int, table: Sequence[T]) -> list[T]:
    """``table[kind]`` for each kind of card ``seat`` may play now, in the order of kinds, each once
    (MS26-MS30).  Kinds grow with card ids, so the hand is read in id order."""
    cards, sp = s.game.cards, s.spell
    # a card is valid when its key is at least the least key (Cards.open_keys says why)
    keys = cards.silenced_keys if sp.silenced else cards.open_keys
    if sp.free_rank or sp.last < 0:
        by, least = keys[BY_RANK], 0  # any rank
    elif sp.mode == UP:
        by, least = keys[BY_RANK], sp.high  # at least the highest rank in play
    elif sp.mode == DOWN:
        by, least = keys[BY_NEGATED_RANK], -sp.low  # at most the lowest
    else:
        by, least = keys[BY_STRICT + sp.suit], 2 * sp.high + 1  # above it, or equal in the suit
    return _each_kind(s, seat, by, least, table)


def openings(s: ManaSurgeState, seat: int) -> list[Action]:
    """The Caster's ways to open a spell: a cast of each kind of numbered card it holds (MS19).
    They are the cards a silenced spell takes at any rank: every numbered card, no metamagic."""
    return _each_kind(s, seat, s.game.cards.silenced_keys[BY_RANK], 0, s.game.actions.casts)


def _each_kind(s: ManaSurgeState, seat: int, by: tuple[int, ...], least: int, table: Sequence[T]) -> list[T]:
    """``table[kind]`` once for each kind of card in ``seat``'s hand whose key in ``by`` is at least
    ``least``, in the order of kinds (they grow with card ids, so the hand is read in id order)."""
    kinds = s.game.cards.kind
    found: list[T] = []
    last = -1
    hand = s.hands[seat].copy()
    hand.sort()  # (cheaper than sorted(): no method lookup by name)
    for c in hand:
        if by[c] >= least:
            kind = kinds[c]
            if kind != last:
                found.append(table[kind])
                last = kind
    return found


def valid_kinds(s: ManaSurgeState, seat: int) -> list[int]:
    """The kinds of card ``seat`` may play now, sorted (MS26-MS30)."""
    return valid_of(s, seat, s.game.cards.kind_ids)


def has_valid(s: ManaSurgeState, seat: int) -> bool:
    return bool(valid_of(s, seat, s.game.cards.kind_ids))


def take(s: ManaSurgeState, seat: int, kind: int) -> int:
    """Remove a card of ``kind`` from ``seat``'s hand (the lowest id of that kind); its id."""
    hand = s.hands[seat]
    ids = s.game.cards.ids_of_kind[kind]  # ascending
    card = ids[0]
    if len(ids) > 1:
        for card in ids:
            if card in hand:
                break
    hand.remove(card)  # (a legal action names a kind the hand holds: the card is there)
    if s.gifts:
        forget(s, seat, kind)
    return card


def forget(s: ManaSurgeState, receiver: int, kind: int) -> None:
    """A card of ``kind`` left ``receiver``'s hand: a giver can no longer be sure which one."""
    kinds = s.game.cards.kind
    s.gifts = [g for g in s.gifts if not (g[1] == receiver and kinds[g[2]] == kind)]
