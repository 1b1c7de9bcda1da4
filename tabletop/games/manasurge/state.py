"""ManaSurge's state machine: rounds ("spells") passed round the table until one player is struck.

One :class:`ManaSurgeState` is one position.  ``apply`` checks the action against
``legal_actions`` (the one source of legality), mutates the state and returns the events.  The
round's flow (striking, Rebirth, Mana Surge, the Caster token) lives in flow.py, the cards'
powers in powers.py; randomness comes only from the ``(seed, counter)`` stream the state carries.

Phases, and who acts in each (``turn``):
  OPEN       the Caster opens with a numbered card
  DIRECTION  the Caster sends the spell clockwise or counterclockwise
  PLAY       the player the spell reached plays a valid card (with none, the spell strikes at once)
  COUNTER    that player may declare a Counter-Spell
  AGAIN      that player may play again (Lightning, Haste)
  GIVE       that player may give a card away (Frost Wave)
  DISCARD    that player may discard cards (Purge)
  BETWEEN    between rounds, each player from the new Caster draws up to the hand limit or holds
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.errors import IllegalAction
from ...core.protocol import JSON, Event, QuietState
from ...core.rng import stream
from . import flow, phases, powers
from .actions import Action
from .rules import openings, valid_of
from .spell import DOWN, STRICT, Spell

if TYPE_CHECKING:
    from .game import ManaSurge


class ManaSurgeState(QuietState[Action]):
    """A position of ManaSurge.  ``advance`` leaves out the frequent events (plays, draws, holds,
    casts, directions, Casters, rounds; a spell's end is still made, as its summary is also the
    history)."""

    __slots__ = (
        "_legal",
        "between",
        "caster",
        "counter",
        "damage",
        "deck",
        "direction",
        "discard",
        "discards_left",
        "extra_play",
        "game",
        "gifts",
        "hands",
        "history",
        "last_valid",
        "n",
        "phase",
        "round",
        "seed",
        "shards",
        "spell",
        "steps",
        "turn",
        "winners",
        "wizards",
    )

    game: ManaSurge

    def __init__(self, game: ManaSurge) -> None:
        self.game = game
        self.quiet = False
        self.n = n = game.players
        self.seed = 0
        self.counter = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.damage: list[list[int]] = [[] for _ in range(n)]  # face down, seen by nobody
        self.deck: list[int] = []  # the top card last
        self.discard: list[int] = []  # face up
        self.shards = [0] * n
        self.wizards = [-1] * n  # the index of each seat's wizard in the data, -1 without
        self.round = 0
        self.caster = 0
        self.turn = 0
        self.direction = 1  # 1 clockwise, -1 counterclockwise
        self.phase = phases.OPEN
        self.spell = Spell(n)
        self.last_valid = -1  # the seat that made the last valid play of the spell
        self.steps: list[int] = []  # the choices still to offer the player after a play
        self.discards_left = 0
        self.extra_play = False  # a play phase reached by `again`: no `yield` there (done declined)
        self.between: list[int] = []  # seats still to choose draw or hold, the next first
        self.gifts: list[tuple[int, int, int]] = []  # (giver, receiver, card) the giver knows of
        self.history: list[dict[str, JSON]] = []  # one summary per finished spell
        self.winners: list[int] = []
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ reading
    @property
    def current_seat(self) -> int | None:
        return None if self.phase == phases.OVER else self.turn

    def is_terminal(self) -> bool:
        return self.phase == phases.OVER

    def rounds_played(self) -> int:
        return len(self.history)

    def target(self) -> int:
        return self.game.data.constants.win_shards[self.n]

    def scores(self) -> list[int]:
        return list(self.shards)

    def order_key(self, seat: int) -> tuple[int, int, int]:
        """Most Shards, then fewest damage cards, then fewest cards in hand (MS63, MS64)."""
        return (-self.shards[seat], len(self.damage[seat]), len(self.hands[seat]))

    def ranking(self) -> list[int]:
        keys = [self.order_key(s) for s in range(self.n)]
        places = [1 + sum(1 for other in keys if other < keys[s]) for s in range(self.n)]
        for w in self.winners:  # a shared win is a shared first place
            places[w] = 1
        return places

    def hand_limit(self, seat: int) -> int:
        return self.game.hand_limits[self.wizards[seat]]  # index -1: no wizard

    def wizard_effect(self, seat: int) -> str:
        return self.game.wizard_effects[self.wizards[seat]]

    def wizard_amount(self, seat: int) -> int:
        return self.game.wizard_amounts[self.wizards[seat]]

    # ------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal.copy()  # the caller's copy: the cache (often a shared list) stays intact

    def _compute_legal(self) -> list[Action]:
        phase, acts, s = self.phase, self.game.actions, self.turn
        if phase == phases.OVER:
            return []
        if phase == phases.PLAY:
            out = valid_of(self, s, acts.play)
            if self.game.may_decline and not self.extra_play:
                out.append(acts.yield_)
            return out
        if phase == phases.OPEN:
            return openings(self, s)
        if phase == phases.DIRECTION:
            return acts.directions  # shared lists: never changed (legal_actions() hands out copies)
        if phase == phases.COUNTER:
            return acts.counters
        if phase == phases.AGAIN:
            return acts.agains
        if phase == phases.BETWEEN:
            return acts.betweens
        kinds = sorted({self.game.cards.kind[c] for c in self.hands[s]})
        if phase == phases.GIVE:
            out = [acts.give[k][o] for k in kinds for o in range(self.n) if o != s]
        else:
            out = [acts.discard[k] for k in kinds]
        out.append(acts.done)
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        if self.phase == phases.OVER or (seat is not None and seat != self.turn):
            self.check_seat(seat)  # raises, saying why
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        for known in legal:  # the interned objects: identity settles it at once
            if known is action:
                break
        else:
            if action not in legal:
                raise IllegalAction(self._why_illegal(action))
            action = self.game.actions.by_text[action.text]  # an equal action: use the interned one
        self._legal = None
        events: list[Event] = []
        kind = action.kind
        if kind == "play":  # (the most frequent kinds first)
            powers.play(self, action.arg, events)
        elif kind == "draw" or kind == "hold":
            flow.between_choice(self, kind == "draw", events)
        elif kind == "cast":
            powers.cast(self, action.arg, events)
        elif kind == "cw" or kind == "ccw":
            self.direction = 1 if kind == "cw" else -1
            if not self.quiet:
                events.append(Event("direction", {"seat": self.turn, "direction": kind}))
            flow.end_turn(self, events)
        elif kind == "counter":
            self.direction = -self.direction
            events.append(Event("counter", {"seat": self.turn, "direction": self.direction_name()}))
            flow.proceed(self, events)
        elif kind == "again":
            self.phase = phases.PLAY
            self.extra_play = True
            events.append(Event("again", {"seat": self.turn}))
        elif kind == "give":
            powers.give(self, action.arg, action.seat, events)
        elif kind == "discard":
            powers.discard_one(self, action.arg, events)
        elif kind == "done":
            if self.phase in (phases.AGAIN, phases.GIVE, phases.DISCARD):
                self.steps.clear()
            flow.proceed(self, events)
        else:  # yield: struck by choice (option may_decline)
            flow.strike(self, self.turn, events)
        return events

    def direction_name(self) -> str:
        return "cw" if self.direction == 1 else "ccw"

    def _why_illegal(self, action: object) -> str:
        if not isinstance(action, Action):
            raise TypeError(f"{action!r} is not a ManaSurge action")  # a wrong type: no move at all
        phase = phases.PHASE_NAMES[self.phase]
        if self.phase == phases.PLAY and action.kind == "play":
            cards = self.game.cards
            if not any(cards.kind[c] == action.arg for c in self.hands[self.turn]):
                return f"you hold no {cards.kind_text[action.arg]}"
            if action.arg >= cards.spell_kinds:
                return "metamagic cards are silenced until a numbered spell is played"
            return f"{cards.kind_text[action.arg]} is not a valid play now: {self.bar_words()}"
        if self.phase == phases.OPEN and action.kind == "play":
            return "the Caster opens the spell with cast=<card> (a numbered card, never a metamagic card)"
        return (
            f"{action} is not legal now (phase {phase}; legal: {', '.join(map(str, self.legal_actions()))})"
        )

    def bar_words(self) -> str:
        """What a valid numbered card must be now, in words."""
        sp = self.spell
        if sp.last < 0 or sp.free_rank:
            return "any rank"
        mode = sp.mode
        if mode == DOWN:
            return f"rank {sp.low} or lower"
        if mode == STRICT:
            return f"higher than {sp.high} (a {self.game.data.suits[sp.suit].name} card may equal it)"
        return f"rank {sp.high} or higher"

    def rng(self) -> random.Random:
        found = stream(self.seed, self.counter)
        self.counter += 1
        return found

    def opening_events(self) -> list[Event]:
        if self.round != 1 or self.spell.cards or self.phase != phases.OPEN or self.history:
            return []
        return [Event("round", {"round": 1, "caster": self.caster})]

    def get_game(self) -> ManaSurge:
        return self.game

    # -------------------------------------------------------------- copies
    def clone(self) -> ManaSurgeState:
        new = ManaSurgeState(self.game)
        new.seed, new.counter = self.seed, self.counter
        new.hands = [list(h) for h in self.hands]
        new.damage = [list(d) for d in self.damage]
        new.deck, new.discard = list(self.deck), list(self.discard)
        new.shards, new.wizards = list(self.shards), list(self.wizards)
        new.round, new.caster, new.turn, new.direction = self.round, self.caster, self.turn, self.direction
        new.phase = self.phase
        new.spell = self.spell.copy()
        new.last_valid, new.steps, new.discards_left = self.last_valid, list(self.steps), self.discards_left
        new.extra_play = self.extra_play
        new.between, new.gifts = list(self.between), list(self.gifts)
        new.history = list(self.history)  # entries are never changed once written
        new.winners = list(self.winners)
        new._legal = self._legal
        return new

    # ----------------------------------------------------- views and worlds
    def view(self, seat: int | None) -> dict[str, JSON]:
        from .view import build_view

        return build_view(self, seat)

    def views(self, seats: Sequence[int | None]) -> list[dict[str, JSON]]:
        from .view import build_views

        return build_views(self, list(seats))

    def sample_world(self, seat: int, rng: random.Random) -> ManaSurgeState:
        from .sampling import sample_world

        return sample_world(self, seat, rng)

    def to_json(self) -> dict[str, JSON]:
        from .serialize import state_to_json

        return state_to_json(self)

    def __repr__(self) -> str:
        cards = self.game.cards
        hands = [cards.texts(h) for h in self.hands]
        played = [cards.text(c) for c in self.spell.cards]
        return (
            f"<ManaSurgeState round={self.round} phase={phases.PHASE_NAMES[self.phase]} turn={self.turn} "
            f"spell={played} hands={hands} shards={self.shards}>"
        )


__all__ = ["ManaSurgeState"]
