"""Summon 7's encoding: two actions (``hit``, ``hold``) and the open table (docs/envs.md).

:class:`TableWriter` writes what Summon 7 and the clan game share (the deck's values, the discard
pile, every seat's cards), so the clan game's encoding reuses it.
"""

from __future__ import annotations

from array import array
from operator import mul
from typing import Any

from ..games.summon7.cards import COPIES
from ..games.summon7.state import PHASE_NAMES
from ..games.summon7.table import STATUS_NAMES
from .encoding import Buffer, Encoding, Layout, View, me_of, names_index

VALUES = len(COPIES)  # card values 0..12
STATUS = names_index(STATUS_NAMES)
PHASES = names_index(PHASE_NAMES)
MAX_TOTAL = sum(range(VALUES))  # a hand holds each value once at most


class TableWriter:
    """The Summon 7 table: the deck and discard pile by value, and per seat (egocentric) its
    values held, card count, total, status, whether it deals or acts, and the bust chance."""

    def __init__(self, layout: Layout, game: Any) -> None:
        n = self.players = game.players
        deck = getattr(game, "deck", None)  # a designer's deck (the data option), if the game has one
        copies: tuple[int, ...] = tuple(deck.copies) if deck is not None else COPIES
        self.cards = float(max(1, sum(copies)))
        self.per_copy_twice = [1 / max(1, c) for c in copies] * 2
        self.deck = layout.add("deck", 1, "cards in the deck / cards in the game's deck")
        self.deck_values = layout.add(
            "deck_values", VALUES, "cards of each value 0-12 left in the deck / copies"
        )
        self.discard = layout.add("discard", VALUES, "cards of each value in the discard pile / copies")
        assert self.discard == self.deck_values + VALUES and len(STATUS_NAMES) == 3
        self.dealer = layout.add("dealer", n, "the dealer (one-hot, egocentric)")
        self.to_act = layout.add("to_act", n, "the seat to act (one-hot, egocentric)")
        self.held = layout.add("seat_values", n * VALUES, "per seat: each value 0-12 held (0/1)")
        self.count = layout.add("seat_cards", n, "per seat: cards held / 13", high=2.0)
        self.total = layout.add("seat_total", n, f"per seat: card total / {MAX_TOTAL}", high=2.0)
        self.status = layout.add("seat_status", n * len(STATUS_NAMES), "per seat: active, held, busted")
        self.bust = layout.add(
            "bust",
            n,
            "per seat: chance the next card busts it (deck, or discard pile once the deck is empty)",
        )

    def write(self, view: View, b: Buffer, me: int) -> None:
        n = self.players
        b[self.deck] = view["deck"] / self.cards
        deck_values: list[int] = view["deck_values"]
        discard: list[int] = view["discard"]
        if len(deck_values) != VALUES or len(discard) != VALUES:
            raise ValueError(f"a table view lists {VALUES} values in the deck and in the discard pile")
        # the two sections are side by side: one store for both
        shares = array("f", map(mul, deck_values + discard, self.per_copy_twice))
        b[self.deck_values : self.discard + VALUES] = shares
        # the next card: from the deck, or from the discard pile once the deck is empty
        left = sum(deck_values)
        pool = deck_values
        if not left:
            pool = discard
            left = sum(discard) or 1
        dealer = view["dealer"]
        if isinstance(dealer, int):
            b[self.dealer + (dealer - me) % n] = 1.0
        acting = view["to_act"]
        if isinstance(acting, int):
            b[self.to_act + (acting - me) % n] = 1.0
        held, count, total, status, bust = self.held, self.count, self.total, self.status, self.bust
        for entry in view["seats"]:
            k = (entry["seat"] - me) % n
            cards: list[int] = entry["cards"]
            base = held + k * VALUES
            for v in cards:
                b[base + v] = 1.0
            b[count + k] = len(cards) / VALUES
            b[total + k] = entry["total"] / MAX_TOTAL
            b[status + 3 * k + STATUS[entry["status"]]] = 1.0
            # a busted hand holds a value twice: its chance no longer matters
            chance = sum(map(pool.__getitem__, cards)) / left
            b[bust + k] = chance if chance < 1.0 else 1.0


class Summon7Encoding(Encoding[Any]):
    def __init__(self, game: Any) -> None:
        super().__init__(game, ("hit", "hold"))
        n = self.players
        lay = self.layout
        self.phase = lay.add("phase", len(PHASE_NAMES), "play, over")
        self.round = lay.add("round", 1, "round / max_rounds")
        self.table = TableWriter(lay, game)
        self.leadership = lay.add("leadership", n, "per seat: leadership / target", high=10.0)
        self.house = lay.add("house_total", 1, "the House total / 1000", high=100.0)
        self.target = float(game.options["target"])
        self.max_rounds = float(game.options["max_rounds"])

    def write(self, view: View, b: Buffer) -> None:
        me = me_of(view)
        n = self.players
        b[self.phase + PHASES[view["phase"]]] = 1.0
        b[self.round] = min(view["round"] / self.max_rounds, 1.0)
        self.table.write(view, b, me)
        for entry in view["seats"]:
            b[self.leadership + (entry["seat"] - me) % n] = min(entry["leadership"] / self.target, 10.0)
        b[self.house] = min(view["house_total"] / 1000, 100.0)
