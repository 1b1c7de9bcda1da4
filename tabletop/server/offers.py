"""Trade offers at any time, for games whose states trade outside the turn (``core.protocol.Trading``:
MegaCorps).

An offer lives here, outside the game: making, withdrawing, declining or letting one expire
changes nothing in the game and is seen only by its two seats.  When the receiver accepts, the
game's trade action carries it out, applied for the receiver and recorded like any other action
(``@seat swap ...``), so replays and restarts hold every trade made.  If a trade cannot be
carried out at that moment (something is being decided: a war, an auction...), the accepted
offer waits and is carried out at the next moment between actions, if it is still possible then;
otherwise it becomes void, with the game's reason.  So offers never hold up play.

A bot (or the takeover bot of an absent seat) answers an offer made to it at once, deciding on the
game's question for that offer (``Trading.trade_question``) from its own view.  On a timed table
an open offer expires, declined, after four response windows (``TimeControl.window``).  A server
alone keeps pending offers in memory: a restart forgets them (the trades carried out are in the
record), which only costs a player asking again.  Several server processes on one PostgreSQL
database (cluster.py) keep them in the database instead, written by the process running the table:
the others forward their seats' requests to it, and a process taking the table over carries on.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalAction
from ..core.protocol import JSON
from ..core.trading import Trading
from .bots import bot_seed
from .limits import Limiter
from .messages import dumps
from .refused import Refused
from .scheduler import Busy

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger("tabletop.server")

OPEN, ACCEPTED, DONE, DECLINED, WITHDRAWN, EXPIRED, VOID = (
    "open",
    "accepted",
    "done",
    "declined",
    "withdrawn",
    "expired",
    "void",
)
MAX_OPEN = 6  # open offers a seat may have made at once
PER_MINUTE = 12  # offers a seat may make in a minute
KEEP_CLOSED = 10  # closed offers each seat still sees
WINDOWS = 4  # an open offer expires after this many response windows (timed tables)


@dataclass
class Offer:
    id: int
    frm: int
    to: int
    give: list[str]
    ask: list[str]
    note: str
    at: float
    ends: float | None
    status: str = OPEN
    reason: str | None = None

    def to_json(self, now: float) -> dict[str, JSON]:
        return {
            "id": self.id,
            "from": self.frm,
            "to": self.to,
            "give": list(self.give),
            "ask": list(self.ask),
            "note": self.note,
            "status": self.status,
            "reason": self.reason,
            "at": self.at,
            "ends": self.ends if self.status == OPEN else None,
            "now": now,
        }


class Offers:
    """A table's offers.  With several server processes (cluster.py) the process running the table
    keeps them, and stores them whenever they change; the others forward their seats' requests to
    it and show their seats the stored offers."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.items: list[Offer] = []
        self.next_id = 1
        self.made = Limiter(PER_MINUTE, 60.0, room.hub.settings.clock)
        self.busy = False  # carrying queued trades out (no re-entry from the actions it submits)
        self.loaded = room.hub.cluster is None  # alone, a server starts with none

    # -- several server processes ---------------------------------------------------------------
    def _kept_here(self) -> bool:
        """Whether this process keeps the offers (alone, or running the table: cluster.py)."""
        return self.room.hub.runs(self.room)

    def to_json(self) -> str:
        return json.dumps({"next": self.next_id, "items": [asdict(o) for o in self.items]})

    def take_json(self, data: str) -> None:
        """The offers as stored by the process running the table; sent on to this process's
        seats.  A document that cannot be read changes nothing."""
        try:
            found = json.loads(data)
            items = [Offer(**item) for item in found["items"]]
            next_id = int(found["next"])
        except (ValueError, TypeError, KeyError) as err:
            log.error("table %s: the stored offers cannot be read: %r", self.room.id, err)
            return
        self.items, self.next_id, self.loaded = items, next_id, True
        self._send(*[seat for seat in self.room.conns if seat is not None])

    async def load(self, again: bool = False) -> None:
        """The stored offers, once, or ``again`` when they changed (cluster.py; a server alone has
        them in memory)."""
        if again:
            self.loaded = False
        if self.loaded:
            return
        hub = self.room.hub
        try:
            data = await hub.writer.call(hub.storage.load_offers, self.room.id)
        except Exception as err:
            log.error("table %s: offers not loaded: %r", self.room.id, err)
            return
        if data is None:
            self.loaded = True
        else:
            self.take_json(data)

    async def _forwarded(self, request: dict[str, JSON]) -> bool:
        """Sent to the process running the table, when another one does (cluster.py)."""
        cluster = self.room.hub.cluster
        if cluster is None or self._kept_here():
            return False
        await cluster.forward(self.room, request)
        return True

    @property
    def trading(self) -> bool:
        return isinstance(self.room.state, Trading)

    def _state(self) -> Trading[Any]:
        state = self.room.state
        if not isinstance(state, Trading):
            raise Refused("no-trading", "players do not trade outside their turn in this game")
        return state

    def for_seat(self, seat: int | None) -> list[dict[str, JSON]]:
        """The offers ``seat`` made or received: every open or waiting one, the last closed ones."""
        if seat is None:
            return []
        now = self.room.now()
        mine = [o for o in self.items if seat in (o.frm, o.to)]
        live = [o for o in mine if o.status in (OPEN, ACCEPTED)]
        closed = [o for o in mine if o.status not in (OPEN, ACCEPTED)][-KEEP_CLOSED:]
        return [o.to_json(now) for o in sorted(live + closed, key=lambda o: o.id)]

    def _tell(self, *seats: int) -> None:
        """The offers changed: to these seats' connections, and to the database for the other
        server processes (cluster.py)."""
        self._send(*seats)
        cluster = self.room.hub.cluster
        if cluster is not None and self._kept_here():
            cluster.save_offers(self.room, self.to_json())

    def _send(self, *seats: int) -> None:
        for seat in set(seats):
            group = self.room.conns.get(seat)
            if group:
                text = dumps({"type": "offers", "offers": self.for_seat(seat)})
                for conn in list(group):
                    conn.send(text)

    def _find(self, offer_id: int) -> Offer:
        for offer in self.items:
            if offer.id == offer_id:
                return offer
        raise Refused("no-offer", f"there is no offer {offer_id}")

    def _close(self, offer: Offer, status: str, reason: str | None = None) -> None:
        offer.status, offer.reason = status, reason
        self._tell(offer.frm, offer.to)

    # -- requests from the seats ------------------------------------------------------------
    async def offer(self, seat: int | None, to: int, give: list[str], ask: list[str], note: str) -> None:
        trader = self._trader(seat)
        request: dict[str, JSON] = {"op": "offer", "seat": trader, "to": to, "give": give, "ask": ask}
        if await self._forwarded({**request, "note": note}):
            return
        async with self.room.lock:
            self.make(trader, to, give, ask, note)

    async def take_back(self, seat: int | None, offer: int) -> None:
        trader = self._trader(seat)
        if await self._forwarded({"op": "withdraw", "seat": trader, "offer": offer}):
            return
        async with self.room.lock:
            self.withdraw(trader, offer)

    async def answer(self, seat: int | None, offer: int, accept: bool) -> None:
        trader = self._trader(seat)
        if await self._forwarded({"op": "reply", "seat": trader, "offer": offer, "accept": accept}):
            return
        async with self.room.lock:
            await self.reply(trader, offer, accept)
        self.room.schedule_bot()

    def _trader(self, seat: int | None) -> int:
        if seat is None:
            raise Refused("spectator", "spectators do not trade")
        if self.room.seats[seat].left:
            raise Refused("left", "you left this game")
        return seat

    # -- the same, the room's lock held ---------------------------------------------------------
    def make(self, seat: int, to: int, give: list[str], ask: list[str], note: str) -> Offer:
        state = self._state()
        if self.room.over:
            raise Refused("over", "the game is over")
        if sum(1 for o in self.items if o.frm == seat and o.status == OPEN) >= MAX_OPEN:
            raise Refused("offer-limit", f"you have {MAX_OPEN} open offers: withdraw one first")
        wait = self.made.blocked(str(seat))
        if wait:
            raise Refused("offer-limit", f"too many offers; wait {int(wait) + 1} s before the next")
        try:
            state.trade_action(seat, to, give, ask)  # checks the offer is possible now
        except IllegalAction as err:
            raise Refused("bad-offer", str(err)) from None
        self.made.note(str(seat))
        now = self.room.now()
        control = self.room.clocks.control
        ends = now + WINDOWS * control.window if control.timed else None
        offer = Offer(self.next_id, seat, to, list(give), list(ask), note, now, ends)
        self.next_id += 1
        self.items.append(offer)
        self._tell(seat, to)
        self.consult_bots()
        return offer

    def withdraw(self, seat: int, offer_id: int) -> None:
        offer = self._find(offer_id)
        if offer.frm != seat:
            raise Refused("not-yours", "only the player who made an offer may withdraw it")
        if offer.status != OPEN:
            raise Refused("closed", f"this offer is {offer.status}, no longer open")
        self._close(offer, WITHDRAWN)

    async def reply(self, seat: int, offer_id: int, accept: bool) -> None:
        offer = self._find(offer_id)
        if offer.to != seat:
            raise Refused("not-yours", "only the player an offer was made to may answer it")
        if offer.status != OPEN:
            raise Refused("closed", f"this offer is {offer.status}, no longer open")
        if not accept:
            self._close(offer, DECLINED)
            return
        try:
            self._state().trade_action(offer.frm, offer.to, offer.give, offer.ask)
        except IllegalAction as err:
            self._close(offer, VOID, str(err))
            raise Refused("bad-offer", f"this offer is no longer possible: {err}") from None
        offer.status = ACCEPTED
        self._tell(offer.frm, offer.to)
        await self.carry_out()

    # -- the room's hooks ------------------------------------------------------------------------
    async def carry_out(self) -> None:
        """Carry out the accepted offers, oldest first, if a trade is open now; an offer no longer
        possible becomes void.  Called after every action (under the room's lock)."""
        if self.busy or not self.items or not self.trading:  # the cheap test first: after every action
            return
        if not self._kept_here():  # the process running the table carries them out (cluster.py)
            return
        self.busy = True
        try:
            for offer in [o for o in self.items if o.status == ACCEPTED]:
                state = self._state()
                if self.room.over:
                    self._close(offer, VOID, "the game is over")
                    continue
                if not state.trade_open():
                    return
                try:
                    action = state.trade_action(offer.frm, offer.to, offer.give, offer.ask)
                    await self.room.submit_anytime(offer.to, action)
                except IllegalAction as err:
                    self._close(offer, VOID, str(err))
                    continue
                self._close(offer, DONE)
        finally:
            self.busy = False

    def after_action(self) -> None:
        """Once the game is over, the offers still open are void.  (An offer that became
        impossible stays open: it may become possible again, and accepting it says why not.)"""
        if not self.room.over or not self._kept_here():
            return
        for offer in self.items:
            if offer.status in (OPEN, ACCEPTED):
                self._close(offer, VOID, "the game is over")

    def next_deadline(self) -> float | None:
        found = [o.ends for o in self.items if o.status == OPEN and o.ends is not None]
        return min(found) if found else None

    def expire(self, now: float) -> int:
        """Open offers past their time are declined (the neutral answer); returns how many."""
        late = [o for o in self.items if o.status == OPEN and o.ends is not None and o.ends <= now]
        for offer in late:
            self._close(offer, EXPIRED)
        return len(late)

    # -- bots --------------------------------------------------------------------------------------
    def consult_bots(self) -> None:
        """Each open offer to a seat a bot plays gets the bot's answer, decided off the loop."""
        for offer in self.items:
            if (
                offer.status == OPEN
                and self.room.bot_plays(offer.to)
                and offer.id not in self.room.consulting
            ):
                self.room.consulting.add(offer.id)
                task = asyncio.get_running_loop().create_task(self._consult(offer), name=f"offer-{offer.id}")
                self.room.background.add(task)
                task.add_done_callback(self.room.background.discard)

    async def _consult(self, offer: Offer) -> None:
        room = self.room
        try:
            async with room.lock:
                state = self._state()
                try:
                    action = state.trade_action(offer.frm, offer.to, offer.give, offer.ask)
                    question = state.trade_question(action, offer.to)
                except IllegalAction:
                    return  # no longer possible: it stays open until it expires or is withdrawn
                row = room.seats[offer.to]
                level = row.level if row.kind == "bot" and row.level else room.takeover
                seed = bot_seed(room.record.seed, room.step, offer.to) ^ offer.id
            try:  # queued with every table's bot decisions (scheduler.py)
                answer = await room.hub.scheduler.decide(room, question, offer.to, level, seed)
            except Busy:
                return  # too many decisions waiting: asked again after the next action
            async with room.lock:
                if offer.status == OPEN and room.bot_plays(offer.to):
                    try:
                        await self.reply(offer.to, offer.id, answer == "accept")
                    except Refused as err:
                        log.info("table %s: offer %d: %s", room.id, offer.id, err.message)
        finally:
            room.consulting.discard(offer.id)
