"""A MegaCorps baseline, from the seat's view only (``obs.view``, ``obs.legal``, the public board).

Everything is weighed in money.  A seat's **worth** is its money, plus what its companies will
still earn, plus a little for its mercenaries and event cards.  A company earns its industry's
rate (the payout table by competitors) at every payout still to come: the final one, and a share
of the Payout Actions of the rounds left, by how keen each player is to call that industry (its
gain there against its rivals').  A company in a country another player controls is discounted
by what an intervention there would cost (a Kleptocracy's owner may steal it, and counts part of
it as his).  A decision's score is the change in the seat's **standing**: its worth less half the
best rival's and half the rivals' mean (``utility``), so that feeding the leader costs.

The rules it plays by, each a few lines below:

- draft and buy the company that raises its standing most (one more company in an industry it is
  in removes a competitor: a near-monopoly pays most); pay out the industry that raises it most;
  intervene, play an event card, go to war or buy mercenaries when that does better;
- go to war only with a total above the defence by a margin (``WAR_MARGIN``), for a prize worth
  it; buy mercenaries when a few make such a war possible; sell them to players who are no threat;
- veto a purchase that would give a rival a near-monopoly (or cost it much standing);
- bid for a Kleptocracy up to its worth to it, with the bid that maximises the expected gain
  against rivals who bid up to theirs; vote for itself, or against the leader when it cannot win;
- answer an offer by the change in its standing (the offerer's gain counts against it); make at
  most one offer a turn: buy a rival's company in an industry it is already in, for a price the
  rival should accept, when that raises its own standing.

It uses no random numbers: a decision depends on the view alone.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ...core.protocol import JSON
from ...games.megacorps.actions import Action
from ...games.megacorps.board import DORMANT, NATIONALIZED, SYNDICALIZED, UNOWNED
from ...games.megacorps.data import DEMOCRACY, DICTATORSHIP, GOVERNMENTS, KLEPTOCRACY, WIKI
from ...games.megacorps.game import MegaCorps
from ...games.megacorps.state import MegaCorpsState
from ..base import Agent, Observation

# ---------------------------------------------------------------------------- tuning
PAYOUT_CHANCE = 0.85  # a round's Payout Action is taken by someone
RISK = (0.2, 0.3, 0.45, 0.2, 0.0)  # by government: what a rival owner's intervention may cost
OPEN_RISK = 0.05  # a company in an unowned country (it may be conquered)
RISK_ROUNDS = 8.0  # the risks are full with this many rounds left, less later
THEFT = 0.5  # the share of a company at risk in his Kleptocracy its owner counts as his
MERC_VALUE = 1.0
CARD_VALUE = 2.0
BEST_WEIGHT = 0.5  # the standing: worth less this much of the best rival's, the rest of the mean
CARD_MIN = 3.0  # an event card is played for at least this gain
PAYOUT_CARD_MIN = 6.0  # a payout card, more (it may pay more later)
WAR_MARGIN = 2  # the attack must beat the defence by this much
WAR_MIN = 6.0  # and be worth this much
VETO_COST = 3.0  # a purchase is vetoed when it costs the country's owner this much standing
MONOPOLY = 3  # ... or gives the buyer this many companies of the industry
OFFER_MIN = 4.0  # an offer is made when it raises the offerer's standing this much
ACCEPT_MIN = 0.5  # an offer is accepted when it raises the receiver's standing this much
MERC_PRICE = 3  # what it asks for a mercenary from a player who is no threat
STEPS = (20, 10, 5, 2, 1)  # money is put into an offer in these steps


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


_TABLES: weakref.WeakKeyDictionary[MegaCorps, Tables] = weakref.WeakKeyDictionary()


def tables_of(game: MegaCorps) -> Tables:
    found = _TABLES.get(game)
    if found is None:
        found = _TABLES[game] = Tables(game)
    return found


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


# ---------------------------------------------------------------------------- worth and standing


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
    t, owner = m.t, m.owner
    owners: set[int] = set()
    count = 0
    for c in t.of_industry[industry]:
        o = owner[c]
        if o >= 0:
            owners.add(o)
        elif o in (UNOWNED, SYNDICALIZED):
            count += 1
    for c in t.of_industry[industry]:
        if owner[c] == NATIONALIZED:
            holder = m.country_owner[t.country[c]]
            if holder < 0 or holder not in owners:
                count += 1
    return count + len(owners)


def intervened(m: Model, holder: int, company: int) -> Model:
    """Government Intervention by ``holder``, by the government of the company's country."""
    out = m.copy()
    former = out.owner[company]
    government = out.government[m.t.country[company]]
    economy = m.t.economy
    if government == DEMOCRACY:
        out.owner[company] = UNOWNED
        out.money[former] += economy.divest_compensation
    elif government == KLEPTOCRACY:
        out.owner[company] = holder
    elif government == DICTATORSHIP:
        out.owner[company] = NATIONALIZED
    elif government == WIKI:
        out.owner[company] = SYNDICALIZED
        out.money[former] += economy.syndicalize_compensation
    return out


def with_country(m: Model, country: int, seat: int) -> Model:
    out = m.copy()
    out.country_owner[country] = seat
    return out


def attack_total(m: Model, seat: int) -> int:
    t = m.t
    return sum(t.force[k] for k, o in enumerate(m.country_owner) if o == seat) + m.mercs[seat]


def defence_total(m: Model, country: int) -> int:
    holder = m.country_owner[country]
    return m.t.defense[country] + (m.mercs[holder] if holder >= 0 else 0)


def losses(a_used: int, d_used: int) -> tuple[int, int]:
    if a_used > 0 and d_used == 0:
        return 1, 0
    if a_used == 0 or d_used == 0:
        return 0, 0
    smaller = min(a_used, d_used)
    return smaller, smaller


def win_chance(margin: int) -> float:
    """How likely an attack with this margin over the defence is to hold through the donations."""
    if margin >= 3:
        return 0.95
    if margin == 2:
        return 0.85
    if margin == 1:
        return 0.55
    return 0.0


def mercenary_companies(m: Model) -> list[int]:
    t = m.t
    found: list[int] = []
    for i in (t.defence_industry, t.bio if m.clones else -1):
        if i >= 0:
            found += [c for c in t.of_industry[i] if m.owner[c] != DORMANT]
    return found


def free_mercenaries(m: Model, seat: int) -> int:
    return sum(1 for c in mercenary_companies(m) if m.owner[c] == seat)


def bank_mercenaries(m: Model) -> int:
    return sum(1 for c in mercenary_companies(m) if m.owner[c] in (UNOWNED, NATIONALIZED, SYNDICALIZED))


def best_intervention(judge: Judge, m: Model, holder: int, companies: Iterable[int]) -> tuple[float, int]:
    """The intervention by ``holder`` that raises the judge's seat's standing most (the judge is
    the holder's), with its gain; (0, -1) when none raises it."""
    best, choice = 0.0, -1
    for c in companies:
        g = judge.gain(intervened(m, holder, c), holder)
        if g > best:
            best, choice = g, c
    return best, choice


def war_outcome(
    m: Model, judge: Judge, seat: int, country: int, extra: int = 0, cost: int = 0
) -> tuple[float, int]:
    """The expected gain in standing of ``seat`` attacking ``country`` (with ``extra`` mercenaries
    more than it has, bought for ``cost``), and the margin of its attack over the defence."""
    t = m.t
    base = m.copy()
    base.mercs[seat] += extra
    base.money[seat] -= cost
    holder = base.country_owner[country]
    margin = attack_total(base, seat) - defence_total(base, country)
    chance = win_chance(margin)
    a_lost, d_lost = losses(base.mercs[seat], base.mercs[holder] if holder >= 0 else 0)
    base.mercs[seat] -= a_lost
    if holder >= 0:
        base.mercs[holder] -= d_lost
    won = with_country(base, country, seat)
    if holder >= 0:
        theirs = [c for c in t.of_country[country] if won.owner[c] == holder]
        _, c = best_intervention(judge, won, seat, theirs)
        if c >= 0:
            won = intervened(won, seat, c)
    win_gain = judge.gain(won, seat)
    lose_gain = judge.gain(base, seat)
    if holder >= 0 and chance < 1.0:
        mine = [c for c in t.of_country[country] if base.owner[c] == seat]
        worst = lose_gain
        for c in mine:
            worst = min(worst, judge.gain(intervened(base, holder, c), seat))
        lose_gain = worst
    return chance * win_gain + (1 - chance) * lose_gain, margin


def auction_worth(m: Model, judge: Judge, seat: int, country: int) -> float:
    """What owning ``country`` is worth to ``seat`` against its not owning it (in standing)."""
    mine = judge.gain(with_country(m, country, seat), seat)
    if m.country_owner[country] == seat:
        others = [o for o in judge.players if o != seat]
        lost = judge.gain(with_country(m, country, -1), seat)
        if others:
            lost = min(lost, min(judge.gain(with_country(m, country, o), seat) for o in others))
        return -lost
    return mine


def media_votes(m: Model) -> list[int]:
    media = m.t.media
    votes = [0] * m.n
    if media >= 0:
        for c in m.t.of_industry[media]:
            if m.owner[c] >= 0:
                votes[m.owner[c]] += 1
    return votes


def election_winner(m: Model, country: int) -> int:
    """Who wins an election if every voter votes for himself: the owner after it."""
    votes = media_votes(m)
    top = max(votes)
    if top == 0:
        return m.country_owner[country]
    leaders = [s for s, v in enumerate(votes) if v == top]
    return leaders[0] if len(leaders) == 1 else -1


# ---------------------------------------------------------------------------- event cards


def card_targets(m: Model, seat: int, code: str) -> list[str]:
    """The targets of a card, as the engine's cards.targets gives them."""
    t = m.t
    event = t.events[t.event_index[code]]
    effect = event.effect
    countries = t.countries
    if effect == "auction":
        return [countries[k] for k, g in enumerate(m.government) if g == KLEPTOCRACY]
    if effect in ("election", "wikisyndicalism"):
        found = [k for k, g in enumerate(m.government) if g == DEMOCRACY]
        if event.owned_only:
            found = [k for k in found if m.country_owner[k] >= 0]
        return [countries[k] for k in found]
    if effect == "government":
        return [countries[k] for k, g in enumerate(m.government) if g in event.from_governments]
    if effect == "payout":
        return list(event.industries)
    if effect == "syndicalize":
        return [
            t.codes[c]
            for c, o in enumerate(m.owner)
            if (o >= 0 or o == UNOWNED) and not t.neutral[t.country[c]]
        ]
    if effect == "privatize":
        return [t.codes[c] for c, o in enumerate(m.owner) if o == NATIONALIZED]
    if effect == "breakup":
        return [
            t.codes[c]
            for c, o in enumerate(m.owner)
            if o >= 0 and holdings(m, o, t.industry[c]) >= event.minimum
        ]
    return []


def card_gain(m: Model, judge: Judge, seat: int, code: str, target: str) -> float:
    """The change in ``seat``'s standing from playing ``code`` on ``target``."""
    t = m.t
    event = t.events[t.event_index[code]]
    effect = event.effect
    if effect == "payout":
        return judge.gain(paid_out(m, seat, t.industry_index[target], False), seat)
    if effect == "auction":
        if m.money[seat] < 5:
            return 0.0
        return 0.35 * auction_worth(m, judge, seat, t.country_index[target])
    if effect == "election":
        k = t.country_index[target]
        return judge.gain(with_country(m, k, election_winner(m, k)), seat)
    if effect == "government":
        out = m.copy()
        out.government[t.country_index[target]] = event.to_government
        return judge.gain(out, seat)
    if effect in ("syndicalize", "privatize", "breakup"):
        c = t.code_of_company[target]
        out = m.copy()
        former = out.owner[c]
        out.owner[c] = SYNDICALIZED if effect == "syndicalize" else UNOWNED
        if former >= 0 and effect != "privatize":
            out.money[former] += event.amount
        return judge.gain(out, seat)
    return 0.0


def untargeted_gain(m: Model, judge: Judge, seat: int, code: str) -> float:
    t = m.t
    event = t.events[t.event_index[code]]
    if event.effect == "mercenaries":
        return MERC_VALUE * event.amount
    if event.effect == "open_place":
        k = t.country_index[event.place]
        opened = m.copy()
        new = [c for c in t.of_country[k] if opened.owner[c] < UNOWNED]
        for c in new:
            opened.owner[c] = UNOWNED
        if not new or m.money[seat] < t.price or holdings(m, seat, t.industry[new[0]]) == 0:
            return 0.0
        # worth playing when the new company is a better buy than an average one
        return judge.gain(bought(opened, seat, new[0], t.price), seat) - t.price
    if event.effect == "clone_soldiers" and t.bio >= 0:
        mine = holdings(m, seat, t.bio)
        if mine >= 2 and all(holdings(m, o, t.bio) < mine for o in judge.players if o != seat):
            return CARD_MIN
    return 0.0


def best_card_play(m: Model, judge: Judge, seat: int, code: str) -> tuple[float, str]:
    """The best target of a card and its gain (target "" for a card without one)."""
    t = m.t
    event = t.events[t.event_index[code]]
    if event.effect in ("clone_soldiers", "open_place", "mercenaries"):
        return untargeted_gain(m, judge, seat, code), ""
    if event.effect == "wikisyndicalism":
        return 0.0, ""
    best, choice = -math.inf, ""
    for target in card_targets(m, seat, code):
        g = card_gain(m, judge, seat, code, target)
        if g > best:
            best, choice = g, target
    return best, choice


# ---------------------------------------------------------------------------- trades


@dataclass(frozen=True)
class Offer:
    to: int
    company: int
    price: int
    gain: float


def best_offer(m: Model, judge: Judge, seat: int, only_to: int = -1) -> Offer | None:
    """Buy a rival's company in an industry ``seat`` is already in, at the least price that raises
    the rival's standing too, when that raises ``seat``'s standing by ``OFFER_MIN``."""
    t = m.t
    players = judge.players
    best: Offer | None = None
    money = m.money[seat]
    if money < 1:
        return None
    base = judge.base_values
    for c, o in enumerate(m.owner):
        if o < 0 or o == seat or m.left[o] or (only_to >= 0 and o != only_to):
            continue
        if holdings(m, seat, t.industry[c]) == 0:
            continue
        changed = m.copy()
        changed.owner[c] = seat
        v = values(changed)
        loss = base[o] - v[o]
        before_them = utility(base, o, players)
        for price in range(max(1, math.ceil(loss)), money + 1):
            w = list(v)
            w[seat] -= price
            w[o] += price
            if utility(w, o, players) - before_them < ACCEPT_MIN:
                continue
            mine = utility(w, seat, players) - judge.base
            if mine >= OFFER_MIN and (best is None or mine > best.gain):
                best = Offer(o, c, price, mine)
            break
    return best


def next_offer_step(offer: Offer, give: Sequence[str], ask: Sequence[str], codes: Sequence[str]) -> str:
    """The next step composing ``offer`` from the draft so far: an item, "send" or "drop"."""
    code = codes[offer.company]
    given = sum(int(x) for x in give if x.isdigit())
    if any(not x.isdigit() for x in give) or any(x != code for x in ask) or given > offer.price:
        return "drop"
    if code not in ask:
        return f"ask {code}"
    if given < offer.price:
        step = next(s for s in STEPS if s <= offer.price - given)
        return f"give {step}"
    return "send"


def trade_gain(
    m: Model, judge: Judge, seat: int, giver: int, give: Sequence[str], ask: Sequence[str]
) -> float:
    """The change in ``seat``'s standing if it accepts ``giver``'s offer (``give`` comes to it,
    ``ask`` goes from it to ``giver``)."""
    t = m.t
    out = m.copy()
    for items, src, dst in ((give, giver, seat), (ask, seat, giver)):
        for item in items:
            if item.isdigit():
                out.money[src] -= int(item)
                out.money[dst] += int(item)
            elif item == "merc":
                out.mercs[src] -= 1
                out.mercs[dst] += 1
            elif item in t.code_of_company:
                out.owner[t.code_of_company[item]] = dst
            elif item in t.country_index:
                out.country_owner[t.country_index[item]] = dst
            else:  # an event card
                out.cards[src] -= 1
                out.cards[dst] += 1
    return judge.gain(out, seat)


# ---------------------------------------------------------------------------- the bot


def _text(action: Action) -> str:
    return action.text


def pick(legal: Sequence[Action], text: str) -> Action | None:
    for a in legal:
        if a.text == text:
            return a
    return None


class Decider:
    """One decision of one seat, from its view: one method per phase."""

    def __init__(self, game: MegaCorps, view: dict[str, JSON], seat: int, legal: Sequence[Action]) -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.legal = legal
        self.m = Model.from_view(game, view)
        self.t = self.m.t
        self.judge = Judge(self.m, seat)
        self.decision = cast(dict[str, Any], view.get("decision") or {})

    def decide(self) -> Action:
        if len(self.legal) == 1:
            return self.legal[0]
        phase = str(self.view["phase"])
        method = getattr(self, "on_" + phase.replace("-", "_"), None)
        if method is None:
            return self.fallback()
        found: Action | None = method()
        return found if found is not None else self.fallback()

    def fallback(self) -> Action:
        for word in ("pass", "done", "decline", "refuse", "allow", "abstain", "drop", "bid 0", "bank 0"):
            a = pick(self.legal, word)
            if a is not None:
                return a
        return min(self.legal, key=_text)

    # ---------------------------------------------------------------- scoring Actions
    def buy_gain(self, company: int) -> float:
        m, t, me = self.m, self.t, self.seat
        g = self.judge.gain(bought(m, me, company, t.price))
        if needs_permission(m, me, company) >= 0:
            if near_monopoly(m, me, company):
                return min(g, 0.0) - 1.0  # it will be vetoed
            g *= 0.7
        return g

    def mercenary_plan(self, free_first: bool) -> tuple[float, int]:
        """What buying mercenaries is worth (a war it makes possible next turn) and how many to buy
        from the bank.  ``free_first``: the free ones are still to come (at the turn)."""
        m, t, me = self.m, self.t, self.seat
        free = free_mercenaries(m, me) if free_first else 0
        price = t.economy.bank_mercenary_price
        limit = bank_mercenaries(m)
        if price > 0:
            limit = min(limit, m.money[me] // price)
        best, count = MERC_VALUE * free, 0
        for k, o in enumerate(m.country_owner):
            if o == me or t.neutral[k]:
                continue
            base = attack_total(m, me) + free - defence_total(m, k)
            need = max(0, WAR_MARGIN - base)
            if need > limit:
                continue
            outlook, _ = war_outcome(m, self.judge, me, k, free + need, need * price)
            value = 0.6 * outlook + MERC_VALUE * free
            if outlook >= WAR_MIN and value > best:
                best, count = value, need
        return best, count

    def turn_scores(self, include_cards: bool = True) -> list[tuple[float, Action]]:
        """Every Action of the turn (and card and offer) with its gain in standing."""
        m, t, me, judge = self.m, self.t, self.seat, self.judge
        scored: list[tuple[float, Action]] = []
        merc_plan: tuple[float, int] | None = None
        for a in self.legal:
            kind = a.kind
            if kind == "pass":
                g = 0.0
            elif kind == "buy":
                g = self.buy_gain(t.code_of_company[a.arg])
            elif kind == "payout":
                g = judge.gain(paid_out(m, me, t.industry_index[a.arg], True))
            elif kind == "intervene":
                g = judge.gain(intervened(m, me, t.code_of_company[a.arg]))
            elif kind == "mercs":
                if merc_plan is None:
                    merc_plan = self.mercenary_plan(True)
                g = merc_plan[0]
            elif kind == "war":
                k = t.country_index[a.arg]
                g = -1.0
                if attack_total(m, me) - defence_total(m, k) >= WAR_MARGIN:
                    outlook, _ = war_outcome(m, judge, me, k)
                    if outlook >= WAR_MIN:
                        g = outlook
            elif kind == "play" and include_cards:
                gain, _ = best_card_play(m, judge, me, a.arg)
                event = t.events[t.event_index[a.arg]]
                need = PAYOUT_CARD_MIN if event.effect == "payout" and m.deck > 2 else CARD_MIN
                g = gain if gain >= need else -math.inf
            else:
                continue
            scored.append((g, a))
        return scored

    def on_turn(self) -> Action:
        m, me = self.m, self.seat
        scored = self.turn_scores()
        cards = [(g, a) for g, a in scored if a.kind == "play" and g > -math.inf]
        if cards:
            return max(cards, key=lambda x: (x[0], x[1].text))[1]
        if self.view.get("offers_left") == self.t.economy.trade_offers:
            offer = best_offer(m, self.judge, me)
            if offer is not None:
                found = pick(self.legal, f"offer {offer.to}")
                if found is not None:
                    return found
        actions = [(g, a) for g, a in scored if a.kind != "play"]
        return max(actions, key=lambda x: (x[0], x[1].kind == "pass", x[1].text))[1]

    def on_draft(self) -> Action:
        m, t, me = self.m, self.t, self.seat
        return max(
            self.legal,
            key=lambda a: (self.judge.gain(bought(m, me, t.code_of_company[a.arg], 0)), a.text),
        )

    def on_rebuy(self) -> Action:
        codes = self.t.code_of_company
        scored = [(0.0 if a.kind == "pass" else self.buy_gain(codes[a.arg]), a) for a in self.legal]
        return max(scored, key=lambda x: (x[0], x[1].kind == "pass", x[1].text))[1]

    def on_target(self) -> Action:
        m, me = self.m, self.seat
        discard = cast(list[str], self.view["discard"])
        code = discard[-1]
        return max(self.legal, key=lambda a: (card_gain(m, self.judge, me, code, a.arg), a.text))

    def on_veto(self) -> Action:
        company = self.t.code_of_company[str(self.decision["company"])]
        buyer = int(self.decision["buyer"])
        veto = would_veto(self.m, self.seat, buyer, company)
        return pick(self.legal, "veto" if veto else "allow") or self.fallback()

    def on_bank(self) -> Action:
        _, count = self.mercenary_plan(False)
        top = max(a.num for a in self.legal)
        return pick(self.legal, f"bank {min(count, top)}") or self.fallback()

    def on_price(self) -> Action:
        buyer = int(self.decision["buyer"])
        if self.threatens(buyer) or self.leader() == buyer:
            return pick(self.legal, "refuse") or self.fallback()
        prices = [a.num for a in self.legal if a.kind == "price"]
        price = min(MERC_PRICE, max(prices))
        return pick(self.legal, f"price {price}") or self.fallback()

    def on_pay(self) -> Action:
        price = int(self.decision["price"])
        value, _ = self.mercenary_plan(False)
        worth = 3 if value > MERC_VALUE else 1
        return pick(self.legal, "pay" if price <= worth else "decline") or self.fallback()

    def war_stake(self) -> tuple[float, int, int]:
        """How much more my standing is if the attacker wins than if the defender does (the winner's
        intervention aside); the attack and the defence so far."""
        m, t = self.m, self.t
        k = t.country_index[str(self.decision["country"])]
        attacker = int(self.decision["attacker"])
        attack, defence = int(self.decision["attack"]), int(self.decision["defence"])
        return self.judge.gain(with_country(m, k, attacker)), attack, defence

    def on_donate(self) -> Action:
        prefer_a, attack, defence = self.war_stake()
        attacker = int(self.decision["attacker"])
        defender = int(self.decision["defender"])
        if prefer_a <= -2.0 and attack > defence and attack - defence <= 1:
            return pick(self.legal, "aid d") or self.fallback()
        if prefer_a >= 2.0 and attack == defence:
            return pick(self.legal, "aid a") or self.fallback()
        leader = self.leader()
        if abs(prefer_a) < 2.0 and self.m.mercs[self.seat] >= 2:
            for side, receiver in (("a", attacker), ("d", defender)):
                if receiver >= 0 and receiver != leader:
                    found = pick(self.legal, f"sell {side} {MERC_PRICE}")
                    if found is not None:
                        return found
        return pick(self.legal, "done") or self.fallback()

    def on_sale(self) -> Action:
        prefer_a, attack, defence = self.war_stake()
        price = int(self.decision["price"])
        if self.seat == int(self.decision["attacker"]):  # one more mercenary carries the attack
            flips, stake = attack == defence, prefer_a
        else:  # one more holds the defence
            flips, stake = attack == defence + 1, -prefer_a
        worth = max(1.0, 0.5 * stake) if flips else 1.0
        return pick(self.legal, "pay" if price <= worth else "decline") or self.fallback()

    def on_war_gi(self) -> Action:
        m, t, me = self.m, self.t, self.seat
        best, choice = 0.0, pick(self.legal, "pass")
        for a in self.legal:
            if a.kind == "intervene":
                g = self.judge.gain(intervened(m, me, t.code_of_company[a.arg]))
                if g > best:
                    best, choice = g, a
        return choice or self.fallback()

    def on_bid(self) -> Action:
        m, t, me = self.m, self.t, self.seat
        k = t.country_index[str(self.decision["country"])]
        return pick(self.legal, f"bid {auction_bid(m, self.judge, me, k)}") or self.fallback()

    def on_vote(self) -> Action:
        m, me = self.m, self.seat
        votes = media_votes(m)
        players = self.judge.players
        mine = votes[me]
        rivals = sorted((o for o in players if o != me), key=lambda o: (-votes[o], o))
        if not rivals or mine >= votes[rivals[0]]:
            return pick(self.legal, f"vote {me}") or self.fallback()
        favourite = rivals[0]
        leader = self.leader()
        if favourite == leader and len(rivals) > 1 and votes[rivals[1]] + mine >= votes[favourite]:
            return pick(self.legal, f"vote {rivals[1]}") or self.fallback()
        return pick(self.legal, f"vote {me}") or self.fallback()

    def on_respond(self) -> Action:
        m, t, me = self.m, self.t, self.seat
        industry = t.industry_index[str(self.decision["industry"])]
        modifier = int(self.decision["modifier"])
        now = self.judge.gain(paid_out(m, me, industry, False, modifier))
        best, choice = CARD_VALUE + 1.0, pick(self.legal, "pass")
        for a in self.legal:
            if a.kind != "play":
                continue
            event = t.events[t.event_index[a.arg]]
            after = 0 if modifier == -event.amount else event.amount
            g = self.judge.gain(paid_out(m, me, industry, False, after)) - now
            if g > best:
                best, choice = g, a
        return choice or self.fallback()

    def on_compose(self) -> Action:
        to = int(self.decision["to"])
        offer = best_offer(self.m, self.judge, self.seat, only_to=to)
        if offer is None:
            return pick(self.legal, "drop") or self.fallback()
        give = cast(list[str], self.decision.get("give", []))
        ask = cast(list[str], self.decision.get("ask", []))
        step = next_offer_step(offer, give, ask, self.t.codes)
        return pick(self.legal, step) or pick(self.legal, "drop") or self.fallback()

    def on_answer(self) -> Action:
        giver = int(self.decision["from"])
        give = cast(list[str], self.decision.get("give", []))
        ask = cast(list[str], self.decision.get("ask", []))
        g = trade_gain(self.m, self.judge, self.seat, giver, give, ask)
        return pick(self.legal, "accept" if g >= ACCEPT_MIN else "decline") or self.fallback()

    # ---------------------------------------------------------------- helpers
    def leader(self) -> int:
        v = self.judge.base_values
        return max(self.judge.players, key=lambda s: (v[s], -s))

    def threatens(self, seat: int) -> bool:
        """Whether ``seat`` could win a war against one of my countries with one more mercenary."""
        m, me = self.m, self.seat
        attack = attack_total(m, seat) + 1
        return any(o == me and attack > defence_total(m, k) for k, o in enumerate(m.country_owner))


def near_monopoly(m: Model, buyer: int, company: int) -> bool:
    """Whether buying ``company`` gives ``buyer`` ``MONOPOLY`` companies of its industry."""
    return holdings(m, buyer, m.t.industry[company]) + 1 >= MONOPOLY


def needs_permission(m: Model, buyer: int, company: int) -> int:
    """The seat whose permission ``buyer`` needs to buy ``company`` (antitrust), or -1."""
    t = m.t
    k = t.country[company]
    holder = m.country_owner[k]
    if holder < 0 or holder == buyer or t.neutral[k]:
        return -1
    i = t.industry[company]
    return holder if any(m.owner[c] == buyer for c in t.of_industry[i] if c != company) else -1


def would_veto(m: Model, holder: int, buyer: int, company: int) -> bool:
    """Whether ``holder`` vetoes ``buyer``'s purchase of ``company``: a near-monopoly, or a
    purchase that costs it ``VETO_COST`` more standing than the buyer's best other one (a veto
    costs nothing but makes the buyer choose again)."""
    if near_monopoly(m, buyer, company):
        return True
    t = m.t
    judge = Judge(m, holder)
    buyer_judge = Judge(m, buyer)
    cost = -judge.gain(bought(m, buyer, company, t.price))
    best, alternative = 0.0, 0.0  # the buyer might pass: then it costs nothing
    for c, o in enumerate(m.owner):
        if o != UNOWNED or c == company or needs_permission(m, buyer, c) >= 0:
            continue
        changed = bought(m, buyer, c, t.price)
        v = values(changed)
        g = buyer_judge.gain_of(v)
        if g > best:
            best, alternative = g, -judge.gain_of(v)
    return cost - alternative >= VETO_COST


def auction_bid(m: Model, judge: Judge, seat: int, country: int) -> int:
    """The bid with the best expected gain, against rivals who bid evenly up to the least of their
    money and the country's worth to them (and at least a little)."""
    worth = auction_worth(m, judge, seat, country)
    money = m.money[seat]
    if worth <= 1.0 or money <= 0:
        return 0
    caps: list[float] = []
    for o in judge.players:
        if o == seat or m.money[o] <= 0:
            continue
        theirs = auction_worth(m, Judge(m, o), o, country)
        caps.append(max(2.0, min(float(m.money[o]), theirs)))
    best, choice = 0.0, 0
    for b in range(0, min(money, int(worth)) + 1):
        chance = 1.0
        for cap in caps:
            chance *= min(1.0, (b + 0.5) / (cap + 1.0))
        expected = chance * (worth - b)
        if expected > best:
            best, choice = expected, b
    return choice


class MegaCorpsHeuristic(Agent[Action]):
    """The MegaCorps baseline (see the module's text)."""

    name = "heuristic"

    def act(self, obs: Observation[Action]) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        game = obs.game
        assert isinstance(game, MegaCorps)
        return Decider(game, obs.view, obs.seat, obs.legal).decide()
