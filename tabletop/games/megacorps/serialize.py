"""A MegaCorps state to JSON and back, every field checked (a corrupt save is refused, naming the
field)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.errors import CorruptRecord
from ...core.fields import bools, check_header, flag, integer, ints
from ...core.protocol import JSON
from .board import DORMANT, TALLY
from .offers import Offer
from .phases import BID, OVER, PHASE_NAMES, RESPOND, VOTE
from .trade import CARD, MERC

if TYPE_CHECKING:
    from .game import MegaCorps
    from .state import MegaCorpsState

FORMAT = "megacorps-state/1"
OPTIONAL: dict[str, Any] = {"offers": [], "next_offer": 1, "passed": False}  # absent from older states
# (field, kind): "int", "bool", "ints" (a list of integers), "hands" (a list of lists), "offers"
# (offers.Offer.to_json each)
FIELDS = (
    ("seed", "int"),
    ("counter", "int"),
    ("corps", "ints"),
    ("money", "ints"),
    ("mercs", "ints"),
    ("hands", "hands"),
    ("deck", "ints"),
    ("box", "ints"),
    ("discard", "ints"),
    ("known", "ints"),
    ("owner", "ints"),
    ("country_owner", "ints"),
    ("government", "ints"),
    ("left", "bools"),
    ("round", "int"),
    ("active", "int"),
    ("turn", "int"),
    ("order", "ints"),
    ("paid", "int"),
    ("payout_done", "bool"),
    ("clones", "bool"),
    ("phase", "int"),
    ("seat", "int"),
    ("draft_left", "int"),
    ("target", "int"),
    ("card", "int"),
    ("vetoed", "ints"),
    ("sellers", "ints"),
    ("price", "int"),
    ("war_defender", "int"),
    ("lent", "int"),
    ("war_totals", "ints"),
    ("donors", "ints"),
    ("laps", "int"),
    ("lap_changed", "bool"),
    ("sale", "ints"),
    ("payout_industry", "int"),
    ("payout_modifier", "int"),
    ("payout_slot", "int"),
    ("payout_after", "int"),
    ("pending", "ints"),
    ("sealed", "ints"),
    ("offer_to", "int"),
    ("offers_left", "int"),
    ("draft_give", "ints"),
    ("draft_ask", "ints"),
    ("offers", "offers"),
    ("next_offer", "int"),
    ("winners", "ints"),
    ("first_active", "int"),
    ("passed", "bool"),
    ("start_owner", "ints"),
    ("tally", "ints"),
)


def state_to_json(state: MegaCorpsState) -> dict[str, JSON]:
    data: dict[str, JSON] = {"format": FORMAT, "players": state.n}
    for name, kind in FIELDS:
        value = getattr(state, name)
        if kind == "offers":
            data[name] = [offer.to_json() for offer in value]
        else:
            data[name] = (
                [list(h) for h in value]
                if kind == "hands"
                else list(value)
                if isinstance(value, list)
                else value
            )
    return data


def state_from_json(game: MegaCorps, data: Mapping[str, JSON]) -> MegaCorpsState:
    from .state import MegaCorpsState

    check_header(data, FORMAT, game.players)
    state = MegaCorpsState(game)
    for name, kind in FIELDS:
        setattr(state, name, _read(data, name, kind))
    _check(game, state)
    return state


def _read(data: Mapping[str, Any], name: str, kind: str) -> Any:
    if name in OPTIONAL and name not in data:  # a state saved before offers were moves of the game
        return OPTIONAL[name]
    if kind == "offers":
        return _offers(data.get(name))
    if kind == "int":
        return integer(data, name)
    if kind == "bool":
        return flag(data, name)
    if kind == "bools":
        return bools(data.get(name), name)
    if kind == "hands":
        value = data.get(name)
        if not isinstance(value, list):
            raise CorruptRecord(f"state field {name!r} must be a list of lists")
        return [ints(h, name) for h in value]
    return ints(data.get(name), name)


def _offers(value: Any) -> list[Offer]:
    if not isinstance(value, list):
        raise CorruptRecord("state field 'offers' must be a list")
    found = []
    for item in value:
        if not isinstance(item, list) or len(item) != 6 or type(item[5]) is not bool:
            raise CorruptRecord("an offer is [number, from, to, given, asked, accepted]")
        number, frm, to = ints(item[:3], "offers")
        found.append(Offer(number, frm, to, ints(item[3], "offers"), ints(item[4], "offers"), item[5]))
    return found


def _check_offers(state: MegaCorpsState, fail: Callable[[str], None]) -> None:
    n, numbers, promised = state.n, set[int](), list[int]()
    for offer in state.offers:
        if offer.number in numbers or not 0 < offer.number < state.next_offer:
            fail(f"offer {offer.number} is numbered twice or beyond the next ({state.next_offer})")
        numbers.add(offer.number)
        if not (0 <= offer.frm < n and 0 <= offer.to < n) or offer.frm == offer.to:
            fail(f"offer {offer.number} is between seats that cannot trade")
        cards = [i - CARD for i in offer.give if CARD <= i < MERC]
        if any(c not in state.hands[offer.frm] for c in cards) or any(CARD <= i < MERC for i in offer.ask):
            fail(f"offer {offer.number} gives an event card its maker does not hold, or asks for one")
        promised += cards
    if len(promised) != len(set(promised)):
        fail("an event card is promised in two offers")


def _check(game: MegaCorps, state: MegaCorpsState) -> None:
    """Sizes, ranges and the cards: every card in exactly one place."""
    n, board = game.players, game.board

    def fail(problem: str) -> None:
        raise CorruptRecord(f"saved MegaCorps state: {problem}")

    for name in ("corps", "money", "mercs", "left", "hands"):
        if len(getattr(state, name)) != n:
            fail(f"{name} needs {n} entries")
    if len(state.owner) != len(board.company_code) or len(state.country_owner) != len(board.countries):
        fail("the board does not match the game's data")
    if len(state.government) != len(board.countries) or not all(0 <= g <= 4 for g in state.government):
        fail("governments out of range")
    if any(not DORMANT <= o < n for o in state.owner) or any(not -1 <= o < n for o in state.country_owner):
        fail("an owner is out of range")
    if any(not 0 <= c < len(game.data.corporations) for c in state.corps) or len(set(state.corps)) != n:
        fail("corporations out of range or repeated")
    if len(state.war_totals) != 2 or len(state.tally) != len(TALLY):
        fail("war totals or tallies of the wrong size")
    if any(m < 0 for m in state.mercs):
        fail("a negative mercenary count")
    if not 0 <= state.phase <= OVER:
        fail(f"phase must be 0 to {len(PHASE_NAMES) - 1}")
    seats = (state.active, state.turn, state.seat)
    if any(not 0 <= s < n for s in seats) or not -1 <= state.paid < n:
        fail("a seat is out of range")
    if any(not 0 <= s < n for s in state.pending + state.order + state.donors):
        fail("a seat is out of range")
    if state.phase in (BID, VOTE) and (not state.pending or len(state.sealed) != n):
        fail("sealed choices without seats to ask")
    if state.phase == RESPOND and state.pending[:1] != [state.seat]:
        fail("the holder asked to respond is not the first of those still to ask")
    cards = [c for h in state.hands for c in h] + state.deck + state.box + state.discard
    if sorted(cards) != list(range(board.cards)):
        fail("the event cards are not each in exactly one place")
    if any(not 0 <= c < len(board.company_code) for c in state.vetoed + state.sellers):
        fail("a company is out of range")
    known = state.known
    if len(known) % 3 or any(
        not (0 <= known[i] < n and 0 <= known[i + 1] < n and known[i + 2] in state.hands[known[i + 1]])
        for i in range(0, len(known), 3)
    ):
        fail("a known card is not where it is said to be")
    if state.phase != OVER and state.seat < 0:
        fail("nobody is asked")
    _check_offers(state, fail)
