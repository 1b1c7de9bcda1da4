"""Accounts: sign up, log in, log out, who am I.

Passwords are hashed with Argon2id (argon2-cffi's defaults), off the event loop; only the hash is
stored, and neither the password nor the session token ever appears in a log, a view, a record or
an answer.  A login is a random session token in an HttpOnly, SameSite=Lax cookie (Secure when
served over HTTPS); the database keeps its SHA-256 hash and expiry.  Guests still play from
invitation links without an account.

Failed logins are throttled so that a stranger cannot lock a player out (OWASP's Authentication
Cheat Sheet, "Login Throttling", and "Slow Down Online Guessing Attacks with Device Cookies"):

- per account and address: 5 failures in 15 minutes block that pair only;
- per address: 20 failures in 15 minutes, whatever the accounts, block the address;
- per account, from every address together: after 10 failures each attempt waits 2, 4, 8, ...
  seconds since the last failure, at most 15 minutes (forgotten after an hour without one);
- a login sets a device cookie (a random token for a year; the database keeps its SHA-256 with
  the user): an attempt presenting a valid one for the account it names is counted only against
  that cookie, 5 failures in 15 minutes blocking it (a blocked cookie counts as none), so the
  owner's browser gets in whatever strangers do elsewhere.

Limits key on the name as typed (lowercased), so a refusal is the same whether or not the account
exists.  An attempt is counted before its password is checked and taken back if it succeeds, so
parallel requests cannot slip past a limit.  The counters are in memory (a restart forgets them,
which only helps a legitimate user); the device cookies are in the database.  Sign-ups are limited
per address.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import re
import secrets
from collections.abc import Callable, Iterable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import JSONResponse
from pydantic import Field
from starlette.requests import HTTPConnection

from . import bot_auth, bot_store, moderation_store
from .contract import ACCOUNT, OWNER, PASSWORD, Body, FieldError, checked, declare, player_links
from .hub import Hub
from .limits import Backoff, Limiter
from .origins import allowed_origin
from .schema import Account
from .traffic import client_address

COOKIE = "tabletop_session"
SESSION_SECONDS = 30 * 24 * 3600
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{2,31}")
NAME_CHARACTER = re.compile(r"[A-Za-z0-9_.-]")
WINDOW = 15 * 60  # seconds over which failures count
PAIR_FAILURES = 5  # failed logins an address may make for one account in a window
ADDRESS_FAILURES = 20  # failed logins an address allows in a window, whatever the accounts
DEVICE_FAILURES = 5  # failed logins with one device cookie in a window
BACKOFF_FREE = 10  # an account's failures (from untrusted browsers) before its backoff starts
BACKOFF_FIRST = 2.0  # seconds the first attempt beyond them waits; each failure more doubles it
BACKOFF_CAP = WINDOW  # the longest wait
BACKOFF_FORGET = 60 * 60  # an account's failures are forgotten after so long without one
ADDRESS_SIGNUPS = 10  # sign-ups an address may make in a window
DEVICE_COOKIE = "tabletop_device"
DEVICE_PATH = "/api/account/login"  # only the login reads it
DEVICE_SECONDS = 365 * 24 * 3600
DEVICES_PER_USER = 5  # device cookies a user keeps, the newest
TOKEN_LENGTH = 128  # longer cookies are nobody's


class Credentials(Body):
    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=256)


class NewAccount(Credentials):
    """A sign-up: the name and the password's length are checked in words (400, naming the field)."""

    name: str = Field(
        min_length=1,
        max_length=64,
        json_schema_extra=checked(
            "3 to 32 letters a to z, digits, '_', '.' and '-', starting with a letter or a digit",
            pattern=f"^{NAME.pattern}$",
            minLength=3,
            maxLength=32,
        ),
    )
    password: str = Field(
        min_length=1,
        max_length=256,
        json_schema_extra=PASSWORD,
    )


THROTTLED = {429: "too many attempts from this address or for this account; try again later"}


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a new account's name, in words (None: nothing): the first
    character it may not hold, named, else its length, else its first character."""
    for character in name:
        if NAME_CHARACTER.fullmatch(character):
            continue
        if character.isspace():
            return "a name cannot contain a space"
        shown = (
            repr(character) if character.isprintable() else f"the invisible character U+{ord(character):04X}"
        )
        return f"a name cannot contain {shown}: only letters a to z, digits, '_', '.' and '-'"
    if len(name) < 3:
        return f"a name needs at least 3 characters, not {len(name)}"
    if len(name) > 32:
        return f"a name has at most 32 characters, not {len(name)}"
    if not name[0].isalnum():
        return "a name starts with a letter or a digit"
    return None


def refused(status: int, field: str, message: str) -> JSONResponse:
    """A refusal in words (``detail``) naming the form's ``field`` at fault, for the page to point
    at it."""
    return JSONResponse({"detail": message, "field": field}, status_code=status)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def address(request: Request) -> str:
    return client_address(request)


def set_cookie(request: Request, response: Response, name: str, token: str, seconds: int, path: str) -> None:
    """An HttpOnly, SameSite=Lax cookie (Secure when served over HTTPS) holding ``token``."""
    response.set_cookie(
        name,
        token,
        max_age=seconds,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path=path,
    )


def password_hasher(hub: Hub) -> PasswordHasher:
    """Argon2id at the server's cost (``Settings.password_time_cost``, ``password_memory_kib``); a
    hash says its own cost, so hashes made at another cost still verify (and are rehashed)."""
    s = hub.settings
    return PasswordHasher(time_cost=s.password_time_cost, memory_cost=s.password_memory_kib)


def router(hub: Hub, clock: Callable[[], float]) -> APIRouter:
    api = APIRouter(prefix="/api/account")
    hasher = password_hasher(hub)
    dummy = hasher.hash(secrets.token_urlsafe(16))  # verified against for unknown names (same time)
    by_pair = Limiter(PAIR_FAILURES, WINDOW, clock)  # "<account>\n<address>"
    by_address = Limiter(ADDRESS_FAILURES, WINDOW, clock)
    by_account = Backoff(BACKOFF_FREE, BACKOFF_FIRST, BACKOFF_CAP, BACKOFF_FORGET, clock)
    by_device = Limiter(DEVICE_FAILURES, WINDOW, clock)  # the device cookie's token hash
    signups = Limiter(ADDRESS_SIGNUPS, WINDOW, clock)

    def refuse_if_blocked(*waits: float) -> None:
        wait = max(waits)
        if wait > 0:
            raise HTTPException(
                429, "too many attempts; try again later", {"Retry-After": str(max(1, math.ceil(wait)))}
            )

    async def device_of(request: Request, account: str) -> str | None:
        """The hash of the request's device cookie when it is a valid one of ``account`` (a name,
        lowercased); else None."""
        token = request.cookies.get(DEVICE_COOKIE)
        if not token or len(token) > TOKEN_LENGTH:
            return None
        hashed = token_hash(token)
        owner = await hub.writer.call(hub.storage.device_user, hashed, clock())
        if owner is None or owner.name.lower() != account:
            return None
        return hashed

    async def trust_device(request: Request, response: Response, user_id: int) -> None:
        """A new device cookie for the browser that just logged in (replacing the one it had)."""
        token, old = secrets.token_urlsafe(32), request.cookies.get(DEVICE_COOKIE)
        replaces = token_hash(old) if old and len(old) <= TOKEN_LENGTH else None
        now = clock()
        await hub.writer.call(
            hub.storage.add_device,
            token_hash(token),
            user_id,
            now,
            now + DEVICE_SECONDS,
            DEVICES_PER_USER,
            replaces,
        )
        set_cookie(request, response, DEVICE_COOKIE, token, DEVICE_SECONDS, DEVICE_PATH)

    @api.post(
        "/signup",
        status_code=201,
        response_model=None,
        **declare(
            {400: "the name or the password refused", 409: "the name is taken"},
            THROTTLED,
            bodies={400: FieldError, 409: FieldError},
            links={201: player_links("$response.body#/name")},
        ),
    )
    async def signup(body: NewAccount, request: Request, response: Response) -> dict[str, str] | JSONResponse:
        """A new account; a refusal says what is wrong and with which field (``field``)."""
        where = address(request)
        refuse_if_blocked(signups.blocked(where))
        problem = name_problem(body.name)
        if problem is not None or not NAME.fullmatch(body.name):  # the same names, told in words
            return refused(400, "name", problem or "this name is not allowed")
        if len(body.password) < 8:
            return refused(400, "password", "a password needs at least 8 characters")
        if len(body.password) > 128:
            return refused(400, "password", "a password has at most 128 characters")
        signups.note(where)
        hashed = await asyncio.to_thread(hasher.hash, body.password)
        user_id = await hub.writer.call(hub.storage.add_user, body.name, hashed, clock())
        if user_id is None:
            return refused(409, "name", f"the name {body.name!r} is taken")
        await start_session(hub, request, response, user_id, clock())
        await trust_device(request, response, user_id)
        return {"name": body.name}

    @api.post(
        "/login",
        **declare({401: "wrong name or password", 403: "this account is suspended"}, THROTTLED),
    )
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, str]:
        where, account = address(request), body.name.lower()
        pair = f"{account}\n{where}"  # an address has no newline: no two pairs share a key
        device = await device_of(request, account)
        if device is not None and by_device.blocked(device):
            device = None  # a blocked device cookie is none: the attempt is an untrusted browser's
        # counted now (no await since the check), taken back on success: parallel attempts cannot
        # all slip past a limit
        if device is not None:
            by_device.note(device)
        else:
            refuse_if_blocked(by_pair.blocked(pair), by_address.blocked(where), by_account.blocked(account))
            by_pair.note(pair)
            by_address.note(where)
            by_account.note(account)
        user = await hub.writer.call(hub.storage.user, body.name)
        try:
            await asyncio.to_thread(hasher.verify, user.password_hash if user else dummy, body.password)
            ok = user is not None
        except (VerificationError, InvalidHashError):
            ok = False
        if not ok or user is None:
            raise HTTPException(401, "wrong name or password")
        if await hub.writer.call(moderation_store.is_suspended, hub.storage, user.id):
            raise HTTPException(403, "this account is suspended")  # told only with its password
        if device is not None:
            by_device.forget(device)
        else:
            by_pair.forget(pair)
            by_address.forget(where)
            by_account.forget(account)
        if hasher.check_needs_rehash(user.password_hash):
            rehashed = await asyncio.to_thread(hasher.hash, body.password)
            await hub.writer.call(hub.storage.set_password_hash, user.id, rehashed)
        await start_session(hub, request, response, user.id, clock())
        await trust_device(request, response, user.id)
        return {"name": user.name}

    @api.post("/logout")
    async def logout(request: Request, response: Response) -> dict[str, bool]:
        token = request.cookies.get(COOKIE)
        if token:
            await hub.writer.call(hub.storage.end_session, token_hash(token))
        response.delete_cookie(COOKIE, path="/")
        return {"ok": True}

    @api.get("/me", **declare(ACCOUNT, security=OWNER))
    async def me(request: Request) -> dict[str, str]:
        account = await current_user(hub, request, clock)
        if account is None:
            raise HTTPException(401, "not logged in")
        return {"name": account.name}

    @api.get("/whoami", **declare({403: ACCOUNT[403]}, security=[{}, *OWNER]))
    async def whoami(request: Request) -> dict[str, dict[str, str] | None]:
        """Who this browser is logged in as, or ``{"account": null}`` for a guest: a page asks on
        every load, and a guest is no error (``/me`` answers 401)."""
        account = await current_user(hub, request, clock)
        return {"account": None if account is None else {"name": account.name}}

    return api


async def start_session(hub: Hub, request: Request, response: Response, user_id: int, now: float) -> None:
    """A new session for the user, in this browser's cookie (also after a password reset)."""
    token = secrets.token_urlsafe(32)
    await hub.writer.call(hub.storage.add_session, token_hash(token), user_id, now + SESSION_SECONDS)
    set_cookie(request, response, COOKIE, token, SESSION_SECONDS, "/")


async def current_user(hub: Hub, request: HTTPConnection, clock: Callable[[], float]) -> Account | None:
    """The logged-in user, from the session cookie (None for a guest).  A WebSocket's cookie
    counts only when the socket was opened by a page of this server (its Origin): a page
    elsewhere must not act for a logged-in player.  An API token (``Authorization: Bearer tbot.…``)
    is its bot account instead, and a bot account's cookie only manages the account (bot_auth.py)."""
    api_token = bot_auth.api_token(request)
    if api_token is not None:
        return await bot_auth.token_account(hub, request, api_token)
    token = request.cookies.get(COOKIE)
    if not token or len(token) > 128:
        return None
    if request.scope["type"] == "websocket" and not same_origin(request, hub.settings.allowed_origins):
        return None
    account = await hub.writer.call(bot_store.session_user, hub.storage, token_hash(token), clock())
    return bot_auth.with_cookie(request, account)


async def logged_in(hub: Hub, request: Request, why: str = "not logged in") -> Account:
    """The logged-in user (:func:`current_user`) of a request only an account may make; else an
    HTTPException (401) saying ``why``."""
    account = await current_user(hub, request, hub.settings.clock)
    if account is None:
        raise HTTPException(401, why)
    return account


def same_origin(request: HTTPConnection, allowed: Iterable[str] = ()) -> bool:
    """Whether the request's Origin header names this server (the Host it was sent to) or one of
    the ``allowed`` origins (origins.py); a request without Origin is no page's."""
    origin = request.headers.get("origin")
    return origin is not None and allowed_origin(origin, request.headers.get("host"), allowed)
