"""The board as numbers: companies, industries, countries and event cards by index.

Built once per game from the data.  A company is a box: one industry (its column) in one country
(its row).  What a box holds is a number (``owner``): a seat, or one of the markers below.
"""

from __future__ import annotations

from .data import NEUTRAL, MegaData

UNOWNED = -1
NATIONALIZED = -2
SYNDICALIZED = -3
DORMANT = -4  # not built yet (L-5, Asteroid before their cards)
# what the simulator counts per game (``state.tally``, by these indexes)
TALLY = ("wars", "wars won", "payout actions", "payout cards", "auctions", "elections", "trades offered",
         "trades accepted", "interventions", "events played", "companies bought")  # fmt: skip
(
    WARS,
    WARS_WON,
    PAYOUT_ACTIONS,
    PAYOUT_CARDS,
    AUCTIONS,
    ELECTIONS,
    OFFERS,
    TRADES,
    INTERVENTIONS,
    EVENTS,
    BOUGHT,
) = range(11)
MARKERS = {UNOWNED: "unowned", NATIONALIZED: "nationalized", SYNDICALIZED: "syndicalized", DORMANT: "unbuilt"}


class Board:
    __slots__ = (
        "card_code_of",
        "card_kind",
        "code_of_company",
        "companies_of_country",
        "companies_of_industry",
        "company_code",
        "company_country",
        "company_industry",
        "corporation_code",
        "countries",
        "country_code",
        "country_index",
        "data",
        "event_index",
        "events",
        "industries",
        "industry_index",
        "neutral",
        "owned",
        "owned_code",
        "place_built_by",
    )

    def __init__(self, data: MegaData) -> None:
        self.data = data
        self.industries = data.industries
        self.countries = data.countries
        self.events = data.events
        self.industry_index = {ind.code: i for i, ind in enumerate(data.industries)}
        self.country_index = {c.code: i for i, c in enumerate(data.countries)}
        self.event_index = {e.code: i for i, e in enumerate(data.events)}
        self.neutral: tuple[bool, ...] = tuple(c.government == NEUTRAL for c in data.countries)
        self.country_code: tuple[str, ...] = tuple(c.code for c in data.countries)
        # the countries a player may control (all but the independent places), and their codes
        self.owned: tuple[int, ...] = tuple(k for k, c in enumerate(data.countries) if not self.neutral[k])
        self.owned_code: tuple[str, ...] = tuple(self.country_code[k] for k in self.owned)
        self.corporation_code: tuple[str, ...] = tuple(c.code for c in data.corporations)
        industry: list[int] = []
        country: list[int] = []
        codes: list[str] = []
        # companies in board order: by industry (column), then by the countries' order (row)
        for i, ind in enumerate(data.industries):
            for k, c in enumerate(data.countries):
                if ind.code in c.industries:
                    industry.append(i)
                    country.append(k)
                    codes.append(f"{ind.code}.{c.code}")
        self.company_industry: tuple[int, ...] = tuple(industry)
        self.company_country: tuple[int, ...] = tuple(country)
        self.company_code: tuple[str, ...] = tuple(codes)
        self.code_of_company = {code: i for i, code in enumerate(codes)}
        self.companies_of_industry: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in range(len(codes)) if industry[c] == i) for i in range(len(data.industries))
        )
        self.companies_of_country: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in range(len(codes)) if country[c] == k) for k in range(len(data.countries))
        )
        # card id -> index of its event in data.events (copies get consecutive ids)
        self.card_kind: tuple[int, ...] = tuple(i for i, e in enumerate(data.events) for _ in range(e.copies))
        self.card_code_of: tuple[str, ...] = tuple(data.events[kind].code for kind in self.card_kind)
        # event index -> the country whose company it builds (-1 for none)
        self.place_built_by: tuple[int, ...] = tuple(
            self.country_index[e.place] if e.effect == "open_place" else -1 for e in data.events
        )

    @property
    def cards(self) -> int:
        return len(self.card_kind)

    def initial_owners(self) -> list[int]:
        owners = []
        for c in range(len(self.company_code)):
            place = self.countries[self.company_country[c]]
            owners.append(DORMANT if place.exists_after else SYNDICALIZED if place.syndicalized else UNOWNED)
        return owners

    def card_code(self, card: int) -> str:
        return self.card_code_of[card]

    def company_name(self, company: int) -> str:
        country = self.countries[self.company_country[company]]
        return f"{country.name} {self.industries[self.company_industry[company]].name}"
