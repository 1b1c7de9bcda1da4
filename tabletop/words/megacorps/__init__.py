"""MegaCorps' actions and events in words.

Everything here reads a seat's view or the events that seat may see, never the state.  Names and
texts (corporations, industries, countries, event cards) come from the packaged data file
(data/megacorps.toml); a code the data does not know is written as it is.  A company is written
``Japan's Aerospace company``; money as plain numbers (``for 4``), ``Euros`` in an offer's items.
Private events (a drawn card, a sealed bid or vote, the cards in an offer) are worded only for the
seats allowed to see them: for any other reader ``describe_event`` gives None.

The words live in these modules: names.py (names, an offer's items, what the view shows computed as
the rules do), actions.py (``describe_action``), events.py (``describe_event``), offers.py (offers
made at any time) and asked.py (why a window is asked of everybody, and the payout window's question).
"""

from __future__ import annotations

from .actions import describe_action
from .asked import EVERYONE_ASKED, everyone_asked, respond_prompt
from .events import describe_event
from .names import (
    CORPORATIONS,
    COUNTRIES,
    DATA,
    ECONOMY,
    EVENTS,
    GOVERNMENT_CODES,
    GOVERNMENT_NAMES,
    INDUSTRIES,
    MARKS,
    NATIONALIZED,
    PLAY_PREFIX,
    SYNDICALIZED,
    UNBUILT,
    UNOWNED,
    View,
    companies_of,
    company_name,
    competitors,
    content,
    corporation_name,
    country_name,
    defence_of,
    does,
    earnings,
    euros,
    event_effect,
    event_name,
    event_text,
    force_of,
    government_name,
    industry_name,
    items_words,
    joined,
    mercenaries,
    mercenary_industries,
    obj,
    owner_words,
    payout_amounts,
    plural,
    rate,
    seat_names,
    split_company,
    whose,
)

__all__ = [
    "CORPORATIONS",
    "COUNTRIES",
    "DATA",
    "ECONOMY",
    "EVENTS",
    "EVERYONE_ASKED",
    "GOVERNMENT_CODES",
    "GOVERNMENT_NAMES",
    "INDUSTRIES",
    "MARKS",
    "NATIONALIZED",
    "PLAY_PREFIX",
    "SYNDICALIZED",
    "UNBUILT",
    "UNOWNED",
    "View",
    "companies_of",
    "company_name",
    "competitors",
    "content",
    "corporation_name",
    "country_name",
    "defence_of",
    "describe_action",
    "describe_event",
    "does",
    "earnings",
    "euros",
    "event_effect",
    "event_name",
    "event_text",
    "everyone_asked",
    "force_of",
    "government_name",
    "industry_name",
    "items_words",
    "joined",
    "mercenaries",
    "mercenary_industries",
    "obj",
    "owner_words",
    "payout_amounts",
    "plural",
    "rate",
    "respond_prompt",
    "seat_names",
    "split_company",
    "whose",
]
