"""What a MegaCorps position is worth to each seat, in money, and a seat's standing.

A seat's **worth** is its money, plus what its companies will still earn, plus a little for its
mercenaries and event cards.  A company earns its industry's rate (the payout table by
competitors) at every payout still to come: the final one, and a share of the Payout Actions of
the rounds left, by how keen each player is to call that industry (its gain there against its
rivals').  A company in a country another player controls is discounted by what an intervention
there would cost (a Kleptocracy's owner may steal it, and counts part of it as his).

A seat's **standing** is its worth less half the best rival's and half the rivals' mean
(``utility``), so that feeding the leader costs; a ``Judge`` scores a changed position by the
change in one seat's standing.  The heuristic's decisions and the search's evaluation both use it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final

from ...games.megacorps.data import KLEPTOCRACY
from .position import Model, bought, count_industry, industry_stats_flat, paid_out

# ---------------------------------------------------------------------------- tuning
PAYOUT_CHANCE: Final = 0.85  # a round's Payout Action is taken by someone
RISK: Final = (0.2, 0.3, 0.45, 0.2, 0.0)  # by government: what a rival owner's intervention may cost
OPEN_RISK: Final = 0.05  # a company in an unowned country (it may be conquered)
RISK_ROUNDS: Final = 8.0  # the risks are full with this many rounds left, less later
THEFT: Final = 0.5  # the share of a company at risk in his Kleptocracy its owner counts as his
MERC_VALUE: Final = 1.0
CARD_VALUE: Final = 2.0
KEEP: Final = 1024  # per-industry worths kept per game (then forgotten, all at once: a few MB)
KEEP_BOARDS: Final = 256  # board worths of decisions kept per game
BEST_WEIGHT: Final = 0.5  # the standing: worth less this much of the best rival's, the rest of the mean


def industry_stats(m: Model) -> tuple[list[int], list[list[int]]]:
    """Per industry: what an owned company earns at a payout now, and each seat's holdings."""
    n = m.n
    rates, flat = industry_stats_flat(m)
    return rates, [flat[i * n : i * n + n] for i in range(len(rates))]


def payout_shares(rates: Sequence[int], held: Sequence[Sequence[int]], players: Sequence[int]) -> list[float]:
    """The share of the coming Payout Actions each industry may expect: each player calls the
    industries where it gains most against its rivals (weighted by the gain squared)."""
    n = len(held[0]) if held else 0
    return _payout_shares(list(rates), [x for row in held for x in row], n, list(players))


def _payout_shares(rates: list[int], held: list[int], n: int, players: list[int]) -> list[float]:
    """``payout_shares`` of flat holdings (``industry_stats_flat``): the same sums in the same order as
    the plain version had, so the same numbers to the last bit."""
    if len(players) < 2:
        return [0.0] * len(rates)
    return _shares_of(_share_weights(rates, held, n, players), len(rates), len(players))


def _share_weights(rates: list[int], held: list[int], n: int, players: list[int]) -> list[float]:
    """Each player's weight for each industry (player j's for industry i at j * industries + i)."""
    industries = len(rates)
    k = len(players)
    weights = [0.0] * (k * industries)
    column = [0.0] * k
    for i in range(industries):
        _column_weights(rates, held, n, players, i, column)
        for j in range(k):
            weights[j * industries + i] = column[j]
    return weights


def _column_weights(
    rates: list[int], held: list[int], n: int, players: list[int], i: int, column: list[float]
) -> None:
    """Industry ``i``'s weights, player by player, into ``column``, from its rate and holdings."""
    k = len(players)
    first = second = -1
    total = 0
    row = i * n
    for s in players:
        x = held[row + s]
        total += x
        if x > first:
            first, second = x, first
        elif x > second:
            second = x
    rate = rates[i]
    for j in range(k):
        column[j] = _weight(rate, held[row + players[j]], first, second, total, k)


def _shares_of(
    weights: list[float], industries: int, k: int, changed: int = -1, column: list[float] | None = None
) -> list[float]:
    """The shares from the weights (``_share_weights``); ``changed`` (if not -1): the industry whose
    weights are ``column`` instead.  Each player's total summed in the industries' order (as sum()
    of the player's weights would), each industry's share over the players in order."""
    kf = float(k)  # w / total / k, an int k, divides by the same float
    totals = [0.0] * k
    for j in range(k):
        row = j * industries
        total_w = 0.0
        if column is None or changed < 0:
            for i in range(industries):
                total_w += weights[row + i]
        else:
            for i in range(changed):
                total_w += weights[row + i]
            total_w += column[j]
            for i in range(changed + 1, industries):
                total_w += weights[row + i]
        totals[j] = total_w
    share = [0.0] * industries
    for i in range(industries):
        acc = 0.0
        if i == changed and column is not None:
            for j in range(k):
                total_w = totals[j]
                if total_w > 0:
                    acc += column[j] / total_w / kf
        else:
            for j in range(k):
                total_w = totals[j]
                if total_w > 0:
                    acc += weights[j * industries + i] / total_w / kf
        share[i] = acc
    return share


def _weight(rate: int, mine: int, first: int, second: int, total: int, k: int) -> float:
    """How keen a player holding ``mine`` companies of an industry is to call its payout."""
    if mine == 0:
        return 0.0
    best = second if mine == first else first
    p = rate * (mine - BEST_WEIGHT * best - (1 - BEST_WEIGHT) * (total - mine) / (k - 1))
    return p * p if p > 0 else 0.0


def _per_industry(m: Model) -> list[float]:
    """What a company of each industry will still earn its owner (before the risks of its country).

    Kept per game (``Tables.kept``) by what it depends on: the rates, the holdings, the players, the
    rounds left.  Many moves weighed at a decision leave them as they were (a war, a company bought
    in an industry where another was weighed) and so do many decisions (the next seat's)."""
    if m.per is not None:
        return m.per
    rates, held = industry_stats_flat(m)
    t = m.t
    key = (tuple(rates), tuple(held), tuple(m.left), m.deck, m.payout_done)
    kept = t.kept.get(key)
    if kept is not None:
        m.per = kept
        return kept
    players = m.players()
    shares = _shares_near(m, rates, held, players)
    if shares is None:
        if len(players) < 2:
            shares = [0.0] * len(rates)
        else:
            m.weights = _share_weights(rates, held, m.n, players)
            shares = _shares_of(m.weights, len(rates), len(players))
    found = _from_shares(m, rates, shares)
    if len(t.kept) >= KEEP:
        t.kept.clear()
    t.kept[key] = m.per = found
    return found


def weights_of(m: Model) -> list[float]:
    """``m``'s share weights (``_share_weights``), weighed once (``Model.weights``); at least two
    players."""
    weights = m.weights
    if weights is None:
        rates, held = industry_stats_flat(m)
        weights = m.weights = _share_weights(rates, held, m.n, m.players())
    return weights


def _shares_near(m: Model, rates: list[int], held: list[int], players: list[int]) -> list[float] | None:
    """The shares of ``m`` from its parent's weights, when its stats differ from the parent's in at
    most one industry (a move weighed at a decision), that one weighed again; else None."""
    ref = m.parent
    if ref is None or len(players) < 2 or ref.stats is None:
        return None
    if ref.left is not m.left and ref.left != m.left:
        return None
    ref_rates, ref_held = ref.stats
    n = m.n
    changed = -1
    for i in range(len(rates)):
        same = rates[i] == ref_rates[i]
        row = i * n
        for s in range(row, row + n):
            if not same:
                break
            same = held[s] == ref_held[s]
        if not same:
            if changed >= 0:
                return None
            changed = i
    weights = weights_of(ref)
    if changed < 0:
        return _shares_of(weights, len(rates), len(players))
    column = [0.0] * len(players)
    _column_weights(rates, held, n, players, changed, column)
    return _shares_of(weights, len(rates), len(players), changed, column)


def _from_shares(m: Model, rates: list[int], share: list[float]) -> list[float]:
    future = PAYOUT_CHANCE * (m.deck + (0 if m.payout_done else 1))
    return [rates[i] * (1.0 + future * share[i]) for i in range(len(rates))]


def company_worths(m: Model) -> list[float]:
    """What each company will still earn its owner (before the risks of its country)."""
    per_industry = _per_industry(m)
    return [per_industry[i] for i in m.t.industry]


def board_values(m: Model) -> list[float]:
    """Each seat's worth from its companies (discounted for the risks of their countries): what
    ``values`` adds money, mercenaries and cards to.  It depends on the board (who owns each company
    and country, the governments, the rounds left, who is still playing), not on money, so a move
    that changes only money shares it (``Model.board``)."""
    return _board_loop(m, _per_industry(m), -1, -1)


class Sums:
    """The seats' running sums of a board worth.  Compiled, the first six are unboxed floats (a list
    of floats holds boxed ones: each addition to it makes a new float object); the same additions in
    the same order as ``v[s] += x`` on a list of zeros, so the same sums to the last bit."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.a0 = self.a1 = self.a2 = self.a3 = self.a4 = self.a5 = 0.0
        self.more = [0.0] * (n - 6) if n > 6 else []  # a seventh seat and on

    def add(self, s: int, x: float) -> None:
        if s < 3:
            if s == 0:
                self.a0 += x
            elif s == 1:
                self.a1 += x
            else:
                self.a2 += x
        elif s == 3:
            self.a3 += x
        elif s == 4:
            self.a4 += x
        elif s == 5:
            self.a5 += x
        else:
            self.more[s - 6] += x

    def get(self, s: int) -> float:
        if s < 3:
            return self.a0 if s == 0 else self.a1 if s == 1 else self.a2
        if s < 6:
            return self.a3 if s == 3 else self.a4 if s == 4 else self.a5
        return self.more[s - 6]

    def to_list(self) -> list[float]:
        return [self.get(s) for s in range(self.n)]


def _board_loop(m: Model, per_industry: list[float], moved: int, to: int) -> list[float]:
    """``board_values`` from the per-industry worths, company ``moved`` (if not -1) owned by ``to``."""
    t = m.t
    horizon = min(1.0, (m.deck + 1) / RISK_ROUNDS)
    open_factor = 1.0 - OPEN_RISK * horizon
    v = Sums(m.n)
    industry, country, neutral = t.industry, t.country, t.neutral
    owner, country_owner, government = m.owner, m.country_owner, m.government
    kleptocracy = KLEPTOCRACY
    for c in range(len(owner)):
        o = to if c == moved else owner[c]
        if o < 0:
            continue
        w = per_industry[industry[c]]
        k = country[c]
        holder = country_owner[k]
        if holder >= 0 and holder != o:
            g = government[k]
            r = RISK[g] * horizon
            v.add(o, w * (1.0 - r))
            if g == kleptocracy:
                v.add(holder, THEFT * r * w)
        elif holder < 0 and not neutral[k]:
            v.add(o, w * open_factor)
        else:
            v.add(o, w)
    return v.to_list()


class Terms:
    """The terms of a position's board worth (``_board_loop``), company by company: each owned
    company adds its industry's worth times a factor to its owner (and times another to the holder
    of a Kleptocracy).  Summed again, with another position's per-industry worths and the terms of
    the few companies that position changed, in the same order: to the last bit the same as
    ``_board_loop`` of that position, for less (a decision weighs many such positions)."""

    def __init__(self, m: Model, only: list[int] | None = None, to: int = -1) -> None:
        """The terms of every company of ``m``, or (``only``) of those, owned by ``to`` if not -1."""
        t = m.t
        # what the terms are read from (not the position itself: it holds its terms, and a cycle
        # would wait for the garbage collector)
        self.t, self.n = t, m.n
        self.country_owner, self.government = m.country_owner, m.government
        self.horizon = min(1.0, (m.deck + 1) / RISK_ROUNDS)
        self.open_factor = 1.0 - OPEN_RISK * self.horizon
        self.company: list[int] = []
        self.seat: list[int] = []
        self.factor: list[float] = []
        self.industry: list[int] = []
        industry = t.industry
        owner = m.owner
        for c in range(len(owner)) if only is None else only:
            o = owner[c] if to < 0 else to
            if o >= 0:
                self._add(c, o, industry[c])

    def _add(self, c: int, o: int, i: int) -> None:
        k = self.t.country[c]
        holder = self.country_owner[k]
        factor = 1.0
        if holder >= 0 and holder != o:
            g = self.government[k]
            r = RISK[g] * self.horizon
            factor = 1.0 - r
            if g == KLEPTOCRACY:
                self._term(c, o, factor, i)
                self._term(c, holder, THEFT * r, i)
                return
        elif holder < 0 and not self.t.neutral[k]:
            factor = self.open_factor
        self._term(c, o, factor, i)

    def _term(self, c: int, o: int, factor: float, i: int) -> None:
        self.company.append(c)
        self.seat.append(o)
        self.factor.append(factor)
        self.industry.append(i)

    def one_term(self, c: int, o: int) -> tuple[float, int, float]:
        """Company ``c``'s terms were it owned by ``o``: its factor, and the Kleptocrat and his
        factor (-1 and 0.0 if none); as ``_add`` makes them."""
        k = self.t.country[c]
        holder = self.country_owner[k]
        if holder >= 0 and holder != o:
            g = self.government[k]
            r = RISK[g] * self.horizon
            if g == KLEPTOCRACY:
                return 1.0 - r, holder, THEFT * r
            return 1.0 - r, -1, 0.0
        if holder < 0 and not self.t.neutral[k]:
            return self.open_factor, -1, 0.0
        return 1.0, -1, 0.0

    def bought_sums(self, per_industry: list[float], moved: int, to: int) -> Sums:
        """The board worth (as ``Sums``) with only company ``moved`` changed, now owned by ``to`` (a
        seat): the terms in order, the moved company's where its own were."""
        v = Sums(self.n)
        company, seat, factor, industry = self.company, self.seat, self.factor, self.industry
        own_factor, thief, theft = self.one_term(moved, to)
        w_moved = per_industry[self.t.industry[moved]]
        pending = True
        for e in range(len(company)):
            c = company[e]
            if pending and c >= moved:
                pending = False
                v.add(to, w_moved * own_factor)
                if thief >= 0:
                    v.add(thief, w_moved * theft)
            if c != moved:
                v.add(seat[e], per_industry[industry[e]] * factor[e])
        if pending:
            v.add(to, w_moved * own_factor)
            if thief >= 0:
                v.add(thief, w_moved * theft)
        return v

    def board_moved(self, per_industry: list[float], m: Model) -> list[float]:
        """The board worth of ``m``, changed from the position of these terms only in the companies
        ``m.moved`` (in order): the terms in order, each moved company's worked out as ``_add``
        makes them (``m`` has this position's rounds left, so its horizon) where its own were."""
        v = Sums(self.n)
        company, seat, factor, industry = self.company, self.seat, self.factor, self.industry
        moved = m.moved
        x, x_end = 0, len(moved)
        for e in range(len(company)):
            c = company[e]
            while x < x_end and moved[x] <= c:
                self._add_moved(v, per_industry, m, moved[x])
                x += 1
            if x == 0 or moved[x - 1] != c:
                v.add(seat[e], per_industry[industry[e]] * factor[e])
        while x < x_end:
            self._add_moved(v, per_industry, m, moved[x])
            x += 1
        return v.to_list()

    def _add_moved(self, v: Sums, per_industry: list[float], m: Model, c: int) -> None:
        """Company ``c``'s terms in ``m``, added to ``v``."""
        o = m.owner[c]
        if o < 0:
            return
        t = self.t
        w = per_industry[t.industry[c]]
        k = t.country[c]
        holder = m.country_owner[k]
        if holder >= 0 and holder != o:
            g = m.government[k]
            r = RISK[g] * self.horizon
            v.add(o, w * (1.0 - r))
            if g == KLEPTOCRACY:
                v.add(holder, w * (THEFT * r))
        elif holder < 0 and not t.neutral[k]:
            v.add(o, w * self.open_factor)
        else:
            v.add(o, w * 1.0)


def _changed_board(m: Model) -> list[float] | None:
    """``board_values(m)`` from its parent's terms, when it has a parent with terms."""
    parent = m.parent
    if parent is None or parent.deck != m.deck:
        return None
    terms = parent.terms
    if not isinstance(terms, Terms):
        return None
    return terms.board_moved(_per_industry(m), m)


def values(m: Model) -> list[float]:
    """Each seat's worth: money, what its companies will earn (discounted for the risks of their
    countries), its mercenaries and its event cards."""
    board = m.board
    if board is None:
        board = _changed_board(m)
        if board is None:
            board = board_values(m)
        m.board = board
    return _with_money(m, board, -1, 0)


def _with_money(m: Model, board: list[float], payer: int, price: int) -> list[float]:
    """Each seat's worth from its board worth, ``payer`` (if not -1) having paid ``price``."""
    v = list(board)
    left, money, mercs, cards = m.left, m.money, m.mercs, m.cards
    for s in range(m.n):
        if left[s]:
            v[s] = 0.0
        else:
            v[s] += (
                (money[s] - price if s == payer else money[s]) + MERC_VALUE * mercs[s] + CARD_VALUE * cards[s]
            )
    return v


def _sums_with_money(m: Model, board: Sums, payer: int, price: int) -> list[float]:
    """``_with_money(m, board.to_list(), payer, price)`` without that list."""
    left, money, mercs, cards = m.left, m.money, m.mercs, m.cards
    v = [0.0] * m.n
    for s in range(m.n):
        if not left[s]:
            v[s] = board.get(s) + (
                (money[s] - price if s == payer else money[s]) + MERC_VALUE * mercs[s] + CARD_VALUE * cards[s]
            )
    return v


def utility(
    v: Sequence[float], seat: int, players: Iterable[int], payer: int = -1, payee: int = -1, price: int = 0
) -> float:
    """The seat's standing: its worth against its rivals' (the best one's and their mean).  With a
    ``payer``, the standing once it has paid ``price`` to ``payee`` (a trade weighed), without a
    copy of ``v``."""
    best = -math.inf
    total = 0.0
    count = 0
    for o in players:
        if o != seat:
            x = v[o]
            if o == payer:
                x -= price
            elif o == payee:
                x += price
            total += x
            count += 1
            if x > best:
                best = x
    mine = v[seat]
    if seat == payer:
        mine -= price
    elif seat == payee:
        mine += price
    if count == 0:
        return mine
    return mine - BEST_WEIGHT * best - (1 - BEST_WEIGHT) * total / count


class Judge:
    """Scores changes of one position for one seat: the change in its standing."""

    def __init__(self, m: Model, seat: int) -> None:
        self.m = m
        self.seat = seat
        self.players = m.players()
        if m.board is None:
            recall(m)
        self.base_values = values(m)
        self.base = utility(self.base_values, seat, self.players)
        # bought_gain's per-industry worths, by buyer, industry and the company's owner before
        self.bought: dict[tuple[int, int, int], list[float]] = {}
        self.paid_board: list[float] | None = None  # the board worth after a Payout Action

    def bought_gain(self, seat: int, company: int, price: int) -> float:
        """``gain(bought(m, seat, company, price))``, to the last bit, for less: every company of
        an industry bought from the same kind of owner leaves the same per-industry worths."""
        return self.gain_of(self.bought_values(seat, company, price))

    def bought_values(self, seat: int, company: int, price: int) -> list[float]:
        """``values(bought(m, seat, company, price))``, to the last bit (``bought_gain``)."""
        m = self.m
        key = (seat, m.t.industry[company], m.owner[company])
        per_industry = self.bought.get(key)
        if per_industry is None:
            per_industry = self.bought[key] = self._bought_per_industry(seat, company, price)
        return _sums_with_money(m, self.terms().bought_sums(per_industry, company, seat), seat, price)

    def paid_gain(self, seat: int, industry: int) -> float:
        """``gain(paid_out(m, seat, industry, True))``: every Payout Action leaves the same board
        (only money changes, and that the round's payout is done), so it is valued once."""
        out = paid_out(self.m, seat, industry, True)
        if self.paid_board is None:
            self.gain(out)
            self.paid_board = out.board
        else:
            out.board = self.paid_board
        return self.gain(out)

    def terms(self) -> Terms:
        """The terms of the judged position's board worth (``Model.terms``), made once needed."""
        terms = self.m.terms
        if isinstance(terms, Terms):
            return terms
        made = Terms(self.m)
        self.m.terms = made
        return made

    def _bought_per_industry(self, seat: int, company: int, price: int) -> list[float]:
        """``_per_industry(bought(...))``: the industry of the company counted again, its weights
        weighed again, the others' as they were (``weights_of(m)``); no position made."""
        m = self.m
        players = self.players
        if len(players) < 2:
            return _per_industry(bought(m, seat, company, price))
        base_rates, base_held = industry_stats_flat(m)
        industries = len(base_rates)
        weights = weights_of(m)
        i = m.t.industry[company]
        rates, held = list(base_rates), list(base_held)
        count_industry(m, i, rates, held, company, seat)
        column = [0.0] * len(players)
        _column_weights(rates, held, m.n, players, i, column)
        return _from_shares(m, rates, _shares_of(weights, industries, len(players), i, column))

    def gain(self, changed: Model, seat: int | None = None) -> float:
        if changed.parent is self.m and changed.board is None:
            self.terms()  # the changed position is valued from the judged one's terms
        return self.gain_of(values(changed), seat)

    def gain_of(self, v: Sequence[float], seat: int | None = None) -> float:
        s = self.seat if seat is None else seat
        before = self.base if s == self.seat else utility(self.base_values, s, self.players)
        return utility(v, s, self.players) - before


def recall(m: Model) -> None:
    """The board worth of a position valued before, at this decision or an earlier one (of any
    seat: it is the same for all), else valued now and kept (``Tables.boards``, per game)."""
    t = m.t
    key = (tuple(m.owner), tuple(m.country_owner), tuple(m.government), tuple(m.left), m.deck, m.payout_done)
    found = t.boards.get(key)
    if found is None:
        board = m.board = board_values(m)
        stats, per = m.stats, m.per
        assert stats is not None and per is not None  # counted and valued by board_values
        if len(t.boards) >= KEEP_BOARDS:
            t.boards.clear()
        t.boards[key] = board, stats, per
    else:
        m.board, m.stats, m.per = found
