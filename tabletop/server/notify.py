"""Who is told what, by mail and Web Push (issue 30): "your turn", "the game is over", "you are
invited".

- **Your turn.** At a turn-based table (clock mode ``turn``), when the game newly asks a person
  seat held by an account, whose player is not connected to the table and whose seat no bot plays
  (not absent, not left), the account gets a notice with the table's link: at most one per table
  every ``Settings.turn_notice_every`` seconds (4 hours by default), unless the player moved in
  between (mailbox.queue_notice keeps the last per table and user).  With several processes
  (PostgreSQL), "not connected" is only known of this process's connections: the notice is due
  ``Settings.turn_notice_grace`` seconds later (2 minutes by default), and is dropped when sending
  if the seat has moved meanwhile (mailbox.still_asked, from the stored actions), so a player
  connected to another process who plays hears nothing.
- **The game is over.** At a turn-based table, each account seat whose player is not connected
  (to this process: with several processes, one connected to another process hears of it too,
  since nothing stored tells whether they saw the end).
- **Invited.** An account a seated player invites to a free seat (``POST /api/tables/ID/invite``).

A notice goes by mail to a verified address and by push to each browser the account allowed, as
its settings say (mailbox.py).  Deciding happens off the table's lock, in the background.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING

from . import mailbox
from .mailbox import Notice

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Room

log = logging.getLogger("tabletop.server")


class Notices:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.tasks: set[asyncio.Task[None]] = set()

    def _later(
        self, notices: list[tuple[Notice, tuple[str, int, int, float] | None]], delay: float = 0.0
    ) -> None:
        if not notices:
            return
        now = self.hub.settings.clock()  # when decided (the grace counts from then)

        async def queue() -> None:
            queued = 0
            for notice, turn in notices:
                try:
                    queued += await self.hub.writer.call(
                        mailbox.queue_notice,
                        self.hub.storage,
                        notice,
                        now,
                        turn,
                        True,
                        delay,
                    )
                except Exception:
                    log.exception("a %s notice could not be queued", notice.kind)
            if queued:
                self.hub.outbox.wake()

        task = asyncio.get_running_loop().create_task(queue(), name="notices")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _link(self, room: Room) -> str:
        return f"{self.hub.settings.public_url.rstrip('/')}/table/{room.id}"

    def _others(self, room: Room, seat: int) -> str:
        names = [name for other, name in enumerate(room.names()) if other != seat]
        return ", ".join(names) or "nobody"

    def moved(self, room: Room) -> None:
        """The table moved on (or started): a notice for each seat it newly waits for whose player
        is away.  Called by the room after each action, under its lock: only reads it."""
        if room.over or room.clocks.control.mode != "turn" or room.row.started is None:
            return
        found: list[tuple[Notice, tuple[str, int, int, float] | None]] = []
        for seat, prompt in room.prompts.items():
            row = room.seats[seat]
            if (
                prompt.since != room.step
                or row.user_id is None
                or room.bot_plays(seat)
                or room.conns.get(seat)
            ):
                continue
            title, link = room.game.title, self._link(room)
            body = (
                f"It is your turn in a game of {title} with {self._others(room, seat)}.\n\n"
                f"The table waits for you: {link}\n"
            )
            push = {
                "title": f"Your turn: {title}",
                "body": "The table waits for you.",
                "url": f"/table/{room.id}",
            }
            notice = Notice(
                "turn",
                row.user_id,
                f"Your turn: {title}",
                body,
                json.dumps({**push, "tag": f"turn-{room.id}"}),
            )
            found.append((notice, (room.id, seat, room.step, self.hub.settings.turn_notice_every)))
        # with several processes, room.conns are only this process's: the player may be connected
        # to another one.  The notice waits out the grace and goes only if the seat has not moved
        # meanwhile (read from the database when sending: mailbox.still_asked)
        self._later(found, 0.0 if self.hub.cluster is None else self.hub.settings.turn_notice_grace)

    def finished(self, room: Room) -> None:
        """The game is over: each account seat whose player is away hears of it (turn-based)."""
        if room.clocks.control.mode != "turn":
            return
        found: list[tuple[Notice, tuple[str, int, int, float] | None]] = []
        ranking = room.state.ranking()
        for row in room.seats:
            if row.user_id is None or room.conns.get(row.seat):
                continue
            title, link = room.game.title, self._link(room)
            place = ranking[row.seat] if row.seat < len(ranking) else None
            said = f"You finished {ordinal(place)}." if place is not None else "The game is over."
            body = (
                f"The game of {title} with {self._others(room, row.seat)} is over. {said}\n\nSee it: {link}\n"
            )
            push = {
                "title": f"Game over: {title}",
                "body": said,
                "url": f"/table/{room.id}",
                "tag": f"end-{room.id}",
            }
            found.append((Notice("ended", row.user_id, f"Game over: {title}", body, json.dumps(push)), None))
        self._later(found)

    def invited(self, room: Room, user_id: int, seat: int, by: str) -> None:
        title, link = room.game.title, self._link(room)
        body = f"{by} invited you to a game of {title}, in seat {seat + 1}.\n\nYour seat: {link}\n"
        push = {
            "title": f"Invited: {title}",
            "body": f"{by} invited you",
            "url": f"/table/{room.id}",
            "tag": f"invite-{room.id}",
        }
        self._later(
            [(Notice("invited", user_id, f"{by} invited you to {title}", body, json.dumps(push)), None)]
        )

    async def drain(self) -> None:
        """Let the notices being queued be queued (before the database thread stops; tests)."""
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=10)


def ordinal(place: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(place, f"#{place}")
