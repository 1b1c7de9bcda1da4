"""Each game's rules for players and its glossary, in the project's own words: one TOML file per game
in this folder (``<game>.toml``), shared by the web app (``/rules/GAME``, the table's rules panel,
the terms explained where they appear) and the terminal (``tabletop rules GAME``, ``h`` at a table).

A file holds::

    title = "Megalomania"
    pitch = "A trick-taking game of powers, missions and scrolls."   # one line
    players = "2-4 players, about 45 minutes"

    [[section]]
    title = "A round"
    text = \"\"\"Paragraphs, a blank line between two.  A card is drawn as the table draws it:
    {card:Ku} (a Megalomania card), {number:7} (a Summon 7 card), {mana:5L} (a ManaSurge card).\"\"\"
    provisional = true    # optional: content the team designed (docs/rulings.md), to be checked

    [[term]]
    term = "dominant colour"             # as it reads on the table
    also = ["dominant colours"]          # optional: other forms to mark
    text = "The colour of the round ..."  # what it means, in a sentence or two
    provisional = false                  # optional

A term's forms are matched whole-word and case-insensitively where they appear on a table.
:func:`rules` reads and checks a game's file once (a problem names the file, the entry and what is
wrong: :class:`~tabletop.core.errors.InvalidOptions`): the keys above and no others, texts where
texts are due, ``provisional`` true or false, every token a card of its game (a Megalomania card's
notation, a Summon 7 value from 0 to 12, a ManaSurge card's text) and no brace left over, each form
once in the glossary.  :meth:`Rules.to_json` is what the API sends, each paragraph as a
:class:`~tabletop.words.line.Line`'s JSON.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.errors import InvalidOptions
from ...core.protocol import JSON
from ..line import Card, Line, Mana, Number, Segment, line

TOKEN = re.compile(r"\{(card|number|mana):([^{}\s]+)\}")
KEYS = {
    "the file": {"title", "pitch", "players", "section", "term"},
    "section": {"title", "text", "provisional"},
    "term": {"term", "also", "text", "provisional"},
}


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: tuple[Line, ...]
    provisional: bool = False


@dataclass(frozen=True)
class Term:
    term: str
    forms: tuple[str, ...]  # the term and its other forms
    text: str
    provisional: bool = False


@dataclass(frozen=True)
class Rules:
    game: str
    title: str
    pitch: str
    players: str
    sections: tuple[Section, ...]
    terms: tuple[Term, ...]

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "title": self.title,
            "pitch": self.pitch,
            "players": self.players,
            "sections": [
                {
                    "title": s.title,
                    "paragraphs": [p.to_json() for p in s.paragraphs],
                    "provisional": s.provisional,
                }
                for s in self.sections
            ],
            "glossary": [
                {"term": t.term, "forms": list(t.forms), "text": t.text, "provisional": t.provisional}
                for t in self.terms
            ],
        }


def paragraph(text: str) -> Line:
    """One paragraph's text, its ``{card:...}`` tokens made the line's cards (ValueError for a token
    that names no card of its game, or a brace that makes no token)."""
    parts: list[Segment] = []
    at = 0
    for found in TOKEN.finditer(text):
        parts.append(text[at : found.start()])
        kind, value = found.groups()
        if kind == "card":
            if value not in _megalomania_cards():
                raise ValueError(f"{{card:{value}}} is no Megalomania card (a rank and a colour letter: Ku)")
            parts.append(Card(value, "named"))
        elif kind == "mana":
            if value not in _mana_cards():
                raise ValueError(f"{{mana:{value}}} is no ManaSurge card (a rank and a suit letter: 5L)")
            parts.append(Mana(value))
        elif not value.isdigit() or not 0 <= int(value) <= 12:
            raise ValueError(f"{{number:{value}}} is no Summon 7 card (a number from 0 to 12)")
        else:
            parts.append(Number(int(value)))
        at = found.end()
    parts.append(text[at:])
    stray = next((p for p in parts if isinstance(p, str) and ("{" in p or "}" in p)), None)
    if stray is not None:
        bad = re.search(r"\{[^}]*\}?|\}", stray)
        raise ValueError(
            f"{bad.group(0) if bad else stray!r} is not a token ({{card:Ku}}, {{number:7}}, {{mana:5L}})"
        )
    return line(*parts)


@functools.cache
def _megalomania_cards() -> frozenset[str]:
    from ...games.megalomania.cards import card_text

    return frozenset(card_text(c) for c in range(32))


@functools.cache
def _mana_cards() -> frozenset[str]:
    from ...games.manasurge.cards import Cards
    from ...games.manasurge.data import load_data

    return frozenset(Cards(load_data()).kind_of_text)


def games() -> list[str]:
    """The games that have a rules file."""
    folder = resources.files(__name__)
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))


@functools.cache
def rules(game: str) -> Rules:
    """The rules of ``game`` (InvalidOptions when it has none, or its file is wrong)."""
    name = f"{game}.toml"
    if game not in games():
        raise InvalidOptions(f"no rules for {game!r}; there are rules for {', '.join(games())}")
    source = resources.files(__name__).joinpath(name)
    return _load(game, source.read_text(encoding="utf-8"), f"tabletop/words/rules/{name}")


def read_file(path: Path) -> Rules:
    """A rules file anywhere (a draft, a test's), checked as :func:`rules` checks the game's own:
    InvalidOptions naming ``path``, the entry and what is wrong."""
    return _load(path.stem, path.read_text(encoding="utf-8"), str(path))


def _load(game: str, text: str, shown: str) -> Rules:
    try:
        return _read(game, tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValueError, KeyError, TypeError) as err:
        raise InvalidOptions(f"{shown}: {err}") from None


def _text(entry: dict[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where} needs {key!r}, a text")
    return " ".join(value.split()) if key != "text" else value.strip()


def keyed(entry: Any, kind: str, allowed: AbstractSet[str], where: str, hint: str = "") -> dict[str, Any]:
    """``entry`` of a TOML file checked to be a table with only the keys ``allowed`` a ``kind`` (the
    rules' and the tutorials' files); ``hint`` ends the message when it is no table at all."""
    if not isinstance(entry, dict):
        raise ValueError(f"{where} is not a table of keys{hint}")
    unknown = sorted(set(entry) - allowed)
    if unknown:
        names, listed = ", ".join(map(repr, unknown)), ", ".join(sorted(allowed))
        raise ValueError(f"{where}: unknown key {names} (a {kind} has {listed})")
    return entry


def _entry(entry: Any, kind: str, where: str) -> dict[str, Any]:
    """``entry`` checked to be a table with only the keys a ``kind`` may have."""
    table = keyed(entry, kind, KEYS[kind], where, f" (write it [[{kind}]])")
    if not isinstance(table.get("provisional", False), bool):
        raise ValueError(f"{where}: 'provisional' is true or false")
    return table


def _named(entry: Any, key: str, where: str) -> str:
    """``where`` with the entry's name, when it has one: ``section 3 (The end)``."""
    name = entry.get(key) if isinstance(entry, dict) else None
    return f"{where} ({' '.join(name.split())})" if isinstance(name, str) and name.strip() else where


def _list(data: dict[str, Any], kind: str) -> list[Any]:
    entries = data.get(kind) or []
    if not isinstance(entries, list):
        raise ValueError(f"{kind!r} is a list of tables (write each one [[{kind}]])")
    return entries


def _read(game: str, data: dict[str, Any]) -> Rules:
    _entry(data, "the file", "the file")
    sections = []
    for k, raw in enumerate(_list(data, "section")):
        where = _named(raw, "title", f"section {k + 1}")
        entry = _entry(raw, "section", where)
        text = _text(entry, "text", where)
        paragraphs = [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]
        try:
            lines = tuple(paragraph(p) for p in paragraphs)
        except ValueError as err:
            raise ValueError(f"{where}: {err}") from None
        sections.append(Section(_text(entry, "title", where), lines, entry.get("provisional", False)))
    if not sections:
        raise ValueError("no [[section]]")
    terms = []
    seen: dict[str, str] = {}
    for k, raw in enumerate(_list(data, "term")):
        where = _named(raw, "term", f"term {k + 1}")
        entry = _entry(raw, "term", where)
        term = _text(entry, "term", where)
        also = entry.get("also", [])
        if not isinstance(also, list) or not all(isinstance(a, str) and a.strip() for a in also):
            raise ValueError(f"{where}: 'also' lists other forms of the term")
        forms = (term, *(" ".join(a.split()) for a in also))
        for form in forms:
            if form.lower() in seen:
                raise ValueError(f"{where}: the form {form!r} is listed twice (also in {seen[form.lower()]})")
            seen[form.lower()] = where
        text = " ".join(_text(entry, "text", where).split())
        if "{" in text or "}" in text:
            raise ValueError(f"{where}: a term's text draws no cards (no {{...}} tokens)")
        terms.append(Term(term, forms, text, entry.get("provisional", False)))
    return Rules(
        game,
        _text(data, "title", "the file"),
        _text(data, "pitch", "the file"),
        _text(data, "players", "the file"),
        tuple(sections),
        tuple(terms),
    )
