"""What a seat sees of a ManaSurge game (docs/rulings.md R-MS24, R-MS25).

Everybody sees the spell in play with its Shards, the Caster, the direction, every player's
Shards, the number of cards in each hand and damage pile, the wizards, and the discard pile (it is
face up).  A seat sees its own hand, and the cards it gave away that are still where it put them.
Nobody sees a damage card's face, the owner included, nor the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import JSON, spectator_view
from .cards import SPELLS
from .phases import DIRECTION, OVER, PHASE_NAMES, PLAY
from .rules import valid_kinds

if TYPE_CHECKING:
    from .state import ManaSurgeState

PRIVATE = ("hand", "known")


def public_view(s: ManaSurgeState) -> dict[str, JSON]:
    cards, data, sp = s.game.cards, s.game.data, s.spell
    spell: list[JSON] = []
    for i, card in enumerate(sp.cards):
        entry: dict[str, JSON] = {"seat": sp.seats[i], "card": cards.text(card), "shards": sp.shards[i]}
        if sp.ranks[i] >= 0:
            entry["rank"] = sp.ranks[i]
            entry["suit"] = cards.letters[sp.suits[i]]
            if card >= SPELLS:
                entry["copy"] = f"{sp.ranks[i]}{cards.letters[sp.suits[i]]}"
        entry["caster"] = i == sp.caster_at
        spell.append(entry)
    seats: list[JSON] = []
    for seat in range(s.n):
        w = s.wizards[seat]
        seats.append(
            {
                "seat": seat,
                "shards": s.shards[seat],
                "hand": len(s.hands[seat]),
                "damage": len(s.damage[seat]),
                "limit": s.hand_limit(seat),
                "wizard": data.wizards[w].code if w >= 0 else None,
                "on_spell": sp.shards_of(seat, numbered_only=False),
            }
        )
    suit = sp.suit
    view: dict[str, JSON] = {
        "game": "manasurge",
        "players": s.n,
        "round": s.round,
        "target": s.target(),
        "phase": PHASE_NAMES[s.phase],
        "to_act": s.current_seat,
        "caster": s.caster,
        "direction": s.direction_name() if sp.cards and s.phase != DIRECTION else None,
        "spell": spell,
        "suit": cards.letters[suit] if suit >= 0 else None,
        "bar": s.bar_words() if sp.cards else None,
        "silenced": sp.silenced,
        "free_rank": sp.free_rank,
        "extra_damage": sp.extra_damage,
        "damage_now": sp.spell_shards(s.game.options["metamagic_damage"]),
        "seats": seats,
        "deck": len(s.deck),
        "discard": cards.texts(s.discard),
        "last_spell": s.history[-1] if s.history else None,
        "between": list(s.between),
        "discards_left": s.discards_left,
    }
    if s.phase == OVER:
        view["winners"] = list(s.winners)
        view["ranking"] = s.ranking()
    return view


def private_part(s: ManaSurgeState, seat: int, view: dict[str, JSON]) -> dict[str, JSON]:
    cards = s.game.cards
    view["seat"] = seat
    view["hand"] = cards.texts(s.hands[seat])
    known: dict[str, list[str]] = {}
    for giver, receiver, card in s.gifts:
        if giver == seat:
            known.setdefault(str(receiver), []).append(cards.text(card))
    view["known"] = {k: sorted(v) for k, v in sorted(known.items())}
    mine = seat == s.current_seat
    view["legal"] = [str(a) for a in s.legal_actions()] if mine else []
    view["playable"] = [cards.kind_text[k] for k in valid_kinds(s, seat)] if mine and s.phase == PLAY else []
    return view


def build_view(s: ManaSurgeState, seat: int | None) -> dict[str, JSON]:
    view = public_view(s)
    return spectator_view(view) if seat is None else private_part(s, seat, view)


def build_views(s: ManaSurgeState, seats: list[int | None]) -> list[dict[str, JSON]]:
    """The views of several seats, the public part built once (shared: read-only)."""
    public = public_view(s)
    out: list[dict[str, JSON]] = []
    for seat in seats:
        view = dict(public)
        out.append(spectator_view(view) if seat is None else private_part(s, seat, view))
    return out
