"""A state to JSON and back.  Reading checks the data and that every card is in one place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.errors import CorruptRecord
from ...core.protocol import JSON
from .cards import ALL_CARDS, CARD_TEXT, mask_of, parse_card, texts

if TYPE_CHECKING:
    from .game import Megalomania
    from .state import MegalomaniaState

FORMAT = "megalomania-state/1"
_INTS = (
    "seed", "counter", "round", "dealer", "mission", "phase", "turn", "leader", "farmer", "round_cards",
)  # fmt: skip
_BOOLS = ("dwarf", "wizard", "knight", "emperor")
_INT_LISTS = (
    "mission_deck", "missions_played", "scroll_deck", "crystals", "cubes", "resource",
    "t_seats", "t_colours", "t_values", "t_cubes",
)  # fmt: skip
_MASK_LISTS = ("hands", "forbidden", "known")


def state_to_json(s: MegalomaniaState) -> dict[str, JSON]:
    out: dict[str, JSON] = {"format": FORMAT, "players": s.n}
    for name in _INTS + _BOOLS + _INT_LISTS:
        value = getattr(s, name)
        out[name] = list(value) if isinstance(value, list) else value
    for name in _MASK_LISTS:
        out[name] = [texts(m) for m in getattr(s, name)]
    out["stock"] = texts(s.stock)
    out["t_cards"] = [CARD_TEXT[c] for c in s.t_cards]
    out["t_adv"] = list(s.t_adv)
    out["t_power"] = list(s.t_power)
    out["explored"] = CARD_TEXT[s.explored] if s.explored >= 0 else None
    out["scrolls"] = [list(x) for x in s.scrolls]
    out["must"] = [[texts(m) for m in masks] for masks in s.must]
    out["round_tricks"] = [[w, [CARD_TEXT[c] for c in cards]] for w, cards in s.round_tricks]
    out["points"] = [list(p) for p in s.points]
    out["setup_deals"] = {str(r): [texts(m) for m in masks] for r, masks in s.setup_deals.items()}
    return out


def _ints(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not all(type(x) is int for x in value):
        raise CorruptRecord(f"state field {name!r} must be a list of integers")
    return list(value)


def _cards(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise CorruptRecord(f"state field {name!r} must be a list of cards")
    try:
        return [parse_card(x) for x in value]
    except ValueError as err:
        raise CorruptRecord(f"state field {name!r}: {err}") from None


def state_from_json(game: Megalomania, data: Mapping[str, JSON]) -> MegalomaniaState:
    from .state import OVER, MegalomaniaState

    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise CorruptRecord(f"not a {FORMAT} object")
    if data.get("players") != game.players:
        raise CorruptRecord(f"state is for {data.get('players')} players, game for {game.players}")
    try:
        s = MegalomaniaState(game)
        for name in _INTS:
            if type(data[name]) is not int:
                raise CorruptRecord(f"state field {name!r} must be an integer")
            setattr(s, name, data[name])
        for name in _BOOLS:
            if type(data[name]) is not bool:
                raise CorruptRecord(f"state field {name!r} must be true or false")
            setattr(s, name, data[name])
        for name in _INT_LISTS:
            setattr(s, name, _ints(data[name], name))
        for name in _MASK_LISTS:
            hands = data[name]
            if not isinstance(hands, list) or len(hands) != s.n:
                raise CorruptRecord(f"state field {name!r} needs one entry per seat")
            setattr(s, name, [mask_of(_cards(h, name)) for h in hands])
        s.stock = mask_of(_cards(data["stock"], "stock"))
        s.t_cards = _cards(data["t_cards"], "t_cards")
        s.t_adv = [bool(x) for x in data["t_adv"]]
        s.t_power = [bool(x) for x in data["t_power"]]
        explored = data["explored"]
        s.explored = -1 if explored is None else parse_card(str(explored))
        s.scrolls = [_ints(x, "scrolls") for x in data["scrolls"]]
        s.must = [[mask_of(_cards(m, "must")) for m in masks] for masks in data["must"]]
        if len(s.must) != s.n:
            raise CorruptRecord("state field 'must' needs one entry per seat")
        s.round_tricks = [(int(w), _cards(c, "round_tricks")) for w, c in data["round_tricks"]]
        s.points = [_ints(p, "points") for p in data["points"]]
        s.setup_deals = {
            int(r): [mask_of(_cards(h, "setup_deals")) for h in hands]
            for r, hands in data["setup_deals"].items()
        }
    except CorruptRecord:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise CorruptRecord(f"state data is damaged: {err!r}") from None
    _check(s, OVER)
    return s


def _check(s: MegalomaniaState, over: int) -> None:
    """Every card in exactly one place; indices in range."""
    n = s.n
    if not (0 <= s.turn < n and 0 <= s.dealer < n and 0 <= s.round <= 12 and 0 <= s.phase <= over):
        raise CorruptRecord("state has a seat, round or phase out of range")
    if s.mission not in s.game.missions:
        raise CorruptRecord(f"state names mission {s.mission}, which does not exist")
    trick = (s.t_seats, s.t_cards, s.t_colours, s.t_values, s.t_adv, s.t_power, s.t_cubes)
    lengths = {len(x) for x in trick}
    if len(lengths) != 1 or len(s.t_cards) > n:
        raise CorruptRecord("state's trick in play is inconsistent")
    places = [*list(s.hands), s.stock, mask_of(s.t_cards)]
    places += [mask_of(cards) for _, cards in s.round_tricks]
    seen = 0
    for mask in places:
        if seen & mask:
            raise CorruptRecord("state holds a card in two places")
        seen |= mask
    if seen != ALL_CARDS:
        raise CorruptRecord("state has lost cards")
