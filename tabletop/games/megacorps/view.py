"""What one seat may see: the whole board, all money and mercenaries (public, MC12), its own event
cards only, how many the others hold, the deck's size; no sealed bid or vote but its own until the
reveal; an offer's event cards only if it is one of the two traders.  What each Action on the
board would do is not in the view: front ends ask for it (``MegaCorpsState.previews``, preview.py).

The decision in progress shows what a player at the table sees of it, so that a state rebuilt from
a view (tabletop/client/worlds/megacorps.py) goes on as the true one: the companies already vetoed
this turn, which company a mercenary's price is for, whether a mercenary changed hands in the
donation lap (another lap follows), whose payout it is (the Action's or an event card's) and the
seats its window still asks, and to the maker of an offer being composed, its money as the amounts
added (each is one of the offer's items)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.protocol import JSON, spectator_view
from . import phases, rules, trade
from .data import GOVERNMENTS

if TYPE_CHECKING:
    from .state import MegaCorpsState


def public_view(state: MegaCorpsState) -> dict[str, JSON]:
    board = state.game.board
    codes = board.card_code_of
    country_owner = state.country_owner
    return {
        "game": "megacorps",
        "players": state.n,
        "round": state.round,
        "phase": phases.PHASE_NAMES[state.phase],
        "to_act": list(state.to_act()),
        "turn": state.turn,
        "active": state.active,
        "active_passed": state.passed,  # the card passed at once this round, its holder having left
        "corporations": list(map(board.corporation_code.__getitem__, state.corps)),
        "money": list(state.money),
        "mercs": list(state.mercs),
        "cards": list(map(len, state.hands)),
        "left": list(state.left),
        "deck": len(state.deck),
        "box": len(state.box),
        "discard": list(map(codes.__getitem__, state.discard)),
        "paid": state.paid,
        "payout_done": state.payout_done,
        "clones": state.clones,
        "companies": dict(zip(board.company_code, state.owner, strict=True)),
        "countries": dict(zip(board.owned_code, map(country_owner.__getitem__, board.owned), strict=True)),
        "governments": dict(
            zip(board.country_code, map(GOVERNMENTS.__getitem__, state.government), strict=True)
        ),
        "offers_left": state.offers_left,
        "draft_left": state.draft_left,
        "winners": list(state.winners),
        "decision": decision(state),
    }


def decision(state: MegaCorpsState) -> dict[str, JSON]:
    """The public context of the decision in progress."""
    board = state.game.board
    phase = state.phase
    found: dict[str, JSON] = {}
    if phase == phases.TARGET and state.card >= 0:
        found["card"] = board.card_code(state.card)
    if phase in (phases.VETO, phases.PRICE) and state.target >= 0:
        found["company"] = board.company_code[state.target]
        found["buyer"] = state.turn
    if phase in (phases.VETO, phases.REBUY):  # vetoed this turn: the buyer may not try them again
        found["vetoed"] = list(map(board.company_code.__getitem__, state.vetoed))
    if phase == phases.PAY:
        found["price"] = state.price
        found["seller"] = state.sale[0]
        found["company"] = board.company_code[state.target]  # the seller's company the price is for
    if phase in (phases.DONATE, phases.SALE, phases.WAR_GI):
        country = state.target
        found.update(
            {
                "attacker": state.turn,
                "defender": state.war_defender,
                "country": board.countries[country].code,
                "lent": state.lent,
                "lap": state.laps,
            }
        )
        if phase == phases.WAR_GI:  # the totals the war was fought with, not those of the board after it
            found["attack"], found["defence"] = state.war_totals
        else:
            found["attack"] = rules.attack_total(state, state.turn)
            found["defence"] = rules.defence_total(state, country)
            found["lap_changed"] = state.lap_changed  # one given or sold: another lap (up to the limit)
        if phase == phases.SALE:
            found["seller"], found["side"], found["price"] = state.sale[0], "ad"[state.sale[1]], state.sale[2]
    if phase == phases.RESPOND:
        industry = state.payout_industry
        found["industry"] = board.industries[industry].code
        found["modifier"] = state.payout_modifier
        found["paid"] = rules.payout_amounts(state, industry, state.payout_modifier)
        found["action"] = state.payout_after == 0  # the turn's Action, not an event card
        found["to_ask"] = list(state.pending)  # the seats still to answer, the one asked first
    if phase in (phases.BID, phases.VOTE):
        found["country"] = board.countries[state.target].code
        found["decided"] = [s for s, v in enumerate(state.sealed) if v != -1 and not state.left[s]]
    if phase in (phases.COMPOSE, phases.ANSWER):
        found["from"] = state.turn
        found["to"] = state.offer_to
    if phase == phases.ANSWER:
        found["give"] = trade.describe(state, state.draft_give, False)
        found["ask"] = trade.describe(state, state.draft_ask, False)
    return found


def private_part(
    state: MegaCorpsState, seat: int, view: dict[str, JSON], mine: dict[str, JSON]
) -> dict[str, JSON]:
    """``mine`` (``view``, the public part, or a copy of it) with ``seat``'s own keys added."""
    board = state.game.board
    mine["seat"] = seat
    codes = board.card_code_of
    mine["hand"] = list(map(codes.__getitem__, state.hands[seat]))
    mine["legal"] = state.legal_texts_for(seat)
    known = state.known
    mine["known"] = [[known[i + 1], codes[known[i + 2]]] for i in range(0, len(known), 3) if known[i] == seat]
    phase = state.phase
    if phase in (phases.BID, phases.VOTE) and state.sealed and state.sealed[seat] != -1:
        mine["decision"] = {**view["decision"], "mine": state.sealed[seat]}
    if (phase == phases.COMPOSE and seat == state.turn) or (
        phase == phases.ANSWER and seat in (state.turn, state.offer_to)
    ):
        shown = dict(view["decision"])
        shown["give"] = trade.describe(state, state.draft_give, True)
        shown["ask"] = trade.describe(state, state.draft_ask, False)
        if phase == phases.COMPOSE:  # the money as added: each amount is one of the offer's items
            shown["money_items"] = [
                i - trade.MONEY for i in state.draft_give + state.draft_ask if i >= trade.MONEY
            ]
        mine["decision"] = shown
    return mine


def build_view(state: MegaCorpsState, seat: int | None) -> dict[str, JSON]:
    view = public_view(state)
    return spectator_view(view) if seat is None else private_part(state, seat, view, view)


def build_views(state: MegaCorpsState, seats: Sequence[int | None]) -> list[dict[str, JSON]]:
    shared = public_view(state)
    found: list[dict[str, JSON]] = []
    for seat in seats:
        if seat is None:
            found.append({**shared, "seat": None, "legal": []})
        else:
            found.append(private_part(state, seat, shared, dict(shared)))
    return found
