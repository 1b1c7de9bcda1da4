"""The heuristic's reckoning about countries: wars and mercenaries, Government Interventions,
Kleptocracy auctions, elections and antitrust vetoes.

- a war is worth its chance of holding through the donations (by the margin of the attack over the
  defence) times the gain of winning (with the best intervention it then allows), plus the rest
  times the cost of losing (the worst intervention the defender may then make);
- a bid maximises the expected gain against rivals who bid evenly up to the country's worth to
  them; an election is won by the most Media companies;
- a purchase is vetoed when it gives the buyer a near-monopoly (``MONOPOLY`` companies of the
  industry) or costs the country's owner ``VETO_COST`` more standing than the buyer's best other.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ...games.megacorps.board import DORMANT, NATIONALIZED, SYNDICALIZED, UNOWNED
from .position import Model, bought, holdings, intervened, with_country
from .worth import Judge, values, weights_of

# ---------------------------------------------------------------------------- tuning
WAR_MARGIN: Final = 2  # the attack must beat the defence by this much
WAR_MIN: Final = 6.0  # and be worth this much
VETO_COST: Final = 3.0  # a purchase is vetoed when it costs the country's owner this much standing
MONOPOLY: Final = 3  # ... or gives the buyer this many companies of the industry


# ---------------------------------------------------------------------------- war and mercenaries


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
    best, choice, _ = _best_intervention(judge, m, holder, companies)
    return best, choice


def _best_intervention(
    judge: Judge, m: Model, holder: int, companies: Iterable[int]
) -> tuple[float, int, Model | None]:
    """``best_intervention``, and the position after it (valued), None when none raises it."""
    best, choice, after = 0.0, -1, None
    for c in companies:
        out = intervened(m, holder, c)
        g = judge.gain(out, holder)
        if g > best:
            best, choice, after = g, c, out
    return best, choice, after


def war_outcome(
    m: Model, judge: Judge, seat: int, country: int, extra: int = 0, cost: int = 0
) -> tuple[float, int]:
    """The expected gain in standing of ``seat`` attacking ``country`` (with ``extra`` mercenaries
    more than it has, bought for ``cost``), and the margin of its attack over the defence."""
    t = m.t
    if judge.m is m:
        judge.terms()  # the positions below are valued from the judged one's terms
        if len(judge.players) >= 2:
            weights_of(m)  # ... and their shares from its weights
    base = m.share(keep_board=True)
    base.mercs = list(m.mercs)
    base.money = list(m.money)
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
        _, _, after = _best_intervention(judge, won, seat, theirs)
        if after is not None:  # the best intervention then, valued already
            won = after
    win_gain = judge.gain(won, seat)
    lose_gain = judge.gain(base, seat)
    if holder >= 0 and chance < 1.0:
        mine = [c for c in t.of_country[country] if base.owner[c] == seat]
        worst = lose_gain
        for c in mine:
            worst = min(worst, judge.gain(intervened(base, holder, c), seat))
        lose_gain = worst
    return chance * win_gain + (1 - chance) * lose_gain, margin


# ---------------------------------------------------------------------------- auctions and elections


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


# ---------------------------------------------------------------------------- vetoes


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
