"""A :class:`~tabletop.words.Line` as Rich text: cards as coloured badges, tones as styles."""

from __future__ import annotations

from rich.text import Text

from ..words import Card, Line, Mana, Number
from .style import chip, mana_chip, number_chip, short_chip

TONE_STYLE = {
    "": "",
    "strong": "bold",
    "bad": "red",
    "quiet": "italic",
    "alarm": "bold red",
    "special": "bold magenta",
}


def rich_line(line: Line) -> Text:
    out = Text(style=TONE_STYLE[line.tone])
    for part in line.parts:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, Number):
            out.append_text(number_chip(part.value))
        elif isinstance(part, Mana):
            out.append_text(mana_chip(part.text))
        elif isinstance(part, Card):
            out.append_text(
                short_chip(part.text) if part.form == "short" else chip(part.text, named=part.form == "named")
            )
    return out
