"""The clan game's content (data/clan.toml), loaded once and validated.

Everything here is provisional (invented in the spirit of the rules; docs/rulings.md).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ....core.errors import InvalidOptions
from ..data import DATA_DIR

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


def _get(entry: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = entry.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidOptions(f"{where}: {key!r} must be a {kind.__name__}")
    return value


def _ids(entries: list[dict[str, Any]], what: str, file: Path) -> list[str]:
    ids = [_get(e, "id", str, f"{file}: a {what}") for e in entries]
    bad = [i for i in ids if not _ID.match(i)]
    if bad:
        raise InvalidOptions(f"{file}: {what} ids must be lower-case letters: {bad}")
    if len(set(ids)) != len(ids):
        raise InvalidOptions(f"{file}: two {what}s share an id")
    return ids


def _ints(value: Any, where: str, length: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(x) is int and x >= 0 for x in value):
        raise InvalidOptions(f"{where} must list integers of 0 or more")
    if length is not None and len(value) != length:
        raise InvalidOptions(f"{where} needs {length} entries")
    return tuple(value)


@cache
def load_clan(path: str | None = None) -> ClanData:
    file = Path(path) if path else DATA_DIR / "clan.toml"
    try:
        raw = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise InvalidOptions(f"cannot read the clan data {file}: {err}") from None
    house = raw.get("house", {})
    human_ids = _ids(raw.get("human", []), "human", file)
    humans = tuple(
        Human(i, _get(e, "name", str, f"{file}: human {i}"))
        for i, e in zip(human_ids, raw["human"], strict=True)
    )
    if not 2 <= len(humans) <= 8:
        raise InvalidOptions(f"{file}: 2 to 8 human types are needed")

    def human_index(name: Any, where: str) -> int:
        if name not in human_ids:
            raise InvalidOptions(f"{where}: {name!r} is not a human type ({', '.join(human_ids)})")
        return human_ids.index(name)

    char_ids = _ids(raw.get("character", []), "character", file)
    characters = tuple(
        Character(
            i,
            _get(e, "name", str, f"{file}: character {i}"),
            human_index(e.get("diet"), f"{file}: character {i}"),
            str(e.get("text", "")),
        )
        for i, e in zip(char_ids, raw["character"], strict=True)
    )
    if len(characters) < MAX_PLAYERS + 1:
        raise InvalidOptions(f"{file}: at least {MAX_PLAYERS + 1} characters are needed (players and a Head)")

    loc_ids = _ids(raw.get("location", []), "location", file)
    locations = []
    for i, e in zip(loc_ids, raw["location"], strict=True):
        where = f"{file}: location {i}"
        kinds = e.get("humans")
        if not isinstance(kinds, list) or not kinds:
            raise InvalidOptions(f"{where}: 'humans' must list human types")
        loc = Location(
            i,
            _get(e, "name", str, where),
            _get(e, "slots", int, where),
            tuple(human_index(k, where) for k in kinds),
            _get(e, "start", int, where),
            _get(e, "restock", int, where),
            _get(e, "most", int, where),
        )
        if loc.slots < 1 or not 0 <= loc.start <= loc.most or loc.restock < 0:
            raise InvalidOptions(f"{where}: slots must be 1 or more and start at most 'most'")
        locations.append(loc)
    if not 2 <= len(locations) <= 8:
        raise InvalidOptions(f"{file}: 2 to 8 city locations are needed")

    rivals_raw = raw.get("rivals", {})
    rivals = rivals_raw.get("names")
    if not isinstance(rivals, list) or not all(isinstance(r, str) and r for r in rivals) or not rivals:
        raise InvalidOptions(f"{file}: [rivals] names must list the rival houses")
    low, high = _ints(rivals_raw.get("score_per_player"), f"{file}: [rivals] score_per_player", 2)
    if low > high:
        raise InvalidOptions(f"{file}: [rivals] score_per_player must be low, high")
    clans = len(rivals) + 1
    ranks = raw.get("ranks", {})
    rank_meeples = _ints(ranks.get("meeples"), f"{file}: [ranks] meeples", clans)
    rank_claim = _ints(ranks.get("claim"), f"{file}: [ranks] claim", clans)
    rank_cards = _ints(ranks.get("power_cards"), f"{file}: [ranks] power_cards", clans)

    power_ids = _ids(raw.get("power", []), "power card", file)
    if tuple(power_ids) != POWER_IDS:
        raise InvalidOptions(f"{file}: the power cards must be, in order: {', '.join(POWER_IDS)}")
    powers = []
    for i, e in zip(power_ids, raw["power"], strict=True):
        where = f"{file}: power card {i}"
        phase = _get(e, "phase", str, where)
        if phase not in PHASES:
            raise InvalidOptions(f"{where}: phase must be one of {', '.join(PHASES)}")
        power = Power(
            i,
            _get(e, "name", str, where),
            phase,
            _get(e, "cost", int, where),
            _get(e, "copies", int, where),
            _get(e, "amount", int, where),
            _get(e, "text", str, where),
        )
        if power.cost < 0 or power.copies < 1 or power.amount < 0:
            raise InvalidOptions(f"{where}: cost and amount must be 0 or more, copies 1 or more")
        powers.append(power)

    thresholds = []
    for k, e in enumerate(raw.get("uprising", [])):
        where = f"{file}: uprising threshold {k + 1}"
        effect = _get(e, "effect", str, where)
        if effect not in EFFECTS:
            raise InvalidOptions(f"{where}: effect must be one of {', '.join(EFFECTS)}")
        thresholds.append(
            Threshold(
                _get(e, "per_player", int, where),
                effect,
                _get(e, "amount", int, where),
                _get(e, "name", str, where),
                _get(e, "text", str, where),
            )
        )
    steps = [t.per_player for t in thresholds]
    if not thresholds or steps != sorted(set(steps)) or steps[0] < 1:
        raise InvalidOptions(f"{file}: uprising thresholds must rise strictly, from 1 up")

    return ClanData(
        provisional=bool(raw.get("provisional", True)),
        hungry_penalty=_get(house, "hungry_penalty", int, f"{file}: [house]"),
        pregame_round_limit=_get(house, "pregame_round_limit", int, f"{file}: [house]"),
        humans=humans,
        characters=characters,
        locations=tuple(locations),
        rivals=tuple(rivals),
        rival_range=(low, high),
        rank_meeples=rank_meeples,
        rank_claim=rank_claim,
        rank_cards=rank_cards,
        powers=tuple(powers),
        uprising=tuple(thresholds),
    )
