"""Accounts: sign up, log in, log out, who am I.

Passwords are hashed with Argon2id (argon2-cffi's defaults), off the event loop; only the hash is
stored, and neither the password nor the session token ever appears in a log, a view, a record or
an answer.  A login is a random session token in an HttpOnly, SameSite=Lax cookie (Secure when
served over HTTPS); the database keeps its SHA-256 hash and expiry.  Failed logins are limited per
account and per address, sign-ups per address (in memory: a restart forgets them, which only
helps a legitimate user).  Guests still play from invitation links without an account.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
from collections.abc import Callable, Iterable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from .hub import Hub
from .limits import Limiter
from .origins import allowed_origin
from .schema import Account
from .traffic import client_address

COOKIE = "tabletop_session"
SESSION_SECONDS = 30 * 24 * 3600
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{2,31}")
WINDOW = 15 * 60  # seconds over which failures count
ACCOUNT_FAILURES = 5  # failed logins an account allows in a window
ADDRESS_FAILURES = 20  # failed logins an address allows in a window
ADDRESS_SIGNUPS = 10  # sign-ups an address may make in a window


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=256)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def address(request: Request) -> str:
    return client_address(request)


def router(hub: Hub, clock: Callable[[], float]) -> APIRouter:
    api = APIRouter(prefix="/api/account")
    hasher = PasswordHasher()
    dummy = hasher.hash(secrets.token_urlsafe(16))  # verified against for unknown names (same time)
    by_account = Limiter(ACCOUNT_FAILURES, WINDOW, clock)
    by_address = Limiter(ADDRESS_FAILURES, WINDOW, clock)
    signups = Limiter(ADDRESS_SIGNUPS, WINDOW, clock)

    def refuse_if_blocked(*waits: float) -> None:
        wait = max(waits)
        if wait > 0:
            raise HTTPException(
                429, "too many attempts; try again later", {"Retry-After": str(int(wait) + 1)}
            )

    async def start_session(request: Request, response: Response, user_id: int) -> None:
        token = secrets.token_urlsafe(32)
        await hub.writer.call(hub.storage.add_session, token_hash(token), user_id, clock() + SESSION_SECONDS)
        response.set_cookie(
            COOKIE,
            token,
            max_age=SESSION_SECONDS,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
            path="/",
        )

    @api.post("/signup", status_code=201)
    async def signup(body: Credentials, request: Request, response: Response) -> dict[str, str]:
        where = address(request)
        refuse_if_blocked(signups.blocked(where))
        if not NAME.fullmatch(body.name):
            raise HTTPException(
                400, "a name has 3 to 32 letters, digits, '_', '.' or '-', starting with a letter or digit"
            )
        if not 8 <= len(body.password) <= 128:
            raise HTTPException(400, "a password has 8 to 128 characters")
        signups.note(where)
        hashed = await asyncio.to_thread(hasher.hash, body.password)
        user_id = await hub.writer.call(hub.storage.add_user, body.name, hashed, clock())
        if user_id is None:
            raise HTTPException(409, f"the name {body.name!r} is taken")
        await start_session(request, response, user_id)
        return {"name": body.name}

    @api.post("/login")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, str]:
        where, account = address(request), body.name.lower()
        refuse_if_blocked(by_account.blocked(account), by_address.blocked(where))
        user = await hub.writer.call(hub.storage.user, body.name)
        try:
            await asyncio.to_thread(hasher.verify, user.password_hash if user else dummy, body.password)
            ok = user is not None
        except (VerificationError, InvalidHashError):
            ok = False
        if not ok or user is None:
            by_account.note(account)
            by_address.note(where)
            raise HTTPException(401, "wrong name or password")
        if hasher.check_needs_rehash(user.password_hash):
            rehashed = await asyncio.to_thread(hasher.hash, body.password)
            await hub.writer.call(hub.storage.set_password_hash, user.id, rehashed)
        await start_session(request, response, user.id)
        return {"name": user.name}

    @api.post("/logout")
    async def logout(request: Request, response: Response) -> dict[str, bool]:
        token = request.cookies.get(COOKIE)
        if token:
            await hub.writer.call(hub.storage.end_session, token_hash(token))
        response.delete_cookie(COOKIE, path="/")
        return {"ok": True}

    @api.get("/me")
    async def me(request: Request) -> dict[str, str]:
        account = await current_user(hub, request, clock)
        if account is None:
            raise HTTPException(401, "not logged in")
        return {"name": account.name}

    return api


async def current_user(hub: Hub, request: HTTPConnection, clock: Callable[[], float]) -> Account | None:
    """The logged-in user, from the session cookie (None for a guest).  A WebSocket's cookie
    counts only when the socket was opened by a page of this server (its Origin): a page
    elsewhere must not act for a logged-in player."""
    token = request.cookies.get(COOKIE)
    if not token or len(token) > 128:
        return None
    if request.scope["type"] == "websocket" and not same_origin(request, hub.settings.allowed_origins):
        return None
    return await hub.writer.call(hub.storage.session_user, token_hash(token), clock())


def same_origin(request: HTTPConnection, allowed: Iterable[str] = ()) -> bool:
    """Whether the request's Origin header names this server (the Host it was sent to) or one of
    the ``allowed`` origins (origins.py); a request without Origin is no page's."""
    origin = request.headers.get("origin")
    return origin is not None and allowed_origin(origin, request.headers.get("host"), allowed)
