"""A table in play: its game state, seats, connections and bots.

The room is the only place a table's state changes, under its lock.  An action is applied by the
rules (which refuse an illegal one, changing nothing), written to the database, and only then
recorded and broadcast; if it cannot be written, the state goes back to the stored record.  Every
connection gets a message built for its own seat (its view, and only the events it may see; a
spectator gets the public view).  Once the game is over, everything is public.

Several seats may be asked at once (``State.to_act()``: sealed bids, votes).  Each of them is
sent its own choices (``legal_actions_for(seat)``, in its view's ``legal``) and may answer in
any order; an answer is written to the record with ``record.entry`` (``@seat text`` when the
seat is not ``current_seat``), so a replay or a restart reaches the same state.  The questions
open are prompts.py's; what a seat chose among several asked at once is not shown to the others
(``last``) until the game reveals it.

Clocks (clocks.py): each question keeps the time it was asked (``Prompt.at``); a person seat
whose time runs out is marked absent and the table's takeover bot plays for it, at once, until
the player returns (joins again, acts, or sends ``back``); a player who leaves for good is played
by that bot to the end.  Such actions are stored as ``auto``.  When the game ends, each seat's
place is stored, a rated table's result goes to the ratings (ratings.py), and the game's review is
computed in the background (reviews.py).

Hints (issue 28) are hints.py's; a tutorial table's guide (the one move its person may make while
the script leads, issue 28) is tutorials.py's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.exc import IntegrityError

from ..core.errors import IllegalAction, InvalidActionText, TabletopError
from ..core.protocol import JSON, Event, Game, State, offered, with_previews
from ..core.record import Record, entry, parse_entry
from ..core.registry import make
from . import logs, metrics, ratings, telling
from .chat import Chat
from .clocks import SeatClocks, stored_control
from .cluster import catch_up
from .hints import Hints
from .messages import dumps
from .offers import Offers
from .prompts import Prompt, asked, hidden_action
from .refused import Refused
from .reviews import start_review
from .said import seat_names
from .scheduler import Busy
from .schema import Account
from .storage import Append, SeatRow, TableRow
from .tokens import same
from .tutorials import guide_for

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("tabletop.server")


class Conn(Protocol):
    """A client connection as the room sees it: somewhere to queue messages."""

    seat: int | None

    def send(self, text: str) -> None: ...


class Room:
    def __init__(self, hub: Hub, row: TableRow) -> None:
        self.hub = hub
        self.row = row
        self.id = row.id
        self.seats: list[SeatRow] = row.seats
        self.game: Game[Any] = make(row.game, **row.options)
        self.record = Record(row.game, dict(self.game.options), row.seed, row.setup, [])
        self.state: State[Any] = self.record.initial_state(self.game)
        self.events: list[tuple[int, Event]] = [(0, e) for e in self.state.opening_events()]
        self.last: dict[str, JSON] | None = None
        self.last_secret = False  # the last action's text is for its own seat only (hidden_action)
        self.prompts: dict[int, Prompt] = {}
        self.clocks = SeatClocks(stored_control(row.clock), len(row.seats))
        self.offers = Offers(self)
        self.conns: dict[int | None, set[Conn]] = {}
        self.guide = guide_for(row.tutorial, row.tutorial_left)  # a tutorial table's (tutorials.py)
        self.ask(None, row.started or row.created)
        for index, text in enumerate(row.actions):  # replay the stored record, checking every action
            at = row.times[index] if index < len(row.times) else row.created
            self.take_stored(text, at, row.notes[index] if index < len(row.notes) else None)
        self.chat = Chat(self)
        self.consulting: set[int] = set()  # offers a bot is deciding on
        self.background: set[asyncio.Task[None]] = set()
        self.hints = Hints(self, row.hints)
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None

    def take_stored(self, text: str, at: float, note: str | None = None) -> list[Event]:
        """Apply the stored action ``text``, accepted at ``at`` (with a trade offer's promise
        ``note``), as when it was accepted."""
        written, action_text = parse_entry(text)
        seat = self.state.current_seat if written is None else written
        prompt = self.prompts.get(seat) if seat is not None else None
        answer = prompt is not None and action_text in prompt.legal  # else a move at any time
        events = self.state.apply(self.game.parse_action(action_text), written)
        if self.guide is not None:
            self.guide.note(seat, action_text, answer)
        if answer:
            self._charge(seat, at)
        self.record.actions.append(text)
        self.events += [(len(self.record.actions), e) for e in events]
        sealed = answer and len(self.prompts) > 1
        self.last, self.last_secret = {"seat": seat, "action": action_text}, hidden_action(sealed, events)
        self.ask(seat if answer else None, at)
        self.offers.send(self.offers.see(events, at, note))
        return events

    # -- facts -------------------------------------------------------------------
    @property
    def step(self) -> int:
        return len(self.record.actions)

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def status(self) -> str:
        if self.over or self.row.finished:  # (finished but not over: ended by an admin)
            return "finished"
        if not all(s.taken for s in self.seats):
            return "open"
        return "running"

    def now(self) -> float:
        return self.hub.settings.clock()

    def seat_for(self, token: str) -> int | None:
        for s in self.seats:
            if s.kind == "person" and same(s.token_hash, token):
                return s.seat
        return None

    def seat_of(self, account: Account) -> int | None:
        for s in self.seats:
            if s.user_id == account.id:
                return s.seat
        return None

    def summary(self) -> dict[str, JSON]:
        return telling.summary(self)

    # -- connections --------------------------------------------------------------
    async def add(self, conn: Conn) -> None:
        """Register ``conn`` and send it the table as its seat sees it.

        Under the lock: an action being saved is neither shown early nor missed.
        """
        await self.chat.load()
        cluster = self.hub.cluster
        if cluster is not None:  # with other server processes (cluster.py)
            await cluster.ready(self)
        async with self.lock:
            self.conns.setdefault(conn.seat, set()).add(conn)
            conn.send(telling.welcome(self, conn.seat))
            self.hub.moderation.welcome(self, conn)  # the seats it muted (issue 31)
            self.announce_seats()
        if cluster is not None:
            cluster.watched(self)

    def remove(self, conn: Conn) -> None:
        group = self.conns.get(conn.seat)
        if group is not None:
            group.discard(conn)
            if not group:
                del self.conns[conn.seat]
        self.announce_seats()

    def names(self) -> list[str]:
        bots = self.hub.bot_accounts  # a bot account's name says BOT (issue 32)
        return seat_names(
            {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name, "bot": s.user_id in bots}
            for s in self.seats
        )

    # -- who is asked what ---------------------------------------------------------
    def ask(self, mover: int | None, at: float) -> None:
        """Note each seat asked now and its choices, after ``mover``'s action at time ``at``
        (None: the set-up): prompts.asked."""
        self.prompts = asked(self.state, self.prompts, self.step, mover, at)

    # -- clocks -----------------------------------------------------------------------
    def _charge(self, seat: int | None, at: float) -> None:
        """``seat`` answered at ``at``: what it took beyond the move's time comes off its reserve."""
        prompt = self.prompts.get(seat) if seat is not None else None
        if seat is None or prompt is None:
            return
        if self.seats[seat].kind == "person" and prompt.neutral is None:  # a window spends no reserve
            self.clocks.charge(seat, prompt.at, at, self.row.started)

    def deadline(self, seat: int, prompt: Prompt) -> float | None:
        """When ``seat``'s open question runs out (None: never, or a bot answers it anyway)."""
        if self.over or self.bot_plays(seat):
            return None
        return self.clocks.deadline(seat, prompt.at, self.row.started, prompt.neutral is not None)

    def next_deadline(self) -> float | None:
        if self.hub.moderation.halt(self.id):
            return None  # paused by an admin: no clock runs out (moderation.py)
        found = [d for seat, p in self.prompts.items() if (d := self.deadline(seat, p)) is not None]
        offers = self.offers.next_deadline()
        if offers is not None:
            found.append(offers)
        return min(found) if found else None

    async def expire(self, now: float) -> int:
        """Each asked seat whose time has run out: a response window closes with its neutral
        answer; any other question's seat is marked absent and the takeover bot answers for it.
        Returns how many ran out."""
        expired = absent = 0
        async with self.lock:
            expired += await self.offers.expire(now)
            while True:
                late = [s for s, p in sorted(self.prompts.items()) if (d := self.deadline(s, p)) and d <= now]
                if not late:
                    break
                seat, prompt = late[0], self.prompts[late[0]]
                expired += 1
                if prompt.neutral is not None:
                    await self._submit(seat, prompt.neutral, None, auto=True)  # among its choices
                    continue
                self.seats[seat].absent = True
                absent += 1
                await self.hub.writer.call(self.hub.storage.update_seat, self.id, seat, {"absent": True})
                log.info(
                    "table %s: seat %d ran out of time; the %s bot plays for it", self.id, seat, self.takeover
                )
        if absent:
            self.announce_seats()
        if expired:
            self.schedule_bot()
        return expired

    # -- seats --------------------------------------------------------------------------
    @property
    def takeover(self) -> str:
        return self.row.takeover or "normal"

    def bot_plays(self, seat: int) -> bool:
        """A bot seat, or a person seat whose player is absent or has left."""
        row = self.seats[seat]
        return row.kind == "bot" or row.absent or row.left

    async def join_seat(self, seat: int, name: str | None, account: Account | None) -> None:
        """A player opens ``seat`` (by its link, or as the account holding it): the seat is
        theirs, named, held by their account if it was not held by one, and no longer absent."""
        row = self.seats[seat]
        changes: dict[str, Any] = {}
        if account is not None and row.user_id is None and self.seat_of(account) is None:
            row.user_id, changes["user_id"] = account.id, account.id
        if row.user_id is not None and account is not None and row.user_id == account.id:
            name = account.name
        elif row.user_id is not None:
            name = None  # an account's seat keeps its account's name
        if not row.joined:
            row.joined, changes["joined"] = True, True
        if name and name != row.name:
            row.name, changes["name"] = name, name
        if changes:
            await self.hub.writer.call(self.hub.storage.update_seat, self.id, seat, changes)
        await self.come_back(seat)
        await self.note_taken()

    async def take(self, seat: int, account: Account | None, token_hash: str | None) -> None:
        """Take an open person seat from the lobby: for an account, or for a guest's new link."""
        async with self.lock:
            if self.over:
                raise Refused("over", "the game is over")
            if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "person":
                raise Refused("no-seat", f"there is no person seat {seat} at this table")
            row = self.seats[seat]
            if row.taken:
                raise Refused("taken", f"seat {seat} is taken")
            if account is not None and self.seat_of(account) is not None:
                raise Refused("taken", "you already sit at this table")
            if account is not None:  # neither of two accounts that blocked each other sits with the other
                await self.hub.moderation.may_sit(self, account)
            changes: dict[str, Any] = {"joined": True}
            if account is not None:
                changes.update(user_id=account.id, name=account.name)
            else:
                changes["token_hash"] = token_hash
            if not await self.hub.writer.call(self.hub.storage.take_seat, self.id, seat, changes):
                await catch_up(self)  # taken through another server process
                raise Refused("taken", f"seat {seat} is taken")
            row.joined = True
            if account is not None:
                row.user_id, row.name = account.id, account.name
            else:
                row.token_hash = token_hash
        await self.note_taken()
        self.announce_seats()

    async def note_taken(self) -> None:
        """Once every person seat is taken the table starts, and so do its clocks."""
        if self.row.started is None and all(s.taken for s in self.seats):
            self.row.started = self.now()
            await self.hub.writer.call(self.hub.storage.update_table, self.id, {"started": self.row.started})
            self.hub.notices.moved(self)

    async def come_back(self, seat: int | None) -> None:
        """The player of an absent seat is back: they answer for it again, and the question
        open now gets its move's time afresh."""
        if seat is None or not self.seats[seat].absent or self.seats[seat].left:
            return
        self.seats[seat].absent = False
        await self.hub.writer.call(self.hub.storage.update_seat, self.id, seat, {"absent": False})
        prompt = self.prompts.get(seat)
        if prompt is not None:
            prompt.at = self.now()
        self.announce_seats()

    async def leave(self, seat: int | None) -> None:
        """The player leaves for good: the takeover bot plays the seat to the end."""
        if seat is None:
            raise Refused("spectator", "spectators have no seat to leave")
        if self.over:
            raise Refused("over", "the game is over")
        row = self.seats[seat]
        if not row.left:
            row.left, row.absent = True, False
            await self.hub.writer.call(
                self.hub.storage.update_seat, self.id, seat, {"left": True, "absent": False}
            )
            log.info(
                "table %s: the player of seat %d left; the %s bot plays for it", self.id, seat, self.takeover
            )
        self.announce_seats()
        self.schedule_bot()

    def seat_view(self, seat: int | None, view: dict[str, JSON]) -> dict[str, JSON]:
        """The view sent to ``seat``: the game's own, with ``legal`` the seat's choices now
        (``legal_actions_for(seat)``; none for a spectator or a seat not asked), and the game's
        ``previews`` of those choices when it has any (``State.previews``)."""
        prompt = self.prompts.get(seat) if seat is not None else None
        legal = list(prompt.legal) if prompt is not None else []
        if self.guide is not None:  # a tutorial: the guide's one move while it leads
            legal = self.guide.legal(seat, legal)
        return with_previews(self.state, seat, {**view, "legal": legal})

    def announce_seats(self) -> None:
        self._send_all(dumps({"type": "seats", "seats": telling.public_seats(self)}))

    def announce_rematch(self, table_id: str) -> None:
        self._send_all(dumps({"type": "rematch", "table": table_id}))

    def _send_all(self, text: str) -> None:
        for group in self.conns.values():
            for conn in group:
                conn.send(text)

    # -- actions ------------------------------------------------------------------
    async def submit(self, seat: int | None, text: str, step: int | None = None) -> None:
        """Play ``text`` for ``seat``; raises :class:`Refused` (nothing changed) if not accepted.
        A player acting for their absent seat is back."""
        if seat is not None and self.seats[seat].left:
            raise Refused("left", "you left this game; a bot plays your seat")
        async with self.lock:
            await self.come_back(seat)
            await self._submit(seat, text, step)
        self.schedule_bot()

    async def submit_anytime(
        self, seat: int, action: Any, note: str | None = None, auto: bool = False
    ) -> None:
        """A move ``seat`` makes outside its questions (a trade offer, its answer, its withdrawal,
        its expiry: the game's ``Trading`` actions), built by the server from its own message, never
        from a client's text; the room's lock is held, and the rules judge it (offers.py)."""
        if self.over:
            raise Refused("over", "the game is over")
        if self.guide is not None and not auto:  # a tutorial's person makes the guide's move first
            self.guide.check(self, seat, str(action))
        await self._commit(seat, action, auto=auto, anytime=True, note=note)

    async def _submit(self, seat: int | None, text: str, step: int | None, auto: bool = False) -> None:
        """``seat`` answers its question with ``text``: accepted only if it is one of the choices
        the seat is asked now (``core.protocol.offered``), whatever the rules would take besides."""
        if seat is None:
            raise Refused("spectator", "spectators cannot act; open a seat's invitation link to play")
        if self.over:
            raise Refused("over", "the game is over")
        self.hub.moderation.check(self)  # paused or ended by an admin
        prompt = self.prompts.get(seat)
        open_since = prompt.since if prompt is not None else self.step
        if step is not None and step != self.step and not open_since <= step < self.step:
            raise Refused("stale", f"the table has moved on (step {self.step}, not {step}); look again")
        if prompt is None:
            asked = sorted(self.prompts)
            if len(asked) == 1:
                raise Refused("out-of-turn", f"it is seat {asked[0]}'s turn, not yours (seat {seat})")
            seats = ", ".join(map(str, asked))
            raise Refused("out-of-turn", f"the table waits for seats {seats}, not for you (seat {seat})")
        if self.guide is not None and not auto:  # a tutorial: only the guide's move while it leads
            self.guide.check(self, seat, text)
        try:
            action = offered(self.state, seat, text)
        except InvalidActionText as err:
            raise Refused("invalid", str(err)) from None
        except IllegalAction as err:
            raise Refused("illegal", str(err)) from None
        await self._commit(seat, action, auto=auto, secret=len(self.prompts) > 1)

    async def why(self, seat: int | None, text: str) -> dict[str, JSON]:
        """Why ``text`` is not one of ``seat``'s choices now: the reason ``core.protocol.offered``
        gives (``None`` when it is one), with the step it holds at.  The reason depends only on what
        the seat may see (tests/conformance/test_refusals.py); nothing changes, nothing is stored.
        Read under the lock: ``_commit`` applies an action before its write is awaited, and the
        state must not be read a step ahead of the record (or on a failed write's way back)."""
        if seat is None:
            raise Refused("spectator", "spectators have no choices; open a seat's invitation link to play")
        async with self.lock:
            try:
                offered(self.state, seat, text)
            except (IllegalAction, InvalidActionText) as err:
                return {"type": "why", "action": text, "step": self.step, "reason": str(err)}
            guided = self.guide.why(self, seat, text) if self.guide is not None else None
            return {"type": "why", "action": text, "step": self.step, "reason": guided}

    async def _commit(
        self,
        seat: int,
        action: Any,
        *,
        auto: bool,
        secret: bool = False,
        anytime: bool = False,
        note: str | None = None,
    ) -> None:
        """Apply ``action`` for ``seat``, store it, then tell everybody (the lock is held)."""
        self.hub.moderation.check(self)  # paused or ended by an admin
        written = entry(self.state, action, seat)  # as the record writes it, before it is applied
        try:
            events = self.state.apply(action, seat=seat)  # unchanged if it raises
        except IllegalAction as err:
            raise Refused("illegal", str(err)) from None
        index, now, over = self.step, self.now(), self.state.is_terminal()
        try:
            await self.hub.writer.append(Append(self.id, index, seat, written, over, now, auto, note))
        except BaseException as err:
            # not saved, so not accepted: back to the position the database holds
            self.state = self.record.replay() if self.record.actions else self.record.initial_state(self.game)
            if isinstance(err, IntegrityError):  # another server process stored this step first
                await catch_up(self)
                raise Refused("stale", "another seat's action came first; look again") from None
            log.error("table %s: action %d not saved: %r", self.id, index, err)
            if not isinstance(err, Exception):
                raise
            raise Refused("storage", "the server could not save your action; nothing changed") from None
        # committed: now everybody hears of it
        if not anytime:  # a move outside its questions spends none of its time
            self._charge(seat, now)
        self.record.actions.append(written)
        self.events += [(index + 1, e) for e in events]
        if self.guide is not None:
            self.guide.note(seat, str(action), not anytime)
        self.last, self.last_secret = {"seat": seat, "action": str(action)}, hidden_action(secret, events)
        self.ask(None if anytime else seat, now)
        if over:
            await self._finish(now)
        self.broadcast(events)
        metrics.accepted(self, seat, auto)
        self.hub.notices.moved(self)  # "your turn" to players away (notify.py)
        self.offers.send(self.offers.see(events, now, note))

    async def _finish(self, now: float) -> None:
        """The game is over: each seat's place is stored, and a rated table's result rated."""
        self.row.finished, self.row.finished_at = True, now
        ranks = self.state.ranking()
        for row, rank in zip(self.seats, ranks, strict=True):
            row.rank = rank
        try:
            await self.hub.writer.call(self.hub.storage.set_ranks, self.id, ranks)
            if self.row.rated:
                storage = self.hub.storage
                await self.hub.writer.call(
                    ratings.record_result, storage, self.id, self.game.name, self.seats, ranks, now
                )
        except Exception:  # the game stands; the ratings catch up at the next start
            log.exception("table %s: the result could not be recorded", self.id)
        start_review(self)  # in the background: the last update goes out first
        self.hub.notices.finished(self)

    def broadcast(self, events: list[Event]) -> None:
        """Each connection's message, built once per seat: its view and the events it may see."""
        telling.broadcast(self, events)

    # -- bots ---------------------------------------------------------------------
    def bots_to_act(self) -> list[SeatRow]:
        """The seats a bot answers for now (several when the game asks several seats at once):
        bot seats, and absent or departed players' seats."""
        if self.hub.moderation.halt(self.id):
            return []  # paused or ended by an admin
        return [self.seats[seat] for seat in sorted(self.prompts) if self.bot_plays(seat)]

    def schedule_bot(self) -> None:
        if not self.hub.runs(self):  # another server process runs this table's bots (cluster.py)
            return
        self.offers.consult_bots()
        if not self.bots_to_act() or (self.bot_task is not None and not self.bot_task.done()):
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._play_bots(), name=f"bots-{self.id}")

    async def _play_bots(self) -> None:
        """Every bot asked decides, at the same time when several are, on the position as saved;
        then each answer is submitted like a person's (a bot whose question is still open after
        another's answer is not stale)."""
        logs.bind(self.id)  # this task's log lines name the table (not the seat of who woke it)
        while self.bots_to_act():
            if self.hub.settings.bot_delay:
                await asyncio.sleep(self.hub.settings.bot_delay)
            async with self.lock:  # a position no action is half-way through
                step, bots, state = self.step, self.bots_to_act(), self.state.clone()
            try:  # queued with every table's bots, served fairly (scheduler.py)
                texts = await self.hub.scheduler.decide_bots(self, bots, state, step)
            except Busy:  # too many decisions waiting on the server: ask again in a while
                await asyncio.sleep(1.0)
                continue
            for bot, text in zip(bots, texts, strict=True):
                try:
                    async with self.lock:
                        if not self.bot_plays(bot.seat):
                            break  # its player came back while it thought: theirs to answer
                        await self._submit(bot.seat, text, step, auto=bot.kind == "person")
                except Refused as err:
                    if err.code in ("stale", "out-of-turn", "over") and self.step != step:
                        break  # the table moved on under it (another seat answered): ask again
                    level, seat = bot.level, bot.seat
                    log.error("table %s: the %s bot in seat %d was refused: %s", self.id, level, seat, err)
                    if err.code != "storage":
                        return
                    await asyncio.sleep(1.0)  # the database is down: try again, don't spin
                    break
                except Exception:  # never a silent end: the table would wait for its bots for ever
                    log.exception("table %s: the bot in seat %d failed; it tries again", self.id, bot.seat)
                    await asyncio.sleep(1.0)
                    break

    async def stop(self) -> None:
        for task in list(self.background):
            task.cancel()
        if self.bot_task is not None:
            self.bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, TabletopError):
                await self.bot_task
