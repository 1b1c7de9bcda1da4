"""The 72 ManaSurge cards as ids 0..71, and their kinds.

Spell ``c`` (0..59) is of suit ``c // 12`` and rank ``ranks[c % 12]``; metamagic card ``60 + m``
is the ``m``-th metamagic card of the data.  Cards that print alike (the two 5s of Lightning)
share a *kind*, and its text: ``5L`` for a spell (rank, suit letter), the code for a metamagic
card (``mirror``).  Views, events and actions show kinds, never ids; ids only let every card be in
exactly one place.
"""

from __future__ import annotations

from .data import META, RANKS, SUITS, ManaData

SPELLS = SUITS * RANKS
CARDS = SPELLS + META
NO_SUIT = -1


class Cards:
    """Per-card tables for one data file."""

    def __init__(self, data: ManaData) -> None:
        ranks = data.constants.ranks
        distinct = sorted(set(ranks))
        self.letters: tuple[str, ...] = tuple(s.code for s in data.suits)
        rank: list[int] = []
        suit: list[int] = []
        kind: list[int] = []
        for c in range(SPELLS):
            s, r = divmod(c, RANKS)
            rank.append(ranks[r])
            suit.append(s)
            kind.append(s * len(distinct) + distinct.index(ranks[r]))
        spell_kinds = SUITS * len(distinct)
        for m in range(META):
            rank.append(-1)
            suit.append(NO_SUIT)
            kind.append(spell_kinds + m)
        self.rank: tuple[int, ...] = tuple(rank)
        self.suit: tuple[int, ...] = tuple(suit)
        self.kind: tuple[int, ...] = tuple(kind)
        self.spell_kinds = spell_kinds
        self.kinds = spell_kinds + META
        texts = [""] * self.kinds
        for c in range(CARDS):
            texts[kind[c]] = self.text_of(c, data)
        self.kind_text: tuple[str, ...] = tuple(texts)
        self.kind_of_text: dict[str, int] = {t: k for k, t in enumerate(texts)}
        self.ids_of_kind: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in range(CARDS) if kind[c] == k) for k in range(self.kinds)
        )
        # a metamagic card's index in the data, -1 for a spell
        self.meta: tuple[int, ...] = tuple(c - SPELLS if c >= SPELLS else -1 for c in range(CARDS))

    def text_of(self, card: int, data: ManaData) -> str:
        if card >= SPELLS:
            return data.metamagic[card - SPELLS].code
        return f"{self.rank[card]}{self.letters[self.suit[card]]}"

    def text(self, card: int) -> str:
        return self.kind_text[self.kind[card]]

    def texts(self, cards: list[int]) -> list[str]:
        """The kinds' texts of ``cards``, sorted: spells by rank then suit, metamagic last."""
        kinds, texts = self.kind, self.kind_text
        return [texts[k] for k in sorted([kinds[c] for c in cards])]
