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
wrong: :class:`~tabletop.core.errors.InvalidOptions`); :meth:`Rules.to_json` is what the API sends,
each paragraph as a :class:`~tabletop.words.line.Line`'s JSON.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ...core.errors import InvalidOptions
from ...core.protocol import JSON
from ..line import Card, Line, Mana, Number, Segment, line

TOKEN = re.compile(r"\{(card|number|mana):([^{}\s]+)\}")


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
    """One paragraph's text, its ``{card:...}`` tokens made the line's cards."""
    parts: list[Segment] = []
    at = 0
    for found in TOKEN.finditer(text):
        parts.append(text[at : found.start()])
        kind, value = found.groups()
        if kind == "card":
            parts.append(Card(value, "named"))
        elif kind == "mana":
            parts.append(Mana(value))
        elif not value.isdigit():
            raise ValueError(f"{{number:{value}}} is not a number")
        else:
            parts.append(Number(int(value)))
        at = found.end()
    parts.append(text[at:])
    return line(*parts)


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
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
        return _read(game, data)
    except (tomllib.TOMLDecodeError, ValueError, KeyError, TypeError) as err:
        raise InvalidOptions(f"tabletop/words/rules/{name}: {err}") from None


def _text(entry: dict[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where} needs {key!r}, a text")
    return " ".join(value.split()) if key != "text" else value.strip()


def _read(game: str, data: dict[str, Any]) -> Rules:
    sections = []
    for k, entry in enumerate(data.get("section") or []):
        where = f"section {k + 1}"
        paragraphs = [" ".join(p.split()) for p in _text(entry, "text", where).split("\n\n") if p.strip()]
        sections.append(
            Section(
                _text(entry, "title", where),
                tuple(paragraph(p) for p in paragraphs),
                bool(entry.get("provisional", False)),
            )
        )
    if not sections:
        raise ValueError("no [[section]]")
    terms = []
    for k, entry in enumerate(data.get("term") or []):
        where = f"term {k + 1}"
        term = _text(entry, "term", where)
        also = entry.get("also", [])
        if not isinstance(also, list) or not all(isinstance(a, str) and a.strip() for a in also):
            raise ValueError(f"{where} ({term}): 'also' lists other forms of the term")
        text = " ".join(_text(entry, "text", where).split())
        terms.append(Term(term, (term, *also), text, bool(entry.get("provisional", False))))
    forms = [f.lower() for t in terms for f in t.forms]
    if len(forms) != len(set(forms)):
        raise ValueError("a term or form is listed twice")
    return Rules(
        game,
        _text(data, "title", "the file"),
        _text(data, "pitch", "the file"),
        _text(data, "players", "the file"),
        tuple(sections),
        tuple(terms),
    )
