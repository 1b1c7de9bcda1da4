"""ManaSurge's cards, loaded once from a TOML file and validated.

The packaged file (data/manasurge.toml) holds the printed facts and the team's provisional
designs; a designer may pass an edited copy (the ``data`` option).  Loading checks every entry and
names the file, the entry and the problem in the error.  Each effect is implemented once in code
(rules.py, effects.py) and chosen here by name.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.errors import InvalidOptions

# the package's folder (a compiled module's __file__ names its library's folder instead)
DATA_FILE = Path(str(resources.files("tabletop.games.manasurge"))) / "data" / "manasurge.toml"

SUIT_EFFECTS = ("play_again", "give_card", "descend", "strict", "extra_damage", "none")
TRIGGERS = ("resonate", "round", "end")
# the moment each suit effect is implemented for: a file giving another would be silently ignored
SUIT_TRIGGER = {
    "play_again": "resonate",
    "give_card": "resonate",
    "descend": "round",
    "strict": "round",
    "extra_damage": "end",
}
META_EFFECTS = (
    "copy_last",
    "reverse",
    "shard_self",
    "shard_self_damage",
    "shard_last",
    "shard_caster",
    "silence",
    "play_again",
    "move_caster",
    "reset_rank",
    "discard",
    "draw",
    "extra_damage",
    "sanctuary",
    "none",
)
WIZARD_EFFECTS = (
    "hand_limit",
    "wide_counter",
    "free_rebirth",
    "last_bonus",
    "surge_bonus",
    "tough",
    "opening_bonus",
    "keep_shards",
    "rebirth_at",
    "none",
)
SUITS, META, WIZARDS, RANKS = 5, 12, 6, 12


@dataclass(frozen=True)
class Power:
    """A suit's, a metamagic card's or a wizard's printed (or designed) power."""

    code: str  # a suit's letter, a card's or wizard's short name (used in action texts)
    name: str
    effect: str
    text: str
    amount: int  # params.amount (or params.limit): how much, for the effects that count
    provisional: bool
    trigger: str = ""  # suits only: resonate, round or end


@dataclass(frozen=True)
class Constants:
    deal: int
    hand_limit: int
    win_shards: dict[int, int]
    opening_shard: int
    resonate_shard: int
    last_play_bonus: int
    mana_surge_shards: int
    rebirth_damage: int
    rebirth_shard_cost: int
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class ManaData:
    file: str
    constants: Constants
    suits: tuple[Power, ...]
    metamagic: tuple[Power, ...]
    wizards: tuple[Power, ...]

    def to_json(self) -> dict[str, Any]:
        """The texts a front end shows (names, powers, what is provisional), by code."""

        def entry(p: Power) -> dict[str, Any]:
            out: dict[str, Any] = {"name": p.name, "text": p.text, "provisional": p.provisional}
            if p.trigger:
                out["trigger"] = p.trigger
            return out

        return {
            "suits": {p.code: entry(p) for p in self.suits},
            "metamagic": {p.code: entry(p) for p in self.metamagic},
            "wizards": {p.code: entry(p) for p in self.wizards},
        }


def _get(entry: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = entry.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidOptions(f"{where}: {key!r} must be a {kind.__name__}, not {value!r}")
    return value


def _power(entry: Any, where: str, key: str, effects: tuple[str, ...]) -> Power:
    if not isinstance(entry, dict):
        raise InvalidOptions(f"{where}: must be a table")
    code = _get(entry, key, str, where)
    where = f"{where} ({code})"
    if not code or not code.replace("_", "").isalnum() or "@" in code or "=" in code:
        raise InvalidOptions(f"{where}: {key!r} must be letters or digits")
    effect = _get(entry, "effect", str, where)
    if effect not in effects:
        raise InvalidOptions(f"{where}: effect {effect!r} is not one of {', '.join(effects)}")
    params = entry.get("params", {})
    if not isinstance(params, dict):
        raise InvalidOptions(f"{where}: 'params' must be a table")
    amount = params.get("amount", params.get("limit", 1))
    if type(amount) is not int or not 0 <= amount <= 20:
        raise InvalidOptions(f"{where}: params amount/limit must be an integer from 0 to 20")
    provisional = entry.get("provisional", True)
    if not isinstance(provisional, bool):
        raise InvalidOptions(f"{where}: 'provisional' must be true or false")
    return Power(
        code=code,
        name=_get(entry, "name", str, where),
        effect=effect,
        text=_get(entry, "text", str, where),
        amount=amount,
        provisional=provisional,
        trigger=str(entry.get("trigger", "")),
    )


def _constants(raw: Any, where: str) -> Constants:
    if not isinstance(raw, dict):
        raise InvalidOptions(f"{where}: a [constants] table is needed")
    ints = {}
    for key in (
        "deal",
        "hand_limit",
        "opening_shard",
        "resonate_shard",
        "last_play_bonus",
        "mana_surge_shards",
        "rebirth_damage",
        "rebirth_shard_cost",
    ):
        value = _get(raw, key, int, where)
        if not 0 <= value <= 20:
            raise InvalidOptions(f"{where}: {key} must be from 0 to 20, not {value}")
        ints[key] = value
    if ints["deal"] < 1 or ints["hand_limit"] < 1 or ints["rebirth_damage"] < 1:
        raise InvalidOptions(f"{where}: deal, hand_limit and rebirth_damage must be at least 1")
    ranks = raw.get("ranks")
    if (
        not isinstance(ranks, list)
        or len(ranks) != RANKS
        or not all(type(r) is int and 0 <= r <= 99 for r in ranks)
    ):
        raise InvalidOptions(f"{where}: 'ranks' must list {RANKS} ranks from 0 to 99")
    wins = raw.get("win_shards")
    if not isinstance(wins, dict) or sorted(wins) != ["3", "4", "5"]:
        raise InvalidOptions(f"{where}: 'win_shards' must give the target for 3, 4 and 5 players")
    if not all(type(v) is int and 1 <= v <= 99 for v in wins.values()):
        raise InvalidOptions(f"{where}: each win_shards target must be from 1 to 99")
    return Constants(
        win_shards={int(k): int(v) for k, v in wins.items()},
        ranks=tuple(sorted(ranks)),
        **ints,
    )


@cache
def load_data(path: str = "") -> ManaData:
    """The cards from ``path`` (the packaged file when empty); InvalidOptions on any problem."""
    file = Path(path) if path else DATA_FILE
    try:
        raw = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise InvalidOptions(f"cannot read ManaSurge data {file}: {err}") from None
    where = str(file)
    constants = _constants(raw.get("constants"), f"{where} [constants]")
    lists: dict[str, list[Any]] = {}
    for name, count in (("suit", SUITS), ("metamagic", META), ("wizard", WIZARDS)):
        entries = raw.get(name)
        if not isinstance(entries, list) or len(entries) != count:
            raise InvalidOptions(f"{where}: exactly {count} [[{name}]] entries are needed")
        lists[name] = entries
    suits = tuple(
        _power(e, f"{where} suit {i + 1}", "letter", SUIT_EFFECTS) for i, e in enumerate(lists["suit"])
    )
    for s in suits:
        if len(s.code) != 1 or not s.code.isupper():
            raise InvalidOptions(f"{where}: suit {s.name}'s letter must be one capital letter")
        if s.trigger not in TRIGGERS:
            raise InvalidOptions(f"{where}: suit {s.name}'s trigger must be one of {', '.join(TRIGGERS)}")
        if s.effect in SUIT_TRIGGER and s.trigger != SUIT_TRIGGER[s.effect]:
            raise InvalidOptions(
                f"{where}: suit {s.name}'s effect {s.effect} acts with trigger {SUIT_TRIGGER[s.effect]!r}"
            )
    metamagic = tuple(
        _power(e, f"{where} metamagic {i + 1}", "code", META_EFFECTS)
        for i, e in enumerate(lists["metamagic"])
    )
    for m in metamagic:
        if not m.code.islower():
            raise InvalidOptions(f"{where}: metamagic {m.name}'s code must be lower-case")
    wizards = tuple(
        _power(e, f"{where} wizard {i + 1}", "code", WIZARD_EFFECTS) for i, e in enumerate(lists["wizard"])
    )
    for group, label in ((suits, "suit letters"), (metamagic, "metamagic codes"), (wizards, "wizard codes")):
        codes = [p.code for p in group]
        if len(set(codes)) != len(codes):
            raise InvalidOptions(f"{where}: the {label} must all differ")
        names = [p.name for p in group]
        if len(set(names)) != len(names):  # MS5, MS6: each card has a unique name
            raise InvalidOptions(f"{where}: two entries share a name: {', '.join(names)}")
    return ManaData(where, constants, suits, metamagic, wizards)
