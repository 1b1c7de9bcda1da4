"""Online play for people who come back: tables get a time control, a rated and a private flag,
the bot level that plays for an absent seat, their creator and when they finished; seats an
account, absent and left flags and a final place; actions whether a bot played them for an absent
seat; and new tables for the chat and the ratings.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs (SQLite too: a batch copy would drop game_tables under its foreign keys)
    for column in (
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("started", sa.Float, nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("takeover", sa.String(16), nullable=True),
        sa.Column("creator_id", sa.Integer, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
    ):
        op.add_column("game_tables", column)
    for column in (
        sa.Column("user_id", sa.Integer, nullable=True),
        sa.Column("absent", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("left", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("rank", sa.Integer, nullable=True),
    ):
        op.add_column("seats", column)
    op.create_index("ix_seats_user_id", "seats", ["user_id"])
    op.add_column("actions", sa.Column("auto", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "chat",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player", sa.String(40), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_history_table_id", "rating_history", ["table_id"])
    op.create_index("ix_rating_history_player_game", "rating_history", ["player", "game"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_player_game", "rating_history")
    op.drop_index("ix_rating_history_table_id", "rating_history")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_table("chat")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("auto")
    op.drop_index("ix_seats_user_id", "seats")
    with op.batch_alter_table("seats") as batch:
        for name in ("rank", "left", "absent", "user_id"):
            batch.drop_column(name)
    with op.batch_alter_table("game_tables") as batch:
        for name in ("finished_at", "creator_id", "takeover", "private", "rated", "started", "clock"):
            batch.drop_column(name)
