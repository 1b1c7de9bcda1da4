"""Summon 7's state machine: rounds of hit or hold, leadership and house totals, the dealer rule.

One :class:`Summon7State` is one position.  ``apply`` checks the action against
``legal_actions`` (the one source of legality), mutates the state in place and returns the
events.  Randomness comes only from the ``(seed, counter)`` stream the state carries.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.errors import IllegalAction
from ...core.protocol import JSON, Event, State
from ...core.rng import stream
from .actions import HIT, HOLD, Action
from .cards import CARD_VALUE
from .table import ACTIVE, BUSTED, HELD, STATUS_NAMES, Table

if TYPE_CHECKING:
    from .game import Summon7

PLAY, OVER = 0, 1
PHASE_NAMES = ("play", "over")


def sort_board(board: list[int], score: list[int]) -> list[int]:
    """The leaderboard, highest first; equal scores keep their previous order (a magnet that
    reached a total first stays above one that only catches up)."""
    return sorted(board, key=lambda member: -score[member])


class Summon7State(State[Action]):
    __slots__ = (
        "_legal",
        "board",
        "counter",
        "game",
        "history",
        "house_total",
        "leadership",
        "n",
        "phase",
        "round",
        "seed",
        "table",
    )

    game: Summon7

    def __init__(self, game: Summon7, blank: bool = False) -> None:
        self.game = game
        if blank:  # a copy: clone() sets every field (a compiled class has no __new__)
            return
        self.n = n = game.players
        self.seed = 0
        self.counter = 0
        self.table = Table(n)
        self.leadership = [0] * n
        self.house_total = 0
        self.round = 0  # the round in play, from 1
        self.board = list(range(n))  # the leaderboard: seats, highest leadership first
        self.phase = PLAY
        # one entry per finished round: totals, who busted, the winners
        self.history: list[dict[str, JSON]] = []
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ info
    @property
    def current_seat(self) -> int | None:
        return None if self.phase == OVER else self.table.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return list(self.leadership)

    def ranking(self) -> list[int]:
        """By leadership total; equal totals share the place."""
        return [1 + sum(1 for other in self.leadership if other > mine) for mine in self.leadership]

    def rounds_played(self) -> int:
        """Rounds begun so far (for the simulator's game lengths)."""
        return self.round

    def totals(self) -> list[int]:
        return [self.table.card_total(s) for s in range(self.n)]

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.phase == OVER:
            return []
        # no card left anywhere (every card on the table): the player can only hold
        return [HIT, HOLD] if self.table.can_deal() else [HOLD]

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        self.check_seat(seat)
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        events: list[Event] = []
        s = self.table.turn
        if action is HIT or action == HIT:
            self._hit(s, events)
        else:
            self._hold(s, events)
        if not self.table.advance():
            self._end_round(events)
        return events

    def _why_illegal(self, action: object) -> str:
        if not isinstance(action, Action):
            raise TypeError(f"{action!r} is not a Summon 7 action")  # a wrong type: no move at all
        if action == HIT:
            return "no card is left to deal (every card is on the table): you can only hold"
        return f"{action} is not legal now"

    def _rng(self) -> random.Random:
        rng = stream(self.seed, self.counter)
        self.counter += 1
        return rng

    def _hit(self, s: int, events: list[Event]) -> None:
        t = self.table
        card = t.deal(s, False, self._rng, events)
        assert card is not None  # hit is legal only when a card can be dealt
        busts = t.busts(s, card)
        t.cards[s].append(card)
        events.append(Event("card", {"seat": s, "value": CARD_VALUE[card], "first": False}))
        if busts:
            t.status[s] = BUSTED
            events.append(Event("bust", {"seat": s, "value": CARD_VALUE[card], "total": t.card_total(s)}))

    def _hold(self, s: int, events: list[Event]) -> None:
        t = self.table
        t.status[s] = HELD
        total = t.card_total(s)
        self.house_total += total  # the house total, not the player's leadership
        events.append(Event("hold", {"seat": s, "total": total, "house_total": self.house_total}))

    # -------------------------------------------------------------- rounds
    def start(self, seed: int, dealer: int) -> list[Event]:
        self.seed = seed
        # the leaderboard starts in seat order from the first dealer (all at 0, unless a set-up
        # gave totals)
        self.board = sort_board([(dealer + k) % self.n for k in range(self.n)], self.leadership)
        events: list[Event] = []
        self._start_round(dealer, events)
        return events

    def _start_round(self, dealer: int, events: list[Event]) -> None:
        self.round += 1
        events.append(Event("round", {"round": self.round, "dealer": dealer}))
        self.table.start_round(dealer, [False] * self.n, self._rng, events)

    def opening_events(self) -> list[Event]:
        """The first deal, while nothing has been played yet."""
        t = self.table
        fresh = all(len(c) == 1 for c in t.cards) and t.status == [ACTIVE] * self.n
        if self.round != 1 or not fresh or self.phase == OVER or t.turn != (t.dealer + 1) % self.n:
            return []
        events = [Event("round", {"round": 1, "dealer": self.table.dealer})]
        for s in self.table.order_from_dealer():
            events.append(
                Event("card", {"seat": s, "value": CARD_VALUE[self.table.cards[s][0]], "first": True})
            )
        return events

    def _end_round(self, events: list[Event]) -> None:
        t = self.table
        totals = self.totals()
        winners = t.winners(totals)
        for w in winners:
            self.leadership[w] += totals[w]
        self.board = sort_board(self.board, self.leadership)
        busted = [t.status[s] == BUSTED for s in range(self.n)]
        entry: dict[str, JSON] = {
            "round": self.round,
            "dealer": t.dealer,
            "totals": totals,
            "busted": busted,
            "winners": winners,
        }
        self.history.append(entry)
        events.append(
            Event(
                "round-end",
                {**entry, "leadership": list(self.leadership), "house_total": self.house_total},
            )
        )
        t.collect()  # every dealt card to the discard pile, at the end of the round
        target = self.game.options["target"]
        if max(self.leadership) >= target or self.round >= self.game.options["max_rounds"]:
            self.phase = OVER
            events.append(Event("game-over", {"scores": self.scores(), "ranking": self.ranking()}))
            return
        self._start_round(self.dealer_for_next_round(), events)

    def dealer_for_next_round(self) -> int:
        """The player with the highest leadership total; on equal totals the one higher on the
        leaderboard (who got there first; at the start, the first dealer)."""
        return self.board[0]

    def get_game(self) -> Summon7:
        return self.game

    # -------------------------------------------------------------- copies
    def clone(self) -> Summon7State:
        new = Summon7State(self.game, blank=True)
        new.n, new.seed, new.counter = self.n, self.seed, self.counter
        new.table = self.table.clone()
        new.leadership = list(self.leadership)
        new.house_total, new.round, new.phase = self.house_total, self.round, self.phase
        new.board = list(self.board)
        new.history = list(self.history)  # entries are never changed once written
        new._legal = self._legal
        return new

    # ----------------------------------------------------- views and worlds
    def view(self, seat: int | None) -> dict[str, JSON]:
        from .view import build_view

        return build_view(self, seat)

    def sample_world(self, seat: int, rng: random.Random) -> Summon7State:
        from .sampling import sample_world

        return sample_world(self, seat, rng)

    def to_json(self) -> dict[str, JSON]:
        from .serialize import state_to_json

        return state_to_json(self)

    def __repr__(self) -> str:
        cards = [self.table.values(s) for s in range(self.n)]
        statuses = [STATUS_NAMES[x] for x in self.table.status]
        return f"<Summon7State round={self.round} turn={self.table.turn} cards={cards} status={statuses}>"


__all__ = ["ACTIVE", "BUSTED", "HELD", "OVER", "PLAY", "Summon7State", "sort_board"]
