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

from tabletop.games.megacorps.board import NATIONALIZED, SYNDICALIZED, UNOWNED
from tabletop.games.megacorps.data import KLEPTOCRACY

from .position import Model

# ---------------------------------------------------------------------------- tuning
PAYOUT_CHANCE = 0.85  # a round's Payout Action is taken by someone
RISK = (0.2, 0.3, 0.45, 0.2, 0.0)  # by government: what a rival owner's intervention may cost
OPEN_RISK = 0.05  # a company in an unowned country (it may be conquered)
RISK_ROUNDS = 8.0  # the risks are full with this many rounds left, less later
THEFT = 0.5  # the share of a company at risk in his Kleptocracy its owner counts as his
MERC_VALUE = 1.0
CARD_VALUE = 2.0
BEST_WEIGHT = 0.5  # the standing: worth less this much of the best rival's, the rest of the mean


def industry_stats(m: Model) -> tuple[list[int], list[list[int]]]:
    """Per industry: what an owned company earns at a payout now, and each seat's holdings."""
    t, n = m.t, m.n
    table = t.table
    top = len(table) - 1
    industry = t.industry
    held = [[0] * n for _ in t.of_industry]
    count = [0] * len(held)
    nationalized: list[int] = []
    for c, o in enumerate(m.owner):
        if o >= 0:
            held[industry[c]][o] += 1
        elif o in (UNOWNED, SYNDICALIZED):
            count[industry[c]] += 1
        elif o == NATIONALIZED:
            nationalized.append(c)
    for c in nationalized:
        holder = m.country_owner[t.country[c]]
        if holder < 0 or held[industry[c]][holder] == 0:
            count[industry[c]] += 1
    rates = [table[min(k + n - h.count(0), top)] for k, h in zip(count, held, strict=True)]
    return rates, held


def payout_shares(rates: Sequence[int], held: Sequence[Sequence[int]], players: Sequence[int]) -> list[float]:
    """The share of the coming Payout Actions each industry may expect: each player calls the
    industries where it gains most against its rivals (weighted by the gain squared)."""
    k = len(players)
    share = [0.0] * len(rates)
    if k < 2:
        return share
    weights: list[list[float]] = [[] for _ in players]
    for i, h in enumerate(held):
        rate = rates[i]
        first = second = -1
        total = 0
        for s in players:
            x = h[s]
            total += x
            if x > first:
                first, second = x, first
            elif x > second:
                second = x
        for j, s in enumerate(players):
            mine = h[s]
            if mine == 0:
                weights[j].append(0.0)
                continue
            best = second if mine == first else first
            p = rate * (mine - BEST_WEIGHT * best - (1 - BEST_WEIGHT) * (total - mine) / (k - 1))
            weights[j].append(p * p if p > 0 else 0.0)
    for w in weights:
        total_w = sum(w)
        if total_w > 0:
            for i, weight in enumerate(w):
                share[i] += weight / total_w / k
    return share


def company_worths(m: Model) -> list[float]:
    """What each company will still earn its owner (before the risks of its country)."""
    rates, held = industry_stats(m)
    future = PAYOUT_CHANCE * (m.deck + (0 if m.payout_done else 1))
    share = payout_shares(rates, held, m.players())
    per_industry = [rate * (1.0 + future * sh) for rate, sh in zip(rates, share, strict=True)]
    return [per_industry[i] for i in m.t.industry]


def values(m: Model) -> list[float]:
    """Each seat's worth: money, what its companies will earn (discounted for the risks of their
    countries), its mercenaries and its event cards."""
    t = m.t
    worth = company_worths(m)
    horizon = min(1.0, (m.deck + 1) / RISK_ROUNDS)
    v = [0.0] * m.n
    country_owner, government = m.country_owner, m.government
    for c, o in enumerate(m.owner):
        if o < 0:
            continue
        w = worth[c]
        k = t.country[c]
        holder = country_owner[k]
        if holder >= 0 and holder != o:
            g = government[k]
            r = RISK[g] * horizon
            v[o] += w * (1.0 - r)
            if g == KLEPTOCRACY:
                v[holder] += THEFT * r * w
        elif holder < 0 and not t.neutral[k]:
            v[o] += w * (1.0 - OPEN_RISK * horizon)
        else:
            v[o] += w
    for s in range(m.n):
        if m.left[s]:
            v[s] = 0.0
        else:
            v[s] += m.money[s] + MERC_VALUE * m.mercs[s] + CARD_VALUE * m.cards[s]
    return v


def utility(v: Sequence[float], seat: int, players: Iterable[int]) -> float:
    """The seat's standing: its worth against its rivals' (the best one's and their mean)."""
    best = -math.inf
    total = 0.0
    count = 0
    for o in players:
        if o != seat:
            x = v[o]
            total += x
            count += 1
            if x > best:
                best = x
    if count == 0:
        return v[seat]
    return v[seat] - BEST_WEIGHT * best - (1 - BEST_WEIGHT) * total / count


class Judge:
    """Scores changes of one position for one seat: the change in its standing."""

    def __init__(self, m: Model, seat: int) -> None:
        self.m = m
        self.seat = seat
        self.players = m.players()
        self.base_values = values(m)
        self.base = utility(self.base_values, seat, self.players)

    def gain(self, changed: Model, seat: int | None = None) -> float:
        return self.gain_of(values(changed), seat)

    def gain_of(self, v: Sequence[float], seat: int | None = None) -> float:
        s = self.seat if seat is None else seat
        before = self.base if s == self.seat else utility(self.base_values, s, self.players)
        return utility(v, s, self.players) - before
