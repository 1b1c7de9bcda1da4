"""ManaSurge's world from a seat's view (tabletop/client/worlds/__init__.py).

The view shows every card's *kind* that the seat may see (its hand, the discard pile, the spell in
play, the cards it gave that are still where it put them) and how many cards lie in each hidden
place (the other hands, every damage pile, the deck).  Cards are ids, and alike cards (the two 5s
of Lightning) share a kind: the seen cards take their kinds' lowest ids, and the unseen ones go,
in any order, to the hidden places in their numbers (a sample pools them, shuffles them by kind
and deals them again, lowest ids first: only their kinds count).

The rest of the position is in the view or follows from it:

- the spell's entries give its cards, seats, Shards, ranks and suits; the Caster token, the last
  numbered entry, the highest and lowest ranks follow, and so do the Shards Arcane Tithe counts as
  damage and who is under a Sanctuary (the metamagic cards in play that did it);
- ``steps`` (the choice still to offer after a Counter-Spell): the power of the last card's suit
  when it resonated (its suit is the spell's), as the play set it;
- ``extra_play`` (no ``yield`` on a play reached by ``again``): the player to play made the last
  play (in the play phase), or the last two (in a choice after its play);
- ``last_valid``: the last entry's seat, between spells the last spell's ``last``;
- the history: the view shows the last spell only, so the earlier ones are empty entries, as
  many as were played (the round and the phase say how many: the option max_rounds counts them);
- the direction is shown while a spell is in play after the Caster chose it; before that it is
  clockwise (each spell begins so), and between spells it matters to nothing (the next spell
  begins clockwise again), so it is clockwise there too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.protocol import JSON, Game, State
from ...games.manasurge.cards import CARDS
from ...games.manasurge.game import ManaSurge
from ...games.manasurge.phases import BETWEEN, COUNTER, DIRECTION, OVER, PHASE_NAMES, PLAY


def world(game: Game[Any], view: Mapping[str, Any]) -> State[Any]:
    """A ManaSurge state with the seat's view (see the module's docstring)."""
    if not isinstance(game, ManaSurge):
        raise TypeError(f"a ManaSurge world for the game {game.name}")
    cards, n = game.cards, game.players
    seat = int(view["seat"])
    free = {k: list(ids) for k, ids in enumerate(cards.ids_of_kind)}  # ascending: lowest first

    def card(text: str) -> int:
        return free[cards.kind_of_text[text]].pop(0)

    seats = view["seats"]
    phase = PHASE_NAMES.index(view["phase"])
    spell = spell_of(game, view["spell"], view)
    for entry in view["spell"]:
        spell["cards"].append(card(entry["card"]))
    discard = [card(text) for text in view["discard"]]
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[seat] = [card(text) for text in view["hand"]]
    gifts: list[JSON] = []
    for receiver, texts in view["known"].items():
        for text in texts:
            given = card(text)
            hands[int(receiver)].append(given)
            gifts.append([seat, int(receiver), given])
    unseen = sorted(c for ids in free.values() for c in ids)
    damage: list[list[int]] = []
    for s in range(n):
        if s != seat:
            missing = int(seats[s]["hand"]) - len(hands[s])
            hands[s] += unseen[:missing]
            del unseen[:missing]
    for s in range(n):
        count = int(seats[s]["damage"])
        damage.append(unseen[:count])
        del unseen[:count]
    if len(unseen) != int(view["deck"]):
        raise ValueError(f"the view accounts for {CARDS - len(unseen)} cards and a deck of {view['deck']}")
    entries: list[Mapping[str, Any]] = view["spell"]
    played = [int(e["seat"]) for e in entries]
    to_act = view["to_act"]
    turn = int(view["caster"]) if to_act is None else int(to_act)
    last_spell = view["last_spell"]
    if played:
        last_valid = played[-1]
    elif phase in (BETWEEN, OVER) and last_spell is not None:
        last_valid = int(last_spell["last"])
    else:
        last_valid = -1
    if phase == PLAY:
        extra_play = bool(played) and played[-1] == turn
    else:
        extra_play = phase > PLAY and phase < BETWEEN and played[-2:] == [turn, turn]
    spells_done = int(view["round"]) - (0 if phase in (BETWEEN, OVER) else 1)
    if last_spell is None:
        history: list[JSON] = []
    else:  # only the last is shown; the others are counted (max_rounds) but never read
        history = [{} for _ in range(max(0, spells_done - 1))] + [last_spell]
    direction = 1
    if played and phase != DIRECTION and view["direction"] == "ccw":
        direction = -1
    wizard_codes = [w.code for w in game.data.wizards]
    data: dict[str, JSON] = {
        "format": "manasurge-state/1",
        "players": n,
        "seed": 0,
        "counter": 0,
        "round": view["round"],
        "phase": view["phase"],
        "caster": view["caster"],
        "turn": turn,
        "direction": direction,
        "hands": [list(h) for h in hands],
        "damage": [list(d) for d in damage],
        "deck": unseen,
        "discard": discard,
        "shards": [s["shards"] for s in seats],
        "wizards": [-1 if s["wizard"] is None else wizard_codes.index(s["wizard"]) for s in seats],
        "spell": spell,
        "last_valid": last_valid,
        "steps": steps_of(game, spell) if phase == COUNTER else [],
        "discards_left": view["discards_left"],
        "extra_play": extra_play,
        "between": view["between"],
        "gifts": gifts,
        "history": history,
        "winners": view.get("winners", []) if phase == OVER else [],
    }
    return game.state_from_json(data)


def spell_of(game: ManaSurge, entries: list[Mapping[str, Any]], view: Mapping[str, Any]) -> dict[str, Any]:
    """The spell's JSON from its entries, without the cards' ids (the caller adds them)."""
    cards, data = game.cards, game.data
    ranks = [int(e["rank"]) if "rank" in e else -1 for e in entries]
    suits = [cards.letters.index(e["suit"]) if "suit" in e else -1 for e in entries]
    numbered = [r for r in ranks if r >= 0]
    caster_at = next((i for i, e in enumerate(entries) if e["caster"]), -1)
    last = max((i for i, r in enumerate(ranks) if r >= 0), default=-1)
    sanctuary = [False] * game.players
    counted_meta = 0
    for e in entries:
        meta = cards.meta[cards.ids_of_kind[cards.kind_of_text[e["card"]]][0]]
        effect = game.meta_effects[meta] if meta >= 0 else ""
        if effect == "sanctuary":  # its player's Shards stay with it if the spell strikes it
            sanctuary[int(e["seat"])] = True
        elif effect == "shard_self_damage":  # Arcane Tithe: its Shards count as damage
            counted_meta += data.metamagic[meta].amount
    return {
        "cards": [],
        "seats": [int(e["seat"]) for e in entries],
        "shards": [int(e["shards"]) for e in entries],
        "ranks": ranks,
        "suits": suits,
        "caster_at": caster_at,
        "last": last,
        "high": max(numbered, default=0),
        "low": min(numbered, default=0),
        "silenced": bool(view["silenced"]),
        "free_rank": bool(view["free_rank"]),
        "extra_damage": int(view["extra_damage"]),
        "counted_meta": counted_meta,
        "sanctuary": sanctuary,
    }


def steps_of(game: ManaSurge, spell: Mapping[str, Any]) -> list[JSON]:
    """What follows a Counter-Spell: the power of the last card's suit if it resonated."""
    suit = spell["suits"][-1]
    caster_suit = spell["suits"][spell["caster_at"]]
    step = game.resonate_steps[suit] if suit >= 0 and suit == caster_suit else -1
    return [step] if step >= 0 else []
