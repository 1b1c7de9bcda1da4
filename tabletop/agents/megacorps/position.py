"""The public position of a MegaCorps game as the heuristic reads it, and what moves do to it.

``Tables`` is one game's board as flat tables (built once per game, kept while the game lives).
``Model`` is the public position as plain lists: who owns each company and country, the
governments, each seat's money, mercenaries and event cards, the rounds left; it is read from a
seat's view (the heuristic) or from a full state (the search, which holds only worlds it sampled).
The moves (a purchase, a payout, a Government Intervention, a country changing hands) return a
changed copy for the valuation (worth.py) to score; the original is never changed.  A copy shares
the lists it does not change with the original (``Model.share``): no list of a model is changed
once another model may share it.
"""

from __future__ import annotations

from typing import Final, cast

from ...core.protocol import JSON
from ...games.megacorps.board import NATIONALIZED, SYNDICALIZED, UNOWNED
from ...games.megacorps.data import GOVERNMENTS
from ...games.megacorps.game import MegaCorps
from ...games.megacorps.rules import count_competitors, intervention_result
from ...games.megacorps.state import MegaCorpsState
from ..pergame import PerGame

GOVERNMENT_INDEX: Final = {name: g for g, name in enumerate(GOVERNMENTS)}
# what a per-industry valuation depends on: the rates, the holdings, who plays, the rounds left
KeptKey = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...], int, bool]
# what a board worth depends on: who owns each company and country, the governments, who plays, the
# rounds left
BoardKey = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[bool, ...], int, bool]
# the whole public position (``position_key``)
PositionKey = tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[bool, ...],
    int,
    int,
    bool,
    bool,
]


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
        # worth.py's per-industry valuations, by what they depend on (kept while the game lives)
        self.kept: dict[KeptKey, list[float]] = {}
        # worth.recall's board worths (and stats) of the positions decided on, by the board
        self.boards: dict[BoardKey, tuple[list[float], tuple[list[int], list[int]], list[float]]] = {}
        # trades.best_offer's offers (trades.Offer or None), by seat, receiver and position
        self.offers: dict[tuple[int, int, PositionKey], object] = {}


_TABLES: PerGame[MegaCorps, Tables] = PerGame(Tables)


def tables_of(game: MegaCorps) -> Tables:
    return _TABLES.get(game)


class Model:
    """The public position, as plain lists that a decision may change on a copy."""

    __slots__ = (
        "board",
        "cards",
        "clones",
        "country_owner",
        "deck",
        "government",
        "left",
        "mercs",
        "money",
        "moved",
        "n",
        "owner",
        "paid",
        "parent",
        "payout_done",
        "per",
        "stats",
        "t",
        "terms",
        "weights",
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
        # each seat's worth from its companies (worth.board_values), once valued; kept by a copy
        # that changes only money, mercenaries or cards (``copy(money_only=True)``)
        self.board: list[float] | None = None
        # industry_stats_flat once counted; kept (and brought up to date industry by industry) by the
        # moves below; never changed in place
        self.stats: tuple[list[int], list[int]] | None = None
        # worth._per_industry once valued; kept by a copy with the same stats, players, rounds left
        self.per: list[float] | None = None
        # the position this one was made from by a move that changed only the companies ``moved``
        # (in order; none for a Payout Action), so that worth.py may value it from the parent's
        # ``terms`` (worth.Terms, once the parent was valued so)
        self.parent: Model | None = None
        self.moved: list[int] = []
        self.terms: object = None
        # worth.py's share weights of ``stats`` and the players, once weighed (kept with the stats)
        self.weights: list[float] | None = None

    @classmethod
    def from_view(cls, game: MegaCorps, view: dict[str, JSON]) -> Model:
        t = tables_of(game)
        m = cls(t, int(cast(int, view["players"])))
        companies = cast(dict[str, int], view["companies"])
        countries = cast(dict[str, int], view["countries"])
        governments = cast(dict[str, str], view["governments"])
        if tuple(companies) == t.codes:  # the board's order, as the engine's view gives it
            m.owner = list(companies.values())
        else:
            m.owner = [companies[code] for code in t.codes]
        m.country_owner = [countries.get(code, -1) for code in t.countries]
        index = GOVERNMENT_INDEX
        m.government = [index[governments[code]] for code in t.countries]
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

    def copy(self, money_only: bool = False) -> Model:
        """A copy to change; ``money_only``: only its money, mercenaries or cards will change, so it
        keeps the valuation of the board (but not its weights)."""
        m = self.share()
        if money_only:
            m.board, m.stats, m.per, m.terms = self.board, self.stats, self.per, self.terms
        m.owner = list(self.owner)
        m.country_owner = list(self.country_owner)
        m.government = list(self.government)
        m.money = list(self.money)
        m.mercs = list(self.mercs)
        m.cards = list(self.cards)
        return m

    def share(self, keep_board: bool = False) -> Model:
        """A copy sharing every list with this one: the caller gives it a list of its own before
        changing one (the moves below do).  ``keep_board``: as ``copy(money_only=True)``."""
        m = Model(self.t, self.n)
        if keep_board:
            m.board = self.board
            m.stats = self.stats
            m.per = self.per
            m.terms = self.terms
            m.weights = self.weights
        m.owner = self.owner
        m.country_owner = self.country_owner
        m.government = self.government
        m.money = self.money
        m.mercs = self.mercs
        m.cards = self.cards
        m.left = self.left
        m.deck, m.paid, m.payout_done, m.clones = self.deck, self.paid, self.payout_done, self.clones
        return m

    def players(self) -> list[int]:
        return [s for s in range(self.n) if not self.left[s]]


def position_key(m: Model) -> PositionKey:
    """Everything a model holds, as a key: equal keys, equal valuations of everything."""
    return (
        tuple(m.owner),
        tuple(m.country_owner),
        tuple(m.government),
        tuple(m.money),
        tuple(m.mercs),
        tuple(m.cards),
        tuple(m.left),
        m.deck,
        m.paid,
        m.payout_done,
        m.clones,
    )


# ---------------------------------------------------------------------------- what moves do


def industry_stats_flat(m: Model) -> tuple[list[int], list[int]]:
    """Per industry: what an owned company earns at a payout now, and each seat's holdings, flat
    (seat ``s``'s in industry ``i`` at ``i * n + s``).  Counted once per model (``Model.stats``)."""
    found = m.stats
    if found is None:
        found = m.stats = _count_stats(m)
    return found


def _count_stats(m: Model) -> tuple[list[int], list[int]]:
    t, n = m.t, m.n
    industries = len(t.of_industry)
    held = [0] * (industries * n)
    rates = [0] * industries
    for i in range(industries):
        _count_industry(m, i, rates, held)
    return rates, held


def _count_industry(m: Model, i: int, rates: list[int], held: list[int]) -> None:
    count_industry(m, i, rates, held, -1, -1)


def count_industry(m: Model, i: int, rates: list[int], held: list[int], moved: int, to: int) -> None:
    """Industry ``i``'s rate and holdings into ``rates`` and ``held``, company ``moved`` (if not -1)
    owned by ``to``: its competitors are the seats holding one of its companies, its open companies
    (unowned or syndicalized) and its nationalized ones, unless the holder of their country is in
    the industry."""
    t, n = m.t, m.n
    owner = m.owner
    companies = t.of_industry[i]
    row = i * n
    for s in range(row, row + n):
        held[s] = 0
    unowned, syndicalized, nationalized = UNOWNED, SYNDICALIZED, NATIONALIZED  # locals: faster compiled
    count = 0
    for c in companies:
        o = to if c == moved else owner[c]
        if o >= 0:
            held[row + o] += 1
        elif o in (unowned, syndicalized):
            count += 1
    for c in companies:
        if (to if c == moved else owner[c]) == nationalized:
            holder = m.country_owner[t.country[c]]
            if holder < 0 or held[row + holder] == 0:
                count += 1
    for s in range(row, row + n):
        if held[s] != 0:
            count += 1
    table = t.table
    top = len(table) - 1
    rates[i] = table[count if count < top else top]


def _recount(m: Model, out: Model, industries: list[int]) -> None:
    """``out``, changed from ``m`` only in the companies or countries of ``industries``' stats:
    its stats from ``m``'s, those industries counted again (when ``m``'s are known)."""
    if m.stats is None:
        return
    if not industries:
        out.stats = m.stats
        out.per = m.per  # the players and the rounds left are the same
        out.weights = m.weights
        return
    rates, held = list(m.stats[0]), list(m.stats[1])
    for i in industries:
        _count_industry(out, i, rates, held)
    out.stats = rates, held


def _derive(m: Model, out: Model, moved: list[int]) -> None:
    """``out`` is ``m`` with the companies ``moved`` changed (owner, or their country's): its parent
    is ``m``, or ``m``'s own parent when ``m`` has no terms (a chain of moves from a judged position,
    the companies of both moves changed)."""
    parent = m.parent
    if m.terms is None and parent is not None:
        before = m.moved
        if all(c in before for c in moved):  # (an intervention in the country just won)
            out.parent, out.moved = parent, before
        else:
            out.parent, out.moved = parent, sorted(set(before).union(moved))
    else:
        out.parent, out.moved = m, sorted(moved)


def holdings(m: Model, seat: int, industry: int) -> int:
    return sum(1 for c in m.t.of_industry[industry] if m.owner[c] == seat)


def bought(m: Model, seat: int, company: int, price: int) -> Model:
    out = m.share()
    out.owner = list(m.owner)
    out.owner[company] = seat
    out.money = list(m.money)
    out.money[seat] -= price
    _recount(m, out, [m.t.industry[company]])
    _derive(m, out, [company])
    return out


def paid_out(m: Model, seat: int, industry: int, by_action: bool, modifier: int = 0) -> Model:
    out = m.share(keep_board=not by_action)
    out.money = list(m.money)
    for s, amount in enumerate(payout_amounts(m, industry, modifier)):
        out.money[s] += amount
    if by_action:
        out.payout_done = True
        out.paid = seat
        out.stats = m.stats
        out.parent = m
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
    """Government Intervention by ``holder`` against a seat's company, by the government of the
    company's country: who owns it then, and what its former owner is paid."""
    owner, paid = intervention_result(m.government[m.t.country[company]], holder, m.t.economy)
    return reowned(m, company, owner, paid)


def with_government(m: Model, country: int, government: int) -> Model:
    """A change of government (an event card): the stats stay, the country's companies change."""
    out = m.share()
    out.government = list(m.government)
    out.government[country] = government
    _recount(m, out, [])
    _derive(m, out, list(m.t.of_country[country]))
    return out


def reowned(m: Model, company: int, owner: int, paid: int) -> Model:
    """``company`` now owned by ``owner`` (syndicalized, opened by an event card, intervened), its
    former owner (if a seat) paid ``paid``."""
    out = m.share()
    out.owner = list(m.owner)
    out.money = list(m.money)
    former = out.owner[company]
    out.owner[company] = owner
    if former >= 0:
        out.money[former] += paid
    _recount(m, out, [m.t.industry[company]])
    _derive(m, out, [company])
    return out


def with_country(m: Model, country: int, seat: int) -> Model:
    out = m.share()
    out.country_owner = list(m.country_owner)
    out.country_owner[country] = seat
    t = m.t
    nationalized = NATIONALIZED
    _recount(m, out, [t.industry[c] for c in t.of_country[country] if out.owner[c] == nationalized])
    _derive(m, out, list(t.of_country[country]))
    return out
