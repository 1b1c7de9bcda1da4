"""The clan game's content (data/clan.toml, or a designer's copy), loaded once and validated.

Everything here is provisional (invented in the spirit of the rules; docs/rulings.md).  A designer
may pass an edited copy with the game's ``data`` option (``tabletop.make("clan", data="my.toml")``):
every number, name, text, diet, location and threshold may change, but the ids of the humans,
characters, locations and power cards must stay those of the packaged file, in its order (the
actions' notation is made of them, and each power card's effect is implemented once in code).
Loading checks every entry and names the file, the entry and the problem in the error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from ....core.datafile import TableReader, data_file, read_toml, tables
from ....core.errors import InvalidOptions
from ..data import DATA_DIR

CLAN_FILE = DATA_DIR / "clan.toml"
PHASES = ("home", "city", "dining")
EFFECTS = ("flee", "riot", "crackdown", "uprising")
POWER_IDS = ("ward", "hex", "boast", "bribe", "raid", "scraps", "tribute", "calm")  # effects in code
MAX_PLAYERS = 5
_ID = re.compile(r"^[a-z]+$")


@dataclass(frozen=True)
class Human:
    id: str
    name: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    diet: int  # index into ClanData.humans
    text: str


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    slots: int
    humans: tuple[int, ...]  # human types that turn up here (drawn uniformly from this list)
    start: int
    restock: int
    most: int


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    phase: str
    cost: int
    copies: int
    amount: int
    text: str


@dataclass(frozen=True)
class Threshold:
    per_player: int
    effect: str
    amount: int
    name: str
    text: str


@dataclass(frozen=True)
class ClanData:
    provisional: bool
    hungry_penalty: int
    pregame_round_limit: int
    humans: tuple[Human, ...]
    characters: tuple[Character, ...]
    locations: tuple[Location, ...]
    rivals: tuple[str, ...]
    rival_range: tuple[int, int]  # a rival's House score per player: low, high
    rank_meeples: tuple[int, ...]
    rank_claim: tuple[int, ...]
    rank_cards: tuple[int, ...]
    powers: tuple[Power, ...]
    uprising: tuple[Threshold, ...]

    @property
    def power_kind(self) -> tuple[int, ...]:
        """The kind (index into ``powers``) of each power card id, the deck being 0..N-1."""
        return tuple(k for k, p in enumerate(self.powers) for _ in range(p.copies))

    def power_index(self, power_id: str) -> int:
        return next(k for k, p in enumerate(self.powers) if p.id == power_id)


class _Entry(TableReader):
    """Typed reads of one table of the file; errors name the file, the entry and the problem (the
    value found, and kinds in words)."""

    def not_a_table(self, table: Any) -> str:
        return f"must be a table, not {table!r}"

    def kind_name(self, kind: type) -> str:
        return _KIND_NAMES.get(kind, kind.__name__)

    def natural(self, key: str, least: int = 0) -> int:
        value: int = self.get(key, int)
        if value < least:
            self.fail(f"{key!r} must be {least} or more, not {value}")
        return value

    def naturals(self, key: str, length: int) -> tuple[int, ...]:
        value = self.get(key, list)
        if not all(type(x) is int and x >= 0 for x in value):
            self.fail(f"{key!r} must list whole numbers of 0 or more, not {value!r}")
        if len(value) != length:
            self.fail(f"{key!r} needs {length} entries (one per clan in the city), not {len(value)}")
        return tuple(value)


_KIND_NAMES = {str: "text", int: "a whole number", list: "a list", dict: "a table", bool: "true or false"}


def load_clan(path: str | None = None) -> ClanData:
    """The packaged content, or a designer's file (validated; raises InvalidOptions)."""
    return _load(data_file(path, CLAN_FILE))


@cache
def _load(file: str) -> ClanData:
    raw = read_toml(file, "the clan data")
    top = _Entry(file, "the file", raw)
    provisional = top.get("provisional", bool, True)
    house = _Entry(file, "[house]", top.get("house", dict))
    humans = tuple(_human(file, e) for e in tables(file, raw, "human"))
    _check_ids(file, "human", [h.id for h in humans])
    if not 2 <= len(humans) <= 8:
        raise InvalidOptions(f"{file}: 2 to 8 [[human]] types are needed, not {len(humans)}")
    human_ids = [h.id for h in humans]
    characters = tuple(_character(file, e, human_ids) for e in tables(file, raw, "character"))
    _check_ids(file, "character", [c.id for c in characters])
    if len(characters) < MAX_PLAYERS + 1:
        raise InvalidOptions(f"{file}: at least {MAX_PLAYERS + 1} characters are needed (players and a Head)")
    locations = tuple(_location(file, e, human_ids) for e in tables(file, raw, "location"))
    _check_ids(file, "location", [loc.id for loc in locations])
    if not 2 <= len(locations) <= 8:
        raise InvalidOptions(f"{file}: 2 to 8 city [[location]] tables are needed, not {len(locations)}")
    rivals_entry = _Entry(file, "[rivals]", top.get("rivals", dict))
    rivals = rivals_entry.get("names", list)
    if not rivals or not all(isinstance(r, str) and r for r in rivals):
        rivals_entry.fail(f"'names' must list the rival houses' names, not {rivals!r}")
    low, high = rivals_entry.naturals("score_per_player", 2)
    if low > high:
        rivals_entry.fail(f"'score_per_player' must be [low, high], not [{low}, {high}]")
    clans = len(rivals) + 1
    ranks = _Entry(file, "[ranks]", top.get("ranks", dict))
    powers = tuple(_power(file, e) for e in tables(file, raw, "power"))
    _check_ids(file, "power card", [p.id for p in powers])
    if tuple(p.id for p in powers) != POWER_IDS:
        raise InvalidOptions(f"{file}: the [[power]] cards must be, in order: {', '.join(POWER_IDS)}")
    thresholds = tuple(_threshold(file, k, e) for k, e in enumerate(tables(file, raw, "uprising")))
    steps = [t.per_player for t in thresholds]
    if steps != sorted(set(steps)) or steps[0] < 1:
        raise InvalidOptions(f"{file}: the [[uprising]] thresholds' per_player must rise strictly, from 1 up")
    data = ClanData(
        provisional=provisional,
        hungry_penalty=house.natural("hungry_penalty"),
        pregame_round_limit=house.natural("pregame_round_limit", 1),
        humans=humans,
        characters=characters,
        locations=locations,
        rivals=tuple(rivals),
        rival_range=(low, high),
        rank_meeples=ranks.naturals("meeples", clans),
        rank_claim=ranks.naturals("claim", clans),
        rank_cards=ranks.naturals("power_cards", clans),
        powers=powers,
        uprising=thresholds,
    )
    if file != str(CLAN_FILE):
        _check_same_ids(file, data)
    return data


def _check_ids(file: str, what: str, ids: list[str]) -> None:
    for i in ids:
        if not _ID.match(i):
            raise InvalidOptions(f"{file}: {what} {i!r}: an id is lower-case letters only")
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise InvalidOptions(f"{file}: two {what}s share the id {twice[0]!r}")


def _where(what: str, table: Any) -> str:
    name = table.get("id") if isinstance(table, dict) else None
    return f"{what} {name}" if isinstance(name, str) else f"a {what} (without an id)"


def _human(file: str, table: Any) -> Human:
    e = _Entry(file, _where("human", table), table)
    return Human(e.get("id", str), e.get("name", str))


def _human_index(e: _Entry, name: Any, human_ids: list[str]) -> int:
    if name not in human_ids:
        e.fail(f"{name!r} is not a human type ({', '.join(human_ids)})")
    return human_ids.index(name)


def _character(file: str, table: Any, human_ids: list[str]) -> Character:
    e = _Entry(file, _where("character", table), table)
    diet = _human_index(e, e.get("diet", str), human_ids)
    return Character(e.get("id", str), e.get("name", str), diet, e.get("text", str, ""))


def _location(file: str, table: Any, human_ids: list[str]) -> Location:
    e = _Entry(file, _where("location", table), table)
    kinds = e.get("humans", list)
    if not kinds:
        e.fail("'humans' must list the human types that turn up here")
    loc = Location(
        e.get("id", str),
        e.get("name", str),
        e.natural("slots", 1),
        tuple(_human_index(e, k, human_ids) for k in kinds),
        e.natural("start"),
        e.natural("restock"),
        e.natural("most"),
    )
    if loc.start > loc.most:
        e.fail(f"'start' ({loc.start}) must be at most 'most' ({loc.most})")
    return loc


def _power(file: str, table: Any) -> Power:
    e = _Entry(file, _where("power card", table), table)
    phase = e.get("phase", str)
    if phase not in PHASES:
        e.fail(f"phase {phase!r} is not one of {', '.join(PHASES)}")
    return Power(
        e.get("id", str),
        e.get("name", str),
        phase,
        e.natural("cost"),
        e.natural("copies", 1),
        e.natural("amount"),
        e.get("text", str),
    )


def _threshold(file: str, index: int, table: Any) -> Threshold:
    e = _Entry(file, f"uprising threshold {index + 1}", table)
    effect = e.get("effect", str)
    if effect not in EFFECTS:
        e.fail(f"effect {effect!r} is not one of {', '.join(EFFECTS)}")
    return Threshold(
        e.natural("per_player"), effect, e.natural("amount"), e.get("name", str), e.get("text", str)
    )


def _check_same_ids(file: str, data: ClanData) -> None:
    """A designer's file keeps the packaged ids, in order: the notation is made of them."""
    packaged = load_clan()
    for what, mine, theirs in (
        ("human", [h.id for h in data.humans], [h.id for h in packaged.humans]),
        ("character", [c.id for c in data.characters], [c.id for c in packaged.characters]),
        ("location", [loc.id for loc in data.locations], [loc.id for loc in packaged.locations]),
    ):
        if mine != theirs:
            raise InvalidOptions(
                f"{file}: the {what}s must keep the packaged ids, in order ({', '.join(theirs)}), "
                f"not {', '.join(mine)}: change their names, texts and numbers instead"
            )
