"""Tables, seats and actions in a SQL database (SQLite by default, PostgreSQL by URL).

The schema is three tables (kept up to date by the migrations in migrations/, see
:meth:`Storage.create_schema`): ``game_tables`` (the game, its options, seed and set-up),
``seats`` (person or bot, the hash of the seat's secret token) and ``actions`` (one row per
accepted action, numbered from 0 per table).  A table's record is its row plus its actions
in order, so restarting the server replays every table from here.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
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

metadata = MetaData()
MIGRATIONS = Path(__file__).parent / "migrations"
BASELINE = "0001"  # the schema of the server before migrations existed

tables_t = Table(
    "game_tables",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("setup", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False, index=True),
    Column("rematch_of", String(16), nullable=True),
    Column("rematch", String(16), nullable=True),
)

seats_t = Table(
    "seats",
    metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "person" or "bot"
    Column("level", String(16), nullable=True),  # a bot's level
    Column("token_hash", String(64), nullable=True),  # a person's token, hashed
    Column("name", String(32), nullable=True),
    Column("joined", Boolean, nullable=False, default=False),
)

actions_t = Table(
    "actions",
    metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("action", String(64), nullable=False),
    Column("at", Float, nullable=False),
)


users_t = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False, unique=True, index=True),
    Column("password_hash", String(255), nullable=False),  # Argon2id (accounts.py), never the password
    Column("created", Float, nullable=False),
)

sessions_t = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # the cookie's token, hashed
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("expires", Float, nullable=False),
)


@dataclass(frozen=True)
class UserRow:
    id: int
    name: str
    password_hash: str


@dataclass
class SeatRow:
    seat: int
    kind: str
    level: str | None = None
    token_hash: str | None = None
    name: str | None = None
    joined: bool = False


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any] | None
    created: float
    seats: list[SeatRow]
    actions: list[str] = field(default_factory=list)
    finished: bool = False
    rematch_of: str | None = None
    rematch: str | None = None


@dataclass(frozen=True)
class Append:
    """One accepted action; ``finished`` when it ends the game."""

    table_id: str
    idx: int
    seat: int | None
    action: str
    finished: bool = False


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


class Storage:
    """Blocking database access; the server calls it from one writer thread (see writer.py)."""

    def __init__(self, url: str) -> None:
        self.url = engine_url(url)
        self.engine: Engine = create_engine(self.url, pool_pre_ping=not self.is_sqlite)
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

    def session_user(self, token_hash: str, now: float) -> str | None:
        """The name of the user of an unexpired session, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(users_t.c.name)
                .join(sessions_t, sessions_t.c.user_id == users_t.c.id)
                .where(sessions_t.c.token_hash == token_hash, sessions_t.c.expires > now)
            ).first()
        return None if row is None else str(row[0])

    def end_session(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.token_hash == token_hash))

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
                    }
                    for s in row.seats
                ],
            )
            if row.rematch_of is not None:
                conn.execute(update(tables_t).where(tables_t.c.id == row.rematch_of).values(rematch=row.id))

    def append_actions(self, batch: Sequence[Append]) -> None:
        """Append actions of any tables in one transaction (a group commit)."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(actions_t),
                [
                    {"table_id": a.table_id, "idx": a.idx, "seat": a.seat, "action": a.action, "at": now}
                    for a in batch
                ],
            )
            ended = [a.table_id for a in batch if a.finished]
            if ended:
                conn.execute(update(tables_t).where(tables_t.c.id.in_(ended)).values(finished=True))

    def mark_joined(self, table_id: str, seat: int, name: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(joined=True, name=name)
            )

    # -- reads --------------------------------------------------------------------
    def load(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            found = self._load(conn, [table_id])
        return found[0] if found else None

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

    def _load(self, conn: Connection, ids: list[str], with_actions: bool = True) -> list[TableRow]:
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
                )
            query = select(seats_t).where(seats_t.c.table_id.in_(chunk)).order_by(seats_t.c.seat)
            for s in conn.execute(query).mappings():
                rows[s["table_id"]].seats.append(
                    SeatRow(s["seat"], s["kind"], s["level"], s["token_hash"], s["name"], bool(s["joined"]))
                )
            if with_actions:
                query = (
                    select(actions_t.c.table_id, actions_t.c.idx, actions_t.c.action)
                    .where(actions_t.c.table_id.in_(chunk))
                    .order_by(actions_t.c.table_id, actions_t.c.idx)
                )
                for table_id, idx, action in conn.execute(query):
                    actions = rows[table_id].actions
                    if idx != len(actions):  # cannot happen with the primary key; never guess
                        raise RuntimeError(f"table {table_id}: action {idx} follows {len(actions)} actions")
                    actions.append(action)
        return [rows[i] for i in ids if i in rows]


def _chunks(items: list[str], size: int) -> Iterable[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
