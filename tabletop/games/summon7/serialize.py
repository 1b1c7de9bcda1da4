"""Summon 7 states to JSON and back; reading checks the data and that every card is in one place."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...core.errors import CorruptRecord
from ...core.fields import Kind, entries, integer, ints, named, restore, saved
from ...core.protocol import JSON
from .cards import PRINTED_DECK
from .table import STATUS_NAMES, Table

if TYPE_CHECKING:
    from .game import Summon7
    from .state import Summon7State

FORMAT = "summon7-state/1"
# a finished round, as the history keeps it (state._end_round)
ROUND_ENTRY: dict[str, Kind] = {
    "round": int,
    "dealer": int,
    "totals": (int,),
    "busted": (bool,),
    "winners": (int,),
}


def table_to_json(t: Table) -> dict[str, JSON]:
    return {
        "dealer": t.dealer,
        "turn": t.turn,
        "deck": list(t.deck),  # card ids, the top card last
        "discard": list(t.discard),
        "cards": [list(c) for c in t.cards],
        "status": [STATUS_NAMES[x] for x in t.status],
    }


def table_from_json(
    data: Any, n: int, extra: list[int] | None = None, ids: Sequence[int] = PRINTED_DECK.cards
) -> Table:
    """A table read back; every card id of the deck (``ids``, sorted: the packaged deck's 0..78
    unless told) must be in exactly one place (``extra``: cards the caller keeps elsewhere, such as
    a Ward's discarded card)."""
    if not isinstance(data, Mapping):
        raise CorruptRecord("state field 'table' must be an object")
    t = Table(n)
    t.dealer, t.turn = integer(data, "dealer"), integer(data, "turn")
    if not (0 <= t.dealer < n and 0 <= t.turn < n):
        raise CorruptRecord("the table's dealer or turn is not a seat")
    t.deck = ints(data.get("deck"), "deck")
    t.discard = ints(data.get("discard"), "discard")
    cards = data.get("cards")
    if not isinstance(cards, list) or len(cards) != n:
        raise CorruptRecord("state field 'cards' needs one list per seat")
    t.cards = [ints(c, "cards") for c in cards]
    status = data.get("status")
    if not isinstance(status, list) or len(status) != n or not all(x in STATUS_NAMES for x in status):
        raise CorruptRecord(f"state field 'status' needs one of {', '.join(STATUS_NAMES)} per seat")
    t.status = [STATUS_NAMES.index(x) for x in status]
    every = t.deck + t.discard + [c for hand in t.cards for c in hand] + list(extra or ())
    if sorted(every) != list(ids):
        raise CorruptRecord(f"the Summon 7 cards are not all {len(ids)} in exactly one place each")
    return t


def state_to_json(s: Summon7State) -> dict[str, JSON]:
    from .state import PHASE_NAMES

    return {
        **saved(FORMAT, s.n, s, ("seed", "counter", "round")),
        "phase": PHASE_NAMES[s.phase],
        "table": table_to_json(s.table),
        "leadership": list(s.leadership),
        "house_total": s.house_total,
        "board": list(s.board),
        "history": list(s.history),
    }


def state_from_json(game: Summon7, data: Mapping[str, JSON]) -> Summon7State:
    from .state import PHASE_NAMES, Summon7State

    n = game.players
    s = Summon7State(game)
    restore(data, FORMAT, n, s, ("seed", "counter", "round", "house_total"))
    s.phase = named(data, "phase", PHASE_NAMES)
    s.table = table_from_json(data.get("table"), n, ids=game.deck.cards)
    s.leadership = ints(data.get("leadership"), "leadership", n)
    s.board = ints(data.get("board"), "board", n)
    if sorted(s.board) != list(range(n)):
        raise CorruptRecord("state field 'board' must list every seat once")
    s.history = entries(data, "history", ROUND_ENTRY)
    return s
