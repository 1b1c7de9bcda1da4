"""ManaSurge's actions: interned values with one canonical text each (docs/notation.md).

``cast=5L``       the Caster opens the spell with a numbered card
``cw`` / ``ccw``  the Caster sends the spell clockwise or counterclockwise
``play=5L``       play a card (``play=mirror`` for a metamagic card)
``counter``       declare a Counter-Spell (reverse the direction)
``again``         use a power that lets you play again (Lightning, Haste)
``give=5L@2``     give a card from your hand to seat 2 (Frost Wave)
``discard=5L``    discard a card from your hand (Purge)
``done``          decline what is offered now (no Counter-Spell, no more plays, gifts or discards)
``draw`` / ``hold``  between rounds: draw up to your hand limit, or keep your hand
``yield``         be struck although you could play (only with the option may_decline)
"""

from __future__ import annotations

from typing import Any

from .cards import Cards


class Action:
    """One action; every action of a game exists once (compare by identity or text)."""

    __slots__ = ("arg", "code", "kind", "seat", "text")

    def __init__(self, text: str, code: int, kind: str, arg: int = -1, seat: int = -1) -> None:
        self.text = text
        self.code = code
        self.kind = kind  # cast, cw, ccw, play, counter, again, give, discard, done, draw, hold, yield
        self.arg = arg  # the card kind, for cast, play, give and discard
        self.seat = seat  # the receiver, for give

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Action) and self.text == other.text)

    def __hash__(self) -> int:
        return self.code  # stable across processes, unlike hash(text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.text, self.code, self.kind, self.arg, self.seat))


SIMPLE = ("cw", "ccw", "counter", "again", "done", "draw", "hold", "yield")


class ActionTable:
    """Every action of a game with this data and player count, by text and by (kind, card)."""

    def __init__(self, cards: Cards, players: int) -> None:
        self.by_text: dict[str, Action] = {}
        self.simple: dict[str, Action] = {}
        for name in SIMPLE:
            self.simple[name] = self._add(name, name)
        kinds = range(cards.kinds)
        spells = range(cards.spell_kinds)
        self.cast: list[Action | None] = [None] * cards.kinds
        for k in spells:
            self.cast[k] = self._add(f"cast={cards.kind_text[k]}", "cast", k)
        self.casts: list[Action] = [a for a in self.cast if a is not None]  # by spell kind
        self.play = [self._add(f"play={cards.kind_text[k]}", "play", k) for k in kinds]
        self.discard = [self._add(f"discard={cards.kind_text[k]}", "discard", k) for k in kinds]
        self.give = [
            [self._add(f"give={cards.kind_text[k]}@{s}", "give", k, s) for s in range(players)] for k in kinds
        ]
        self.cw, self.ccw = self.simple["cw"], self.simple["ccw"]
        self.counter, self.again, self.done = (
            self.simple["counter"],
            self.simple["again"],
            self.simple["done"],
        )
        self.draw, self.hold, self.yield_ = self.simple["draw"], self.simple["hold"], self.simple["yield"]
        # the legal actions of the two-way choices, made once
        self.directions = [self.cw, self.ccw]
        self.counters = [self.counter, self.done]
        self.agains = [self.again, self.done]
        self.betweens = [self.draw, self.hold]

    def _add(self, text: str, kind: str, arg: int = -1, seat: int = -1) -> Action:
        action = Action(text, len(self.by_text), kind, arg, seat)
        self.by_text[text] = action
        return action

    def parse(self, text: object) -> Action | None:
        if not isinstance(text, str):
            return None
        return self.by_text.get(text.strip())
