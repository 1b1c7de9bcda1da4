"""The spell in play: the cards played this round, their Shards, and the rules they set.

A round's cards lie in play order.  Each entry records who played it, the Shards on it, and the
rank and suit it counts as (a Dark Mirror takes the copied card's; any other metamagic card has
none).  The Caster token lies on one entry; its suit rules the round (docs/rulings.md R-MS8,
R-MS31).
"""

from __future__ import annotations

from .cards import NO_SUIT

UP, DOWN, STRICT = 0, 1, 2  # how a valid rank compares: at least the highest, at most the lowest, above


class Spell:
    __slots__ = (
        "cards",
        "caster_at",
        "counted_meta",
        "extra_damage",
        "free_rank",
        "high",
        "last",
        "low",
        "mode",
        "ranks",
        "sanctuary",
        "seats",
        "shards",
        "silenced",
        "suit",
        "suits",
    )

    def __init__(self, players: int) -> None:
        self.cards: list[int] = []  # card ids, in play order
        self.seats: list[int] = []  # who played each
        self.shards: list[int] = []  # Shards on each
        self.ranks: list[int] = []  # the rank each counts as (-1: none)
        self.suits: list[int] = []  # the suit each counts as (NO_SUIT: none)
        self.caster_at = -1  # the entry with the Caster token
        self.suit = NO_SUIT  # its suit: the round's suit
        self.mode = UP  # how ranks compare under that suit's rule
        self.last = -1  # the last numbered entry (a spell or a copy)
        self.high = 0  # the highest rank in play
        self.low = 0  # the lowest rank in play
        self.silenced = False  # metamagic not valid until the next numbered play
        self.free_rank = False  # the next numbered play may be of any rank
        self.extra_damage = 0  # added to the damage when the spell strikes (Curse)
        self.counted_meta = 0  # Shards on metamagic cards that count as damage (Arcane Tithe's)
        self.sanctuary = [False] * players

    def copy(self) -> Spell:
        new = Spell(len(self.sanctuary))
        new.cards, new.seats, new.shards = list(self.cards), list(self.seats), list(self.shards)
        new.ranks, new.suits = list(self.ranks), list(self.suits)
        new.caster_at, new.last, new.high, new.low = self.caster_at, self.last, self.high, self.low
        new.suit, new.mode = self.suit, self.mode
        new.silenced, new.free_rank, new.extra_damage = self.silenced, self.free_rank, self.extra_damage
        new.counted_meta = self.counted_meta
        new.sanctuary = list(self.sanctuary)
        return new

    def clear(self) -> None:
        self.cards.clear()  # each spell owns its lists (copy() makes new ones): clear them in place
        self.seats.clear()
        self.shards.clear()
        self.ranks.clear()
        self.suits.clear()
        self.caster_at = self.last = -1
        self.suit, self.mode = NO_SUIT, UP
        self.high = self.low = 0
        self.silenced = self.free_rank = False
        self.extra_damage = 0
        self.counted_meta = 0
        if True in self.sanctuary:
            self.sanctuary = [False] * len(self.sanctuary)

    def add(self, card: int, seat: int, rank: int, suit: int, shards: int) -> int:
        """Put a card in play; its index.  A numbered card (rank >= 0) moves the bar and becomes
        the last numbered card."""
        index = len(self.cards)
        self.cards.append(card)
        self.seats.append(seat)
        self.shards.append(shards)
        self.ranks.append(rank)
        self.suits.append(suit)
        if rank >= 0:
            if self.last < 0:
                self.high = self.low = rank
            elif rank > self.high:
                self.high = rank
            elif rank < self.low:
                self.low = rank
            self.last = index
            self.free_rank = False
            self.silenced = False
        return index

    def set_caster(self, index: int, modes: tuple[int, ...]) -> None:
        """The Caster token onto entry ``index``; ``modes[suit]`` is each suit's rank rule."""
        self.caster_at = index
        self.suit = self.suits[index]
        self.mode = modes[self.suit] if self.suit >= 0 else UP

    def last_suit(self) -> int:
        return self.suits[self.last] if self.last >= 0 else NO_SUIT

    def spell_shards(self, metamagic_counts: bool) -> int:
        """The Shards on numbered cards in play (copies count as numbered) and those on metamagic
        cards that say they count (Arcane Tithe's); on every metamagic card when ``metamagic_counts``."""
        if metamagic_counts:
            return sum(self.shards)
        found = self.counted_meta
        for rank, shards in zip(self.ranks, self.shards, strict=True):
            if rank >= 0:
                found += shards
        return found

    def shards_of(self, seat: int, numbered_only: bool) -> int:
        total = 0
        for who, shards, rank in zip(self.seats, self.shards, self.ranks, strict=True):
            if who == seat and (rank >= 0 or not numbered_only):
                total += shards
        return total
