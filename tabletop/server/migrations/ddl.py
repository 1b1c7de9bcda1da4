"""The pieces of schema the revisions repeat: the columns many tables share (a numbered key, a
reference to a table or an account, a time, a flag), indexes named ``ix_<table>_<columns>`` as every
revision names them, and tables made with their indexes or dropped (their indexes go with them).

A revision's effect is the database's history: these build exactly the tables, columns and indexes
the revisions spelled out before.  Each call makes new objects, as a column belongs to one table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

IndexColumns = str | tuple[str, ...]
"""An index's column, or its columns in order."""


def serial_id() -> sa.Column[int]:
    """``id``, the key the database numbers itself."""
    return sa.Column("id", sa.Integer, primary_key=True, autoincrement=True)


def table_ref(*, primary_key: bool = False) -> sa.Column[str]:
    """``table_id``, a table of ``game_tables``: part of the key, or else required."""
    return _reference("table_id", sa.String(16), "game_tables.id", primary_key)


def user_ref(name: str = "user_id", *, primary_key: bool = False) -> sa.Column[int]:
    """An account of ``users``: part of the key, or else required."""
    return _reference(name, sa.Integer, "users.id", primary_key)


def _reference(name: str, type_: Any, target: str, primary_key: bool) -> sa.Column[Any]:
    if primary_key:
        return sa.Column(name, type_, sa.ForeignKey(target), primary_key=True)
    return sa.Column(name, type_, sa.ForeignKey(target), nullable=False)


def token_key() -> sa.Column[str]:
    """``token_hash``, the key of a row found by the hash of a secret token a cookie or link holds."""
    return sa.Column("token_hash", sa.String(64), primary_key=True)


def timestamp(name: str, *, nullable: bool = False) -> sa.Column[float]:
    """A time (seconds since the epoch, as ``time.time()`` gives it)."""
    return sa.Column(name, sa.Float, nullable=nullable)


def flag(name: str) -> sa.Column[bool]:
    """A boolean that rows already there take as false (so it may be added to a filled table)."""
    return sa.Column(name, sa.Boolean, nullable=False, server_default=sa.false())


def index_name(table: str, index: IndexColumns) -> str:
    """The name every revision gives an index: ``ix_`` and the table's and columns' names."""
    return f"ix_{table}_{'_'.join(_columns(index))}"


def _columns(index: IndexColumns) -> list[str]:
    return [index] if isinstance(index, str) else list(index)


def create_index(table: str, index: IndexColumns, *, unique: bool = False) -> None:
    """An index on a table already there (one :func:`create_table` makes takes ``indexes``)."""
    op.create_index(index_name(table, index), table, _columns(index), unique=unique)


def drop_index(table: str, index: IndexColumns) -> None:
    """An index dropped from a table that stays."""
    op.drop_index(index_name(table, index), table)


def create_table(name: str, *columns: sa.Column[Any], indexes: Sequence[IndexColumns] = ()) -> None:
    """A new table, then its indexes in order."""
    op.create_table(name, *columns)
    for index in indexes:
        create_index(name, index)


def drop_tables(*names: str) -> None:
    """Tables dropped in the order given (the last made first); their indexes go with them."""
    for name in names:
        op.drop_table(name)
