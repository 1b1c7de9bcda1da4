"""How Megalomania's cards, colours and seats look on a terminal.

Every card is drawn as a small badge in its colour.  Black cards are white on
dark grey, so they stay readable on a dark terminal as on a light one.  Card
texts (``Ku``) come from the view; their names and values from the game's own
card table.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..games.megalomania.cards import colour_of, parse_card, rank_of
from ..words.megalomania import card_name, card_parts
from ..words.seats import seat_name, signed

# badge style (card chips, colour names) and plain text style, per colour
BADGE = {
    "black": "bold bright_white on grey35",
    "red": "bold bright_white on red3",
    "yellow": "bold black on gold1",
    "blue": "bold bright_white on dodger_blue3",
}
YOU = "bold green"
DIM = "grey50"


def card_sort_key(text: str) -> tuple[int, int]:
    c = parse_card(text)
    return colour_of(c), rank_of(c)


def colour_badge(colour: str, label: str | None = None) -> Text:
    return Text(f" {label or colour.upper()} ", style=BADGE[colour])


def chip(
    text: str, *, colour: str | None = None, value: int | None = None, dim: bool = False, named: bool = False
) -> Text:
    """A card as a coloured badge: `` Knight 9 ``, or `` blue Knight 9 `` when ``named`` (readable
    without colours); ``colour``/``value`` override the printed ones (an Oracle's power, cubes)."""
    printed, rank, printed_value = card_parts(text)
    shown = colour or printed
    label = f" {shown + ' ' if named else ''}{rank} {printed_value if value is None else value} "
    style = BADGE[shown]
    return Text(label, style=f"{style} dim" if dim else style)


def short_chip(text: str) -> Text:
    """A card as a small badge: `` K9 `` (its notation letter and value)."""
    colour, _, value = card_parts(text)
    return Text(f"{text[0]}{value}", style=BADGE[colour])


def chips(cards: Sequence[str], sep: str = " ", short: bool = False, named: bool = False) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(short_chip(card) if short else chip(card, named=named))
    return out


def seat_text(labels: Sequence[str] | None, seat: int, me: int | None) -> Text:
    return Text(seat_name(labels, seat), style=YOU if seat == me else "bold")


def number_card_style(value: int) -> str:
    """Summon 7's number cards: green when low, gold in the middle, red when high."""
    if value <= 4:
        return "bold black on pale_green3"
    if value <= 8:
        return "bold black on gold1"
    return "bold bright_white on red3"


def number_chip(value: int, dim: bool = False) -> Text:
    return Text(f" {value} ", style=number_card_style(value) + (" dim" if dim else ""))


__all__ = ["card_name", "card_parts", "seat_name", "signed"]


# -- ManaSurge: one colour per suit (its letter is always printed too), metamagic in magenta -------
MANA_BADGE = {
    "B": "bold black on grey70",
    "F": "bold bright_white on red3",
    "W": "bold black on light_sky_blue1",
    "L": "bold black on gold1",
    "Q": "bold bright_white on orange4",
}
META_BADGE = "bold bright_white on magenta3"


def mana_style(text: str) -> str:
    """A ManaSurge card's badge style, by its text (``5L``; a metamagic code such as ``mirror``)."""
    if text[:-1].isdigit():
        return MANA_BADGE.get(text[-1], "bold reverse")
    return META_BADGE


def mana_chip(text: str, *, label: str | None = None, dim: bool = False) -> Text:
    """A ManaSurge card as a badge: `` 5L `` or `` mirror `` (``label`` replaces the text, as in
    ``mirror=5W`` for a Dark Mirror's copy)."""
    style = mana_style(text)
    return Text(f" {label or text} ", style=f"{style} dim" if dim else style)
