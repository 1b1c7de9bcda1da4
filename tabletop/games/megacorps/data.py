"""MegaCorps' board and event cards, loaded once from a TOML file and validated.

The packaged file (data/megacorps.toml) holds what the rulebook prints and the team's provisional
board and cards; a designer may pass an edited copy (the ``data`` option).  Loading checks every
entry and names the file, the entry and the problem in the error.  Each event effect is
implemented once in code (events.py) and chosen here by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.datafile import TableReader, data_file, read_toml, tables
from ...core.errors import InvalidOptions

# the package's folder (a compiled module's __file__ names its library's folder instead)
DATA_FILE = Path(str(resources.files("tabletop.games.megacorps"))) / "data" / "megacorps.toml"

DEMOCRACY, DICTATORSHIP, KLEPTOCRACY, WIKI, NEUTRAL = range(5)
GOVERNMENTS = ("democracy", "dictatorship", "kleptocracy", "wikisyndicalism", "neutral")
TIMINGS = ("turn", "payout")
EFFECTS = (
    "auction",
    "election",
    "clone_soldiers",
    "wikisyndicalism",
    "competitors",
    "open_place",
    "payout",
    "government",
    "syndicalize",
    "privatize",
    "mercenaries",
    "breakup",
)
# the effects whose card needs a target chosen by its player, and what kind of target
TARGET_KIND = {
    "auction": "country",
    "election": "country",
    "wikisyndicalism": "country",
    "payout": "industry",
    "government": "country",
    "syndicalize": "company",
    "privatize": "company",
    "breakup": "company",
}


@dataclass(frozen=True, slots=True)
class Corporation:
    code: str
    name: str
    country: str  # the country printed as its at the start, "" for none
    provisional: bool


@dataclass(frozen=True, slots=True)
class Industry:
    code: str
    name: str
    provisional: bool


@dataclass(frozen=True, slots=True)
class Country:
    code: str
    name: str
    government: int
    defense: int
    force: int
    industries: tuple[str, ...]
    exists_after: str  # the event code that builds its company ("" if it exists from the start)
    syndicalized: bool
    provisional: bool

    @property
    def neutral(self) -> bool:
        return self.government == NEUTRAL


@dataclass(frozen=True, slots=True)
class EventCard:
    code: str
    name: str
    copies: int
    timing: str
    effect: str
    text: str
    provisional: bool
    amount: int = 0
    minimum: int = 0
    owned_only: bool = False
    place: str = ""
    industries: tuple[str, ...] = ()
    from_governments: tuple[int, ...] = ()
    to_government: int = -1


@dataclass(frozen=True, slots=True)
class Economy:
    min_players: int
    max_players: int
    start_money: int
    start_mercenaries: int
    start_companies: int
    company_price: int
    bank_mercenary_price: int
    divest_compensation: int
    syndicalize_compensation: int
    payout: tuple[int, ...]
    deck: dict[int, int]
    setup_draws: tuple[int, ...]
    max_price: int
    trade_offers: int
    trade_items: int
    anytime_offers: int
    donation_laps: int
    drawn_countries: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MegaData:
    path: str
    economy: Economy
    corporations: tuple[Corporation, ...]
    industries: tuple[Industry, ...]
    countries: tuple[Country, ...]
    events: tuple[EventCard, ...]


class _Reader(TableReader):
    """Typed reads of one table of the file, with errors naming the file and the entry."""

    def natural(self, key: str, default: Any = ...) -> int:
        value: int = self.get(key, int, default)
        if value < 0:
            self.fail(f"{key!r} must be 0 or more, not {value}")
        return value

    def codes(self, key: str, default: Any = ...) -> tuple[str, ...]:
        value = self.get(key, list, default)
        if not all(isinstance(v, str) for v in value):
            self.fail(f"{key!r} must list codes")
        return tuple(value)


def load_data(path: str = "") -> MegaData:
    """The packaged data, or a designer's file; validated either way."""
    return _load(data_file(path, DATA_FILE))


@cache
def _load(path: str) -> MegaData:
    raw = read_toml(path, "MegaCorps data")
    economy = _economy(path, raw.get("economy"))
    corporations = tuple(_corporation(path, i, t) for i, t in enumerate(tables(path, raw, "corporation")))
    industries = tuple(_industry(path, i, t) for i, t in enumerate(tables(path, raw, "industry")))
    countries = tuple(_country(path, i, t) for i, t in enumerate(tables(path, raw, "country")))
    events = tuple(_event(path, i, t) for i, t in enumerate(tables(path, raw, "event")))
    data = MegaData(path, economy, corporations, industries, countries, events)
    _check_whole(data)
    return data


def _economy(path: str, table: Any) -> Economy:
    r = _Reader(path, "[economy]", table)
    players = r.get("players", list)
    if (
        len(players) != 2
        or not all(type(p) is int for p in players)
        or not 3 <= players[0] <= players[1] <= 6
    ):
        r.fail("'players' must be [least, most] within 3 to 6")
    payout = r.get("payout", list)
    if len(payout) != 6 or not all(type(p) is int and p >= 0 for p in payout):
        r.fail("'payout' needs six amounts, for 0, 1, 2, 3, 4 and 5 or more competitors")
    deck_table = r.get("deck", dict)
    deck: dict[int, int] = {}
    for n in range(players[0], players[1] + 1):
        size = deck_table.get(str(n))
        if type(size) is not int or size < 1:
            r.fail(f"'deck' needs a size of 1 or more for {n} players")
        deck[n] = size
    draws = r.get("setup_draws", list)
    if not draws or not all(type(d) is int and d >= 0 for d in draws):
        r.fail("'setup_draws' lists the cards drawn for 0, 1, ... countries")
    economy = Economy(
        players[0],
        players[1],
        r.natural("start_money"),
        r.natural("start_mercenaries"),
        r.natural("start_companies"),
        r.natural("company_price"),
        r.natural("bank_mercenary_price"),
        r.natural("divest_compensation"),
        r.natural("syndicalize_compensation"),
        tuple(payout),
        deck,
        tuple(draws),
        r.natural("max_price"),
        r.natural("trade_offers"),
        max(1, r.natural("trade_items")),
        max(1, r.natural("anytime_offers", 6)),
        max(1, r.natural("donation_laps")),
        r.codes("drawn_countries"),
    )
    return economy


def _corporation(path: str, index: int, table: Any) -> Corporation:
    r = _Reader(path, f"corporation {index + 1}", table)
    return Corporation(
        r.get("code", str), r.get("name", str), r.get("country", str, ""), r.get("provisional", bool)
    )


def _industry(path: str, index: int, table: Any) -> Industry:
    r = _Reader(path, f"industry {index + 1}", table)
    return Industry(r.get("code", str), r.get("name", str), r.get("provisional", bool))


def _government(r: _Reader, name: Any) -> int:
    if name not in GOVERNMENTS:
        r.fail(f"government {name!r} is not one of {', '.join(GOVERNMENTS)}")
    return GOVERNMENTS.index(name)


def _country(path: str, index: int, table: Any) -> Country:
    r = _Reader(
        path, f"country {index + 1} ({table.get('code', '?') if isinstance(table, dict) else '?'})", table
    )
    government = _government(r, r.get("government", str))
    neutral = government == NEUTRAL
    return Country(
        r.get("code", str),
        r.get("name", str),
        government,
        r.natural("defense", 0 if neutral else ...),
        r.natural("force", 0 if neutral else ...),
        r.codes("companies"),
        r.get("exists_after", str, ""),
        r.get("syndicalized", bool, False),
        r.get("provisional", bool),
    )


def _event(path: str, index: int, table: Any) -> EventCard:
    r = _Reader(
        path, f"event {index + 1} ({table.get('code', '?') if isinstance(table, dict) else '?'})", table
    )
    timing = r.get("timing", str)
    if timing not in TIMINGS:
        r.fail(f"timing {timing!r} is not one of {', '.join(TIMINGS)}")
    effect = r.get("effect", str)
    if effect not in EFFECTS:
        r.fail(f"effect {effect!r} is not one of {', '.join(EFFECTS)}")
    if (effect == "competitors") != (timing == "payout"):
        r.fail("the competitors effect, and only it, is played at a payout (timing 'payout')")
    copies = r.natural("copies")
    if copies < 1:
        r.fail("'copies' must be 1 or more")
    to = r.get("to", str, "")
    return EventCard(
        r.get("code", str),
        r.get("name", str),
        copies,
        timing,
        effect,
        r.get("text", str),
        r.get("provisional", bool),
        amount=r.get("amount", int, 0),
        minimum=r.natural("minimum", 0),
        owned_only=r.get("owned_only", bool, False),
        place=r.get("place", str, ""),
        industries=r.codes("industries", ()),
        from_governments=tuple(_government(r, g) for g in r.codes("from", ())),
        to_government=_government(r, to) if to else -1,
    )


def most_drawn_at_start(data: MegaData, n: int) -> int:
    """The most event cards the starting draws may take at ``n`` players (MC17, MC18): a seat draws
    by the countries it holds, its corporation's printed one if any and a drawn one at most; the
    most over every choice of corporations and of the seats the drawn countries go to."""
    e = data.economy
    per = [e.setup_draws[min(held, len(e.setup_draws) - 1)] for held in range(3)]  # by countries held
    homes = sum(1 for c in data.corporations if c.country)
    drawn = min(n, len(e.drawn_countries))
    most = 0
    for h in range(max(0, n - (len(data.corporations) - homes)), min(n, homes) + 1):  # seats holding one
        for b in range(max(0, drawn - (n - h)), min(h, drawn) + 1):  # drawn countries going to those
            a = drawn - b
            most = max(most, (n - h - a) * per[0] + (a + h - b) * per[1] + b * per[2])
    return most


def _check_whole(data: MegaData) -> None:
    """What ties the tables together: unique codes, references that exist, effect parameters."""

    def fail(problem: str) -> None:
        raise InvalidOptions(f"{data.path}: {problem}")

    codes = [c.code for c in data.corporations] + [i.code for i in data.industries]
    codes += [c.code for c in data.countries] + [e.code for e in data.events]
    for code in codes:
        if not code or not code.replace("-", "").isalnum() or code != code.lower():
            fail(f"code {code!r} must be lower-case letters, digits and dashes")
    seen = {c for c in codes if codes.count(c) > 1}
    if seen:
        fail(f"codes used twice: {', '.join(sorted(seen))}")
    industries = {i.code for i in data.industries}
    countries = {c.code: c for c in data.countries}
    events = {e.code: e for e in data.events}
    e = data.economy
    if len(data.corporations) < e.max_players:
        fail(f"{e.max_players} players need {e.max_players} corporations")
    for corp in data.corporations:
        if corp.country and (corp.country not in countries or countries[corp.country].neutral):
            fail(f"corporation {corp.code}: {corp.country!r} is not a country that can be owned")
    for country in data.countries:
        for industry in country.industries:
            if industry not in industries:
                fail(f"country {country.code}: no industry {industry!r}")
        if len(set(country.industries)) != len(country.industries):
            fail(f"country {country.code}: one company per industry at most")
        if (country.exists_after or country.syndicalized) and not country.neutral:
            fail(f"country {country.code}: only an independent place may be built later or syndicalized")
        if country.exists_after and events.get(country.exists_after) is None:
            fail(f"country {country.code}: exists_after names no event {country.exists_after!r}")
    for ind in data.industries:
        if not any(ind.code in c.industries for c in data.countries):
            fail(f"industry {ind.code} has no company")
    if not any(c.government == KLEPTOCRACY for c in data.countries):
        fail("the board needs a Kleptocracy")
    total = sum(ev.copies for ev in data.events)
    for n, size in sorted(e.deck.items()):
        drawn = most_drawn_at_start(data, n)
        if total < size + drawn:
            fail(
                f"{total} event cards are too few for a deck of {size} and {drawn} drawn first ({n} players)"
            )
    for code in e.drawn_countries:
        if code not in countries or countries[code].neutral:
            fail(f"[economy] drawn_countries: {code!r} is not a country that can be owned")
    for ev in data.events:
        where = f"event {ev.code}"
        if ev.effect == "open_place":
            place = countries.get(ev.place)
            if place is None or place.exists_after != ev.code:
                fail(f"{where}: 'place' must name the independent place built by this card")
        if ev.effect == "payout" and (not ev.industries or not set(ev.industries) <= industries):
            fail(f"{where}: 'industries' must list industries")
        if ev.effect == "government" and (
            ev.to_government not in (DEMOCRACY, DICTATORSHIP, KLEPTOCRACY) or not ev.from_governments
        ):
            fail(f"{where}: needs 'from' (governments) and 'to' (democracy, dictatorship or kleptocracy)")
        if ev.effect in ("competitors", "mercenaries") and ev.amount == 0:
            fail(f"{where}: needs a non-zero 'amount'")
