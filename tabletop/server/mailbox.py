"""Email addresses, password resets, notification settings, Web Push subscriptions and the outbox
in the database (issue 30).  Blocking functions of a :class:`Storage`, called on the database
thread (``hub.writer.call(fn, hub.storage, ...)``), each one transaction.

An address is stored only to send mail to: it is never shown to another player nor logged, and a
sent mail's row keeps neither its address nor its text.  Mail goes only to a verified address,
but for the verification mail itself (to the address awaiting it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import and_, delete, func, insert, or_, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .schema import (
    actions_t,
    devices_t,
    emails_t,
    notify_off_t,
    outbox_t,
    push_subscriptions_t,
    reset_tokens_t,
    seats_t,
    server_secrets_t,
    sessions_t,
    tables_t,
    turn_notices_t,
    users_t,
)
from .storage import Storage, make_room

KINDS = ("turn", "ended", "invited")  # the notices a player may turn on or off
CHANNELS = ("mail", "push")


@dataclass(frozen=True)
class Email:
    address: str | None  # verified
    pending: str | None  # awaiting verification


@dataclass(frozen=True)
class Outgoing:
    """A row of the outbox being sent."""

    id: int
    channel: str
    kind: str
    user_id: int
    target: str
    subject: str
    body: str
    attempts: int
    created: float = 0.0


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str


@dataclass(frozen=True)
class Notice:
    """A notice to a user: its mail (subject and text) and its push payload (JSON)."""

    kind: str
    user_id: int
    subject: str
    body: str
    push: str


# -- secrets ---------------------------------------------------------------------------------
def secret(storage: Storage, name: str, make: Callable[[], str], now: float) -> str:
    """The installation's secret ``name``, made by ``make`` the first time (whichever server
    process is first keeps its own; the others read it)."""
    for _ in range(2):
        with storage.engine.begin() as conn:
            found = conn.execute(
                select(server_secrets_t.c.value).where(server_secrets_t.c.name == name)
            ).scalar()
            if found is not None:
                return str(found)
        try:
            with storage.engine.begin() as conn:
                value = make()
                conn.execute(insert(server_secrets_t).values(name=name, value=value, created=now))
                return value
        except IntegrityError:
            continue  # another process made it first: read theirs
    raise RuntimeError(f"the secret {name!r} could not be made")


# -- addresses -------------------------------------------------------------------------------
def email(storage: Storage, user_id: int) -> Email | None:
    with storage.engine.connect() as conn:
        return _email(conn, user_id)


def _email(conn: Connection, user_id: int) -> Email | None:
    row = conn.execute(
        select(emails_t.c.address, emails_t.c.pending).where(emails_t.c.user_id == user_id)
    ).first()
    return None if row is None else Email(row[0], row[1])


def set_pending(storage: Storage, user_id: int, address: str, now: float) -> Email:
    """``address`` awaits verification for the user (the verified one, if any, stays in use until
    then); returns the addresses as they were."""
    with storage.engine.begin() as conn:
        before = _email(conn, user_id)
        if before is None:
            conn.execute(insert(emails_t).values(user_id=user_id, address=None, pending=address, changed=now))
            return Email(None, None)
        conn.execute(
            update(emails_t).where(emails_t.c.user_id == user_id).values(pending=address, changed=now)
        )
        return before


def verify(storage: Storage, user_id: int, check: Callable[[str], bool], now: float) -> str | None:
    """The pending address becomes the user's when ``check(pending)`` holds (the link names it);
    returns it, or None.  Mails queued for the old address are not sent (outbox.still_wanted)."""
    with storage.engine.begin() as conn:
        found = _email(conn, user_id)
        if found is None or found.pending is None or not check(found.pending):
            return None
        conn.execute(
            update(emails_t)
            .where(emails_t.c.user_id == user_id)
            .values(address=found.pending, pending=None, changed=now)
        )
        return found.pending


def remove_email(storage: Storage, user_id: int) -> None:
    """The user's addresses are forgotten, and the mails queued for them with them."""
    with storage.engine.begin() as conn:
        conn.execute(delete(emails_t).where(emails_t.c.user_id == user_id))
        _drop_queued(conn, user_id, "mail")


def _drop_queued(conn: Connection, user_id: int, channel: str) -> None:
    conn.execute(
        update(outbox_t)
        .where(outbox_t.c.user_id == user_id, outbox_t.c.channel == channel, outbox_t.c.status == "queued")
        .values(status="dropped", target="", body="")
    )


def verified_users(storage: Storage, address: str) -> list[tuple[int, str]]:
    """The accounts (id, name) whose verified address is ``address`` (compared case-blind)."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(users_t.c.id, users_t.c.name)
            .join(emails_t, emails_t.c.user_id == users_t.c.id)
            .where(func.lower(emails_t.c.address) == address.lower())
        ).all()
    return [(int(r[0]), str(r[1])) for r in rows]


# -- password resets -------------------------------------------------------------------------
def add_reset(
    storage: Storage, token_hash: str, user_id: int, now: float, expires: float, window: float, limit: int
) -> bool:
    """A reset link for the user, unless ``limit`` were made in the last ``window`` seconds."""
    with storage.engine.begin() as conn:
        made = conn.execute(
            select(func.count())
            .select_from(reset_tokens_t)
            .where(reset_tokens_t.c.user_id == user_id, reset_tokens_t.c.created > now - window)
        ).scalar_one()
        if made >= limit:
            return False
        conn.execute(delete(reset_tokens_t).where(reset_tokens_t.c.expires <= now - window))
        conn.execute(
            insert(reset_tokens_t).values(
                token_hash=token_hash, user_id=user_id, created=now, expires=expires, used=False
            )
        )
        return True


def reset_user(storage: Storage, token_hash: str, now: float) -> tuple[int, str] | None:
    """The user (id, name) of an unused, unexpired reset link, or None."""
    with storage.engine.connect() as conn:
        return _reset_user(conn, token_hash, now)


def _reset_user(conn: Connection, token_hash: str, now: float) -> tuple[int, str] | None:
    row = conn.execute(
        select(users_t.c.id, users_t.c.name)
        .join(reset_tokens_t, reset_tokens_t.c.user_id == users_t.c.id)
        .where(
            reset_tokens_t.c.token_hash == token_hash,
            reset_tokens_t.c.expires > now,
            reset_tokens_t.c.used.is_(False),
        )
    ).first()
    return None if row is None else (int(row[0]), str(row[1]))


def use_reset(storage: Storage, token_hash: str, password_hash: str, now: float) -> tuple[int, str] | None:
    """Set the password of the user of an unused, unexpired reset link, once: the link and the
    user's other links are used up, and every session and device cookie of the user ends.
    Returns the user (id, name), or None."""
    with storage.engine.begin() as conn:
        found = _reset_user(conn, token_hash, now)
        if found is None:
            return None
        user_id, name = found
        taken = conn.execute(
            update(reset_tokens_t)
            .where(reset_tokens_t.c.token_hash == token_hash, reset_tokens_t.c.used.is_(False))
            .values(used=True)
        )
        if taken.rowcount != 1:  # used meanwhile, through another request
            return None
        conn.execute(update(reset_tokens_t).where(reset_tokens_t.c.user_id == user_id).values(used=True))
        conn.execute(update(users_t).where(users_t.c.id == user_id).values(password_hash=password_hash))
        conn.execute(delete(sessions_t).where(sessions_t.c.user_id == user_id))
        conn.execute(delete(devices_t).where(devices_t.c.user_id == user_id))
        return user_id, name


# -- settings --------------------------------------------------------------------------------
def turned_off(storage: Storage, user_id: int) -> set[tuple[str, str]]:
    """The (kind, channel) pairs the user turned off; every other is on."""
    with storage.engine.connect() as conn:
        return _off(conn, user_id)


def _off(conn: Connection, user_id: int) -> set[tuple[str, str]]:
    rows = conn.execute(
        select(notify_off_t.c.kind, notify_off_t.c.channel).where(notify_off_t.c.user_id == user_id)
    ).all()
    return {(str(r[0]), str(r[1])) for r in rows}


def set_on(storage: Storage, user_id: int, kind: str, channel: str, on: bool) -> None:
    with storage.engine.begin() as conn:
        key = and_(
            notify_off_t.c.user_id == user_id, notify_off_t.c.kind == kind, notify_off_t.c.channel == channel
        )
        conn.execute(delete(notify_off_t).where(key))
        if not on:
            conn.execute(insert(notify_off_t).values(user_id=user_id, kind=kind, channel=channel))
            conn.execute(
                update(outbox_t)
                .where(
                    outbox_t.c.user_id == user_id,
                    outbox_t.c.kind == kind,
                    outbox_t.c.channel == channel,
                    outbox_t.c.status == "queued",
                )
                .values(status="dropped", target="", body="")
            )


# -- Web Push subscriptions ------------------------------------------------------------------
def subscribe(storage: Storage, user_id: int, sub: Subscription, now: float, keep: int) -> None:
    """The browser's subscription is the user's (a browser that was another user's moves over);
    the user keeps the ``keep`` newest."""
    with storage.engine.begin() as conn:
        conn.execute(delete(push_subscriptions_t).where(push_subscriptions_t.c.endpoint == sub.endpoint))
        newest = (push_subscriptions_t.c.created.desc(), push_subscriptions_t.c.id.desc())
        make_room(conn, push_subscriptions_t.c.id, push_subscriptions_t.c.user_id == user_id, newest, keep)
        conn.execute(
            insert(push_subscriptions_t).values(
                user_id=user_id, endpoint=sub.endpoint, p256dh=sub.p256dh, auth=sub.auth, created=now
            )
        )


def unsubscribe(storage: Storage, endpoint: str, user_id: int | None = None) -> bool:
    """The subscription is dropped (only the user's own, when ``user_id`` is given)."""
    with storage.engine.begin() as conn:
        where = push_subscriptions_t.c.endpoint == endpoint
        if user_id is not None:
            where = and_(where, push_subscriptions_t.c.user_id == user_id)
        return bool(conn.execute(delete(push_subscriptions_t).where(where)).rowcount)


def subscription(storage: Storage, endpoint: str) -> Subscription | None:
    with storage.engine.connect() as conn:
        row = conn.execute(
            select(push_subscriptions_t.c.p256dh, push_subscriptions_t.c.auth).where(
                push_subscriptions_t.c.endpoint == endpoint
            )
        ).first()
    return None if row is None else Subscription(endpoint, str(row[0]), str(row[1]))


def subscription_count(storage: Storage, user_id: int) -> int:
    with storage.engine.connect() as conn:
        return int(
            conn.execute(
                select(func.count())
                .select_from(push_subscriptions_t)
                .where(push_subscriptions_t.c.user_id == user_id)
            ).scalar_one()
        )


# -- the outbox ------------------------------------------------------------------------------
def _enqueue(
    conn: Connection,
    channel: str,
    kind: str,
    user_id: int,
    target: str,
    subject: str,
    body: str,
    now: float,
    due: float | None = None,
) -> None:
    conn.execute(
        insert(outbox_t).values(
            channel=channel,
            kind=kind,
            user_id=user_id,
            target=target,
            subject=subject,
            body=body,
            created=now,
            due=now if due is None else due,
            attempts=0,
            status="queued",
        )
    )


def queue_mail(storage: Storage, user_id: int, kind: str, subject: str, body: str, now: float) -> bool:
    """A mail to the user's verified address (for ``verify``: to the address awaiting
    verification); False when there is none."""
    with storage.engine.begin() as conn:
        found = _email(conn, user_id)
        to = None if found is None else found.pending if kind == "verify" else found.address
        if to is None:
            return False
        _enqueue(conn, "mail", kind, user_id, to, subject, body, now)
        return True


def queue_to(storage: Storage, user_id: int, kind: str, to: str, subject: str, body: str, now: float) -> None:
    """A mail to ``to``, a verified address the user had (``changed``: telling the old address)."""
    with storage.engine.begin() as conn:
        _enqueue(conn, "mail", kind, user_id, to, subject, body, now)


def queue_notice(
    storage: Storage,
    notice: Notice,
    now: float,
    turn: tuple[str, int, int, float] | None = None,
    push: bool = True,
    delay: float = 0.0,
) -> int:
    """The notice by mail (to a verified address) and by push (to each of the user's browsers),
    as the user's settings allow; returns how many were queued.  ``turn`` (table, seat, step,
    every): a "your turn" notice, queued only if none went for that table in the last ``every``
    seconds, or the seat has moved since the last one.  ``delay``: the rows are due that many
    seconds from now (several processes: a "your turn" notice waits out the grace, and is then
    sent only if the seat has not moved meanwhile, see :func:`still_asked`)."""
    with storage.engine.begin() as conn:
        if turn is not None and not _turn_due(conn, notice.user_id, *turn, now):
            return 0
        off = _off(conn, notice.user_id)
        queued = 0
        found = _email(conn, notice.user_id)
        if (notice.kind, "mail") not in off and found is not None and found.address is not None:
            _enqueue(
                conn,
                "mail",
                notice.kind,
                notice.user_id,
                found.address,
                notice.subject,
                notice.body,
                now,
                now + delay,
            )
            queued += 1
        if push and (notice.kind, "push") not in off:
            endpoints = conn.execute(
                select(push_subscriptions_t.c.endpoint).where(
                    push_subscriptions_t.c.user_id == notice.user_id
                )
            ).scalars()
            for endpoint in endpoints:
                _enqueue(
                    conn,
                    "push",
                    notice.kind,
                    notice.user_id,
                    endpoint,
                    notice.subject,
                    notice.push,
                    now,
                    now + delay,
                )
                queued += 1
        return queued


def _turn_due(
    conn: Connection, user_id: int, table_id: str, seat: int, step: int, every: float, now: float
) -> bool:
    key = and_(turn_notices_t.c.table_id == table_id, turn_notices_t.c.user_id == user_id)
    last = conn.execute(select(turn_notices_t.c.step, turn_notices_t.c.at).where(key)).first()
    if last is not None and last[1] > now - every:
        moved = conn.execute(
            select(actions_t.c.idx)
            .where(
                actions_t.c.table_id == table_id,
                actions_t.c.seat == seat,
                actions_t.c.idx >= last[0],
                actions_t.c.auto.is_(False),
            )
            .limit(1)
        ).first()
        if moved is None:
            return False
    conn.execute(delete(turn_notices_t).where(key))
    conn.execute(insert(turn_notices_t).values(table_id=table_id, user_id=user_id, step=step, at=now))
    return True


def claim(storage: Storage, now: float, lease: float, limit: int, stale: float | None) -> list[Outgoing]:
    """Up to ``limit`` rows due now, each claimed for this process until ``now + lease`` (a row
    another process claimed first is left to it).  A row whose claim ran out (its process died
    while sending) is due again; ``stale`` overrides when a claim counts as run out."""
    with storage.engine.begin() as conn:
        conn.execute(
            update(outbox_t)
            .where(outbox_t.c.status == "sending", outbox_t.c.lease <= (now if stale is None else stale))
            .values(status="queued", lease=None)
        )
        rows = conn.execute(
            select(
                outbox_t.c.id,
                outbox_t.c.channel,
                outbox_t.c.kind,
                outbox_t.c.user_id,
                outbox_t.c.target,
                outbox_t.c.subject,
                outbox_t.c.body,
                outbox_t.c.attempts,
                outbox_t.c.created,
            )
            .where(outbox_t.c.status == "queued", outbox_t.c.due <= now)
            .order_by(outbox_t.c.due, outbox_t.c.id)
            .limit(limit)
        ).all()
    claimed: list[Outgoing] = []
    for row in rows:
        with storage.engine.begin() as conn:
            taken = conn.execute(
                update(outbox_t)
                .where(outbox_t.c.id == row[0], outbox_t.c.status == "queued")
                .values(status="sending", lease=now + lease)
            )
        if taken.rowcount == 1:
            claimed.append(
                Outgoing(int(row[0]), *row[1:3], int(row[3]), *row[4:7], int(row[7]), float(row[8]))
            )
    return claimed


def still_wanted(storage: Storage, row: Outgoing, asked: bool = False) -> bool:
    """Whether a claimed row is still to be sent: a mail (but the verification) only to the
    user's verified address of now, a push only to a subscription that still exists, and a notice
    only while its kind is on.  ``asked`` (several processes): a "your turn" notice only while its
    seat is still asked (:func:`still_asked`)."""
    with storage.engine.connect() as conn:
        if row.kind in KINDS and (row.kind, row.channel) in _off(conn, row.user_id):
            return False
        if asked and row.kind == "turn" and not still_asked(conn, row.user_id, row.created):
            return False
        if row.channel == "push":
            return (
                conn.execute(
                    select(push_subscriptions_t.c.id).where(
                        push_subscriptions_t.c.endpoint == row.target,
                        push_subscriptions_t.c.user_id == row.user_id,
                    )
                ).first()
                is not None
            )
        if row.kind == "changed":  # to the old address, which is no longer the verified one
            return True
        found = _email(conn, row.user_id)
        wanted = None if found is None else found.pending if row.kind == "verify" else found.address
        return wanted == row.target


def still_asked(conn: Connection, user_id: int, created: float) -> bool:
    """Whether the "your turn" notice queued at ``created`` for the user still stands: its table
    (the ``turn_notices`` row recorded with it, in the same transaction, at the same time) is not
    over, and no seat of the user there has moved (an action not automatic) at or past the step
    it was asked at.  A notice whose record was replaced (a newer one went: the player had moved)
    or is gone (the table with it) does not stand.  Read from the database, so whichever process
    the player is connected to: a player who moves within the grace hears nothing."""
    found = conn.execute(
        select(turn_notices_t.c.table_id, turn_notices_t.c.step).where(
            turn_notices_t.c.user_id == user_id, turn_notices_t.c.at == created
        )
    ).all()
    for table_id, step in found:  # one, unless two tables asked at the very same time
        finished = conn.execute(select(tables_t.c.finished).where(tables_t.c.id == table_id)).scalar()
        if finished is None or finished:
            continue
        seats = select(seats_t.c.seat).where(seats_t.c.table_id == table_id, seats_t.c.user_id == user_id)
        moved = conn.execute(
            select(actions_t.c.idx)
            .where(
                actions_t.c.table_id == table_id,
                actions_t.c.idx >= step,
                actions_t.c.seat.in_(seats),
                actions_t.c.auto.is_(False),
            )
            .limit(1)
        ).first()
        if moved is None:
            return True
    return False


def settle(storage: Storage, row_id: int, status: str, now: float, error: str | None = None) -> None:
    """The row is done: ``sent``, ``failed`` or ``dropped``; its address and text are forgotten."""
    with storage.engine.begin() as conn:
        conn.execute(
            update(outbox_t)
            .where(outbox_t.c.id == row_id)
            .values(status=status, done=now, lease=None, target="", body="", error=error)
        )


def retry(storage: Storage, row_id: int, due: float, error: str) -> None:
    with storage.engine.begin() as conn:
        conn.execute(
            update(outbox_t)
            .where(outbox_t.c.id == row_id)
            .values(status="queued", due=due, lease=None, attempts=outbox_t.c.attempts + 1, error=error)
        )


def purge(storage: Storage, before: float) -> None:
    """Rows done before ``before`` go."""
    with storage.engine.begin() as conn:
        conn.execute(
            delete(outbox_t).where(
                or_(
                    outbox_t.c.status == "sent", outbox_t.c.status == "failed", outbox_t.c.status == "dropped"
                ),
                outbox_t.c.done < before,
            )
        )
