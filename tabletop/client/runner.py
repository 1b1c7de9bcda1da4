"""A bot account online: answer its challenges, find its seats, play each, keep going after failures.

:class:`BotRunner` asks the server every ``poll`` seconds for the challenges waiting for the bot
(``GET /api/bot/challenges``), accepts those its ``judge`` takes and declines the others with the
judge's reason, then asks for the bot's seats (``GET /api/bot/seats``) and plays each new one
(an accepted challenge's at once) in a task of its own (:class:`~tabletop.client.table.TableClient`),
so a bot plays any number of tables at once.  A lost network is waited out (the seats are asked
again, and each table reconnects by itself); a refused token stops everything, since nothing but a
new token can help.  A bot process killed and started again finds its seats the same way and goes
on where the server is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Collection

from .api import Api, Challenge, ClientError, Forbidden, Gone, RateLimited, SeatInfo, Unauthorized
from .table import Decide, Finished, NotSeated, TableClient, delays

log = logging.getLogger("tabletop.client")

POLL = 3.0  # seconds between looks for challenges and new seats (two requests a look)
Judge = Callable[[Challenge], str | None]  # None: accept; else the reason to decline


def accept_games(games: Collection[str] | None) -> Judge:
    """A judge accepting every challenge to one of ``games`` (None: any game), and declining the
    others, saying which games the bot plays."""

    def judge(challenge: Challenge) -> str | None:
        if games is None or challenge.game in games:
            return None
        if not games:
            return "this bot accepts no challenges now"
        return f"this bot plays only {', '.join(sorted(games))}"

    return judge


class BotRunner:
    """Plays every seat the token's bot account holds, as they come (see above).

    ``decide_for(seat)`` gives the function that answers that seat's questions (one per table,
    so that a bot may keep what it learns during a game).  ``games``: stop once so many tables
    have ended (None: run until cancelled); challenges beyond them are declined.  ``judge``: which
    challenges to accept (None from it) and why the others are declined (its text); by default
    every one (:func:`accept_games`)."""

    def __init__(
        self,
        api: Api,
        decide_for: Callable[[SeatInfo], Decide],
        poll: float = POLL,
        games: int | None = None,
        judge: Judge | None = None,
    ) -> None:
        self.api, self.decide_for, self.poll, self.games = api, decide_for, poll, games
        self.judge = judge or accept_games(None)
        self.playing: dict[str, asyncio.Task[Finished]] = {}
        self.finished: list[Finished] = []
        self._done: set[str] = set()  # tables over: never joined again

    async def run(self) -> list[Finished]:
        """Play until ``games`` tables have ended (or for ever); the tables finished.  Raises
        :class:`Unauthorized` when the server refuses the token."""
        waits = delays(1.0, 30.0)
        try:
            while self.games is None or len(self.finished) < self.games:
                try:
                    await self._answer(await self.api.challenges())
                    self._start(await self.api.seats())
                    waits = delays(1.0, 30.0)
                    wait = self.poll
                except RateLimited as err:
                    wait = err.retry_after
                    log.warning("%s; asking again in %.0f s", err, wait)
                except Unauthorized:
                    raise
                except ClientError as err:
                    wait = next(waits)
                    log.warning("the seats could not be read (%s); again in %.1f s", err, wait)
                self._collect()
                if self.games is not None and len(self.finished) >= self.games:
                    break
                await self._sleep(wait)
        finally:
            for task in self.playing.values():
                task.cancel()
            for task in self.playing.values():
                with contextlib.suppress(BaseException):
                    await task
        return self.finished

    async def _answer(self, challenges: list[Challenge]) -> None:
        """Accept or decline each challenge waiting; an accepted one's table is played at once."""
        for challenge in challenges:
            reason = self.judge(challenge)
            if (
                reason is None
                and self.games is not None
                and len(self.playing) + len(self.finished) >= self.games
            ):
                reason = "this bot plays no more games now"
            name = f"challenge {challenge.id} from {challenge.challenger} ({challenge.game})"
            try:
                if reason is not None:
                    await self.api.decline(challenge.id, reason)
                    log.info("%s: declined (%s)", name, reason)
                    continue
                seat = await self.api.accept(challenge.id)
            except Gone as err:  # taken back or expired meanwhile
                log.info("%s: %s", name, err)
                continue
            log.info("%s: accepted, table %s", name, seat.table)
            self._start([seat])

    def _start(self, seats: list[SeatInfo]) -> None:
        for seat in seats:
            if seat.table in self.playing or seat.table in self._done:
                continue
            log.info("table %s (%s): playing seat %d", seat.table, seat.game, seat.seat)
            client = TableClient(self.api, seat.table, self.decide_for(seat))
            self.playing[seat.table] = asyncio.get_running_loop().create_task(
                client.play(), name=f"table {seat.table}"
            )

    def _collect(self) -> None:
        """Note the tables whose task ended; raise a refused token's error."""
        for table, task in list(self.playing.items()):
            if not task.done():
                continue
            del self.playing[table]
            if task.cancelled():
                continue
            err = task.exception()
            if err is None:
                result = task.result()
                self._done.add(table)
                self.finished.append(result)
                log.info("table %s: over (seat %d, scores %s)", table, result.seat, result.scores)
            elif isinstance(err, Unauthorized):
                raise err
            elif isinstance(err, Forbidden | NotSeated):
                self._done.add(table)  # not ours to play (any more)
                log.warning("table %s: %s", table, err)
            else:  # a bug in the bot, or a surprise: tried again at the next look
                log.error("table %s: the bot failed: %r", table, err, exc_info=err)

    async def _sleep(self, seconds: float) -> None:
        """Wait, waking early when a table's task ends (so ``games`` is noticed at once)."""
        tasks = [t for t in self.playing.values() if not t.done()]
        if not tasks:
            await asyncio.sleep(seconds)
            return
        await asyncio.wait(tasks, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
