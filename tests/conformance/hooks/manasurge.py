"""ManaSurge's hooks."""

from __future__ import annotations

from typing import Any

from tabletop.core.protocol import JSON
from tabletop.games.manasurge import phases as ms_phases
from tabletop.games.manasurge.cards import CARDS as MS_CARDS

from .base import GameHooks

# Hands are hidden (a giver knows the cards it gave while they stay), damage piles are seen by
# nobody, the spell in play and the discard pile are open.

_MS_PUBLIC_SEAT_KEYS = {"seat", "shards", "hand", "damage", "limit", "wizard", "on_spell"}


def _ms_places(state: Any) -> list[tuple[str, list[int]]]:
    places = [("deck", list(state.deck)), ("discard pile", list(state.discard))]
    places.append(("spell in play", list(state.spell.cards)))
    places += [(f"hand of seat {i}", list(h)) for i, h in enumerate(state.hands)]
    places += [(f"damage of seat {i}", list(d)) for i, d in enumerate(state.damage)]
    return places


def _ms_quick_conserved(state: Any) -> bool:
    every = state.deck + state.discard + state.spell.cards
    for pile in (*state.hands, *state.damage):
        every += pile
    return len(every) == MS_CARDS and len(set(every)) == MS_CARDS


def _ms_kinds(state: Any, cards: list[int]) -> list[int]:
    return sorted(state.game.cards.kind[c] for c in cards)


def _ms_hidden(state: Any, seat: int) -> tuple[int, ...]:
    """The kinds in ``seat``'s hand that no other seat gave it (those a giver can place)."""
    given = {card for giver, receiver, card in state.gifts if receiver == seat and giver != seat}
    return tuple(_ms_kinds(state, [c for c in state.hands[seat] if c not in given]))


def _ms_private_leaks(view: dict[str, JSON], other: int) -> list[str]:
    entry = view["seats"][other]
    leaks = [f"seats[{other}][{key!r}]" for key in entry if key not in _MS_PUBLIC_SEAT_KEYS]
    if view.get("seat") != other and str(other) in (view.get("known") or {}) and view.get("seat") is None:
        leaks.append("a spectator's view names cards in a hand")
    return leaks


def _ms_sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = []
    for o in range(true.n):
        if len(world.hands[o]) != len(true.hands[o]) or len(world.damage[o]) != len(true.damage[o]):
            problems.append(f"seat {o}'s hand or damage pile holds another number of cards")
    if _ms_kinds(world, world.hands[seat]) != _ms_kinds(true, true.hands[seat]):
        problems.append("the sampling seat's own hand changed")
    if world.spell.cards != true.spell.cards or world.spell.shards != true.spell.shards:
        problems.append("the spell in play changed")
    if _ms_kinds(world, world.discard) != _ms_kinds(true, true.discard) or len(world.deck) != len(true.deck):
        problems.append("the discard pile or the deck's size changed")
    for giver, receiver, card in true.gifts:
        if giver == seat and card not in world.hands[receiver]:
            problems.append(f"seat {receiver} lost the card seat {seat} gave it")
    for name in ("shards", "wizards", "caster", "turn", "direction", "phase", "steps", "between"):
        if getattr(world, name) != getattr(true, name):
            problems.append(f"the {name} changed")
    return problems


_MS_GARBAGE = (
    "play", "play=", "play=9L", "play=5X", "play=Mirror", "cast=mirror", "cast=", "give=5L",
    "give=5L@", "give=5L@x", "give=5L@9", "discard=", "discard=zz", "CW", "left", "Done", "counter!",
    "again=1", "draw=2", "pass", "yield=1", "5L",
)  # fmt: skip

MANASURGE = GameHooks(
    all_cards=frozenset(range(MS_CARDS)),
    card_places=_ms_places,
    hidden_holding=_ms_hidden,
    hidden_count=lambda state, seat: len(_ms_hidden(state, seat)),
    private_leaks=_ms_private_leaks,
    mid_round=lambda state: state.phase == ms_phases.PLAY and len(state.spell.cards) >= 2,
    sample_problems=_ms_sample_problems,
    quick_conserved=_ms_quick_conserved,
    garbage_actions=_MS_GARBAGE,
    forged_actions=lambda game: tuple(game.actions.by_text),  # type: ignore[attr-defined]
    extra_options=(
        {"players": 4, "wizards": True},
        {"players": 3, "damage_order": "pnp", "may_decline": True, "metamagic_damage": True},
    ),
)
