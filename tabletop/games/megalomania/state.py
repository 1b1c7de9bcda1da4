"""Megalomania's state machine: rounds, the scroll phase, resources, tricks, powers, scoring.

One :class:`MegalomaniaState` is one position.  ``apply`` checks the action
against ``legal_actions`` (the one source of legality), then mutates the state
in place and returns the events it caused.  Randomness comes only from the
``(seed, counter)`` stream the state carries (tabletop.core.rng).

The special deals live in deals.py, the scrolls in scrolls.py, the card powers
in powers.py, and who knows which card is where in knowledge.py; the phases are
numbered in phases.py, clone is written out in cloning.py, and why an action is refused is told
in refusals.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ...core.errors import IllegalAction
from ...core.protocol import JSON, Event, QuietState
from ...core.rng import reused_stream
from . import actions as A
from . import deals, knowledge, powers, sampling, scrolls
from .actions import Action, Kind, offered
from .cards import (
    ASSASSIN,
    CARD_COLOUR,
    CARD_TEXT,
    CARD_VALUE,
    COLOUR_MASK,
    COLOURS,
    RANK_MASK,
    on_mask,
    rank_of,
)
from .cloning import copy_state
from .data import Mission
from .phases import (
    AFTER,
    ASSIST,
    HAND_OVER,
    LAY,
    OVER,
    PHASE_NAMES,
    PLAY,
    RESOURCES_PHASE,
    RETURN,
    SCROLL_STEP,
    SCROLLS,
    SPLIT_PHASE,
    TRICK_END,
)
from .refusals import why_illegal
from .rules import DOMINANT_BY_ROUND, ROUNDS, blockers, follow_options, trick_winner
from .serialize import state_to_json
from .view import build_view, build_views

if TYPE_CHECKING:
    from .game import Megalomania

SCROLL_BONUS: Final = 2
# the phases (phases.py) are named here too, with the state that moves between them
__all__ = [
    "AFTER", "ASSIST", "HAND_OVER", "LAY", "OVER", "PHASE_NAMES", "PLAY", "RESOURCES_PHASE", "RETURN",
    "SCROLLS", "SCROLL_BONUS", "SCROLL_STEP", "SPLIT_PHASE", "TRICK_END", "MegalomaniaState",
]  # fmt: skip

# every field, by how it is copied (cloning.py) and written (serialize.py)
PLAIN_FIELDS = (
    "game", "n", "seed", "counter", "round", "dealer", "mission", "deal", "phase", "turn", "dom", "stock",
    "round_cards", "effect", "effect_seat", "effect_arg", "effect_spent", "asking", "call",
    "scroll_only", "leader", "farmer", "dwarf", "wizard", "knight", "emperor", "explored", "deferred",
    "declared", "t_winner", "setup_deals",
)  # fmt: skip
LIST_FIELDS = (
    "mission_deck", "missions_played", "scroll_deck", "used", "queue", "turned", "hands", "open",
    "down", "out", "crystals", "cubes", "resource", "resource2", "round_bonus", "drawn", "split",
    "handing", "known", "forbidden", "t_seats", "t_cards", "t_colours", "t_values", "t_adv", "t_power",
    "t_cubes",
)  # fmt: skip
NESTED_FIELDS = ("scrolls", "gone", "points", "bonus", "round_scrolls", "laid", "must", "told", "pvoid")


class MegalomaniaState(QuietState[Action]):
    """A position of Megalomania.  ``advance`` leaves out the frequent events (plays, cubes,
    powers, tricks, hands, draws): making them was a seventh of the rules' time."""

    __slots__ = ("_legal", *PLAIN_FIELDS, *LIST_FIELDS, *NESTED_FIELDS, "round_tricks")

    game: Megalomania

    def __init__(self, game: Megalomania, blank: bool = False) -> None:
        self.game = game
        self.quiet = False
        if blank:  # a copy: cloning.copy_state sets every field (a compiled class has no __new__)
            return
        self.n = n = game.players
        self.seed = self.counter = 0
        self.round = 0  # 0-based; the rulebook's round r is round r-1 here
        self.dealer = self.mission = 0
        self.deal = deals.PLAIN  # the mission's deal (mission_data.deal), kept at hand for play
        self.mission_deck: list[int] = []  # top first
        self.missions_played: list[int] = []
        self.scroll_deck: list[int] = []  # top first
        self.scrolls: list[list[int]] = [[] for _ in range(n)]  # held, unused (5 is shown)
        self.used: list[int] = []  # activated scrolls, face up (scroll 7 picks from these)
        self.gone: list[list[int]] = [[] for _ in range(n)]  # discarded unseen by scroll 8's user
        self.points: list[list[int]] = []  # mission points, per finished round, per seat
        self.bonus: list[list[int]] = []  # scroll points (12, 17), per finished round, per seat
        self.setup_deals: dict[int, list[list[int]]] = {}
        self.phase, self.turn = SCROLLS, 0
        self.queue: list[int] = []  # seats still to act in the current step
        self.dom = 0  # the dominant colour now
        self.turned: list[int] = []  # mission 14: cards turned this round, face up
        self.hands = [0] * n  # everything a seat may play: hand and face-up table cards
        self.open = [0] * n  # face-up table cards (missions 13, 18)
        self.down = [0] * n  # face-down table cards nobody has seen (missions 18, 19)
        self.out = [0] * n  # set aside for the round, seen by their owner (mission 24)
        self.stock = 0  # undealt cards, face down
        self.crystals, self.cubes = [0] * n, [0] * n
        self.resource, self.resource2 = [-1] * n, [-1] * n  # combinations chosen (2: scroll 9)
        self.round_cards = 0  # cards each player plays this round: the round's tricks
        self.round_tricks: list[tuple[int, list[int]]] = []  # (owner, cards) this round
        self.round_bonus = [0] * n
        self.round_scrolls: list[list[int]] = []  # [seat, scroll, effect] activated this round
        self.effect = 0  # the round's lasting scroll effect (scrolls.LASTING), its user and choice
        self.effect_seat = self.effect_arg = -1
        self.effect_spent = False  # 10 and 16 act once
        self.asking = 0  # the pending scroll question (scrolls.ASK_NAMES)
        self.call = -1  # scroll 2's called colour
        self.drawn: list[int] = []  # scroll 8's three, until one is kept
        self.scroll_only = 0  # the scroll kept from scroll 8, usable at once
        self.laid: list[list[int]] = [[] for _ in range(n)]  # mission 15's sequences, next first
        self.split, self.handing = [0] * n, [0] * n  # mission 24's first pile; mission 25's cards
        # who knows what (knowledge.py): public, then per observer and seat
        self.known, self.forbidden = [0] * n, [0] * n
        self.must: list[list[int]] = [[] for _ in range(n)]
        self.told: list[list[int]] = [[0] * n for _ in range(n)]
        self.pvoid: list[list[int]] = [[0] * n for _ in range(n)]
        # the trick in play, one entry per card in play order
        self.leader = 0
        self.t_seats: list[int] = []
        self.t_cards: list[int] = []
        self.t_colours: list[int] = []
        self.t_values: list[int] = []
        self.t_adv: list[bool] = []  # False: played after a Knight's power
        self.t_power: list[bool] = []
        self.t_cubes: list[int] = []
        self.farmer = -1  # seat chosen by a Farmer's power
        self.dwarf = self.wizard = self.knight = self.emperor = False
        self.explored = -1  # an Explorer's find waiting for its return
        self.deferred = -1  # scroll 14: the seat that plays last this turn
        self.declared = -1  # scroll 16: the colour declared by the leader
        self.t_winner = -1  # the card taking the complete trick, while scrolls 16/10 decide
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ info
    @property
    def current_seat(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def dominant(self) -> int:
        return self.dom

    @property
    def mission_data(self) -> Mission:
        return self.game.missions[self.mission]

    def round_effects(self) -> list[int]:
        return [effect for _, _, effect in self.round_scrolls]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def tricks_of(self, seat: int) -> list[tuple[int, ...]]:
        return [tuple(cards) for owner, cards in self.round_tricks if owner == seat]

    def tricks_by_seat(self) -> list[list[tuple[int, ...]]]:
        """tricks_of every seat, in one pass."""
        tricks: list[list[tuple[int, ...]]] = [[] for _ in range(self.n)]
        for owner, cards in self.round_tricks:
            tricks[owner].append(tuple(cards))
        return tricks

    def scores(self) -> list[int]:
        totals = [
            sum(r[s] for r in self.points) + sum(b[s] for b in self.bonus) + self.round_bonus[s]
            for s in range(self.n)
        ]
        if self.phase == OVER:
            totals = [t + (SCROLL_BONUS if self.scrolls[s] else 0) for s, t in enumerate(totals)]
        return totals

    def negative_points(self) -> list[int]:
        return [-sum(min(0, r[s]) for r in self.points) for s in range(self.n)]

    def pair_scores(self) -> list[int]:
        scores = self.scores()
        return [scores[0] + scores[2], scores[1] + scores[3]]

    def ranking(self) -> list[int]:
        """Most points; then fewer negative points; then holding no unused scroll.  In the pairs
        game the pairs of opposite seats are ranked by their summed points (docs/rulings.md)."""
        scores, negative = self.scores(), self.negative_points()
        keys = [(-scores[s], negative[s], int(bool(self.scrolls[s]))) for s in range(self.n)]
        if self.game.pairs:
            pair = [tuple(a + b for a, b in zip(keys[p], keys[p + 2], strict=True)) for p in (0, 1)]
            return [1 + 2 * sum(1 for other in pair if other < pair[s % 2]) for s in range(self.n)]
        return [1 + sum(1 for other in keys if other < keys[s]) for s in range(self.n)]

    def returns(self) -> list[float]:
        """In the pairs game: +1 for the winning pair, -1 for the other, 0 each for a tie."""
        if not self.game.pairs:
            return super().returns()
        ranks = self.ranking()
        tie = ranks.count(1) == self.n
        return [0.0 if tie else 1.0 if r == 1 else -1.0 for r in ranks]

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal.copy()  # the caller's copy: the cache stays intact

    def _compute_legal(self) -> list[Action]:
        phase, s = self.phase, self.turn
        if phase == PLAY:
            return self._play_options(s)
        if phase == AFTER:
            return powers.after_options(self, s)
        if phase == RETURN:
            return powers.return_options(self, s)
        if phase == ASSIST:
            return powers.assist_options(self)
        if phase == TRICK_END:
            return scrolls.trick_end_options(self)
        if phase == RESOURCES_PHASE:
            return scrolls.resource_options(self, s)
        if phase == SCROLLS:
            return scrolls.phase_options(self, s)
        if phase == SCROLL_STEP:
            return scrolls.step_options(self, s)
        if phase in (LAY, SPLIT_PHASE, HAND_OVER):
            return deals.choice_options(self, s)
        return []

    def _play_options(self, s: int) -> list[Action]:
        if self.deal == deals.LAID:
            return [A.PLAY[self.laid[s][0]]]
        hand = self.hands[s]
        lead = self.t_colours[0] if self.t_cards else None
        normal = follow_options(hand, lead, self.dom, self.wizard)
        options = on_mask(A.PLAY_ON, normal)
        if lead is not None and self.crystals[s] and not self.emperor:
            # Assassin: "play on any colour" by spending a crystal (scroll 20: any card)
            assassins = hand if self.effect == 20 and self.effect_seat == s else hand & RANK_MASK[ASSASSIN]
            options += on_mask(A.PLAY_POWER_ON, assassins & ~normal)
        if (
            self.effect == 14
            and self.effect_seat == s
            and self.deferred < 0
            and len(self.t_cards) < self.n - 1
        ):
            options.append(A.LAST)  # play last this turn (a leader hands the lead on)
        return options

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        if seat is not None or self.phase == OVER:
            self.check_seat(seat)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if not offered(action, legal):
            raise IllegalAction(why_illegal(self, action))
        self._legal = None
        events: list[Event] = []
        phase, s = self.phase, self.turn
        # the phases by how often they come: card plays, then the after-play and assist steps
        if phase == PLAY:
            if action is A.LAST:
                self.deferred = s
                events.append(Event("last", {"seat": s}))
                self.turn = self._next_seat(s)
                if not self.t_cards:
                    self.leader = self.turn
                self._to_play(events)
            else:  # the card, played normally or by the Assassin's power
                c = action.arg
                self._play(s, c, action is A.PLAY_POWER[c], events)
        elif phase in (AFTER, ASSIST):
            self._apply_after(s, action, events)
        elif phase == SCROLLS:
            scrolls.apply_phase(self, action, events)
        elif phase == SCROLL_STEP:
            scrolls.apply_step(self, action, events)
        elif phase == RESOURCES_PHASE:
            scrolls.take(self, s, action.arg, events)
        elif phase == RETURN:
            events.append(powers.explorer_return(self, s, action.arg))
            if s == self.t_seats[-1]:
                self._after_or_next(events)
            else:
                self._next_player(events)  # the end of an assist
        elif phase == TRICK_END:
            scrolls.apply_trick_end(self, action, events)
        else:  # LAY, SPLIT_PHASE, HAND_OVER
            deals.apply_choice(self, action, events)
        return events

    def _apply_after(self, s: int, action: Action, events: list[Event]) -> None:
        """The after-play step (powers, cubes, a declared colour) and the assist step (scroll 18)."""
        if action is A.DONE or action is A.PASS:
            if self.phase == AFTER:
                self._assist_or_next(events)
            else:
                self._next_player(events)
        elif action is A.CUBE_UP or action is A.CUBE_DOWN:
            delta = 1 if action is A.CUBE_UP else -1
            self.cubes[s] = self.cubes[s] - 1  # (not -=: see knowledge.leave)
            self.t_cubes[-1] = self.t_cubes[-1] + delta
            self.t_values[-1] = self.t_values[-1] + delta
            if not self.quiet:
                events.append(Event("cube", {"seat": s, "delta": delta, "value": self.t_values[-1]}))
            self._after_or_next(events)
        elif action.kind == Kind.DECLARE:
            scrolls.declare(self, s, action.arg, events)
            self._after_or_next(events)
        elif powers.use(self, s, action, events):
            self.phase, self.turn = RETURN, s
        elif self.phase == AFTER:
            self._after_or_next(events)
        else:
            self._next_player(events)  # an assist's power is used

    # -------------------------------------------------------------- rounds
    def start(self, seed: int, dealer: int, mission_deck: list[int], scroll_deck: list[int]) -> None:
        self.seed, self.dealer = seed, dealer
        self.mission_deck, self.scroll_deck = mission_deck, scroll_deck
        self._start_round([])

    def _rng(self) -> random.Random:
        """The generator of the next random event: draw ``counter`` of the stream ``seed``, as
        tabletop.core.rng.stream gives it.  The thread's generator, seeded again at every call
        (rng.reused_stream): use it at once, before the next call."""
        rng = reused_stream(self.seed, self.counter)
        self.counter += 1
        return rng

    def _start_round(self, events: list[Event]) -> None:
        if self.round >= ROUNDS or not self.mission_deck:
            self.phase = OVER
            events.append(Event("game-over", {"scores": self.scores(), "ranking": self.ranking()}))
            return
        n = self.n
        self.mission = self.mission_deck.pop(0)
        self.deal = self.mission_data.deal
        self.dom = DOMINANT_BY_ROUND[self.round]
        self.crystals, self.cubes, self.resource, self.resource2 = [0] * n, [0] * n, [-1] * n, [-1] * n
        self.round_bonus, self.round_scrolls, self.round_tricks = [0] * n, [], []
        self.effect, self.effect_seat, self.effect_arg, self.effect_spent = 0, -1, -1, False
        self.asking, self.call, self.drawn, self.scroll_only = 0, -1, [], 0
        deals.deal(self, self.setup_deals.get(self.round))
        if not self.quiet:
            events += self._round_events()
        scrolls.begin(self, events)

    def _round_events(self) -> list[Event]:
        """The round's start: public mission and dominant colour, each seat's own hand, the table."""
        public = {
            "round": self.round + 1,
            "dealer": self.dealer,
            "dominant": COLOURS[self.dom],
            "mission": self.mission,
        }
        return [Event("round", public), *deals.deal_events(self)]

    def opening_events(self) -> list[Event]:
        return self._round_events() if self.phase != OVER else []

    def begin_play(self, events: list[Event]) -> None:
        """The first turn: the dealer's left leads, or the player chosen by scroll 19."""
        self.round_cards = self.hands[0].bit_count() + self.down[0].bit_count()
        self.leader = self.effect_arg if self.effect == 19 else (self.dealer + 1) % self.n
        self._start_trick(events)

    def _start_trick(self, events: list[Event]) -> None:
        deals.turn_dominant(self, events)
        self.turn = self.leader
        self._to_play(events)

    def _to_play(self, events: list[Event]) -> None:
        self.phase = PLAY
        if self.deal == deals.LAID:  # mission 15: the next laid card is played
            s = self.turn
            self._play(s, self.laid[s].pop(0), False, events)

    def _play(self, s: int, c: int, by_power: bool, events: list[Event]) -> None:
        if self.deal != deals.LAID:  # laid cards show nothing about the hand
            if by_power:
                self._note_could_follow(s, c)
            elif self.t_cards:
                self._note_voids(s, c)
        from_table = bool(self.open[s] >> c & 1)
        knowledge.leave(self, s, 1 << c)
        self.t_seats.append(s)
        self.t_cards.append(c)
        self.t_colours.append(CARD_COLOUR[c])
        self.t_values.append(CARD_VALUE[c])
        self.t_adv.append(not self.knight)
        self.t_power.append(by_power)
        self.t_cubes.append(0)
        if by_power:
            self.crystals[s] = self.crystals[s] - 1  # (not -=: see knowledge.leave)
        if not self.quiet:
            data: dict[str, JSON] = {"seat": s, "card": CARD_TEXT[c], "power": by_power}
            if from_table:
                data["from_table"] = True
            events.append(Event("play", data))
        if self.down[s]:  # missions 18 and 19
            deals.draw_after_play(self, s, from_table, events)
        self._after_or_next(events)

    def _note_could_follow(self, s: int, played: int) -> None:
        """A card played by the Assassin's power: the seat held a card that made it unplayable."""
        held_one_of = blockers(played, self.t_colours[0], self.dom, self.wizard)
        if not held_one_of & (self.known[s] | self.open[s]):  # otherwise everybody sees the reason
            self.must[s].append(held_one_of)

    def _note_voids(self, s: int, c: int) -> None:
        """What a follower's card reveals about the rest of its hand (for sampling)."""
        lead, dom, colour = self.t_colours[0], self.dom, CARD_COLOUR[c]
        lower = (1 << c) - 1  # cards below c in numbering: lower ranks of c's colour and below
        forbidden = self.forbidden[s]
        if colour != lead:
            forbidden |= COLOUR_MASK[lead]
            if colour != dom:
                forbidden |= COLOUR_MASK[dom]
        if self.wizard:
            if colour in (lead, dom):
                forbidden |= lower & COLOUR_MASK[colour]
            else:
                forbidden |= sum(RANK_MASK[r] for r in range(rank_of(c)))
        self.forbidden[s] = forbidden

    def _after_or_next(self, events: list[Event]) -> None:
        """Stay in the after-play step while the card's player has a choice; otherwise move on."""
        options = powers.after_options(self, self.turn)
        if len(options) == 1:
            self._assist_or_next(events)
        else:
            self.phase = AFTER
            self._legal = options

    def _assist_or_next(self, events: list[Event]) -> None:
        options = powers.assist_options(self) if self.effect == 18 else None
        if options:
            self.phase, self.turn = ASSIST, self.effect_seat
            self._legal = options
        else:
            self._next_player(events)

    def _next_seat(self, start: int) -> int:
        """Clockwise from ``start``, the next seat yet to play; the deferred one last (scroll 14)."""
        n, played, deferred = self.n, self.t_seats, self.deferred
        o = (start + 1) % n
        if o not in played and o != deferred:
            return o  # the usual case: the next seat clockwise
        for k in range(2, n + 1):
            o = (start + k) % n
            if o not in played and o != deferred:
                return o
        return deferred

    def _next_player(self, events: list[Event]) -> None:
        if len(self.t_cards) < self.n:
            self.turn = self._next_seat(self.t_seats[-1])
            self._to_play(events)
            return
        declared = self.declared if self.declared >= 0 else None
        self.t_winner = trick_winner(
            self.t_colours, self.t_values, self.t_adv, self.dom, self.dwarf, declared
        )
        if scrolls.decide_pending(self):
            self.phase, self.asking, self.turn = TRICK_END, scrolls.ASK_DECIDE, self.effect_seat
            return
        self.close_trick(events)

    def close_trick(self, events: list[Event]) -> None:
        winner = self.t_seats[self.t_winner]
        if scrolls.steal_pending(self):
            self.phase, self.asking, self.turn = TRICK_END, scrolls.ASK_STEAL, self.effect_seat
            return
        self.record_trick(winner, winner, events)

    def record_trick(self, owner: int, winner: int, events: list[Event]) -> None:
        """The trick goes to ``owner`` (the winner, unless stolen); the winner leads next, unless
        a Farmer's power or scroll 19 says otherwise."""
        self.round_tricks.append((owner, list(self.t_cards)))
        leader = self.farmer if self.farmer >= 0 else winner
        if self.effect == 19:
            leader = self.effect_arg
        if not self.quiet:
            data: dict[str, JSON] = {
                "winner": winner,
                "cards": [CARD_TEXT[c] for c in self.t_cards],
                "next_leader": leader,
            }
            if owner != winner:
                data["owner"] = owner
            events.append(Event("trick", data))
        # the next trick's lists: these, emptied (cheaper than new ones; a state shares no list)
        self.t_seats.clear()
        self.t_cards.clear()
        self.t_colours.clear()
        self.t_values.clear()
        self.t_adv.clear()
        self.t_power.clear()
        self.t_cubes.clear()
        self.farmer = self.deferred = self.declared = self.t_winner = -1
        self.dwarf = self.wizard = self.knight = self.emperor = False
        if any(hand != 0 for hand in self.hands):  # (compiled as a loop; any(self.hands) is a call)
            if self.deal == deals.PASS_RIGHT:
                deals.pass_right(self, events)
            self.leader = leader
            self._start_trick(events)
            return
        # the round is over: score the mission, pass the deal to the left
        points, bonus = scrolls.score(self)
        self.points.append(points)
        self.bonus.append(bonus)
        self.round_bonus = [0] * self.n
        self.round_scrolls = []  # the used scrolls are discarded (they stay in self.used)
        self.effect, self.effect_seat, self.effect_arg, self.effect_spent = 0, -1, -1, False
        self.missions_played.append(self.mission)
        if not self.quiet:
            scored: dict[str, JSON] = {"round": self.round + 1, "mission": self.mission, "points": points}
            if any(bonus):
                scored["bonus"] = bonus
            events.append(Event("scored", scored))
        self.round += 1
        self.dealer = (self.dealer + 1) % self.n
        self._start_round(events)

    def get_game(self) -> Megalomania:
        return self.game

    # -------------------------------------------------------------- copies
    def clone(self) -> MegalomaniaState:
        return copy_state(self, MegalomaniaState(self.game, blank=True))

    # ----------------------------------------------------- views and worlds
    def view(self, seat: int | None) -> dict[str, JSON]:
        return build_view(self, seat)

    def views(self, seats: Sequence[int | None]) -> list[dict[str, JSON]]:
        return build_views(self, seats)

    def sample_world(self, seat: int, rng: random.Random) -> MegalomaniaState:
        return sampling.sample_world(self, seat, rng)

    def to_json(self) -> dict[str, JSON]:
        return state_to_json(self)

    def __repr__(self) -> str:
        return (
            f"<MegalomaniaState round={self.round + 1} phase={PHASE_NAMES[self.phase]} "
            f"turn={self.turn} trick={[CARD_TEXT[c] for c in self.t_cards]}>"
        )
