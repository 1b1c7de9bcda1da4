"""Tables, seats, actions and accounts in a SQL database (SQLite by default, PostgreSQL by URL).

The schema is in schema.py, kept up to date by the migrations in migrations/ (see
:meth:`Storage.create_schema`).  A table's record is its row plus its actions in order, so
restarting the server replays every table from here; each action's time is kept too, from which
the table's clocks are rebuilt (clocks.py).  The hints and reviews are :class:`Storage`'s too, from
review_store.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Table,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.sql.elements import ColumnElement

from .review_store import ReviewRow, ReviewStore
from .schema import (
    Account,
    Append,
    SeatRow,
    TableRow,
    UserRow,
    actions_t,
    devices_t,
    metadata,
    seats_t,
    sessions_t,
    tables_t,
    users_t,
)

__all__ = ["Append", "ReviewRow", "SeatRow", "Storage", "TableRow", "UserRow", "metadata"]

MIGRATIONS = Path(__file__).parent / "migrations"
BASELINE = "0001"  # the schema of the server before migrations existed
INSERT_ROWS = 100  # actions per INSERT statement (6 parameters each: far below every limit)
ACTION_COLUMNS = ("table_id", "idx", "seat", "action", "at", "auto", "note")
CHANNEL = "tabletop"  # the notifications' channel (cluster.py)
MIGRATION_LOCK = 0x7AB1E70F  # the advisory lock a PostgreSQL schema upgrade holds (create_schema)
# what a notification says changed: an action, a seat, the table's row, a chat line, a new table
ACTION, SEATS, TABLE, CHAT, NEW = "a", "s", "t", "c", "n"


class RematchTaken(Exception):
    """The table's rematch was made first by another server process (cluster.py)."""


def engine_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (SQLAlchemy's default driver is psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def alembic_config() -> Any:
    """Alembic's settings for the server's migrations (no alembic.ini: the package holds them)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The newest revision the code knows."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: readers never block the writer; NORMAL: a commit survives the process being
    # killed (not a power cut in the last instant), without an fsync per commit.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


class Storage(ReviewStore):
    """Blocking database access; the server calls it from one writer thread (see writer.py).

    On PostgreSQL, when this process serves with others (cluster.py), every write the others must
    hear of also sends a notification in its own transaction (:meth:`tell`): PostgreSQL delivers
    it on commit, and never for a write rolled back."""

    def __init__(self, url: str) -> None:
        self.url = engine_url(url)
        self.engine: Engine = create_engine(self.url, pool_pre_ping=not self.is_sqlite)
        self._inserts: dict[int, str] = {}
        self.origin: str | None = None  # this process's name in notifications; None: none sent
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)

    @property
    def is_sqlite(self) -> bool:
        return self.url.startswith("sqlite")

    def create_schema(self) -> list[str]:
        """Bring the database's schema up to date: a new database gets every revision, one written
        before migrations existed is stamped as the first revision and then upgraded, anything
        else is upgraded from where it stands.  Returns the revisions before and after."""
        from alembic import command
        from alembic.runtime.migration import MigrationContext

        config = alembic_config()
        with self.engine.begin() as conn:
            if not self.is_sqlite:  # processes starting together migrate one after the other
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            config.attributes["connection"] = conn
            before = MigrationContext.configure(conn).get_current_revision()
            if before is None and inspect(conn).has_table("game_tables"):
                command.stamp(config, BASELINE)
            command.upgrade(config, "head")
            after = MigrationContext.configure(conn).get_current_revision()
        return [before or "none", after or "none"]

    def revision(self) -> str | None:
        """The schema revision the database is at (None: no schema yet)."""
        from alembic.runtime.migration import MigrationContext

        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def close(self) -> None:
        self.engine.dispose()

    def tell(self, conn: Connection, kind: str, table_ids: Iterable[str]) -> None:
        """Notify the other processes (cluster.py) that ``kind`` changed at these tables, on
        commit of ``conn``'s transaction: ``<kind> <table> <origin>`` on the channel."""
        if self.origin is None:
            return
        self._notify(conn, [f"{kind} {table_id} {self.origin}" for table_id in dict.fromkeys(table_ids)])

    def tell_actions(self, conn: Connection, batch: Sequence[Append], now: float) -> None:
        """Notify the other processes of each action with the action itself (``a <table> <origin>
        <index> <time> <text>``: under 400 bytes, far below PostgreSQL's 8,000), so that a process
        whose seats watch the table needs no read of the database to follow it.  An action with a
        note (a trade offer's promise) is told without its text (``a <table> <origin>``): the
        others read it, note and all, from the database."""
        if self.origin is None:
            return
        self._notify(
            conn,
            [
                f"{ACTION} {a.table_id} {self.origin} {a.idx} {now if a.at is None else a.at!r} {a.action}"
                if a.note is None
                else f"{ACTION} {a.table_id} {self.origin}"
                for a in batch
            ],
        )

    def _notify(self, conn: Connection, payloads: list[str]) -> None:
        if payloads:
            conn.exec_driver_sql("SELECT pg_notify(%s, p) FROM unnest(%s::text[]) AS p", (CHANNEL, payloads))

    # -- accounts ------------------------------------------------------------------
    def add_user(self, name: str, password_hash: str, now: float) -> int | None:
        """The new user's id, or None when the name is taken (names compare case-blind)."""
        with self.engine.begin() as conn:
            if self._user(conn, name) is not None:
                return None
            result = conn.execute(insert(users_t).values(name=name, password_hash=password_hash, created=now))
            key = result.inserted_primary_key
            return int(key[0]) if key is not None else None

    def user(self, name: str) -> UserRow | None:
        with self.engine.connect() as conn:
            return self._user(conn, name)

    def _user(self, conn: Connection, name: str) -> UserRow | None:
        row = conn.execute(
            select(users_t.c.id, users_t.c.name, users_t.c.password_hash).where(
                func.lower(users_t.c.name) == name.lower()
            )
        ).first()
        return None if row is None else UserRow(int(row[0]), str(row[1]), str(row[2]))

    def set_password_hash(self, user_id: int, password_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(users_t).where(users_t.c.id == user_id).values(password_hash=password_hash))

    def add_session(self, token_hash: str, user_id: int, expires: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(sessions_t).values(token_hash=token_hash, user_id=user_id, expires=expires))

    def session_user(self, token_hash: str, now: float) -> Account | None:
        """The user of an unexpired session, or None."""
        return self._holder(sessions_t, token_hash, now)

    def _holder(self, tokens: Table, token_hash: str, now: float) -> Account | None:
        """The user holding the unexpired token ``token_hash`` of ``tokens`` (sessions, devices)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(users_t.c.id, users_t.c.name)
                .join(tokens, tokens.c.user_id == users_t.c.id)
                .where(tokens.c.token_hash == token_hash, tokens.c.expires > now)
                .where(users_t.c.suspended.is_(None))  # a suspended account is nobody's (issue 31)
            ).first()
        return None if row is None else Account(int(row[0]), str(row[1]))

    def end_session(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.token_hash == token_hash))

    def add_device(
        self,
        token_hash: str,
        user_id: int,
        now: float,
        expires: float,
        keep: int,
        replaces: str | None = None,
    ) -> None:
        """A browser the user logged in from: the hash of its device cookie's token, until
        ``expires``.  The user's expired devices go, and ``replaces`` (the hash of the device
        cookie the browser presented) if it was this user's; then only the ``keep`` newest stay."""
        with self.engine.begin() as conn:
            gone = devices_t.c.expires <= now
            if replaces is not None:
                gone = gone | (devices_t.c.token_hash == replaces)
            conn.execute(delete(devices_t).where(devices_t.c.user_id == user_id, gone))
            newest = (devices_t.c.created.desc(), devices_t.c.token_hash)
            make_room(conn, devices_t.c.token_hash, devices_t.c.user_id == user_id, newest, keep)
            conn.execute(
                insert(devices_t).values(token_hash=token_hash, user_id=user_id, created=now, expires=expires)
            )

    def device_user(self, token_hash: str, now: float) -> Account | None:
        """The user of an unexpired device cookie, or None."""
        return self._holder(devices_t, token_hash, now)

    # -- writes --------------------------------------------------------------------
    def insert_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables_t).values(
                    id=row.id,
                    game=row.game,
                    options=json.dumps(row.options),
                    seed=row.seed,
                    setup=None if row.setup is None else json.dumps(row.setup),
                    created=row.created,
                    finished=row.finished,
                    rematch_of=row.rematch_of,
                    clock=None if row.clock is None else json.dumps(row.clock),
                    started=row.started,
                    rated=row.rated,
                    private=row.private,
                    takeover=row.takeover,
                    creator_id=row.creator_id,
                    tutorial=row.tutorial,
                    tutorial_left=row.tutorial_left,
                )
            )
            conn.execute(
                insert(seats_t),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "level": s.level,
                        "token_hash": s.token_hash,
                        "name": s.name,
                        "joined": s.joined,
                        "user_id": s.user_id,
                        "absent": s.absent,
                        "left": s.left,
                    }
                    for s in row.seats
                ],
            )
            if row.rematch_of is not None:
                first = conn.execute(
                    update(tables_t)
                    .where(tables_t.c.id == row.rematch_of, tables_t.c.rematch.is_(None))
                    .values(rematch=row.id)
                )
                if first.rowcount != 1:  # rolled back: another server process made the rematch
                    raise RematchTaken(row.rematch_of)
                self.tell(conn, TABLE, [row.rematch_of])
            self.tell(conn, NEW, [row.id])

    def append_actions(self, batch: Sequence[Append]) -> None:
        """Append actions of any tables in one transaction (a group commit)."""
        now = time.time()
        with self.engine.begin() as conn:
            # one multi-row INSERT per chunk, not executemany: the driver releases the GIL once
            # per statement run, and each release costs this (the database's) thread a wait for
            # the busy event loop to hand the GIL back (docs/benchmarks.md, "Server load")
            for start in range(0, len(batch), INSERT_ROWS):
                chunk = batch[start : start + INSERT_ROWS]
                values: list[Any] = []
                for a in chunk:
                    values += (
                        a.table_id,
                        a.idx,
                        a.seat,
                        a.action,
                        now if a.at is None else a.at,
                        a.auto,
                        a.note,
                    )
                conn.exec_driver_sql(self._insert_actions(len(chunk)), tuple(values))
            for a in batch:
                if a.finished:
                    at = now if a.at is None else a.at
                    conn.execute(
                        update(tables_t)
                        .where(tables_t.c.id == a.table_id)
                        .values(finished=True, finished_at=at)
                    )
            self.tell_actions(conn, batch, now)
            self.tell(conn, TABLE, (a.table_id for a in batch if a.finished))  # read by every process

    def _insert_actions(self, rows: int) -> str:
        """The SQL inserting ``rows`` actions, in the driver's own placeholders (made once per size)."""
        sql = self._inserts.get(rows)
        if sql is None:
            dialect = self.engine.dialect
            mark = "?" if dialect.paramstyle == "qmark" else "%s"
            quote = dialect.identifier_preparer.quote
            row = "(" + ", ".join([mark] * len(ACTION_COLUMNS)) + ")"
            columns = ", ".join(quote(c) for c in ACTION_COLUMNS)
            sql = f"INSERT INTO {quote(actions_t.name)} ({columns}) VALUES " + ", ".join([row] * rows)
            self._inserts[rows] = sql
        return sql

    def mark_joined(self, table_id: str, seat: int, name: str | None) -> None:
        self.update_seat(table_id, seat, {"joined": True, "name": name})

    def update_seat(self, table_id: str, seat: int, values: dict[str, Any]) -> None:
        """Change a seat's columns (joined, name, user_id, token_hash, absent, left, rank)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat).values(**values)
            )
            self.tell(conn, SEATS, [table_id])

    def take_seat(self, table_id: str, seat: int, values: dict[str, Any]) -> bool:
        """Give an open person seat its player (``values``: joined, and an account or a token);
        False, changing nothing, if somebody took it first: the database decides, so two
        processes offering the same seat cannot both give it away."""
        with self.engine.begin() as conn:
            result = conn.execute(
                update(seats_t)
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.joined.is_(False),
                    seats_t.c.user_id.is_(None),
                )
                .values(**values)
            )
            taken = result.rowcount == 1
            if taken:
                self.tell(conn, SEATS, [table_id])
            return taken

    def update_table(self, table_id: str, values: dict[str, Any]) -> None:
        """Change a table's columns (started, ...)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))
            self.tell(conn, TABLE, [table_id])

    def set_ranks(self, table_id: str, ranks: Sequence[int]) -> None:
        """Each seat's final place, once the game is over."""
        with self.engine.begin() as conn:
            for seat, rank in enumerate(ranks):
                conn.execute(
                    update(seats_t)
                    .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                    .values(rank=rank)
                )

    def load(self, table_id: str, since: int = 0) -> TableRow | None:
        """The table's row, seats and actions; only the actions from index ``since`` on (their
        first is then ``row.first``), for a process catching up with the others (cluster.py)."""
        with self.engine.connect() as conn:
            found = self._load(conn, [table_id], since=since)
        return found[0] if found else None

    def user_tables(self, user_id: int, finished: bool, limit: int) -> list[TableRow]:
        """The tables a user sits at, finished or not, newest first, without their actions."""
        with self.engine.connect() as conn:
            ids = (
                conn.execute(
                    select(tables_t.c.id)
                    .join(seats_t, seats_t.c.table_id == tables_t.c.id)
                    .where(seats_t.c.user_id == user_id, tables_t.c.finished.is_(finished))
                    .order_by(tables_t.c.created.desc())
                    .limit(limit)
                )
                .scalars()
                .all()
            )
            rows = self._load(conn, list(dict.fromkeys(ids)), with_actions=False)
        return sorted(rows, key=lambda r: -r.created)

    def load_unfinished(self) -> list[TableRow]:
        with self.engine.connect() as conn:
            ids = conn.execute(select(tables_t.c.id).where(tables_t.c.finished.is_(False))).scalars().all()
            return self._load(conn, list(ids))

    def recent_finished(self, limit: int) -> list[TableRow]:
        """The last finished tables, newest first, without their actions."""
        with self.engine.connect() as conn:
            ids = (
                conn.execute(
                    select(tables_t.c.id)
                    .where(tables_t.c.finished.is_(True))
                    .order_by(tables_t.c.created.desc())
                    .limit(limit)
                )
                .scalars()
                .all()
            )
            rows = self._load(conn, list(ids), with_actions=False)
        return sorted(rows, key=lambda r: -r.created)

    def _load(
        self, conn: Connection, ids: list[str], with_actions: bool = True, since: int = 0
    ) -> list[TableRow]:
        rows: dict[str, TableRow] = {}
        for chunk in _chunks(ids, 500):
            for t in conn.execute(select(tables_t).where(tables_t.c.id.in_(chunk))).mappings():
                rows[t["id"]] = TableRow(
                    id=t["id"],
                    game=t["game"],
                    options=json.loads(t["options"]),
                    seed=int(t["seed"]),
                    setup=None if t["setup"] is None else json.loads(t["setup"]),
                    created=float(t["created"]),
                    seats=[],
                    finished=bool(t["finished"]),
                    rematch_of=t["rematch_of"],
                    rematch=t["rematch"],
                    clock=None if t["clock"] is None else json.loads(t["clock"]),
                    started=t["started"],
                    rated=bool(t["rated"]),
                    private=bool(t["private"]),
                    takeover=t["takeover"],
                    creator_id=t["creator_id"],
                    finished_at=t["finished_at"],
                    first=since,
                    tutorial=t["tutorial"],
                    tutorial_left=bool(t["tutorial_left"]),
                )
            query = select(seats_t).where(seats_t.c.table_id.in_(chunk)).order_by(seats_t.c.seat)
            for s in conn.execute(query).mappings():
                rows[s["table_id"]].seats.append(
                    SeatRow(
                        s["seat"],
                        s["kind"],
                        s["level"],
                        s["token_hash"],
                        s["name"],
                        bool(s["joined"]),
                        s["user_id"],
                        bool(s["absent"]),
                        bool(s["left"]),
                        s["rank"],
                    )
                )
            if with_actions:
                query = (
                    select(
                        actions_t.c.table_id,
                        actions_t.c.idx,
                        actions_t.c.action,
                        actions_t.c.at,
                        actions_t.c.auto,
                        actions_t.c.note,
                    )
                    .where(actions_t.c.table_id.in_(chunk), actions_t.c.idx >= since)
                    .order_by(actions_t.c.table_id, actions_t.c.idx)
                )
                for table_id, idx, action, at, auto, note in conn.execute(query):
                    row = rows[table_id]
                    if idx != since + len(row.actions):  # cannot happen with the primary key; never guess
                        raise RuntimeError(
                            f"table {table_id}: action {idx} follows {since + len(row.actions)} actions"
                        )
                    row.actions.append(action)
                    row.times.append(float(at))
                    row.auto.append(bool(auto))
                    row.notes.append(note)
                for table_id, hints in self._hints(conn, chunk).items():
                    rows[table_id].hints = hints
        return [rows[i] for i in ids if i in rows]


def make_room(
    conn: Connection,
    key: Column[Any],
    owner: ColumnElement[bool],
    newest: Sequence[ColumnElement[Any]],
    keep: int,
) -> None:
    """Delete the rows of ``owner`` (a user's devices, push subscriptions) but the ``keep - 1``
    first in ``newest`` order, so that one more makes ``keep``; ``key`` names a row."""
    older = conn.execute(select(key).where(owner).order_by(*newest).offset(max(0, keep - 1))).scalars().all()
    if older:
        conn.execute(delete(key.table).where(key.in_(older)))


def _chunks(items: list[str], size: int) -> Iterable[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
