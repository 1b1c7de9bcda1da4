"""The heuristic's trades: the offer it makes, how it composes it step by step, and how it
answers an offer.

It makes at most one offer a turn: buy a rival's company in an industry it is already in, for the
least price the rival should accept, when that raises its own standing by ``OFFER_MIN``.  It
answers an offer by the change in its standing (the offerer's gain counts against it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, cast

from .position import Model, holdings, position_key
from .worth import Judge, utility, values

# ---------------------------------------------------------------------------- tuning
OFFER_MIN: Final = 4.0  # an offer is made when it raises the offerer's standing this much
ACCEPT_MIN: Final = 0.5  # an offer is accepted when it raises the receiver's standing this much
STEPS: Final = (20, 10, 5, 2, 1)  # money is put into an offer in these steps
KEEP_OFFERS: Final = 256  # best offers kept per game (then forgotten, all at once)


@dataclass(frozen=True)
class Offer:
    to: int
    company: int
    price: int
    gain: float


def best_offer(m: Model, judge: Judge | None, seat: int, only_to: int = -1) -> Offer | None:
    """Buy a rival's company in an industry ``seat`` is already in, at the least price that raises
    the rival's standing too, when that raises ``seat``'s standing by ``OFFER_MIN``.

    Kept per game for the position (``Tables.offers``): a turn weighs its offer, then composes it
    step by step, each step asking again (``judge``: the seat's of ``m``, made here if None and
    needed).  The best offer to anyone, if it goes to ``o``, is also
    the best offer to ``o`` (the first of the best, in the same order), so it is kept as both."""
    t = m.t
    if m.money[seat] < 1:
        return None
    key = (seat, only_to, position_key(m))
    if key in t.offers:
        return cast(Offer | None, t.offers[key])
    found = _best_offer(m, Judge(m, seat) if judge is None else judge, seat, only_to)
    if len(t.offers) >= KEEP_OFFERS:
        t.offers.clear()
    t.offers[key] = found
    if only_to < 0 and found is not None:
        t.offers[(seat, found.to, key[2])] = found
    return found


def _best_offer(m: Model, judge: Judge, seat: int, only_to: int) -> Offer | None:
    assert judge.m is m and judge.seat == seat
    t = m.t
    players = judge.players
    best: Offer | None = None
    money = m.money[seat]
    base = judge.base_values
    mine_held = [-1] * len(t.of_industry)  # seat's holdings per industry, once counted
    left = m.left
    for c, o in enumerate(m.owner):
        if o < 0 or o == seat or left[o] or (only_to >= 0 and o != only_to):
            continue
        i = t.industry[c]
        if mine_held[i] < 0:
            mine_held[i] = holdings(m, seat, i)
        if mine_held[i] == 0:
            continue
        v = judge.bought_values(seat, c, 0)  # values(bought(m, seat, c, 0)), to the last bit
        loss = base[o] - v[o]
        before_them = utility(base, o, players)
        for price in range(max(1, math.ceil(loss)), money + 1):
            # the standings with ``price`` paid by seat to o, as utility() of that list would sum them
            if utility(v, o, players, seat, o, price) - before_them < ACCEPT_MIN:
                continue
            mine = utility(v, seat, players, seat, o, price) - judge.base
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
    return judge.gain(traded(m, seat, giver, give, ask), seat)


def traded(m: Model, seat: int, giver: int, give: Sequence[str], ask: Sequence[str]) -> Model:
    """The position after ``giver``'s offer to ``seat`` is carried out."""
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
    return out


def trade_worths(
    m: Model, judge: Judge, seat: int, giver: int, give: Sequence[str], ask: Sequence[str]
) -> tuple[float, float, float, float]:
    """What ``giver``'s offer is worth, in money, as ``seat`` weighs it: what it asks of ``seat``
    (the worth ``seat`` would lose handing it over alone), what it gives (the worth ``seat`` would
    gain receiving it alone), what the trade gives ``giver`` (its worth's change), and the change
    in ``seat``'s standing if it accepts (``trade_gain``, what the heuristic answers by)."""
    before = judge.base_values
    asked = values(traded(m, seat, giver, [], ask))
    given = values(traded(m, seat, giver, give, []))
    both = values(traded(m, seat, giver, give, ask))
    return (
        before[seat] - asked[seat],
        given[seat] - before[seat],
        both[giver] - before[giver],
        trade_gain(m, judge, seat, giver, give, ask),
    )
