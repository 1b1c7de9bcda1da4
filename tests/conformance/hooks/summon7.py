"""Summon 7's hooks."""

from __future__ import annotations

from typing import Any

from tabletop.games.summon7 import state as s7_state
from tabletop.games.summon7.cards import NUM_CARDS as S7_CARDS
from tabletop.games.summon7.cards import VALUES as S7_VALUES

from .base import GameHooks

# Every dealt card is face up: nothing is private, and a sample only re-orders the deck.


def card_places(state: Any) -> list[tuple[str, list[int]]]:
    t = state.table
    places = [("deck", list(t.deck)), ("discard pile", list(t.discard))]
    places += [(f"cards of seat {i}", list(c)) for i, c in enumerate(t.cards)]
    return places


def quick_conserved(state: Any) -> bool:
    t = state.table
    every = t.deck + t.discard
    for hand in t.cards:
        every += hand
    return len(every) == S7_CARDS and len(set(every)) == S7_CARDS


def _s7_values(cards: list[int]) -> list[int]:
    return sorted(S7_VALUES[c] for c in cards)


def sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = []
    w, t = world.table, true.table
    if [[S7_VALUES[c] for c in h] for h in w.cards] != [[S7_VALUES[c] for c in h] for h in t.cards]:
        problems.append("the cards on the table changed")
    if _s7_values(w.discard) != _s7_values(t.discard):
        problems.append("the discard pile changed")
    if _s7_values(w.deck) != _s7_values(t.deck):
        problems.append("the deck holds other values")
    if w.status != t.status or (w.dealer, w.turn) != (t.dealer, t.turn):
        problems.append("the round's statuses, dealer or turn changed")
    return problems


SUMMON7 = GameHooks(
    all_cards=frozenset(range(S7_CARDS)),
    card_places=card_places,
    hidden_holding=lambda state, seat: (),
    hidden_count=lambda state, seat: 0,
    private_leaks=lambda view, other: [],
    mid_round=lambda state: state.phase == s7_state.PLAY and sum(map(len, state.table.cards)) > state.n,
    sample_problems=sample_problems,
    quick_conserved=quick_conserved,
    garbage_actions=("Hit", "HOLD", "hit!", "hit=1", "stand", "pass", "hit hold", "h"),
    forged_actions=lambda game: ("hit", "hold"),
    varied_start=False,
)
