"""The rulebook's computations, as plain functions of a state: competitors and payouts, antitrust,
intervention targets, mercenary sources, war totals, votes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .board import DORMANT, NATIONALIZED, SYNDICALIZED, UNOWNED
from .data import DEMOCRACY, DICTATORSHIP, KLEPTOCRACY, Economy

if TYPE_CHECKING:
    from .state import MegaCorpsState


def competitors(state: MegaCorpsState, industry: int) -> int:
    """The competitors in ``industry`` now (MC42-MC46)."""
    board = state.game.board
    return count_competitors(
        state.owner, state.country_owner, board.companies_of_industry[industry], board.company_country
    )


def count_competitors(
    owner: Sequence[int],
    country_owner: Sequence[int],
    companies: Sequence[int],
    company_country: Sequence[int],
) -> int:
    """Each unowned or Syndicalized company, each player owning any company there, and each
    Nationalized company unless its country's owner owns a company in the industry (a company
    not built yet is none).  On plain lists, so that a bot's model of a position uses it too."""
    owners: set[int] = set()
    count = 0
    for c in companies:
        o = owner[c]
        if o >= 0:
            owners.add(o)
        elif o in (UNOWNED, SYNDICALIZED):
            count += 1
    for c in companies:
        if owner[c] == NATIONALIZED:
            holder = country_owner[company_country[c]]
            if holder < 0 or holder not in owners:
                count += 1
    return count + len(owners)


def intervention_result(government: int, holder: int, economy: Economy) -> tuple[int, int]:
    """A Government Intervention's outcome by the country's government (MC54-MC57): the company's
    new owner (a seat or a marker) and what its former owner is paid."""
    if government == DEMOCRACY:
        return UNOWNED, economy.divest_compensation
    if government == KLEPTOCRACY:
        return holder, 0
    if government == DICTATORSHIP:
        return NATIONALIZED, 0
    return SYNDICALIZED, economy.syndicalize_compensation  # a Wikisyndicalism


def rate(state: MegaCorpsState, industry: int, modifier: int = 0) -> int:
    """What each owned company of ``industry`` earns (the payout table; 5 or more pay alike)."""
    table = state.game.data.economy.payout
    count = max(0, competitors(state, industry) + modifier)
    return table[min(count, len(table) - 1)]


def payout_amounts(state: MegaCorpsState, industry: int, modifier: int = 0) -> list[int]:
    """What each seat earns if ``industry`` pays out now (MC47-MC49)."""
    each = rate(state, industry, modifier)
    amounts = [0] * state.n
    for c in state.game.board.companies_of_industry[industry]:
        o = state.owner[c]
        if o >= 0:
            amounts[o] += each
    return amounts


def holdings(state: MegaCorpsState, seat: int, industry: int) -> int:
    return sum(1 for c in state.game.board.companies_of_industry[industry] if state.owner[c] == seat)


def countries_of(state: MegaCorpsState, seat: int) -> list[int]:
    return [k for k, o in enumerate(state.country_owner) if o == seat]


def buyable(state: MegaCorpsState, seat: int) -> list[int]:
    """Companies ``seat`` may try to buy (unowned, built, not vetoed this turn), if it can pay."""
    if state.money[seat] < state.game.data.economy.company_price:
        return []
    return [c for c, o in enumerate(state.owner) if o == UNOWNED and c not in state.vetoed]


def needs_permission(state: MegaCorpsState, seat: int, company: int) -> int:
    """The seat whose permission ``seat`` needs to buy ``company`` (antitrust, MC34, MC36), or -1."""
    board = state.game.board
    country = board.company_country[company]
    holder = state.country_owner[country]
    if holder < 0 or holder == seat or board.neutral[country]:
        return -1
    industry = board.company_industry[company]
    others = (c for c in board.companies_of_industry[industry] if c != company)
    return holder if any(state.owner[c] == seat for c in others) else -1


def intervention_targets(state: MegaCorpsState, seat: int) -> list[int]:
    """Companies of other players in countries ``seat`` controls (MC53, ruling on targets)."""
    board = state.game.board
    found = []
    for k, holder in enumerate(state.country_owner):
        if holder == seat and not board.neutral[k]:
            found += [
                c for c in board.companies_of_country[k] if state.owner[c] >= 0 and state.owner[c] != seat
            ]
    return found


def mercenary_industries(state: MegaCorpsState) -> list[int]:
    """Defense, and Biotech once Clone Soldiers is played (MC59-MC62)."""
    index = state.game.board.industry_index
    found = [index["def"]] if "def" in index else []
    if state.clones and "bio" in index:
        found.append(index["bio"])
    return found


def mercenary_companies(state: MegaCorpsState) -> list[int]:
    board = state.game.board
    return [
        c
        for i in mercenary_industries(state)
        for c in board.companies_of_industry[i]
        if state.owner[c] != DORMANT
    ]


def free_mercenaries(state: MegaCorpsState, seat: int) -> int:
    return sum(1 for c in mercenary_companies(state) if state.owner[c] == seat)


def bank_mercenaries(state: MegaCorpsState) -> int:
    """How many mercenaries may be bought from the bank: one per unowned, Nationalized or
    Syndicalized Defense (Biotech) company."""
    return sum(
        1 for c in mercenary_companies(state) if state.owner[c] in (UNOWNED, NATIONALIZED, SYNDICALIZED)
    )


def sellers(state: MegaCorpsState, buyer: int) -> list[int]:
    """The companies whose owners (other players) may sell one mercenary each, in clockwise order
    of their owners from the buyer's left, then in board order."""
    n = state.n
    companies = [c for c in mercenary_companies(state) if state.owner[c] >= 0 and state.owner[c] != buyer]
    return sorted(companies, key=lambda c: ((state.owner[c] - buyer) % n, c))


def attack_total(state: MegaCorpsState, attacker: int) -> int:
    """The Force of every country the attacker controls plus his mercenaries (MC68)."""
    countries = state.game.board.countries
    return sum(countries[k].force for k in countries_of(state, attacker)) + state.mercs[attacker]


def defence_total(state: MegaCorpsState, country: int) -> int:
    """The attacked country's Defense plus its defender's mercenaries (MC69, MC75)."""
    holder = state.country_owner[country]
    helpers = state.mercs[holder] if holder >= 0 else state.lent
    return state.game.board.countries[country].defense + helpers


def war_targets(state: MegaCorpsState, seat: int) -> list[int]:
    """Countries ``seat`` may attack: any it does not control but the independent places."""
    if state.mercs[seat] < 1:
        return []
    board = state.game.board
    return [k for k, o in enumerate(state.country_owner) if o != seat and not board.neutral[k]]


def votes(state: MegaCorpsState, seat: int) -> int:
    """A seat's votes in an election: one per Media company it owns (MC91)."""
    index = state.game.board.industry_index.get("med")
    return 0 if index is None else holdings(state, seat, index)


def countries_of_government(state: MegaCorpsState, government: int) -> list[int]:
    return [k for k, g in enumerate(state.government) if g == government]


def democracies(state: MegaCorpsState) -> list[int]:
    return countries_of_government(state, DEMOCRACY)


def kleptocracies(state: MegaCorpsState) -> list[int]:
    return countries_of_government(state, KLEPTOCRACY)
