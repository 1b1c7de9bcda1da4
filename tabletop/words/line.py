"""A line of words with cards in it, drawn by each front end in its own way.

The terminal turns a :class:`Line` into Rich text with coloured badges; the server sends it as
JSON (:meth:`Line.to_json`) and the browser draws small cards.  Nothing here knows how it looks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..core.protocol import JSON

# How a line stands out in a log: a heading, bad news, an aside, an alarm, a rare event.
Tone = Literal["", "strong", "bad", "quiet", "alarm", "special"]
# How a Megalomania card is written: ``blue Knight 9`` (named), ``Knight 9`` (chip), ``K9`` (short).
CardForm = Literal["named", "chip", "short"]


@dataclass(frozen=True, slots=True)
class Card:
    """A Megalomania card in a line, by its notation (``Ku``)."""

    text: str
    form: CardForm = "chip"


@dataclass(frozen=True, slots=True)
class Number:
    """A Summon 7 number card in a line."""

    value: int


@dataclass(frozen=True, slots=True)
class Mana:
    """A ManaSurge card in a line, by its text: ``5L`` (a spell: rank and suit letter) or a
    metamagic card's code (``mirror``)."""

    text: str


Segment = str | Card | Number | Mana


@dataclass(frozen=True, slots=True)
class Line:
    parts: tuple[Segment, ...]
    tone: Tone = ""

    def plain(self, card_words: dict[str, str] | None = None) -> str:
        """The line as plain text; cards as ``K9``-style notation unless ``card_words`` names them."""
        out: list[str] = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part)
            elif isinstance(part, Number):
                out.append(str(part.value))
            else:  # a Mana or a Megalomania card
                out.append((card_words or {}).get(part.text, part.text))
        return "".join(out)

    def to_json(self) -> dict[str, JSON]:
        parts: list[JSON] = []
        for part in self.parts:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, Number):
                parts.append({"number": part.value})
            elif isinstance(part, Mana):
                parts.append({"mana": part.text})
            else:
                parts.append({"card": part.text, "form": part.form})
        return {"parts": parts, "tone": self.tone}


_SEGMENTS = (str, Card, Number, Mana)  # a tuple, not the union: built once (the server words every event)


def line(*parts: Segment | Iterable[Segment], tone: Tone = "") -> Line:
    """A line from strings and cards; adjacent strings are joined, nested runs flattened."""
    flat: list[Segment] = []
    for part in parts:
        items: Iterable[Segment] = (part,) if isinstance(part, _SEGMENTS) else part
        for item in items:
            if isinstance(item, str):
                if not item:
                    continue
                if flat and isinstance(flat[-1], str):
                    flat[-1] += item
                    continue
            flat.append(item)
    return Line(tuple(flat), tone)


def spaced(items: Iterable[Segment], sep: str = " ") -> list[Segment]:
    """``items`` with ``sep`` between them."""
    out: list[Segment] = []
    for i, item in enumerate(items):
        if i:
            out.append(sep)
        out.append(item)
    return out
