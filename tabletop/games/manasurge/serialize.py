"""ManaSurge states to JSON and back; reading checks the data and that every card is in one place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.errors import CorruptRecord
from ...core.fields import Kind, entries, integer, ints, named, restore, saved
from ...core.protocol import JSON
from .cards import CARDS
from .phases import BETWEEN, COUNTER, DISCARD, PHASE_NAMES
from .spell import Spell

if TYPE_CHECKING:
    from .game import ManaSurge
    from .state import ManaSurgeState

FORMAT = "manasurge-state/1"
# a finished spell, as the history keeps it (flow.strike)
_SPELL_ENTRY: dict[str, Kind] = {
    **dict.fromkeys(("round", "caster", "struck", "last", "bonus", "damage", "returned"), int),
    "kept": (int,),
    "cards": (str,),
    "shards": (int,),
}


def lists(value: Any, name: str, n: int) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != n:
        raise CorruptRecord(f"state field {name!r} needs one list per seat")
    return [ints(v, name, low=0, high=CARDS - 1) for v in value]


def spell_to_json(sp: Spell) -> dict[str, JSON]:
    return {
        "cards": list(sp.cards),
        "seats": list(sp.seats),
        "shards": list(sp.shards),
        "ranks": list(sp.ranks),
        "suits": list(sp.suits),
        "caster_at": sp.caster_at,
        "last": sp.last,
        "high": sp.high,
        "low": sp.low,
        "silenced": sp.silenced,
        "free_rank": sp.free_rank,
        "extra_damage": sp.extra_damage,
        "counted_meta": sp.counted_meta,
        "sanctuary": list(sp.sanctuary),
    }


def spell_from_json(data: Any, n: int, modes: tuple[int, ...]) -> Spell:
    if not isinstance(data, Mapping):
        raise CorruptRecord("state field 'spell' must be an object")
    sp = Spell(n)
    sp.cards = ints(data.get("cards"), "spell.cards", low=0, high=CARDS - 1)
    size = len(sp.cards)
    sp.seats = ints(data.get("seats"), "spell.seats", size, 0, n - 1)
    sp.shards = ints(data.get("shards"), "spell.shards", size, 0)
    sp.ranks = ints(data.get("ranks"), "spell.ranks", size, -1)
    sp.suits = ints(data.get("suits"), "spell.suits", size, -1, 4)
    caster_at = integer(data, "caster_at", -1, size - 1)
    if caster_at >= 0:
        sp.set_caster(caster_at, modes)
    sp.last = integer(data, "last", -1, size - 1)
    sp.high = integer(data, "high", -1, 99)
    sp.low = integer(data, "low", -1, 99)
    sp.extra_damage = integer(data, "extra_damage", 0, 10_000)
    sp.counted_meta = integer(data, "counted_meta", 0, 10_000)
    for flag in ("silenced", "free_rank"):
        if not isinstance(data.get(flag), bool):
            raise CorruptRecord(f"state field 'spell.{flag}' must be true or false")
    sp.silenced, sp.free_rank = bool(data["silenced"]), bool(data["free_rank"])
    sanctuary = data.get("sanctuary")
    if (
        not isinstance(sanctuary, list)
        or len(sanctuary) != n
        or not all(isinstance(x, bool) for x in sanctuary)
    ):
        raise CorruptRecord("state field 'spell.sanctuary' needs true or false per seat")
    sp.sanctuary = list(sanctuary)
    if size and (sp.caster_at < 0 or sp.last < 0):
        raise CorruptRecord("a spell in play needs a card with the Caster token and a last numbered card")
    return sp


def state_to_json(s: ManaSurgeState) -> dict[str, JSON]:
    return {
        **saved(FORMAT, s.n, s, ("seed", "counter", "round")),
        "phase": PHASE_NAMES[s.phase],
        "caster": s.caster,
        "turn": s.turn,
        "direction": s.direction,
        "hands": [list(h) for h in s.hands],
        "damage": [list(d) for d in s.damage],
        "deck": list(s.deck),
        "discard": list(s.discard),
        "shards": list(s.shards),
        "wizards": list(s.wizards),
        "spell": spell_to_json(s.spell),
        "last_valid": s.last_valid,
        "steps": list(s.steps),
        "discards_left": s.discards_left,
        "extra_play": s.extra_play,
        "between": list(s.between),
        "gifts": [list(g) for g in s.gifts],
        "history": list(s.history),
        "winners": list(s.winners),
    }


def state_from_json(game: ManaSurge, data: Mapping[str, JSON]) -> ManaSurgeState:
    from .state import ManaSurgeState

    n = game.players
    s = ManaSurgeState(game)
    restore(data, FORMAT, n, s, ("seed", "counter", "round"), ("extra_play",))
    s.phase = named(data, "phase", PHASE_NAMES)
    s.caster = integer(data, "caster", 0, n - 1)
    s.turn = integer(data, "turn", 0, n - 1)
    direction = data.get("direction")
    if type(direction) is not int or direction not in (1, -1):  # (True == 1: the type first)
        raise CorruptRecord("state field 'direction' must be 1 or -1")
    s.direction = direction
    s.hands = lists(data.get("hands"), "hands", n)
    s.damage = lists(data.get("damage"), "damage", n)
    s.deck = ints(data.get("deck"), "deck", low=0, high=CARDS - 1)
    s.discard = ints(data.get("discard"), "discard", low=0, high=CARDS - 1)
    s.shards = ints(data.get("shards"), "shards", n, 0)
    s.wizards = ints(data.get("wizards"), "wizards", n, -1, len(game.data.wizards) - 1)
    if not game.options["wizards"] and any(w >= 0 for w in s.wizards):
        raise CorruptRecord("wizards are dealt but the option wizards is off")
    s.spell = spell_from_json(data.get("spell"), n, game.suit_modes)
    s.last_valid = integer(data, "last_valid", -1, n - 1)
    s.steps = ints(data.get("steps"), "steps", low=COUNTER, high=DISCARD)
    s.discards_left = integer(data, "discards_left", 0, 20)
    s.between = ints(data.get("between"), "between", low=0, high=n - 1)
    if s.phase == BETWEEN and s.between[:1] != [s.turn]:  # the seats still to choose, the turn's first
        raise CorruptRecord("state field 'between' must begin with the seat whose turn it is")
    gifts = data.get("gifts")
    if not isinstance(gifts, list):
        raise CorruptRecord("state field 'gifts' must be a list")
    s.gifts = []
    for g in gifts:
        g3 = ints(g, "gifts", 3, 0)
        if g3[0] >= n or g3[1] >= n or g3[2] >= CARDS or g3[2] not in s.hands[g3[1]]:
            raise CorruptRecord("state field 'gifts' names a card that is not in the receiver's hand")
        s.gifts.append((g3[0], g3[1], g3[2]))
    s.history = entries(data, "history", _SPELL_ENTRY)
    s.winners = ints(data.get("winners"), "winners", low=0, high=n - 1)
    every = (
        s.deck
        + s.discard
        + s.spell.cards
        + [c for h in s.hands for c in h]
        + [c for d in s.damage for c in d]
    )
    if sorted(every) != list(range(CARDS)):
        raise CorruptRecord(f"the ManaSurge cards are not all {CARDS} in exactly one place each")
    return s
