"""ManaSurge's actions and events in words.

Everything here reads a seat's view or the events that seat may see, never the state.  Cards go
into lines as :class:`~tabletop.words.line.Mana` segments (``5L``, ``mirror``); action labels are
plain strings and name the cards (``5 of Lightning``, ``Dark Mirror``).  Names and powers come from
the packaged card data (data/manasurge.toml).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..games.manasurge.data import ManaData, Power, load_data
from .line import Line, Mana, Segment, Tone, line, spaced
from .seats import Names, actor, seat_name, subject, verb

View = Mapping[str, Any]

DATA: ManaData = load_data()
SUIT: dict[str, Power] = {p.code: p for p in DATA.suits}
META: dict[str, Power] = {p.code: p for p in DATA.metamagic}
WIZARD: dict[str, Power] = {p.code: p for p in DATA.wizards}
META_BY_EFFECT: dict[str, Power] = {}
for _power in DATA.metamagic:
    META_BY_EFFECT.setdefault(_power.effect, _power)

DIRECTIONS = {"cw": "clockwise", "ccw": "counterclockwise"}
DRAW_REASONS = {
    "open": "to open the spell",
    "between": "up to the hand limit",
    "surge": "to refill the hand after the Mana Surge",
    "foresight": "(Foresight)",
}
# what "done" declines, by the phase ({onward}: the player the spell goes on to)
DONE = {
    "counter": "No Counter-Spell: the spell goes on {direction} to {onward}",
    "again": "Play no more: the spell goes on to {onward}",
    "give": "Give nothing away",
    "discard": "Discard no more",
}

__all__ = ["card_name", "content", "describe_action", "describe_event", "suit_rule"]


def content() -> dict[str, Any]:
    """The printed (and provisional) texts a table shows: suits, metamagic cards and wizards."""
    return load_data().to_json()


# -- cards and powers in words ---------------------------------------------------------------------
def split_card(text: str) -> tuple[int, str] | None:
    """``(5, "L")`` for a spell's text ``5L``; None for a metamagic card."""
    if text[:-1].isdigit() and text[-1:] in SUIT:
        return int(text[:-1]), text[-1]
    return None


def card_name(text: str) -> str:
    """``5 of Lightning`` or ``Dark Mirror``."""
    spell = split_card(text)
    if spell is not None:
        return f"{spell[0]} of {SUIT[spell[1]].name}"
    return META[text].name if text in META else text


def suit_name(letter: str | None) -> str:
    return SUIT[letter].name if letter in SUIT else "no suit"


def suit_rule(letter: str | None) -> str:
    """What the suit of the Caster token does this spell, in a few words."""
    if letter not in SUIT:
        return "no power"
    power = SUIT[letter]
    return {
        "play_again": "resonating players may play again",
        "give_card": "resonating players may give a card away",
        "descend": "spells must be equal or lower",
        "strict": f"spells must beat the highest; only {power.name} may equal it",
        "extra_damage": f"the struck player takes {power.amount} more damage",
    }.get(power.effect, "no power")


def resonance(letter: str) -> str:
    """What resonating with ``letter`` gives, beyond the Shard."""
    power = SUIT[letter]
    if power.trigger != "resonate":
        return ""
    return {"play_again": "you may play again", "give_card": "you may give a card away"}.get(power.effect, "")


def be(seat: int, me: int | None) -> str:
    return "are" if seat == me else "is"


def obj(seat: int, me: int | None, names: Names) -> str:
    """A seat as an object: ``you`` for the reader."""
    return "you" if seat == me else seat_name(names, seat)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def shards(count: int) -> str:
    return plural(count, "Shard")


def direction_words(direction: str | None) -> str:
    return DIRECTIONS.get(direction or "", "")


def next_seat(seat: int, direction: str | None, players: int) -> int:
    return (seat + (1 if direction != "ccw" else -1)) % players


def last_numbered(view: View) -> Mapping[str, Any] | None:
    found = [entry for entry in view["spell"] if "rank" in entry]
    return found[-1] if found else None


def meta_text(code: str) -> str:
    """A metamagic card's text as the end of a label: ``you may play another valid card now``."""
    text = META[code].text.rstrip(".") if code in META else code
    return text[:1].lower() + text[1:]


def strike_damage(view: View) -> int:
    """The damage the spell would deal if it struck now (rulebook order: the struck player's own
    Shards on the spell count), with the Caster suit's and the Curses' extra damage."""
    damage = int(view["damage_now"] or 0) + int(view["extra_damage"] or 0)
    power = SUIT.get(view["suit"] or "")
    if power is not None and power.effect == "extra_damage" and power.trigger == "end":
        damage += power.amount
    return damage


# -- actions ----------------------------------------------------------------------------------------
def play_label(card: str, view: View, names: Names) -> str:
    me = view["seat"]
    mine = view["seats"][me]
    last = mode_card = last_numbered(view)
    notes: list[str] = []
    if card in META and META[card].effect != "copy_last":
        label = f"Play {card_name(card)}: {meta_text(card)}"
    else:
        if card in META:  # Dark Mirror: a copy of the last numbered card
            if mode_card is None:
                return f"Play {card_name(card)}"
            rank, letter = int(mode_card["rank"]), str(mode_card["suit"])
            label = f"Play {card_name(card)} as {card_name(f'{rank}{letter}')}"
        else:
            rank, letter = split_card(card) or (0, "")
            label = f"Play {card_name(card)}"
        if letter == view["suit"]:
            extra = resonance(letter)
            gain = shards(DATA.constants.resonate_shard)
            notes.append(f"resonates: {extra}" if extra else f"resonates: +{gain}")
        if last is not None:
            gap = abs(rank - int(last["rank"]))
            if gap == 0 or (gap == 1 and mine.get("wizard") == "trickster"):
                notes.append("may Counter-Spell")
    if mine["hand"] == 1:
        notes.append(f"your last card: Mana Surge, +{shards(surge_gain(mine))}")
    return label + (f" ({'; '.join(notes)})" if notes else "")


def surge_gain(seat: Mapping[str, Any]) -> int:
    gain = DATA.constants.mana_surge_shards
    wizard = WIZARD.get(seat.get("wizard") or "")
    return gain + (wizard.amount if wizard is not None and wizard.effect == "surge_bonus" else 0)


def again_source(view: View) -> str:
    """What lets the player play again: the Haste it played or the suit it resonated with."""
    me = view["seat"]
    for entry in reversed(view["spell"]):
        if entry["seat"] != me:
            break
        if entry["card"] in META and META[entry["card"]].effect == "play_again":
            return META[entry["card"]].name
        if "rank" in entry:
            return suit_name(entry.get("suit"))
    return "your power"


def describe_action(text: str, view: View, names: Names = None) -> str:
    me = view["seat"]
    n = view["players"]
    mine = view["seats"][me]
    key, _, arg = text.partition("=")
    if key == "cast":
        letter = (split_card(arg) or (0, ""))[1]
        return f"Open with {card_name(arg)}: {suit_rule(letter)}"
    if text in DIRECTIONS:
        first = next_seat(me, text, n)
        return f"Send the spell {DIRECTIONS[text]} (to {seat_name(names, first)} first)"
    if key == "play":
        return play_label(arg, view, names)
    if text == "yield":
        damage = strike_damage(view)
        mine_on = int(mine["on_spell"])
        lose = f"; your {shards(mine_on)} on the spell go back" if mine_on else ""
        return f"Yield: be struck now (about {damage} damage{lose})"
    if text == "counter":
        back = "ccw" if view["direction"] == "cw" else "cw"
        to = seat_name(names, next_seat(me, back, n))
        return f"Counter-Spell: send the spell back {DIRECTIONS[back]} (to {to})"
    if text == "again":
        return f"Play again ({again_source(view)})"
    if key == "give":
        card, _, to = arg.partition("@")
        receiver = int(to)
        held = plural(view["seats"][receiver]["hand"], "card")
        surge = f"; your last card: Mana Surge, +{shards(surge_gain(mine))}" if mine["hand"] == 1 else ""
        return f"Give {card_name(card)} to {seat_name(names, receiver)} (who holds {held}{surge})"
    if key == "discard":
        left = int(view.get("discards_left") or 0)
        more = f"; up to {left - 1} more after it" if left > 1 else ""
        surge = f"; your last card: Mana Surge, +{shards(surge_gain(mine))}" if mine["hand"] == 1 else ""
        return f"Discard {card_name(arg)} (Purge{more}{surge})"
    if text == "done":
        onward = seat_name(names, next_seat(me, view["direction"], n))
        said = DONE.get(view["phase"], "Done")
        return said.format(direction=direction_words(view["direction"]), onward=onward)
    if text == "draw":
        return f"Draw up to {mine['limit']} cards (you hold {mine['hand']})"
    if text == "hold":
        return f"Hold your {plural(mine['hand'], 'card')} (and hope for a Mana Surge)"
    return text


# -- events -----------------------------------------------------------------------------------------
def cards_segments(texts: Sequence[str]) -> list[Segment]:
    return spaced([Mana(t) for t in texts])


def effect_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    seat, effect = data["seat"], data["effect"]
    who = obj(seat, me, names)  # after the card's name and a colon
    power = META_BY_EFFECT.get(effect)
    head = f"{power.name}: " if power is not None else ""
    if effect == "reverse":
        return line(f"{head}the spell now goes {direction_words(data.get('direction'))}.", tone="special")
    if effect in ("shard_self", "shard_self_damage"):
        whose = "your" if seat == me else f"{seat_name(names, seat)}'s"
        risk = " (it counts as damage if the spell strikes)" if effect == "shard_self_damage" else ""
        return line(f"{head}{shards(data['shards'])} on {whose} card{risk}.")
    if effect == "shard_caster":
        owner = data["owner"]
        whose = "your" if owner == me else f"{seat_name(names, owner)}'s"
        return line(f"{head}{shards(data['shards'])} on {whose} card with the Caster token.")
    if effect == "shard_last":
        if "owner" not in data:
            return line(f"{head}no numbered card to put a Shard on.", tone="quiet")
        owner = data["owner"]
        whose = "your" if owner == me else f"{seat_name(names, owner)}'s"
        return line(f"{head}{shards(data['shards'])} on {whose} last numbered card.")
    if effect == "silence":
        return line(f"{head}no metamagic card may be played until a numbered spell is.")
    if effect == "play_again":
        return line(f"{head}{who} may play again.")
    if effect == "move_caster":
        if "card" not in data:
            return line(f"{head}the Caster token stays where it is.", tone="quiet")
        letter = data["suit"]
        return line(
            f"{head}the Caster token moves to ",
            Mana(data["card"]),
            f": {suit_name(letter)} rules the spell now ({suit_rule(letter)}).",
            tone="special",
        )
    if effect == "reset_rank":
        return line(f"{head}the next numbered spell may be of any rank.")
    if effect == "discard":
        amount = power.amount if power is not None else 0
        many = "a card" if amount == 1 else f"up to {plural(amount, 'card')}"
        return line(f"{head}{who} may discard {many}.")
    if effect == "draw":
        drawn = int(data.get("drawn", 0))
        return line(f"{head}{who} {verb(seat, me, 'draws')} {plural(drawn, 'card')}.")
    if effect == "extra_damage":
        return line(f"{head}if this spell strikes, {data['damage']} more damage.", tone="bad")
    if effect == "sanctuary":
        keeps = "you keep your" if seat == me else f"{who} keeps their"
        return line(f"{head}if struck this spell, {keeps} Shards.")
    return line(f"{who} {verb(seat, me, 'plays')} a metamagic card ({effect}).")


def draw_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    seat, count = data["seat"], int(data["count"])
    who = subject(seat, me, names)
    if data.get("damage") or data.get("why") == "damage":
        if not count:
            return line(f"{who} {verb(seat, me, 'takes')} no damage.")
        return line(
            f"{who} {verb(seat, me, 'takes')} {count} damage ({plural(count, 'card')} face down).", tone="bad"
        )
    why = DRAW_REASONS.get(str(data.get("why")), "")
    if not count:
        return line(f"{who} {verb(seat, me, 'draws')} nothing {why}: no card is left.", tone="quiet")
    return line(f"{who} {verb(seat, me, 'draws')} {plural(count, 'card')} {why}.".replace(" .", "."))


def spell_end_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    """The spell's end in one line: whom it strikes and how hard, who made the last valid play,
    whose Shards go back and who keeps which, and everybody's Shards now."""
    struck = data["struck"]
    head = f"Spell {data['round']} strikes {obj(struck, me, names)} for {data['damage']} damage!"
    clauses = []
    if "bonus" in data:
        last = data["last"]
        clauses.append(f"{subject(last, me, names)} made the last valid play (+{shards(data['bonus'])})")
    if data["returned"]:
        whose = "your" if struck == me else f"{seat_name(names, struck)}'s"
        goes = "goes" if data["returned"] == 1 else "go"
        clauses.append(f"{whose} {shards(data['returned'])} {goes} back to the supply")
    clauses += [
        f"{obj(s, me, names)} {verb(s, me, 'keeps')} {shards(k)}" for s, k in enumerate(data["kept"]) if k
    ]
    said = "; ".join(clauses)
    said = f"  {said[:1].upper()}{said[1:]}." if said else ""
    totals = ", ".join(f"{obj(s, me, names)} {t}" for s, t in enumerate(data["shards"]))
    tone: Tone = "alarm" if struck == me else "strong"
    return line(f"{head}{said}  Shards now: {totals}.", tone=tone)


def rebirth_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    seat = data["seat"]
    who = subject(seat, me, names)
    why = " (no numbered card to open the spell)" if data.get("forced") else ""
    lost = f"{verb(seat, me, 'loses')} {shards(data['lost'])}, " if data["lost"] else ""
    discarded: list[Segment] = [f"{verb(seat, me, 'discards')} nothing"]
    if data["discarded"]:
        discarded = [f"{verb(seat, me, 'discards')} ", *cards_segments(data["discarded"])]
    return line(
        f"Rebirth{why}! {who} {lost}",
        discarded,
        f" and {verb(seat, me, 'takes')} {plural(data['hand'], 'damage card')} as a new hand.",
        tone="special",
    )


def game_over_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    winners = list(data["winners"])
    best = data["shards"][winners[0]] if winners else 0
    who = " and ".join(obj(w, me, names) for w in winners)
    won = "win" if len(winners) > 1 or winners == [me] else "wins"
    if data.get("limit"):
        return line(
            f"The game stops short of the target: {who} {won} with the most Shards ({best}).",
            tone="strong",
        )
    return line(f"The game is over: {who} {won} with {shards(best)}!", tone="strong")


def describe_event(kind: str, data: Mapping[str, Any], me: int | None, names: Names = None) -> Line | None:
    seat, who = actor(data, me, names)

    def does(word: str) -> str:
        return f"{who} {verb(seat, me, word)}"

    if kind == "round":
        caster = data["caster"]
        return line(
            f"Spell {data['round']}: {subject(caster, me, names)} {be(caster, me)} the Caster.",
            tone="strong",
        )
    if kind == "cast":
        letter = (split_card(data["card"]) or (0, ""))[1]
        return line(
            f"{does('opens')} the spell with ",
            Mana(data["card"]),
            f" ({shards(data['shards'])} on it): {suit_name(letter)} rules, {suit_rule(letter)}.",
        )
    if kind == "direction":
        return line(f"{does('sends')} the spell {direction_words(data['direction'])}.")
    if kind == "play":
        copy: list[Segment] = [" as ", Mana(data["copy"])] if "copy" in data else []
        resonates = f", resonating (+{shards(DATA.constants.resonate_shard)})" if data["resonates"] else ""
        return line(f"{does('plays')} ", Mana(data["card"]), copy, f"{resonates}.")
    if kind == "counter":
        return line(
            f"{does('declares')} a Counter-Spell: the spell goes back {direction_words(data['direction'])}!",
            tone="special",
        )
    if kind == "again":
        return line(f"{does('plays')} again.")
    if kind == "effect":
        return effect_line(data, me, names)
    if kind == "give":
        return line(f"{does('gives')} {obj(data['to'], me, names)} a card (Frost Wave).")
    if kind == "gift":
        to = data["to"]
        if to == me:
            return line(f"{who} gave you ", Mana(data["card"]), ".")
        return line(f"{who} gave {seat_name(names, to)} ", Mana(data["card"]), ".")
    if kind == "discard":
        return line(f"{does('discards')} ", Mana(data["card"]), ".")
    if kind == "draw":
        return draw_line(data, me, names)
    if kind == "drew":
        if seat == me:
            return line("Into your hand: ", cards_segments(data["cards"]), ".")
        return line(f"{who} takes {plural(len(data['cards']), 'card')} into hand.")
    if kind == "surge":
        from_damage = int(data["from_damage"])
        pick = (
            f", {verb(seat, me, 'takes')} {plural(from_damage, 'damage card')} as a new hand"
            if from_damage
            else ""
        )
        return line(
            f"Mana Surge! {does('gains')} {shards(data['shards'])} (now {data['total']}){pick}.",
            tone="special",
        )
    if kind == "struck":
        last = data["last"]
        return line(
            f"The spell strikes {obj(seat, me, names)}!  {subject(last, me, names)} made the last valid "
            f"play: +{shards(data['bonus'])}.",
            tone="alarm",
        )
    if kind == "spell-end":
        return spell_end_line(data, me, names)
    if kind == "rebirth":
        return rebirth_line(data, me, names)
    if kind == "reshuffle":
        return line(
            f"The deck is out: the discard pile ({data['cards']} cards) becomes the new deck.", tone="quiet"
        )
    if kind == "caster":
        if data.get("passed"):
            return line(
                f"The Caster cannot open a spell: the Caster token passes on to {obj(seat, me, names)}."
            )
        return line(f"The Caster token goes to {obj(seat, me, names)} (fewest Shards).")
    if kind == "hold":
        return line(f"{does('holds')} {plural(data['hand'], 'card')}, hoping for a Mana Surge.")
    if kind == "game-over":
        return game_over_line(data, me, names)
    return None
