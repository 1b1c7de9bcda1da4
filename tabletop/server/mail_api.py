"""The REST API of email addresses, password resets, notification settings, Web Push
subscriptions and invitations (issue 30); the settings page and the service worker.

An address is the account's own business: only its owner reads it (``GET /api/account/email``),
no other answer carries it, and no log names it.  A password reset answers the same whether or not
the name or address exists.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import re
import secrets
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import FileResponse, PlainTextResponse, RedirectResponse
from pydantic import Field

from . import bot_store, mail, mailbox
from .accounts import logged_in, password_hasher, start_session, token_hash
from .bot_api import CHALLENGE_IT
from .contract import (
    ACCOUNT,
    BOT_COOKIE,
    LOGIN,
    NO_TABLE,
    OWNER,
    PASSWORD,
    PERSON,
    SEAT_REFUSED,
    TOKEN,
    Body,
    TableId,
    Whole,
    checked,
    declare,
)
from .hub import Hub
from .limits import Limiter
from .mailbox import CHANNELS, KINDS, Subscription
from .refused import Refused
from .schema import Account
from .traffic import client_address

WEB = Path(__file__).resolve().parent.parent / "web"
VERIFY_SECONDS = 2 * 24 * 3600  # a verification link's life
RESET_SECONDS = 3600  # a reset link's life
RESETS_PER_ACCOUNT = 3  # reset links an account gets in RESET_WINDOW
RESETS_PER_ADDRESS = 3  # reset requests naming one email address in RESET_WINDOW
RESETS_PER_CLIENT = 10  # reset requests from one client address in 15 minutes
RESET_WINDOW = 3600
CHANGES_PER_HOUR = 5  # addresses an account may give in an hour (each one is mailed)
PUSH_PER_USER = 10  # browsers an account may have subscribed
# what str.strip() strips, as \uXXXX: the same characters in Python's re and in a JSON Schema's pattern
SPACE = "".join(f"\\u{ord(c):04x}" for c in map(chr, range(0x10000)) if c.isspace())
ADDRESS = re.compile(
    rf'[^@{SPACE}<>()\[\],;:"\\]{{1,64}}'  # the local part
    r"@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+"
)
SAME_ANSWER = {"ok": True, "detail": "if that account has a verified address, a link is on its way"}


LOCATION = {"Location": {"description": "the settings page", "required": True, "schema": {"type": "string"}}}
MAIL_OFF = {503: "mail is off on this server"}
LINK = {400: "this link is not valid, has expired or was used"}


class EmailBody(Body):
    address: str = Field(
        min_length=3,
        max_length=254,
        json_schema_extra=checked(
            "an email address (400 for any other)", pattern=rf"^[{SPACE}]*{ADDRESS.pattern}[{SPACE}]*$"
        ),
    )


class TokenBody(Body):
    token: str = Field(min_length=1, max_length=512)


class ForgotBody(Body):
    account: str = Field(min_length=1, max_length=254)  # a name or a verified address


class ResetBody(Body):
    token: str = Field(min_length=1, max_length=128)
    password: str = Field(
        min_length=1,
        max_length=256,
        json_schema_extra=PASSWORD,
    )


class SettingBody(Body):
    kind: str = Field(json_schema_extra=checked("a kind of notice", enum=list(KINDS)))
    channel: str = Field(json_schema_extra=checked("mail or push", enum=list(CHANNELS)))
    on: bool


class Keys(Body):
    p256dh: str = Field(min_length=1, max_length=200)
    auth: str = Field(min_length=1, max_length=64)


class PushBody(Body):
    endpoint: str = Field(min_length=8, max_length=1000)
    keys: Keys | None = None


class InviteBody(Body):
    seat: Whole = Field(ge=0, le=64)
    name: str = Field(min_length=1, max_length=64)


def decoded_length(text: str) -> int:
    try:
        return len(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError):
        return -1


def router(hub: Hub) -> APIRouter:
    api = APIRouter()
    clock = hub.settings.clock
    by_client = Limiter(RESETS_PER_CLIENT, 15 * 60, clock)
    by_address = Limiter(RESETS_PER_ADDRESS, RESET_WINDOW, clock)
    changes = Limiter(CHANGES_PER_HOUR, 3600, clock)
    call, storage = hub.writer.call, hub.storage
    hasher = password_hasher(hub)

    def mail_on() -> None:
        if not hub.outbox.mail_on:
            raise HTTPException(503, "mail is off on this server")

    def link(path: str) -> str:
        return f"{hub.settings.public_url.rstrip('/')}{path}"

    # -- the address -------------------------------------------------------------------------
    @api.get("/api/account/email", **declare(ACCOUNT, security=OWNER))
    async def get_email(request: Request) -> dict[str, Any]:
        account = await logged_in(hub, request)
        found = await call(mailbox.email, storage, account.id)
        return {
            "address": found.address if found else None,
            "pending": found.pending if found else None,
            "mail": hub.outbox.mail_on,
        }

    @api.put(
        "/api/account/email",
        status_code=202,
        **declare(
            ACCOUNT,
            MAIL_OFF,
            {400: "that is not an email address", 429: "too many addresses given in an hour"},
            security=OWNER,
        ),
    )
    async def put_email(body: EmailBody, request: Request) -> dict[str, Any]:
        """The address awaits verification: a signed link goes to it; a verified address the
        account had is told (and stays in use until the new one is verified)."""
        account = await logged_in(hub, request)
        mail_on()
        address = body.address.strip()
        if not ADDRESS.fullmatch(address):
            raise HTTPException(400, "that is not an email address")
        wait = changes.take(str(account.id))
        if wait:
            raise HTTPException(
                429, "too many addresses given; try again later", {"Retry-After": str(int(wait) + 1)}
            )
        now = clock()
        before = await call(mailbox.set_pending, storage, account.id, address, now)
        token = mail.sign(
            hub.outbox.key, "v", str(account.id), mail.digest(address), str(int(now + VERIFY_SECONDS))
        )
        body_text = (
            f"Someone, probably you, gave this address to the account {account.name} on tabletop.\n\n"
            f"To confirm it, open this link within two days: {link('/account#verify=' + token)}\n\n"
            "If it was not you, do nothing: the address will not be used.\n"
        )
        await call(
            mailbox.queue_mail, storage, account.id, "verify", "Confirm your email address", body_text, now
        )
        if before.address is not None and before.address.lower() != address.lower():
            told = (
                f"A new email address was given to your account {account.name} on tabletop; this "
                "address stays in use until the new one is confirmed.\n\n"
                f"If it was not you, change your password: {link('/account')}\n"
            )
            await call(
                mailbox.queue_to,
                storage,
                account.id,
                "changed",
                before.address,
                "Your email address is changing",
                told,
                now,
            )
        hub.outbox.wake()
        return {"address": before.address, "pending": address}

    @api.delete("/api/account/email", **declare(ACCOUNT, security=OWNER))
    async def delete_email(request: Request) -> dict[str, bool]:
        account = await logged_in(hub, request)
        await call(mailbox.remove_email, storage, account.id)
        return {"ok": True}

    @api.post("/api/account/verify", **declare(LINK))
    async def verify(body: TokenBody) -> dict[str, Any]:
        parts = mail.unsign(hub.outbox.key, body.token)
        if (
            parts is None
            or len(parts) != 4
            or parts[0] != "v"
            or not parts[1].isdigit()
            or not parts[3].isdigit()
        ):
            raise HTTPException(400, "this link is not valid")
        if int(parts[3]) < clock():
            raise HTTPException(400, "this link has expired: give the address again for a new one")
        address = await call(
            mailbox.verify, storage, int(parts[1]), lambda a: mail.digest(a) == parts[2], clock()
        )
        if address is None:
            raise HTTPException(400, "this link is not valid any more: another address was given since")
        return {"ok": True, "detail": "your address is confirmed"}

    # -- password resets ----------------------------------------------------------------------
    @api.post(
        "/api/account/forgot",
        status_code=202,
        **declare(MAIL_OFF, {429: "too many requests from this address"}),
    )
    async def forgot(body: ForgotBody, request: Request) -> dict[str, Any]:
        """A reset link to each account the name or address names with a verified address.  The
        answer is the same whatever exists; limits: per client (429), and silently per account and
        per address."""
        wait = by_client.take(client_address(request))
        if wait:
            raise HTTPException(
                429, "too many requests; try again later", {"Retry-After": str(int(wait) + 1)}
            )
        if not hub.outbox.mail_on:
            raise HTTPException(503, "mail is off on this server")
        typed = body.account.strip()
        if "@" in typed:
            if by_address.take(typed.lower()):
                return SAME_ANSWER
            users = await call(mailbox.verified_users, storage, typed)
        else:
            user = await call(storage.user, typed)
            found = await call(mailbox.email, storage, user.id) if user is not None else None
            users = [(user.id, user.name)] if user is not None and found is not None and found.address else []
        now = clock()
        for user_id, name in users[:5]:
            token = secrets.token_urlsafe(32)
            made = await call(
                mailbox.add_reset,
                storage,
                token_hash(token),
                user_id,
                now,
                now + RESET_SECONDS,
                RESET_WINDOW,
                RESETS_PER_ACCOUNT,
            )
            if not made:
                continue
            text = (
                f"Someone, probably you, asked to reset the password of the account {name} on tabletop.\n\n"
                f"To choose a new password, open this link within an hour (it works once): "
                f"{link('/account#reset=' + token)}\n\nIf it was not you, do nothing: your password stays.\n"
            )
            await call(mailbox.queue_mail, storage, user_id, "reset", "Reset your password", text, now)
        hub.outbox.wake()
        return SAME_ANSWER

    @api.post("/api/account/reset/check", **declare(LINK))
    async def reset_check(body: TokenBody) -> dict[str, str]:
        """The account a reset link is for, while it works."""
        found = await call(mailbox.reset_user, storage, token_hash(body.token), clock())
        if found is None:
            raise HTTPException(400, "this link has expired or was used: ask for a new one")
        return {"name": found[1]}

    @api.post("/api/account/reset", **declare(LINK, {400: "a password has 8 to 128 characters"}))
    async def reset(body: ResetBody, request: Request, response: Response) -> dict[str, str]:
        """A new password, once per link; every other session of the account ends, and this
        browser is logged in."""
        if not 8 <= len(body.password) <= 128:
            raise HTTPException(400, "a password has 8 to 128 characters")
        hashed = await asyncio.to_thread(hasher.hash, body.password)
        user = await call(mailbox.use_reset, storage, token_hash(body.token), hashed, clock())
        if user is None:
            raise HTTPException(400, "this link has expired or was used: ask for a new one")
        await start_session(hub, request, response, user[0], clock())
        return {"name": user[1]}

    # -- notification settings ----------------------------------------------------------------
    @api.get("/api/account/notifications", **declare(ACCOUNT, security=OWNER))
    async def settings(request: Request) -> dict[str, Any]:
        account = await logged_in(hub, request)
        off = await call(mailbox.turned_off, storage, account.id)
        browsers = await call(mailbox.subscription_count, storage, account.id)
        return {
            "kinds": {kind: {channel: (kind, channel) not in off for channel in CHANNELS} for kind in KINDS},
            "mail": hub.outbox.mail_on,
            "push": hub.outbox.pusher.public_key if hub.outbox.pusher else None,
            "browsers": browsers,
        }

    @api.put(
        "/api/account/notifications",
        **declare(ACCOUNT, {400: "no such kind of notice or channel"}, security=OWNER),
    )
    async def set_setting(body: SettingBody, request: Request) -> dict[str, bool]:
        account = await logged_in(hub, request)
        if body.kind not in KINDS or body.channel not in CHANNELS:
            raise HTTPException(
                400, f"a kind is one of {', '.join(KINDS)}; a channel one of {', '.join(CHANNELS)}"
            )
        await call(mailbox.set_on, storage, account.id, body.kind, body.channel, body.on)
        return {"on": body.on}

    @api.post(
        "/api/mail/unsubscribe", response_class=PlainTextResponse, **declare(LINK, media={200: "text/plain"})
    )
    async def unsubscribe(t: str = "") -> str:
        """One click (RFC 8058): the mail program POSTs ``List-Unsubscribe=One-Click`` here; the
        kind of mail named in the signed token is off for its account."""
        parts = mail.unsign(hub.outbox.key, t)
        if (
            parts is None
            or len(parts) != 3
            or parts[0] != "u"
            or not parts[1].isdigit()
            or parts[2] not in KINDS
        ):
            raise HTTPException(400, "this link is not valid")
        await call(mailbox.set_on, storage, int(parts[1]), parts[2], "mail", False)
        return f"Done: no more '{parts[2]}' mails. Your settings: {link('/account')}\n"

    @api.get(
        "/api/mail/unsubscribe",
        status_code=303,
        response_class=RedirectResponse,
        responses={303: {"description": "to the settings page, which asks to confirm", "headers": LOCATION}},
    )
    async def unsubscribe_page(t: str = "") -> RedirectResponse:
        """A person following the link: the settings page asks them to confirm (a GET changes
        nothing, so that link checkers do not unsubscribe anybody)."""
        return RedirectResponse(f"/account#unsubscribe={t[:512]}", 303)

    # -- Web Push -------------------------------------------------------------------------------
    @api.post(
        "/api/push/subscribe",
        status_code=201,
        **declare(
            TOKEN,
            BOT_COOKIE,
            LOGIN,
            {400: "push is off here, or the subscription is not a browser's (endpoint, P-256 keys)"},
            security=PERSON,
        ),
    )
    async def subscribe(body: PushBody, request: Request) -> dict[str, bool]:
        account = await logged_in(hub, request)
        pusher = hub.outbox.pusher
        if pusher is None or body.keys is None:
            raise HTTPException(400, "a subscription has an endpoint and keys")
        if not pusher.allowed(body.endpoint):
            raise HTTPException(400, "a push endpoint is an https:// address")
        if decoded_length(body.keys.p256dh) != 65 or decoded_length(body.keys.auth) != 16:
            raise HTTPException(400, "the subscription's keys are not P-256 keys")
        sub = Subscription(body.endpoint, body.keys.p256dh, body.keys.auth)
        await call(mailbox.subscribe, storage, account.id, sub, clock(), PUSH_PER_USER)
        return {"ok": True}

    @api.post("/api/push/unsubscribe", **declare(TOKEN, BOT_COOKIE, LOGIN, security=PERSON))
    async def push_unsubscribe(body: PushBody, request: Request) -> dict[str, bool]:
        account = await logged_in(hub, request)
        return {"ok": await call(mailbox.unsubscribe, storage, body.endpoint, account.id)}

    # -- invitations ----------------------------------------------------------------------------
    @api.post(
        "/api/tables/{table_id}/invite",
        **declare(
            TOKEN,
            BOT_COOKIE,
            LOGIN,
            NO_TABLE,
            SEAT_REFUSED,
            {
                400: "no account is so named",
                403: "only a player at the table can invite; a bot account is challenged, not invited",
            },
            security=PERSON,
        ),
    )
    async def invite(table_id: TableId, body: InviteBody, request: Request) -> dict[str, Any]:
        """A seated account gives a free person seat of its table to another account, which is
        told (by mail and push, as its settings say)."""
        account = await logged_in(hub, request)
        room = await hub.get(table_id)
        if room is None:
            raise HTTPException(404, "no such table")
        if room.seat_of(account) is None:
            raise HTTPException(403, "only a player at the table can invite")
        user = await call(storage.user, body.name)
        if user is None:
            raise HTTPException(400, f"no account is named {body.name!r}")
        named = await call(bot_store.account_named, storage, user.name)
        if named is not None and named.bot:  # it plays only the tables its program agreed to
            raise HTTPException(403, f"{named.name} is a bot account; {CHALLENGE_IT}")
        try:
            await room.take(body.seat, Account(user.id, user.name), None)
        except Refused as err:  # no such person seat, taken, the game over, a block
            raise HTTPException(409, err.message) from None
        hub.notices.invited(room, user.id, body.seat, account.name)
        return {"seat": body.seat, "name": user.name}

    # -- pages ------------------------------------------------------------------------------------
    @api.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        """The service worker, from the root so that its scope is the whole site."""
        return FileResponse(WEB / "sw.js", media_type="text/javascript")

    return api
