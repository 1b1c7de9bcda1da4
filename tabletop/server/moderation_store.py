"""Moderation in the database (issue 31): the admin role, suspended accounts and addresses, tables
paused or ended by an admin, blocks, mutes, chat reports, and the admins' actions
(``moderation_events``) that every server process applies (moderation.py).

Blocking functions of a :class:`Storage`, each one transaction, called on the server's database
thread (``hub.writer.call(fn, hub.storage, ...)``) or directly by ``tabletop admin`` (admin_cli.py),
which works on the database while servers run: what it changes is written with an event row in
the same transaction, and every server process reads the events past its last each clock tick.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .chat import said
from .schema import (
    banned_addresses_t,
    blocks_t,
    chat_t,
    moderation_events_t,
    mutes_t,
    reports_t,
    seats_t,
    sessions_t,
    tables_t,
    users_t,
)
from .storage import Storage

CONTEXT = 5  # lines kept on each side of a reported line
PAUSED, ENDED = "paused", "ended"


def note(conn: Connection, kind: str, subject: str, by: str, now: float) -> None:
    """An admin's action, for every server process to apply (moderation.Moderation.poll)."""
    conn.execute(insert(moderation_events_t).values(kind=kind, subject=subject, by=by[:40], at=now))


def _user_id(conn: Connection, name: str) -> int | None:
    found = conn.execute(select(users_t.c.id).where(func.lower(users_t.c.name) == name.lower())).scalar()
    return None if found is None else int(found)


# -- the admin role and suspensions ----------------------------------------------------------
def set_admin(storage: Storage, name: str, on: bool) -> bool:
    """Give or take the admin role (only ``tabletop admin grant``/``revoke`` call this); False for
    an unknown name."""
    with storage.engine.begin() as conn:
        user_id = _user_id(conn, name)
        if user_id is None:
            return False
        conn.execute(update(users_t).where(users_t.c.id == user_id).values(admin=on))
        return True


def is_admin(storage: Storage, user_id: int) -> bool:
    with storage.engine.connect() as conn:
        found = conn.execute(
            select(users_t.c.admin).where(users_t.c.id == user_id, users_t.c.suspended.is_(None))
        ).scalar()
    return bool(found)


def is_suspended(storage: Storage, user_id: int) -> bool:
    with storage.engine.connect() as conn:
        found = conn.execute(select(users_t.c.suspended).where(users_t.c.id == user_id)).first()
    return found is not None and found[0] is not None


def suspend(storage: Storage, name: str, on: bool, by: str, now: float) -> bool:
    """Suspend an account (its sessions end; it cannot log in or act) or lift it; False for an
    unknown name."""
    with storage.engine.begin() as conn:
        user_id = _user_id(conn, name)
        if user_id is None:
            return False
        conn.execute(update(users_t).where(users_t.c.id == user_id).values(suspended=now if on else None))
        if on:
            conn.execute(delete(sessions_t).where(sessions_t.c.user_id == user_id))
        note(conn, "suspend" if on else "unsuspend", str(user_id), by, now)
        return True


def ban(storage: Storage, address: str, on: bool, by: str, now: float) -> bool:
    """Suspend a client address (every request and socket from it refused) or lift it; False when
    nothing changed."""
    with storage.engine.begin() as conn:
        if on:
            try:
                with conn.begin_nested():
                    conn.execute(insert(banned_addresses_t).values(address=address, at=now))
            except IntegrityError:
                return False
        else:
            gone = conn.execute(delete(banned_addresses_t).where(banned_addresses_t.c.address == address))
            if not gone.rowcount:
                return False
        note(conn, "ban" if on else "unban", address, by, now)
        return True


def banned(storage: Storage) -> set[str]:
    with storage.engine.connect() as conn:
        return {str(a) for a in conn.execute(select(banned_addresses_t.c.address)).scalars()}


# -- tables ------------------------------------------------------------------------------------
def halt(storage: Storage, table_id: str, kind: str, by: str, now: float) -> str | None:
    """Pause (``kind`` "pause"), resume or end an unfinished table; None when done, else why not.
    Ending finishes the table with no result: no places, no rating (the game did not end)."""
    with storage.engine.begin() as conn:
        row = conn.execute(
            select(tables_t.c.finished, tables_t.c.halt).where(tables_t.c.id == table_id)
        ).first()
        if row is None:
            return f"no table {table_id!r}"
        finished, current = bool(row[0]), row[1]
        if finished:
            return f"table {table_id} is finished"
        if kind == "pause":
            if current == PAUSED:
                return f"table {table_id} is paused already"
            values: dict[str, Any] = {"halt": PAUSED}
        elif kind == "resume":
            if current != PAUSED:
                return f"table {table_id} is not paused"
            values = {"halt": None}
        elif kind == "end":
            values = {"halt": ENDED, "finished": True, "finished_at": now}
        else:
            raise ValueError(kind)
        conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))
        note(conn, kind, table_id, by, now)
        return None


def halted(storage: Storage) -> dict[str, str]:
    """Every table paused or ended by an admin: its id and "paused" or "ended"."""
    with storage.engine.connect() as conn:
        rows = conn.execute(select(tables_t.c.id, tables_t.c.halt).where(tables_t.c.halt.is_not(None)))
        return {str(t): str(h) for t, h in rows}


def last_event(storage: Storage) -> int:
    with storage.engine.connect() as conn:
        return int(conn.execute(select(func.max(moderation_events_t.c.id))).scalar() or 0)


def events_since(storage: Storage, last: int, most: int = 200) -> list[tuple[int, str, str]]:
    """The admins' actions past ``last``, oldest first: (id, kind, subject)."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(moderation_events_t.c.id, moderation_events_t.c.kind, moderation_events_t.c.subject)
            .where(moderation_events_t.c.id > last)
            .order_by(moderation_events_t.c.id)
            .limit(most)
        )
        return [(int(i), str(k), str(s)) for i, k, s in rows]


def tables(storage: Storage, everything: bool = False, limit: int = 200) -> list[dict[str, Any]]:
    """Tables for an admin, newest first: the unfinished ones (``everything``: the finished too)."""
    query = select(
        tables_t.c.id,
        tables_t.c.game,
        tables_t.c.created,
        tables_t.c.finished,
        tables_t.c.halt,
        tables_t.c.rated,
        tables_t.c.private,
    )
    if not everything:
        query = query.where(tables_t.c.finished.is_(False))
    with storage.engine.connect() as conn:
        rows = conn.execute(query.order_by(tables_t.c.created.desc()).limit(limit)).mappings().all()
        ids = [r["id"] for r in rows]
        seats: dict[str, list[dict[str, Any]]] = {}
        if ids:
            query = (
                select(seats_t.c.table_id, seats_t.c.seat, seats_t.c.kind, seats_t.c.level, seats_t.c.name)
                .add_columns(users_t.c.name.label("account"))
                .outerjoin(users_t, users_t.c.id == seats_t.c.user_id)
                .where(seats_t.c.table_id.in_(ids))
                .order_by(seats_t.c.table_id, seats_t.c.seat)
            )
            for s in conn.execute(query).mappings():
                who = s["account"] or s["name"] or (f"bot ({s['level']})" if s["kind"] == "bot" else None)
                seats.setdefault(s["table_id"], []).append(
                    {"seat": s["seat"], "kind": s["kind"], "name": who}
                )
    return [
        {
            "id": r["id"],
            "game": r["game"],
            "created": float(r["created"]),
            "status": r["halt"] or ("finished" if r["finished"] else "playing"),
            "rated": bool(r["rated"]),
            "private": bool(r["private"]),
            "seats": seats.get(r["id"], []),
        }
        for r in rows
    ]


def players(storage: Storage, like: str = "", limit: int = 200) -> list[dict[str, Any]]:
    """Accounts for an admin, by name (those containing ``like``): created, admin, suspended, games."""
    games = select(seats_t.c.user_id, func.count().label("games")).group_by(seats_t.c.user_id).subquery()
    query = (
        select(users_t.c.name, users_t.c.created, users_t.c.admin, users_t.c.suspended, games.c.games)
        .outerjoin(games, games.c.user_id == users_t.c.id)
        .order_by(func.lower(users_t.c.name))
        .limit(limit)
    )
    if like:
        query = query.where(func.lower(users_t.c.name).contains(like.lower(), autoescape=True))
    with storage.engine.connect() as conn:
        return [
            {
                "name": str(name),
                "created": float(created),
                "admin": bool(admin),
                "suspended": suspended,
                "games": int(count or 0),
            }
            for name, created, admin, suspended, count in conn.execute(query)
        ]


# -- blocks ------------------------------------------------------------------------------------
def block(storage: Storage, user_id: int, name: str, on: bool, now: float) -> bool | None:
    """``user_id`` blocks (or unblocks) the account named ``name``; None for an unknown name or
    oneself, else whether anything changed."""
    with storage.engine.begin() as conn:
        other = _user_id(conn, name)
        if other is None or other == user_id:
            return None
        if not on:
            gone = conn.execute(
                delete(blocks_t).where(blocks_t.c.user_id == user_id, blocks_t.c.blocked_id == other)
            )
            return bool(gone.rowcount)
        try:
            with conn.begin_nested():
                conn.execute(insert(blocks_t).values(user_id=user_id, blocked_id=other, at=now))
        except IntegrityError:
            return False
        return True


def blocked_names(storage: Storage, user_id: int) -> list[str]:
    """The names of the accounts ``user_id`` blocked."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(users_t.c.name)
            .join(blocks_t, blocks_t.c.blocked_id == users_t.c.id)
            .where(blocks_t.c.user_id == user_id)
            .order_by(func.lower(users_t.c.name))
        )
        return [str(n) for n in rows.scalars()]


def blocked_between(storage: Storage, user_id: int, others: list[int]) -> bool:
    """Whether ``user_id`` blocked one of ``others`` or one of them blocked it."""
    if not others:
        return False
    with storage.engine.connect() as conn:
        found = conn.execute(
            select(blocks_t.c.user_id)
            .where(
                or_(
                    and_(blocks_t.c.user_id == user_id, blocks_t.c.blocked_id.in_(others)),
                    and_(blocks_t.c.blocked_id == user_id, blocks_t.c.user_id.in_(others)),
                )
            )
            .limit(1)
        ).first()
    return found is not None


# -- mutes ---------------------------------------------------------------------------------------
def mutes(storage: Storage, table_id: str) -> dict[int, set[int]]:
    """Per seat of the table, the seats whose chat lines it does not see."""
    found: dict[int, set[int]] = {}
    with storage.engine.connect() as conn:
        query = select(mutes_t.c.seat, mutes_t.c.muted).where(mutes_t.c.table_id == table_id)
        for seat, muted in conn.execute(query):
            found.setdefault(int(seat), set()).add(int(muted))
    return found


def set_mute(storage: Storage, table_id: str, seat: int, muted: int, on: bool, now: float) -> None:
    with storage.engine.begin() as conn:
        key = and_(mutes_t.c.table_id == table_id, mutes_t.c.seat == seat, mutes_t.c.muted == muted)
        conn.execute(delete(mutes_t).where(key))
        if on:
            conn.execute(insert(mutes_t).values(table_id=table_id, seat=seat, muted=muted, at=now))


# -- reports -------------------------------------------------------------------------------------
def add_report(
    storage: Storage,
    table_id: str,
    reporter_seat: int,
    reporter_id: int | None,
    line: dict[str, Any],
    reason: str,
    now: float,
) -> int | None:
    """Store a report of the chat line ``line`` (its seat, at and text, as the client showed it)
    with the ``CONTEXT`` lines before and after it as stored now; its id, or None when the table
    has no such line."""
    with storage.engine.begin() as conn:
        idx = conn.execute(
            select(func.max(chat_t.c.idx)).where(
                chat_t.c.table_id == table_id,
                chat_t.c.seat == line["seat"],
                chat_t.c.at == line["at"],
                chat_t.c.text == line["text"],
            )
        ).scalar()
        if idx is None:
            return None
        around = conn.execute(
            select(chat_t.c.idx, chat_t.c.seat, chat_t.c.name, chat_t.c.text, chat_t.c.at)
            .where(chat_t.c.table_id == table_id, chat_t.c.idx.between(idx - CONTEXT, idx + CONTEXT))
            .order_by(chat_t.c.idx)
        ).all()
        context = [{"line": i, "seat": s, "name": n, "text": t, "at": a} for i, s, n, t, a in around]
        reported = next(c for c in context if c["line"] == idx)
        result = conn.execute(
            insert(reports_t).values(
                table_id=table_id,
                line=idx,
                **said(reported),
                reporter_seat=reporter_seat,
                reporter_id=reporter_id,
                reason=reason,
                context=json.dumps(context),
                at=now,
            )
        )
        key = result.inserted_primary_key
        return int(key[0]) if key is not None else None


def reports(storage: Storage, everything: bool = False, limit: int = 200) -> list[dict[str, Any]]:
    """Chat reports for an admin, oldest first: those not marked read (``everything``: all)."""
    query = select(reports_t).order_by(reports_t.c.id).limit(limit)
    if not everything:
        query = query.where(reports_t.c.resolved.is_(None))
    with storage.engine.connect() as conn:
        rows = conn.execute(query).mappings().all()
    return [
        {
            "id": int(r["id"]),
            "table": r["table_id"],
            "line": int(r["line"]),
            "seat": r["seat"],
            "name": r["name"],
            "text": r["text"],
            "reporter_seat": int(r["reporter_seat"]),
            "reason": r["reason"],
            "context": json.loads(r["context"]),
            "at": float(r["at"]),
            "resolved": r["resolved"],
        }
        for r in rows
    ]


def resolve(storage: Storage, report_id: int, now: float) -> bool:
    """Mark a report read; False for an unknown one."""
    with storage.engine.begin() as conn:
        done = conn.execute(update(reports_t).where(reports_t.c.id == report_id).values(resolved=now))
        return bool(done.rowcount)
