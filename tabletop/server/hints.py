"""A table's hints (issue 28): at an unrated table a seat the game asks may ask what the bot would
play, a few times a game (``HINTS_PER_GAME``).  The bot workers compute it (scheduler.py,
bots.hint_from_json), the answer goes to that connection only, each hint is stored (so a restart
keeps the count) and everybody's log says who asked.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Protocol

from ..core.protocol import JSON
from .bots import bot_seed, hint_from_json
from .messages import dumps, error
from .refused import Refused
from .scheduler import Busy

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger("tabletop.server")
HINTS_PER_GAME = 3  # hints a seat may ask for in one game (at an unrated table)


class Conn(Protocol):
    seat: int | None

    def send(self, text: str) -> None: ...


def step_of(event: JSON) -> int:
    """The step a line of the log belongs to (hint lines merge with the game's events by it)."""
    return int(event["step"])


class Hints:
    """The hints given at one table: ``given`` as (seat, step), in order, from the record."""

    def __init__(self, room: Room, given: list[tuple[int, int]]) -> None:
        self.room = room
        self.given = list(given)
        self.computing: set[int] = set()  # seats whose hint is being computed

    def used(self, seat: int) -> int:
        return sum(1 for s, _ in self.given if s == seat)

    def ask(self, conn: Conn) -> None:
        """A hint for ``conn``'s seat, in the background (the socket reads on): the answer, or why
        not, goes to that connection only."""
        room = self.room

        async def answer() -> None:
            try:
                conn.send(dumps(await self.hint(conn.seat)))
            except Refused as err:
                conn.send(error(err.code, err.message))
            except Exception:
                log.exception("table %s: a hint failed", room.id)
                conn.send(error("storage", "the hint could not be given; none was counted"))

        task = asyncio.get_running_loop().create_task(answer(), name=f"hint-{room.id}")
        room.background.add(task)
        task.add_done_callback(room.background.discard)

    async def hint(self, seat: int | None) -> dict[str, JSON]:
        """What the ``normal`` bot would play for ``seat`` now: its top choices, each with the seat's
        chance of winning after it (agents/advice.py), from the seat's own view only.  Refused to a
        spectator, at a rated table, to a seat not asked, beyond ``HINTS_PER_GAME``; counted
        (stored) only when it is given, for the question still open."""
        room, hub = self.room, self.room.hub
        if seat is None:
            raise Refused("spectator", "spectators get no hints; open a seat's invitation link to play")
        if room.row.rated:
            raise Refused("rated", "no hints at a rated table: this game counts for the ratings")
        if room.over:
            raise Refused("over", "the game is over")
        if room.guide is not None and room.guide.live:
            raise Refused("guided", "the guide shows your move now; hints come once you play freely")
        if self.used(seat) >= HINTS_PER_GAME:
            raise Refused("hint-limit", f"you have had your {HINTS_PER_GAME} hints of this game")
        if seat in self.computing:
            raise Refused("hint-pending", "your hint is on its way")
        async with room.lock:  # a position no action is half-way through
            if seat not in room.prompts:
                raise Refused(
                    "out-of-turn", "a hint is for your own decision, and the game does not ask you now"
                )
            step, position = room.step, room.state.to_json()
        self.computing.add(seat)
        try:
            options = json.dumps(room.game.options, sort_keys=True)
            seed = bot_seed(room.record.seed, step, seat)
            choices = await hub.scheduler.compute(
                room, hint_from_json, room.game.name, options, position, seat, seed, None, room.names()
            )
        except Busy:
            raise Refused("busy", "the bots are busy: ask again in a moment (no hint was counted)") from None
        except Exception:
            log.exception("table %s: the hint for seat %d failed", room.id, seat)
            raise Refused("hint-failed", "the hint could not be computed; none was counted") from None
        finally:
            self.computing.discard(seat)
        async with room.lock:
            if room.step != step or seat not in room.prompts:
                raise Refused("stale", "the table moved on before your hint was ready; none was counted")
            used = self.used(seat)
            if used >= HINTS_PER_GAME:
                raise Refused("hint-limit", f"you have had your {HINTS_PER_GAME} hints of this game")
            if not await hub.writer.call(hub.storage.add_hint, room.id, seat, used, step, room.now()):
                self.given = await hub.writer.call(hub.storage.hints, room.id)  # another process's
                raise Refused("stale", "another hint for your seat came first; look again")
            self.given.append((seat, step))
            for reader, group in room.conns.items():
                told = dumps(
                    {"type": "hinted", "seat": seat, "step": step, "event": self.line(seat, step, reader)}
                )
                for conn in group:
                    conn.send(told)
        shown = [{"action": c["action"], "label": c["label"], "chance": c["chance"]} for c in choices]
        return {"type": "hint", "step": step, "choices": shown, "used": used + 1, "limit": HINTS_PER_GAME}

    def info(self, seat: int | None) -> dict[str, JSON] | None:
        """What a seat's welcome says of its hints: allowed here, how many used, of how many."""
        if seat is None:
            return None
        return {"allowed": not self.room.row.rated, "used": self.used(seat), "limit": HINTS_PER_GAME}

    def line(self, seat: int, step: int, reader: int | None) -> dict[str, JSON]:
        """The log's line saying that ``seat`` asked for a hint at ``step``, as ``reader`` reads it."""
        who = "You" if seat == reader else self.room.names()[seat]
        words: dict[str, JSON] = {"parts": [f"{who} asked for a hint"], "tone": "quiet"}
        return {"step": step, "kind": "hint", "seat": seat, "words": words}

    def merged(self, log_events: list[JSON], reader: int | None) -> list[JSON]:
        """A welcome's log with the lines saying who asked for a hint, among the game's."""
        if not self.given:
            return log_events
        return sorted(log_events + [self.line(s, k, reader) for s, k in self.given], key=step_of)
