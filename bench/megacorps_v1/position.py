"""The public position of a MegaCorps game as the heuristic reads it, and what moves do to it.

``Tables`` is one game's board as flat tables (built once per game, kept while the game lives).
``Model`` is the public position as plain lists: who owns each company and country, the
governments, each seat's money, mercenaries and event cards, the rounds left; it is read from a
seat's view (the heuristic) or from a full state (the search, which holds only worlds it sampled).
The moves (a purchase, a payout, a Government Intervention, a country changing hands) return a
changed copy for the valuation (worth.py) to score; the original is never changed.
"""

from __future__ import annotations

from typing import cast

from tabletop.agents.pergame import PerGame
from tabletop.core.protocol import JSON
from tabletop.games.megacorps.data import GOVERNMENTS
from tabletop.games.megacorps.game import MegaCorps
from tabletop.games.megacorps.rules import count_competitors, intervention_result
from tabletop.games.megacorps.state import MegaCorpsState


class Tables:
    """One game's board as flat tables (built once per game)."""

    def __init__(self, game: MegaCorps) -> None:
        board, data = game.board, game.data
        self.game = game
        self.industry = board.company_industry
        self.country = board.company_country
        self.codes = board.company_code
        self.code_of_company = board.code_of_company
        self.industries = tuple(ind.code for ind in board.industries)
        self.industry_index = board.industry_index
        self.countries = tuple(c.code for c in board.countries)
        self.country_index = board.country_index
        self.of_industry = board.companies_of_industry
        self.of_country = board.companies_of_country
        self.neutral = board.neutral
        self.force = tuple(c.force for c in board.countries)
        self.defense = tuple(c.defense for c in board.countries)
        self.events = board.events
        self.event_index = board.event_index
        self.economy = data.economy
        self.table = data.economy.payout
        self.price = data.economy.company_price
        self.defence_industry = board.industry_index.get("def", -1)
        self.bio = board.industry_index.get("bio", -1)
        self.media = board.industry_index.get("med", -1)


_TABLES: PerGame[MegaCorps, Tables] = PerGame(Tables)


def tables_of(game: MegaCorps) -> Tables:
    return _TABLES.get(game)


class Model:
    """The public position, as plain lists that a decision may change on a copy."""

    __slots__ = (
        "cards",
        "clones",
        "country_owner",
        "deck",
        "government",
        "left",
        "mercs",
        "money",
        "n",
        "owner",
        "paid",
        "payout_done",
        "t",
    )

    def __init__(self, t: Tables, n: int) -> None:
        self.t = t
        self.n = n
        self.owner: list[int] = []
        self.country_owner: list[int] = []
        self.government: list[int] = []
        self.money: list[int] = []
        self.mercs: list[int] = []
        self.cards: list[int] = []
        self.left: list[bool] = []
        self.deck = 0
        self.paid = -1
        self.payout_done = False
        self.clones = False

    @classmethod
    def from_view(cls, game: MegaCorps, view: dict[str, JSON]) -> Model:
        t = tables_of(game)
        m = cls(t, int(cast(int, view["players"])))
        companies = cast(dict[str, int], view["companies"])
        countries = cast(dict[str, int], view["countries"])
        governments = cast(dict[str, str], view["governments"])
        m.owner = [companies[code] for code in t.codes]
        m.country_owner = [countries.get(code, -1) for code in t.countries]
        m.government = [GOVERNMENTS.index(governments[code]) for code in t.countries]
        m.money = list(cast(list[int], view["money"]))
        m.mercs = list(cast(list[int], view["mercs"]))
        m.cards = list(cast(list[int], view["cards"]))
        m.left = list(cast(list[bool], view["left"]))
        m.deck = cast(int, view["deck"])
        m.paid = cast(int, view["paid"])
        m.payout_done = bool(view["payout_done"])
        m.clones = bool(view["clones"])
        return m

    @classmethod
    def from_state(cls, state: MegaCorpsState) -> Model:
        """The public part of a full state (the search reads its own sampled worlds)."""
        m = cls(tables_of(state.game), state.n)
        m.owner = list(state.owner)
        m.country_owner = list(state.country_owner)
        m.government = list(state.government)
        m.money = list(state.money)
        m.mercs = list(state.mercs)
        m.cards = [len(h) for h in state.hands]
        m.left = list(state.left)
        m.deck = len(state.deck)
        m.paid = state.paid
        m.payout_done = state.payout_done
        m.clones = state.clones
        return m

    @classmethod
    def of_state(cls, state: MegaCorpsState) -> Model:
        """The public part of a full state, sharing its lists: to read, never to change."""
        m = cls(tables_of(state.game), state.n)
        m.owner = state.owner
        m.country_owner = state.country_owner
        m.government = state.government
        m.money = state.money
        m.mercs = state.mercs
        m.cards = [len(h) for h in state.hands]
        m.left = state.left
        m.deck = len(state.deck)
        m.paid = state.paid
        m.payout_done = state.payout_done
        m.clones = state.clones
        return m

    def copy(self) -> Model:
        m = Model(self.t, self.n)
        m.owner = list(self.owner)
        m.country_owner = list(self.country_owner)
        m.government = list(self.government)
        m.money = list(self.money)
        m.mercs = list(self.mercs)
        m.cards = list(self.cards)
        m.left = self.left
        m.deck, m.paid, m.payout_done, m.clones = self.deck, self.paid, self.payout_done, self.clones
        return m

    def players(self) -> list[int]:
        return [s for s in range(self.n) if not self.left[s]]


# ---------------------------------------------------------------------------- what moves do


def holdings(m: Model, seat: int, industry: int) -> int:
    return sum(1 for c in m.t.of_industry[industry] if m.owner[c] == seat)


def bought(m: Model, seat: int, company: int, price: int) -> Model:
    out = m.copy()
    out.owner[company] = seat
    out.money[seat] -= price
    return out


def paid_out(m: Model, seat: int, industry: int, by_action: bool, modifier: int = 0) -> Model:
    out = m.copy()
    for s, amount in enumerate(payout_amounts(m, industry, modifier)):
        out.money[s] += amount
    if by_action:
        out.payout_done = True
        out.paid = seat
    return out


def payout_amounts(m: Model, industry: int, modifier: int = 0) -> list[int]:
    """What each seat earns if ``industry`` pays out now (with Oversupply/Shortages' modifier)."""
    table = m.t.table
    rate = table[min(max(0, competitors(m, industry) + modifier), len(table) - 1)]
    amounts = [0] * m.n
    for c in m.t.of_industry[industry]:
        if m.owner[c] >= 0:
            amounts[m.owner[c]] += rate
    return amounts


def competitors(m: Model, industry: int) -> int:
    t = m.t
    return count_competitors(m.owner, m.country_owner, t.of_industry[industry], t.country)


def intervened(m: Model, holder: int, company: int) -> Model:
    """Government Intervention by ``holder``, by the government of the company's country."""
    out = m.copy()
    former = out.owner[company]
    government = out.government[m.t.country[company]]
    out.owner[company], paid = intervention_result(government, holder, m.t.economy)
    out.money[former] += paid
    return out


def with_country(m: Model, country: int, seat: int) -> Model:
    out = m.copy()
    out.country_owner[country] = seat
    return out
