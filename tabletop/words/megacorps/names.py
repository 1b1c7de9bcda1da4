"""MegaCorps' names and numbers in words: corporations, industries, countries, companies and event
cards by name (from the packaged data file), seats as subjects and objects, an offer's items, and
what the view shows computed as the rules do (competitors, payouts, war totals)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...games.megacorps.data import MegaData, load_data
from ..seats import Names, seat_name
from .asked import asked_content

View = Mapping[str, Any]

__all__ = [  # what the package re-exports (words/megacorps/__init__.py)
    "CORPORATIONS",
    "COUNTRIES",
    "DATA",
    "ECONOMY",
    "EVENTS",
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
    "does",
    "earnings",
    "euros",
    "event_effect",
    "event_name",
    "event_text",
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
    "seat_names",
    "split_company",
    "whose",
]

DATA: MegaData = load_data()
ECONOMY = DATA.economy
CORPORATIONS = {c.code: c for c in DATA.corporations}
INDUSTRIES = {i.code: i for i in DATA.industries}
COUNTRIES = {c.code: c for c in DATA.countries}
EVENTS = {e.code: e for e in DATA.events}
GOVERNMENT_NAMES = {
    "democracy": "Democracy",
    "dictatorship": "Dictatorship",
    "kleptocracy": "Kleptocracy",
    "wikisyndicalism": "Wikisyndicalism",
    "neutral": "independent",
}
GOVERNMENT_CODES = ("democracy", "dictatorship", "kleptocracy", "wikisyndicalism", "neutral")
UNOWNED, NATIONALIZED, SYNDICALIZED, UNBUILT = -1, -2, -3, -4
MARKS = {UNOWNED: "unowned", NATIONALIZED: "Nationalized", SYNDICALIZED: "Syndicalized", UNBUILT: "not built"}
PLAY_PREFIX = "Play on your turn, before your Action. "
IRREGULAR = {"passes": "pass", "vetoes": "veto", "launches": "launch", "has": "have", "is": "are"}


def content() -> dict[str, Any]:
    """The names and texts a table shows: corporations, industries, countries, event cards."""
    return {
        "corporations": {c.code: {"name": c.name, "country": c.country} for c in DATA.corporations},
        "industries": {i.code: {"name": i.name} for i in DATA.industries},
        "countries": {
            c.code: {
                "name": c.name,
                "government": GOVERNMENT_CODES[c.government],
                "defense": c.defense,
                "force": c.force,
                "companies": list(c.industries),
            }
            for c in DATA.countries
        },
        "events": {
            e.code: {"name": e.name, "text": e.text, "timing": e.timing, "copies": e.copies}
            for e in DATA.events
        },
        "payout": list(ECONOMY.payout),
        "company_price": ECONOMY.company_price,
        "trade_items": ECONOMY.trade_items,
        "bank_mercenary_price": ECONOMY.bank_mercenary_price,  # the bank's price of a mercenary
        "anytime_offers": ECONOMY.anytime_offers,  # offers a player may have open at once (R-MC33)
        "asked": asked_content(),  # why a window is asked of everybody (asked.py)
    }


# -- names -----------------------------------------------------------------------------------------
def corporation_name(code: str) -> str:
    return CORPORATIONS[code].name if code in CORPORATIONS else code


def industry_name(code: str) -> str:
    return INDUSTRIES[code].name if code in INDUSTRIES else code


def country_name(code: str) -> str:
    return COUNTRIES[code].name if code in COUNTRIES else code


def event_name(code: str) -> str:
    return EVENTS[code].name if code in EVENTS else code


def event_text(code: str) -> str:
    return EVENTS[code].text if code in EVENTS else ""


def event_effect(code: str) -> str:
    """The card's text without its timing (``Choose a Kleptocracy: ...``)."""
    text = event_text(code)
    return text[len(PLAY_PREFIX) :] if text.startswith(PLAY_PREFIX) else text


def government_name(code: str) -> str:
    return GOVERNMENT_NAMES.get(code, code)


def split_company(code: str) -> tuple[str, str]:
    industry, _, country = code.partition(".")
    return industry, country


def company_name(code: str) -> str:
    """``Japan's Aerospace company``."""
    industry, country = split_company(code)
    return f"{country_name(country)}'s {industry_name(industry)} company"


def seat_names(view: View, names: Names = None) -> list[str]:
    """Each seat by its corporation (``Globbo``), or ``Ana (Globbo)`` when it has a name."""
    out = []
    for seat, code in enumerate(view["corporations"]):
        corporation = corporation_name(code)
        given = names[seat] if names is not None and seat < len(names) else f"Seat {seat}"
        out.append(corporation if given in (f"Seat {seat}", corporation) else f"{given} ({corporation})")
    return out


def plural(count: int, word: str, many: str = "") -> str:
    return f"{count} {word if count == 1 else many or word + 's'}"


def euros(amount: int) -> str:
    return plural(amount, "Euro")


def mercenaries(count: int) -> str:
    return plural(count, "mercenary", "mercenaries")


def does(seat: int, me: int | None, word: str) -> str:
    """``buys`` for a seat, ``buy`` for you."""
    if seat != me:
        return word
    return IRREGULAR.get(word, word[:-1] if word.endswith("s") else word)


def obj(seat: int, me: int | None, names: Names) -> str:
    return "you" if seat == me else seat_name(names, seat)


def whose(seat: int, me: int | None, names: Names) -> str:
    return "your" if seat == me else f"{seat_name(names, seat)}'s"


def joined(items: Sequence[str]) -> str:
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def owner_words(value: int, me: int | None, names: Names) -> str:
    """Who holds a company or a country: ``yours``, ``Globbo's``, ``unowned``, ``Nationalized``..."""
    if value >= 0:
        return "yours" if value == me else f"{seat_name(names, value)}'s"
    return MARKS.get(value, "unowned")


def items_words(items: Sequence[str]) -> list[str]:
    """An offer's items (codes, as in the view and the events) in words."""
    out: list[str] = []
    for item in items:
        if item == "merc":
            merc = mercenaries(sum(1 for i in items if i == "merc"))
            if merc not in out:
                out.append(merc)
        elif item.isdigit():
            out.append(euros(int(item)))
        elif item == "card":
            out.append("an event card")
        elif item in EVENTS:
            out.append(f"the {event_name(item)} card")
        elif item in COUNTRIES:
            out.append(f"control of {country_name(item)}")
        elif "." in item:
            out.append(company_name(item))
    return out


# -- what the view shows, computed as the rules do ------------------------------------------------
def companies_of(view: View, industry: str) -> list[tuple[str, int]]:
    return [(code, owner) for code, owner in view["companies"].items() if split_company(code)[0] == industry]


def competitors(view: View, industry: str, companies: Mapping[str, int] | None = None) -> int:
    """The rulebook's competitors of ``industry`` (unowned and Syndicalized boxes, each owning player,
    a Nationalized box unless its country's owner owns a company of the industry)."""
    boxes = [
        (code, owner)
        for code, owner in (companies or view["companies"]).items()
        if split_company(code)[0] == industry
    ]
    owners = {owner for _, owner in boxes if owner >= 0}
    count = sum(1 for _, owner in boxes if owner in (UNOWNED, SYNDICALIZED))
    for code, owner in boxes:
        if owner == NATIONALIZED:
            holder = view["countries"].get(split_company(code)[1], -1)
            count += holder < 0 or holder not in owners
    return count + len(owners)


def rate(count: int, modifier: int = 0) -> int:
    table = ECONOMY.payout
    return table[min(max(0, count + modifier), len(table) - 1)]


def payout_amounts(
    view: View, industry: str, modifier: int = 0, companies: Mapping[str, int] | None = None
) -> list[int]:
    """What each seat would earn if ``industry`` paid out now (with ``companies`` instead of the
    board's, to see what a purchase would change)."""
    boxes = companies or view["companies"]
    each = rate(competitors(view, industry, boxes), modifier)
    amounts = [0] * int(view["players"])
    for code, owner in boxes.items():
        if owner >= 0 and split_company(code)[0] == industry:
            amounts[owner] += each
    return amounts


def earnings(amounts: Sequence[int], me: int | None, names: Names) -> str:
    """``you 12, Globbo 6`` (only those who earn); ``nobody`` when none does."""
    found = [f"{obj(s, me, names)} {a}" for s, a in enumerate(amounts) if a]
    return ", ".join(found) if found else "nobody"


def force_of(view: View, seat: int) -> int:
    return sum(COUNTRIES[k].force for k, o in view["countries"].items() if o == seat and k in COUNTRIES)


def defence_of(view: View, country: str) -> int:
    holder = view["countries"].get(country, -1)
    base = COUNTRIES[country].defense if country in COUNTRIES else 0
    return base + (int(view["mercs"][holder]) if holder >= 0 else 0)


def mercenary_industries(view: View) -> tuple[str, ...]:
    return ("def", "bio") if view.get("clones") else ("def",)
