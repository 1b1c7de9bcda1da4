"""Challenges in the database (issue 32, second part; challenges.py serves them).

A person challenges a bot account to a game on terms (the game's options, the seats, the clock,
rated or not); the bot's program accepts or declines.  A row is ``open`` until the bot answers
(``accepted``, with the table made, or ``declined``, with its reason), the person cancels it
(``cancelled``) or the table could not be made (``failed``, with why).  An open row past its
``expires`` is *expired*: that is read from the time, never written, so no process has to sweep.

Blocking functions of a :class:`Storage`, each one transaction, called on the server's database
thread (``hub.writer.call(fn, hub.storage, ...)``).  Every change of status is one guarded
``UPDATE`` (``WHERE status = 'open'`` and, for an answer, not expired), so two answers, or an
answer and a cancel, never both win, whichever server process each came to.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select, update
from sqlalchemy.engine import Connection, RowMapping
from sqlalchemy.sql.elements import ColumnElement

from .schema import api_tokens_t, challenges_t, users_t
from .storage import Storage

OPEN, ACCEPTED, DECLINED, CANCELLED, FAILED, EXPIRED = (
    "open",
    "accepted",
    "declined",
    "cancelled",
    "failed",
    "expired",
)
KEPT = 7 * 86400.0  # seconds a challenge no longer open is kept (then pruned when a new one is made)


@dataclass(frozen=True)
class ChallengeRow:
    """A challenge as stored, with both accounts' names."""

    id: int
    challenger_id: int
    challenger: str
    bot_id: int
    bot: str
    game: str
    terms: dict[str, Any]  # options, seats, clock, rated, private, takeover
    created: float
    expires: float
    status: str  # as stored: an open one may have expired (status_at)
    reason: str | None
    answered: float | None
    table_id: str | None

    def status_at(self, now: float) -> str:
        """The status as people see it: ``expired`` for one still open past its time."""
        return EXPIRED if self.status == OPEN and now >= self.expires else self.status


def _select() -> Any:
    challenger, bot = users_t.alias("challenger"), users_t.alias("bot")
    return (
        select(challenges_t, challenger.c.name.label("challenger"), bot.c.name.label("bot"))
        .join(challenger, challenger.c.id == challenges_t.c.challenger_id)
        .join(bot, bot.c.id == challenges_t.c.bot_id)
    )


def _row(m: RowMapping) -> ChallengeRow:
    return ChallengeRow(
        id=int(m["id"]),
        challenger_id=int(m["challenger_id"]),
        challenger=str(m["challenger"]),
        bot_id=int(m["bot_id"]),
        bot=str(m["bot"]),
        game=str(m["game"]),
        terms=json.loads(m["terms"]),
        created=float(m["created"]),
        expires=float(m["expires"]),
        status=str(m["status"]),
        reason=None if m["reason"] is None else str(m["reason"]),
        answered=None if m["answered"] is None else float(m["answered"]),
        table_id=None if m["table_id"] is None else str(m["table_id"]),
    )


def _open(now: float) -> ColumnElement[bool]:
    return and_(challenges_t.c.status == OPEN, challenges_t.c.expires > now)


def _count(conn: Connection, where: ColumnElement[bool]) -> int:
    return int(conn.execute(select(func.count()).select_from(challenges_t).where(where)).scalar() or 0)


def add(
    storage: Storage,
    challenger_id: int,
    bot_id: int,
    game: str,
    terms: dict[str, Any],
    now: float,
    expires: float,
    limits: tuple[int, int],
) -> int | str:
    """A new open challenge; its id, or which limit stands in the way: ``"challenger"`` (the
    person has ``limits[0]`` open already) or ``"bot"`` (``limits[1]`` wait for the bot)."""
    with storage.engine.begin() as conn:
        if _count(conn, and_(challenges_t.c.challenger_id == challenger_id, _open(now))) >= limits[0]:
            return "challenger"
        if _count(conn, and_(challenges_t.c.bot_id == bot_id, _open(now))) >= limits[1]:
            return "bot"
        conn.execute(delete(challenges_t).where(challenges_t.c.created < now - KEPT))
        result = conn.execute(
            insert(challenges_t).values(
                challenger_id=challenger_id,
                bot_id=bot_id,
                game=game,
                terms=json.dumps(terms, sort_keys=True),
                created=now,
                expires=expires,
                status=OPEN,
            )
        )
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])


def involving(storage: Storage, user_id: int) -> list[dict[str, Any]]:
    """Every challenge the account made or, a bot, was sent, oldest first, for its data download
    (people.py): the terms, the answer and the table made."""
    where = or_(challenges_t.c.challenger_id == user_id, challenges_t.c.bot_id == user_id)
    with storage.engine.connect() as conn:
        rows = [_row(m) for m in conn.execute(_select().where(where).order_by(challenges_t.c.id)).mappings()]
    return [
        {
            "id": r.id,
            "challenger": r.challenger,
            "bot": r.bot,
            "game": r.game,
            "terms": r.terms,
            "created": r.created,
            "expires": r.expires,
            "status": r.status,
            "reason": r.reason,
            "answered": r.answered,
            "table": r.table_id,
        }
        for r in rows
    ]


def first_expiry(storage: Storage, challenger_id: int, now: float) -> float | None:
    """When the person's first open challenge expires (None: none is open)."""
    with storage.engine.connect() as conn:
        found = conn.execute(
            select(func.min(challenges_t.c.expires)).where(
                challenges_t.c.challenger_id == challenger_id, _open(now)
            )
        ).scalar()
    return None if found is None else float(found)


def get(storage: Storage, challenge_id: int) -> ChallengeRow | None:
    with storage.engine.connect() as conn:
        found = conn.execute(_select().where(challenges_t.c.id == challenge_id)).mappings().first()
    return None if found is None else _row(found)


def open_to(storage: Storage, bot_id: int, now: float) -> list[ChallengeRow]:
    """The challenges waiting for the bot's answer, the oldest first."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            _select().where(challenges_t.c.bot_id == bot_id, _open(now)).order_by(challenges_t.c.id)
        ).mappings()
        return [_row(m) for m in rows]


def made_by(storage: Storage, challenger_id: int, limit: int) -> list[ChallengeRow]:
    """The person's last ``limit`` challenges, the newest first."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            _select()
            .where(challenges_t.c.challenger_id == challenger_id)
            .order_by(challenges_t.c.id.desc())
            .limit(limit)
        ).mappings()
        return [_row(m) for m in rows]


def answer(
    storage: Storage, challenge_id: int, bot_id: int, status: str, reason: str | None, now: float
) -> bool:
    """The bot's answer (``accepted`` or ``declined``) to its open, unexpired challenge; False when
    it is no longer open (answered, cancelled, expired) or not the bot's."""
    return _close(storage, challenge_id, challenges_t.c.bot_id == bot_id, now, status=status, reason=reason)


def cancel(storage: Storage, challenge_id: int, challenger_id: int, now: float) -> bool:
    """The person takes back an open challenge; False when it is no longer open (or expired)."""
    return _close(storage, challenge_id, challenges_t.c.challenger_id == challenger_id, now, status=CANCELLED)


def _close(
    storage: Storage, challenge_id: int, whose: ColumnElement[bool], now: float, **values: Any
) -> bool:
    """Change an open, unexpired challenge that is ``whose`` (the bot's, the challenger's) at
    ``now``, in one guarded ``UPDATE``; False when another change came first, or it is not theirs."""
    with storage.engine.begin() as conn:
        done = conn.execute(
            update(challenges_t)
            .where(challenges_t.c.id == challenge_id, whose, _open(now))
            .values(**values, answered=now)
        )
        return done.rowcount == 1


def settle(storage: Storage, challenge_id: int, table_id: str | None, failure: str | None = None) -> None:
    """An accepted challenge's table (or, when it could not be made, ``failed`` and why)."""
    values: dict[str, Any] = {"table_id": table_id}
    if failure is not None:
        values.update(status=FAILED, reason=failure[:200])
    with storage.engine.begin() as conn:
        conn.execute(update(challenges_t).where(challenges_t.c.id == challenge_id).values(**values))


def bot_accounts(storage: Storage, limit: int) -> list[tuple[str, float | None]]:
    """Bot accounts that may be challenged (not suspended), with the last use of any of their
    tokens: those seen most recently first, then by name."""
    seen = func.max(api_tokens_t.c.last_used)
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(users_t.c.name, seen.label("seen"))
            .outerjoin(api_tokens_t, api_tokens_t.c.user_id == users_t.c.id)
            .where(users_t.c.bot.is_(True), users_t.c.suspended.is_(None))
            .group_by(users_t.c.id, users_t.c.name)
            .order_by(seen.desc().nulls_last(), func.lower(users_t.c.name))
            .limit(limit)
        ).all()
    return [(str(name), None if at is None else float(at)) for name, at in rows]
