"""ManaSurge on the terminal: the spell in play, the table, your hand, the log and the choices,
drawn from one seat's view (``state.view(seat)``), never from the state.

Every card is a badge in its suit's colour with its text printed (``5L``, ``mirror``), so colour
is never the only way to tell suits apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ..words.manasurge import (
    DATA,
    DIRECTIONS,
    META,
    SUIT,
    WIZARD,
    card_name,
    next_seat,
    plural,
    strike_damage,
    suit_rule,
)
from ..words.seats import seat_name as name
from ..words.seats import subject
from .frames import LogScreen, game_over, help_panel, notation_grid
from .prompt import COMMANDS, Choice, Command, Invalid
from .prompt import interpret as interpret_plain
from .screens import your_turn
from .style import DIM, YOU, mana_chip

View = Mapping[str, Any]
MANY_CHOICES = 9  # from this many choices on, they are listed in columns
PLACES = {1: "1st", 2: "2nd", 3: "3rd"}
ARROWS = {way: f"{arrow} {DIRECTIONS[way]}" for way, arrow in (("cw", "↻"), ("ccw", "↺"))}
PHASES = {
    "open": "open the spell",
    "direction": "choose the spell's direction",
    "play": "play a valid card",
    "counter": "Counter-Spell or not",
    "again": "play again or not",
    "give": "give a card away or not",
    "discard": "discard or not",
    "between": "draw or hold",
}


def chips(cards: Sequence[str], highlight: Sequence[str] | None = None) -> Text:
    """Cards as badges; with ``highlight``, the others are dimmed."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(mana_chip(card, dim=highlight is not None and card not in highlight))
    return out


def seat_label(labels: Sequence[str], seat: int, me: int | None) -> Text:
    return Text(name(labels, seat), style=YOU if seat == me else "bold")


# -- the parts of the screen ---------------------------------------------------------------------
def header(view: View, labels: Sequence[str]) -> Text:
    me, to_act = view["seat"], view["to_act"]
    head = Text()
    head.append("MANASURGE", style="bold magenta")
    head.append(f"   Spell {view['round']}   first to {view['target']} Shards   ")
    if view["phase"] == "over":
        head.append("game over", style="bold")
    elif to_act is not None:
        head.append(f"▶ {subject(to_act, me, labels)}: {PHASES.get(view['phase'], 'act')}", style="bold")
    return head


class Flow:
    """Pieces of text laid out in lines as wide as the screen, never broken inside a piece (a card
    stays with its Shards and its player); lines after the first are indented like the first
    piece's text after ``head``."""

    def __init__(self, head: Text, pieces: list[Text], sep: str = " → ") -> None:
        self.head, self.pieces, self.sep = head, pieces, sep

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        indent = self.head.cell_len
        current = self.head.copy()
        for i, piece in enumerate(self.pieces):
            sep = self.sep if i else ""
            if i and current.cell_len + len(sep) + piece.cell_len > width and current.cell_len > indent:
                current.append(self.sep.rstrip(), style=DIM)
                yield current
                current, sep = Text(" " * indent), ""
            current.append(sep, style=DIM)
            current.append_text(piece)
        yield current


def spell_line(view: View, labels: Sequence[str]) -> RenderableType:
    """The cards of the spell in play order: a badge each (★ on the Caster token's card, a Dark
    Mirror as ``mirror=5W``), its Shards (◆) and who played it."""
    head = Text("Spell: ", style="bold")
    last = view["last_spell"]
    if not view["spell"] and last is None:
        head.append("no card in play yet", style=DIM)
        return head
    if not view["spell"]:  # between spells: the last one, as it ended
        struck = "you" if last["struck"] == view["seat"] else name(labels, last["struck"])
        ended = Text(f"struck {struck} ({last['damage']} damage)", style="bold")
        return Flow(
            Text("Last spell: ", style="bold"), [mana_chip(card) for card in last["cards"]] + [ended], " "
        )
    pieces = []
    for entry in view["spell"]:
        piece = Text()
        if entry["caster"]:
            piece.append("★", style="bold yellow")
        label = f"{entry['card']}={entry['copy']}" if "copy" in entry else None
        piece.append_text(mana_chip(entry["card"], label=label))
        if entry["shards"]:
            piece.append(f" {entry['shards']}◆", style="bold cyan")
        piece.append(f" {name(labels, entry['seat'])}", style=YOU if entry["seat"] == view["seat"] else DIM)
        pieces.append(piece)
    return Flow(head, pieces)


def rules_lines(view: View, labels: Sequence[str]) -> list[Text]:
    """The round's suit and its power, what a valid rank must be, the direction, the damage."""
    if not view["spell"]:
        return []
    suit = view["suit"]
    first = Text("Caster suit: ", style="bold")
    if suit in SUIT:
        first.append_text(mana_chip(suit))
        first.append(f" {SUIT[suit].name}: {suit_rule(suit)}.")
    second = Text("Valid: ", style="bold")
    second.append(view["bar"] or "any rank")
    if view["silenced"]:
        second.append(", no metamagic (Silence)", style="red")
    direction = view["direction"]
    if direction in ARROWS:
        second.append(" · ", style=DIM)
        second.append(ARROWS[direction], style="bold")
        if view["phase"] in ("counter", "again", "give", "discard"):
            ahead = next_seat(view["to_act"], direction, view["players"])
            second.append(f" (next: {name(labels, ahead)})")
    second.append(" · ", style=DIM)
    second.append(f"strikes for {strike_damage(view)}")
    extra = [f"{view['damage_now']}◆"]
    if view["extra_damage"]:
        extra.append(f"+{view['extra_damage']} Curse")
    if suit in SUIT and SUIT[suit].effect == "extra_damage":
        extra.append(f"+{SUIT[suit].amount} {SUIT[suit].name}")
    if len(extra) > 1:
        second.append(f" ({' '.join(extra)})")
    return [first, second]


def seats_table(view: View, labels: Sequence[str]) -> Table:
    me, to_act, target = view["seat"], view["to_act"], view["target"]
    wizards = any(seat["wizard"] for seat in view["seats"])
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("")
    table.add_column("Player")
    table.add_column("Shards", justify="right")
    table.add_column("Hand", justify="right")
    table.add_column("Damage", justify="right")
    table.add_column("On spell", justify="right")
    if wizards:
        table.add_column("Wizard")
    for seat in view["seats"]:
        i = seat["seat"]
        marks = ("▶" if i == to_act else " ") + ("C" if i == view["caster"] else " ")
        near = seat["shards"] >= target - 2
        cells: list[Any] = [
            marks,
            seat_label(labels, i, me),
            Text(f"{seat['shards']}/{target}", style="bold yellow" if near else ""),
            f"{seat['hand']}/{seat['limit']}",
            Text(
                str(seat["damage"]),
                style="red" if seat["damage"] >= DATA.constants.rebirth_damage - 1 else "",
            ),
            f"{seat['on_spell']}◆" if seat["on_spell"] else "",
        ]
        if wizards:
            wizard = WIZARD.get(seat["wizard"] or "")
            cells.append(wizard.name if wizard is not None else "—")
        table.add_row(*cells)
    return table


def hand_line(view: View, labels: Sequence[str]) -> list[Text]:
    hand = view.get("hand")
    if hand is None:
        return []
    out = Text("Your hand: ", style="bold")
    if not hand:
        out.append("no cards", style=DIM)
    playing = view["phase"] == "play" and bool(view["legal"])
    out.append_text(chips(hand, view["playable"] if playing else None))
    if playing:
        out.append("  (dimmed: not valid now)", style=DIM)
    lines = [out]
    known = view.get("known") or {}
    if known:
        given = Text("You gave: ", style=DIM)
        for i, (receiver, cards) in enumerate(known.items()):
            if i:
                given.append(", ")
            given.append_text(chips(cards))
            given.append(f" to {name(labels, int(receiver))}")
        lines.append(given)
    return lines


def table_line(view: View, labels: Sequence[str]) -> Text:
    out = Text(f"Deck {view['deck']} cards, discard pile {len(view['discard'])}.", style=DIM)
    if view["phase"] == "between" and view["between"]:
        waiting = ", ".join(name(labels, s) for s in view["between"])
        out.append(f"  To draw or hold: {waiting}.", style=DIM)
    return out


def choices(view: View, labels: Sequence[str]) -> list[RenderableType]:
    """The numbered choices in words; many choices (a Frost Wave's gifts, a Purge) in columns of
    their texts, which say it all (``give=5L@2``: the 5L to seat 2)."""
    legal = view["legal"]
    if len(legal) < MANY_CHOICES:
        return list(your_turn("manasurge", view, labels))
    items = []
    for number, text in enumerate(legal, start=1):
        item = Text(f"{number:>2}. ", style="bold")
        item.append(text, style="bold cyan")
        key, _, arg = text.partition("=")
        to = arg.partition("@")[2]
        if key == "give":
            item.append(f" → {name(labels, int(to))}")
        elif text == "done":
            item.append(" (none)" if view["phase"] == "give" else " (no more)")
        items.append(item)
    head = Text("Your turn: ", style="bold green")
    head.append("give a card to another player (give=CARD@SEAT)" if view["phase"] == "give" else "choose one")
    return [head, Columns(items, padding=(0, 2))]


# -- the screen ------------------------------------------------------------------------------------
def render_view(view: View, labels: Sequence[str], log: Sequence[Text], wide: bool = True) -> RenderableType:
    top: list[RenderableType] = [header(view, labels), seats_table(view, labels), table_line(view, labels)]
    me = view["seat"]
    wizard = WIZARD.get(view["seats"][me]["wizard"] or "") if me is not None else None
    if wizard is not None:
        top.append(Text.assemble(("Your wizard: ", "bold"), f"{wizard.name}: {wizard.text}"))
    bottom: list[RenderableType] = [spell_line(view, labels), *rules_lines(view, labels)]
    bottom += hand_line(view, labels)
    bottom += choices(view, labels)
    return LogScreen(top, log, bottom, "Since your last turn")


def ranking_table(view: View, labels: Sequence[str]) -> Table:
    me = view["seat"]
    wizards = any(seat["wizard"] for seat in view["seats"])
    table = Table(box=box.ROUNDED, title="Final ranking", title_style="bold", title_justify="left")
    for title in ("Place", "Player", "Shards", "Damage", "Hand"):
        table.add_column(title, justify="right" if title in ("Shards", "Damage", "Hand") else "left")
    if wizards:
        table.add_column("Wizard")
    ranking = view["ranking"]
    for seat in sorted(range(view["players"]), key=lambda s: (ranking[s], s)):
        entry = view["seats"][seat]
        place = Text(
            PLACES.get(ranking[seat], f"{ranking[seat]}th"), style="bold yellow" if ranking[seat] == 1 else ""
        )
        cells: list[Any] = [
            place,
            seat_label(labels, seat, me),
            str(entry["shards"]),
            str(entry["damage"]),
            str(entry["hand"]),
        ]
        if wizards:
            wizard = WIZARD.get(entry["wizard"] or "")
            cells.append(wizard.name if wizard is not None else "—")
        table.add_row(*cells)
    return table


def render_final(view: View, labels: Sequence[str]) -> RenderableType:
    target = Text(f"The target was {view['target']} Shards.")
    return game_over(view, labels, "MANASURGE", ranking_table(view, labels), target, winners=view["winners"])


def render_help() -> RenderableType:
    c = DATA.constants
    rules = Text(
        "Each spell, the Caster opens with a numbered card (one Shard on it; its suit rules the spell) and "
        "sends it clockwise or counterclockwise.  In turn, each player must play a valid card: a numbered "
        "card of rank at least the highest in play (the suit may change this), or any metamagic card.  "
        f"A card of the Caster card's suit resonates: +{plural(c.resonate_shard, 'Shard')} on it and the "
        "suit's power.  A card equal in rank to the last numbered card may Counter-Spell (reverse the "
        "direction).  A player who cannot play is struck: the last valid player takes "
        f"{plural(c.last_play_bonus, 'Shard')}; the struck player takes one damage card per Shard on the "
        "spell and loses the Shards on their own cards; the others keep theirs.  Playing, giving or "
        f"discarding your last card is a Mana Surge: +{plural(c.mana_surge_shards, 'Shard')}, your damage "
        f"cards become your hand, then draw up to {c.hand_limit}.  At {c.rebirth_damage} damage cards, a "
        "Rebirth: lose a Shard, discard your hand, take the damage cards as your hand.  The token passes to "
        "the player with the fewest Shards; then each player draws up to the limit or holds.  The first "
        f"to {DATA.constants.win_shards[3]} Shards ({DATA.constants.win_shards[5]} with five) wins.",
    )
    suits = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for title in ("Suit", "Name", "Power"):
        suits.add_column(title)
    for power in DATA.suits:
        suits.add_row(mana_chip(power.code), power.name, power.text)
    for power in DATA.metamagic:
        suits.add_row(mana_chip(power.code), power.name, power.text)
    notation = notation_grid(
        [
            (
                "cast=5L, cw, ccw",
                "open the spell with your 5 of Lightning; send it clockwise or counterclockwise",
            ),
            ("play=5L, play=mirror (or just 5L)", "play a card"),
            ("counter, again, done", "Counter-Spell, play again, or decline"),
            ("give=5L@2, discard=5L", "Frost Wave's gift to seat 2, Purge's discard"),
            ("draw, hold", "between spells"),
        ]
    )
    signs = Text("★ the Caster token's card · ◆ Shards · C the Caster · ▶ to act", style=DIM)
    return help_panel(rules, suits, notation, signs)


# -- reading the person's answer -------------------------------------------------------------------
def why_not(text: str, view: View) -> str:
    """Why a typed action is not possible now, from the view."""
    key, _, arg = text.partition("=")
    card = arg.partition("@")[0] if arg else key
    canonical = card[:-1] + card[-1:].upper() if card[:-1].isdigit() else card.lower()
    hand = view.get("hand") or []
    known = canonical in META or (canonical[:-1].isdigit() and canonical[-1:] in SUIT)
    if not known:
        return f"{text!r} is not an action or a command."
    if canonical not in hand:
        return f"You do not hold {card_name(canonical)}."
    if view["phase"] == "play" and key in ("play", card):
        if canonical in META:
            return "Silence: no metamagic card may be played until a numbered spell is."
        return f"{card_name(canonical)} is not a valid play now: {view['bar']}."
    if view["phase"] == "open" and canonical in META:
        return "A spell opens with a numbered card, never a metamagic card."
    return f"{text!r} is not possible now."


def interpret(raw: str, view: View) -> Choice | Command | Invalid | None:
    """A number, an action's text, a command, or a card's text alone (``5L``, ``5L@2``) when it
    names exactly one legal action."""
    text = raw.strip()
    if text and not text.isdigit() and text.lower() not in COMMANDS and "=" not in text:
        found = [a for a in view["legal"] if a.partition("=")[2].lower() == text.lower()]
        if len(found) == 1:
            return Choice(found[0])
    return interpret_plain(raw, view, why_not)


__all__ = ["interpret", "render_final", "render_help", "render_view"]
