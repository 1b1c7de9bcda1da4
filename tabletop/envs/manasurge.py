"""ManaSurge's encoding (docs/envs.md): the game's own interned action table (its codes are the
indexes), and the spell, the seats, the open discard pile and the seat's own hand by card kind."""

from __future__ import annotations

from typing import Any

from ..games.manasurge.phases import PHASE_NAMES
from .encoding import Buffer, Encoding, View, me_of, names_index, tally

PHASES = names_index(PHASE_NAMES)
RECENT = 3  # the last cards of the spell, written one by one


class ManaSurgeEncoding(Encoding[Any]):
    def __init__(self, game: Any) -> None:
        table = game.actions.by_text
        super().__init__(game, sorted(table, key=lambda text: table[text].code))
        n = self.players
        cards = game.cards
        self.kinds = names_index(cards.kind_text)
        self.copies = [len(ids) for ids in cards.ids_of_kind]
        self.suits = names_index(cards.letters)
        self.wizards = names_index([w.code for w in game.data.wizards])
        self.max_rounds = float(game.options["max_rounds"])
        k, s, w = len(self.kinds), len(self.suits), len(self.wizards)
        lay = self.layout
        self.phase = lay.add("phase", len(PHASES), "the phase (one-hot)")
        self.round = lay.add("round", 2, "round / max_rounds, target Shards / 20", high=10.0)
        self.caster = lay.add("caster", n, "the Caster (one-hot, egocentric)")
        self.to_act = lay.add("to_act", n, "the seat to act (one-hot, egocentric)")
        self.direction = lay.add("direction", 2, "cw, ccw")
        self.spell = lay.add("spell_kinds", k, "cards of each kind in the spell / copies")
        self.recent = lay.add(
            "spell_recent",
            RECENT * (k + n + 1),
            f"the last {RECENT} cards of the spell, newest first: kind, seat (egocentric), Shards / 3",
            high=10.0,
        )
        self.spell_size = lay.add("spell_size", 1, "cards in the spell / 20", high=10.0)
        self.suit = lay.add("suit", s, "the spell's suit (one-hot)")
        self.flags = lay.add(
            "spell_flags", 4, "silenced, free rank, extra damage / 5, damage now / 10", high=10.0
        )
        self.seat_numbers = lay.add(
            "seats",
            n * 5,
            "per seat: Shards / target, hand / 10, damage / 10, limit / 10, Shards on the spell / 5",
            high=10.0,
        )
        self.wizard = lay.add("wizard", n * (w + 1), "per seat: its wizard, or none (one-hot)")
        self.deck = lay.add("deck", 1, "cards in the deck / 72")
        self.discard = lay.add("discard", k, "cards of each kind in the discard pile / copies")
        self.between = lay.add(
            "between", n + 1, "seats choosing between spells (egocentric), discards left / 3"
        )
        self.hand = lay.add("hand", k, "my hand: cards of each kind / copies")
        self.known = lay.add(
            "known", (n - 1) * k, "per other seat (egocentric): cards I gave it, by kind / copies"
        )
        self.playable = lay.add("playable", k, "kinds I may play now")
        self.struck = lay.add("last_struck", n, "the seat struck at the last spell (one-hot, egocentric)")

    def write(self, view: View, b: Buffer) -> None:
        me = me_of(view)
        n = self.players
        kinds, copies = self.kinds, self.copies
        nk = len(kinds)
        b[self.phase + PHASES[view["phase"]]] = 1.0
        b[self.round] = min(view["round"] / self.max_rounds, 1.0)
        b[self.round + 1] = min(view["target"] / 20, 10.0)
        caster = view["caster"]
        if isinstance(caster, int) and caster >= 0:
            b[self.caster + (caster - me) % n] = 1.0
        acting = view["to_act"]
        if isinstance(acting, int):
            b[self.to_act + (acting - me) % n] = 1.0
        direction = view["direction"]
        if direction is not None:
            b[self.direction + (0 if direction == "cw" else 1)] = 1.0
        spell = view["spell"]
        for text, count in tally(e["card"] for e in spell).items():
            k = kinds[text]
            b[self.spell + k] = count / copies[k]
        for i, entry in enumerate(reversed(spell[-RECENT:])):
            base = self.recent + i * (nk + n + 1)
            b[base + kinds[entry["card"]]] = 1.0
            b[base + nk + (entry["seat"] - me) % n] = 1.0
            b[base + nk + n] = min(entry["shards"] / 3, 10.0)
        b[self.spell_size] = len(spell) / 20
        if view["suit"] is not None:
            b[self.suit + self.suits[view["suit"]]] = 1.0
        if view["silenced"]:
            b[self.flags] = 1.0
        if view["free_rank"]:
            b[self.flags + 1] = 1.0
        b[self.flags + 2] = min(view["extra_damage"] / 5, 10.0)
        b[self.flags + 3] = min(view["damage_now"] / 10, 10.0)
        target = max(1, view["target"])
        nw = len(self.wizards) + 1
        for entry in view["seats"]:
            r = (entry["seat"] - me) % n
            base = self.seat_numbers + 5 * r
            b[base] = min(entry["shards"] / target, 10.0)
            b[base + 1] = min(entry["hand"] / 10, 10.0)
            b[base + 2] = min(entry["damage"] / 10, 10.0)
            b[base + 3] = min(entry["limit"] / 10, 10.0)
            b[base + 4] = min(entry["on_spell"] / 5, 10.0)
            wizard = entry["wizard"]
            b[self.wizard + r * nw + (self.wizards[wizard] if wizard is not None else nw - 1)] = 1.0
        b[self.deck] = view["deck"] / 72
        for text, count in tally(view["discard"]).items():
            k = kinds[text]
            b[self.discard + k] = count / copies[k]
        for seat in view["between"]:
            b[self.between + (seat - me) % n] = 1.0
        b[self.between + n] = min(view["discards_left"] / 3, 1.0)
        for text, count in tally(view.get("hand", ())).items():
            k = kinds[text]
            b[self.hand + k] = count / copies[k]
        for receiver, given in view.get("known", {}).items():
            r = (int(receiver) - me) % n
            if r == 0:
                continue
            for text, count in tally(given).items():
                k = kinds[text]
                b[self.known + (r - 1) * nk + k] = count / copies[k]
        for text in view.get("playable", ()):
            b[self.playable + kinds[text]] = 1.0
        last = view["last_spell"]
        if last is not None and isinstance(last.get("struck"), int) and last["struck"] >= 0:
            b[self.struck + (last["struck"] - me) % n] = 1.0
