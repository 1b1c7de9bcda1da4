"""Trade offers at any time, for games whose states trade outside the turn (``core.trading.Trading``:
MegaCorps).

Offers are moves of the game, judged by the rules: making one, withdrawing it, answering it and its
expiry are actions of the seat that makes them, stored and recorded like any other (``@seat
propose ...``), so a restart or a replay keeps every offer.  A seat reaches them only through their
own messages (``offer``, ``withdraw``, ``reply``: messages.py), from which the server builds the
game's move with the ``Trading`` methods; an action message naming such a move is refused like any
text that is not one of the seat's choices (``core.protocol.offered``).

The players' lists hold the offers made on a turn too (R-MC30: ``offer``, answered at once by
``trade``), numbered -1, -2, ... in the order they were sent, so that a seat reads every offer made
by it or to it in one list; they have no promise, no countdown and no withdrawal, and their answer
is the receiver's question (its ``accept`` or ``decline``).

This module keeps what the rules do not: each offer's promise (a note between its two players,
stored with its action, never part of the game's record), when it was made (a timed table lets an
open offer expire after four response windows, applying the game's ``expire`` move for the
receiver), how each closed (for the players' lists), and a limit on how many offers a seat makes a
minute.  An offer at any time to a bot account's seat is refused: its program answers what its
seat is asked, over the table's socket, and no such offer would ever be answered (docs/bots.md).
A bot (or the takeover bot of an absent seat) answers an offer made to it, deciding on the
game's question for that offer (``Trading.trade_question``) from its own view; when it declines, it
says why in a line (its agent's ``explain``: what the things in the offer are worth to it) to the
offer's maker alone, at once (a ``notice``) and as the offer's ``reason`` in the maker's list (the
answer's note, stored with it as a promise is with an offer).  Everything here is
rebuilt from the stored actions and their events when a table is loaded.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..agents import observe
from ..core.errors import IllegalAction
from ..core.protocol import JSON, Event, State
from ..core.trading import Trading
from . import bots
from .bots import bot_seed
from .limits import Limiter
from .messages import dumps
from .refused import Refused
from .scheduler import Busy

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger("tabletop.server")

OPEN, ACCEPTED, DONE = "open", "accepted", "done"
PER_MINUTE = 12  # offers a seat may make in a minute
KEEP_CLOSED = 10  # closed offers each seat still sees
WINDOWS = 4  # an open offer expires after this many response windows (timed tables)
TURN_KINDS = frozenset(("offer", "offer-cards", "trade"))  # an offer made on a turn (R-MC30)
NO_TRADES = "it answers what its seat is asked, and no offer made at any time (docs/bots.md)"


@dataclass
class Kept:
    """An offer as the server lists it to its two players (from the game's events)."""

    id: int
    frm: int
    to: int
    give: list[str]  # as its two players see it (event cards named)
    ask: list[str]
    note: str
    at: float
    status: str = OPEN
    reason: str | None = None
    turn: bool = False  # made on the maker's turn (R-MC30): answered as the receiver's question

    def to_json(self, now: float, ends: float | None, reader: int | None = None) -> dict[str, JSON]:
        """The offer as ``reader`` lists it: a declined offer's reason (a bot's) only to its maker."""
        return {
            "id": self.id,
            "from": self.frm,
            "to": self.to,
            "give": list(self.give),
            "ask": list(self.ask),
            "note": self.note,
            "status": self.status,
            "reason": self.reason if self.status != "declined" or reader == self.frm else None,
            "at": self.at,
            "ends": ends if self.status == OPEN else None,
            "now": now,
            "turn": self.turn,
        }


class Offers:
    """A table's offers as its players list them, kept up to date from the game's events."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.items: list[Kept] = []  # oldest first
        self.in_turn: Kept | None = None  # the offer made on a turn that waits for its answer
        self.turns = 0  # offers made on a turn so far (numbered -1, -2, ...)
        self.made = Limiter(PER_MINUTE, 60.0, room.hub.settings.clock)

    @property
    def trading(self) -> bool:
        return isinstance(self.room.state, Trading)

    def _state(self) -> Trading[Any]:
        state = self.room.state
        if not isinstance(state, Trading):
            raise Refused("no-trading", "players do not trade outside their turn in this game")
        return state

    # -- what happened ---------------------------------------------------------------------------
    def see(self, events: list[Event], at: float, note: str | None) -> set[int]:
        """The events of an action taken at ``at`` (with a promise ``note`` if it made an offer);
        returns the seats whose offers changed."""
        changed: set[int] = set()
        for event in events:
            data = event.data
            kind = event.kind
            if kind == "proposal":
                offer = Kept(
                    data["id"],
                    data["seat"],
                    data["to"],
                    list(data["give"]),
                    list(data["ask"]),
                    note or "",
                    at,
                )
                self.items.append(offer)
            elif kind in ("proposal-cards", "offer-accepted", "swap", "offer-closed") and (
                found := self.find(data.get("id"))
            ):
                offer = found
                if kind == "proposal-cards":
                    offer.give = list(data["give"])
                elif kind == "offer-accepted":
                    offer.status = ACCEPTED
                elif kind == "swap":
                    offer.status = DONE
                else:
                    offer.status, offer.reason = data["status"], data.get("reason")
                    if offer.status == "declined" and note:  # a bot's reason (``decline_reason``)
                        offer.reason = note
            elif kind in TURN_KINDS and self.trading:
                found_turn = self._turn_offer(kind, data, at)
                if found_turn is None:
                    continue
                offer = found_turn
            else:
                continue
            changed.update((offer.frm, offer.to))
        return changed

    def _turn_offer(self, kind: str, data: Mapping[str, Any], at: float) -> Kept | None:
        """An offer made on a turn: sent (``offer``, its event cards for its two players in
        ``offer-cards``), then answered (``trade``)."""
        if kind == "offer":
            self.turns += 1
            offer = Kept(-self.turns, data["seat"], data["to"], list(data["give"]), list(data["ask"]), "", at)
            offer.turn = True
            self.items.append(offer)
            self.in_turn = offer
            return offer
        waiting = self.in_turn
        if waiting is None:
            return None
        if kind == "offer-cards":
            waiting.give = list(data["give"])
        else:
            waiting.status = DONE if data["accepted"] else "declined"
            self.in_turn = None
        return waiting

    def find(self, number: Any) -> Kept | None:
        for offer in reversed(self.items):  # the newest are answered most
            if offer.id == number:
                return offer
        return None

    def for_seat(self, seat: int | None) -> list[dict[str, JSON]]:
        """The offers ``seat`` made or received: every open or accepted one, the last closed ones."""
        if seat is None:
            return []
        now = self.room.now()
        mine = [o for o in self.items if seat in (o.frm, o.to)]
        live = [o for o in mine if o.status in (OPEN, ACCEPTED)]
        closed = [o for o in mine if o.status not in (OPEN, ACCEPTED)][-KEEP_CLOSED:]
        return [o.to_json(now, self.ends(o), seat) for o in sorted(live + closed, key=lambda o: o.id)]

    def send(self, seats: set[int]) -> None:
        """The seats' lists changed: to their connections."""
        for seat in seats:
            group = self.room.conns.get(seat)
            if group:
                text = dumps({"type": "offers", "offers": self.for_seat(seat)})
                for conn in list(group):
                    conn.send(text)

    # -- requests from the seats ------------------------------------------------------------
    async def offer(self, seat: int | None, to: int, give: list[str], ask: list[str], note: str) -> None:
        trader = self._trader(seat)
        if 0 <= to < len(self.room.seats) and self.room.seats[to].user_id in self.room.hub.bot_accounts:
            raise Refused("bad-offer", f"{self.room.seats[to].name} is a bot program: {NO_TRADES}")
        try:
            action = self._state().offer_action(to, give, ask)
        except IllegalAction as err:
            raise Refused("bad-offer", str(err)) from None
        wait = self.made.blocked(str(trader))
        if wait:
            raise Refused("offer-limit", f"too many offers; wait {int(wait) + 1} s before the next")
        await self._move(trader, action, note or None)
        self.made.note(str(trader))

    async def take_back(self, seat: int | None, offer: int) -> None:
        trader = self._trader(seat)
        await self._move(trader, self._state().withdraw_action(offer))

    async def answer(self, seat: int | None, offer: int, accept: bool) -> None:
        trader = self._trader(seat)
        await self._move(trader, self._state().answer_action(offer, accept))

    def _trader(self, seat: int | None) -> int:
        if seat is None:
            raise Refused("spectator", "spectators do not trade")
        self._state()
        if self.room.seats[seat].left:
            raise Refused("left", "you left this game")
        return seat

    async def _move(self, seat: int, action: Any, note: str | None = None) -> None:
        room = self.room
        async with room.lock:
            await room.come_back(seat)
            try:
                await room.submit_anytime(seat, action, note)
            except Refused as err:
                if err.code == "illegal":
                    raise Refused("bad-offer", err.message) from None
                raise
        room.schedule_bot()

    # -- clocks -------------------------------------------------------------------------------------
    def ends(self, offer: Kept) -> float | None:
        control = self.room.clocks.control
        if offer.status != OPEN or offer.turn or not control.timed:
            return None
        return offer.at + WINDOWS * control.window

    def next_deadline(self) -> float | None:
        found = [e for o in self.items if (e := self.ends(o)) is not None]
        return min(found) if found else None

    async def expire(self, now: float) -> int:
        """Open offers past their time expire: the game's ``expire`` move, for the receiver (the
        room's lock is held); returns how many."""
        late = [o for o in self.items if (e := self.ends(o)) is not None and e <= now]
        for offer in late:
            try:
                await self.room.submit_anytime(offer.to, self._state().expire_action(offer.id), auto=True)
            except Refused as err:
                log.error("table %s: offer %d could not expire: %s", self.room.id, offer.id, err.message)
                offer.status = "void"  # never tried again
        return len(late)

    # -- bots --------------------------------------------------------------------------------------
    def consult_bots(self) -> None:
        """Each open offer to a seat a bot plays gets the bot's answer, decided off the loop."""
        room = self.room
        if not self.items or not room.hub.runs(room):
            return
        for offer in self.items:
            if offer.turn:
                continue  # answered as the receiver's question, by its bot like any other
            if offer.status == OPEN and room.bot_plays(offer.to) and offer.id not in room.consulting:
                room.consulting.add(offer.id)
                task = asyncio.get_running_loop().create_task(self._consult(offer), name=f"offer-{offer.id}")
                room.background.add(task)
                task.add_done_callback(room.background.discard)

    def tell(self, seat: int, text: str) -> None:
        """A line for ``seat``'s connections alone (a ``notice``, which the page shows at once)."""
        told = dumps({"type": "notice", "code": "declined", "text": text})
        for conn in list(self.room.conns.get(seat) or ()):
            conn.send(told)

    async def _consult(self, offer: Kept) -> None:
        room = self.room
        try:
            async with room.lock:
                try:
                    question = self._state().trade_question(offer.id)
                except IllegalAction:
                    return  # closed meanwhile
                row = room.seats[offer.to]
                level = row.level if row.kind == "bot" and row.level else room.takeover
                seed = bot_seed(room.record.seed, room.step, offer.to) ^ offer.id
            try:  # queued with every table's bot decisions (scheduler.py)
                answer = await room.hub.scheduler.decide(room, question, offer.to, level, seed)
            except Busy:
                return  # too many decisions waiting: asked again after the next action
            async with room.lock:
                if offer.status == OPEN and room.bot_plays(offer.to) and not room.over:
                    move = self._state().answer_action(offer.id, answer == "accept")
                    why = decline_reason(question, offer.to, level, seed) if answer == "decline" else None
                    try:  # the reason is stored with the answer, as a promise is with an offer
                        await room.submit_anytime(offer.to, move, why, auto=True)
                        if why is not None:
                            self.tell(offer.frm, f"{room.names()[offer.to]} declines: {why}.")
                    except Refused as err:  # not possible now: it declines instead
                        log.info("table %s: offer %d: %s", room.id, offer.id, err.message)
                        if answer == "accept":
                            await room.submit_anytime(
                                offer.to, self._state().answer_action(offer.id, False), auto=True
                            )
        finally:
            room.consulting.discard(offer.id)


def decline_reason(question: State[Any], seat: int, level: str, seed: int) -> str | None:
    """Why the bot at ``level`` declines the offer ``question`` asks ``seat`` about (its answer
    step), in its own words (``Agent.explain``, from ``seat``'s observation alone: what the things
    in the offer are worth to it); None when it says nothing, or cannot."""
    try:
        obs = observe(question, seat)
        declining = next(a for a in obs.legal if str(a) == "decline")
        return bots.agent_for(level, seed).explain(obs, declining)
    except Exception:
        log.exception("a bot's reason for declining could not be worked out")
        return None
