"""A state to JSON and back.  Reading checks the data, that every card is in one place and that
every scroll is in one place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.errors import CorruptRecord
from ...core.fields import bools, ints, restore, saved
from ...core.protocol import JSON
from .cards import ALL_CARDS, CARD_TEXT, mask_of, parse_card, texts
from .phases import HAND_OVER, LAY, OVER, RESOURCES_PHASE, SCROLL_STEP, SCROLLS, SPLIT_PHASE
from .scrolls import ASK_GIVE, ASK_RETURN

if TYPE_CHECKING:
    from .game import Megalomania
    from .state import MegalomaniaState

FORMAT = "megalomania-state/2"
_INTS = (
    "seed", "counter", "round", "dealer", "mission", "phase", "turn", "dom", "round_cards", "effect",
    "effect_seat", "effect_arg", "asking", "call", "scroll_only", "leader", "farmer", "deferred",
    "declared", "t_winner",
)  # fmt: skip
_BOOLS = ("dwarf", "wizard", "knight", "emperor", "effect_spent")
_INT_LISTS = (
    "mission_deck", "missions_played", "scroll_deck", "used", "queue", "crystals", "cubes", "resource",
    "resource2", "round_bonus", "drawn", "t_seats", "t_colours", "t_values", "t_cubes",
)  # fmt: skip
_BOOL_LISTS = ("t_adv", "t_power")
_CARD_LISTS = ("t_cards", "turned")
_MASK_LISTS = ("hands", "open", "down", "out", "split", "handing", "known", "forbidden")  # per seat
_INT_TABLES = ("scrolls", "gone", "points", "bonus", "round_scrolls", "pvoid")
_MASK_TABLES = ("must", "told")  # per seat, lists of masks


def state_to_json(s: MegalomaniaState) -> dict[str, JSON]:
    out = saved(FORMAT, s.n, s, _INTS + _BOOLS, _INT_LISTS + _BOOL_LISTS)
    for name in _CARD_LISTS:
        out[name] = [CARD_TEXT[c] for c in getattr(s, name)]
    for name in _MASK_LISTS:
        out[name] = [texts(m) for m in getattr(s, name)]
    for name in _INT_TABLES:
        out[name] = [list(x) for x in getattr(s, name)]
    for name in _MASK_TABLES:
        out[name] = [[texts(m) for m in masks] for masks in getattr(s, name)]
    out["stock"] = texts(s.stock)
    out["explored"] = CARD_TEXT[s.explored] if s.explored >= 0 else None
    out["laid"] = [[CARD_TEXT[c] for c in cards] for cards in s.laid]
    out["round_tricks"] = [[w, [CARD_TEXT[c] for c in cards]] for w, cards in s.round_tricks]
    out["setup_deals"] = {
        str(r): [[CARD_TEXT[c] for c in cards] for cards in hands] for r, hands in s.setup_deals.items()
    }
    return out


def _cards(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise CorruptRecord(f"state field {name!r} must be a list of cards")
    try:
        return [parse_card(x) for x in value]
    except ValueError as err:
        raise CorruptRecord(f"state field {name!r}: {err}") from None


def _owner(value: Any, n: int) -> int:
    """The seat that won a trick of the round (round_tricks)."""
    if type(value) is not int or not 0 <= value < n:
        raise CorruptRecord(f"state field 'round_tricks' names a trick's winner that is no seat: {value!r}")
    return value


def _per_seat(value: Any, name: str, n: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != n:
        raise CorruptRecord(f"state field {name!r} needs one entry per seat")
    return value


def state_from_json(game: Megalomania, data: Mapping[str, JSON]) -> MegalomaniaState:
    from .state import MegalomaniaState

    s = MegalomaniaState(game)
    n = s.n
    restore(data, FORMAT, n, s, _INTS, _BOOLS)
    try:
        for name in _INT_LISTS:
            setattr(s, name, ints(data[name], name))
        for name in _BOOL_LISTS:
            setattr(s, name, bools(data[name], name))
        for name in _CARD_LISTS:
            setattr(s, name, _cards(data[name], name))
        for name in _MASK_LISTS:
            setattr(s, name, [mask_of(_cards(h, name)) for h in _per_seat(data[name], name, n)])
        for name in _INT_TABLES:
            rows = data[name]
            if not isinstance(rows, list):
                raise CorruptRecord(f"state field {name!r} must be a list")
            setattr(s, name, [ints(x, name) for x in rows])
        for name in _MASK_TABLES:
            rows = _per_seat(data[name], name, n)
            setattr(s, name, [[mask_of(_cards(m, name)) for m in masks] for masks in rows])
        s.stock = mask_of(_cards(data["stock"], "stock"))
        explored = data["explored"]
        s.explored = -1 if explored is None else parse_card(str(explored))
        s.laid = [_cards(x, "laid") for x in _per_seat(data["laid"], "laid", n)]
        s.round_tricks = [(_owner(w, n), _cards(c, "round_tricks")) for w, c in data["round_tricks"]]
        s.setup_deals = {
            int(r): [_cards(h, "setup_deals") for h in hands] for r, hands in data["setup_deals"].items()
        }
    except CorruptRecord:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise CorruptRecord(f"state data is damaged: {err!r}") from None
    _check(s, OVER)
    s.deal = s.mission_data.deal
    return s


_IN_TURN = (SCROLLS, RESOURCES_PHASE, LAY, SPLIT_PHASE, HAND_OVER)


def _check(s: MegalomaniaState, over: int) -> None:
    """Every card and every scroll in exactly one place; indices and shapes in range."""
    n = s.n
    if not (0 <= s.turn < n and 0 <= s.dealer < n and 0 <= s.round <= 12 and 0 <= s.phase <= over):
        raise CorruptRecord("state has a seat, round or phase out of range")
    if s.mission not in s.game.missions:
        raise CorruptRecord(f"state names mission {s.mission}, which does not exist")
    for name in ("scrolls", "gone", "must", "told", "pvoid"):
        if len(getattr(s, name)) != n:
            raise CorruptRecord(f"state field {name!r} needs one entry per seat")
    if any(len(row) != n for row in (*s.told, *s.pvoid)):
        raise CorruptRecord("state's private knowledge needs one entry per pair of seats")
    for name in ("crystals", "cubes", "resource", "resource2", "round_bonus"):
        if len(getattr(s, name)) != n:
            raise CorruptRecord(f"state field {name!r} needs one entry per seat")
    if not all(0 <= q < n for q in s.queue) or not -1 <= s.effect_seat < n:
        raise CorruptRecord("state names a seat out of range")
    # the steps that seats take in turn: the queue holds them, the one deciding first
    in_turn = s.phase in _IN_TURN or (s.phase == SCROLL_STEP and s.asking == ASK_GIVE)
    if (in_turn and s.queue[:1] != [s.turn]) or (
        s.phase == SCROLL_STEP and s.asking == ASK_RETURN and not s.queue
    ):
        raise CorruptRecord("state's seats to act in turn (queue) do not fit its phase")
    trick = (s.t_seats, s.t_cards, s.t_colours, s.t_values, s.t_adv, s.t_power, s.t_cubes)
    lengths = {len(x) for x in trick}
    if len(lengths) != 1 or len(s.t_cards) > n or not -1 <= s.t_winner < max(1, len(s.t_cards)):
        raise CorruptRecord("state's trick in play is inconsistent")
    places = [*s.hands, *s.down, *s.out, s.stock, mask_of(s.t_cards), mask_of(s.turned)]
    places += [mask_of(cards) for _, cards in s.round_tricks]
    seen = 0
    for mask in places:
        if seen & mask:
            raise CorruptRecord("state holds a card in two places")
        seen |= mask
    if seen != ALL_CARDS:
        raise CorruptRecord("state has lost cards")
    for i in range(n):
        inside = s.hands[i]
        if (s.open[i] | s.split[i] | s.handing[i] | mask_of(s.laid[i])) & ~inside:
            raise CorruptRecord(f"seat {i}'s table cards or choices are not in its hand")
    held = [x for xs in (s.scroll_deck, s.used, s.drawn, *s.scrolls, *s.gone) for x in xs]
    if sorted(held) != sorted(s.game.scroll_data):
        raise CorruptRecord("state does not hold each of the 20 scrolls exactly once")
