"""Challenges (issue 32, second part): a person challenges a bot account, its program answers.

A logged-in person (the session cookie) challenges a bot account to a game on the terms the
lobby's new-table form offers: the game's options, who sits where (the person once, the bot
account once as ``"@NAME"``, built-in levels in any other seat), a clock, rated, private, the
takeover level.  The terms are checked at once, as a new table's are.  The bot's program, with an
API token, lists the challenges waiting for it and accepts one (the table is made then, the
person and the bot account seated, as ``"@NAME"`` seats it at a new table: lobby.py) or declines
it with a reason.  The person sees the answer by asking for the challenge (the lobby asks every
second and goes to the table).  Unanswered, a challenge expires after ``EXPIRES`` seconds; a
person has at most ``OPEN_PER_PERSON`` open at once, a bot at most ``OPEN_PER_BOT`` waiting.
A bot account challenges nobody.  Stored in ``challenges`` (challenge_store.py), so any server
process answers for any challenge.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request
from pydantic import ConfigDict, Field

from ..core.errors import TabletopError
from ..core.protocol import JSON
from ..core.registry import game_class, make
from . import bot_store, challenge_store
from .accounts import logged_in
from .bot_api import NAMED, named_seats, token_bot
from .bots import levels
from .challenge_store import ACCEPTED, DECLINED, FAILED
from .clocks import time_control
from .contract import BOT, BOT_COOKIE, PERSON, TABLE_LIMITS, TOKEN, Body, declare, link
from .hub import Hub, check_options
from .limits import Limiter
from .lobby import TERMS, CreateTable, admit
from .moderation_store import blocked_between
from .schema import Account

EXPIRES = 120.0  # seconds a challenge waits for the bot's answer
OPEN_PER_PERSON = 3  # challenges a person may have open at once
OPEN_PER_BOT = 50  # challenges that may wait for one bot's answer
PER_MINUTE = 20  # challenges a person may make in a minute (cancelled ones count)
SHOWN = 20  # a person's challenges listed, the newest first
BOTS_LISTED = 200  # bot accounts listed for the lobby
ACTIVE = 180.0  # a bot whose token was used so recently is "active" (a use is noted once a minute)
REASON = 200  # characters of a decline's reason kept
NOT_YOURS = "no such challenge of yours"
ChallengeId = Annotated[int, Path(ge=1, le=2**31 - 1)]  # a challenge's number, as stored


class NewChallenge(CreateTable):
    """A new table's terms (the lobby's), and the bot account challenged to it."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"bot": "zeta", "game": "summon7", "options": {"players": 2}}]}
    )
    bot: str = Field(max_length=32)


class Decline(Body):
    reason: str | None = Field(None, max_length=1000)  # kept to REASON printable characters


def challenge_json(row: challenge_store.ChallengeRow, now: float) -> dict[str, JSON]:
    terms = row.terms
    seats: list[str] = list(terms["seats"])
    return {
        "id": row.id,
        "challenger": row.challenger,
        "bot": row.bot,
        "game": row.game,
        "title": game_class(row.game).title,
        "options": terms["options"],
        "seats": list(seats),
        "seat": next(i for i, s in enumerate(seats) if s.startswith(NAMED)),  # the bot's
        "clock": terms["clock"],
        "rated": terms["rated"],
        "private": terms["private"],
        "takeover": terms["takeover"],
        "created": row.created,
        "expires": row.expires,
        "now": now,
        "status": row.status_at(now),
        "reason": row.reason,
        "table": row.table_id,
        "url": None if row.table_id is None else f"/table/{row.table_id}",
    }


def seats_of(body: NewChallenge, players: int) -> list[str]:
    """The challenge's seats: as asked, or the person, the bot, and the normal level in any more;
    an HTTPException (400) unless they hold the person once, the bot challenged once, levels else."""
    if body.seats is None:
        return ["person", NAMED + body.bot] + ["normal"] * (players - 2)
    seats = list(body.seats)
    named = [s for s in seats if s.startswith(NAMED)]
    if seats.count("person") != 1:
        raise HTTPException(400, 'a challenge has one person seat ("person"): the challenger\'s')
    if len(named) != 1 or named[0][len(NAMED) :].lower() != body.bot.lower():
        raise HTTPException(400, f'a challenge seats one bot account, the one challenged: "@{body.bot}"')
    for seat, kind in enumerate(seats):
        if kind != "person" and not kind.startswith(NAMED) and kind not in levels():
            raise HTTPException(400, f"seat {seat}: the other seats are bot levels ({', '.join(levels())})")
    return seats


LOGIN = {401: "not logged in", 403: "a bot account challenges nobody"}
THE_BOT = {**TOKEN, 401: "no API token, or one that is not valid (revoked, or never made)"}
NOT_FOUND = {404: NOT_YOURS}
ANSWERED = {409: "the challenge is no longer open (answered, cancelled, expired)"}
ONE = "/api/challenges/{challenge_id}"
LINKS = {
    "challenge": link("get", ONE, challenge_id="$response.body#/id"),
    "cancel": link("delete", ONE, challenge_id="$response.body#/id"),
    "accept": link("post", "/api/bot/challenges/{challenge_id}/accept", challenge_id="$response.body#/id"),
    "decline": link("post", "/api/bot/challenges/{challenge_id}/decline", challenge_id="$response.body#/id"),
}


def router(hub: Hub) -> APIRouter:
    api = APIRouter()
    clock, call, storage = hub.settings.clock, hub.writer.call, hub.storage
    made = Limiter(PER_MINUTE, 60.0, clock)

    async def person(request: Request) -> Account:
        account = await logged_in(hub, request, "log in to challenge a bot account")
        if account.bot:
            raise HTTPException(403, "a bot account challenges nobody: people challenge bots")
        return account

    async def bot(request: Request) -> Account:
        return await token_bot(
            hub, request, "a bot answers with its API token: Authorization: Bearer tbot...."
        )

    async def found(challenge_id: int, account: Account) -> challenge_store.ChallengeRow:
        """The challenge, for its challenger or its bot only (404 for anybody else)."""
        row = await call(challenge_store.get, storage, challenge_id)
        if row is None or account.id not in (row.challenger_id, row.bot_id):
            raise HTTPException(404, NOT_YOURS)
        return row

    @api.post(
        "/api/challenges",
        status_code=201,
        **declare(
            TOKEN,
            BOT_COOKIE,
            LOGIN,
            {
                400: TERMS + "; a name that is no bot account's",
                403: "a block stands between the two accounts",
                429: "too many challenges in a minute, or waiting for an answer (the person's, the bot's)",
            },
            security=PERSON,
            links={201: LINKS},
        ),
    )
    async def challenge(body: NewChallenge, request: Request) -> dict[str, JSON]:
        """Challenge a bot account; the terms are checked now (400), the bot answers later."""
        account = await person(request)
        try:
            game = make(body.game, **check_options(body.game, body.options))
            control = time_control(None if body.clock is None else body.clock.model_dump(exclude_none=True))
        except TabletopError as err:
            raise HTTPException(400, str(err)) from None
        if body.takeover not in levels():
            raise HTTPException(400, f"the takeover level is one of {', '.join(levels())}")
        seats = seats_of(body, game.players)
        if len(seats) != game.players:
            raise HTTPException(400, f"this game has {game.players} seats; {len(seats)} were described")
        ((seat, target),) = (await named_seats(hub, seats)).items()
        seats[seat] = NAMED + target.name
        if await call(blocked_between, storage, account.id, [target.id]):
            raise HTTPException(403, f"you cannot challenge {target.name}: a block stands between you")
        wait = made.take(str(account.id))
        if wait:
            raise HTTPException(429, "too many challenges in a minute", {"Retry-After": str(math.ceil(wait))})
        terms: dict[str, Any] = {
            "options": dict(game.options),
            "seats": seats,
            "clock": control.to_json(),
            "rated": body.rated,
            "private": body.private,
            "takeover": body.takeover,
        }
        now = clock()
        limits = (OPEN_PER_PERSON, OPEN_PER_BOT)
        made_id = await call(
            challenge_store.add, storage, account.id, target.id, game.name, terms, now, now + EXPIRES, limits
        )
        if made_id == "challenger":
            first = await call(challenge_store.first_expiry, storage, account.id, now)
            retry = str(max(1, math.ceil((first or now + EXPIRES) - now)))
            raise HTTPException(
                429,
                f"you have {OPEN_PER_PERSON} challenges waiting for an answer: wait for one, or cancel one",
                {"Retry-After": retry},
            )
        if made_id == "bot":
            raise HTTPException(
                429, f"{target.name} has many challenges waiting: try again later", {"Retry-After": "60"}
            )
        row = await call(challenge_store.get, storage, int(made_id))
        assert row is not None
        return challenge_json(row, now)

    @api.get("/api/challenges", **declare(TOKEN, LOGIN, security=PERSON))
    async def mine(request: Request) -> dict[str, list[dict[str, JSON]]]:
        """The person's last challenges, the newest first."""
        account = await person(request)
        rows = await call(challenge_store.made_by, storage, account.id, SHOWN)
        now = clock()
        return {"challenges": [challenge_json(r, now) for r in rows]}

    @api.get(
        "/api/challenges/{challenge_id}", **declare(TOKEN, NOT_FOUND, {401: LOGIN[401]}, security=PERSON)
    )
    async def one(challenge_id: ChallengeId, request: Request) -> dict[str, JSON]:
        """A challenge as it stands, for its challenger (a cookie) or its bot (a token)."""
        account = await logged_in(hub, request, "log in (or show the bot's API token) to see a challenge")
        return challenge_json(await found(challenge_id, account), clock())

    @api.delete(
        "/api/challenges/{challenge_id}",
        **declare(TOKEN, BOT_COOKIE, LOGIN, NOT_FOUND, ANSWERED, security=PERSON),
    )
    async def cancel(challenge_id: ChallengeId, request: Request) -> dict[str, JSON]:
        """The challenger takes an open challenge back (409 once answered or expired)."""
        account = await person(request)
        row = await found(challenge_id, account)
        if row.challenger_id != account.id:
            raise HTTPException(404, NOT_YOURS)
        if not await call(challenge_store.cancel, storage, challenge_id, account.id, clock()):
            raise HTTPException(409, f"this challenge is {row.status_at(clock())} already")
        return await current(challenge_id)

    async def current(challenge_id: int) -> dict[str, JSON]:
        row = await call(challenge_store.get, storage, challenge_id)
        assert row is not None
        return challenge_json(row, clock())

    @api.get("/api/bots")
    async def bots() -> dict[str, list[dict[str, JSON]]]:
        """The bot accounts one may challenge, those whose program was seen last first."""
        now = clock()
        rows = await call(challenge_store.bot_accounts, storage, BOTS_LISTED)
        return {
            "bots": [
                {"name": name, "active": seen is not None and now - seen <= ACTIVE, "url": f"/players/{name}"}
                for name, seen in rows
            ]
        }

    @api.get("/api/bot/challenges", **declare(THE_BOT, security=BOT))
    async def waiting(request: Request) -> dict[str, list[dict[str, JSON]]]:
        """The challenges waiting for the bot's answer, the oldest first."""
        account = await bot(request)
        now = clock()
        rows = await call(challenge_store.open_to, storage, account.id, now)
        return {"challenges": [challenge_json(r, now) for r in rows]}

    async def answerable(challenge_id: int, account: Account) -> challenge_store.ChallengeRow:
        row = await found(challenge_id, account)
        if row.bot_id != account.id:
            raise HTTPException(404, NOT_YOURS)
        status = row.status_at(clock())
        if status != challenge_store.OPEN:
            raise HTTPException(409, f"this challenge is {status}: it cannot be answered")
        return row

    @api.post(
        "/api/bot/challenges/{challenge_id}/accept",
        **declare(
            THE_BOT,
            NOT_FOUND,
            ANSWERED,
            TABLE_LIMITS,
            {409: "the challenger cannot play now, or the table could not be made"},
            security=BOT,
        ),
    )
    async def accept(challenge_id: ChallengeId, request: Request) -> dict[str, JSON]:
        """Accept: the table is made with the challenger and the bot seated, its clocks running."""
        account = await bot(request)
        row = await answerable(challenge_id, account)
        challenger = await call(bot_store.account_named, storage, row.challenger)
        if challenger is None:  # suspended since
            raise HTTPException(409, "the challenger's account cannot play now")
        if await call(blocked_between, storage, challenger.id, [account.id]):  # a block made since
            why = "a block stands between the two accounts"
            await call(challenge_store.answer, storage, challenge_id, account.id, FAILED, why, clock())
            raise HTTPException(409, f"the challenger's account cannot play now: {why}")
        ticket = admit(hub, request, False)  # a new table, counted as any
        taken = await call(challenge_store.answer, storage, challenge_id, account.id, ACCEPTED, None, clock())
        if not taken:
            hub.traffic.failed(ticket)
            raise HTTPException(409, "this challenge is no longer open: it cannot be answered")
        terms = row.terms
        seat = next(i for i, s in enumerate(terms["seats"]) if s.startswith(NAMED))
        try:
            room, _ = await hub.create(
                row.game,
                terms["options"],
                terms["seats"],
                creator=challenger,
                control=time_control(terms["clock"]),
                rated=bool(terms["rated"]),
                private=bool(terms["private"]),
                takeover=str(terms["takeover"]),
                accounts={seat: account},
            )
        except BaseException as err:
            hub.traffic.failed(ticket)
            if not isinstance(err, Exception):  # cancelled: nothing more to do here
                raise
            await call(challenge_store.settle, storage, challenge_id, None, f"the table was not made: {err}")
            if isinstance(err, TabletopError):
                raise HTTPException(409, f"the table could not be made: {err}") from None
            raise
        hub.traffic.created_table(ticket, room.id)
        await call(challenge_store.settle, storage, challenge_id, room.id)
        answer = await current(challenge_id)
        return {"challenge": answer, "table": room.id, "seat": seat, "socket": f"/ws/tables/{room.id}"}

    @api.post(
        "/api/bot/challenges/{challenge_id}/decline", **declare(THE_BOT, NOT_FOUND, ANSWERED, security=BOT)
    )
    async def decline(
        challenge_id: ChallengeId, request: Request, body: Decline | None = None
    ) -> dict[str, JSON]:
        """Decline, with a reason the challenger reads (optional)."""
        account = await bot(request)
        await answerable(challenge_id, account)
        said = " ".join((body.reason if body is not None and body.reason else "").split())[:REASON]
        reason = "".join(c for c in said if c.isprintable()) or None
        now = clock()
        if not await call(challenge_store.answer, storage, challenge_id, account.id, DECLINED, reason, now):
            raise HTTPException(409, "this challenge is no longer open: it cannot be answered")
        return await current(challenge_id)

    return api
