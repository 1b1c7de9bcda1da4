"""Bring your own bot (issue 32): bot accounts, their API tokens, and what a bot asks the server.

The owner, logged in as a person (the session cookie), makes the account a bot account (for good,
and only before it has sat at a rated table) and makes, lists and revokes its API tokens under
``/api/account/``.  A program with a token (``Authorization: Bearer tbot.…``, bot_auth.py) reads
under ``/api/bot/`` which seats it holds, and plays each over the table's WebSocket like anyone:
the rules judge its actions, it sees its seat's view only, its clock runs like a person's.  A bot
account plays only the tables its program agreed to (:func:`consented`): a person's challenge it
accepted (challenges.py), or a table its program makes, seating itself by name (``"@NAME"``
among the seats: :func:`named_seats`) beside built-in levels.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from fastapi import APIRouter, HTTPException, Request
from pydantic import Field

from ..core.protocol import JSON
from . import bot_auth, bot_store
from .accounts import current_user, logged_in
from .contract import ACCOUNT, BOT, OWNER, TOKEN, Body, RowId, checked, declare, link
from .hub import Hub
from .messages import error
from .schema import Account
from .sockets import UNAUTHORIZED, SocketConn
from .tokens import hash_token

TOKENS_PER_ACCOUNT = 10
NAMED = "@"  # a seat described "@NAME" is the bot account NAME's


class TokenName(Body):
    name: str = Field(
        max_length=1000,
        json_schema_extra=checked(
            "1 to 64 printable characters, spaces collapsed (400 for any other)", pattern=r"\S"
        ),
    )


NOT_BOT = {409: "this is not a bot account: make it one first"}
PLAYS = {**TOKEN, 401: "no API token, or one that is not valid (revoked, or never made)"}


def new_api_token() -> str:
    """A new API token: 256 random bits after the prefix that tells it from a seat's token."""
    return bot_auth.PREFIX + secrets.token_urlsafe(32)


async def named_seats(hub: Hub, seats: Sequence[str] | None) -> dict[int, Account]:
    """The bot accounts a new table's seats name (``"@NAME"``), by seat; an HTTPException (400)
    for a name that is no bot account's, or one named twice."""
    found: dict[int, Account] = {}
    for seat, kind in enumerate(seats or ()):
        if not kind.startswith(NAMED):
            continue
        account = await hub.writer.call(bot_store.account_named, hub.storage, kind[len(NAMED) :])
        if account is None:
            raise HTTPException(400, f"seat {seat}: there is no account {kind[len(NAMED) :]!r}")
        if not account.bot:
            raise HTTPException(
                400, f"seat {seat}: {account.name} is not a bot account (invite people with a seat's link)"
            )
        if any(other.id == account.id for other in found.values()):
            raise HTTPException(400, f"seat {seat}: {account.name} holds one seat of a table, not two")
        found[seat] = account
        hub.bot_accounts.add(account.id)
    return found


CHALLENGE_IT = "it plays the tables its program accepts: challenge it (POST /api/challenges, docs/bots.md)"
SEATS_ITSELF = (
    "a bot account takes no person seat: its program seats itself by name beside built-in levels "
    '(seats such as ["@NAME", "hard"])'
)
UNASKED = {403: f"a bot account named by anybody but itself ({CHALLENGE_IT}); {SEATS_ITSELF}"}


def consented(held: Mapping[int, Account], seats: Sequence[str] | None, by: Account | None) -> None:
    """A bot account plays only the tables its program agreed to: those of the challenges it
    accepted, and those it makes itself (``by`` is the bot, with its token), where it seats itself
    by name beside built-in levels and takes no person seat; an HTTPException (403) for any other
    table that names a bot account."""
    for seat, bot in held.items():
        if by is None or by.id != bot.id:
            raise HTTPException(403, f"seat {seat}: {bot.name} is a bot account; {CHALLENGE_IT}")
    if by is not None and by.bot and (seats is None or "person" in seats):
        raise HTTPException(403, SEATS_ITSELF)


async def token_bot(hub: Hub, request: Request, why: str) -> Account:
    """The bot account of a request only its program makes, with an API token (bot_auth.py); else
    an HTTPException (401) saying ``why``."""
    if bot_auth.api_token(request) is None:
        raise HTTPException(401, why)
    account = await current_user(hub, request, hub.settings.clock)
    assert account is not None  # a token is its account, or refused
    return account


def close_sockets(hub: Hub, token_id: int) -> int:
    """Close this process's sockets opened with the token ``token_id`` (revoked); how many."""
    closed = 0
    for room in list(hub.rooms.values()):
        for group in list(room.conns.values()):
            for conn in list(group):
                if isinstance(conn, SocketConn) and conn.ws.scope.get(bot_auth.TOKEN_SCOPE) == token_id:
                    conn.send(error("unauthorized", "this API token was revoked"))
                    conn.end(UNAUTHORIZED, "revoked")
                    closed += 1
    return closed


def router(hub: Hub) -> APIRouter:
    api = APIRouter()
    clock = hub.settings.clock

    async def owner(request: Request) -> Account:
        """The account managed: logged in with its password (a token is refused here: bot_auth)."""
        return await logged_in(hub, request, "log in as the account's owner")

    async def bot_owner(request: Request) -> Account:
        account = await owner(request)
        if not account.bot:
            raise HTTPException(409, "this is not a bot account: make it one first (POST /api/account/bot)")
        return account

    async def bot(request: Request) -> Account:
        """The bot account playing: only with an API token."""
        return await token_bot(hub, request, "a bot shows its API token: Authorization: Bearer tbot....")

    @api.get("/api/account/bot", **declare(ACCOUNT, security=OWNER))
    async def is_bot(request: Request) -> dict[str, JSON]:
        """Whether the logged-in account is a bot account."""
        account = await owner(request)
        return {"name": account.name, "bot": account.bot}

    @api.post(
        "/api/account/bot",
        **declare(ACCOUNT, {409: "a bot account already, or it has sat at a rated table"}, security=OWNER),
    )
    async def become_bot(request: Request) -> dict[str, JSON]:
        """Make the logged-in account a bot account, for good: from then on it plays only through
        the API with its tokens.  409 when it is one already or has sat at a rated table."""
        account = await owner(request)
        why_not = await hub.writer.call(bot_store.make_bot, hub.storage, account.id)
        if why_not is not None:
            raise HTTPException(409, why_not)
        hub.bot_accounts.add(account.id)
        return {"name": account.name, "bot": True}

    @api.post(
        "/api/account/tokens",
        status_code=201,
        **declare(
            ACCOUNT,
            NOT_BOT,
            {400: "a token's name is 1 to 64 printable characters", 409: "10 tokens already"},
            security=OWNER,
            links={
                201: {
                    "revoke": link("delete", "/api/account/tokens/{token_id}", token_id="$response.body#/id")
                }
            },
        ),
    )
    async def make_token(body: TokenName, request: Request) -> dict[str, JSON]:
        """A new API token of the bot account, shown this once (the server keeps its hash only)."""
        account = await bot_owner(request)
        name = " ".join(body.name.split())
        if not 1 <= len(name) <= 64 or not name.isprintable():
            raise HTTPException(400, "a token's name is 1 to 64 printable characters")
        token, now = new_api_token(), clock()
        token_id = await hub.writer.call(
            bot_store.add_token, hub.storage, account.id, hash_token(token), name, now, TOKENS_PER_ACCOUNT
        )
        if token_id is None:
            raise HTTPException(
                409, f"a bot account has at most {TOKENS_PER_ACCOUNT} tokens: revoke one first"
            )
        return {"id": token_id, "name": name, "created": now, "last_used": None, "token": token}

    @api.get("/api/account/tokens", **declare(ACCOUNT, NOT_BOT, security=OWNER))
    async def list_tokens(request: Request) -> dict[str, list[dict[str, JSON]]]:
        """The bot account's tokens: names and times, never the tokens."""
        account = await bot_owner(request)
        rows = await hub.writer.call(bot_store.tokens, hub.storage, account.id)
        return {
            "tokens": [
                {"id": r.id, "name": r.name, "created": r.created, "last_used": r.last_used} for r in rows
            ]
        }

    @api.delete(
        "/api/account/tokens/{token_id}",
        **declare(ACCOUNT, {404: "no such token of this account"}, security=OWNER),
    )
    async def revoke_token(token_id: RowId, request: Request) -> dict[str, JSON]:
        """Revoke a token: refused from now on, and its sockets on this server closed (4401)."""
        account = await owner(request)
        if not await hub.writer.call(bot_store.revoke, hub.storage, account.id, token_id):
            raise HTTPException(404, f"this account has no token {token_id}")
        return {"ok": True, "closed": close_sockets(hub, token_id)}

    @api.get("/api/bot/me", **declare(PLAYS, security=BOT))
    async def me(request: Request) -> dict[str, JSON]:
        account = await bot(request)
        return {"name": account.name, "bot": True}

    @api.get("/api/bot/seats", **declare(PLAYS, security=BOT))
    async def seats(request: Request) -> dict[str, list[dict[str, JSON]]]:
        """The seats the bot holds at unfinished tables (not those it left), the oldest table
        first: each to be played over ``socket`` (join with no token: the API token sits it)."""
        account = await bot(request)
        found: list[dict[str, JSON]] = []
        for room in sorted(hub.rooms.values(), key=lambda r: r.row.created):
            seat = room.seat_of(account)
            if seat is None or room.status() == "finished" or room.seats[seat].left:
                continue
            found.append(
                {
                    "table": room.id,
                    "game": room.game.name,
                    "seat": seat,
                    "status": room.status(),
                    "step": room.step,
                    "asked": seat in room.prompts,
                    "socket": f"/ws/tables/{room.id}",
                }
            )
        return {"seats": found}

    return api
