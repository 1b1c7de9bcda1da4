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

from .position import Model, holdings
from .worth import Judge, utility, values

# ---------------------------------------------------------------------------- tuning
OFFER_MIN = 4.0  # an offer is made when it raises the offerer's standing this much
ACCEPT_MIN = 0.5  # an offer is accepted when it raises the receiver's standing this much
STEPS = (20, 10, 5, 2, 1)  # money is put into an offer in these steps


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
