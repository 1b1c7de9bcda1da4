"""Mission and scroll data, loaded once from TOML and validated."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.errors import InvalidOptions

# the package's folder (a compiled module's __file__ names its library's folder instead)
DATA_DIR = Path(str(resources.files("tabletop.games.megalomania"))) / "data"
DEALS = (
    "plain",
    "open-three",
    "turned-dominant",
    "laid-out",
    "covered-four",
    "personal-pile",
    "swap-opposite",
    "pass-right",
    "split-piles",
    "hand-three-right",
)


@dataclass(frozen=True)
class Mission:
    number: int
    cards: int
    deal: str
    kind: str  # "fixed" or "variable"
    task: str
    points: int
    players: tuple[int, ...]
    provisional: bool
    players_provisional: bool = True  # the green 2/3 marks are not known (docs/rulings.md)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "task": self.task,
            "kind": self.kind,
            "points": self.points,
            "cards": self.cards,
            "deal": self.deal,
            "provisional": self.provisional,
        }


@dataclass(frozen=True)
class Scroll:
    number: int
    name: str
    text: str
    provisional: bool


def _require(entry: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = entry.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidOptions(f"{where}: {key!r} must be a {kind.__name__}")
    return value


def _flag(entry: dict[str, Any], key: str, where: str) -> bool:
    """An optional true/false entry (false when left out)."""
    value = entry.get(key, False)
    if type(value) is not bool:
        raise InvalidOptions(f"{where}: {key!r} must be true or false")
    return value


@cache
def load_missions(path: str | None = None) -> dict[int, Mission]:
    """All missions by number, from the packaged file or a user's own copy."""
    file = Path(path) if path else DATA_DIR / "missions.toml"
    try:
        raw = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise InvalidOptions(f"cannot read mission data {file}: {err}") from None
    missions: dict[int, Mission] = {}
    entries = raw.get("mission", [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise InvalidOptions(f"{file}: each [[mission]] must be a table")
    for entry in entries:
        number = _require(entry, "number", int, str(file))
        where = f"{file}: mission {number}"
        kind = _require(entry, "kind", str, where)
        deal = _require(entry, "deal", str, where)
        listed = entry.get("players", [2, 3, 4])
        if kind not in ("fixed", "variable"):
            raise InvalidOptions(f"{where}: kind must be 'fixed' or 'variable'")
        if deal not in DEALS:
            raise InvalidOptions(f"{where}: deal must be one of {', '.join(DEALS)}")
        if (
            not isinstance(listed, list)
            or not listed
            or not all(type(p) is int and 2 <= p <= 4 for p in listed)
        ):
            raise InvalidOptions(f"{where}: players must list counts from 2 to 4")
        players = tuple(listed)
        if deal == "swap-opposite" and players != (4,):
            raise InvalidOptions(f"{where}: a swap with the opposite player needs players = [4]")
        cards = _require(entry, "cards", int, where)
        if not 1 <= cards <= 8:
            raise InvalidOptions(f"{where}: cards must be from 1 to 8")
        missions[number] = Mission(
            number=number,
            cards=cards,
            deal=deal,
            kind=kind,
            task=_require(entry, "task", str, where),
            points=_require(entry, "points", int, where),
            players=players,
            provisional=_flag(entry, "provisional", where),
            players_provisional=_flag(entry, "players_provisional", where),
        )
    if sorted(missions) != list(range(1, 26)):
        raise InvalidOptions(f"{file}: expected missions numbered 1 to 25")
    return missions


@cache
def load_scrolls() -> dict[int, Scroll]:
    raw = tomllib.loads((DATA_DIR / "scrolls.toml").read_text(encoding="utf-8"))
    scrolls = {
        s["number"]: Scroll(s["number"], s["name"], s["text"], bool(s.get("provisional")))
        for s in raw["scroll"]
    }
    if sorted(scrolls) != list(range(1, 21)):
        raise InvalidOptions("scrolls.toml: expected scrolls numbered 1 to 20")
    return scrolls
