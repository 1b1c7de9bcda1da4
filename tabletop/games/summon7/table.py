"""One Summon 7 table: the deck, the discard pile and the round in play.

Both games play their rounds here (Summon 7 on its own, and the clan game's Home phase and
pre-game).  The table knows the rules of a round: the first card face up to every player from
the dealer's left, hit or hold in turn order, a duplicate value busts, the discard pile
reshuffled when the deck runs out, and a hungry player's two cards of which the worse is kept.
It draws randomness from a callable the state gives it (the state's seeded stream).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.protocol import Event
from ...core.rng import shuffle
from .cards import CARD_VALUE

ACTIVE, HELD, BUSTED = 0, 1, 2
STATUS_NAMES = ("active", "held", "busted")

Rng = Callable[[], random.Random]


def worse(first: int, second: int, held: set[int]) -> tuple[int, int]:
    """(kept, rejected) of a hungry player's two cards: "the worst choice - a bust card or the
    highest number".  A card whose value the player already holds is kept before any other (the
    first dealt of two such cards); otherwise the higher value, the first dealt on equal values."""
    first_busts, second_busts = CARD_VALUE[first] in held, CARD_VALUE[second] in held
    if first_busts or second_busts:
        return (first, second) if first_busts else (second, first)
    return (second, first) if CARD_VALUE[second] > CARD_VALUE[first] else (first, second)


class Table:
    """The cards of one table.  ``deck`` is face down, its top card last."""

    __slots__ = ("cards", "dealer", "deck", "discard", "n", "status", "turn")

    def __init__(self, n: int, blank: bool = False) -> None:
        self.n = n
        if blank:  # a copy: clone() sets every field (a compiled class has no __new__)
            return
        self.deck: list[int] = []  # the top card is the last one
        self.discard: list[int] = []  # face up, in the order discarded
        self.cards: list[list[int]] = [[] for _ in range(n)]  # face up in front of each seat
        self.status = [ACTIVE] * n
        self.dealer = 0
        self.turn = 0

    def clone(self) -> Table:
        new = Table(self.n, blank=True)
        new.dealer, new.turn = self.dealer, self.turn
        new.deck, new.discard = list(self.deck), list(self.discard)
        new.cards = [list(c) for c in self.cards]
        new.status = list(self.status)
        return new

    # ----------------------------------------------------------------- reading
    def values(self, seat: int) -> list[int]:
        return [CARD_VALUE[c] for c in self.cards[seat]]

    def card_total(self, seat: int) -> int:
        return sum(map(CARD_VALUE.__getitem__, self.cards[seat]))

    def can_deal(self) -> bool:
        """Whether a card can be dealt: from the deck, or from the discard pile reshuffled."""
        return bool(self.deck or self.discard)

    def busts(self, seat: int, card: int) -> bool:
        """Whether ``card`` matches the value of a card ``seat`` holds."""
        value = CARD_VALUE[card]
        return any(CARD_VALUE[c] == value for c in self.cards[seat])

    def active(self) -> list[int]:
        return [s for s in range(self.n) if self.status[s] == ACTIVE]

    def order_from_dealer(self) -> list[int]:
        """Every seat, clockwise from the dealer's left; the dealer last."""
        return [(self.dealer + k) % self.n for k in range(1, self.n + 1)]

    # ---------------------------------------------------------------- dealing
    def draw(self, rng: Rng, events: list[Event]) -> int | None:
        """The top card of the deck; when the deck has run out, the discard pile is shuffled to
        form a new deck first.  None when there is no card at all to deal."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = sorted(self.discard)
            self.discard = []
            shuffle(rng(), self.deck)
            events.append(Event("reshuffle", {"cards": len(self.deck)}))
        return self.deck.pop()

    def deal(self, seat: int, hungry: bool, rng: Rng, events: list[Event]) -> int | None:
        """The card ``seat`` is dealt, not yet placed in front of it (the caller checks the bust).

        A hungry player is dealt two cards and must take the worse; the other goes to the
        discard pile at once.  None when no card can be dealt."""
        first = self.draw(rng, events)
        if first is None or not hungry:
            return first
        second = self.draw(rng, events)
        if second is None:
            return first
        kept, rejected = worse(first, second, set(self.values(seat)))
        self.discard.append(rejected)
        events.append(
            Event(
                "hungry-deal",
                {"seat": seat, "cards": [CARD_VALUE[first], CARD_VALUE[second]], "kept": CARD_VALUE[kept]},
            )
        )
        return kept

    def start_round(self, dealer: int, hungry: list[bool], rng: Rng, events: list[Event]) -> None:
        """A first card face up to every player, clockwise from the dealer's left."""
        self.dealer = dealer
        self.status = [ACTIVE] * self.n
        for seat in self.order_from_dealer():
            card = self.deal(seat, hungry[seat], rng, events)
            if card is None:  # not possible: every card is back in the deck or the discard pile
                raise RuntimeError("no card to deal at the start of a round")
            self.cards[seat].append(card)
            events.append(Event("card", {"seat": seat, "value": CARD_VALUE[card], "first": True}))
        self.turn = (dealer + 1) % self.n

    def advance(self) -> bool:
        """Pass the turn to the next active seat clockwise (the current one last); False when
        every seat has held or busted."""
        for k in range(1, self.n + 1):
            seat = (self.turn + k) % self.n
            if self.status[seat] == ACTIVE:
                self.turn = seat
                return True
        return False

    def collect(self) -> None:
        """The round is over: every dealt card goes to the discard pile."""
        for seat in range(self.n):
            self.discard.extend(self.cards[seat])
            self.cards[seat] = []

    def winners(self, totals: list[int]) -> list[int]:
        """The seats that held with the highest total (all of them when tied); none if all busted."""
        held = [s for s in range(self.n) if self.status[s] == HELD]
        if not held:
            return []
        best = max(totals[s] for s in held)
        return [s for s in held if totals[s] == best]
