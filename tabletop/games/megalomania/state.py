"""Megalomania's state machine: rounds, resources, tricks, powers, cubes, scoring.

One :class:`MegalomaniaState` is one position.  ``apply`` checks the action
against ``legal_actions`` (the one source of legality), then mutates the state
in place and returns the events it caused.  Randomness comes only from the
``(seed, counter)`` stream the state carries (tabletop.core.rng).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.errors import IllegalAction
from ...core.protocol import JSON, Event, State
from ...core.rng import stream
from . import actions as A
from .actions import RESOURCE_AMOUNTS, RESOURCES, SCROLL, Action, Kind
from .cards import (
    ALL_CARDS,
    ASSASSIN,
    CARD_NAME,
    CARD_TEXT,
    COLOUR_MASK,
    COLOURS,
    DWARF,
    EMPEROR,
    EXPLORER,
    FARMER,
    KNIGHT,
    ORACLE,
    RANK_MASK,
    WIZARD,
    bits,
    colour_of,
    rank_of,
    texts,
    value_of,
)
from .data import Mission
from .missions import score_round
from .rules import DOMINANT_BY_ROUND, ROUNDS, follow_options, oracle_colours, trick_winner

if TYPE_CHECKING:
    from .game import Megalomania

# phases
RESOURCES_PHASE, PLAY, AFTER, RETURN, OVER = range(5)
PHASE_NAMES = ("resources", "play", "after-play", "explorer-return", "over")
SCROLL_BONUS = 2


class MegalomaniaState(State[Action]):
    __slots__ = (
        "_legal",
        "counter",
        "crystals",
        "cubes",
        "dealer",
        "dwarf",
        "emperor",
        "explored",
        "farmer",
        "forbidden",
        "game",
        "hands",
        "knight",
        "known",
        "leader",
        "mission",
        "mission_deck",
        "missions_played",
        "must",
        "n",
        "phase",
        "points",
        "resource",
        "round",
        "round_cards",
        "round_tricks",
        "scroll_deck",
        "scrolls",
        "seed",
        "setup_deals",
        "stock",
        "t_adv",
        "t_cards",
        "t_colours",
        "t_cubes",
        "t_power",
        "t_seats",
        "t_values",
        "turn",
        "wizard",
    )  # fmt: skip

    game: Megalomania

    def __init__(self, game: Megalomania) -> None:
        self.game = game
        self.n = n = game.players
        self.seed = 0
        self.counter = 0
        self.round = 0  # 0-based; the rulebook's round r is round r-1 here
        self.dealer = 0
        self.mission = 0  # number of this round's mission
        self.mission_deck: list[int] = []  # top first
        self.missions_played: list[int] = []
        self.scroll_deck: list[int] = []  # top first
        self.scrolls: list[list[int]] = [[] for _ in range(n)]  # held, unused
        self.phase = RESOURCES_PHASE
        self.turn = 0
        self.hands = [0] * n
        self.stock = 0  # undealt cards, face down
        self.crystals = [0] * n
        self.cubes = [0] * n
        self.resource = [-1] * n  # combination chosen this round
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
        self.dwarf = False
        self.wizard = False
        self.knight = False
        self.emperor = False
        self.round_cards = 0  # cards dealt to each player this round, so tricks in the round
        self.round_tricks: list[tuple[int, list[int]]] = []  # (winner, cards) this round
        self.points: list[list[int]] = []  # per finished round, per seat
        # for sampling worlds: cards a seat cannot hold among its unknown cards,
        # and cards everybody knows it holds (an Explorer's find)
        self.forbidden = [0] * n
        # and sets of cards a seat is known to have held one of (an Assassin played by its
        # power shows the seat could have followed), until a card of the set leaves its hand
        self.must: list[list[int]] = [[] for _ in range(n)]
        self.known = [0] * n
        self.explored = -1
        self.setup_deals: dict[int, list[int]] = {}
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ info
    @property
    def current_seat(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def dominant(self) -> int:
        return DOMINANT_BY_ROUND[self.round]

    @property
    def mission_data(self) -> Mission:
        return self.game.missions[self.mission]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def tricks_of(self, seat: int) -> list[tuple[int, ...]]:
        return [tuple(cards) for winner, cards in self.round_tricks if winner == seat]

    def scores(self) -> list[int]:
        totals = [sum(r[s] for r in self.points) for s in range(self.n)]
        if self.phase == OVER:
            totals = [t + (SCROLL_BONUS if self.scrolls[s] else 0) for s, t in enumerate(totals)]
        return totals

    def negative_points(self) -> list[int]:
        return [-sum(min(0, r[s]) for r in self.points) for s in range(self.n)]

    def ranking(self) -> list[int]:
        """Most points; then fewer negative points; then holding no unused scroll."""
        scores, negative = self.scores(), self.negative_points()
        keys = [(-scores[s], negative[s], bool(self.scrolls[s])) for s in range(self.n)]
        return [1 + sum(1 for other in keys if other < keys[s]) for s in range(self.n)]

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)  # the caller's copy: the cache stays intact

    def _compute_legal(self) -> list[Action]:
        phase, s = self.phase, self.turn
        if phase == PLAY:
            return self._play_options(s)
        if phase == AFTER:
            return self._after_options(s)
        if phase == RETURN:
            return [A.RETURN[c] for c in bits(self.hands[s])]
        if phase == RESOURCES_PHASE:
            options = [A.TAKE[r] for r in range(3)]
            if self.scroll_deck:
                options.append(A.TAKE[SCROLL])
            return options
        return []

    def _play_options(self, s: int) -> list[Action]:
        hand = self.hands[s]
        lead = self.t_colours[0] if self.t_cards else None
        normal = follow_options(hand, lead, self.dominant, self.wizard)
        options = [A.PLAY[c] for c in bits(normal)]
        if lead is not None and self.crystals[s] and not self.emperor:
            # Assassin: "play on any colour" by spending a crystal
            options += [A.PLAY_POWER[c] for c in bits(hand & RANK_MASK[ASSASSIN] & ~normal)]
        return options

    def _after_options(self, s: int) -> list[Action]:
        options: list[Action] = []
        if self.emperor:
            return [A.DONE]
        i = len(self.t_cards) - 1
        if self.crystals[s] and not self.t_power[i]:
            rank = rank_of(self.t_cards[i])
            last_trick = len(self.round_tricks) == self.round_cards - 1
            others_to_play = len(self.t_cards) < self.n
            if rank == FARMER:
                if self.farmer < 0 and not last_trick:
                    options += [A.LEAD[seat] for seat in range(self.n)]
            elif rank == ORACLE:
                printed = colour_of(self.t_cards[i])
                options += [A.COLOUR[c] for c in oracle_colours(printed, self.dominant)]
            elif (
                (rank == EXPLORER and self.round_tricks)
                or (rank == DWARF and not self.dwarf)
                # these three act on the cards still to come: not for the turn's last card
                or (rank == WIZARD and not self.wizard and others_to_play)
                or (rank == KNIGHT and not self.knight and others_to_play)
                or (rank == EMPEROR and others_to_play)
            ):
                options.append(A.POWER)
        if self.cubes[s]:
            if self.t_cubes[i] >= 0:
                options.append(A.CUBE_UP)
            if self.t_cubes[i] <= 0:
                options.append(A.CUBE_DOWN)
        options.append(A.DONE)
        return options

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        self.check_seat(seat)
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        events: list[Event] = []
        kind, arg, s = action.kind, action.arg, self.turn
        if kind == Kind.TAKE:
            self._take(s, arg, events)
        elif kind == Kind.PLAY or kind == Kind.PLAY_POWER:
            self._play(s, arg, kind == Kind.PLAY_POWER, events)
        elif kind == Kind.CUBE_UP or kind == Kind.CUBE_DOWN:
            delta = 1 if kind == Kind.CUBE_UP else -1
            self.cubes[s] -= 1
            self.t_cubes[-1] += delta
            self.t_values[-1] += delta
            events.append(Event("cube", {"seat": s, "delta": delta, "value": self.t_values[-1]}))
            self._after_or_next(events)
        elif kind == Kind.DONE:
            self._next_player(events)
        elif kind == Kind.RETURN:
            self._explorer_return(s, arg, events)
        else:
            self._power(s, action, events)
        return events

    def _why_illegal(self, action: object) -> str:
        if not isinstance(action, Action):
            return f"{action!r} is not a Megalomania action"
        phase = PHASE_NAMES[self.phase]
        legal = ", ".join(map(str, self.legal_actions()))
        s = self.turn
        if action.kind in (Kind.PLAY, Kind.PLAY_POWER) and self.phase == PLAY:
            c = action.arg
            if not self.hands[s] >> c & 1:
                return f"seat {s} does not hold the {CARD_NAME[c]}; legal: {legal}"
            if action.kind == Kind.PLAY_POWER:
                if rank_of(c) != ASSASSIN:
                    return f"only an Assassin can be played by its power ('!'); legal: {legal}"
                if self.emperor:
                    return "the Emperor's power forbids powers for the rest of this turn"
                if not self.crystals[s]:
                    return "playing an Assassin by its power needs a power crystal"
                return f"the {CARD_NAME[c]} may be played normally (no '!'); legal: {legal}"
            lead = COLOURS[self.t_colours[0]]
            if self.wizard:
                return f"a Wizard's power forces the lowest card of the colour to play; legal: {legal}"
            return (
                f"the {CARD_NAME[c]} does not follow the rule: follow {lead}, else play "
                f"{COLOURS[self.dominant]} (dominant); legal: {legal}"
            )
        if action.kind in (Kind.POWER, Kind.LEAD, Kind.COLOUR) and self.phase == AFTER:
            if self.emperor:
                return "the Emperor's power forbids powers and cubes for the rest of this turn"
            if not self.crystals[s]:
                return "a power needs a power crystal, and you have none"
        if action.kind in (Kind.CUBE_UP, Kind.CUBE_DOWN) and self.phase == AFTER and not self.cubes[s]:
            return "you have no cubes left"
        return f"{action} is not legal now (phase {phase}, seat {s}); legal: {legal}"

    # -------------------------------------------------------------- rounds
    def start(self, seed: int, dealer: int, mission_deck: list[int], scroll_deck: list[int]) -> None:
        self.seed, self.dealer = seed, dealer
        self.mission_deck, self.scroll_deck = mission_deck, scroll_deck
        self._start_round([])

    def _rng(self) -> random.Random:
        rng = stream(self.seed, self.counter)
        self.counter += 1
        return rng

    def _start_round(self, events: list[Event]) -> None:
        if self.round >= ROUNDS or not self.mission_deck:
            self.phase = OVER
            events.append(Event("game-over", {"scores": self.scores(), "ranking": self.ranking()}))
            return
        n = self.n
        self.mission = self.mission_deck.pop(0)
        per_player = self.mission_data.cards
        deal = self.setup_deals.get(self.round)
        if deal is None:
            deck = list(range(32))
            self._rng().shuffle(deck)
            # one card at a time, clockwise from the dealer's left
            hands = [0] * n
            for k in range(per_player * n):
                hands[(self.dealer + 1 + k) % n] |= 1 << deck[k]
            stock = sum(1 << c for c in deck[per_player * n :])
        else:
            hands = deal[:n]
            stock = deal[n]
        self.hands, self.stock = hands, stock
        self.round_cards = hands[0].bit_count()
        self.crystals, self.cubes, self.resource = [0] * n, [0] * n, [-1] * n
        self.forbidden, self.known = [0] * n, [0] * n
        self.must = [[] for _ in range(n)]
        self.round_tricks = []
        self.phase = RESOURCES_PHASE
        self.leader = self.turn = (self.dealer + 1) % n
        events += self._round_events()

    def _round_events(self) -> list[Event]:
        """The round's start: public mission and dominant colour, and each seat's own hand."""
        public = {
            "round": self.round + 1,
            "dealer": self.dealer,
            "dominant": COLOURS[self.dominant],
            "mission": self.mission,
        }
        events = [Event("round", public)]
        events += [Event("hand", {"seat": i, "cards": texts(self.hands[i])}, (i,)) for i in range(self.n)]
        return events

    def opening_events(self) -> list[Event]:
        return self._round_events() if self.phase != OVER else []

    def _take(self, s: int, choice: int, events: list[Event]) -> None:
        crystals, cubes = RESOURCE_AMOUNTS[choice]
        self.crystals[s] += crystals
        self.cubes[s] += cubes
        self.resource[s] = choice
        events.append(Event("resources", {"seat": s, "choice": RESOURCES[choice]}))
        if choice == SCROLL:
            drawn = self.scroll_deck.pop(0)
            self.scrolls[s].append(drawn)
            events.append(Event("scroll-drawn", {"seat": s, "scroll": drawn}, (s,)))
        self.turn = (s + 1) % self.n
        if self.resource[self.turn] >= 0:  # everybody has chosen: the dealer's left leads
            self.phase = PLAY
            self.leader = self.turn = (self.dealer + 1) % self.n

    def _play(self, s: int, c: int, by_power: bool, events: list[Event]) -> None:
        following = bool(self.t_cards)
        if by_power:
            self._note_could_follow(s, c)
        elif following:
            self._note_voids(s, c)
        self._leaves_hand(s, c)
        self.t_seats.append(s)
        self.t_cards.append(c)
        self.t_colours.append(colour_of(c))
        self.t_values.append(value_of(c))
        self.t_adv.append(not self.knight)
        self.t_power.append(by_power)
        self.t_cubes.append(0)
        if by_power:
            self.crystals[s] -= 1
        events.append(Event("play", {"seat": s, "card": CARD_TEXT[c], "power": by_power}))
        self.phase = AFTER
        self._after_or_next(events)

    def _leaves_hand(self, s: int, c: int) -> None:
        self.hands[s] &= ~(1 << c)
        self.known[s] &= ~(1 << c)
        if self.must[s]:
            self.must[s] = [m for m in self.must[s] if not m >> c & 1]

    def _note_could_follow(self, s: int, assassin: int) -> None:
        """An Assassin played by its power: the seat held a card that made it unplayable."""
        lead, dom, one = self.t_colours[0], self.dominant, 1 << assassin
        blockers = 0
        for other in bits(ALL_CARDS & ~one):
            if not follow_options(one | 1 << other, lead, dom, self.wizard) & one:
                blockers |= 1 << other
        if not blockers & self.known[s]:  # otherwise everybody already sees the reason
            self.must[s].append(blockers)

    def _note_voids(self, s: int, c: int) -> None:
        """What a follower's card reveals about the rest of its hand (for sampling)."""
        lead, dom, colour = self.t_colours[0], self.dominant, colour_of(c)
        lower = (1 << c) - 1  # cards below c in numbering: lower ranks of c's colour and below
        if colour != lead:
            self.forbidden[s] |= COLOUR_MASK[lead]
            if colour != dom:
                self.forbidden[s] |= COLOUR_MASK[dom]
        if self.wizard:
            if colour in (lead, dom):
                self.forbidden[s] |= lower & COLOUR_MASK[colour]
            else:
                self.forbidden[s] |= sum(RANK_MASK[r] for r in range(rank_of(c)))

    def _after_or_next(self, events: list[Event]) -> None:
        """Stay in the after-play phase while there is a choice; otherwise move on."""
        options = self._after_options(self.turn)
        if len(options) == 1:
            self._next_player(events)
        else:
            self.phase = AFTER
            self._legal = options

    def _next_player(self, events: list[Event]) -> None:
        if len(self.t_cards) == self.n:
            self._finish_trick(events)
        else:
            self.turn = (self.turn + 1) % self.n
            self.phase = PLAY

    def _power(self, s: int, action: Action, events: list[Event]) -> None:
        i = len(self.t_cards) - 1
        c = self.t_cards[i]
        rank = rank_of(c)
        self.crystals[s] -= 1
        self.t_power[i] = True
        data: dict[str, JSON] = {"seat": s, "card": CARD_TEXT[c]}
        if action.kind == Kind.LEAD:
            self.farmer = data["lead"] = action.arg
        elif action.kind == Kind.COLOUR:
            self.t_colours[i] = action.arg
            data["colour"] = COLOURS[action.arg]
        elif rank == DWARF:
            self.dwarf = True
        elif rank == WIZARD:
            self.wizard = True
        elif rank == KNIGHT:
            self.knight = True
        elif rank == EMPEROR:
            self.emperor = True
        events.append(Event("power", data))
        if rank == EXPLORER:
            previous = self.round_tricks[-1][1]
            taken = previous.pop(self._rng().randrange(len(previous)))  # in the hand until returned
            self.hands[s] |= 1 << taken
            self.known[s] |= 1 << taken
            self.explored = taken
            self.phase = RETURN
            events.append(Event("explore", {"seat": s, "card": CARD_TEXT[taken]}))
            return
        self._after_or_next(events)

    def _explorer_return(self, s: int, c: int, events: list[Event]) -> None:
        self.round_tricks[-1][1].append(c)
        self._leaves_hand(s, c)
        self.explored = -1
        events.append(Event("explore-return", {"seat": s, "card": CARD_TEXT[c]}))
        self._after_or_next(events)

    def _finish_trick(self, events: list[Event]) -> None:
        best = trick_winner(self.t_colours, self.t_values, self.t_adv, self.dominant, self.dwarf)
        winner = self.t_seats[best]
        self.round_tricks.append((winner, list(self.t_cards)))
        leader = self.farmer if self.farmer >= 0 else winner
        events.append(
            Event(
                "trick",
                {"winner": winner, "cards": [CARD_TEXT[c] for c in self.t_cards], "next_leader": leader},
            )
        )
        self.t_seats, self.t_cards, self.t_colours, self.t_values = [], [], [], []
        self.t_adv, self.t_power, self.t_cubes = [], [], []
        self.farmer = -1
        self.dwarf = self.wizard = self.knight = self.emperor = False
        if any(self.hands):
            self.leader = self.turn = leader
            self.phase = PLAY
            return
        # the round is over: score the mission, pass the deal to the left
        per_seat = [self.tricks_of(s) for s in range(self.n)]
        points = score_round(self.mission_data, per_seat)
        self.points.append(points)
        self.missions_played.append(self.mission)
        events.append(Event("scored", {"round": self.round + 1, "mission": self.mission, "points": points}))
        self.round += 1
        self.dealer = (self.dealer + 1) % self.n
        self._start_round(events)

    # -------------------------------------------------------------- copies
    def clone(self) -> MegalomaniaState:
        new = MegalomaniaState.__new__(MegalomaniaState)
        for name in _PLAIN_SLOTS:
            setattr(new, name, getattr(self, name))
        for name in _LIST_SLOTS:
            setattr(new, name, list(getattr(self, name)))
        new.scrolls = [list(x) for x in self.scrolls]
        new.must = [list(x) for x in self.must]
        new.round_tricks = [(w, list(cards)) for w, cards in self.round_tricks]
        new.points = [list(p) for p in self.points]
        new._legal = self._legal
        return new

    # ----------------------------------------------------- views and worlds
    def view(self, seat: int | None) -> dict[str, JSON]:
        from .view import build_view

        return build_view(self, seat)

    def sample_world(self, seat: int, rng: random.Random) -> MegalomaniaState:
        from .sampling import sample_world

        return sample_world(self, seat, rng)

    def to_json(self) -> dict[str, JSON]:
        from .serialize import state_to_json

        return state_to_json(self)

    def __repr__(self) -> str:
        return (
            f"<MegalomaniaState round={self.round + 1} phase={PHASE_NAMES[self.phase]} "
            f"turn={self.turn} trick={[CARD_TEXT[c] for c in self.t_cards]}>"
        )


_PLAIN_SLOTS = (
    "game", "n", "seed", "counter", "round", "dealer", "mission", "phase", "turn", "stock",
    "leader", "farmer", "dwarf", "wizard", "knight", "emperor", "explored", "setup_deals", "round_cards",
)  # fmt: skip
_LIST_SLOTS = (
    "mission_deck", "missions_played", "scroll_deck", "hands", "crystals", "cubes", "resource",
    "t_seats", "t_cards", "t_colours", "t_values", "t_adv", "t_power", "t_cubes", "forbidden",
    "known",
)  # fmt: skip
