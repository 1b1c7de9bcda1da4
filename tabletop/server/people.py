"""People's data (issue 31; docs/server.md, "People's data"): a logged-in player downloads what the
server holds about their account as JSON, and deletes the account.

The download (``GET /api/account/data``) holds the account, its email address and notification
settings, its browsers and sessions (times only: never a token or its hash), push subscriptions,
ratings and their history, blocks, mutes, the reports it made, a bot account's API tokens (names
and times) and the challenges it made or was sent, and every game it sat in: the
seats' public names, its own seat and place, and, for a game that ended by its rules, the public
record (an unfinished or ended game's moves stay out: they would tell what others hide), with the
chat lines its seats wrote.

Deletion (``POST /api/account/delete`` with the password) happens in one transaction: every row
that names the account by foreign key (sessions, devices, the email address, reset links,
notification settings and notices, push subscriptions, the outbox, blocks) goes, then the account;
its seats keep their places but lose the account, their link's token hash and their name, which
becomes one anonymous name ("Former player 3f2a") in every record and chat line; at an unfinished
table the seat has left (the takeover bot plays on); its ratings go from the leaderboards and its
rating history is kept under an anonymous key (so the tables stay rated, and nothing names the
account).  The records themselves (actions) are untouched, so every game replays as before.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import JSONResponse
from pydantic import Field
from sqlalchemy import and_, delete, or_, select, update
from sqlalchemy.engine import Connection

from ..core.record import Record
from . import bot_store, challenge_store, mailbox
from .accounts import COOKIE, logged_in, password_hasher
from .contract import ACCOUNT, OWNER, Body, declare
from .limits import Limiter
from .moderation_store import note
from .ratings import history_of, ratings_of
from .schema import (
    blocks_t,
    chat_t,
    devices_t,
    metadata,
    mutes_t,
    push_subscriptions_t,
    rating_history_t,
    ratings_t,
    reports_t,
    seats_t,
    sessions_t,
    tables_t,
    users_t,
)
from .storage import SEATS, Storage

if TYPE_CHECKING:
    from .hub import Hub

FORMAT = "tabletop-account-data/1"
ATTEMPTS = (5, 15 * 60.0)  # wrong passwords a session may give deleting its account, per window
GONE_CODE = 4403


class Confirm(Body):
    password: str = Field(min_length=1, max_length=256)


def anonymous_name() -> str:
    return f"Former player {secrets.token_hex(2)}"


def _seats(conn: Connection, user_id: int) -> list[dict[str, Any]]:
    query = (
        select(seats_t, tables_t.c.game, tables_t.c.finished, tables_t.c.halt)
        .join(tables_t, tables_t.c.id == seats_t.c.table_id)
        .where(seats_t.c.user_id == user_id)
        .order_by(tables_t.c.created, seats_t.c.table_id)
    )
    return [dict(r) for r in conn.execute(query).mappings()]


def export(storage: Storage, user_id: int) -> dict[str, Any] | None:
    """Everything the database holds about the account (see the module), or None if it is gone."""
    with storage.engine.connect() as conn:
        user = conn.execute(
            select(users_t.c.name, users_t.c.created, users_t.c.admin, users_t.c.suspended).where(
                users_t.c.id == user_id
            )
        ).first()
        if user is None:
            return None
        key = f"user:{user_id}"
        ratings = [
            {"game": g, "mu": mu, "sigma": sigma, "games": n}
            for g, mu, sigma, n in conn.execute(ratings_of(key))
        ]
        history = [
            {"game": g, "table": t, "mu": mu, "sigma": sigma, "at": at}
            for g, t, mu, sigma, at in conn.execute(history_of(key))
        ]
        mine = _seats(conn, user_id)
        pairs = [(s["table_id"], s["seat"]) for s in mine]
        chat: list[dict[str, Any]] = []
        mutes: list[dict[str, Any]] = []
        for table_id, seat in pairs:
            lines = conn.execute(
                select(chat_t.c.idx, chat_t.c.text, chat_t.c.at)
                .where(chat_t.c.table_id == table_id, chat_t.c.seat == seat)
                .order_by(chat_t.c.idx)
            )
            chat += [{"table": table_id, "seat": seat, "line": i, "text": t, "at": a} for i, t, a in lines]
            muted = conn.execute(
                select(mutes_t.c.muted, mutes_t.c.at).where(
                    mutes_t.c.table_id == table_id, mutes_t.c.seat == seat
                )
            )
            mutes += [{"table": table_id, "seat": seat, "muted_seat": m, "at": a} for m, a in muted]
        reports = [
            {"table": t, "line": line, "reason": reason, "at": at}
            for t, line, reason, at in conn.execute(
                select(reports_t.c.table_id, reports_t.c.line, reports_t.c.reason, reports_t.c.at)
                .where(reports_t.c.reporter_id == user_id)
                .order_by(reports_t.c.id)
            )
        ]
        devices = [
            {"created": c, "expires": e}
            for c, e in conn.execute(
                select(devices_t.c.created, devices_t.c.expires).where(devices_t.c.user_id == user_id)
            )
        ]
        sessions = [
            {"expires": e}
            for (e,) in conn.execute(select(sessions_t.c.expires).where(sessions_t.c.user_id == user_id))
        ]
        pushes = [
            {"endpoint": endpoint, "created": c}
            for endpoint, c in conn.execute(
                select(push_subscriptions_t.c.endpoint, push_subscriptions_t.c.created).where(
                    push_subscriptions_t.c.user_id == user_id
                )
            )
        ]
        blocked = [
            str(n)
            for n in conn.execute(
                select(users_t.c.name)
                .join(blocks_t, blocks_t.c.blocked_id == users_t.c.id)
                .where(blocks_t.c.user_id == user_id)
            ).scalars()
        ]
    games = [_game(storage, s) for s in mine]
    tokens = [
        {"name": t.name, "created": t.created, "last_used": t.last_used}
        for t in bot_store.tokens(storage, user_id)
    ]
    address = mailbox.email(storage, user_id)
    off = sorted(mailbox.turned_off(storage, user_id))
    return {
        "format": FORMAT,
        "account": {
            "name": user.name,
            "created": user.created,
            "admin": bool(user.admin),
            "suspended": user.suspended,
        },
        "email": None if address is None else {"address": address.address, "pending": address.pending},
        "notifications_off": [{"kind": k, "channel": c} for k, c in off],
        "push_subscriptions": pushes,
        "devices": devices,
        "sessions": sessions,
        "ratings": ratings,
        "rating_history": history,
        "games": games,
        "chat": chat,
        "blocked": blocked,
        "mutes": mutes,
        "reports": reports,
        "api_tokens": tokens,  # a bot account's: names and times, never a token or its hash
        "challenges": challenge_store.involving(storage, user_id),
    }


def _game(storage: Storage, seat: dict[str, Any]) -> dict[str, Any]:
    """One game the account sat in: public facts, its seat, and the record once the game ended by
    its rules (an admin-ended or unfinished game's moves would tell what others hide)."""
    row = storage.load(seat["table_id"])
    assert row is not None
    complete = row.finished and seat["halt"] is None
    record = Record(row.game, row.options, row.seed, row.setup, row.actions).to_json() if complete else None
    return {
        "table": row.id,
        "game": row.game,
        "options": row.options,
        "created": row.created,
        "finished": row.finished,
        "finished_at": row.finished_at,
        "ended_by_admin": seat["halt"] == "ended",
        "rated": row.rated,
        "seat": seat["seat"],
        "rank": seat["rank"],
        "left": bool(seat["left"]),
        "players": [
            {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name, "rank": s.rank}
            for s in row.seats
        ],
        "record": record,
    }


def delete_account(storage: Storage, user_id: int, anon: str, now: float) -> list[str]:
    """Delete the account (see the module), in one transaction; returns the unfinished tables it
    sat at (their seats have left)."""
    with storage.engine.begin() as conn:
        mine = _seats(conn, user_id)
        playing = sorted({s["table_id"] for s in mine if not s["finished"]})
        for s in mine:
            where = and_(seats_t.c.table_id == s["table_id"], seats_t.c.seat == s["seat"])
            values: dict[str, Any] = {"user_id": None, "token_hash": None, "name": anon}
            if not s["finished"]:
                values.update(left=True, absent=False)
            conn.execute(update(seats_t).where(where).values(**values))
            line = and_(chat_t.c.table_id == s["table_id"], chat_t.c.seat == s["seat"])
            conn.execute(update(chat_t).where(line).values(name=anon[:32]))
            conn.execute(
                delete(mutes_t).where(mutes_t.c.table_id == s["table_id"], mutes_t.c.seat == s["seat"])
            )
        conn.execute(update(tables_t).where(tables_t.c.creator_id == user_id).values(creator_id=None))
        conn.execute(update(reports_t).where(reports_t.c.reporter_id == user_id).values(reporter_id=None))
        key = f"user:{user_id}"
        conn.execute(delete(ratings_t).where(ratings_t.c.player == key))
        former = f"former:{secrets.token_hex(8)}"  # the tables stay rated; nothing names the account
        conn.execute(update(rating_history_t).where(rating_history_t.c.player == key).values(player=former))
        for table in reversed(metadata.sorted_tables):  # every row naming the account by foreign key
            if table is users_t:
                continue
            columns = [c for c in table.columns if any(f.column.table is users_t for f in c.foreign_keys)]
            if columns:
                conn.execute(delete(table).where(or_(*(c == user_id for c in columns))))
        conn.execute(delete(users_t).where(users_t.c.id == user_id))
        note(conn, "gone", f"{user_id} {anon}"[:64], "self", now)
        storage.tell(conn, SEATS, playing)  # other processes read the seats now (cluster.py)
        return playing


async def forget_in_memory(hub: Hub, subject: str) -> None:
    """A deleted account's seats in this process's tables: anonymous, left if unfinished, its
    sockets closed (the event ``gone``, moderation.py)."""
    user, _, anon = subject.partition(" ")
    user_id = int(user)
    for room in list(hub.rooms.values()):
        seats = [s for s in room.seats if s.user_id == user_id]
        for seat in seats:
            seat.user_id, seat.token_hash, seat.name = None, None, anon
            if not room.over:
                seat.left, seat.absent = True, False
            for line in room.chat.lines:
                if line.get("seat") == seat.seat:
                    line["name"] = anon
            for conn in list(room.conns.get(seat.seat, ())):
                end = getattr(conn, "end", None)
                if end is not None:
                    end(GONE_CODE, "account deleted")
        if seats:
            room.announce_seats()
            room.schedule_bot()


def router(hub: Hub) -> APIRouter:
    api = APIRouter(prefix="/api/account")
    call, storage, clock = hub.writer.call, hub.storage, hub.settings.clock
    hasher = password_hasher(hub)
    attempts = Limiter(ATTEMPTS[0], ATTEMPTS[1], clock)

    @api.get("/data", **declare(ACCOUNT, security=OWNER))
    async def data(request: Request) -> JSONResponse:
        account = await logged_in(hub, request)
        found = await call(export, storage, account.id)
        if found is None:
            raise HTTPException(401, "not logged in")
        found["exported"] = clock()
        filename = f"tabletop-data-{account.name}.json"
        return JSONResponse(found, headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    @api.post(
        "/delete",
        **declare(
            ACCOUNT,
            {403: "wrong password: the account was not deleted", 429: "too many attempts"},
            security=OWNER,
        ),
    )
    async def delete_me(body: Confirm, request: Request, response: Response) -> dict[str, Any]:
        """Delete the logged-in account, its password confirming it."""
        account = await logged_in(hub, request)
        key = str(account.id)
        wait = attempts.blocked(key)
        if wait > 0:
            raise HTTPException(
                429, "too many attempts; try again later", {"Retry-After": str(int(wait) + 1)}
            )
        attempts.note(key)
        user = await call(storage.user, account.name)
        try:
            ok = user is not None and await asyncio.to_thread(
                hasher.verify, user.password_hash, body.password
            )
        except (VerificationError, InvalidHashError):
            ok = False
        if not ok:
            raise HTTPException(403, "wrong password: the account was not deleted")
        anon = anonymous_name()
        await call(delete_account, storage, account.id, anon, clock())
        await hub.moderation.poll()  # its seats here now; the other processes at their next tick
        response.delete_cookie(COOKIE, path="/")
        return {"deleted": True, "name": anon}

    return api
