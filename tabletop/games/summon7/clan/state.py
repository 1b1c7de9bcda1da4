"""The clan game's state machine: choosing characters, the pre-game, and the main game's rounds
(Home, City, Power and Dining phases), the Uprising Meter and the Head of House.

The seats are the household members of one clan (house); the Head of House is a character no
seat chose, played by the rules.  The city is shared with rival houses, which the engine plays
(the EmCee's part in the original mega game).  Every dealt card, hand, pantry and city slot is
open: only the order of the decks and the random stream are unknown (docs/rulings.md, C3).

``apply`` checks the action against ``legal_actions`` (the one source of legality), mutates the
state and returns the events.  Randomness comes only from the ``(seed, counter)`` stream.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ....core.errors import IllegalAction
from ....core.protocol import JSON, Event, State
from ....core.rng import choice, stream
from ..table import Table
from . import actions as A
from . import city, dining, home, powers
from .actions import ClanAction, Kind
from .city import OUR_HOUSE
from .data import ClanData
from .phases import (
    BLAME,
    CAPTURE,
    CHOOSE,
    CITY_CARDS,
    DINING,
    DRAFT,
    END_REASONS,
    OVER,
    PAY,
    PHASE_NAMES,
    PLACE,
    TURN,
    WARD,
)
from .powers import BOAST, CALM, HEX, WARD_CARD
from .view import build_view

if TYPE_CHECKING:
    from .game import Clan


class ClanState(State[ClanAction]):
    __slots__ = (
        "_legal",
        "board",
        "bonus",
        "challengers",
        "characters",
        "city",
        "city_seat",
        "claim_left",
        "claimers",
        "counter",
        "cursor",
        "data",
        "dine_index",
        "dine_order",
        "draft_busted",
        "draft_index",
        "draft_step",
        "end",
        "fed",
        "fired",
        "game",
        "hands",
        "head",
        "head_score",
        "history",
        "house_score",
        "house_total",
        "hungry",
        "leadership",
        "main",
        "meeples",
        "meeples_left",
        "meter",
        "n",
        "order",
        "pantry",
        "pending",
        "phase",
        "pool",
        "power_deck",
        "power_discard",
        "pregame_round",
        "round",
        "scores_now",
        "seed",
        "table",
        "turn",
        "uprising",
        "usurper",
        "ward",
    )

    game: Clan

    def __init__(self, game: Clan, blank: bool = False) -> None:
        self.game = game
        if blank:  # a copy: clone() sets every field (a compiled class has no __new__)
            return
        self.data: ClanData = game.data
        self.n = n = game.players
        d = self.data
        clans = len(d.rivals) + 1
        self.seed = 0
        self.counter = 0
        self.characters = [-1] * n  # character index per seat
        self.head = -1  # the Head of House's character
        self.table = Table(n)
        self.main = False  # False: the pre-game
        self.pregame_round = 0
        self.round = 0  # main-game round, from 1
        self.leadership = [0] * n
        self.head_score = game.options["head"]
        self.house_total = 0  # the Summon 7 House total: every held player's sum, all game long
        self.board = list(range(n + 1))  # members (seats, and n for the Head), highest first
        self.hungry = [False] * (n + 1)
        self.bonus = [0] * n  # Boasts this round
        self.meter = 0
        self.fired = 0  # Uprising thresholds reached so far
        self.uprising = False
        self.pantry = [0] * len(d.humans)
        self.city = [[0] * len(d.humans) for _ in d.locations]
        self.meeples: list[list[int]] = [[] for _ in d.locations]  # clans, first slot first
        self.hands: list[list[int]] = [[] for _ in range(n)]  # power card ids, sorted
        self.power_deck: list[int] = []  # top last
        self.power_discard: list[int] = []
        self.pool: list[int] = []  # the cards the winner brought home, being drafted
        self.phase = CHOOSE
        self.turn = 0  # the seat that acts
        self.pending: list[int] = []  # a card being paid for: kind, target, seat, humans left
        self.ward: list[int] = []  # a bust a Ward may cancel: seat, PASS or RETURN
        self.house_score = 0
        self.city_seat = -1  # the Home phase's winner who plays the City phase
        self.scores_now = [0] * clans  # House scores of this City phase, per clan
        self.order: list[int] = []  # clans in the City phase's turn order
        self.meeples_left = [0] * clans
        self.claim_left = [0] * clans
        self.cursor = 0
        self.claimers: list[int] = []
        self.draft_busted: list[int] = []
        self.draft_step = 0
        self.draft_index = 0
        self.dine_order: list[int] = []
        self.dine_index = 0
        self.fed = [False] * (n + 1)
        # players whose leadership was above the Head of House's when the round began
        self.challengers = [False] * n
        self.history: list[dict[str, JSON]] = []  # one entry per finished round (pre-game included)
        self.usurper = -1
        self.end = 0
        self._legal: list[ClanAction] | None = None

    # ------------------------------------------------------------------ info
    @property
    def current_seat(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return list(self.leadership)

    def ranking(self) -> list[int]:
        """The usurper (who overthrew the Head of House) first; the others by leadership."""
        lead = self.leadership
        ranks = []
        for s in range(self.n):
            if s == self.usurper:
                ranks.append(1)
                continue
            better = sum(1 for o in range(self.n) if o != self.usurper and lead[o] > lead[s])
            ranks.append(1 + better + (1 if self.usurper >= 0 else 0))
        return ranks

    def rounds_played(self) -> int:
        """Rounds begun so far, the pre-game's included (for the simulator's game lengths)."""
        return self.pregame_round + self.round

    def member_score(self, member: int) -> int:
        return self.head_score if member == self.n else self.leadership[member]

    def diet(self, member: int) -> int:
        character = self.head if member == self.n else self.characters[member]
        return self.data.characters[character].diet

    def kind(self, card: int) -> int:
        return self.game.power_kind[card]

    def hand_kinds(self, seat: int) -> list[int]:
        return [self.game.power_kind[c] for c in self.hands[seat]]

    def players_by_leadership(self) -> list[int]:
        return [m for m in self.board if m < self.n]

    def totals(self) -> list[int]:
        return [self.table.card_total(s) + self.bonus[s] for s in range(self.n)]

    def total(self, seat: int) -> int:
        return self.table.card_total(seat) + self.bonus[seat]

    def scaled(self, amount: int) -> int:
        """``amount``, given for a household of five (four players and the Head), scaled to this
        household: rounded, and at least 1."""
        return max(1, (amount * (self.n + 1) * 2 + 5) // 10)

    def hungry_now(self, seat: int) -> bool:
        """Whether ``seat`` is dealt two cards and keeps the worse (only in the main game)."""
        return self.main and self.hungry[seat]

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> list[ClanAction]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def legal_texts(self) -> list[str]:
        """The texts of ``legal_actions()``, in a new list."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return [a.text for a in self._legal]

    def _compute_legal(self) -> list[ClanAction]:
        phase, s = self.phase, self.turn
        if phase == TURN:
            return self._turn_options(s)
        if phase == WARD:
            return [A.PLAY[WARD_CARD], A.BUST]
        if phase == PAY:
            return [A.PAY[h] for h, count in enumerate(self.pantry) if count]
        if phase == CITY_CARDS:
            return [A.PLAY[k] for k in self._playable(s, "city")] + [A.DONE]
        if phase == PLACE:
            return [A.PLACE[loc] for loc in range(len(self.city))]
        if phase == CAPTURE:
            return [A.CAPTURE[loc][h] for loc, h in self._capturable(OUR_HOUSE)]
        if phase == DRAFT:
            return [A.CLAIM[k] for k in sorted({self.kind(c) for c in self.pool})]
        if phase == DINING:
            return [A.PLAY[k] for k in self._playable(s, "dining")] + [A.EAT]
        if phase == BLAME:
            return [A.BLAME[o] for o in range(self.n) if self.hands[o]]
        if phase == CHOOSE:
            taken = set(self.characters)
            return [A.CHOOSE[c] for c in range(len(self.data.characters)) if c not in taken]
        return []

    def _turn_options(self, s: int) -> list[ClanAction]:
        can_deal = self.table.can_deal()
        options = [A.HIT] if can_deal else []
        options.append(A.HOLD)
        for k in self._playable(s, "home"):
            if k == BOAST:
                options.append(A.PLAY[BOAST])
            elif k == HEX and can_deal:
                options += [A.PLAY_AT[HEX][t] for t in self.table.active() if t != s]
        return options

    def _playable(self, s: int, phase: str) -> list[int]:
        """The kinds of power card ``s`` may play now in ``phase`` (held, and the pantry can pay)."""
        if not self.main:
            return []
        humans = sum(self.pantry)
        out = []
        for k in sorted(set(self.hand_kinds(s))):
            power = self.data.powers[k]
            if power.phase != phase or power.cost > humans or k == WARD_CARD:
                continue
            if k == CALM and self.meter == 0:
                continue  # it would change nothing
            out.append(k)
        return out

    def can_ward(self, seat: int) -> bool:
        return (
            self.main
            and WARD_CARD in self.hand_kinds(seat)
            and sum(self.pantry) >= self.data.powers[WARD_CARD].cost
        )

    def _capturable(self, clan: int) -> list[tuple[int, int]]:
        return [
            (loc, h)
            for loc, row in enumerate(self.meeples)
            if clan in row
            for h, count in enumerate(self.city[loc])
            if count
        ]

    # ------------------------------------------------------------------ apply
    def apply(self, action: ClanAction, seat: int | None = None) -> list[Event]:
        self.check_seat(seat)
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        events: list[Event] = []
        s, kind = self.turn, action.kind
        if kind == Kind.HIT:
            home.hit(self, s, events)
        elif kind == Kind.HOLD:
            home.hold(self, s, events)
        elif kind == Kind.PLAY:
            powers.play(self, s, action.a, action.b, events)
        elif kind == Kind.BUST:
            home.bust(self, s, events)
            home.after_ward(self, events)
        elif kind == Kind.PAY:
            self.pantry[action.a] -= 1
            self.pending[3] -= 1
            events.append(Event("pay", {"seat": s, "human": A.HUMANS[action.a]}))
            powers.pay_or_ask(self, events)
        elif kind == Kind.DONE:
            city.place_next(self, events)
        elif kind == Kind.PLACE:
            city.place(self, OUR_HOUSE, action.a, events)
            self.cursor += 1
            city.place_next(self, events)
        elif kind == Kind.CAPTURE:
            city.capture(self, OUR_HOUSE, action.a, action.b, events)
            self.cursor += 1
            city.capture_next(self, events)
        elif kind == Kind.CLAIM:
            card = min(c for c in self.pool if self.kind(c) == action.a)
            self.pool.remove(card)
            dining.give(self, s, card)
            events.append(Event("claim", {"seat": s, "card": A.POWERS[action.a]}))
            self.draft_index += 1
            dining.draft_next(self, events)
        elif kind == Kind.EAT:
            if not dining.eat(self, s, events):
                self.dine_index += 1
                dining.dine_next(self, events)
        elif kind == Kind.BLAME:
            dining.blame(self, s, action.a, events)
            self.dine_index += 1
            dining.dine_next(self, events)
        else:  # CHOOSE
            self._choose(s, action.a, events)
        return events

    def _why_illegal(self, action: object) -> str:
        if not isinstance(action, ClanAction):
            raise TypeError(f"{action!r} is not a clan game action")  # a wrong type: no move at all
        legal = ", ".join(map(str, self.legal_actions()))
        phase = PHASE_NAMES[self.phase]
        if action.kind == Kind.PLAY and self.phase in (TURN, CITY_CARDS, DINING):
            power = self.data.powers[action.a]
            if action.a not in self.hand_kinds(self.turn):
                return f"seat {self.turn} holds no {power.name}; legal: {legal}"
            now = {TURN: "home", CITY_CARDS: "city", DINING: "dining"}[self.phase]
            if power.phase != now or action.a == WARD_CARD:
                when = (
                    "when a card would bust you" if action.a == WARD_CARD else f"in the {power.phase} phase"
                )
                return f"a {power.name} is played {when}, not now; legal: {legal}"
            if power.cost > sum(self.pantry):
                return f"a {power.name} costs {power.cost} human(s) and the pantry holds {sum(self.pantry)}"
        if action.kind == Kind.HIT and self.phase == TURN and not self.table.can_deal():
            return "no card is left to deal: you can only hold"
        return f"{action} is not legal now (phase {phase}, seat {self.turn}); legal: {legal}"

    def _rng(self) -> random.Random:
        rng = stream(self.seed, self.counter)
        self.counter += 1
        return rng

    # ------------------------------------------------------ choosing characters
    def _choose(self, s: int, character: int, events: list[Event]) -> None:
        self.characters[s] = character
        events.append(Event("choose", {"seat": s, "character": A.CHARACTERS[character]}))
        nxt = (s + 1) % self.n
        if self.characters[nxt] < 0:
            self.turn = nxt
            return
        self._choose_head(events)
        self.begin(events)

    def _choose_head(self, events: list[Event]) -> None:
        """One of the unchosen characters becomes the Head of House, at random."""
        left = sorted(set(range(len(self.data.characters))) - set(self.characters))
        self.head = choice(self._rng(), left)
        events.append(Event("head", {"character": A.CHARACTERS[self.head], "leadership": self.head_score}))

    def begin(self, events: list[Event], keep_pantry: bool = False) -> None:
        """Characters chosen: the pre-game, or (with no pre-game) the main game."""
        if self.game.options["pregame"] > 0:
            events.append(Event("stage", {"stage": "pre-game", "target": self.game.options["pregame"]}))
            home.home_start(self, events)
        else:
            self._main_start(events, keep_pantry)

    def _main_start(self, events: list[Event], keep_pantry: bool = False) -> None:
        self.main = True
        if not keep_pantry:
            # one human of each household member's diet (C10)
            self.pantry = [0] * len(self.data.humans)
            for member in range(self.n + 1):
                self.pantry[self.diet(member)] += 1
        events.append(Event("stage", {"stage": "main", "pantry": self.pantry_json()}))
        home.home_start(self, events)

    def clan_name(self, clan: int) -> str:
        return "our house" if clan == OUR_HOUSE else self.data.rivals[clan - 1]

    # ------------------------------------------------------------ end of round
    def _round_end(self, events: list[Event]) -> None:
        self.hungry = [not fed for fed in self.fed]
        events.append(Event("round-end", {"round": self.round, "hungry": list(self.hungry)}))
        # a challenger who won this round's Home phase, and was fed at its dinner, overthrows the Head
        winners = self.history[-1]["winners"] if self.history else []
        assert isinstance(winners, list)
        rising = [
            s
            for s in self.players_by_leadership()
            if s in winners and self.challengers[s] and not self.hungry[s]
        ]
        if rising:
            self.usurper = rising[0]
            events.append(
                Event("takeover", {"seat": self.usurper, "leadership": self.leadership[self.usurper]})
            )
            self._finish(1, events)
        elif self.uprising:
            self._finish(2, events)
        elif self.round >= self.game.options["rounds"]:
            self._finish(3, events)
        else:
            home.home_start(self, events)

    def _finish(self, reason: int, events: list[Event]) -> None:
        self.end = reason
        self.phase = OVER
        events.append(
            Event(
                "game-over",
                {"reason": END_REASONS[reason], "scores": self.scores(), "ranking": self.ranking()},
            )
        )

    # ------------------------------------------------------------------ events
    def opening_events(self) -> list[Event]:
        if self.phase == CHOOSE and all(c < 0 for c in self.characters):
            return [Event("choose-start", {"first": self.turn, "characters": list(A.CHARACTERS)})]
        return []

    def pantry_json(self) -> dict[str, JSON]:
        return {A.HUMANS[h]: count for h, count in enumerate(self.pantry)}

    def get_game(self) -> Clan:
        return self.game

    # ------------------------------------------------------------------ copies
    def clone(self) -> ClanState:
        new = ClanState(self.game, blank=True)
        for name in _PLAIN:
            setattr(new, name, getattr(self, name))
        for name in _LISTS:
            setattr(new, name, list(getattr(self, name)))
        new.table = self.table.clone()
        new.city = [list(row) for row in self.city]
        new.meeples = [list(row) for row in self.meeples]
        new.hands = [list(h) for h in self.hands]
        new.history = list(self.history)  # entries are never changed once written
        return new

    # ----------------------------------------------------- views and worlds
    def view(self, seat: int | None) -> dict[str, JSON]:
        return build_view(self, seat)

    def sample_world(self, seat: int, rng: random.Random) -> ClanState:
        from .sampling import sample_world

        return sample_world(self, seat, rng)

    def to_json(self) -> dict[str, JSON]:
        from .serialize import state_to_json

        return state_to_json(self)

    def __repr__(self) -> str:
        stage = f"round {self.round}" if self.main else f"pre-game round {self.pregame_round}"
        return f"<ClanState {stage} phase={PHASE_NAMES[self.phase]} turn={self.turn}>"


_PLAIN = (
    "game", "data", "n", "seed", "counter", "head", "main", "pregame_round", "round", "head_score",
    "house_total", "meter", "fired", "uprising", "phase", "turn", "house_score", "city_seat", "cursor",
    "draft_step", "draft_index", "dine_index", "usurper", "end", "_legal",
)  # fmt: skip
_LISTS = (
    "characters", "leadership", "board", "hungry", "bonus", "pantry", "power_deck", "power_discard",
    "pool", "pending", "ward", "scores_now", "order", "meeples_left", "claim_left", "claimers",
    "draft_busted", "dine_order", "fed", "challengers",
)  # fmt: skip
