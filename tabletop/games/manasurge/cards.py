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
BY_RANK, BY_NEGATED_RANK, BY_STRICT = 0, 1, 2  # the valid-play keys (Cards.open_keys): BY_STRICT + suit
ALWAYS, NEVER = 1_000_000, -1_000_000  # keys above and below every bound


class Cards:
    """Per-card tables for one data file."""

    def __init__(self, data: ManaData) -> None:
        ranks = data.constants.ranks
        distinct = sorted(set(ranks))
        self.letters: tuple[str, ...] = tuple(s.code for s in data.suits)
        rank: list[int] = []
        suit: list[int] = []
        kind: list[int] = []
        for c in range(SPELLS):  # the data's ranks are sorted: kinds grow with ids (rules.valid_of)
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
        # keys for the valid-play test (rules.valid_of), [BY_...][card]: a card is valid when its
        # key is at least a bound.  A rank at least the highest (or any: at least 0); a rank at most
        # the lowest is a negated rank at least the negated lowest; under a strict suit a card
        # beats the highest rank h when 2 * rank + (1 in that suit) >= 2 * h + 1 (above h, or equal
        # in the suit).  A metamagic card is always valid (ALWAYS), but never while metamagic is
        # silenced (NEVER: silenced_keys).
        by_rank = list(rank[:SPELLS])
        by_negated_rank = [-r for r in rank[:SPELLS]]
        by_strict = [[2 * rank[c] + (suit[c] == s) for c in range(SPELLS)] for s in range(SUITS)]
        by_any = (by_rank, by_negated_rank, *by_strict)
        self.open_keys: tuple[tuple[int, ...], ...] = tuple(tuple(k + [ALWAYS] * META) for k in by_any)
        self.silenced_keys: tuple[tuple[int, ...], ...] = tuple(tuple(k + [NEVER] * META) for k in by_any)
        self.kind: tuple[int, ...] = tuple(kind)
        self.spell_kinds = spell_kinds
        self.kinds = spell_kinds + META
        self.kind_ids: tuple[int, ...] = tuple(range(self.kinds))  # kind k at index k
        texts = [""] * self.kinds
        for c in range(CARDS):
            texts[kind[c]] = self.text_of(c, data)
        self.kind_text: tuple[str, ...] = tuple(texts)
        self.card_text: tuple[str, ...] = tuple(texts[kind[c]] for c in range(CARDS))  # by card id
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
        return self.card_text[card]

    def texts(self, cards: list[int]) -> list[str]:
        """The kinds' texts of ``cards``, sorted: spells by rank then suit, metamagic last."""
        texts = self.card_text
        ids = cards.copy()
        ids.sort()  # (kinds grow with ids)
        found = []
        for c in ids:
            found.append(texts[c])
        return found
