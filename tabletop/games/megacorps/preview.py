"""What each Action on the board would do, for the seat deciding its turn's Action (issue 12): the
payout each seat would get, a war's two totals before donations, a purchase's price, veto and
payout, an intervention's outcome.  Only public facts go in (the board, money, mercenaries, the
governments), never a hand, the deck or a sealed choice, so a preview tells nothing hidden.
Made on demand (``MegaCorpsState.previews``, which front ends call), not in the seat's view: the
views that bots and environments read at every step do without them.

The previews are keyed by the action's text, for the legal choices only::

    {"payout aer": {"paid": [6, 3, 0]},
     "war jpn": {"attack": 7, "defence": 5, "defender": 2},
     "buy aer.jpn": {"price": 4, "veto": 2, "before": 3, "after": 6},
     "intervene med.chn": {"government": "democracy", "from": 1, "owner": -1, "paid": 4}}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import JSON
from . import rules
from .data import GOVERNMENTS
from .phases import TURN

if TYPE_CHECKING:
    from .state import MegaCorpsState


def previews(state: MegaCorpsState, seat: int) -> dict[str, JSON] | None:
    """The previews of ``seat``'s turn's Actions on the board (``State.previews``); None unless it
    decides its turn's Action, empty when no Action on the board has one."""
    if state.phase != TURN or seat != state.turn or seat not in state.to_act():
        return None
    found: dict[str, JSON] = {}
    board = state.game.board
    for action in state.legal_actions_for(seat):
        kind = action.kind
        if kind == "payout":
            found[action.text] = payout_preview(state, board.industry_index[action.arg])
        elif kind == "war":
            found[action.text] = war_preview(state, seat, board.country_index[action.arg])
        elif kind == "buy":
            found[action.text] = buy_preview(state, seat, board.code_of_company[action.arg])
        elif kind == "intervene":
            found[action.text] = intervention_preview(state, seat, board.code_of_company[action.arg])
    return found


def payout_preview(state: MegaCorpsState, industry: int) -> dict[str, JSON]:
    """What each seat would be paid if ``industry`` paid out now, with no event card played."""
    return {"paid": rules.payout_amounts(state, industry)}


def war_preview(state: MegaCorpsState, seat: int, country: int) -> dict[str, JSON]:
    """The war's two totals before anyone donates, and who defends (-1: nobody, the country alone)."""
    return {
        "attack": rules.attack_total(state, seat),
        "defence": rules.defence_total(state, country),
        "defender": state.country_owner[country],
    }


def buy_preview(state: MegaCorpsState, seat: int, company: int) -> dict[str, JSON]:
    """The price, the seat that may veto the purchase (antitrust; -1: none), and what a payout of the
    company's industry would pay the buyer now and once the company is his."""
    industry = state.game.board.company_industry[company]
    owners = list(state.owner)
    owners[company] = seat
    return {
        "price": state.game.data.economy.company_price,
        "veto": rules.needs_permission(state, seat, company),
        "before": rules.payout_amounts(state, industry)[seat],
        "after": paid_with(state, owners, industry, seat),
    }


def paid_with(state: MegaCorpsState, owners: list[int], industry: int, seat: int) -> int:
    """What ``seat`` would be paid if ``industry`` paid out with the companies' owners ``owners``."""
    board = state.game.board
    companies = board.companies_of_industry[industry]
    count = rules.count_competitors(owners, state.country_owner, companies, board.company_country)
    table = state.game.data.economy.payout
    each = table[min(max(0, count), len(table) - 1)]
    return each * sum(1 for c in companies if owners[c] == seat)


def intervention_preview(state: MegaCorpsState, seat: int, company: int) -> dict[str, JSON]:
    """The outcome by the country's government (MC54-MC57): the company's former owner, its new
    owner (a seat or a marker: -1 unowned, -2 Nationalized, -3 Syndicalized) and what the former
    owner is paid."""
    government = state.government[state.game.board.company_country[company]]
    owner, paid = rules.intervention_result(government, seat, state.game.data.economy)
    return {"government": GOVERNMENTS[government], "from": state.owner[company], "owner": owner, "paid": paid}
