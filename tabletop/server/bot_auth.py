"""Who a request is when it shows an API token, and what a bot account's cookie may do (issue 32).

``accounts.current_user`` asks here first:

- A request (HTTP or WebSocket) with ``Authorization: Bearer tbot.…`` acts as that token's bot
  account.  The token is looked up at every request (a revoked one is refused at once: 401, JSON
  ``detail``), counted against its own limit (``Settings.token_requests`` a minute: 429 with
  ``Retry-After``), and never manages the account: under ``/api/account/`` it is refused (403),
  since the owner manages tokens logged in as a person.  Browsers cannot put a header on a
  WebSocket, so no page can use a token through its visitor.
- A bot account's session cookie (its owner logged in with the password) manages the account,
  under ``/api/account/``, and nothing else: a bot account plays only with its tokens, so a state-
  changing request elsewhere is refused (403, in words), a reading or a WebSocket is a guest's.

Seat tokens (``Bearer <seat token>`` on a replay, tokens.py) never start with ``tbot.``: a dot is
not one of their characters.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from fastapi import HTTPException
from starlette.requests import HTTPConnection

from . import bot_store, metrics
from .schema import Account
from .tokens import hash_token

if TYPE_CHECKING:
    from .hub import Hub

PREFIX = "tbot."  # every API token starts so (a seat's token never holds a dot)
MAX_TOKEN = 128  # longer bearer texts are nobody's
TOKEN_SCOPE = "tabletop.api_token"  # the scope key naming the token a request or socket came with
ACCOUNT_PATHS = "/api/account/"  # where the owner manages the account, logged in as a person
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
PLAYS_WITH_TOKENS = (
    "a bot account plays only through the API with its tokens (Authorization: Bearer), "
    "not logged in from a browser: see docs/bots.md"
)


def api_token(request: HTTPConnection) -> str | None:
    """The API token the request shows in its ``Authorization`` header, if it shows one."""
    header = request.headers.get("authorization")
    if not header or header[:7].lower() != "bearer ":
        return None
    token = header[7:].strip()
    return token if token.startswith(PREFIX) else None


async def token_account(hub: Hub, request: HTTPConnection, token: str) -> Account:
    """The bot account acting with ``token``, or an HTTPException: 401 for a token that is not one
    (any more), 403 under the account's own paths, 429 beyond the token's limit."""
    if request.scope["type"] == "http" and request.url.path.startswith(ACCOUNT_PATHS):
        raise HTTPException(403, "an API token plays; log in as the account's owner to manage it")
    found = None
    if len(token) <= MAX_TOKEN:
        found = await hub.writer.call(
            bot_store.token_user, hub.storage, hash_token(token), hub.settings.clock()
        )
    if found is None:
        raise HTTPException(
            401, "this API token is not valid (revoked, or never made)", {"WWW-Authenticate": "Bearer"}
        )
    token_id, account = found
    wait = hub.token_limits.take(str(token_id))
    if wait:
        metrics.limited("token", "token-requests")
        raise HTTPException(
            429,
            "too many requests with this API token; try again later",
            {"Retry-After": str(math.ceil(wait))},
        )
    request.scope[TOKEN_SCOPE] = token_id  # so that revoking it closes its sockets (bot_api.py)
    hub.bot_accounts.add(account.id)
    return account


def with_cookie(request: HTTPConnection, account: Account | None) -> Account | None:
    """What the session cookie's ``account`` may do here: a bot account's cookie manages the
    account and nothing else (see above)."""
    if account is None or not account.bot or request.url.path.startswith(ACCOUNT_PATHS):
        return account
    if request.scope["type"] == "http" and request.scope["method"] not in SAFE_METHODS:
        raise HTTPException(403, PLAYS_WITH_TOKENS)
    return None
