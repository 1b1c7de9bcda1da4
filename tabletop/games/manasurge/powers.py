"""Playing cards: valid plays, Resonating, Counter-Spells, the suits' and metamagic cards' powers.

Every effect is implemented once here and chosen by the name the data gives it (data.py lists
them); docs/rulings.md says why each designed effect is what it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import Event
from .flow import check_surge, draw, end_turn, proceed
from .phases import AGAIN, COUNTER, DIRECTION, DISCARD
from .rules import take

if TYPE_CHECKING:
    from .state import ManaSurgeState


def cast(s: ManaSurgeState, kind: int, events: list[Event]) -> None:
    """The Caster opens: the card, one Shard on it, the Caster token on it (MS19)."""
    seat, game, sp = s.turn, s.game, s.spell
    cards = game.cards
    card = take(s, seat, kind)
    shards = game.opening_shard
    wizard = s.wizards[seat]
    if game.wizard_effects[wizard] == "opening_bonus":
        shards += game.wizard_amounts[wizard]
    sp.set_caster(sp.add(card, seat, cards.rank[card], cards.suit[card], shards), game.suit_modes)
    s.last_valid = seat
    if not s.quiet:
        events.append(Event("cast", {"seat": seat, "card": cards.kind_text[kind], "shards": shards}))
    s.phase = DIRECTION
    s._legal = game.actions.directions  # (a shared list: legal_actions() hands out copies)
    if not s.hands[seat]:
        check_surge(s, seat, events)


def play(s: ManaSurgeState, kind: int, events: list[Event]) -> None:
    """A valid card from the hand of the player the spell reached (MS25-MS42)."""
    seat, game, sp = s.turn, s.game, s.spell
    cards = game.cards
    card = take(s, seat, kind)
    s.last_valid = seat
    meta = cards.meta[card]
    if meta >= 0 and game.meta_effects[meta] != "copy_last":
        play_metamagic(s, seat, card, meta, events)
        return
    before = sp.ranks[sp.last]  # a spell in play always has a last numbered card (the opening)
    if meta < 0:  # a numbered card: the usual case
        rank, suit = cards.rank[card], cards.suit[card]
    else:  # Dark Mirror: a copy of the last numbered card, in every respect (R-MS7)
        rank, suit = before, sp.suits[sp.last]
    resonates = suit == sp.suit
    sp.add(card, seat, rank, suit, game.resonate_shard if resonates else 0)
    if not s.quiet:
        entry = {"seat": seat, "card": cards.kind_text[kind], "resonates": resonates}
        if meta >= 0:
            entry["copy"] = f"{rank}{cards.letters[suit]}"
        events.append(Event("play", entry))
    if not s.hands[seat]:
        check_surge(s, seat, events)
    step = game.resonate_steps[suit] if resonates else -1  # the suit's power (Lightning, Frost Wave)
    if rank == before or (
        (rank == before + 1 or rank == before - 1) and game.wizard_effects[s.wizards[seat]] == "wide_counter"
    ):
        s.steps = [COUNTER, step] if step >= 0 else [COUNTER]
        proceed(s, events)
    elif step >= 0:
        s.steps = [step]
        proceed(s, events)
    else:
        end_turn(s, events)


def play_metamagic(s: ManaSurgeState, seat: int, card: int, meta: int, events: list[Event]) -> None:
    """A metamagic card other than Dark Mirror: put in play without rank or Shards, then its action."""
    game = s.game
    index = s.spell.add(card, seat, -1, -1, 0)
    text = game.cards.card_text[card]
    events.append(Event("play", {"seat": seat, "card": text, "resonates": False}))
    check_surge(s, seat, events)
    steps: list[int] = []
    metamagic(s, seat, index, game.meta_effects[meta], game.meta_amounts[meta], steps, events)
    if steps:
        s.steps = steps
        proceed(s, events)
    else:
        end_turn(s, events)


def metamagic(
    s: ManaSurgeState, seat: int, index: int, effect: str, amount: int, steps: list[int], events: list[Event]
) -> None:
    """A metamagic card's action, performed if able (MS29, MS31)."""
    sp, cards = s.spell, s.game.cards
    what: dict[str, object] = {"seat": seat, "effect": effect}
    if effect == "reverse":
        s.direction = -s.direction
        what["direction"] = s.direction_name()
    elif effect == "shard_self" or effect == "shard_self_damage":
        sp.shards[index] += amount
        what["shards"] = amount
        if effect == "shard_self_damage":  # and it counts as damage if the spell strikes
            sp.counted_meta += amount
    elif effect == "shard_last":
        if sp.last >= 0:
            sp.shards[sp.last] += amount
            what["shards"] = amount
            what["owner"] = sp.seats[sp.last]
    elif effect == "shard_caster":
        sp.shards[sp.caster_at] += amount
        what["shards"] = amount
        what["owner"] = sp.seats[sp.caster_at]
    elif effect == "silence":
        sp.silenced = True
    elif effect == "play_again":
        steps.append(AGAIN)
    elif effect == "move_caster":
        if sp.last >= 0 and sp.caster_at != sp.last:
            sp.set_caster(sp.last, s.game.suit_modes)
            what["card"] = cards.text(sp.cards[sp.last])
            what["suit"] = cards.letters[sp.suit]
    elif effect == "reset_rank":
        sp.free_rank = True
    elif effect == "discard":
        steps.append(DISCARD)
        s.discards_left = amount
    elif effect == "draw":
        what["drawn"] = len(draw(s, seat, amount, "foresight", events, announce=False))
    elif effect == "extra_damage":
        sp.extra_damage += amount
        what["damage"] = amount
    elif effect == "sanctuary":
        sp.sanctuary[seat] = True
    events.append(Event("effect", what))


def give(s: ManaSurgeState, kind: int, to: int, events: list[Event]) -> None:
    """Frost Wave: one card from the resonating player's hand to another player."""
    seat = s.turn
    card = take(s, seat, kind)
    s.hands[to].append(card)
    s.gifts.append((seat, to, card))
    text = s.game.cards.kind_text[kind]
    events.append(Event("give", {"seat": seat, "to": to}))
    events.append(Event("gift", {"seat": seat, "to": to, "card": text}, visible_to=(seat, to)))
    s.steps.clear()
    check_surge(s, seat, events)
    proceed(s, events)


def discard_one(s: ManaSurgeState, kind: int, events: list[Event]) -> None:
    """Purge: one card discarded; more may follow up to the card's number (R-MS13: a Mana Surge
    ends the discarding, so the new hand is not stripped at once)."""
    seat = s.turn
    card = take(s, seat, kind)
    s.discard.append(card)
    s.discards_left -= 1
    events.append(Event("discard", {"seat": seat, "card": s.game.cards.kind_text[kind]}))
    surged = check_surge(s, seat, events)
    if not surged and s.discards_left > 0 and s.hands[seat]:
        s.phase = DISCARD
        return
    s.discards_left = 0
    proceed(s, events)
