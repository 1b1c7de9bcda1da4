"""Bot accounts and their API tokens in the database (issue 32; bot_auth.py, bot_api.py).

Blocking functions of a :class:`Storage`, each one transaction, called on the server's database
thread (``hub.writer.call(fn, hub.storage, ...)``).  A token is stored only as its SHA-256
(tokens.py's hash): whoever reads the database cannot act as a bot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import delete, exists, func, insert, select, update
from sqlalchemy.engine import Connection

from .schema import Account, api_tokens_t, rating_history_t, seats_t, sessions_t, tables_t, users_t
from .storage import Storage

LAST_USED_EVERY = 60.0  # seconds: a token's last use is written at most so often


@dataclass(frozen=True)
class TokenRow:
    """An API token as its owner sees it listed: never the token or its hash."""

    id: int
    name: str
    created: float
    last_used: float | None


def bot_ids(storage: Storage) -> set[int]:
    """Every bot account's id (read at start: the names at tables say BOT)."""
    with storage.engine.connect() as conn:
        return bot_ids_in(conn)


def bot_ids_in(conn: Connection) -> set[int]:
    """Every bot account's id, read on ``conn``."""
    return {int(i) for i in conn.execute(select(users_t.c.id).where(users_t.c.bot.is_(True))).scalars()}


def bot_players(conn: Connection, players: Iterable[str]) -> set[str]:
    """Of ratings' players (``user:<id>``), the bot accounts'."""
    ids = [int(p[5:]) for p in players if p.startswith("user:") and p[5:].isdigit()]
    found: set[str] = set()
    for start in range(0, len(ids), 500):
        query = select(users_t.c.id).where(
            users_t.c.id.in_(ids[start : start + 500]), users_t.c.bot.is_(True)
        )
        found.update(f"user:{int(i)}" for i in conn.execute(query).scalars())
    return found


def account_named(storage: Storage, name: str) -> Account | None:
    """The account of that name (case-blind), with whether it is a bot; None when there is none
    or it is suspended."""
    with storage.engine.connect() as conn:
        row = conn.execute(
            select(users_t.c.id, users_t.c.name, users_t.c.bot).where(
                func.lower(users_t.c.name) == name.lower(), users_t.c.suspended.is_(None)
            )
        ).first()
    return None if row is None else Account(int(row[0]), str(row[1]), bool(row[2]))


def session_user(storage: Storage, token_hash: str, now: float) -> Account | None:
    """The user of an unexpired session, with whether it is a bot (Storage.session_user, and the
    flag); None for none or a suspended account."""
    with storage.engine.connect() as conn:
        row = conn.execute(
            select(users_t.c.id, users_t.c.name, users_t.c.bot)
            .join(sessions_t, sessions_t.c.user_id == users_t.c.id)
            .where(sessions_t.c.token_hash == token_hash, sessions_t.c.expires > now)
            .where(users_t.c.suspended.is_(None))
        ).first()
    return None if row is None else Account(int(row[0]), str(row[1]), bool(row[2]))


def make_bot(storage: Storage, user_id: int) -> str | None:
    """Make the account a bot account, for good; None when done, else why not in words: it is one
    already, or it has sat at a rated table (a rated game played, or one in play)."""
    with storage.engine.begin() as conn:
        if conn.execute(select(users_t.c.bot).where(users_t.c.id == user_id)).scalar():
            return "this account is a bot account already (that cannot be undone)"
        rated = exists().where(
            seats_t.c.user_id == user_id, seats_t.c.table_id == tables_t.c.id, tables_t.c.rated.is_(True)
        )
        history = exists().where(rating_history_t.c.player == f"user:{user_id}")
        if conn.execute(select(rated | history)).scalar():
            return (
                "this account has played rated games (or plays one now): only an account that has "
                "played none can become a bot account"
            )
        conn.execute(update(users_t).where(users_t.c.id == user_id).values(bot=True))
        return None


def add_token(
    storage: Storage, user_id: int, token_hash: str, name: str, now: float, most: int
) -> int | None:
    """A new token of the bot account (its hash), named; its id, or None when the account has
    ``most`` already."""
    with storage.engine.begin() as conn:
        held = conn.execute(select(func.count()).where(api_tokens_t.c.user_id == user_id)).scalar()
        if int(held or 0) >= most:
            return None
        result = conn.execute(
            insert(api_tokens_t).values(user_id=user_id, token_hash=token_hash, name=name, created=now)
        )
        key = result.inserted_primary_key
        return int(key[0]) if key is not None else None


def tokens(storage: Storage, user_id: int) -> list[TokenRow]:
    """The account's tokens, oldest first."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(api_tokens_t.c.id, api_tokens_t.c.name, api_tokens_t.c.created, api_tokens_t.c.last_used)
            .where(api_tokens_t.c.user_id == user_id)
            .order_by(api_tokens_t.c.id)
        ).all()
    return [TokenRow(int(i), str(n), float(c), None if u is None else float(u)) for i, n, c, u in rows]


def revoke(storage: Storage, user_id: int, token_id: int) -> bool:
    """Delete the account's token ``token_id`` (from then on it is refused); False for none."""
    with storage.engine.begin() as conn:
        gone = conn.execute(
            delete(api_tokens_t).where(api_tokens_t.c.id == token_id, api_tokens_t.c.user_id == user_id)
        )
        return gone.rowcount == 1


def token_user(storage: Storage, token_hash: str, now: float) -> tuple[int, Account] | None:
    """The token's id and its bot account, or None for a token that is not (or no longer) one, or
    an account suspended.  Notes the use as its last when the one noted is older than a minute."""
    with storage.engine.begin() as conn:
        row = conn.execute(
            select(api_tokens_t.c.id, api_tokens_t.c.last_used, users_t.c.id, users_t.c.name)
            .join(users_t, users_t.c.id == api_tokens_t.c.user_id)
            .where(api_tokens_t.c.token_hash == token_hash)
            .where(users_t.c.bot.is_(True), users_t.c.suspended.is_(None))
        ).first()
        if row is None:
            return None
        token_id, last_used, user_id, name = int(row[0]), row[1], int(row[2]), str(row[3])
        if last_used is None or now - float(last_used) >= LAST_USED_EVERY:
            conn.execute(update(api_tokens_t).where(api_tokens_t.c.id == token_id).values(last_used=now))
    return token_id, Account(user_id, name, True)
