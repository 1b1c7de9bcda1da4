"""The heuristic's reckoning about event cards: each card's targets (as the engine's
cards.targets gives them), the change in standing a card makes on a target, and the best target.

A payout card is scored by the payout; an auction by a part of the country's worth to the seat; an
election by who would win it; a change of government, a syndicalization, a privatization or a
breakup by the changed position.  The cards without a target are worth what they give (mercenaries,
a company opened in a place where the seat is already in the industry, clones to a Bio leader).
"""

from __future__ import annotations

import math
from typing import Final

from ...games.megacorps.board import NATIONALIZED, SYNDICALIZED, UNOWNED
from ...games.megacorps.data import DEMOCRACY, KLEPTOCRACY
from .countries import auction_worth, election_winner
from .position import Model, bought, holdings, paid_out, reowned, with_country, with_government
from .worth import MERC_VALUE, Judge

# ---------------------------------------------------------------------------- tuning
CARD_MIN: Final = 3.0  # an event card is played for at least this gain
PAYOUT_CARD_MIN: Final = 6.0  # a payout card, more (it may pay more later)


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
        return judge.gain(with_government(m, t.country_index[target], event.to_government), seat)
    if effect in ("syndicalize", "privatize", "breakup"):
        to = SYNDICALIZED if effect == "syndicalize" else UNOWNED
        paid = 0 if effect == "privatize" else event.amount
        return judge.gain(reowned(m, t.code_of_company[target], to, paid), seat)
    return 0.0


def untargeted_gain(m: Model, judge: Judge, seat: int, code: str) -> float:
    t = m.t
    event = t.events[t.event_index[code]]
    if event.effect == "mercenaries":
        return MERC_VALUE * event.amount
    if event.effect == "open_place":
        k = t.country_index[event.place]
        opened = m.share()
        opened.owner = list(m.owner)
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
