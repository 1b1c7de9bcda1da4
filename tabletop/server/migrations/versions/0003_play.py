"""Online play for people who come back: tables get a time control, a rated and a private flag,
the bot level that plays for an absent seat, their creator and when they finished; seats an
account, absent and left flags and a final place; actions whether a bot played them for an absent
seat; and new tables for the chat and the ratings."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tabletop.server.migrations import ddl

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    # plain ADD COLUMNs (SQLite too: a batch copy would drop game_tables under its foreign keys)
    for column in (
        sa.Column("clock", sa.Text, nullable=True),
        ddl.timestamp("started", nullable=True),
        ddl.flag("rated"),
        ddl.flag("private"),
        sa.Column("takeover", sa.String(16), nullable=True),
        sa.Column("creator_id", sa.Integer, nullable=True),
        ddl.timestamp("finished_at", nullable=True),
    ):
        op.add_column("game_tables", column)
    for column in (
        sa.Column("user_id", sa.Integer, nullable=True),
        ddl.flag("absent"),
        ddl.flag("left"),
        sa.Column("rank", sa.Integer, nullable=True),
    ):
        op.add_column("seats", column)
    ddl.create_index("seats", "user_id")
    op.add_column("actions", ddl.flag("auto"))
    ddl.create_table(
        "chat",
        ddl.table_ref(primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        ddl.timestamp("at"),
    )
    ddl.create_table(
        "ratings",
        sa.Column("player", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    ddl.create_table(
        "rating_history",
        ddl.serial_id(),
        sa.Column("player", sa.String(40), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        ddl.table_ref(),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        ddl.timestamp("at"),
        indexes=["table_id", ("player", "game")],
    )


def downgrade() -> None:
    ddl.drop_tables("rating_history", "ratings", "chat")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("auto")
    ddl.drop_index("seats", "user_id")
    with op.batch_alter_table("seats") as batch:
        for name in ("rank", "left", "absent", "user_id"):
            batch.drop_column(name)
    with op.batch_alter_table("game_tables") as batch:
        for name in ("finished_at", "creator_id", "takeover", "private", "rated", "started", "clock"):
            batch.drop_column(name)
