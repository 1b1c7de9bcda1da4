"""Clan game states to JSON and back; reading checks the data and that every card (Summon 7 and
power cards) is in exactly one place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ....core.errors import CorruptRecord
from ....core.fields import Kind, bools, entries, ints, restore, saved
from ....core.protocol import JSON
from ..serialize import ROUND_ENTRY, table_from_json, table_to_json

if TYPE_CHECKING:
    from .game import Clan
    from .state import ClanState

FORMAT = "clan-state/1"
_INTS = (
    "seed", "counter", "head", "pregame_round", "round", "head_score", "house_total", "meter", "fired",
    "phase", "turn", "house_score", "city_seat", "cursor", "draft_step", "draft_index", "dine_index",
    "usurper", "end",
)  # fmt: skip
_BOOLS = ("main", "uprising")
_INT_LISTS = (
    "characters", "leadership", "board", "bonus", "pantry", "power_deck", "power_discard", "pool",
    "pending", "ward", "scores_now", "order", "meeples_left", "claim_left", "claimers", "draft_busted",
    "dine_order",
)  # fmt: skip
_BOOL_LISTS = ("hungry", "fed")
_NESTED = ("city", "meeples", "hands")
_MAIN_ROUND: dict[str, Kind] = {
    "house_score": int,
    "meter": int,
    "city_seat": int,
}  # what a main round adds (home.home_end)


def state_to_json(s: ClanState) -> dict[str, JSON]:
    out = saved(FORMAT, s.n, s, _INTS + _BOOLS, _INT_LISTS + _BOOL_LISTS)
    out["challengers"] = list(s.challengers)
    for name in _NESTED:
        out[name] = [list(row) for row in getattr(s, name)]
    out["table"] = table_to_json(s.table)
    out["history"] = list(s.history)
    return out


def state_from_json(game: Clan, data: Mapping[str, JSON]) -> ClanState:
    from .phases import OVER
    from .state import ClanState

    n = game.players
    s = ClanState(game)
    restore(data, FORMAT, n, s, _INTS, _BOOLS)
    for name in _INT_LISTS:
        setattr(s, name, ints(data.get(name), name))
    for name in _BOOL_LISTS:
        setattr(s, name, bools(data.get(name), name, n + 1))
    s.challengers = bools(data.get("challengers"), "challengers", n)
    for name in _NESTED:
        rows = data.get(name)
        if not isinstance(rows, list):
            raise CorruptRecord(f"state field {name!r} must be a list of lists")
        setattr(s, name, [ints(row, name) for row in rows])
    s.table = table_from_json(data.get("table"), n)
    s.history = entries(data, "history", {**ROUND_ENTRY, "stage": str}, _MAIN_ROUND)
    _check(s, OVER)
    return s


def _check(s: ClanState, over: int) -> None:
    d, n = s.data, s.n
    clans = len(d.rivals) + 1
    shapes: dict[str, tuple[list[Any], int]] = {
        "characters": (s.characters, n),
        "leadership": (s.leadership, n),
        "board": (s.board, n + 1),
        "bonus": (s.bonus, n),
        "pantry": (s.pantry, len(d.humans)),
        "scores_now": (s.scores_now, clans),
        "meeples_left": (s.meeples_left, clans),
        "claim_left": (s.claim_left, clans),
        "city": (s.city, len(d.locations)),
        "meeples": (s.meeples, len(d.locations)),
        "hands": (s.hands, n),
    }
    for name, (value, length) in shapes.items():
        if len(value) != length:
            raise CorruptRecord(f"state field {name!r} needs {length} entries")
    if any(len(row) != len(d.humans) for row in s.city):
        raise CorruptRecord(f"state field 'city' needs {len(d.humans)} entries for each location")
    slots = [location.slots for location in d.locations]
    if any(len(row) > slots[i] or any(not 0 <= c < clans for c in row) for i, row in enumerate(s.meeples)):
        raise CorruptRecord("state field 'meeples' holds more meeples than a location's slots, or no clan's")
    if sorted(s.board) != list(range(n + 1)):
        raise CorruptRecord("state field 'board' must list every member once")
    if not (0 <= s.phase <= over and 0 <= s.turn < n and 0 <= s.end <= 3):
        raise CorruptRecord("state has a phase, seat or end out of range")
    chars = [c for c in [*s.characters, s.head] if c >= 0]
    if len(set(chars)) != len(chars) or any(c >= len(d.characters) for c in chars):
        raise CorruptRecord("state's characters are unknown or chosen twice")
    if any(x < 0 for x in s.pantry) or any(x < 0 for row in s.city for x in row):
        raise CorruptRecord("state holds a negative number of humans")
    cards = s.power_deck + s.power_discard + s.pool + [c for hand in s.hands for c in hand]
    if sorted(cards) != list(range(len(s.game.power_kind))):
        raise CorruptRecord("the power cards are not all in exactly one place")
    if len(s.pending) not in (0, 4) or len(s.ward) not in (0, 2):
        raise CorruptRecord("state's pending card or Ward is damaged")
