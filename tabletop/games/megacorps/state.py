"""MegaCorps' state machine: rounds of one Action per player, with decisions by other players.

One :class:`MegaCorpsState` is one position.  Several seats may be asked at once (``to_act``):
the sealed bids of an auction and the sealed votes of an election, made in any order, none seen
before the reveal.  Every other decision is asked of one seat at a time, in the order
docs/architecture.md gives (the veto, the price of a mercenary, the war's donation window, the
payout's event window, trade offers and their answers).  ``apply`` checks the action against
``legal_actions_for`` (the one source of legality), mutates the state and returns the events.

The flow lives in flow.py (rounds, set-up, the end, leaving), the Actions in moves.py, wars in
war.py, event cards in cards.py, auctions and elections in sealed.py, in-turn trades in trade.py,
and offers made at any time (the ``Trading`` protocol: moves of any seat, never listed) in
offers.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.errors import IllegalAction
from ...core.protocol import JSON, Event, State
from ...core.rng import stream
from . import legal, offers, preview, resolve, windows
from .actions import Action
from .board import TALLY
from .phases import OVER, SEALED, TURN
from .view import build_view, build_views

if TYPE_CHECKING:
    from .game import MegaCorps


class MegaCorpsState(State[Action]):
    __slots__ = (
        "_legal",
        "_legal_seat",
        "_legal_texts",
        "active",
        "box",
        "card",
        "clones",
        "corps",
        "counter",
        "country_owner",
        "deck",
        "discard",
        "donors",
        "draft_ask",
        "draft_give",
        "draft_left",
        "first_active",
        "game",
        "government",
        "hands",
        "known",
        "lap_changed",
        "laps",
        "left",
        "lent",
        "mercs",
        "money",
        "n",
        "next_offer",
        "offer_to",
        "offers",
        "offers_left",
        "order",
        "owner",
        "paid",
        "passed",
        "payout_after",
        "payout_done",
        "payout_industry",
        "payout_modifier",
        "payout_slot",
        "pending",
        "phase",
        "price",
        "round",
        "sale",
        "sealed",
        "seat",
        "seed",
        "sellers",
        "start_owner",
        "tally",
        "target",
        "turn",
        "vetoed",
        "war_defender",
        "war_totals",
        "winners",
    )

    game: MegaCorps

    def __init__(self, game: MegaCorps) -> None:
        self.game = game
        self.n = n = game.players
        self.seed = 0
        self.counter = 0
        self.corps = list(range(n))  # the corporation each seat plays (index in the data)
        self.money = [0] * n
        self.mercs = [0] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]  # event cards, secret
        self.deck: list[int] = []  # secret, the top card last
        self.box: list[int] = []  # the cards left out of this game, unseen by all
        self.discard: list[int] = []  # played cards, public
        # what one seat knows of another's hand: (viewer, holder, card) flattened, for event cards
        # shown in an offer; a fact goes when its card moves again
        self.known: list[int] = []
        self.owner = game.board.initial_owners()  # per company: a seat or a marker (board.py)
        self.country_owner = [-1] * len(game.board.countries)
        self.government = [c.government for c in game.board.countries]
        self.left = [False] * n  # seats that left the game
        self.round = 0
        self.active = 0  # the seat holding the Active Player card
        self.turn = 0  # the seat whose Action it is
        self.order: list[int] = []  # the seats still to take their Action this round, the next first
        self.paid = -1  # the seat holding the Paid card
        self.payout_done = False  # a Payout Industry Action was taken this round
        self.clones = False  # Clone Soldiers was played
        self.phase = OVER
        self.seat = 0  # the seat asked now (all phases but the sealed ones)
        self.draft_left = 0  # set-up company picks still to make
        # the decision in progress (which of these matter depends on the phase)
        self.target = -1  # a company (buy, veto), a country (war, auction, election) ...
        self.card = -1  # the event card being resolved
        self.vetoed: list[int] = []  # companies vetoed for the buyer this turn
        self.sellers: list[int] = []  # Defense/Biotech companies whose owners are still to be asked
        self.price = 0
        self.war_defender = -1  # the owner of the attacked country, -1 when unowned
        self.lent = 0  # mercenaries given to an unowned country's defence
        self.war_totals = [0, 0]  # the attack and defence totals of the war just fought
        self.donors: list[int] = []  # seats still to be asked in this lap of the donation window
        self.laps = 0
        self.lap_changed = False
        self.sale: list[int] = []  # [seller, side (0 attacker, 1 defender), price] of a war sale
        self.payout_industry = -1
        self.payout_modifier = 0
        self.payout_slot = 0  # +1 Oversupply or -1 Shortages just played, 0 neither
        self.payout_after = 0  # 0: the turn ends after the payout, 1: the turn goes on (an event)
        self.pending: list[int] = []  # seats still to be asked (payout window, sealed choices)
        self.sealed: list[int] = []  # per seat: the sealed bid or vote, -1 none yet, -2 abstain
        self.offer_to = -1
        self.offers_left = 0
        self.draft_give: list[int] = []  # the offer being composed (trade.py encodes the items)
        self.draft_ask: list[int] = []
        self.offers: list[offers.Offer] = []  # the offers made at any time still open (offers.py)
        self.next_offer = 1  # the number the next one gets
        self.winners: list[int] = []
        self._legal: list[Action] = []  # the choices of seat _legal_seat, until the next action
        self._legal_texts: list[str] = []  # and their texts
        self._legal_seat = -1
        self.first_active = 0  # the Active Player of the first round (for the simulator)
        self.passed = False  # the Active Player card passed this round, its holder left (R-MC31)
        self.start_owner: list[int] = []  # each country's owner when play began (for the simulator)
        self.tally = [0] * len(TALLY)  # what happened in the game, counted (for the simulator)

    # ------------------------------------------------------------------ reading
    @property
    def current_seat(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase in SEALED:
            return self.pending[0]
        return self.seat

    def to_act(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase in SEALED:
            return tuple(self.pending)
        return (self.seat,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def in_game(self) -> list[int]:
        """The seats still playing, clockwise from seat 0."""
        return [s for s in range(self.n) if not self.left[s]]

    def rng(self) -> random.Random:
        """A fresh generator for one random event (the deal, a reshuffle)."""
        self.counter += 1
        return stream(self.seed, self.counter)

    def legal_actions(self) -> list[Action]:
        seat = self.current_seat
        return [] if seat is None else legal.asked(self, seat)

    def legal_actions_for(self, seat: int) -> list[Action]:
        """The choices of the decision ``seat`` is asked now (empty when it is not asked)."""
        if seat not in self.to_act():
            return []
        if seat != self._legal_seat:
            self._ask(seat)
        return list(self._legal)

    def legal_texts_for(self, seat: int) -> list[str]:
        """The texts of ``legal_actions_for(seat)``, in a new list."""
        return list(self._ask(seat)) if seat in self.to_act() else []

    def _ask(self, seat: int) -> list[str]:
        """The texts of ``seat``'s choices (it is asked), worked out once until the next action."""
        if seat != self._legal_seat:
            self._legal = found = legal.asked(self, seat)
            self._legal_texts = [a.text for a in found]
            self._legal_seat = seat
        return self._legal_texts

    def neutral_action(self, seat: int) -> Action | None:
        """The answer closing a response window when its time runs out (windows.py, R-MC34)."""
        return windows.neutral_action(self, seat)

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Play ``action`` for ``seat`` (default: the current seat).  Besides the choices it is
        asked, a seat still in the game may always ``leave`` (MC103): like resigning in chess, it is
        never offered among the choices, so that no bot or random player does it by chance; and
        any seat may make its moves about offers at any time (offers.py, R-MC33), never listed
        either.  Accepted offers are carried out as soon as a trade is open."""
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        current = self.current_seat
        acting = current if seat is None else seat
        assert acting is not None
        if not isinstance(action, Action):
            raise TypeError(f"{action!r} is not a MegaCorps action")  # a wrong type: no move at all
        out: list[Event] = []
        if offers.is_move(action):  # checked by offers.py; the state unchanged when refused
            offers.apply_move(self, acting, action, out)
        else:
            if action.kind == "leave":
                if type(acting) is not int or not 0 <= acting < self.n or self.left[acting]:
                    raise IllegalAction(f"seat {acting} is not in the game")
            elif acting not in self.to_act():
                raise IllegalAction(f"it is seat {current}'s turn to decide, not seat {acting}'s")
            elif action.text not in self._ask(acting):  # texts: compared in C, unlike actions
                raise IllegalAction(f"{action} is not allowed now: {legal.why_not(self, acting, action)}")
            resolve.apply(self, acting, action, out)
        self._legal_seat = -1
        if self.offers and self.phase == TURN:
            offers.carry_out(self, out)
        return out

    # ------------------------------------------------------------------ offers at any time (R-MC33)
    def offer_action(self, receiver: int, give: Sequence[str], ask: Sequence[str]) -> Action:
        """``propose <receiver> <give>/<ask>``, the move of the seat making the offer (see
        ``core.trading.Trading``); IllegalAction when the items cannot be written."""
        return offers.offer_action(receiver, give, ask)

    def withdraw_action(self, offer: int) -> Action:
        return offers.numbered("withdraw", offer)

    def answer_action(self, offer: int, accept: bool) -> Action:
        return offers.numbered("accept" if accept else "decline", offer)

    def expire_action(self, offer: int) -> Action:
        return offers.numbered("expire", offer)

    def open_offers(self, seat: int | None) -> list[dict[str, JSON]]:
        """The offers open now, as ``seat`` sees them (their cards only to their two players)."""
        return offers.seen(self, seat)

    def trade_question(self, offer: int) -> MegaCorpsState:
        """A copy where the receiver of ``offer`` answers it in the ANSWER step (accept or decline)."""
        return offers.trade_question(self, offer)

    def opening_events(self) -> list[Event]:
        """The set-up of a fresh game: who plays which corporation, the Active Player, the countries
        held at the start, and each seat's starting event cards (privately, its own)."""
        game = self.game
        board = game.board
        countries = {
            c.code: self.country_owner[k] for k, c in enumerate(board.countries) if self.country_owner[k] >= 0
        }
        corps = [game.data.corporations[c].code for c in self.corps]
        events = [Event("setup", {"corporations": corps, "active": self.active, "countries": countries})]
        for seat in range(self.n):
            events.append(Event("start-cards", {"seat": seat, "count": len(self.hands[seat])}))
            for card in self.hands[seat]:
                events.append(Event("drew", {"seat": seat, "card": board.card_code(card)}, (seat,)))
        return events

    # ------------------------------------------------------------------ for the simulator
    def rounds_played(self) -> int:
        return self.round

    def game_facts(self) -> dict[str, int]:
        return dict(zip(TALLY, self.tally, strict=True))

    def seat_labels(self) -> dict[str, list[str]]:
        """Each seat's corporation, its printed country and the country drawn for it at set-up."""
        board, data = self.game.board, self.game.data
        corps = [data.corporations[c] for c in self.corps]
        drawn = []
        for seat in range(self.n):
            held = [
                code
                for code in data.economy.drawn_countries
                if self.start_owner[board.country_index[code]] == seat
            ]
            drawn.append("+".join(held) or "none")
        order = [f"{(seat - self.first_active) % self.n + 1}" for seat in range(self.n)]
        return {
            "starting seat": order,  # 1: the first Active Player, 2: the next clockwise ...
            "corporation": [c.code for c in corps],
            "printed country": [c.country or "none" for c in corps],
            "drawn country": drawn,
        }

    # ------------------------------------------------------------------ the end
    def scores(self) -> list[int]:
        return list(self.money)

    def ranking(self) -> list[int]:
        money = [-1 if self.left[s] else m for s, m in enumerate(self.money)]
        return [1 + sum(other > mine for other in money) for mine in money]

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict[str, JSON]:
        return build_view(self, seat)

    def views(self, seats: Sequence[int | None]) -> list[dict[str, JSON]]:
        return build_views(self, seats)

    def previews(self, seat: int) -> dict[str, JSON] | None:
        """What each Action on the board would do, for the seat deciding its turn's Action
        (preview.py); None for any other seat or step."""
        return preview.previews(self, seat)

    def sample_world(self, seat: int, rng: random.Random) -> MegaCorpsState:
        from .sampling import sample_world

        return sample_world(self, seat, rng)

    def get_game(self) -> MegaCorps:
        return self.game

    # ------------------------------------------------------------------ copies and files
    def clone(self) -> MegaCorpsState:
        c = MegaCorpsState(self.game)
        c.seed, c.counter, c.corps = self.seed, self.counter, list(self.corps)
        c.money, c.mercs = list(self.money), list(self.mercs)
        c.hands = [list(h) for h in self.hands]
        c.deck, c.box, c.discard, c.known = (
            list(self.deck),
            list(self.box),
            list(self.discard),
            list(self.known),
        )
        c.owner, c.country_owner = list(self.owner), list(self.country_owner)
        c.government, c.left = list(self.government), list(self.left)
        c.round, c.active, c.turn, c.order = self.round, self.active, self.turn, list(self.order)
        c.paid, c.payout_done, c.clones = self.paid, self.payout_done, self.clones
        c.phase, c.seat, c.draft_left = self.phase, self.seat, self.draft_left
        c.target, c.card, c.vetoed, c.sellers = self.target, self.card, list(self.vetoed), list(self.sellers)
        c.price, c.war_defender, c.lent = self.price, self.war_defender, self.lent
        c.war_totals = list(self.war_totals)
        c.donors, c.laps, c.lap_changed, c.sale = (
            list(self.donors),
            self.laps,
            self.lap_changed,
            list(self.sale),
        )
        c.payout_industry, c.payout_modifier = self.payout_industry, self.payout_modifier
        c.payout_slot, c.payout_after = self.payout_slot, self.payout_after
        c.pending, c.sealed = list(self.pending), list(self.sealed)
        c.offer_to, c.offers_left = self.offer_to, self.offers_left
        c.draft_give, c.draft_ask = list(self.draft_give), list(self.draft_ask)
        c.offers, c.next_offer = [o.copy() for o in self.offers], self.next_offer
        c.winners, c.start_owner, c.tally = list(self.winners), list(self.start_owner), list(self.tally)
        c.first_active, c.passed = self.first_active, self.passed
        return c

    def to_json(self) -> dict[str, JSON]:
        from .serialize import state_to_json

        return state_to_json(self)
